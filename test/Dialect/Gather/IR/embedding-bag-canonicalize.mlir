// Canonicalisation of gather.embedding_bag: a fixed bag of one id without
// weights and padding is a gather (every mode), a fixed bag of static length
// 0 is zeros; the cases that must stay bags stay.
//
// RUN: gather-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @one_id_sum(
// CHECK-SAME:      %[[T:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<3x1xi64>)
// CHECK:         %[[G:.*]] = gather.gather %[[T]][%[[I]]] : tensor<10x4xf32>, tensor<3x1xi64>
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1], [2]] : tensor<3x1x4xf32> into tensor<3x4xf32>
// CHECK:         return %[[C]]
func.func @one_id_sum(%t: tensor<10x4xf32>, %i: tensor<3x1xi64>) -> tensor<3x4xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<10x4xf32>, tensor<3x1xi64> -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @one_id_mean_max(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         gather.gather
// CHECK:         tensor.collapse_shape
// CHECK-NOT:     gather.embedding_bag
func.func @one_id_mean_max(%t: tensor<10x4xf16>, %i: tensor<3x1xi32>) -> (tensor<3x4xf16>, tensor<3x4xf16>) {
  %m = gather.embedding_bag mean %t[%i] : tensor<10x4xf16>, tensor<3x1xi32> -> tensor<3x4xf16>
  %x = gather.embedding_bag max %t[%i] : tensor<10x4xf16>, tensor<3x1xi32> -> tensor<3x4xf16>
  return %m, %x : tensor<3x4xf16>, tensor<3x4xf16>
}

// -----

// With batch dimensions: the gather along the rows of each batch, the bag
// and unit id dimensions collapsed.
// CHECK-LABEL: func.func @one_id_batched(
// CHECK:         %[[G:.*]] = gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 : tensor<2x10x4x5xf32>, tensor<2x3x1xi64>
// CHECK:         tensor.collapse_shape %[[G]] {{\[\[}}0], [1, 2], [3], [4]] : tensor<2x3x1x4x5xf32> into tensor<2x3x4x5xf32>
func.func @one_id_batched(%t: tensor<2x10x4x5xf32>, %i: tensor<2x3x1xi64>) -> tensor<2x3x4x5xf32> {
  %r = gather.embedding_bag max %t[%i] batch_dims = 1 : tensor<2x10x4x5xf32>, tensor<2x3x1xi64> -> tensor<2x3x4x5xf32>
  return %r : tensor<2x3x4x5xf32>
}

// -----

// A declared type more static than the operands: a cast gives it.
// CHECK-LABEL: func.func @one_id_dynamic(
// CHECK:         %[[G:.*]] = gather.gather %{{.*}}[%{{.*}}] : tensor<?x?xf32>, tensor<?x1xi64>
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1], [2]] : tensor<?x1x?xf32> into tensor<?x?xf32>
// CHECK:         tensor.cast %[[C]] : tensor<?x?xf32> to tensor<?x4xf32>
func.func @one_id_dynamic(%t: tensor<?x?xf32>, %i: tensor<?x1xi64>) -> tensor<?x4xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<?x?xf32>, tensor<?x1xi64> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// Weights, padding_idx, more than one id or a sum from +0.0 (a row of -0.0
// gives +0.0): still a bag.
// CHECK-LABEL: func.func @stays_a_bag(
// CHECK-COUNT-4: gather.embedding_bag
// CHECK-NOT:     gather.gather
func.func @stays_a_bag(%t: tensor<10x4xf32>, %i: tensor<3x1xi64>, %w: tensor<3x1xf32>, %j: tensor<3x2xi64>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %a = gather.embedding_bag sum %t[%i] weights(%w : tensor<3x1xf32>) : tensor<10x4xf32>, tensor<3x1xi64> -> tensor<3x4xf32>
  %b = gather.embedding_bag sum %t[%i] {padding_idx = 0 : i64} : tensor<10x4xf32>, tensor<3x1xi64> -> tensor<3x4xf32>
  %c = gather.embedding_bag sum %t[%j] : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
  %d = gather.embedding_bag sum %t[%i] {from_positive_zero} : tensor<10x4xf32>, tensor<3x1xi64> -> tensor<3x4xf32>
  return %a, %b, %c, %d : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// Ragged bags are never folded (a bag may hold any number of ids).
// CHECK-LABEL: func.func @ragged_stays(
// CHECK:         gather.embedding_bag
// CHECK-NOT:     gather.gather
func.func @ragged_stays(%t: tensor<10x4xf32>, %i: tensor<1xi64>, %o: tensor<1xi64>) -> tensor<1x4xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<1xi64>) : tensor<10x4xf32>, tensor<1xi64> -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}

// -----

// Bags of static length 0 are zeros, with weights and padding too.
// CHECK-LABEL: func.func @empty_bags(
// CHECK-DAG:     %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<3x4xf32>
// CHECK-DAG:     %[[ZI:.*]] = arith.constant dense<0> : tensor<3x4xi32>
// CHECK-NOT:     gather.
// CHECK:         return %[[Z]], %[[ZI]]
func.func @empty_bags(%t: tensor<10x4xf32>, %i: tensor<3x0xi64>, %w: tensor<3x0xf32>, %ti: tensor<10x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  %a = gather.embedding_bag sum %t[%i] weights(%w : tensor<3x0xf32>) {padding_idx = 2 : i64} : tensor<10x4xf32>, tensor<3x0xi64> -> tensor<3x4xf32>
  %b = gather.embedding_bag max %ti[%i] : tensor<10x4xi32>, tensor<3x0xi64> -> tensor<3x4xi32>
  return %a, %b : tensor<3x4xf32>, tensor<3x4xi32>
}

// -----

// Dynamic sizes: the zeros take the sizes of the ids and the table.
// CHECK-LABEL: func.func @empty_bags_dynamic(
// CHECK-SAME:      %[[T:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?x0xi64>)
// CHECK-DAG:     %[[B:.*]] = tensor.dim %[[I]], %c0
// CHECK-DAG:     %[[D:.*]] = tensor.dim %[[T]], %c1
// CHECK:         %[[S:.*]] = tensor.splat %{{.*}}[%[[B]], %[[D]]] : tensor<?x?xf32>
// CHECK:         return %[[S]]
func.func @empty_bags_dynamic(%t: tensor<?x?xf32>, %i: tensor<?x0xi64>) -> tensor<?x?xf32> {
  %r = gather.embedding_bag mean %t[%i] : tensor<?x?xf32>, tensor<?x0xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

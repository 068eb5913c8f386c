// Round trip of gather.embedding_bag through the custom and the generic
// forms: every mode, fixed and ragged bags, batch_dims, weights,
// include_last_offset, padding_idx, dynamic sizes and the accepted id types.
//
// RUN: gather-opt %s | gather-opt | FileCheck %s
// RUN: gather-opt %s --mlir-print-op-generic | gather-opt | FileCheck %s
// RUN: gather-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @fixed_sum(
// CHECK:         gather.embedding_bag sum %{{.*}}[%{{.*}}] : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// GENERIC-LABEL: sym_name = "fixed_sum"
// GENERIC:       "gather.embedding_bag"(%{{.*}}, %{{.*}}) <{batch_dims = 0 : i64, mode = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (tensor<10x4xf32>, tensor<3x2xi64>) -> tensor<3x4xf32>
func.func @fixed_sum(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @fixed_mean_max(
// CHECK:         gather.embedding_bag mean %{{.*}}[%{{.*}}] : tensor<?x?xbf16>, tensor<?x?xi32> -> tensor<?x?xbf16>
// CHECK:         gather.embedding_bag max %{{.*}}[%{{.*}}] : tensor<?x?xbf16>, tensor<?x?xi32> -> tensor<?x?xbf16>
func.func @fixed_mean_max(%t: tensor<?x?xbf16>, %i: tensor<?x?xi32>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %m = gather.embedding_bag mean %t[%i] : tensor<?x?xbf16>, tensor<?x?xi32> -> tensor<?x?xbf16>
  %x = gather.embedding_bag max %t[%i] : tensor<?x?xbf16>, tensor<?x?xi32> -> tensor<?x?xbf16>
  return %m, %x : tensor<?x?xbf16>, tensor<?x?xbf16>
}

// CHECK-LABEL: func.func @batched(
// CHECK:         gather.embedding_bag max %{{.*}}[%{{.*}}] batch_dims = 1 : tensor<4x10x8xi32>, tensor<4x3x2xindex> -> tensor<4x3x8xi32>
// GENERIC-LABEL: sym_name = "batched"
// GENERIC:       <{batch_dims = 1 : i64, mode = 2 : i32,
func.func @batched(%t: tensor<4x10x8xi32>, %i: tensor<4x3x2xindex>) -> tensor<4x3x8xi32> {
  %r = gather.embedding_bag max %t[%i] batch_dims = 1 : tensor<4x10x8xi32>, tensor<4x3x2xindex> -> tensor<4x3x8xi32>
  return %r : tensor<4x3x8xi32>
}

// CHECK-LABEL: func.func @ragged(
// CHECK:         gather.embedding_bag mean %{{.*}}[%{{.*}}] offsets(%{{.*}} : tensor<3xi64>) {padding_idx = -1 : i64} : tensor<10x4xf32>, tensor<7xi64> -> tensor<3x4xf32>
// CHECK:         gather.embedding_bag sum %{{.*}}[%{{.*}}] offsets(%{{.*}} : tensor<4xui32>) weights(%{{.*}} : tensor<7xf32>) {include_last_offset} : tensor<10x4xf32>, tensor<7xui32> -> tensor<3x4xf32>
// GENERIC-LABEL: sym_name = "ragged"
// GENERIC:       <{batch_dims = 0 : i64, mode = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>, padding_idx = -1 : i64}>
// GENERIC:       <{batch_dims = 0 : i64, include_last_offset, mode = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1>}>
func.func @ragged(%t: tensor<10x4xf32>, %i: tensor<7xi64>, %o: tensor<3xi64>, %u: tensor<7xui32>, %o4: tensor<4xui32>, %w: tensor<7xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %m = gather.embedding_bag mean %t[%i] offsets(%o : tensor<3xi64>) {padding_idx = -1 : i64} : tensor<10x4xf32>, tensor<7xi64> -> tensor<3x4xf32>
  %s = gather.embedding_bag sum %t[%u] offsets(%o4 : tensor<4xui32>) weights(%w : tensor<7xf32>) {include_last_offset} : tensor<10x4xf32>, tensor<7xui32> -> tensor<3x4xf32>
  return %m, %s : tensor<3x4xf32>, tensor<3x4xf32>
}

// A table of scalar rows and a dynamic number of bags.
// CHECK-LABEL: func.func @scalar_rows(
// CHECK:         gather.embedding_bag sum %{{.*}}[%{{.*}}] offsets(%{{.*}} : tensor<?xindex>) : tensor<10xi8>, tensor<?xsi64> -> tensor<?xi8>
func.func @scalar_rows(%t: tensor<10xi8>, %i: tensor<?xsi64>, %o: tensor<?xindex>) -> tensor<?xi8> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xindex>) : tensor<10xi8>, tensor<?xsi64> -> tensor<?xi8>
  return %r : tensor<?xi8>
}

// Sums from +0.0, fixed and ragged, sum and mean.
// CHECK-LABEL: func.func @from_positive_zero(
// CHECK:         gather.embedding_bag sum %{{.*}}[%{{.*}}] {from_positive_zero} : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// CHECK:         gather.embedding_bag mean %{{.*}}[%{{.*}}] offsets(%{{.*}} : tensor<3xi64>) {from_positive_zero} : tensor<10x4xbf16>, tensor<?xi64> -> tensor<3x4xbf16>
func.func @from_positive_zero(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>, %h: tensor<10x4xbf16>, %r: tensor<?xi64>, %o: tensor<3xi64>) -> (tensor<3x4xf32>, tensor<3x4xbf16>) {
  %a = gather.embedding_bag sum %t[%i] {from_positive_zero} : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
  %b = gather.embedding_bag mean %h[%r] offsets(%o : tensor<3xi64>) {from_positive_zero} : tensor<10x4xbf16>, tensor<?xi64> -> tensor<3x4xbf16>
  return %a, %b : tensor<3x4xf32>, tensor<3x4xbf16>
}

// RUN: gather-opt %s -split-input-file --raise-to-gather | FileCheck %s

// A gather whose rows are summed per bag by linalg.reduce from a fill of
// -0.0 (the op's own start) is the bag op, nothing more.
// CHECK-LABEL: func.func @reduce_sum_negzero(
// CHECK-SAME:      %[[T:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<3x2xi64>
// CHECK-NOT:     gather.gather
// CHECK-NOT:     linalg.reduce
// CHECK:         %[[B:.*]] = gather.embedding_bag sum %[[T]][%[[I]]] : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[B]]
func.func @reduce_sum_negzero(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// From a fill of +0.0 (what frontends write), with the add in the other
// order: the bag sums from +0.0 too (from_positive_zero).
// CHECK-LABEL: func.func @reduce_sum_poszero(
// CHECK:         %[[B:.*]] = gather.embedding_bag sum %{{.*}}[%{{.*}}] {from_positive_zero} : tensor<10x4xf32>, tensor<3x2xi32> -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[B]]
func.func @reduce_sum_poszero(%t: tensor<10x4xf32>, %i: tensor<3x2xi32>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// Integer sums from 0 are exact.
// CHECK-LABEL: func.func @reduce_sum_int(
// CHECK:         %[[B:.*]] = gather.embedding_bag sum %{{.*}}[%{{.*}}] : tensor<10x4xi32>, tensor<3x2xi64> -> tensor<3x4xi32>
// CHECK-NEXT:    return %[[B]]
func.func @reduce_sum_int(%t: tensor<10x4xi32>, %i: tensor<3x2xi64>) -> tensor<3x4xi32> {
  %g = gather.gather %t[%i] : tensor<10x4xi32>, tensor<3x2xi64>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3x4xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<3x4xi32>) -> tensor<3x4xi32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xi32>) outs(%f : tensor<3x4xi32>) dimensions = [1]
    (%in: i32, %acc: i32) {
      %s = arith.addi %in, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<3x4xi32>
}

// -----

// The same sum as a linalg.generic, dynamic bag count.
// CHECK-LABEL: func.func @generic_sum(
// CHECK:         %[[B:.*]] = gather.embedding_bag sum %{{.*}}[%{{.*}}] : tensor<10x4xf64>, tensor<?x3xi64> -> tensor<?x4xf64>
// CHECK-NEXT:    return %[[B]]
#g = affine_map<(b, l, c) -> (b, l, c)>
#w = affine_map<(b, l, c) -> (b, l)>
#o = affine_map<(b, l, c) -> (b, c)>
func.func @generic_sum(%t: tensor<10x4xf64>, %i: tensor<?x3xi64>) -> tensor<?x4xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %i, %c0 : tensor<?x3xi64>
  %g = gather.gather %t[%i] : tensor<10x4xf64>, tensor<?x3xi64>
  %z = arith.constant -0.0 : f64
  %e = tensor.empty(%n) : tensor<?x4xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<?x4xf64>) -> tensor<?x4xf64>
  %r = linalg.generic {indexing_maps = [#g, #o], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g : tensor<?x3x4xf64>) outs(%f : tensor<?x4xf64>) {
    ^bb0(%in: f64, %acc: f64):
      %s = arith.addf %acc, %in : f64
      linalg.yield %s : f64
  } -> tensor<?x4xf64>
  return %r : tensor<?x4xf64>
}

// -----

// Weighted: acc + g * w (the product in either order) with [B, L] weights.
// CHECK-LABEL: func.func @generic_weighted(
// CHECK-SAME:      %[[T:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<3x2xi64>, %[[W:.*]]: tensor<3x2xf32>
// CHECK:         %[[B:.*]] = gather.embedding_bag sum %[[T]][%[[I]]] weights(%[[W]] : tensor<3x2xf32>) {from_positive_zero} : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[B]]
#g = affine_map<(b, l, c) -> (b, l, c)>
#w = affine_map<(b, l, c) -> (b, l)>
#o = affine_map<(b, l, c) -> (b, c)>
func.func @generic_weighted(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>, %wt: tensor<3x2xf32>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#g, #w, #o], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g, %wt : tensor<3x2x4xf32>, tensor<3x2xf32>) outs(%f : tensor<3x4xf32>) {
    ^bb0(%in: f32, %win: f32, %acc: f32):
      %p = arith.mulf %win, %in : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// Mean: a sum from -0.0 divided by the constant L (linalg.generic or
// linalg.div) is the op's mean, which divides its sum by L.
// CHECK-LABEL: func.func @mean_generic(
// CHECK:         %[[B:.*]] = gather.embedding_bag mean %{{.*}}[%{{.*}}] : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[B]]
// CHECK-LABEL: func.func @mean_div(
// CHECK:         %[[B:.*]] = gather.embedding_bag mean %{{.*}}[%{{.*}}] : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[B]]
#id = affine_map<(b, c) -> (b, c)>
func.func @mean_generic(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %two = arith.constant 2.0 : f32
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %d = arith.divf %in, %two : f32
      linalg.yield %d : f32
  } -> tensor<3x4xf32>
  return %m : tensor<3x4xf32>
}
func.func @mean_div(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %two = arith.constant dense<2.0> : tensor<3x4xf32>
  %m = linalg.div ins(%r, %two : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %m : tensor<3x4xf32>
}

// -----

// The division in place (the sum is the generic's init), as bench/bags
// writes the mean.
// CHECK-LABEL: func.func @mean_in_place(
// CHECK:         %[[B:.*]] = gather.embedding_bag mean %{{.*}}[%{{.*}}] : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[B]]
#id = affine_map<(b, c) -> (b, c)>
func.func @mean_in_place(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %two = arith.constant 2.0 : f32
  %m = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%r : tensor<3x4xf32>) {
    ^bb0(%s: f32):
      %d = arith.divf %s, %two : f32
      linalg.yield %d : f32
  } -> tensor<3x4xf32>
  return %m : tensor<3x4xf32>
}

// -----

// A division of L by the sum is no mean.
// CHECK-LABEL: func.func @divide_l_by_sum(
// CHECK:         %[[B:.*]] = gather.embedding_bag sum
// CHECK:         linalg.generic {{.*}} outs(%[[B]]
// CHECK:           arith.divf %{{.*}}, %{{.*}} : f32
#id = affine_map<(b, c) -> (b, c)>
func.func @divide_l_by_sum(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %two = arith.constant 2.0 : f32
  %m = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%r : tensor<3x4xf32>) {
    ^bb0(%s: f32):
      %d = arith.divf %two, %s : f32
      linalg.yield %d : f32
  } -> tensor<3x4xf32>
  return %m : tensor<3x4xf32>
}

// -----

// The gather of the torch-mlir idiom, raised first, then the bag.
// CHECK-LABEL: func.func @torch_embedding_sum(
// CHECK-NOT:     tensor.extract
// CHECK-NOT:     gather.gather
// CHECK:         %[[B:.*]] = gather.embedding_bag sum %{{.*}}[%{{.*}}] {from_positive_zero} : tensor<5x3xf32>, tensor<2x3xindex> -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[B]]
func.func @torch_embedding_sum(%weight: tensor<5x3xf32>, %ids: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %0 = tensor.empty() : tensor<2x3x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<2x3xi64>) outs(%0 : tensor<2x3x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 2 : index
    %c5 = arith.constant 5 : index
    %5 = arith.cmpi slt, %2, %c5 : index
    cf.assert %5, "index must be smaller than dim size"
    %c0_i64 = arith.constant 0 : i64
    %6 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %6, "index must be larger or equal to 0"
    %extracted = tensor.extract %weight[%2, %3] : tensor<5x3xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x3xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = linalg.reduce ins(%1 : tensor<2x3x3xf32>) outs(%f : tensor<2x3xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<2x3xf32>
}

// -----

// A sum from +0.0 divided by L: the mean from +0.0.
// CHECK-LABEL: func.func @mean_poszero(
// CHECK:         %[[B:.*]] = gather.embedding_bag mean %{{.*}}[%{{.*}}] {from_positive_zero} : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[B]]
func.func @mean_poszero(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %two = arith.constant dense<2.0> : tensor<3x4xf32>
  %m = linalg.div ins(%r, %two : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %m : tensor<3x4xf32>
}

// -----

// A division by another constant than L is no mean: the sum is raised alone.
// CHECK-LABEL: func.func @divide_not_l(
// CHECK:         %[[B:.*]] = gather.embedding_bag sum
// CHECK:         linalg.div ins(%[[B]]
func.func @divide_not_l(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %three = arith.constant dense<3.0> : tensor<3x4xf32>
  %m = linalg.div ins(%r, %three : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %m : tensor<3x4xf32>
}

// -----

// Look-alikes that stay.
// CHECK-LABEL: func.func @reduce_dim0(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @reduce_dim0(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<2x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<2x4xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_dim2(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @reduce_dim2(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x2xf32>) dimensions = [2]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x2xf32>
}

// -----

// The gathered rows have another user.
// CHECK-LABEL: func.func @other_user(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @other_user(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> (tensor<3x4xf32>, tensor<3x2x4xf32>) {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r, %g : tensor<3x4xf32>, tensor<3x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @mulf_body(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @mulf_body(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.mulf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// A sum from 1.0.
// CHECK-LABEL: func.func @fill_one(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @fill_one(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// A gather with batch_dims (one table per batch).
// CHECK-LABEL: func.func @batch_dims(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @batch_dims(%t: tensor<3x10xf32>, %i: tensor<3x2xi64>) -> tensor<3xf32> {
  %g = gather.gather %t[%i] axis = 1 batch_dims = 1 : tensor<3x10xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.reduce ins(%g : tensor<3x2xf32>) outs(%f : tensor<3xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3xf32>
}

// -----

// maximumf from -inf: the op's max (its NaN and signed-zero rules).
// CHECK-LABEL: func.func @maximumf(
// CHECK-SAME:      %[[T:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<3x2xi64>)
// CHECK:         %[[B:.*]] = gather.embedding_bag max %[[T]][%[[I]]] : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[B]]
func.func @maximumf(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maximumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// f16 rows: the op accumulates them in f32, the reduction in f16.
// CHECK-LABEL: func.func @f16_rows(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @f16_rows(%t: tensor<10x4xf16>, %i: tensor<3x2xi64>) -> tensor<3x4xf16> {
  %g = gather.gather %t[%i] : tensor<10x4xf16>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f16
  %e = tensor.empty() : tensor<3x4xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<3x4xf16>) -> tensor<3x4xf16>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf16>) outs(%f : tensor<3x4xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %s = arith.addf %in, %acc : f16
      linalg.yield %s : f16
    }
  return %r : tensor<3x4xf16>
}

// -----

// Fast-math flags on the add, a weight read by another map, a dynamic L.
// CHECK-LABEL: func.func @fastmath(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @fastmath(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc fastmath<reassoc> : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @weight_other_map(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
#g = affine_map<(b, l, c) -> (b, l, c)>
#w = affine_map<(b, l, c) -> (l, b)>
#o = affine_map<(b, l, c) -> (b, c)>
func.func @weight_other_map(%t: tensor<10x4xf32>, %i: tensor<2x2xi64>, %wt: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<2x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = linalg.generic {indexing_maps = [#g, #w, #o], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g, %wt : tensor<2x2x4xf32>, tensor<2x2xf32>) outs(%f : tensor<2x4xf32>) {
    ^bb0(%in: f32, %win: f32, %acc: f32):
      %p = arith.mulf %in, %win : f32
      %s = arith.addf %p, %acc : f32
      linalg.yield %s : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_l(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @dynamic_l(%t: tensor<10x4xf32>, %i: tensor<3x?xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x?xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x?x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// StableHLO's order: the reduced loop last, the rows read at (b, c, l);
// weights read at (b, l) in that order; the fill from the element of a
// rank-0 constant of -0.0 (the bag alone).
// CHECK-LABEL: func.func @reduced_loop_last(
// CHECK-SAME:      %[[T:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<3x2xi64>, %[[W:.*]]: tensor<3x2xf32>
// CHECK:         %[[B:.*]] = gather.embedding_bag sum %[[T]][%[[I]]] weights(%[[W]] : tensor<3x2xf32>) : tensor<10x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[B]]
func.func @reduced_loop_last(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>, %wt: tensor<3x2xf32>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant dense<-0.0> : tensor<f32>
  %ze = tensor.extract %z[] : tensor<f32>
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%ze : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g, %wt : tensor<3x2x4xf32>, tensor<3x2xf32>) outs(%f : tensor<3x4xf32>) {
    ^bb0(%in: f32, %win: f32, %acc: f32):
      %p = arith.mulf %win, %in : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// The reduced loop last, but reducing the columns (rows read at (b, l, c)
// with c reduced): stays.
// CHECK-LABEL: func.func @reduced_loop_last_columns(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @reduced_loop_last_columns(%t: tensor<10x4xf32>, %i: tensor<3x4xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x4xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g : tensor<3x4x4xf32>) outs(%f : tensor<3x4xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// The reduced loop last, the result written transposed ((c, b)): stays.
// CHECK-LABEL: func.func @reduced_loop_last_transposed(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @reduced_loop_last_transposed(%t: tensor<10x4xf32>, %i: tensor<4x2xi64>) -> tensor<4x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<4x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d1, d0)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g : tensor<4x2x4xf32>) outs(%f : tensor<4x4xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A fill from the element of a rank-0 constant other than zero: stays.
// CHECK-LABEL: func.func @fill_element_one(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @fill_element_one(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %one = arith.constant dense<1.0> : tensor<f32>
  %x = tensor.extract %one[] : tensor<f32>
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce { arith.addf } ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
  return %r : tensor<3x4xf32>
}

// -----

// maxsi from the smallest i32, as a linalg.generic (acc first): max.
// CHECK-LABEL: func.func @maxsi_generic(
// CHECK:         %[[B:.*]] = gather.embedding_bag max %{{.*}}[%{{.*}}] : tensor<10x4xi32>, tensor<3x2xi64> -> tensor<3x4xi32>
// CHECK-NEXT:    return %[[B]]
func.func @maxsi_generic(%t: tensor<10x4xi32>, %i: tensor<3x2xi64>) -> tensor<3x4xi32> {
  %g = gather.gather %t[%i] : tensor<10x4xi32>, tensor<3x2xi64>
  %z = arith.constant -2147483648 : i32
  %e = tensor.empty() : tensor<3x4xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<3x4xi32>) -> tensor<3x4xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, l, c) -> (b, l, c)>, affine_map<(b, l, c) -> (b, c)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g : tensor<3x2x4xi32>) outs(%f : tensor<3x4xi32>) {
    ^bb0(%in: i32, %acc: i32):
      %s = arith.maxsi %acc, %in : i32
      linalg.yield %s : i32
  } -> tensor<3x4xi32>
  return %r : tensor<3x4xi32>
}

// -----

// maximumf from a fill of 0.0 (a relu of the maximum): stays.
// CHECK-LABEL: func.func @maximumf_from_zero(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @maximumf_from_zero(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maximumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// maxnumf (a NaN is ignored, not propagated): stays.
// CHECK-LABEL: func.func @maxnumf(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @maxnumf(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maxnumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// maximumf with fast-math flags: stays.
// CHECK-LABEL: func.func @maximumf_fastmath(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.reduce
func.func @maximumf_fastmath(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x4xf32>) outs(%f : tensor<3x4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maximumf %in, %acc fastmath<nnan> : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x4xf32>
}

// -----

// A weighted maximum (maximumf of acc and g * w): stays.
// CHECK-LABEL: func.func @weighted_max(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @weighted_max(%t: tensor<10x4xf32>, %i: tensor<3x2xi64>, %w: tensor<3x2xf32>) -> tensor<3x4xf32> {
  %g = gather.gather %t[%i] : tensor<10x4xf32>, tensor<3x2xi64>
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, l, c) -> (b, l, c)>, affine_map<(b, l, c) -> (b, l)>, affine_map<(b, l, c) -> (b, c)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g, %w : tensor<3x2x4xf32>, tensor<3x2xf32>) outs(%f : tensor<3x4xf32>) {
    ^bb0(%in: f32, %win: f32, %acc: f32):
      %p = arith.mulf %in, %win : f32
      %s = arith.maximumf %acc, %p : f32
      linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

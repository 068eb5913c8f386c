// RUN: gather-opt %s -split-input-file -transform-interpreter -canonicalize -cse | FileCheck %s

// The gather as a consumer: tiled with scf.forall, then the elementwise
// producer of its indices fused into the loop. Each iteration computes the
// indices tile it reads (rows 2*i .. 2*i+1, all 3 columns) and gathers from
// the data columns 4*j .. 4*j+3, whole along the gathered axis 0.

// CHECK-LABEL: func.func @gather_as_consumer
// CHECK-SAME:    (%[[DATA:.*]]: tensor<6x8xf32>, %[[IDX:.*]]: tensor<4x3xi32>)
// CHECK:         scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 2) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<4x3x8xf32>)
// CHECK-DAG:       %[[R:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-DAG:       %[[C:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK-DAG:       %[[D:.*]] = tensor.extract_slice %[[DATA]][0, %[[C]]] [6, 4] [1, 1] : tensor<6x8xf32> to tensor<6x4xf32>
// CHECK-DAG:       %[[X:.*]] = tensor.extract_slice %[[IDX]][%[[R]], 0] [2, 3] [1, 1] : tensor<4x3xi32> to tensor<2x3xi32>
// CHECK:           %[[INC:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<2x3xi32>)
// CHECK:             arith.addi
// CHECK:           %[[G:.*]] = gather.gather %[[D]][%[[INC]]] : tensor<6x4xf32>, tensor<2x3xi32>
// CHECK:           tensor.parallel_insert_slice %[[G]] into %[[OUT]][%[[R]], 0, %[[C]]] [2, 3, 4] [1, 1, 1]
// CHECK-NOT:     linalg.generic
// CHECK:         return
#id = affine_map<(i, j) -> (i, j)>
func.func @gather_as_consumer(%data: tensor<6x8xf32>, %idx: tensor<4x3xi32>) -> tensor<4x3x8xf32> {
  %e = tensor.empty() : tensor<4x3xi32>
  %one = arith.constant 1 : i32
  %inc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%idx : tensor<4x3xi32>) outs(%e : tensor<4x3xi32>) {
  ^bb0(%in: i32, %out: i32):
    %a = arith.addi %in, %one : i32
    linalg.yield %a : i32
  } -> tensor<4x3xi32>
  %r = gather.gather %data[%inc] : tensor<6x8xf32>, tensor<4x3xi32>
  return %r : tensor<4x3x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [2, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %p into %forall : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The gather as a producer: the elementwise consumer is tiled with
// scf.forall and the gather fused into its loop; each iteration gathers only
// the tile the consumer reads (generateResultTileValue).

// CHECK-LABEL: func.func @gather_as_producer
// CHECK-SAME:    (%[[DATA:.*]]: tensor<6x8xf32>, %[[IDX:.*]]: tensor<4xi32>)
// CHECK-NOT:     gather.gather
// CHECK:         scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 2) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<4x8xf32>)
// CHECK-DAG:       %[[R:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-DAG:       %[[C:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK-DAG:       %[[D:.*]] = tensor.extract_slice %[[DATA]][0, %[[C]]] [6, 4] [1, 1] : tensor<6x8xf32> to tensor<6x4xf32>
// CHECK-DAG:       %[[X:.*]] = tensor.extract_slice %[[IDX]][%[[R]]] [2] [1] : tensor<4xi32> to tensor<2xi32>
// CHECK:           %[[G:.*]] = gather.gather %[[D]][%[[X]]] : tensor<6x4xf32>, tensor<2xi32>
// CHECK:           %[[SQ:.*]] = linalg.generic {{.*}} ins(%[[G]] : tensor<2x4xf32>)
// CHECK:             arith.mulf
// CHECK:           tensor.parallel_insert_slice %[[SQ]] into %[[OUT]][%[[R]], %[[C]]] [2, 4] [1, 1]
#id = affine_map<(i, j) -> (i, j)>
func.func @gather_as_producer(%data: tensor<6x8xf32>, %idx: tensor<4xi32>) -> tensor<4x8xf32> {
  %g = gather.gather %data[%idx] : tensor<6x8xf32>, tensor<4xi32>
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%g : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.mulf %in, %in : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %c tile_sizes [2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %g into %forall : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Producer fusion with scf.for loops (tile_using_for) and a gather with
// batch_dims = 1 whose result feeds an elementwise add.

// CHECK-LABEL: func.func @gather_batch_into_for
// CHECK-SAME:    (%[[DATA:.*]]: tensor<4x7x3xf32>, %[[IDX:.*]]: tensor<4x5xi64>, %[[B:.*]]: tensor<4x5x3xf32>)
// CHECK:         scf.for %[[I:[^ ]+]] =
// CHECK:           scf.for %[[J:[^ ]+]] =
// CHECK-DAG:         %[[D:.*]] = tensor.extract_slice %[[DATA]][%[[I]], 0, 0] [1, 7, 3] [1, 1, 1] : tensor<4x7x3xf32> to tensor<1x7x3xf32>
// CHECK-DAG:         %[[X:.*]] = tensor.extract_slice %[[IDX]][%[[I]], %[[J]]] [1, %{{.*}}] [1, 1] : tensor<4x5xi64> to tensor<1x?xi64>
// CHECK:             %[[G:.*]] = gather.gather %[[D]][%[[X]]] axis = 1 batch_dims = 1 : tensor<1x7x3xf32>, tensor<1x?xi64>
// CHECK:             linalg.generic {{.*}} ins(%[[G]], %{{.*}} : tensor<1x?x3xf32>, tensor<1x?x3xf32>)
#id3 = affine_map<(i, j, k) -> (i, j, k)>
func.func @gather_batch_into_for(%data: tensor<4x7x3xf32>, %idx: tensor<4x5xi64>, %b: tensor<4x5x3xf32>) -> tensor<4x5x3xf32> {
  %g = gather.gather %data[%idx] axis = 1 batch_dims = 1 : tensor<4x7x3xf32>, tensor<4x5xi64>
  %e = tensor.empty() : tensor<4x5x3xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g, %b : tensor<4x5x3xf32>, tensor<4x5x3xf32>) outs(%e : tensor<4x5x3xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %a = arith.addf %x, %y : f32
    linalg.yield %a : f32
  } -> tensor<4x5x3xf32>
  return %r : tensor<4x5x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loops:2 = transform.structured.tile_using_for %c tile_sizes [1, 2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %g into %loops#1 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A gather that cannot be tiled (dynamic batch dimension, see
// tiling-invalid.mlir) is not fused as a tile and no error is reported:
// fuse_into_containing_op clones the whole gather into the loop instead
// (which -cse merges back with the original), so the loop reads slices of
// the whole gather.

// CHECK-LABEL: func.func @untileable_cloned
// CHECK-SAME:    (%[[DATA:.*]]: tensor<?x6xf32>, %[[IDX:.*]]: tensor<?x3xi32>)
// CHECK:         %[[G:.*]] = gather.gather %[[DATA]][%[[IDX]]] axis = 1 batch_dims = 1 : tensor<?x6xf32>, tensor<?x3xi32>
// CHECK:         scf.forall
// CHECK-NOT:       gather.gather
// CHECK:           tensor.extract_slice %[[G]]
// CHECK-NOT:       gather.gather
// CHECK:         return
#id = affine_map<(i, j) -> (i, j)>
func.func @untileable_cloned(%data: tensor<?x6xf32>, %idx: tensor<?x3xi32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %g = gather.gather %data[%idx] axis = 1 batch_dims = 1 : tensor<?x6xf32>, tensor<?x3xi32>
  %n = tensor.dim %data, %c0 : tensor<?x6xf32>
  %e = tensor.empty(%n) : tensor<?x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%g : tensor<?x3xf32>) outs(%e : tensor<?x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %in : f32
    linalg.yield %a : f32
  } -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %c tile_sizes [2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %g into %forall : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// transform.structured.fuse: the gather is tiled and both producers fused
// greedily. The producer of data computes the rows of the tile whole along
// the gathered axis (2x8), the producer of indices only the tile's indices.

// CHECK-LABEL: func.func @fuse_both
// CHECK-SAME:    (%[[D:.*]]: tensor<6x8xf32>, %[[IDX:.*]]: tensor<4xi32>)
// CHECK:         scf.for %[[I:[^ ]+]] =
// CHECK:           scf.for %[[J:[^ ]+]] =
// CHECK:             %[[DS:.*]] = tensor.extract_slice %[[D]][%[[I]], 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
// CHECK:             %[[NEG:.*]] = linalg.generic {{.*}} ins(%[[DS]] : tensor<2x8xf32>)
// CHECK:               arith.negf
// CHECK:             %[[IS:.*]] = tensor.extract_slice %[[IDX]][%[[J]]] [2] [1] : tensor<4xi32> to tensor<2xi32>
// CHECK:             %[[SH:.*]] = linalg.generic {{.*}} ins(%[[IS]] : tensor<2xi32>)
// CHECK:               arith.muli
// CHECK:             %[[G:.*]] = gather.gather %[[NEG]][%[[SH]]] axis = 1 : tensor<2x8xf32>, tensor<2xi32>
// CHECK:             tensor.insert_slice %[[G]] into %{{.*}}[%[[I]], %[[J]]] [2, 2] [1, 1]
#id1 = affine_map<(i) -> (i)>
#id2 = affine_map<(i, j) -> (i, j)>
func.func @fuse_both(%d: tensor<6x8xf32>, %idx: tensor<4xi32>) -> tensor<6x4xf32> {
  %e = tensor.empty() : tensor<6x8xf32>
  %neg = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<6x8xf32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<6x8xf32>
  %ei = tensor.empty() : tensor<4xi32>
  %two = arith.constant 2 : i32
  %sh = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%idx : tensor<4xi32>) outs(%ei : tensor<4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %m = arith.muli %in, %two : i32
    linalg.yield %m : i32
  } -> tensor<4xi32>
  %r = gather.gather %neg[%sh] axis = 1 : tensor<6x8xf32>, tensor<4xi32>
  return %r : tensor<6x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loops:2 = transform.structured.fuse %g tile_sizes [2, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

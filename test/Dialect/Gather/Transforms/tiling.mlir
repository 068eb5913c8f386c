// RUN: gather-opt %s -split-input-file -transform-interpreter -canonicalize -cse | FileCheck %s

// Tiling with scf.for along the outer data dimension and the inner one: the
// data slice keeps the gathered axis whole (6), the indices are read whole
// (their dimension is not tiled), the tile is a smaller gather.gather.

// CHECK-LABEL: func.func @tile_for_axis1
// CHECK-SAME:    (%[[DATA:.*]]: tensor<5x6x8xf32>, %[[IDX:.*]]: tensor<4xi64>)
// CHECK:         scf.for %[[I:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC0:.*]] =
// CHECK:           scf.for %[[J:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC1:.*]] =
// CHECK:             %[[N:.*]] = affine.min
// CHECK:             %[[D:.*]] = tensor.extract_slice %[[DATA]][%[[I]], 0, %[[J]]] [%[[N]], 6, 4] [1, 1, 1] : tensor<5x6x8xf32> to tensor<?x6x4xf32>
// CHECK:             %[[G:.*]] = gather.gather %[[D]][%[[IDX]]] axis = 1 : tensor<?x6x4xf32>, tensor<4xi64>
// CHECK:             tensor.insert_slice %[[G]] into %[[ACC1]][%[[I]], 0, %[[J]]] [%[[N]], 4, 4] [1, 1, 1] : tensor<?x4x4xf32> into tensor<5x4x8xf32>
func.func @tile_for_axis1(%data: tensor<5x6x8xf32>, %idx: tensor<4xi64>) -> tensor<5x4x8xf32> {
  %r = gather.gather %data[%idx] axis = 1 : tensor<5x6x8xf32>, tensor<4xi64>
  return %r : tensor<5x4x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loops:2 = transform.structured.tile_using_for %g tile_sizes [2, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Tiling with scf.forall along the batch dimension and the index dimension of
// a batch_dims = 1 gather: data and indices are sliced at the same batch
// offset, the indices along their second dimension as the result's.

// CHECK-LABEL: func.func @tile_forall_batch
// CHECK-SAME:    (%[[DATA:.*]]: tensor<4x7x3xf16>, %[[IDX:.*]]: tensor<4x6xi32>)
// CHECK:         scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 2) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<4x6x3xf16>)
// CHECK-DAG:       %[[B:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-DAG:       %[[W:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK-DAG:       %[[D:.*]] = tensor.extract_slice %[[DATA]][%[[B]], 0, 0] [2, 7, 3] [1, 1, 1] : tensor<4x7x3xf16> to tensor<2x7x3xf16>
// CHECK-DAG:       %[[X:.*]] = tensor.extract_slice %[[IDX]][%[[B]], %[[W]]] [2, 3] [1, 1] : tensor<4x6xi32> to tensor<2x3xi32>
// CHECK:           %[[G:.*]] = gather.gather %[[D]][%[[X]]] axis = 1 batch_dims = 1 : tensor<2x7x3xf16>, tensor<2x3xi32>
// CHECK:           tensor.parallel_insert_slice %[[G]] into %[[OUT]][%[[B]], %[[W]], 0] [2, 3, 3] [1, 1, 1] : tensor<2x3x3xf16> into tensor<4x6x3xf16>
func.func @tile_forall_batch(%data: tensor<4x7x3xf16>, %idx: tensor<4x6xi32>) -> tensor<4x6x3xf16> {
  %r = gather.gather %data[%idx] axis = 1 batch_dims = 1 : tensor<4x7x3xf16>, tensor<4x6xi32>
  return %r : tensor<4x6x3xf16>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [2, 3, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dynamic sizes outside the batch dimensions tile: the gathered size of the
// data slice is the tensor.dim of data, negative axis kept as written.

// CHECK-LABEL: func.func @tile_dynamic
// CHECK-SAME:    (%[[DATA:.*]]: tensor<?x8xf32>, %[[IDX:.*]]: tensor<?x2xi64>)
// CHECK:         scf.forall (%[[I:.*]]) in (%{{.*}})
// CHECK:           %[[N:.*]] = affine.min
// CHECK:           %[[K:.*]] = tensor.dim %[[DATA]], %{{.*}} : tensor<?x8xf32>
// CHECK:           %[[D:.*]] = tensor.extract_slice %[[DATA]][0, 0] [%[[K]], 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
// CHECK:           %[[X:.*]] = tensor.extract_slice %[[IDX]][%{{.*}}, 0] [%[[N]], 2] [1, 1] : tensor<?x2xi64> to tensor<?x2xi64>
// CHECK:           gather.gather %[[D]][%[[X]]] axis = -2 : tensor<?x8xf32>, tensor<?x2xi64>
func.func @tile_dynamic(%data: tensor<?x8xf32>, %idx: tensor<?x2xi64>) -> tensor<?x2x8xf32> {
  %r = gather.gather %data[%idx] axis = -2 : tensor<?x8xf32>, tensor<?x2xi64>
  return %r : tensor<?x2x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Rank-0 indices: the iteration domain is the data without the gathered
// axis; the indices are not sliced.

// CHECK-LABEL: func.func @tile_rank0_indices
// CHECK-SAME:    (%[[DATA:.*]]: tensor<3x8xf32>, %[[IDX:.*]]: tensor<i32>)
// CHECK:         scf.for %[[J:[^ ]+]] =
// CHECK:           %[[D:.*]] = tensor.extract_slice %[[DATA]][0, %[[J]]] [3, 4] [1, 1] : tensor<3x8xf32> to tensor<3x4xf32>
// CHECK:           gather.gather %[[D]][%[[IDX]]] : tensor<3x4xf32>, tensor<i32>
func.func @tile_rank0_indices(%data: tensor<3x8xf32>, %idx: tensor<i32>) -> tensor<8xf32> {
  %r = gather.gather %data[%idx] : tensor<3x8xf32>, tensor<i32>
  return %r : tensor<8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

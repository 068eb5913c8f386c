// RUN: gather-opt %s -split-input-file -transform-interpreter -canonicalize -cse | FileCheck %s

// Fixed bags with weights tiled with scf.for over bags and columns: the ids
// and the weights are sliced over the bags, whole over the ids of a bag (3);
// the table over the columns, whole over its rows (10). The tiles keep the
// attributes (padding_idx, from_positive_zero).

// CHECK-LABEL: func.func @fixed_for
// CHECK-SAME:    (%[[T:.*]]: tensor<10x8xf32>, %[[I:.*]]: tensor<6x3xi64>, %[[W:.*]]: tensor<6x3xf32>)
// CHECK:         scf.for %[[B:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC0:.*]] =
// CHECK:           scf.for %[[C:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC1:.*]] =
// CHECK-DAG:         %[[TS:.*]] = tensor.extract_slice %[[T]][0, %[[C]]] [10, 4] [1, 1] : tensor<10x8xf32> to tensor<10x4xf32>
// CHECK-DAG:         %[[IS:.*]] = tensor.extract_slice %[[I]][%[[B]], 0] [2, 3] [1, 1] : tensor<6x3xi64> to tensor<2x3xi64>
// CHECK-DAG:         %[[WS:.*]] = tensor.extract_slice %[[W]][%[[B]], 0] [2, 3] [1, 1] : tensor<6x3xf32> to tensor<2x3xf32>
// CHECK:             %[[R:.*]] = gather.embedding_bag sum %[[TS]][%[[IS]]] weights(%[[WS]] : tensor<2x3xf32>) {from_positive_zero, padding_idx = -1 : i64} : tensor<10x4xf32>, tensor<2x3xi64> -> tensor<2x4xf32>
// CHECK:             tensor.insert_slice %[[R]] into %[[ACC1]][%[[B]], %[[C]]] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<6x8xf32>
func.func @fixed_for(%t: tensor<10x8xf32>, %i: tensor<6x3xi64>, %w: tensor<6x3xf32>) -> tensor<6x8xf32> {
  %r = gather.embedding_bag sum %t[%i] weights(%w : tensor<6x3xf32>) {from_positive_zero, padding_idx = -1 : i64} : tensor<10x8xf32>, tensor<6x3xi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loops:2 = transform.structured.tile_using_for %g tile_sizes [2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// batch_dims = 1 tiled with scf.forall over the batch and the bags: table
// and ids are sliced at the same batch offset; the table is whole over its
// rows and columns (the columns are not tiled).

// CHECK-LABEL: func.func @fixed_forall_batch
// CHECK-SAME:    (%[[T:.*]]: tensor<4x10x8xf16>, %[[I:.*]]: tensor<4x6x3xi32>)
// CHECK:         scf.forall (%[[P:.*]], %[[Q:.*]]) in (4, 3) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<4x6x8xf16>)
// CHECK:           %[[B:.*]] = affine.apply #{{.*}}(%[[Q]])
// CHECK-DAG:       %[[TS:.*]] = tensor.extract_slice %[[T]][%[[P]], 0, 0] [1, 10, 8] [1, 1, 1] : tensor<4x10x8xf16> to tensor<1x10x8xf16>
// CHECK-DAG:       %[[IS:.*]] = tensor.extract_slice %[[I]][%[[P]], %[[B]], 0] [1, 2, 3] [1, 1, 1] : tensor<4x6x3xi32> to tensor<1x2x3xi32>
// CHECK:           %[[R:.*]] = gather.embedding_bag max %[[TS]][%[[IS]]] batch_dims = 1 : tensor<1x10x8xf16>, tensor<1x2x3xi32> -> tensor<1x2x8xf16>
// CHECK:           tensor.parallel_insert_slice %[[R]] into %[[OUT]][%[[P]], %[[B]], 0] [1, 2, 8] [1, 1, 1] : tensor<1x2x8xf16> into tensor<4x6x8xf16>
func.func @fixed_forall_batch(%t: tensor<4x10x8xf16>, %i: tensor<4x6x3xi32>) -> tensor<4x6x8xf16> {
  %r = gather.embedding_bag max %t[%i] batch_dims = 1 : tensor<4x10x8xf16>, tensor<4x6x3xi32> -> tensor<4x6x8xf16>
  return %r : tensor<4x6x8xf16>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [1, 2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Partial tiles of dynamic bags: the tile size is an affine.min, the slices
// and the tile's result have a dynamic bag dimension; the ids of a bag (a
// dynamic L) stay whole, sized by the tensor.dim of the ids.

// CHECK-LABEL: func.func @fixed_partial_dynamic
// CHECK-SAME:    (%[[T:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<?x?xindex>)
// CHECK:         scf.for %[[B:[^ ]+]] =
// CHECK:           %[[N:.*]] = affine.min
// CHECK-DAG:       %[[V:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?x4xf32>
// CHECK-DAG:       %[[L:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?x?xindex>
// CHECK-DAG:       %[[TS:.*]] = tensor.extract_slice %[[T]][0, 0] [%[[V]], 4] [1, 1] : tensor<?x4xf32> to tensor<?x4xf32>
// CHECK-DAG:       %[[IS:.*]] = tensor.extract_slice %[[I]][%[[B]], 0] [%[[N]], %[[L]]] [1, 1] : tensor<?x?xindex> to tensor<?x?xindex>
// CHECK:           gather.embedding_bag mean %[[TS]][%[[IS]]] : tensor<?x4xf32>, tensor<?x?xindex> -> tensor<?x4xf32>
func.func @fixed_partial_dynamic(%t: tensor<?x4xf32>, %i: tensor<?x?xindex>) -> tensor<?x4xf32> {
  %r = gather.embedding_bag mean %t[%i] : tensor<?x4xf32>, tensor<?x?xindex> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Ragged bags with include_last_offset tiled over the bags: a tile of 2 bags
// reads 3 offsets (a view); ids and weights stay whole.

// CHECK-LABEL: func.func @ragged_last_forall
// CHECK-SAME:    (%[[T:.*]]: tensor<10x8xf32>, %[[I:.*]]: tensor<20xi64>, %[[O:.*]]: tensor<7xi32>, %[[W:.*]]: tensor<20xf32>)
// CHECK:         scf.forall (%[[P:.*]]) in (3) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<6x8xf32>)
// CHECK:           %[[B:.*]] = affine.apply #{{.*}}(%[[P]])
// CHECK:           %[[OS:.*]] = tensor.extract_slice %[[O]][%[[B]]] [3] [1] : tensor<7xi32> to tensor<3xi32>
// CHECK:           %[[R:.*]] = gather.embedding_bag sum %[[T]][%[[I]]] offsets(%[[OS]] : tensor<3xi32>) weights(%[[W]] : tensor<20xf32>) {include_last_offset} : tensor<10x8xf32>, tensor<20xi64> -> tensor<2x8xf32>
// CHECK:           tensor.parallel_insert_slice %[[R]] into %[[OUT]][%[[B]], 0] [2, 8] [1, 1]
func.func @ragged_last_forall(%t: tensor<10x8xf32>, %i: tensor<20xi64>, %o: tensor<7xi32>, %w: tensor<20xf32>) -> tensor<6x8xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<7xi32>) weights(%w : tensor<20xf32>) {include_last_offset} : tensor<10x8xf32>, tensor<20xi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Ragged bags without include_last_offset tiled over the bags and columns: a
// tile of 2 bags at bag b takes include_last_offset over 3 offsets, the 2 of
// its bags and the end of its last bag: offsets[b + 2] when b + 2 < 6 (the
// read clamped to offset 5), else N = 20.

// CHECK-LABEL: func.func @ragged_for
// CHECK-SAME:    (%[[T:.*]]: tensor<10x8xf32>, %[[I:.*]]: tensor<20xi64>, %[[O:.*]]: tensor<6xi64>)
// CHECK-DAG:     %[[N:.*]] = arith.constant 20 : i64
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK:         scf.for %[[B:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK:           scf.for %[[C:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] =
// CHECK-DAG:         %[[TS:.*]] = tensor.extract_slice %[[T]][0, %[[C]]] [10, 4] [1, 1] : tensor<10x8xf32> to tensor<10x4xf32>
// CHECK-DAG:         %[[OS:.*]] = tensor.extract_slice %[[O]][%[[B]]] [2] [1] : tensor<6xi64> to tensor<2xi64>
// CHECK-DAG:         %[[NEXT:.*]] = arith.addi %[[B]], %{{.*}} : index
// CHECK-DAG:         %[[AT:.*]] = arith.minsi %[[NEXT]], %[[C5]] : index
// CHECK-DAG:         %[[NV:.*]] = tensor.extract %[[O]][%[[AT]]] : tensor<6xi64>
// CHECK-DAG:         %[[IN:.*]] = arith.cmpi slt, %[[NEXT]], %[[C6]] : index
// CHECK-DAG:         %[[END:.*]] = arith.select %[[IN]], %[[NV]], %[[N]] : i64
// CHECK-DAG:         %[[E:.*]] = tensor.empty() : tensor<3xi64>
// CHECK-DAG:         %[[F:.*]] = tensor.insert_slice %[[OS]] into %[[E]][0] [2] [1] : tensor<2xi64> into tensor<3xi64>
// CHECK:             %[[TO:.*]] = tensor.insert %[[END]] into %[[F]][%{{.*}}] : tensor<3xi64>
// CHECK:             %[[R:.*]] = gather.embedding_bag max %[[TS]][%[[I]]] offsets(%[[TO]] : tensor<3xi64>) {include_last_offset} : tensor<10x4xf32>, tensor<20xi64> -> tensor<2x4xf32>
// CHECK:             tensor.insert_slice %[[R]] into %[[ACC]][%[[B]], %[[C]]] [2, 4] [1, 1]
func.func @ragged_for(%t: tensor<10x8xf32>, %i: tensor<20xi64>, %o: tensor<6xi64>) -> tensor<6x8xf32> {
  %r = gather.embedding_bag max %t[%i] offsets(%o : tensor<6xi64>) : tensor<10x8xf32>, tensor<20xi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loops:2 = transform.structured.tile_using_for %g tile_sizes [2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Signed and unsigned offsets: N is converted to the offsets' element type
// through its signless bits (zero-extended for unsigned offsets).

// CHECK-LABEL: func.func @ragged_signed
// CHECK:         %[[N:.*]] = arith.constant 20 : i64
// CHECK:         scf.forall
// CHECK:           %[[NS:.*]] = builtin.unrealized_conversion_cast %[[N]] : i64 to si64
// CHECK:           %[[END:.*]] = arith.select %{{.*}}, %{{.*}}, %[[NS]] : si64
// CHECK:           tensor.insert %[[END]] into %{{.*}} : tensor<3xsi64>
// CHECK:           gather.embedding_bag mean {{.*}} offsets(%{{.*}} : tensor<3xsi64>) {include_last_offset}
// CHECK-LABEL: func.func @ragged_unsigned
// CHECK:         %[[N:.*]] = arith.constant 20 : i32
// CHECK:         scf.forall
// CHECK:           %[[NU:.*]] = builtin.unrealized_conversion_cast %[[N]] : i32 to ui32
// CHECK:           arith.select %{{.*}}, %{{.*}}, %[[NU]] : ui32
func.func @ragged_signed(%t: tensor<10x8xf32>, %i: tensor<20xsi64>, %o: tensor<6xsi64>) -> tensor<6x8xf32> {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<6xsi64>) : tensor<10x8xf32>, tensor<20xsi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
func.func @ragged_unsigned(%t: tensor<10x8xf32>, %i: tensor<20xui32>, %o: tensor<6xui32>) -> tensor<6x8xf32> {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<6xui32>) : tensor<10x8xf32>, tensor<20xui32> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Ragged bags without include_last_offset tiled over the columns only: every
// tile has every bag, so it keeps the offsets whole and the form of the op
// (static and dynamic numbers of bags).

// CHECK-LABEL: func.func @ragged_columns
// CHECK-SAME:    (%[[T:.*]]: tensor<10x8xf32>, %[[I:.*]]: tensor<20xi64>, %[[O:.*]]: tensor<6xi64>)
// CHECK:         scf.forall (%[[P:.*]]) in (2)
// CHECK:           %[[C:.*]] = affine.apply #{{.*}}(%[[P]])
// CHECK:           %[[TS:.*]] = tensor.extract_slice %[[T]][0, %[[C]]] [10, 4] [1, 1] : tensor<10x8xf32> to tensor<10x4xf32>
// CHECK-NOT:       tensor.insert
// CHECK:           gather.embedding_bag sum %[[TS]][%[[I]]] offsets(%[[O]] : tensor<6xi64>) {padding_idx = 0 : i64} : tensor<10x4xf32>, tensor<20xi64> -> tensor<6x4xf32>
// CHECK-LABEL: func.func @ragged_columns_dynamic
// CHECK-SAME:    (%[[T:.*]]: tensor<10x8xf32>, %[[I:.*]]: tensor<?xi64>, %[[O:.*]]: tensor<?xi64>)
// CHECK:         scf.forall (%[[P:.*]]) in (2)
// CHECK-NOT:       tensor.insert
// CHECK:           gather.embedding_bag sum %{{.*}}[%[[I]]] offsets(%[[O]] : tensor<?xi64>) : tensor<10x4xf32>, tensor<?xi64> -> tensor<?x4xf32>
func.func @ragged_columns(%t: tensor<10x8xf32>, %i: tensor<20xi64>, %o: tensor<6xi64>) -> tensor<6x8xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<6xi64>) {padding_idx = 0 : i64} : tensor<10x8xf32>, tensor<20xi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
func.func @ragged_columns_dynamic(%t: tensor<10x8xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x8xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) : tensor<10x8xf32>, tensor<?xi64> -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dynamic ragged bags without include_last_offset tiled over the bags: the
// number of bags and N are tensor.dim of the offsets and the ids.

// CHECK-LABEL: func.func @ragged_dynamic
// CHECK-SAME:    (%[[T:.*]]: tensor<?x8xf32>, %[[I:.*]]: tensor<?xi32>, %[[O:.*]]: tensor<?xindex>)
// CHECK:         %[[NB:.*]] = tensor.dim %[[O]], %{{.*}} : tensor<?xindex>
// CHECK:         scf.for %[[B:[^ ]+]] = %{{.*}} to %[[NB]]
// CHECK:           %[[Z:.*]] = affine.min
// CHECK-DAG:       %[[OS:.*]] = tensor.extract_slice %[[O]][%[[B]]] [%[[Z]]] [1] : tensor<?xindex> to tensor<?xindex>
// CHECK-DAG:       %[[IN:.*]] = arith.cmpi slt, %{{.*}}, %[[NB]] : index
// CHECK-DAG:       %[[N:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?xi32>
// CHECK-DAG:       %[[END:.*]] = arith.select %[[IN]], %{{.*}}, %[[N]] : index
// CHECK-DAG:       %[[CNT:.*]] = arith.addi %[[Z]], %{{.*}} : index
// CHECK-DAG:       %[[E:.*]] = tensor.empty(%[[CNT]]) : tensor<?xindex>
// CHECK:           %[[TO:.*]] = tensor.insert %[[END]] into %{{.*}}[%[[Z]]] : tensor<?xindex>
// CHECK:           gather.embedding_bag sum %{{.*}}[%[[I]]] offsets(%[[TO]] : tensor<?xindex>) {include_last_offset} : tensor<?x8xf32>, tensor<?xi32> -> tensor<?x8xf32>
func.func @ragged_dynamic(%t: tensor<?x8xf32>, %i: tensor<?xi32>, %o: tensor<?xindex>) -> tensor<?x8xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xindex>) : tensor<?x8xf32>, tensor<?xi32> -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The bag as a producer: the elementwise consumer is tiled with scf.forall
// and the bag fused into its loop, each iteration pooling only the bags and
// columns the consumer reads (generateResultTileValue).

// CHECK-LABEL: func.func @bag_as_producer
// CHECK-SAME:    (%[[T:.*]]: tensor<10x8xf32>, %[[I:.*]]: tensor<6x3xi64>)
// CHECK-NOT:     gather.embedding_bag
// CHECK:         scf.forall (%[[P:.*]], %[[Q:.*]]) in (3, 2) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<6x8xf32>)
// CHECK-DAG:       %[[B:.*]] = affine.apply #{{.*}}(%[[P]])
// CHECK-DAG:       %[[C:.*]] = affine.apply #{{.*}}(%[[Q]])
// CHECK-DAG:       %[[TS:.*]] = tensor.extract_slice %[[T]][0, %[[C]]] [10, 4] [1, 1] : tensor<10x8xf32> to tensor<10x4xf32>
// CHECK-DAG:       %[[IS:.*]] = tensor.extract_slice %[[I]][%[[B]], 0] [2, 3] [1, 1] : tensor<6x3xi64> to tensor<2x3xi64>
// CHECK:           %[[R:.*]] = gather.embedding_bag sum %[[TS]][%[[IS]]] : tensor<10x4xf32>, tensor<2x3xi64> -> tensor<2x4xf32>
// CHECK:           %[[SQ:.*]] = linalg.generic {{.*}} ins(%[[R]] : tensor<2x4xf32>)
// CHECK:             arith.mulf
// CHECK:           tensor.parallel_insert_slice %[[SQ]] into %[[OUT]][%[[B]], %[[C]]] [2, 4] [1, 1]
#id = affine_map<(i, j) -> (i, j)>
func.func @bag_as_producer(%t: tensor<10x8xf32>, %i: tensor<6x3xi64>) -> tensor<6x8xf32> {
  %g = gather.embedding_bag sum %t[%i] : tensor<10x8xf32>, tensor<6x3xi64> -> tensor<6x8xf32>
  %e = tensor.empty() : tensor<6x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%g : tensor<6x8xf32>) outs(%e : tensor<6x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.mulf %in, %in : f32
    linalg.yield %a : f32
  } -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %c tile_sizes [2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %g into %forall : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The bag as a consumer: tiled with scf.forall over the bags, the producer of
// its ids fused into the loop computes the ids of the tile's bags only.

// CHECK-LABEL: func.func @bag_as_consumer
// CHECK-SAME:    (%[[T:.*]]: tensor<10x8xf32>, %[[I:.*]]: tensor<6x3xi64>)
// CHECK:         scf.forall (%[[P:.*]]) in (3) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<6x8xf32>)
// CHECK:           %[[B:.*]] = affine.apply #{{.*}}(%[[P]])
// CHECK:           %[[IS:.*]] = tensor.extract_slice %[[I]][%[[B]], 0] [2, 3] [1, 1] : tensor<6x3xi64> to tensor<2x3xi64>
// CHECK:           %[[INC:.*]] = linalg.generic {{.*}} ins(%[[IS]] : tensor<2x3xi64>)
// CHECK:             arith.addi
// CHECK:           %[[R:.*]] = gather.embedding_bag sum %[[T]][%[[INC]]] : tensor<10x8xf32>, tensor<2x3xi64> -> tensor<2x8xf32>
// CHECK:           tensor.parallel_insert_slice %[[R]] into %[[OUT]][%[[B]], 0] [2, 8] [1, 1]
// CHECK-NOT:     linalg.generic
// CHECK:         return
#id = affine_map<(i, j) -> (i, j)>
func.func @bag_as_consumer(%t: tensor<10x8xf32>, %i: tensor<6x3xi64>) -> tensor<6x8xf32> {
  %e = tensor.empty() : tensor<6x3xi64>
  %one = arith.constant 1 : i64
  %inc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<6x3xi64>) outs(%e : tensor<6x3xi64>) {
  ^bb0(%in: i64, %out: i64):
    %a = arith.addi %in, %one : i64
    linalg.yield %a : i64
  } -> tensor<6x3xi64>
  %r = gather.embedding_bag sum %t[%inc] : tensor<10x8xf32>, tensor<6x3xi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %p into %forall : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

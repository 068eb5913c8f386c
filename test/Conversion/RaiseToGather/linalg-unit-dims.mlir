// RUN: gather-opt %s -split-input-file --raise-to-gather | FileCheck %s

// The linalg gather idiom where unit dimensions of the ids or of the table
// are read at a constant 0 and have no loop of their own: the gather's
// result has those unit dimensions, which are collapsed before the result
// is put in the order of the loops. batch_dims is the one for which every
// loop indexes exactly one dimension of the result. Look-alikes that read
// something else than whole unit dimensions stay as they are. (Execution
// tests against upstream MLIR: test/Integration/Raise/unit_dims.mlir.)

// IREE's lowering of `tensor.gather %t[%ids] gather_dims([1])` with the
// rank-reduced result: ids [4, 1] read through (d0, 0), the ids' loop
// first, the id in table dimension 1. The gather's result [3, 4, 1, 5]
// loses the unit dimension of the ids and is transposed to [4, 3, 5].
// CHECK-LABEL: func.func @iree_gather_dim1
// CHECK-SAME:    (%[[T:.*]]: tensor<3x7x5xf32>, %[[I:.*]]: tensor<4x1xi64>)
// CHECK-NEXT:    %[[G:.*]] = gather.gather %[[T]][%[[I]]] axis = 1 {indices_nonnegative} : tensor<3x7x5xf32>, tensor<4x1xi64>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0], [1], [2, 3]] : tensor<3x4x1x5xf32> into tensor<3x4x5xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x3x5xf32>
// CHECK-NEXT:    %[[R:.*]] = linalg.transpose ins(%[[C]] : tensor<3x4x5xf32>) outs(%[[E]] : tensor<4x3x5xf32>) permutation = [1, 0, 2]
// CHECK-NEXT:    return %[[R]]
func.func @iree_gather_dim1(%t: tensor<3x7x5xf32>, %ids: tensor<4x1xi64>) -> tensor<4x3x5xf32> {
  %0 = tensor.empty() : tensor<4x3x5xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<4x1xi64>) outs(%0 : tensor<4x3x5xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %t[%3, %2, %4] : tensor<3x7x5xf32>
    linalg.yield %extracted : f32
  } -> tensor<4x3x5xf32>
  return %1 : tensor<4x3x5xf32>
}

// -----

// The same on a table of rank 2: [5, 4, 1] collapsed to [5, 4], transposed.
// CHECK-LABEL: func.func @iree_gather_dim1_rank2
// CHECK-SAME:    (%[[T:.*]]: tensor<5x7xf32>, %[[I:.*]]: tensor<4x1xi32>)
// CHECK:         %[[G:.*]] = gather.gather %[[T]][%[[I]]] axis = 1 {indices_nonnegative} : tensor<5x7xf32>, tensor<4x1xi32>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0], [1, 2]] : tensor<5x4x1xf32> into tensor<5x4xf32>
// CHECK:         linalg.transpose ins(%[[C]] : tensor<5x4xf32>) outs(%{{.*}} : tensor<4x5xf32>) permutation = [1, 0]
func.func @iree_gather_dim1_rank2(%t: tensor<5x7xf32>, %ids: tensor<4x1xi32>) -> tensor<4x5xf32> {
  %0 = tensor.empty() : tensor<4x5xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4x1xi32>) outs(%0 : tensor<4x5xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 1 : index
    %extracted = tensor.extract %t[%3, %2] : tensor<5x7xf32>
    linalg.yield %extracted : f32
  } -> tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}

// -----

// The same with dynamic sizes.
// CHECK-LABEL: func.func @iree_gather_dim1_dynamic
// CHECK-SAME:    (%[[T:.*]]: tensor<?x?x?xf32>, %[[I:.*]]: tensor<?x1xi64>)
// CHECK:         %[[G:.*]] = gather.gather %[[T]][%[[I]]] axis = 1 {indices_nonnegative} : tensor<?x?x?xf32>, tensor<?x1xi64>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0], [1], [2, 3]] : tensor<?x?x1x?xf32> into tensor<?x?x?xf32>
// CHECK:         linalg.transpose ins(%[[C]] : tensor<?x?x?xf32>) outs(%{{.*}} : tensor<?x?x?xf32>) permutation = [1, 0, 2]
func.func @iree_gather_dim1_dynamic(%t: tensor<?x?x?xf32>, %ids: tensor<?x1xi64>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %ids, %c0 : tensor<?x1xi64>
  %a = tensor.dim %t, %c0 : tensor<?x?x?xf32>
  %b = tensor.dim %t, %c2 : tensor<?x?x?xf32>
  %0 = tensor.empty(%n, %a, %b) : tensor<?x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<?x1xi64>) outs(%0 : tensor<?x?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %t[%3, %2, %4] : tensor<?x?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// -----

// tt-mlir's embedding with a weight of leading unit dimensions [1, 1, V, D]
// read at 0, 0: the gather's result [1, 1, 2, 3, 4] loses them, no
// transpose.
// CHECK-LABEL: func.func @tt_embedding_unit_table
// CHECK-SAME:    (%[[I:.*]]: tensor<2x3xi32>, %[[W:.*]]: tensor<1x1x10x4xf32>)
// CHECK:         %[[G:.*]] = gather.gather %[[W]][%[[I]]] axis = 2 {indices_nonnegative} : tensor<1x1x10x4xf32>, tensor<2x3xi32>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1, 2], [3], [4]] : tensor<1x1x2x3x4xf32> into tensor<2x3x4xf32>
// CHECK-NEXT:    return %[[C]]
func.func @tt_embedding_unit_table(%arg0: tensor<2x3xi32>, %arg1: tensor<1x1x10x4xf32>) -> tensor<2x3x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x3xi32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%c0, %c0, %2, %3] : tensor<1x1x10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// The same with dynamic sizes (the unit dimensions stay static).
// CHECK-LABEL: func.func @tt_embedding_unit_table_dynamic
// CHECK-SAME:    (%[[I:.*]]: tensor<?x?xi32>, %[[W:.*]]: tensor<1x1x?x?xf32>)
// CHECK:         %[[G:.*]] = gather.gather %[[W]][%[[I]]] axis = 2 {indices_nonnegative} : tensor<1x1x?x?xf32>, tensor<?x?xi32>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1, 2], [3], [4]] : tensor<1x1x?x?x?xf32> into tensor<?x?x?xf32>
// CHECK-NEXT:    return %[[C]]
func.func @tt_embedding_unit_table_dynamic(%arg0: tensor<?x?xi32>, %arg1: tensor<1x1x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d0 = tensor.dim %arg0, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %arg0, %c1 : tensor<?x?xi32>
  %d2 = tensor.dim %arg1, %c3 : tensor<1x1x?x?xf32>
  %0 = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<?x?xi32>) outs(%0 : tensor<?x?x?xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%c0, %c0, %2, %3] : tensor<1x1x?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// -----

// With an element-wise tail (a scale per column): the tail's generic reads
// the collapsed gather through the loops of its dimensions.
// CHECK-LABEL: func.func @unit_table_tail
// CHECK-SAME:    (%[[I:.*]]: tensor<2x3xi32>, %[[W:.*]]: tensor<1x1x10x4xf32>, %[[S:.*]]: tensor<4xf32>)
// CHECK:         %[[G:.*]] = gather.gather %[[W]][%[[I]]] axis = 2 {indices_nonnegative} : tensor<1x1x10x4xf32>, tensor<2x3xi32>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1, 2], [3], [4]] : tensor<1x1x2x3x4xf32> into tensor<2x3x4xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[C]], %[[S]] : tensor<2x3x4xf32>, tensor<4xf32>)
// CHECK:           arith.mulf
// CHECK:         return %[[T]]
func.func @unit_table_tail(%arg0: tensor<2x3xi32>, %arg1: tensor<1x1x10x4xf32>, %scale: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %scale : tensor<2x3xi32>, tensor<4xf32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i32, %s: f32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%c0, %c0, %2, %3] : tensor<1x1x10x4xf32>
    %scaled = arith.mulf %extracted, %s : f32
    linalg.yield %scaled : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Both at once, with a unit ids dimension that keeps a loop of size 1 (the
// result's dimension 1) and one that has none: the gather's result
// [1, 1, 3, 1, 1, 4] keeps the first ids dimension and loses the others.
// CHECK-LABEL: func.func @unit_table_and_ids
// CHECK-SAME:    (%[[I:.*]]: tensor<3x1x1xi64>, %[[W:.*]]: tensor<1x1x10x4xf32>)
// CHECK:         %[[G:.*]] = gather.gather %[[W]][%[[I]]] axis = 2 {indices_nonnegative} : tensor<1x1x10x4xf32>, tensor<3x1x1xi64>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1, 2], [3], [4, 5]] : tensor<1x1x3x1x1x4xf32> into tensor<3x1x4xf32>
// CHECK-NEXT:    return %[[C]]
func.func @unit_table_and_ids(%ids: tensor<3x1x1xi64>, %w: tensor<1x1x10x4xf32>) -> tensor<3x1x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<3x1x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<3x1x1xi64>) outs(%0 : tensor<3x1x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %w[%c0, %c0, %2, %3] : tensor<1x1x10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<3x1x4xf32>
  return %1 : tensor<3x1x4xf32>
}

// -----

// Not raised: a constant 1 into dimension 1 of the table (of size 2): the
// gather of one slice of it.
// CHECK-LABEL: func.func @table_constant_one
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @table_constant_one(%arg0: tensor<2x3xi32>, %arg1: tensor<1x2x10x4xf32>) -> tensor<2x3x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x3xi32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%c0, %c1, %2, %3] : tensor<1x2x10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Not raised: the ids read through (d0, 1): column 1 of ids [4, 2] only.
// CHECK-LABEL: func.func @ids_constant_one
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @ids_constant_one(%t: tensor<3x7x5xf32>, %ids: tensor<4x2xi64>) -> tensor<4x3x5xf32> {
  %0 = tensor.empty() : tensor<4x3x5xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<4x2xi64>) outs(%0 : tensor<4x3x5xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %t[%3, %2, %4] : tensor<3x7x5xf32>
    linalg.yield %extracted : f32
  } -> tensor<4x3x5xf32>
  return %1 : tensor<4x3x5xf32>
}

// -----

// Not raised: the ids read through (d0, 0) where their dimension 1 has the
// size 2: column 0 only.
// CHECK-LABEL: func.func @ids_constant_zero_not_unit
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @ids_constant_zero_not_unit(%t: tensor<3x7x5xf32>, %ids: tensor<4x2xi64>) -> tensor<4x3x5xf32> {
  %0 = tensor.empty() : tensor<4x3x5xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<4x2xi64>) outs(%0 : tensor<4x3x5xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %t[%3, %2, %4] : tensor<3x7x5xf32>
    linalg.yield %extracted : f32
  } -> tensor<4x3x5xf32>
  return %1 : tensor<4x3x5xf32>
}

// -----

// Not raised: a constant 0 into dimension 0 of the table, of size 2: the
// gather of its first slice.
// CHECK-LABEL: func.func @table_constant_zero_not_unit
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @table_constant_zero_not_unit(%arg0: tensor<2x3xi32>, %arg1: tensor<2x1x10x4xf32>) -> tensor<2x3x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x3xi32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%c0, %c0, %2, %3] : tensor<2x1x10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Not raised: unit dimension 0 of the table read with the loop d0 of size 2
// (a loop longer than the table).
// CHECK-LABEL: func.func @unit_table_dim_long_loop
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @unit_table_dim_long_loop(%arg0: tensor<3xi32>, %arg1: tensor<1x1x10x4xf32>) -> tensor<2x3x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<3xi32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 0 : index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%3, %c0, %2, %4] : tensor<1x1x10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Not raised: a loop of size 2 that indexes no dimension of the table or
// the ids, beside a unit dimension of the table without a loop (each row
// written twice: a broadcast).
// CHECK-LABEL: func.func @broadcast_beside_unit_table
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @broadcast_beside_unit_table(%arg0: tensor<3xi32>, %arg1: tensor<1x10x4xf32>) -> tensor<2x3x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<3xi32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%c0, %2, %3] : tensor<1x10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

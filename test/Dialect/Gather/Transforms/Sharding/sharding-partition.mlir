// The partitioned (per-process) form of gather.gather for each supported
// sharding, through gather-shard-partition (upstream propagation and
// partitioning with the sharding model of gather.gather).
// RUN: gather-opt %s --gather-shard-partition --split-input-file | FileCheck %s

shard.grid @grid(shape = 2)

// The table split along a dimension that is not gathered: a local gather on
// the local columns, no communication.
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
// CHECK-LABEL: func.func @columns
// CHECK-SAME:    (%[[T:.*]]: tensor<8x2xf32>, %[[I:.*]]: tensor<6xi64>) -> tensor<6x2xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[T]][%[[I]]] : tensor<8x2xf32>, tensor<6xi64>
// CHECK-NEXT:    return %[[R]] : tensor<6x2xf32>
func.func @columns(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %t = shard.shard %table to %cols : tensor<8x4xf32>
  %r = gather.gather %t[%ids] : tensor<8x4xf32>, tensor<6xi64>
  return %r : tensor<6x4xf32>
}

// -----

shard.grid @grid(shape = 2)

// The ids split: each process gathers its ids from the whole table.
// CHECK-LABEL: func.func @ids
// CHECK-SAME:    (%[[T:.*]]: tensor<8x4xf32>, %[[I:.*]]: tensor<3xi64>) -> tensor<3x4xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[T]][%[[I]]] : tensor<8x4xf32>, tensor<3xi64>
// CHECK-NEXT:    return %[[R]] : tensor<3x4xf32>
func.func @ids(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %i = shard.shard %ids to %split : tensor<6xi64>
  %r = gather.gather %table[%i] : tensor<8x4xf32>, tensor<6xi64>
  return %r : tensor<6x4xf32>
}

// -----

shard.grid @grid(shape = 2)

// 5 ids over 2 processes (3 + 2): explicit offsets, dynamic local sizes.
// CHECK-LABEL: func.func @ids_uneven
// CHECK-SAME:    (%[[T:.*]]: tensor<8x4xf32>, %[[I:.*]]: tensor<?xi32>) -> tensor<?x4xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[T]][%[[I]]] : tensor<8x4xf32>, tensor<?xi32>
// CHECK-NEXT:    return %[[R]] : tensor<?x4xf32>
func.func @ids_uneven(%table: tensor<8x4xf32>, %ids: tensor<5xi32>) -> tensor<5x4xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %i = shard.shard %ids to %split : tensor<5xi32>
  %r = gather.gather %table[%i] : tensor<8x4xf32>, tensor<5xi32>
  return %r : tensor<5x4xf32>
}

// -----

shard.grid @grid(shape = 2)

// batch_dims = 1 with data and ids split alike along the batch dimension.
// CHECK-LABEL: func.func @batch
// CHECK-SAME:    (%[[D:.*]]: tensor<1x8x4xf32>, %[[I:.*]]: tensor<1x5xi64>) -> tensor<1x5x4xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[D]][%[[I]]] axis = 1 batch_dims = 1 : tensor<1x8x4xf32>, tensor<1x5xi64>
// CHECK-NEXT:    return %[[R]] : tensor<1x5x4xf32>
func.func @batch(%data: tensor<2x8x4xf32>, %ids: tensor<2x5xi64>) -> tensor<2x5x4xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %d = shard.shard %data to %split : tensor<2x8x4xf32>
  %i = shard.shard %ids to %split : tensor<2x5xi64>
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x8x4xf32>, tensor<2x5xi64>
  return %r : tensor<2x5x4xf32>
}

// -----

shard.grid @grid(shape = 2)

// A row-split table (8 rows, 4 per process) with replicated ids: under
// bounds-check=assert (the default) every process first looks for an
// out-of-range id (all of them hold the same ids) and stops the group with
// exchange.abort; then the shard offset of this process, the ids wrapped
// and made local, the rows held here as integer bits (0 elsewhere), their
// all-reduce sum (exactly the holder's bits) and the floats again.
// CHECK-DAG:   #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG:   #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @rows
// CHECK-SAME:    (%[[T:.*]]: tensor<4x4xf32>, %[[I:.*]]: tensor<6xi64>) -> tensor<6x4xf32>
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : i64
// CHECK-DAG:     %[[CM8:.*]] = arith.constant -8 : i64
// CHECK:         %[[BAD:.*]]:2 = scf.for
// CHECK:           %[[E:.*]] = tensor.extract %[[I]]
// CHECK:           arith.cmpi slt, %[[E]], %[[CM8]] : i64
// CHECK:           arith.cmpi sge, %[[E]], %[[C8]] : i64
// CHECK:         scf.if %[[BAD]]#0 {
// CHECK:           exchange.abort over [2] axes [0] "gather: index %lld is out of bounds for a dimension of size %lld"(%[[BAD]]#1, %{{.*}}) : i64, i64
// CHECK:         %[[P:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK:         %[[OFFS:.*]] = arith.constant dense<[0, 4]> : tensor<2xindex>
// CHECK:         %[[OFF:.*]] = tensor.extract %[[OFFS]][%[[P]]]
// CHECK:         %[[LOCAL:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<4x4xf32>
// CHECK:         %[[OFF64:.*]] = arith.index_cast %[[OFF]] : index to i64
// CHECK:         %[[LOCAL64:.*]] = arith.index_cast %[[LOCAL]] : index to i64
// CHECK:         %[[POS:.*]]:2 = linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[I]] : tensor<6xi64>)
// CHECK-NEXT:    ^bb0(%[[K:.*]]: i64, %{{.*}}: i64, %{{.*}}: i1):
// CHECK-DAG:       %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG:       %[[ROWS:.*]] = arith.constant 8 : i64
// CHECK:           %[[NEG:.*]] = arith.cmpi slt, %[[K]], %[[ZERO]]
// CHECK:           %[[KW:.*]] = arith.addi %[[K]], %[[ROWS]]
// CHECK:           %[[W:.*]] = arith.select %[[NEG]], %[[KW]], %[[K]]
// CHECK:           %[[C1:.*]] = arith.maxsi %[[W]], %[[ZERO]]
// CHECK:           %[[LAST:.*]] = arith.constant 7 : i64
// CHECK:           %[[C2:.*]] = arith.minsi %[[C1]], %[[LAST]]
// CHECK:           %[[L:.*]] = arith.subi %[[C2]], %[[OFF64]]
// CHECK:           %[[GE:.*]] = arith.cmpi sge, %[[L]], %[[ZERO]]
// CHECK:           %[[LT:.*]] = arith.cmpi slt, %[[L]], %[[LOCAL64]]
// CHECK:           %[[MINE:.*]] = arith.andi %[[GE]], %[[LT]]
// CHECK:           %[[SAFE:.*]] = arith.select %[[MINE]], %[[L]], %[[ZERO]]
// CHECK:           linalg.yield %[[SAFE]], %[[MINE]] : i64, i1
// CHECK:         %[[G:.*]] = gather.gather %[[T]][%[[POS]]#0] {indices_in_range, indices_nonnegative} : tensor<4x4xf32>, tensor<6xi64>
// CHECK:         %[[Z:.*]] = arith.constant 0 : i32
// CHECK:         %[[M:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[G]], %[[POS]]#1 : tensor<6x4xf32>, tensor<6xi1>) outs(%{{.*}} : tensor<6x4xi32>)
// CHECK-NEXT:    ^bb0(%[[V:.*]]: f32, %[[H:.*]]: i1, %{{.*}}: i32):
// CHECK-NEXT:      %[[B:.*]] = arith.bitcast %[[V]] : f32 to i32
// CHECK-NEXT:      %[[S:.*]] = arith.select %[[H]], %[[B]], %[[Z]] : i32
// CHECK-NEXT:      linalg.yield %[[S]] : i32
// CHECK:         %[[SUM:.*]] = shard.all_reduce %[[M]] on @grid grid_axes = [0] : tensor<6x4xi32> -> tensor<6x4xi32>
// CHECK:         %[[F:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]]], {{.*}} ins(%[[SUM]] : tensor<6x4xi32>) outs(%{{.*}} : tensor<6x4xf32>)
// CHECK-NEXT:    ^bb0(%[[I32:.*]]: i32, %{{.*}}: f32):
// CHECK-NEXT:      arith.bitcast %[[I32]] : i32 to f32
// CHECK:         return %[[F]] : tensor<6x4xf32>
func.func @rows(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<8x4xf32>
  %r = gather.gather %t[%ids] : tensor<8x4xf32>, tensor<6xi64>
  return %r : tensor<6x4xf32>
}

// -----

shard.grid @grid4(shape = 4)

// 10 rows over 4 processes (3, 3, 2, 2), i32 data and index ids: explicit
// offsets, a dynamic local table, the integers masked in place.
// CHECK-LABEL: func.func @rows_uneven
// CHECK-SAME:    (%[[T:.*]]: tensor<?x3xi32>, %[[I:.*]]: tensor<2x3xindex>) -> tensor<2x3x3xi32>
// CHECK:         %[[P:.*]] = shard.process_multi_index on @grid4 axes = [0] : index
// CHECK:         arith.constant dense<[0, 3, 6, 8]> : tensor<4xindex>
// CHECK:         ^bb0(%[[K:.*]]: index, %{{.*}}: i64, %{{.*}}: i1):
// CHECK-NEXT:      arith.index_cast %[[K]] : index to i64
// CHECK:           arith.constant 10 : i64
// CHECK:           arith.constant 9 : i64
// CHECK:         gather.gather %[[T]][%{{.*}}#0] {indices_in_range, indices_nonnegative} : tensor<?x3xi32>, tensor<2x3xi64>
// CHECK:         %[[Z:.*]] = arith.constant 0 : i32
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3x3xi32>)
// CHECK:         arith.select %{{.*}}, %{{.*}}, %[[Z]] : i32
// CHECK:         shard.all_reduce %{{.*}} on @grid4 grid_axes = [0] : tensor<2x3x3xi32> -> tensor<2x3x3xi32>
func.func @rows_uneven(%table: tensor<10x3xi32>, %ids: tensor<2x3xindex>) -> tensor<2x3x3xi32> {
  %rows = shard.sharding @grid4 split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<10x3xi32>
  %r = gather.gather %t[%ids] : tensor<10x3xi32>, tensor<2x3xindex>
  return %r : tensor<2x3x3xi32>
}

// -----

shard.grid @grid(shape = 2)

// A caller written against the global types passes this process's block
// of the table: rows [4 * p, 4 * p + 4).
// CHECK-LABEL: func.func @lookup
// CHECK-SAME:    (%{{.*}}: tensor<4x4xf32>, %{{.*}}: tensor<6xi64>) -> tensor<6x4xf32>
// CHECK-NOT:     gather.sharding
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[T:.*]]: tensor<8x4xf32>, %[[I:.*]]: tensor<6xi64>)
// CHECK:         %[[P:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[START:.*]] = arith.muli %[[P]], %[[C4]] : index
// CHECK:         %[[BLOCK:.*]] = tensor.extract_slice %[[T]][%[[START]], 0] [4, 4] [1, 1] : tensor<8x4xf32> to tensor<4x4xf32>
// CHECK:         call @lookup(%[[BLOCK]], %[[I]]) : (tensor<4x4xf32>, tensor<6xi64>) -> tensor<6x4xf32>
func.func @lookup(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<8x4xf32>
  %r = gather.gather %t[%ids] : tensor<8x4xf32>, tensor<6xi64>
  return %r : tensor<6x4xf32>
}
func.func @caller(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %r = call @lookup(%table, %ids) : (tensor<8x4xf32>, tensor<6xi64>) -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// -----

shard.grid @grid(shape = 4)

// An uneven split at a call: the block's start and size come from the
// offsets [0, 3, 6, 8, 10].
// CHECK-LABEL: func.func @caller_uneven
// CHECK:         %[[P:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK:         %[[STARTS:.*]] = arith.constant dense<[0, 3, 6, 8]> : tensor<4xindex>
// CHECK:         %[[START:.*]] = tensor.extract %[[STARTS]][%[[P]]]
// CHECK:         %[[SIZES:.*]] = arith.constant dense<[3, 3, 2, 2]> : tensor<4xindex>
// CHECK:         %[[SIZE:.*]] = tensor.extract %[[SIZES]][%[[P]]]
// CHECK:         %[[BLOCK:.*]] = tensor.extract_slice %{{.*}}[%[[START]], 0] [%[[SIZE]], 3] [1, 1] : tensor<10x3xf32> to tensor<?x3xf32>
// CHECK:         call @lookup_uneven(%[[BLOCK]], %{{.*}}) : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
func.func @lookup_uneven(%table: tensor<10x3xf32>, %ids: tensor<2xi64>) -> tensor<2x3xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<10x3xf32>
  %r = gather.gather %t[%ids] : tensor<10x3xf32>, tensor<2xi64>
  return %r : tensor<2x3xf32>
}
func.func @caller_uneven(%table: tensor<10x3xf32>, %ids: tensor<2xi64>) -> tensor<2x3xf32> {
  %r = call @lookup_uneven(%table, %ids) : (tensor<10x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

shard.grid @grid(shape = 2)

// batch_dims = 1 with the gathered dimension (data dimension 1) split: the
// mask of rows held here follows the ids' dimensions (result dimensions 0
// and 1), and the partial results are summed as bits.
// CHECK-DAG:   #[[IDS2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[RES3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[MASK:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @batch_rows
// CHECK-SAME:    (%[[D:.*]]: tensor<2x4x4xf32>, %[[I:.*]]: tensor<2x5xi64>) -> tensor<2x5x4xf32>
// CHECK:         %[[POS:.*]]:2 = linalg.generic {indexing_maps = [#[[IDS2]], #[[IDS2]], #[[IDS2]]], {{.*}} ins(%[[I]] : tensor<2x5xi64>)
// CHECK:         %[[G:.*]] = gather.gather %[[D]][%[[POS]]#0] axis = 1 batch_dims = 1 {indices_in_range, indices_nonnegative} : tensor<2x4x4xf32>, tensor<2x5xi64>
// CHECK:         %[[M:.*]] = linalg.generic {indexing_maps = [#[[RES3]], #[[MASK]], #[[RES3]]], {{.*}} ins(%[[G]], %[[POS]]#1 : tensor<2x5x4xf32>, tensor<2x5xi1>)
// CHECK:         shard.all_reduce %[[M]] on @grid grid_axes = [0] : tensor<2x5x4xi32> -> tensor<2x5x4xi32>
func.func @batch_rows(%data: tensor<2x8x4xf32>, %ids: tensor<2x5xi64>) -> tensor<2x5x4xf32> {
  %split = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %d = shard.shard %data to %split : tensor<2x8x4xf32>
  %r = gather.gather %d[%ids] axis = 1 batch_dims = 1 : tensor<2x8x4xf32>, tensor<2x5xi64>
  return %r : tensor<2x5x4xf32>
}

// -----

shard.grid @grid(shape = 2)

// f16 rows and signed ids: the bits go as i16; each id value is cast to
// signless for the arithmetic.
// CHECK-LABEL: func.func @rows_f16
// CHECK:         linalg.generic
// CHECK:           builtin.unrealized_conversion_cast %{{.*}} : si32 to i32
// CHECK:           arith.extsi %{{.*}} : i32 to i64
// CHECK:         gather.gather {{.*}} : tensor<4x4xf16>, tensor<6xi64>
// CHECK:           arith.bitcast %{{.*}} : f16 to i16
// CHECK:         shard.all_reduce %{{.*}} : tensor<6x4xi16> -> tensor<6x4xi16>
// CHECK:           arith.bitcast %{{.*}} : i16 to f16
func.func @rows_f16(%table: tensor<8x4xf16>, %ids: tensor<6xsi32>) -> tensor<6x4xf16> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<8x4xf16>
  %r = gather.gather %t[%ids] : tensor<8x4xf16>, tensor<6xsi32>
  return %r : tensor<6x4xf16>
}

// -----

shard.grid @grid(shape = 4)

// 3 rows over 4 processes: the last holds none and contributes zeros (an
// scf.if on its number of rows), the others their rows' bits.
// CHECK-LABEL: func.func @too_few_rows
// CHECK-SAME:    (%[[T:.*]]: tensor<?x4xf32>, %{{.*}}: tensor<6xi64>)
// CHECK:         %[[N:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?x4xf32>
// CHECK:         %[[EMPTY:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK:         %[[BITS:.*]] = scf.if %[[EMPTY]] -> (tensor<6x4xi32>) {
// CHECK:           linalg.fill
// CHECK:         } else {
// CHECK:           gather.gather
// CHECK:         shard.all_reduce %[[BITS]]
func.func @too_few_rows(%table: tensor<3x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<3x4xf32>
  %r = gather.gather %t[%ids] : tensor<3x4xf32>, tensor<6xi64>
  return %r : tensor<6x4xf32>
}

// -----

// Grids of two axes: the shard of this process is its index along the grid
// axes that split the rows, not along the first axis of the grid. Rows
// split over axis 1 of a 2x3 grid: the shard is the axis-1 index (offsets
// [0, 2, 4]); rows split over both axes, axis 0 major: 0..5 = 3 * i0 + i1.
// CHECK-LABEL: func.func @grid2d_axis1
// CHECK:         %[[P:.*]] = shard.process_multi_index on @grid23 axes = [1] : index
// CHECK:         %[[OFFS:.*]] = arith.constant dense<[0, 2, 4]> : tensor<3xindex>
// CHECK:         tensor.extract %[[OFFS]][%[[P]]]
// CHECK-LABEL: func.func @grid2d_both
// CHECK:         %[[P:.*]]:2 = shard.process_multi_index on @grid23 axes = [0, 1] : index, index
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[MAJOR:.*]] = arith.muli %[[P]]#0, %[[C3]] : index
// CHECK:         %[[S:.*]] = arith.addi %[[MAJOR]], %[[P]]#1 : index
// CHECK:         %[[OFFS:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xindex>
// CHECK:         tensor.extract %[[OFFS]][%[[S]]]
shard.grid @grid23(shape = 2x3)
func.func @grid2d_axis1(%table: tensor<6x4xf32>, %ids: tensor<5xi64>) -> tensor<5x4xf32> {
  %rows = shard.sharding @grid23 split_axes = [[1]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<6x4xf32>
  %rep = shard.sharding @grid23 split_axes = [[]] : !shard.sharding
  %i = shard.shard %ids to %rep : tensor<5xi64>
  %g = gather.gather %t[%i] : tensor<6x4xf32>, tensor<5xi64>
  %r = shard.shard %g to %rep : tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}
func.func @grid2d_both(%table: tensor<6x4xf32>, %ids: tensor<5xi64>) -> tensor<5x4xf32> {
  %rows = shard.sharding @grid23 split_axes = [[0, 1]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<6x4xf32>
  %rep = shard.sharding @grid23 split_axes = [[]] : !shard.sharding
  %i = shard.shard %ids to %rep : tensor<5xi64>
  %g = gather.gather %t[%i] : tensor<6x4xf32>, tensor<5xi64>
  %r = shard.shard %g to %rep : tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}

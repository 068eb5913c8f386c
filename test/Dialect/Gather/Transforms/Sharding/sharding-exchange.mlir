// The exchange form: a table split by rows gathered with ids split over the
// same grid axes (data parallel), the result split like the ids.
// RUN: gather-opt %s --gather-shard-partition --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-shard-partition=bounds-check=clamp --split-input-file | FileCheck %s --check-prefix=CLAMP
// RUN: gather-opt %s --gather-shard-partition=bounds-check=none --split-input-file | FileCheck %s --check-prefix=NONE

// 11 rows over 2 processes (6 + 5) and 6 ids (3 each): the case that was
// refused (all_gather of the table) or crashed (uneven rows). Each id's
// owner comes from the shard starts [0, 6] (a search, the split is uneven)
// and the owner's local row; the counts, each process's out-of-range flag
// and first bad id go to every member (shard.all_to_all); ids in owner
// order go to their owners, the rows they ask for come back, and a gather
// by each id's position in owner order puts them in place.
// CHECK-LABEL: func.func @lookup
// CHECK-SAME:    (%[[T:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<3xi64>) -> tensor<3x4xf32>
// CHECK:         %[[STARTS:.*]] = arith.constant dense<[0, 6]> : tensor<2xi64>
// CHECK:         %[[PASS:.*]]:5 = scf.for
// CHECK:           %[[K:.*]] = tensor.extract %[[I]]
// CHECK:           arith.cmpi slt, %[[K]]
// CHECK:           tensor.extract %[[STARTS]]
// CHECK:           arith.subi
// CHECK:           tensor.insert
// CHECK:         %[[MSG:.*]] = scf.for {{.*}} -> (tensor<2x3xi64>)
// CHECK:         %[[IN:.*]] = shard.all_to_all %[[MSG]] on @grid grid_axes = [0] split_axis = 0 concat_axis = 0 : tensor<2x3xi64> -> tensor<2x3xi64>
// CHECK:         %[[RECV:.*]]:3 = scf.for {{.*}} -> (tensor<2xi64>, i1, i64)
// CHECK:         scf.if %[[RECV]]#1 {
// CHECK:           exchange.abort over [2] axes [0] "gather: index %lld is out of bounds for a dimension of size %lld"(%[[RECV]]#2, %{{.*}}) : i64, i64
// CHECK:         %[[SLOTS:.*]]:3 = scf.for
// CHECK:         %[[HERE:.*]] = exchange.all_to_all_v %[[SLOTS]]#1, %[[PASS]]#0, %[[RECV]]#0 on @grid grid_axes = [0] : tensor<3xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?xi64>
// CHECK:         %[[ROWS:.*]] = gather.gather %[[T]][%[[HERE]]] {indices_in_range, indices_nonnegative} : tensor<?x4xf32>, tensor<?xi64>
// CHECK:         %[[BACK:.*]] = exchange.all_to_all_v %[[ROWS]], %[[RECV]]#0, %[[PASS]]#0 on @grid grid_axes = [0] : tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<3x4xf32>
// CHECK:         %[[R:.*]] = gather.gather %[[BACK]][%[[SLOTS]]#2] {indices_in_range, indices_nonnegative} : tensor<3x4xf32>, tensor<3xi64>
// CHECK:         return %[[R]] : tensor<3x4xf32>
// CLAMP-LABEL: func.func @lookup
// CLAMP:         scf.for
// CLAMP:           arith.maxsi
// CLAMP:           arith.minsi
// CLAMP-NOT:     exchange.abort
// CLAMP:         exchange.all_to_all_v
// NONE-LABEL:  func.func @lookup
// NONE-NOT:      exchange.abort
// NONE:          exchange.all_to_all_v
module {
  shard.grid @grid(shape = 2)
  func.func @lookup(%table: tensor<11x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<11x4xf32>
    %i = shard.shard %ids to %rows : tensor<6xi64>
    %g = gather.gather %t[%i] : tensor<11x4xf32>, tensor<6xi64>
    %r = shard.shard %g to %rows : tensor<6x4xf32>
    return %r : tensor<6x4xf32>
  }
}

// -----

// The boundaries of the first pass, 10 rows over 3 processes (shards start
// at rows 0, 4 and 7): an id is out of range from the row count 10 on
// (`w < 10`, so that 10 and -11 are reported under assert), and the owner
// of a row is the last member whose shard starts at or before it (`start
// <= w`, so that rows 4 and 7 go to members 1 and 2, not to the members
// before them), found in two steps of a binary search (steps 2 and 1).
// CHECK-LABEL: func.func @boundaries
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG:     %[[STARTS:.*]] = arith.constant dense<[0, 4, 7]> : tensor<3xi64>
// CHECK:         scf.for
// CHECK:           %[[K:.*]] = tensor.extract
// CHECK:           %[[ROWS:.*]] = arith.constant 10 : i64
// CHECK:           %[[NEG:.*]] = arith.cmpi slt, %[[K]], %[[ZERO]] : i64
// CHECK:           %[[SHIFTED:.*]] = arith.addi %[[K]], %[[ROWS]] : i64
// CHECK:           %[[W:.*]] = arith.select %[[NEG]], %[[SHIFTED]], %[[K]] : i64
// CHECK:           %[[ABOVE:.*]] = arith.cmpi sge, %[[W]], %[[ZERO]] : i64
// CHECK:           %[[BELOW:.*]] = arith.cmpi slt, %[[W]], %[[ROWS]] : i64
// CHECK:           %[[VALID:.*]] = arith.andi %[[ABOVE]], %[[BELOW]] : i1
// CHECK:           %[[TWO:.*]] = arith.constant 2 : i64
// CHECK:           %[[C2:.*]] = arith.addi %[[FIRST:.*]], %[[TWO]] : i64
// CHECK:           %[[S2:.*]] = tensor.extract %[[STARTS]]
// CHECK:           %[[FITS2:.*]] = arith.cmpi sle, %[[S2]], %[[W]] : i64
// CHECK:           %[[IN2:.*]] = arith.andi %[[FITS2]], %{{.*}} : i1
// CHECK:           %[[O2:.*]] = arith.select %[[IN2]], %[[C2]], %[[FIRST]] : i64
// CHECK:           %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:           %[[C1:.*]] = arith.addi %[[O2]], %[[ONE]] : i64
// CHECK:           %[[S1:.*]] = tensor.extract %[[STARTS]]
// CHECK:           %[[FITS1:.*]] = arith.cmpi sle, %[[S1]], %[[W]] : i64
// CHECK:           %[[IN1:.*]] = arith.andi %[[FITS1]], %{{.*}} : i1
// CHECK:           arith.select %[[IN1]], %[[C1]], %[[O2]] : i64
// CHECK:           %[[TRUE:.*]] = arith.constant true
// CHECK:           %[[BAD:.*]] = arith.xori %[[VALID]], %[[TRUE]] : i1
// CHECK:           arith.ori %{{.*}}, %[[BAD]] : i1
shard.grid @grid(shape = 3)
func.func @boundaries(%table: tensor<10x2xf32>, %ids: tensor<6xi64>) -> tensor<6x2xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<10x2xf32>
  %i = shard.shard %ids to %rows : tensor<6xi64>
  %g = gather.gather %t[%i] : tensor<10x2xf32>, tensor<6xi64>
  %r = shard.shard %g to %rows : tensor<6x2xf32>
  return %r : tensor<6x2xf32>
}

// -----

// 12 rows over 2 (even): the owner is the global row divided by 6.
// CHECK-LABEL: func.func @even
// CHECK-SAME:    (%{{.*}}: tensor<6x4xf32>, %{{.*}}: tensor<3xi64>) -> tensor<3x4xf32>
// CHECK:         scf.for
// CHECK:           %[[SIX:.*]] = arith.constant 6 : i64
// CHECK:           arith.divsi %{{.*}}, %[[SIX]] : i64
// CHECK:         exchange.all_to_all_v
// CHECK:         exchange.all_to_all_v
shard.grid @grid(shape = 2)
func.func @even(%table: tensor<12x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<12x4xf32>
  %i = shard.shard %ids to %rows : tensor<6xi64>
  %g = gather.gather %t[%i] : tensor<12x4xf32>, tensor<6xi64>
  %r = shard.shard %g to %rows : tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// -----

// A grid of one process, and a split over an axis of size 1, partition to
// the plain gather: no collective.
// CHECK-LABEL: func.func @one
// CHECK-SAME:    (%[[T:.*]]: tensor<11x4xf32>, %[[I:.*]]: tensor<6xi64>) -> tensor<6x4xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[T]][%[[I]]] : tensor<11x4xf32>, tensor<6xi64>
// CHECK-NEXT:    return %[[R]]
// CHECK-LABEL: func.func @unit_axis
// CHECK-SAME:    (%[[T:.*]]: tensor<11x4xf32>, %[[I:.*]]: tensor<6xi64>) -> tensor<6x4xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[T]][%[[I]]] : tensor<11x4xf32>, tensor<6xi64>
// CHECK-NEXT:    return %[[R]]
shard.grid @single(shape = 1)
shard.grid @wide(shape = 1x2)
func.func @one(%table: tensor<11x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @single split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<11x4xf32>
  %i = shard.shard %ids to %rows : tensor<6xi64>
  %g = gather.gather %t[%i] : tensor<11x4xf32>, tensor<6xi64>
  %r = shard.shard %g to %rows : tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}
func.func @unit_axis(%table: tensor<11x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @wide split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<11x4xf32>
  %i = shard.shard %ids to %rows : tensor<6xi64>
  %g = gather.gather %t[%i] : tensor<11x4xf32>, tensor<6xi64>
  %r = shard.shard %g to %rows : tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// -----

// A 2x2 grid: rows over axis 1 and columns over axis 0; 2-D i32 ids split
// along their second dimension over axis 1. The exchange runs within each
// group along axis 1 on this process's columns; the ids are flattened and
// the rows put back in their shape.
// CHECK-LABEL: func.func @grid2d
// CHECK-SAME:    (%[[T:.*]]: tensor<4x2xf32>, %[[I:.*]]: tensor<2x3xi32>) -> tensor<2x3x2xf32>
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[I]] {{\[\[}}0, 1]] : tensor<2x3xi32> into tensor<6xi32>
// CHECK:         scf.for
// CHECK:           tensor.extract %[[FLAT]]
// CHECK:           arith.extsi %{{.*}} : i32 to i64
// CHECK:         shard.all_to_all %{{.*}} on @grid grid_axes = [1]
// CHECK:         exchange.abort over [2, 2] axes [1]
// CHECK:         exchange.all_to_all_v %{{.*}} on @grid grid_axes = [1] : tensor<6xi64>
// CHECK:         exchange.all_to_all_v %{{.*}} on @grid grid_axes = [1] : tensor<?x2xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<6x2xf32>
// CHECK:         %[[R:.*]] = gather.gather
// CHECK:         tensor.expand_shape %[[R]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 2] : tensor<6x2xf32> into tensor<2x3x2xf32>
shard.grid @grid(shape = 2x2)
func.func @grid2d(%table: tensor<8x4xf32>, %ids: tensor<2x6xi32>) -> tensor<2x6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[1], [0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<8x4xf32>
  %is = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  %i = shard.shard %ids to %is : tensor<2x6xi32>
  %g = gather.gather %t[%i] : tensor<8x4xf32>, tensor<2x6xi32>
  %rs = shard.sharding @grid split_axes = [[], [1], [0]] : !shard.sharding
  %r = shard.shard %g to %rs : tensor<2x6x4xf32>
  return %r : tensor<2x6x4xf32>
}

// -----

// Unsigned ids are never negative: no wrap, one unsigned comparison; the
// signedness goes with a cast of each value (as in the CPU lowering).
// CHECK-LABEL: func.func @unsigned
// CHECK:         scf.for
// CHECK:           %[[U:.*]] = tensor.extract %{{.*}} : tensor<3xui32>
// CHECK:           %[[K:.*]] = builtin.unrealized_conversion_cast %[[U]] : ui32 to i32
// CHECK:           %[[W:.*]] = arith.extui %[[K]] : i32 to i64
// CHECK:           arith.cmpi ult, %[[W]]
shard.grid @grid(shape = 2)
func.func @unsigned(%table: tensor<12x4xf32>, %ids: tensor<6xui32>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<12x4xf32>
  %i = shard.shard %ids to %rows : tensor<6xui32>
  %g = gather.gather %t[%i] : tensor<12x4xf32>, tensor<6xui32>
  %r = shard.shard %g to %rows : tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// -----

// A caller written against the global types gets the whole result back:
// the split result gathered (shard.all_gather; 12 ids over 4 are even).
// CHECK-LABEL: func.func @caller
// CHECK:         %[[R:.*]] = call @batch(%{{.*}}, %{{.*}}) : (tensor<?x3xf32>, tensor<3xi64>) -> tensor<3x3xf32>
// CHECK:         %[[ALL:.*]] = shard.all_gather %[[R]] on @grid grid_axes = [0] gather_axis = 0 : tensor<3x3xf32> -> tensor<12x3xf32>
// CHECK:         return %[[ALL]] : tensor<12x3xf32>
shard.grid @grid(shape = 4)
func.func @batch(%table: tensor<10x3xf32>, %ids: tensor<12xi64>) -> tensor<12x3xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %split : tensor<10x3xf32>
  %i = shard.shard %ids to %split : tensor<12xi64>
  %g = gather.gather %t[%i] : tensor<10x3xf32>, tensor<12xi64>
  %r = shard.shard %g to %split : tensor<12x3xf32>
  return %r : tensor<12x3xf32>
}
func.func @caller(%table: tensor<10x3xf32>, %ids: tensor<12xi64>) -> tensor<12x3xf32> {
  %r = call @batch(%table, %ids) : (tensor<10x3xf32>, tensor<12xi64>) -> tensor<12x3xf32>
  return %r : tensor<12x3xf32>
}

// -----

// 10 ids over 4 processes (3, 3, 2, 2): the result blocks are padded to 3
// rows, gathered, and each block's rows copied to its place.
// CHECK-LABEL: func.func @caller_uneven
// CHECK:         %[[R:.*]] = call @batch_uneven({{.*}}) : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
// CHECK:         %[[PAD:.*]] = tensor.insert_slice %[[R]] into %{{.*}}[0, 0] [%{{.*}}, 3] [1, 1] : tensor<?x3xf32> into tensor<3x3xf32>
// CHECK:         %[[ALL:.*]] = shard.all_gather %[[PAD]] on @grid grid_axes = [0] gather_axis = 0 : tensor<3x3xf32> -> tensor<12x3xf32>
// CHECK:         tensor.extract_slice %[[ALL]][0, 0] [3, 3] [1, 1]
// CHECK:         tensor.extract_slice %[[ALL]][3, 0] [3, 3] [1, 1]
// CHECK:         tensor.extract_slice %[[ALL]][6, 0] [2, 3] [1, 1]
// CHECK:         tensor.extract_slice %[[ALL]][9, 0] [2, 3] [1, 1]
// CHECK:         %[[W:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[8, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<10x3xf32>
// CHECK:         return %[[W]] : tensor<10x3xf32>
shard.grid @grid(shape = 4)
func.func @batch_uneven(%table: tensor<10x3xf32>, %ids: tensor<10xi64>) -> tensor<10x3xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %split : tensor<10x3xf32>
  %i = shard.shard %ids to %split : tensor<10xi64>
  %g = gather.gather %t[%i] : tensor<10x3xf32>, tensor<10xi64>
  %r = shard.shard %g to %split : tensor<10x3xf32>
  return %r : tensor<10x3xf32>
}
func.func @caller_uneven(%table: tensor<10x3xf32>, %ids: tensor<10xi64>) -> tensor<10x3xf32> {
  %r = call @batch_uneven(%table, %ids) : (tensor<10x3xf32>, tensor<10xi64>) -> tensor<10x3xf32>
  return %r : tensor<10x3xf32>
}

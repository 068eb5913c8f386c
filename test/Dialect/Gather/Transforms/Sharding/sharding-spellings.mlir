// Shardings as upstream's shard verifier, sharding-propagation and
// shard-partition read them (mlir-opt of MLIR 22 accepts every annotation
// below): `split_axes = [[]]` is the replicated sharding of a tensor of any
// rank, 0 included; trailing empty lists split nothing, also beyond the
// tensor's rank; values left without annotation get theirs from
// propagation. Each partitions as its shortest spelling would: on a grid of
// 2, a 6-row table split by rows holds 3 rows per process.
// RUN: gather-opt %s --gather-shard-partition --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-to-mpi --split-input-file | FileCheck %s --check-prefix=MPI

// A rank-0 tensor annotated as replicated (was: "the sharding splits 1
// dimensions of a tensor of rank 0").
// CHECK-LABEL: func.func @scalar
// CHECK-SAME:    (%[[X:.*]]: tensor<i64>) -> tensor<i64>
// CHECK-NEXT:    return %[[X]] : tensor<i64>
// MPI-LABEL:   llvm.func @scalar
shard.grid @grid(shape = 2)
func.func @scalar(%x: tensor<i64>) -> tensor<i64> {
  %s = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %r = shard.shard %x to %s : tensor<i64>
  return %r : tensor<i64>
}

// -----

// [[]] on tensors of rank 2, 3 and 4 (and [[], []] on rank 2): nothing is
// split, the plain gather runs on every process.
// CHECK-LABEL: func.func @replicated_ranks
// CHECK-SAME:    (%[[T:.*]]: tensor<6x4x2xf32>, %[[I:.*]]: tensor<2x3xi64>) -> tensor<2x3x4x2xf32>
// CHECK-NEXT:    %[[G:.*]] = gather.gather %[[T]][%[[I]]] : tensor<6x4x2xf32>, tensor<2x3xi64>
// CHECK-NEXT:    return %[[G]]
// MPI-LABEL:   llvm.func @replicated_ranks
shard.grid @grid(shape = 2)
func.func @replicated_ranks(%table: tensor<6x4x2xf32>, %ids: tensor<2x3xi64>) -> tensor<2x3x4x2xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rep2 = shard.sharding @grid split_axes = [[], []] : !shard.sharding
  %t = shard.shard %table to %rep : tensor<6x4x2xf32>
  %i = shard.shard %ids to %rep2 : tensor<2x3xi64>
  %g = gather.gather %t[%i] : tensor<6x4x2xf32>, tensor<2x3xi64>
  %r = shard.shard %g to %rep : tensor<2x3x4x2xf32>
  return %r : tensor<2x3x4x2xf32>
}

// -----

// Trailing empty lists, one of them beyond the table's rank ([[0], [], []]
// on a rank-2 table is [[0]]), and a result with three empty lists for two
// dimensions: the all-reduce form of a table split by rows.
// CHECK-LABEL: func.func @trailing
// CHECK-SAME:    (%{{.*}}: tensor<3x4xf32>, %{{.*}}: tensor<5xi64>) -> tensor<5x4xf32>
// CHECK:         gather.gather %{{.*}} : tensor<3x4xf32>, tensor<5xi64>
// CHECK:         shard.all_reduce %{{.*}} on @grid grid_axes = [0] : tensor<5x4xi32> -> tensor<5x4xi32>
// MPI-LABEL:   llvm.func @trailing
shard.grid @grid(shape = 2)
func.func @trailing(%table: tensor<6x4xf32>, %ids: tensor<5xi64>) -> tensor<5x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0], [], []] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<5xi64>
  %rep = shard.sharding @grid split_axes = [[], [], []] : !shard.sharding
  %r = shard.shard %g to %rep : tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}

// -----

// A rank-0 id annotated [[]] with the table split by rows ([[0], []]): the
// all-reduce form; the bounds check reads the one id as a vector of one.
// CHECK-LABEL: func.func @scalar_id
// CHECK-SAME:    (%{{.*}}: tensor<3x4xf32>, %[[I:.*]]: tensor<i64>) -> tensor<4xf32>
// CHECK:         tensor.expand_shape %[[I]] [] output_shape [1] : tensor<i64> into tensor<1xi64>
// CHECK:         exchange.abort
// CHECK:         gather.gather %{{.*}} : tensor<3x4xf32>, tensor<i64>
// CHECK:         shard.all_reduce %{{.*}} on @grid grid_axes = [0] : tensor<4xi32> -> tensor<4xi32>
// MPI-LABEL:   llvm.func @scalar_id
shard.grid @grid(shape = 2)
func.func @scalar_id(%table: tensor<6x4xf32>, %id: tensor<i64>) -> tensor<4xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0], []] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<6x4xf32>
  %i = shard.shard %id to %rep : tensor<i64>
  %g = gather.gather %t[%i] : tensor<6x4xf32>, tensor<i64>
  %r = shard.shard %g to %rep : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A rank-0 result annotated [[]]: one element of a 1-D table split by rows.
// CHECK-LABEL: func.func @scalar_result
// CHECK-SAME:    (%{{.*}}: tensor<3xi32>, %{{.*}}: tensor<i64>) -> tensor<i32>
// CHECK:         %[[SUM:.*]] = shard.all_reduce %{{.*}} on @grid grid_axes = [0] : tensor<i32> -> tensor<i32>
// CHECK:         return %[[SUM]] : tensor<i32>
// MPI-LABEL:   llvm.func @scalar_result
shard.grid @grid(shape = 2)
func.func @scalar_result(%table: tensor<6xi32>, %id: tensor<i64>) -> tensor<i32> {
  %rows = shard.sharding @grid split_axes = [[0], [], []] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<6xi32>
  %g = gather.gather %t[%id] : tensor<6xi32>, tensor<i64>
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %r = shard.shard %g to %rep : tensor<i32>
  return %r : tensor<i32>
}

// -----

// A partial annotation: only the ids, split with a trailing empty list;
// propagation splits the result alike and the table stays whole.
// CHECK-LABEL: func.func @partial
// CHECK-SAME:    (%[[T:.*]]: tensor<6x4xf32>, %[[I:.*]]: tensor<2xi64>) -> tensor<2x4xf32>
// CHECK-NEXT:    %[[G:.*]] = gather.gather %[[T]][%[[I]]] : tensor<6x4xf32>, tensor<2xi64>
// CHECK-NEXT:    return %[[G]]
// MPI-LABEL:   llvm.func @partial
shard.grid @grid(shape = 2)
func.func @partial(%table: tensor<6x4xf32>, %ids: tensor<4xi64>) -> tensor<4x4xf32> {
  %s = shard.sharding @grid split_axes = [[0], []] : !shard.sharding
  %i = shard.shard %ids to %s : tensor<4xi64>
  %g = gather.gather %table[%i] : tensor<6x4xf32>, tensor<4xi64>
  return %g : tensor<4x4xf32>
}

// -----

// A data-parallel lookup whose checksum (the sum of the gathered values, a
// rank-0 tensor left without sharding by the reduction) is annotated [[]]:
// the exchange form, each process's partial sum, and their all-reduce.
// CHECK-LABEL: func.func @checksum
// CHECK-SAME:    (%{{.*}}: tensor<5x3xi64>, %{{.*}}: tensor<6xi64>) -> (tensor<6x3xi64>, tensor<i64>)
// CHECK:         exchange.all_to_all_v
// CHECK:         exchange.all_to_all_v
// CHECK:         %[[ROWS:.*]] = gather.gather %{{.*}} : tensor<6x3xi64>, tensor<6xi64>
// CHECK:         %[[PART:.*]] = linalg.reduce ins(%[[ROWS]] : tensor<6x3xi64>)
// CHECK:         %[[SUM:.*]] = shard.all_reduce %[[PART]] on @grid grid_axes = [0] : tensor<i64> -> tensor<i64>
// CHECK:         return %[[ROWS]], %[[SUM]] : tensor<6x3xi64>, tensor<i64>
// MPI-LABEL:   llvm.func @checksum
shard.grid @grid(shape = 2)
func.func @checksum(%table: tensor<10x3xi64>, %ids: tensor<12xi64>) -> (tensor<12x3xi64>, tensor<i64>) {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %split : tensor<10x3xi64>
  %i = shard.shard %ids to %split : tensor<12xi64>
  %g = gather.gather %t[%i] : tensor<10x3xi64>, tensor<12xi64>
  %rows = shard.shard %g to %split : tensor<12x3xi64>
  %zero = arith.constant 0 : i64
  %empty = tensor.empty() : tensor<i64>
  %init = linalg.fill ins(%zero : i64) outs(%empty : tensor<i64>) -> tensor<i64>
  %sum = linalg.reduce ins(%rows : tensor<12x3xi64>) outs(%init : tensor<i64>) dimensions = [0, 1]
    (%value: i64, %acc: i64) {
      %next = arith.addi %value, %acc : i64
      linalg.yield %next : i64
    }
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %checksum = shard.shard %sum to %rep : tensor<i64>
  return %rows, %checksum : tensor<12x3xi64>, tensor<i64>
}

// -----

// Only the ids annotated, and the init of a sum over the gathered rows
// filled before the gather: the sum learns its sharding (rows split, the
// reduction partial) from the gather in propagation's forward sweep, after
// the fill was visited, so a second propagation gives the fill its sharding
// (was: "found no sharding for operand 1").
// CHECK-LABEL: func.func @late_init
// CHECK-SAME:    (%[[T:.*]]: tensor<6x4xf32>, %[[I:.*]]: tensor<2xi64>) -> tensor<4xf32>
// CHECK:         %[[INIT:.*]] = linalg.fill
// CHECK:         %[[G:.*]] = gather.gather %[[T]][%[[I]]] : tensor<6x4xf32>, tensor<2xi64>
// CHECK:         %[[PART:.*]] = linalg.generic {{.*}} ins(%[[G]] : tensor<2x4xf32>)
// CHECK:         %[[SUM:.*]] = shard.all_reduce %[[PART]] on @grid grid_axes = [0] : tensor<4xf32> -> tensor<4xf32>
// CHECK:         return %[[SUM]]
// MPI-LABEL:   llvm.func @late_init
shard.grid @grid(shape = 2)
func.func @late_init(%table: tensor<6x4xf32>, %ids: tensor<4xi64>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %i = shard.shard %ids to %s : tensor<4xi64>
  %g = gather.gather %table[%i] : tensor<6x4xf32>, tensor<4xi64>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%g : tensor<4x4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

// -----

// A rank-0 id annotated [[]] is all that is annotated: nothing is split,
// the function runs whole on every process (upstream propagation crashed on
// the lone [[]] of a rank-0 operand). With the result split by columns the
// id's annotation says nothing either: the table is split alike.
// CHECK-LABEL: func.func @scalar_id_only
// CHECK-SAME:    (%[[T:.*]]: tensor<6x4xf32>, %[[I:.*]]: tensor<i64>) -> tensor<4xf32>
// CHECK-NEXT:    %[[G:.*]] = gather.gather %[[T]][%[[I]]] : tensor<6x4xf32>, tensor<i64>
// CHECK-NEXT:    return %[[G]]
// CHECK-LABEL: func.func @scalar_id_columns
// CHECK-SAME:    (%[[T:.*]]: tensor<6x2xf32>, %[[I:.*]]: tensor<i64>) -> tensor<2xf32>
// CHECK-NEXT:    %[[G:.*]] = gather.gather %[[T]][%[[I]]] : tensor<6x2xf32>, tensor<i64>
// CHECK-NEXT:    return %[[G]]
// MPI-LABEL:   llvm.func @scalar_id_only
// MPI-LABEL:   llvm.func @scalar_id_columns
shard.grid @grid(shape = 2)
func.func @scalar_id_only(%table: tensor<6x4xf32>, %id: tensor<i64>) -> tensor<4xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %i = shard.shard %id to %rep : tensor<i64>
  %g = gather.gather %table[%i] : tensor<6x4xf32>, tensor<i64>
  return %g : tensor<4xf32>
}
func.func @scalar_id_columns(%table: tensor<6x4xf32>, %id: tensor<i64>) -> tensor<4xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %cols = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %i = shard.shard %id to %rep : tensor<i64>
  %g = gather.gather %table[%i] : tensor<6x4xf32>, tensor<i64>
  %r = shard.shard %g to %cols : tensor<4xf32>
  return %r : tensor<4xf32>
}

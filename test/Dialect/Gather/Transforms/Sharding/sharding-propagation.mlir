// Sharding propagation through gather.gather in both directions, with
// upstream's sharding-propagation and the sharding model of gather.gather.
// RUN: gather-opt %s --pass-pipeline='builtin.module(func.func(sharding-propagation))' --split-input-file | FileCheck %s

shard.grid @grid(shape = 2)

// Forward: a table split along its columns (data dimension 1) gives a result
// split along its last dimension; the ids stay replicated.
// CHECK-LABEL: func.func @forward
// CHECK:         %[[IDS_S:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] :
// CHECK:         %[[IDS:.*]] = shard.shard %arg1 to %[[IDS_S]] annotate_for_users : tensor<6xi64>
// CHECK:         %[[R:.*]] = gather.gather %{{.*}}[%[[IDS]]]
// CHECK:         %[[R_S:.*]] = shard.sharding @grid split_axes = {{\[\[}}], [0]] :
// CHECK:         shard.shard %[[R]] to %[[R_S]] : tensor<6x4xf32>
func.func @forward(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %t = shard.shard %table to %cols annotate_for_users : tensor<8x4xf32>
  %r = gather.gather %t[%ids] : tensor<8x4xf32>, tensor<6xi64>
  return %r : tensor<6x4xf32>
}

// -----

shard.grid @grid(shape = 2)

// Backward: a result split along its second dimension (indices dimension 1)
// splits the ids alike and leaves the table replicated.
// CHECK-LABEL: func.func @backward
// CHECK:         %[[T_S:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] :
// CHECK:         shard.shard %arg0 to %[[T_S]] annotate_for_users : tensor<8x4xf32>
// CHECK:         %[[I_S:.*]] = shard.sharding @grid split_axes = {{\[\[}}], [0]] :
// CHECK:         shard.shard %arg1 to %[[I_S]] annotate_for_users : tensor<6x2xi64>
func.func @backward(%table: tensor<8x4xf32>, %ids: tensor<6x2xi64>) -> tensor<6x2x4xf32> {
  %r = gather.gather %table[%ids] : tensor<8x4xf32>, tensor<6x2xi64>
  %s = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %r1 = shard.shard %r to %s : tensor<6x2x4xf32>
  return %r1 : tensor<6x2x4xf32>
}

// -----

shard.grid @grid(shape = 2)

// A row-split table: the gathered dimension is the reduction loop, so the
// result is not split (the partial results are summed).
// CHECK-LABEL: func.func @rows
// CHECK:         %[[R:.*]] = gather.gather
// CHECK:         %[[R_S:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] :
// CHECK:         shard.shard %[[R]] to %[[R_S]] : tensor<6x4xf32>
func.func @rows(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows annotate_for_users : tensor<8x4xf32>
  %r = gather.gather %t[%ids] : tensor<8x4xf32>, tensor<6xi64>
  return %r : tensor<6x4xf32>
}

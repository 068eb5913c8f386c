// gather-shard-partition records the sharding of each annotated argument
// and result of a function it partitions (`#gather.sharding`) and binds the
// calls of the function by that record, also in a module without any
// gather.gather (the pass loads the gather dialect for the record itself).
// The records are gone from the output.
// RUN: gather-opt %s --gather-shard-partition | FileCheck %s

// CHECK-NOT:   gather.sharding
// CHECK-LABEL: func.func @double
// CHECK-SAME:    (%[[A:.*]]: tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK:         linalg.add ins(%[[A]], %[[A]] : tensor<4x4xf32>, tensor<4x4xf32>)
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[T:.*]]: tensor<8x4xf32>) -> tensor<8x4xf32>
// The argument: this process's rows [4 * p, 4 * p + 4).
// CHECK:         %[[P:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[START:.*]] = arith.muli %[[P]], %[[C4]] : index
// CHECK:         %[[BLOCK:.*]] = tensor.extract_slice %[[T]][%[[START]], 0] [4, 4] [1, 1] : tensor<8x4xf32> to tensor<4x4xf32>
// CHECK:         %[[R:.*]] = call @double(%[[BLOCK]]) : (tensor<4x4xf32>) -> tensor<4x4xf32>
// The result: the blocks of both processes gathered back along the rows.
// CHECK:         %[[WHOLE:.*]] = shard.all_gather %[[R]] on @grid grid_axes = [0] gather_axis = 0 : tensor<4x4xf32> -> tensor<8x4xf32>
// CHECK:         return %[[WHOLE]] : tensor<8x4xf32>
// CHECK-NOT:   gather.sharding
shard.grid @grid(shape = 2)
func.func @double(%t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %t to %rows : tensor<8x4xf32>
  %r = linalg.add ins(%a, %a : tensor<8x4xf32>, tensor<8x4xf32>)
                  outs(%a : tensor<8x4xf32>) -> tensor<8x4xf32>
  %b = shard.shard %r to %rows : tensor<8x4xf32>
  return %b : tensor<8x4xf32>
}
func.func @caller(%t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %r = call @double(%t) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

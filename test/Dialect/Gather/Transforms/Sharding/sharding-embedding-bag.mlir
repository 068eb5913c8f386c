// Embedding bags in functions with shard annotations are not partitioned
// yet: gather-shard-partition (and so gather-to-mpi) reports each of them;
// bags in functions without annotations are left to the CPU lowering.
// RUN: gather-opt %s --gather-shard-partition --split-input-file -verify-diagnostics
// RUN: gather-opt %s --gather-to-mpi --split-input-file -verify-diagnostics

shard.grid @grid(shape = 2)

func.func @sharded_bag(%table: tensor<8x4xf32>, %ids: tensor<6x2xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<8x4xf32>
  // expected-error @below {{embedding bags in sharded functions are not supported yet by gather-to-mpi (the function has shard annotations)}}
  %r = gather.embedding_bag sum %t[%ids] : tensor<8x4xf32>, tensor<6x2xi64> -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// -----

shard.grid @grid(shape = 2)

func.func @ragged_bag_of_sharded_ids(%table: tensor<8x4xf32>, %ids: tensor<6xi64>, %offsets: tensor<3xi64>) -> tensor<3x4xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %i = shard.shard %ids to %split : tensor<6xi64>
  // expected-error @below {{embedding bags in sharded functions are not supported yet by gather-to-mpi (the function has shard annotations)}}
  %r = gather.embedding_bag mean %table[%i] offsets(%offsets : tensor<3xi64>) : tensor<8x4xf32>, tensor<6xi64> -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

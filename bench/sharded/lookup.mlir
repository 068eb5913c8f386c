// The lookup that bench/sharded/run.sh times: a [1048576, 256] f32 table
// (1 GiB) split by rows over a 1-D grid (the script sets its shape), a batch
// of 4096 ids, the result replicated.
module {
  shard.grid @grid(shape = 1)

  func.func @lookup(%table: tensor<1048576x256xf32>, %ids: tensor<4096xi64>)
      -> tensor<4096x256xf32> attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %table_rows = shard.shard %table to %rows : tensor<1048576x256xf32>
    %found = gather.gather %table_rows[%ids]
        : tensor<1048576x256xf32>, tensor<4096xi64>
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %result = shard.shard %found to %replicated : tensor<4096x256xf32>
    return %result : tensor<4096x256xf32>
  }
}

// The lookups that bench/sharded/run.sh times: a [1048576, 256] f32 table
// (1 GiB) split by rows over a 1-D grid (the script sets its shape) and a
// batch of 4096 ids, in the two forms of a row-split table:
//   @lookup_allreduce: the ids replicated (every process has the whole
//     batch), the result replicated: each process gathers the rows it holds
//     and an all-reduce sums the parts;
//   @lookup_exchange: the ids split like the rows (each process has its
//     block of the batch, data parallel), the result split like the ids:
//     ids to their owners, rows back (all-to-all).
module {
  shard.grid @grid(shape = 1)

  func.func @lookup_allreduce(%table: tensor<1048576x256xf32>,
                              %ids: tensor<4096xi64>)
      -> tensor<4096x256xf32> attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %table_rows = shard.shard %table to %rows : tensor<1048576x256xf32>
    %found = gather.gather %table_rows[%ids]
        : tensor<1048576x256xf32>, tensor<4096xi64>
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %result = shard.shard %found to %replicated : tensor<4096x256xf32>
    return %result : tensor<4096x256xf32>
  }

  func.func @lookup_exchange(%table: tensor<1048576x256xf32>,
                             %ids: tensor<4096xi64>)
      -> tensor<4096x256xf32> attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %table_rows = shard.shard %table to %rows : tensor<1048576x256xf32>
    %batch = shard.shard %ids to %rows : tensor<4096xi64>
    %found = gather.gather %table_rows[%batch]
        : tensor<1048576x256xf32>, tensor<4096xi64>
    %result = shard.shard %found to %rows : tensor<4096x256xf32>
    return %result : tensor<4096x256xf32>
  }
}

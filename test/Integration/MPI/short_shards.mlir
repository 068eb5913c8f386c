// A data-parallel lookup whose result comes back in shards of unequal
// length: 10 ids (and the [10, 2] result) split along dimension 0 over the
// grid, 10 over 3 processes are 4, 3 and 3 and over 4 processes 3, 3, 2 and
// 2, so two or more shards are shorter than the first. @main, written
// against the global types, receives the whole result: every process's
// block padded to the longest shard, gathered (MPI_Allgather) and
// compacted; the rows of a short shard must be read from the start of its
// padded block. The [7, 2] i32 table is split alike (7 rows over 4: 2, 2,
// 2, 1). scripts/ci/mpi.sh compares the output on 1 to 4 processes with
// the unsharded run and with short_shards.expected (computed by hand).
module {
  shard.grid @grid(shape = 2)

  func.func @lookup(%table: tensor<7x2xi32>, %ids: tensor<10xi64>)
      -> tensor<10x2xi32> {
    %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %table_rows = shard.shard %table to %split : tensor<7x2xi32>
    %batch = shard.shard %ids to %split : tensor<10xi64>
    %found = gather.gather %table_rows[%batch] : tensor<7x2xi32>, tensor<10xi64>
    %result = shard.shard %found to %split : tensor<10x2xi32>
    return %result : tensor<10x2xi32>
  }

  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c10 = arith.constant 10 : index
    %table = arith.constant dense<[[100, 101], [110, 111], [120, 121],
      [130, 131], [140, 141], [150, 151], [160, 161]]> : tensor<7x2xi32>
    // Every row once or more, negative ids from the end (-1 is row 6).
    %ids = arith.constant dense<[6, 0, -1, 3, 5, -7, 2, 4, 1, -2]>
        : tensor<10xi64>
    %rows = func.call @lookup(%table, %ids)
        : (tensor<7x2xi32>, tensor<10xi64>) -> tensor<10x2xi32>
    %rank = shard.process_linear_index on @grid : index
    %first = arith.cmpi eq, %rank, %c0 : index
    scf.if %first {
      scf.for %i = %c0 to %c10 step %c1 {
        scf.for %j = %c0 to %c2 step %c1 {
          %e = tensor.extract %rows[%i, %j] : tensor<10x2xi32>
          %w = arith.extsi %e : i32 to i64
          func.call @printI64(%w) : (i64) -> ()
          func.call @printComma() : () -> ()
        }
        func.call @printNewline() : () -> ()
      }
    }
    return
  }
}

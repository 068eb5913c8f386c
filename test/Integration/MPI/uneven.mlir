// A [7, 2] f64 table split by rows over the grid (2 processes: 4 + 3 rows;
// 4 processes: 2 + 2 + 2 + 1), i32 ids with negative values and repeats.
// scripts/ci/mpi.sh compares the output under MPI with the unsharded run
// and with uneven.expected (computed by hand).
module {
  shard.grid @grid(shape = 2)

  func.func @lookup(%table: tensor<7x2xf64>, %ids: tensor<2x4xi32>)
      -> tensor<2x4x2xf64> {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %table_rows = shard.shard %table to %rows : tensor<7x2xf64>
    %found = gather.gather %table_rows[%ids] : tensor<7x2xf64>, tensor<2x4xi32>
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %result = shard.shard %found to %replicated : tensor<2x4x2xf64>
    return %result : tensor<2x4x2xf64>
  }

  func.func private @printF64(f64)
  func.func private @printU64(i64)
  func.func private @printNewline()

  func.func @main() {
    %table = arith.constant dense<[[0.5, -0.0], [1.5, 1.25], [-2.5, 2.0],
      [3.0, -3.75], [4.0, 0.1], [-0.0, 5.5], [6.0, -6.5]]> : tensor<7x2xf64>
    %ids = arith.constant dense<[[6, -7, 3, -1], [4, 4, -4, 0]]> : tensor<2x4xi32>
    %r = func.call @lookup(%table, %ids)
        : (tensor<7x2xf64>, tensor<2x4xi32>) -> tensor<2x4x2xf64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %rank = shard.process_linear_index on @grid : index
    %first = arith.cmpi eq, %rank, %c0 : index
    scf.if %first {
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c4 step %c1 {
          scf.for %k = %c0 to %c2 step %c1 {
            %v = tensor.extract %r[%i, %j, %k] : tensor<2x4x2xf64>
            func.call @printF64(%v) : (f64) -> ()
            func.call @printNewline() : () -> ()
            %b = arith.bitcast %v : f64 to i64
            func.call @printU64(%b) : (i64) -> ()
            func.call @printNewline() : () -> ()
          }
        }
      }
    }
    return
  }
}

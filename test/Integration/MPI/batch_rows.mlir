// batch_dims = 1 with the gathered dimension split: data [2, 5, 2] f32 split
// along dimension 1 (2 processes: 3 + 2 rows per batch; 4 processes:
// 2 + 1 + 1 + 1), ids [2, 3] with negative values. scripts/ci/mpi.sh
// compares the output under MPI with the unsharded run and with
// batch_rows.expected (computed by hand).
module {
  shard.grid @grid(shape = 2)

  func.func @lookup(%data: tensor<2x5x2xf32>, %ids: tensor<2x3xi64>)
      -> tensor<2x3x2xf32> {
    %rows = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
    %data_rows = shard.shard %data to %rows : tensor<2x5x2xf32>
    %found = gather.gather %data_rows[%ids] axis = 1 batch_dims = 1
        : tensor<2x5x2xf32>, tensor<2x3xi64>
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %result = shard.shard %found to %replicated : tensor<2x3x2xf32>
    return %result : tensor<2x3x2xf32>
  }

  func.func private @printF32(f32)
  func.func private @printNewline()

  func.func @main() {
    %data = arith.constant dense<[
      [[0.0, 0.5], [1.0, 1.5], [2.0, -0.0], [3.0, 3.5], [4.0, 4.5]],
      [[10.0, 10.5], [11.0, 11.5], [12.0, 12.5], [-0.0, 13.5], [14.0, 14.5]]]>
        : tensor<2x5x2xf32>
    %ids = arith.constant dense<[[4, -3, 0], [-2, 1, -5]]> : tensor<2x3xi64>
    %r = func.call @lookup(%data, %ids)
        : (tensor<2x5x2xf32>, tensor<2x3xi64>) -> tensor<2x3x2xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %rank = shard.process_linear_index on @grid : index
    %first = arith.cmpi eq, %rank, %c0 : index
    scf.if %first {
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c3 step %c1 {
          scf.for %k = %c0 to %c2 step %c1 {
            %v = tensor.extract %r[%i, %j, %k] : tensor<2x3x2xf32>
            func.call @printF32(%v) : (f32) -> ()
            func.call @printNewline() : () -> ()
          }
        }
      }
    }
    return
  }
}

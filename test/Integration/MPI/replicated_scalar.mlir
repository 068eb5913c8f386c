// Rank-0 tensors annotated as replicated the way the shard dialect spells
// it (`split_axes = [[]]`, which upstream's verifier, sharding-propagation
// and shard-partition accept on a tensor of rank 0):
//   - @scalar: an i64 scalar annotated and returned;
//   - @lookup: a data-parallel lookup (the [10, 3] i64 table, the 12 ids
//     and the result split along dimension 0; 10 rows over 4 processes are
//     3, 3, 2 and 2) whose checksum, the sum of every gathered value, is a
//     rank-0 tensor annotated `[[]]`.
// @main prints the scalar, the rows and the checksum on process 0.
// scripts/ci/mpi.sh compares the output on 1, 2 and 4 processes with the
// unsharded run and with replicated_scalar.expected (computed by hand).
module {
  shard.grid @grid(shape = 2)

  func.func @scalar(%x: tensor<i64>) -> tensor<i64> {
    %s = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %r = shard.shard %x to %s : tensor<i64>
    return %r : tensor<i64>
  }

  func.func @lookup(%table: tensor<10x3xi64>, %ids: tensor<12xi64>)
      -> (tensor<12x3xi64>, tensor<i64>) {
    %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %table_rows = shard.shard %table to %split : tensor<10x3xi64>
    %batch = shard.shard %ids to %split : tensor<12xi64>
    %found = gather.gather %table_rows[%batch] : tensor<10x3xi64>, tensor<12xi64>
    %rows = shard.shard %found to %split : tensor<12x3xi64>
    %zero = arith.constant 0 : i64
    %empty = tensor.empty() : tensor<i64>
    %init = linalg.fill ins(%zero : i64) outs(%empty : tensor<i64>) -> tensor<i64>
    %sum = linalg.reduce ins(%rows : tensor<12x3xi64>) outs(%init : tensor<i64>)
        dimensions = [0, 1]
      (%value: i64, %acc: i64) {
        %next = arith.addi %value, %acc : i64
        linalg.yield %next : i64
      }
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %checksum = shard.shard %sum to %replicated : tensor<i64>
    return %rows, %checksum : tensor<12x3xi64>, tensor<i64>
  }

  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c12 = arith.constant 12 : index
    %x = arith.constant dense<-42> : tensor<i64>
    %y = func.call @scalar(%x) : (tensor<i64>) -> tensor<i64>
    %table = arith.constant dense<[
      [0, 1, 2], [10, 11, 12], [20, 21, 22], [30, 31, 32], [40, 41, 42],
      [50, 51, 52], [60, 61, 62], [70, 71, 72], [80, 81, 82],
      [90, 91, 92]]> : tensor<10x3xi64>
    // Negative ids count from the end: -1 is row 9, -10 row 0, -4 row 6.
    %ids = arith.constant dense<[9, -1, 5, 0, 3, 3, -10, 7, 8, 2, -4, 6]>
        : tensor<12xi64>
    %rows, %checksum = func.call @lookup(%table, %ids)
        : (tensor<10x3xi64>, tensor<12xi64>) -> (tensor<12x3xi64>, tensor<i64>)
    %rank = shard.process_linear_index on @grid : index
    %first = arith.cmpi eq, %rank, %c0 : index
    scf.if %first {
      %v = tensor.extract %y[] : tensor<i64>
      func.call @printI64(%v) : (i64) -> ()
      func.call @printNewline() : () -> ()
      scf.for %i = %c0 to %c12 step %c1 {
        scf.for %j = %c0 to %c3 step %c1 {
          %e = tensor.extract %rows[%i, %j] : tensor<12x3xi64>
          func.call @printI64(%e) : (i64) -> ()
          func.call @printComma() : () -> ()
        }
        func.call @printNewline() : () -> ()
      }
      %s = tensor.extract %checksum[] : tensor<i64>
      func.call @printI64(%s) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
    return
  }
}

// An embedding lookup whose table is split by rows over the processes of a
// 1-D grid (see docs/Sharding.md).
//
// @embedding_lookup holds the sharding annotations: the [10, 3] f32 table is
// split along its rows (`split_axes = [[0]]`), the ids and the result are
// replicated. @main is written against the global types: it builds the whole
// table and a batch of ids (negative ids count from the end), calls the
// lookup and prints the result on process 0, each value and its bit pattern.
//
//   scripts/run-sharded-example.sh N   # N processes under MPI (N >= 1)
//   scripts/run-sharded-example.sh 0   # annotations removed, no MPI
//
// The script sets the grid's shape to N; 10 rows split unevenly over 4.
module {
  shard.grid @grid(shape = 2)

  func.func @embedding_lookup(%table: tensor<10x3xf32>, %ids: tensor<6xi64>)
      -> tensor<6x3xf32> {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %table_rows = shard.shard %table to %rows : tensor<10x3xf32>
    %found = gather.gather %table_rows[%ids] : tensor<10x3xf32>, tensor<6xi64>
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %result = shard.shard %found to %replicated : tensor<6x3xf32>
    return %result : tensor<6x3xf32>
  }

  func.func private @printOpen()
  func.func private @printClose()
  func.func private @printComma()
  func.func private @printNewline()
  func.func private @printF32(f32)
  func.func private @printU64(i64)

  // Prints `( v0, v1, v2 ) ( bits0, bits1, bits2 )` for each row.
  func.func @print(%m: tensor<6x3xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      func.call @printOpen() : () -> ()
      scf.for %j = %c0 to %c3 step %c1 {
        %v = tensor.extract %m[%i, %j] : tensor<6x3xf32>
        func.call @printF32(%v) : (f32) -> ()
        %j1 = arith.addi %j, %c1 : index
        %sep = arith.cmpi ult, %j1, %c3 : index
        scf.if %sep {
          func.call @printComma() : () -> ()
        }
      }
      func.call @printClose() : () -> ()
      func.call @printOpen() : () -> ()
      scf.for %j = %c0 to %c3 step %c1 {
        %v = tensor.extract %m[%i, %j] : tensor<6x3xf32>
        %b = arith.bitcast %v : f32 to i32
        %w = arith.extui %b : i32 to i64
        func.call @printU64(%w) : (i64) -> ()
        %j1 = arith.addi %j, %c1 : index
        %sep = arith.cmpi ult, %j1, %c3 : index
        scf.if %sep {
          func.call @printComma() : () -> ()
        }
      }
      func.call @printClose() : () -> ()
      func.call @printNewline() : () -> ()
    }
    return
  }

  func.func @main() {
    %table = arith.constant dense<[
      [0.0, -0.0, 1.0], [0.1, 0.2, 0.3], [-1.5, 2.5, -3.5],
      [1.0e-7, -2.0e+9, 3.14159274], [4.0, -0.0, 4.5], [5.0, 5.5, -0.0],
      [6.25, -6.5, 6.75], [7.0, 7.125, 1.0e+30], [8.5, -8.0, 0.333333343],
      [-9.0, 9.5, -0.0]]> : tensor<10x3xf32>
    // Negative ids count from the end: -1 is row 9, -10 is row 0.
    %ids = arith.constant dense<[3, -1, 0, 9, -10, 5]> : tensor<6xi64>
    %rows = func.call @embedding_lookup(%table, %ids)
        : (tensor<10x3xf32>, tensor<6xi64>) -> tensor<6x3xf32>
    %c0 = arith.constant 0 : index
    %rank = shard.process_linear_index on @grid : index
    %first = arith.cmpi eq, %rank, %c0 : index
    scf.if %first {
      func.call @print(%rows) : (tensor<6x3xf32>) -> ()
    }
    return
  }
}

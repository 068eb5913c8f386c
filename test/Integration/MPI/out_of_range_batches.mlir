// The data-parallel lookup of examples/sharded_lookup_batches.mlir with two
// out-of-range ids (10 and -11 in a table of 10 rows, held by different
// processes on 3 and 4 processes): under bounds-check=assert every process
// stops with the message for 10 and exit status 1, under bounds-check=clamp
// the ids read rows 9 and 0 (scripts/ci/mpi.sh).
module {
  shard.grid @grid(shape = 2)

  func.func @lookup(%table: tensor<10x3xf32>, %ids: tensor<12xi64>)
      -> tensor<12x3xf32> {
    %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %table_rows = shard.shard %table to %split : tensor<10x3xf32>
    %batch = shard.shard %ids to %split : tensor<12xi64>
    %found = gather.gather %table_rows[%batch] : tensor<10x3xf32>, tensor<12xi64>
    %result = shard.shard %found to %split : tensor<12x3xf32>
    return %result : tensor<12x3xf32>
  }

  func.func private @printOpen()
  func.func private @printClose()
  func.func private @printComma()
  func.func private @printNewline()
  func.func private @printF32(f32)
  func.func private @printU64(i64)

  // Prints `( v0, v1, v2 )( bits0, bits1, bits2 )` for each row.
  func.func @print(%m: tensor<12x3xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c12 = arith.constant 12 : index
    scf.for %i = %c0 to %c12 step %c1 {
      func.call @printOpen() : () -> ()
      scf.for %j = %c0 to %c3 step %c1 {
        %v = tensor.extract %m[%i, %j] : tensor<12x3xf32>
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
        %v = tensor.extract %m[%i, %j] : tensor<12x3xf32>
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
    // Negative ids count from the end: -1 is row 9, -10 row 0, -4 row 6.
    %ids = arith.constant dense<[9, -1, 5, 0, 3, 3, -10, 10, 8, 2, -11, 6]>
        : tensor<12xi64>
    %rows = func.call @lookup(%table, %ids)
        : (tensor<10x3xf32>, tensor<12xi64>) -> tensor<12x3xf32>
    %c0 = arith.constant 0 : index
    %rank = shard.process_linear_index on @grid : index
    %first = arith.cmpi eq, %rank, %c0 : index
    scf.if %first {
      func.call @print(%rows) : (tensor<12x3xf32>) -> ()
    }
    return
  }
}

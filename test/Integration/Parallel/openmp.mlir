// gather-to-llvm with parallel=true: large gathers run their outer loop as
// an OpenMP worksharing loop, small ones sequentially; both give the gathered
// rows. The expected values are computed here from the index formula: row k
// of the table holds k * 4 + c in column c.
// RUN: gather-opt %s --gather-to-llvm=parallel=true | FileCheck %s --check-prefix=IR
// RUN: gather-opt %s --gather-to-llvm=parallel=true | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

// The large gather runs as an OpenMP worksharing loop (OpenMP dialect ops,
// which mlir-translate and mlir-runner turn into libomp calls).
// IR: omp.parallel
// IR: omp.wsloop

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

func.func @gather(%d: tensor<?x4xf32>, %i: tensor<?xi64>) -> tensor<?x4xf32> {
  %r = gather.gather %d[%i] : tensor<?x4xf32>, tensor<?xi64>
  return %r : tensor<?x4xf32>
}

/// Builds a [rows, 4] table with element (k, c) = k * 4 + c.
func.func @table(%rows: index) -> tensor<?x4xf32> {
  %t = tensor.generate %rows {
  ^bb0(%k: index, %c: index):
    %c4 = arith.constant 4 : index
    %v = arith.muli %k, %c4 : index
    %w = arith.addi %v, %c : index
    %i = arith.index_cast %w : index to i64
    %f = arith.sitofp %i : i64 to f32
    tensor.yield %f : f32
  } : tensor<?x4xf32>
  return %t : tensor<?x4xf32>
}

/// Indices (j * 7) mod rows, every third one negative (minus rows).
func.func @indices(%n: index, %rows: index) -> tensor<?xi64> {
  %t = tensor.generate %n {
  ^bb0(%j: index):
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %m = arith.muli %j, %c7 : index
    %k = arith.remui %m, %rows : index
    %r = arith.remui %j, %c3 : index
    %neg = arith.cmpi eq, %r, %c0 : index
    %kn = arith.subi %k, %rows : index
    %sel = arith.select %neg, %kn, %k : index
    %i = arith.index_cast %sel : index to i64
    tensor.yield %i : i64
  } : tensor<?xi64>
  return %t : tensor<?xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %rows = arith.constant 1000 : index
  // 100000 indices x 16 bytes = 1.6 MB: above the 1 MiB parallel threshold.
  %big = arith.constant 100000 : index
  %d = call @table(%rows) : (index) -> tensor<?x4xf32>
  %i = call @indices(%big, %rows) : (index, index) -> tensor<?xi64>
  %r = call @gather(%d, %i) : (tensor<?x4xf32>, tensor<?xi64>) -> tensor<?x4xf32>
  // Rows 99995..99999: j*7 mod 1000 = 965, 972, 979, 986, 993; j mod 3 == 0
  // for j = 99996 and 99999 (negative, same rows).
  %tail = tensor.extract_slice %r[99995, 0] [5, 4] [1, 1] : tensor<?x4xf32> to tensor<5x4xf32>
  %u = tensor.cast %tail : tensor<5x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [5, 4]
  // CHECK-NEXT: {{\[\[}}3860,   3861,   3862,   3863],
  // CHECK-NEXT:  [3888,   3889,   3890,   3891],
  // CHECK-NEXT:  [3916,   3917,   3918,   3919],
  // CHECK-NEXT:  [3944,   3945,   3946,   3947],
  // CHECK-NEXT:  [3972,   3973,   3974,   3975]]

  // 5 indices: below the threshold, the sequential loop.
  %s = call @indices(%c5, %rows) : (index, index) -> tensor<?xi64>
  %rs = call @gather(%d, %s) : (tensor<?x4xf32>, tensor<?xi64>) -> tensor<?x4xf32>
  %us = tensor.cast %rs : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  // j = 0..4: rows 0 (j=0: 0 - 1000 = -1000 wraps to 0), 7, 14, 21 (j=3:
  // -979 wraps to 21), 28.
  // CHECK:      sizes = [5, 4]
  // CHECK-NEXT: {{\[\[}}0,   1,   2,   3],
  // CHECK-NEXT:  [28,   29,   30,   31],
  // CHECK-NEXT:  [56,   57,   58,   59],
  // CHECK-NEXT:  [84,   85,   86,   87],
  // CHECK-NEXT:  [112,   113,   114,   115]]
  return
}

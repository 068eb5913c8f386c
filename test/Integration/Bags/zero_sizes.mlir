// Zero sizes: no offsets (no bags), one offset with include_last_offset (no
// bags), no ids (every bag empty: zeros), an empty table with no ids
// (zeros). Nothing is read; the program runs.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func @main() {
  %t = arith.constant dense<1.0> : tensor<5x2xf32>
  %i = arith.constant dense<[0, 1]> : tensor<2xi64>
  %o = tensor.empty() : tensor<0xi64>
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<0xi64>) : tensor<5x2xf32>, tensor<2xi64> -> tensor<0x2xf32>
  %u = tensor.cast %r : tensor<0x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [0, 2]
  %o1 = arith.constant dense<[0]> : tensor<1xi64>
  %r1 = gather.embedding_bag max %t[%i] offsets(%o1 : tensor<1xi64>) {include_last_offset} : tensor<5x2xf32>, tensor<2xi64> -> tensor<0x2xf32>
  %u1 = tensor.cast %r1 : tensor<0x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [0, 2]
  %e = tensor.empty() : tensor<0xi64>
  %oe = arith.constant dense<[0, 0]> : tensor<2xi64>
  %r2 = gather.embedding_bag mean %t[%e] offsets(%oe : tensor<2xi64>) : tensor<5x2xf32>, tensor<0xi64> -> tensor<2x2xf32>
  %u2 = tensor.cast %r2 : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [2, 2]
  // CHECK-NEXT: {{\[\[}}0,   0],
  // CHECK-NEXT:  [0,   0]]
  %t0 = tensor.empty() : tensor<0x2xf32>
  %r3 = gather.embedding_bag sum %t0[%e] offsets(%oe : tensor<2xi64>) : tensor<0x2xf32>, tensor<0xi64> -> tensor<2x2xf32>
  %u3 = tensor.cast %r3 : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [2, 2]
  // CHECK-NEXT: {{\[\[}}0,   0],
  // CHECK-NEXT:  [0,   0]]
  return
}

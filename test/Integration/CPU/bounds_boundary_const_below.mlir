// A constant index one below the range (-5 for a dimension of size 4, which
// wraps to -1) is an error of the program at run time: assert must stop with
// the message, exactly as for the same value at run time
// (bounds_boundary.mlir). Known defect: the slices strategy folds the slice
// offset (-1 * 2 = -2) into a memref.reinterpret_cast and --gather-to-llvm
// fails at compile time with "expected offsets to be non-negative, but got
// -2". When it is fixed this test passes unexpectedly: remove the XFAIL.
// XFAIL: *

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --implicit-check-not=Unranked

// CHECK: gather: index -5 is out of bounds for a dimension of size 4

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %t = arith.constant dense<[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0], [30.0, 31.0]]> : tensor<4x2xf32>
  %i = arith.constant dense<-5> : tensor<1xi64>
  %r = gather.gather %t[%i] : tensor<4x2xf32>, tensor<1xi64>
  %u = tensor.cast %r : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

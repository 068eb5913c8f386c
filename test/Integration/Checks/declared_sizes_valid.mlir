// A declared static result size that is right passes its run-time check:
// each result dimension is compared with the operand dimension it comes
// from (result dimension 2 comes from data dimension 1, of size 3, not from
// data dimension 2, of size 7).

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefShapeF32(tensor<*xf32>) attributes {llvm.emit_c_interface}

func.func @declared(%d: tensor<?x?x?xf32>, %i: tensor<2x2xi64>) -> tensor<2x2x3x7xf32> {
  %r = gather.gather %d[%i] : tensor<?x?x?xf32>, tensor<2x2xi64> -> tensor<2x2x3x7xf32>
  return %r : tensor<2x2x3x7xf32>
}

func.func @main() {
  %e = tensor.empty() : tensor<5x3x7xf32>
  %d = tensor.cast %e : tensor<5x3x7xf32> to tensor<?x?x?xf32>
  %i = arith.constant dense<[[4, 0], [1, 2]]> : tensor<2x2xi64>
  %r = call @declared(%d, %i) : (tensor<?x?x?xf32>, tensor<2x2xi64>) -> tensor<2x2x3x7xf32>
  %u = tensor.cast %r : tensor<2x2x3x7xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u) : (tensor<*xf32>) -> ()
  // CHECK-NOT: gather:
  // CHECK: sizes = [2, 2, 3, 7]
  return
}

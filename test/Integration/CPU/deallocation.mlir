// Two gathers of which a branch returns one: the other is freed under a
// condition computed at run time (test/Pipelines/deallocation.mlir checks
// the lowering). Element (k, c) of the table is 10 k + c; the expected rows
// are written out by hand.
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func @select(%c: i1, %d: tensor<4x3xf32>, %i: tensor<2xi64>, %j: tensor<2xi64>) -> tensor<2x3xf32> {
  %a = gather.gather %d[%i] : tensor<4x3xf32>, tensor<2xi64>
  %b = gather.gather %d[%j] : tensor<4x3xf32>, tensor<2xi64>
  %r = scf.if %c -> tensor<2x3xf32> {
    scf.yield %a : tensor<2x3xf32>
  } else {
    scf.yield %b : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}
func.func private @printMemrefF32(tensor<*xf32>)
func.func @main() {
  // Element (k, c) is 10 k + c.
  %d = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %i = arith.constant dense<[-1, 0]> : tensor<2xi64>
  %j = arith.constant dense<[1, 2]> : tensor<2xi64>
  %true = arith.constant true
  %false = arith.constant false
  %a = func.call @select(%true, %d, %i, %j) : (i1, tensor<4x3xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  %ua = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %b = func.call @select(%false, %d, %i, %j) : (i1, tensor<4x3xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  %ub = tensor.cast %b : tensor<2x3xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
// CHECK: [30, 31, 32]
// CHECK-NEXT: [0, 1, 2]
// CHECK: [10, 11, 12]
// CHECK-NEXT: [20, 21, 22]

// Math functions without an LLVM intrinsic become libm calls in the
// pipelines (convert-math-to-libm, run only on modules that hold math ops).
// RUN: gather-opt %s --split-input-file --gather-to-llvm | FileCheck %s

// CHECK-LABEL: module
// CHECK-DAG: llvm.func @erff(f32) -> f32
// CHECK-DAG: llvm.func @tan(f64) -> f64
// CHECK-LABEL: llvm.func @f(
// CHECK: llvm.call @erff(
// CHECK: llvm.call @tan(
// CHECK-NOT: math.
func.func @f(%d: tensor<5x4xf32>, %i: tensor<3xi64>, %x: f64) -> (tensor<3x4xf32>, f64) {
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  %e = math.erf %r : tensor<3x4xf32>
  %t = math.tan %x : f64
  return %e, %t : tensor<3x4xf32>, f64
}

// -----

// CHECK-LABEL: module
// CHECK-NOT: @erff
// CHECK-LABEL: llvm.func @g(
func.func @g(%d: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  return %r : tensor<3x4xf32>
}

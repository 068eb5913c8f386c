// Math functions without an LLVM intrinsic become libm calls in the
// pipelines (gather-math-to-libm, run only on modules that hold math ops).
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

// -----

// Math ops without a libm function stay for the conversion to LLVM
// (intrinsics); math.ipowi, which has no intrinsic either, and math.fpowi
// beside it become calls of functions that convert-math-to-funcs adds.
// CHECK-LABEL: module
// CHECK-DAG: llvm.func @erff(f32) -> f32
// CHECK-LABEL: llvm.func @h(
// CHECK: llvm.intr.ctlz
// CHECK: llvm.intr.cttz
// CHECK: llvm.intr.ctpop
// CHECK: llvm.intr.abs
// CHECK: llvm.call @__mlir_math_fpowi_f32_i32(
// CHECK: llvm.call @__mlir_math_ipowi_i64(
// CHECK: llvm.call @erff(
// CHECK-DAG: llvm.func linkonce_odr @__mlir_math_fpowi_f32_i32(
// CHECK-DAG: llvm.func linkonce_odr @__mlir_math_ipowi_i64(
// CHECK-NOT: math.
func.func @h(%d: tensor<5x4xi64>, %i: tensor<3xi64>, %b: f32, %e: i32)
    -> (tensor<3x4xi64>, i64, i64, i64, i64, f32, i64, f32) {
  %r = gather.gather %d[%i] : tensor<5x4xi64>, tensor<3xi64>
  %c = arith.constant 0 : index
  %a = tensor.extract %r[%c, %c] : tensor<3x4xi64>
  %0 = math.ctlz %a : i64
  %1 = math.cttz %a : i64
  %2 = math.ctpop %a : i64
  %3 = math.absi %a : i64
  %4 = math.fpowi %b, %e : f32, i32
  %5 = math.ipowi %a, %a : i64
  %6 = math.erf %b : f32
  return %r, %0, %1, %2, %3, %4, %5, %6
      : tensor<3x4xi64>, i64, i64, i64, i64, f32, i64, f32
}

// -----

// Without math.ipowi, math.fpowi is the LLVM intrinsic.
// CHECK-LABEL: module
// CHECK-NOT: __mlir_math
// CHECK-LABEL: llvm.func @p(
// CHECK: llvm.intr.powi
// CHECK-NOT: __mlir_math
func.func @p(%d: tensor<5x4xf32>, %i: tensor<3xi64>, %e: i32) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  %s = tensor.splat %e : tensor<3x4xi32>
  %p = math.fpowi %r, %s : tensor<3x4xf32>, tensor<3x4xi32>
  return %p : tensor<3x4xf32>
}

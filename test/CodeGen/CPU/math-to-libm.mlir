// gather-math-to-libm calls libm where upstream convert-math-to-libm would
// and leaves the math ops it has no function for; upstream's pass fails on
// them (the reason this pass exists).
// RUN: gather-opt %s --gather-math-to-libm | FileCheck %s
// RUN: not gather-opt %s --convert-math-to-libm 2>&1 | FileCheck %s --check-prefix=UPSTREAM

// UPSTREAM: failed to legalize operation 'math.ctlz'

// CHECK-DAG: func.func private @erff(f32) -> f32
// CHECK-DAG: func.func private @tanh(f64) -> f64
// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[A:.*]]: i64, %[[B:.*]]: f32, %[[E:.*]]: i32, %[[D:.*]]: f64, %[[V:.*]]: vector<2xf64>)
// CHECK: math.ctlz %[[A]] : i64
// CHECK: math.cttz %[[A]] : i64
// CHECK: math.ctpop %[[A]] : i64
// CHECK: math.absi %[[A]] : i64
// CHECK: math.fpowi %[[B]], %[[E]] : f32, i32
// CHECK: math.ipowi %[[A]], %[[A]] : i64
// CHECK: call @erff(%[[B]]) : (f32) -> f32
// CHECK: call @tanh(%[[D]]) : (f64) -> f64
// CHECK: vector.extract %[[V]][0]
// CHECK: call @tanh(
// CHECK: vector.extract %[[V]][1]
// CHECK: call @tanh(
// CHECK-NOT: math.tanh
// CHECK: return
func.func @f(%a: i64, %b: f32, %e: i32, %d: f64, %v: vector<2xf64>)
    -> (i64, i64, i64, i64, f32, i64, f32, f64, vector<2xf64>) {
  %0 = math.ctlz %a : i64
  %1 = math.cttz %a : i64
  %2 = math.ctpop %a : i64
  %3 = math.absi %a : i64
  %4 = math.fpowi %b, %e : f32, i32
  %5 = math.ipowi %a, %a : i64
  %6 = math.erf %b : f32
  %7 = math.tanh %d : f64
  %8 = math.tanh %v : vector<2xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : i64, i64, i64, i64, f32, i64, f32, f64, vector<2xf64>
}

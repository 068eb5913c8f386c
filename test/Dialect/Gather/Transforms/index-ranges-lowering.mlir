// The lowering reads the proofs: indices proved in [0, s) get neither the
// wrap nor the check; indices proved in [-s, s) keep the wrap only; unknown
// indices keep both.
// RUN: gather-opt %s --gather-prove-index-ranges --convert-gather-to-linalg | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-linalg | FileCheck %s --check-prefix=NOPROOF

// CHECK-LABEL: func.func @remui
// CHECK:         arith.remui
// CHECK:         scf.forall
// CHECK-NOT:       arith.select
// CHECK-NOT:       arith.cmpi
// CHECK-NOT:       llvm.call
// CHECK:           tensor.extract_slice
// CHECK-NOT:       arith.cmpi
// CHECK-NOT:       llvm.call
// CHECK:         return
// NOPROOF-LABEL: func.func @remui
// NOPROOF:         scf.forall
// NOPROOF:           arith.cmpi slt
// NOPROOF:           arith.select
// NOPROOF:           arith.cmpi uge
// NOPROOF:           llvm.call
func.func @remui(%d: tensor<5x4xf32>, %x: tensor<3xi64>) -> tensor<3x4xf32> {
  %c5 = arith.constant dense<5> : tensor<3xi64>
  %i = arith.remui %x, %c5 : tensor<3xi64>
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  return %r : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @remsi
// CHECK:         scf.forall
// CHECK:           arith.cmpi slt
// CHECK:           arith.select
// CHECK-NOT:       arith.cmpi uge
// CHECK-NOT:       llvm.call
// CHECK:           tensor.extract_slice
// NOPROOF-LABEL: func.func @remsi
// NOPROOF:         arith.select
// NOPROOF:         arith.cmpi uge
// NOPROOF:         llvm.call
func.func @remsi(%d: tensor<5x4xf32>, %x: tensor<3xi64>) -> tensor<3x4xf32> {
  %c5 = arith.constant dense<5> : tensor<3xi64>
  %i = arith.remsi %x, %c5 : tensor<3xi64>
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  return %r : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @argument
// CHECK:         arith.select
// CHECK:         arith.cmpi uge
// CHECK:         llvm.call
// NOPROOF-LABEL: func.func @argument
// NOPROOF:         arith.select
// NOPROOF:         arith.cmpi uge
// NOPROOF:         llvm.call
func.func @argument(%d: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  return %r : tensor<3x4xf32>
}

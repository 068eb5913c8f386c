// The Ascend lowering normalises indices through the same planner: proved
// indices in [0, s) go to atb.gather as they are, proved indices in [-s, s)
// get the wrap without the check.
// RUN: gather-opt %s --gather-prove-index-ranges --convert-gather-to-atb | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-atb | FileCheck %s --check-prefix=NOPROOF

// CHECK-LABEL: func.func @remui
// CHECK:         %[[I:.*]] = arith.remui
// CHECK-NOT:     linalg.generic
// CHECK:         atb.gather %{{.*}}[%[[I]]]
// NOPROOF-LABEL: func.func @remui
// NOPROOF:         linalg.generic
// NOPROOF:           arith.cmpi uge
// NOPROOF:           llvm.call
// NOPROOF:         atb.gather
func.func @remui(%d: tensor<1000x64xf32>, %x: tensor<16xi64>) -> tensor<16x64xf32> {
  %n = arith.constant dense<1000> : tensor<16xi64>
  %i = arith.remui %x, %n : tensor<16xi64>
  %r = gather.gather %d[%i] : tensor<1000x64xf32>, tensor<16xi64>
  return %r : tensor<16x64xf32>
}

// CHECK-LABEL: func.func @remsi
// CHECK:         linalg.generic
// CHECK:           arith.select
// CHECK-NOT:       arith.cmpi uge
// CHECK-NOT:       llvm.call
// CHECK:         atb.gather
// NOPROOF-LABEL: func.func @remsi
// NOPROOF:         linalg.generic
// NOPROOF:           arith.select
// NOPROOF:           arith.cmpi uge
// NOPROOF:         atb.gather
func.func @remsi(%d: tensor<1000x64xf32>, %x: tensor<16xi64>) -> tensor<16x64xf32> {
  %n = arith.constant dense<1000> : tensor<16xi64>
  %i = arith.remsi %x, %n : tensor<16xi64>
  %r = gather.gather %d[%i] : tensor<1000x64xf32>, tensor<16xi64>
  return %r : tensor<16x64xf32>
}

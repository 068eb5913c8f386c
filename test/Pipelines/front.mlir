// Every pipeline starts with the same front, on each module on its own:
// tosa.gather is raised to gather.gather (and lowered with the rest),
// gather-prove-index-ranges drops the check of indices it proves in range
// (@proven: no call of the out-of-bounds report, while the unproven
// @tosa keeps one), and a gather in a nested module is lowered.
// RUN: gather-opt %s --gather-to-affine | FileCheck %s --check-prefixes=CHECK,AFFINE --implicit-check-not=tosa.gather --implicit-check-not=gather.gather
// RUN: gather-opt %s --gather-to-llvm | FileCheck %s --check-prefixes=CHECK,LLVM --implicit-check-not=tosa.gather --implicit-check-not=gather.gather
// RUN: gather-opt %s --gather-to-atb | FileCheck %s --check-prefixes=CHECK,LLVM,ATB --implicit-check-not=tosa.gather --implicit-check-not=gather.gather
// RUN: gather-opt %s --gather-to-mpi | FileCheck %s --check-prefixes=CHECK,LLVM --implicit-check-not=tosa.gather --implicit-check-not=gather.gather

// CHECK-LABEL: {{(llvm|func)\.func}} @tosa(
// AFFINE-SAME:   memref<2x4x3xf32>
// CHECK:         @__gather_mlir_unsigned_index_out_of_bounds(
// ATB:           @gatherAtbGatherDevice_f32_u32(
// CHECK:       {{^  }$}}

// CHECK-LABEL: {{(llvm|func)\.func}} @proven(
// CHECK-NOT:     index_out_of_bounds
// ATB:           @gatherAtbGatherDevice_f32_i64(
// CHECK-NOT:     index_out_of_bounds
// CHECK:       {{^  }$}}

// CHECK-LABEL: module @inner
// AFFINE:        func.func @nested(%{{.*}}: memref<4x2xf32>, %{{.*}}: memref<2xi64>) -> memref<2x2xf32>
// LLVM:          llvm.func @nested(
// CHECK:           @__gather_mlir_index_out_of_bounds(
// ATB:             @gatherAtbGatherDevice_f32_i64(

module {
  module @inner {
    func.func @nested(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
      %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
      return %r : tensor<2x2xf32>
    }
  }
  func.func @tosa(%v: tensor<2x4x3xf32>, %i: tensor<2x5xi32>) -> tensor<2x5x3xf32> {
    %r = tosa.gather %v, %i : (tensor<2x4x3xf32>, tensor<2x5xi32>) -> tensor<2x5x3xf32>
    return %r : tensor<2x5x3xf32>
  }
  func.func @proven(%d: tensor<5x4xf32>, %x: tensor<3xi64>) -> tensor<3x4xf32> {
    %c5 = arith.constant dense<5> : tensor<3xi64>
    %i = arith.remui %x, %c5 : tensor<3xi64>
    %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
    return %r : tensor<3x4xf32>
  }
}

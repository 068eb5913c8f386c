// The pipelines lower gathers and tensor code in nested modules: each module
// is lowered on its own, innermost first, and its report functions are its
// own symbols.
// RUN: gather-opt %s --gather-to-llvm | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="bounds-check=none" | FileCheck %s --check-prefix=NONE
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp strategy=generic" | FileCheck %s --check-prefix=NONE
// RUN: gather-opt %s --gather-to-atb | FileCheck %s --check-prefix=NONE
// RUN: gather-opt %s --gather-to-affine | FileCheck %s --check-prefix=AFFINE

// Each nested module is lowered before its parent and set aside meanwhile,
// so it follows its parent's functions in the output.
// CHECK-LABEL: module {
// CHECK:         llvm.func @outer(
// CHECK:           llvm.call @__gather_mlir_index_out_of_bounds(
// CHECK:         llvm.func internal @__gather_mlir_index_out_of_bounds(
// CHECK:         module @inner {
// CHECK:           llvm.func @nested(
// CHECK:             llvm.call @__gather_mlir_index_out_of_bounds(
// CHECK:           llvm.func internal @__gather_mlir_index_out_of_bounds(
// CHECK:           module @innermost {
// CHECK:             llvm.func @deepest(
// CHECK:               llvm.call @__gather_mlir_index_out_of_bounds(
// CHECK:             llvm.func internal @__gather_mlir_index_out_of_bounds(
// CHECK-NOT:   gather.gather
// CHECK-NOT:   tensor<

// NONE:        llvm.func @outer(
// NONE:        module @inner {
// NONE:          llvm.func @nested(
// NONE:          module @innermost {
// NONE:            llvm.func @deepest(
// NONE-NOT:    gather.gather
// NONE-NOT:    func.func
// NONE-NOT:    tensor<

// AFFINE:      func.func @outer(%{{.*}}: memref<4x2xf32>, %{{.*}}: memref<2xi64>) -> memref<2x2xf32>
// AFFINE:      module @inner {
// AFFINE:        func.func @nested(%{{.*}}: memref<4x2xf32>, %{{.*}}: memref<2xi64>) -> memref<2x2xf32>
// AFFINE:        module @innermost {
// AFFINE:          func.func @deepest(%{{.*}}: memref<4x2xf32>, %{{.*}}: memref<2xi64>) -> memref<2x2xf32>
// AFFINE-NOT:  gather.gather
// AFFINE-NOT:  tensor<

module {
  module @inner {
    module @innermost {
      func.func @deepest(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
        %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
        return %r : tensor<2x2xf32>
      }
    }
    func.func @nested(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
      %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
      return %r : tensor<2x2xf32>
    }
  }
  func.func @outer(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
    %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
    return %r : tensor<2x2xf32>
  }
}

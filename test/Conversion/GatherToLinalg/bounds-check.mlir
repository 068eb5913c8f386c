// The bounds-check option: clamp and none.
// RUN: gather-opt %s --convert-gather-to-linalg=bounds-check=clamp | FileCheck %s --check-prefix=CLAMP
// RUN: gather-opt %s --convert-gather-to-linalg=bounds-check=none | FileCheck %s --check-prefix=NONE

// Signed clamp: wrap, then max(k, 0) and min(k, s - 1); an empty gathered
// dimension (s == 0) still reports.
// CLAMP-LABEL: func.func @signed
// CLAMP-SAME:    %[[D:.*]]: tensor<?x4xf32>
// CLAMP:         %[[S:.*]] = tensor.dim %[[D]]
// CLAMP:         scf.forall
// CLAMP:           %[[POS:.*]] = arith.select
// CLAMP:           %[[EMPTY:.*]] = arith.cmpi eq, %[[S]], %{{.*}} : index
// CLAMP:           scf.if %[[EMPTY]] {
// CLAMP:             llvm.call @__gather_mlir_index_out_of_bounds
// CLAMP:           %[[LAST:.*]] = arith.subi %[[S]], %{{.*}} : index
// CLAMP:           %[[LO:.*]] = arith.maxsi %[[POS]], %{{.*}} : index
// CLAMP:           %[[HI:.*]] = arith.minsi %[[LO]], %[[LAST]] : index
// CLAMP:           tensor.extract_slice %[[D]][%[[HI]], 0]
// CLAMP-NOT:       arith.cmpi uge

// NONE-LABEL:  func.func @signed
// NONE:          arith.select
// NONE-NOT:      arith.cmpi uge
// NONE-NOT:      arith.minsi
// NONE-NOT:      scf.if
// NONE:          tensor.extract_slice
func.func @signed(%d: tensor<?x4xf32>, %i: tensor<2xi64>) -> tensor<2x4xf32> {
  %r = gather.gather %d[%i] : tensor<?x4xf32>, tensor<2xi64>
  return %r : tensor<2x4xf32>
}

// Unsigned clamp with a static, non-empty gathered dimension: one minui, no
// wrap and no report.
// CLAMP-LABEL: func.func @unsigned
// CLAMP-NOT:     arith.select
// CLAMP-NOT:     scf.if
// CLAMP:         arith.minui %{{.*}}, %{{.*}} : index
// CLAMP-NOT:     arith.maxsi

// NONE-LABEL:  func.func @unsigned
// NONE-NOT:      arith.select
// NONE-NOT:      arith.minui
// NONE:          tensor.extract_slice
func.func @unsigned(%d: tensor<5x4xf32>, %i: tensor<2xui64>) -> tensor<2x4xf32> {
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xui64>
  return %r : tensor<2x4xf32>
}

// With bounds-check=none no reporting function is added at all.
// NONE-NOT:      __gather_mlir_index_out_of_bounds
// NONE-NOT:      llvm.func @exit

// The bounds-check option: clamp and none.
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=clamp hints=true" | FileCheck %s --check-prefix=CLAMP
// RUN: gather-opt %s --convert-gather-to-linalg=bounds-check=none | FileCheck %s --check-prefix=NONE

// Signed clamp: wrap, then max(k, 0) and min(k, s - 1); an empty gathered
// dimension (s == 0) still reports.
// Every constant is pinned: the wrap adds s to k < 0, the clamp bounds are
// 0 and s - 1, and the report fires for s == 0.
// CLAMP-LABEL: func.func @signed
// CLAMP-SAME:    %[[D:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<2xi64>
// CLAMP:         %[[C0:.*]] = arith.constant 0 : index
// CLAMP:         %[[S:.*]] = tensor.dim %[[D]], %[[C0]] : tensor<?x4xf32>
// CLAMP:         scf.forall (%[[J:.*]]) in (2)
// CLAMP:           %[[RAW:.*]] = tensor.extract %[[I]][%[[J]]] : tensor<2xi64>
// CLAMP:           %[[K:.*]] = arith.index_cast %[[RAW]] : i64 to index
// CLAMP:           %[[Z:.*]] = arith.constant 0 : index
// CLAMP:           %[[NEG:.*]] = arith.cmpi slt, %[[K]], %[[Z]] : index
// CLAMP:           %[[WRAPPED:.*]] = arith.addi %[[K]], %[[S]] : index
// CLAMP:           %[[POS:.*]] = arith.select %[[NEG]], %[[WRAPPED]], %[[K]] {gather.wrap} : index
// CLAMP:           %[[Z1:.*]] = arith.constant 0 : index
// CLAMP:           %[[EMPTY:.*]] = arith.cmpi eq, %[[S]], %[[Z1]] : index
// CLAMP:           scf.if %[[EMPTY]] {
// CLAMP:             llvm.call @__gather_mlir_index_out_of_bounds
// CLAMP:           %[[ONE:.*]] = arith.constant 1 : index
// CLAMP:           %[[LAST:.*]] = arith.subi %[[S]], %[[ONE]] : index
// CLAMP:           %[[Z2:.*]] = arith.constant 0 : index
// CLAMP:           %[[LO:.*]] = arith.maxsi %[[POS]], %[[Z2]] : index
// CLAMP:           %[[HI:.*]] = arith.minsi %[[LO]], %[[LAST]] : index
// CLAMP:           tensor.extract_slice %[[D]][%[[HI]], 0] [1, 4] [1, 1]
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
// CLAMP:         %[[C5:.*]] = arith.constant 5 : index
// CLAMP-NOT:     arith.select
// CLAMP-NOT:     scf.if
// CLAMP:         %[[K:.*]] = arith.index_castui %{{.*}} : i64 to index
// CLAMP:         %[[ONE:.*]] = arith.constant 1 : index
// CLAMP:         %[[LAST:.*]] = arith.subi %[[C5]], %[[ONE]] : index
// CLAMP:         %[[HI:.*]] = arith.minui %[[K]], %[[LAST]] : index
// CLAMP:         tensor.extract_slice %{{.*}}[%[[HI]], 0] [1, 4] [1, 1]
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

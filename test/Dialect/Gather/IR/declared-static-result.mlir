// A declared result type may be more static than what data and indices give
// (dynamic vs static is allowed, DESIGN.md section 1): the verifier accepts
// it, and the lowerings check the actual sizes at run time
// (test/Integration/Checks/shape_checks.mlir). A static size that contradicts
// a static operand size is an error (invalid.mlir).
// RUN: gather-opt %s | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-linalg | FileCheck %s --check-prefix=LOWERED

// CHECK-LABEL: func.func @more_static
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x4xf32>
// CHECK-LABEL: func.func @batch_more_static
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 : tensor<?x?x2xf32>, tensor<?x2xi64> -> tensor<6x2x2xf32>
// LOWERED-LABEL: func.func @more_static
// LOWERED:         llvm.call @__gather_mlir_result_size_mismatch
// LOWERED-LABEL: func.func @batch_more_static
// LOWERED:         llvm.call @__gather_mlir_batch_size_mismatch
// LOWERED:         llvm.call @__gather_mlir_result_size_mismatch
func.func @more_static(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x4xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

func.func @batch_more_static(%d: tensor<?x?x2xf32>, %i: tensor<?x2xi64>) -> tensor<6x2x2xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?x2xf32>, tensor<?x2xi64> -> tensor<6x2x2xf32>
  return %r : tensor<6x2x2xf32>
}

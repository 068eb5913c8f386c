// The bodies of functions are converted without folding (upstream
// convert-to-llvm folds first): an add of constants stays an add.
// RUN: gather-opt %s --gather-convert-to-llvm --reconcile-unrealized-casts | FileCheck %s
// RUN: mlir-opt %s --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=UPSTREAM

// CHECK-LABEL: llvm.func @constants(
// CHECK-DAG: %[[A:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[B:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[S:.*]] = llvm.add %[[A]], %[[B]] : i32
// CHECK: llvm.return %[[S]]
// UPSTREAM-LABEL: llvm.func @constants(
// UPSTREAM: %[[C:.*]] = llvm.mlir.constant(3 : i32) : i32
// UPSTREAM: llvm.return %[[C]]
func.func @constants() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %s = arith.addi %a, %b : i32
  return %s : i32
}

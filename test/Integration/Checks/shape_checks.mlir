// Shape rules that depend on dynamic sizes are checked at run time, under
// `assert` and `clamp`, before the gather reads any memory: batch dimensions
// that differ between data and indices, and a result dimension declared
// static that the data does not have. The message names both sizes and the
// gather; the program exits with status 1.

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_batch -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e main_batch -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | not mlir-runner -e main_batch -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp strategy=generic" | not mlir-runner -e main_batch -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: gather-opt %s --gather-to-llvm=parallel=true | not mlir-runner -e main_batch -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: gather-opt %s --gather-to-atb | not mlir-runner -e main_batch -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=BATCH

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_result -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e main_result -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | not mlir-runner -e main_result -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp strategy=generic" | not mlir-runner -e main_result -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: gather-opt %s --gather-to-llvm=parallel=true | not mlir-runner -e main_result -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: gather-opt %s --gather-to-atb | not mlir-runner -e main_result -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=RESULT

// Sizes that agree pass the checks, with every pipeline.
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main_ok -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main_ok -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e main_ok -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-to-llvm=parallel=true | mlir-runner -e main_ok -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main_ok -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s --check-prefix=OK

func.func private @printMemrefF32(tensor<*xf32>)

// Data 6x3x2 and indices 1x2 at run time, batch sizes dynamic on both sides.
func.func @batch(%d: tensor<?x?x2xf32>, %i: tensor<?x2xi64>) -> tensor<?x2x2xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?x2xf32>, tensor<?x2xi64>
  return %r : tensor<?x2x2xf32>
}

// The result declares 4 columns; data of 2 columns at run time.
func.func @result(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x4xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

func.func @main_batch() {
  %d = arith.constant dense<1.0> : tensor<6x3x2xf32>
  %i = arith.constant dense<[[0, 2]]> : tensor<1x2xi64>
  %dd = tensor.cast %d : tensor<6x3x2xf32> to tensor<?x?x2xf32>
  %id = tensor.cast %i : tensor<1x2xi64> to tensor<?x2xi64>
  %r = call @batch(%dd, %id) : (tensor<?x?x2xf32>, tensor<?x2xi64>) -> tensor<?x2x2xf32>
  %u = tensor.cast %r : tensor<?x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// BATCH-NOT: Unranked
// BATCH: gather: batch dimension 0 has size 6 in data but 1 in indices (at {{.*}}shape_checks.mlir:32:8){{$}}
// BATCH-NOT: Unranked

func.func @main_result() {
  %d = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]> : tensor<3x2xf32>
  %i = arith.constant dense<[2, 0]> : tensor<2xi64>
  %dd = tensor.cast %d : tensor<3x2xf32> to tensor<?x?xf32>
  %id = tensor.cast %i : tensor<2xi64> to tensor<?xi64>
  %r = call @result(%dd, %id) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x4xf32>
  %u = tensor.cast %r : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// RESULT-NOT: Unranked
// RESULT: gather: result dimension 1 is declared with size 4 but the data and indices give 2 (at {{.*}}shape_checks.mlir:38:8){{$}}
// RESULT-NOT: Unranked

func.func @main_ok() {
  // data[b, k, c] = 10 b + 2 k + c for b < 2, k < 3, c < 2.
  %d = arith.constant dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]],
                             [[10.0, 11.0], [12.0, 13.0], [14.0, 15.0]]]> : tensor<2x3x2xf32>
  %i = arith.constant dense<[[2, 0], [-1, 1]]> : tensor<2x2xi64>
  %dd = tensor.cast %d : tensor<2x3x2xf32> to tensor<?x?x2xf32>
  %id = tensor.cast %i : tensor<2x2xi64> to tensor<?x2xi64>
  %r = call @batch(%dd, %id) : (tensor<?x?x2xf32>, tensor<?x2xi64>) -> tensor<?x2x2xf32>
  %u = tensor.cast %r : tensor<?x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // OK: sizes = [2, 2, 2]
  // OK-NEXT: {{\[\[\[}}4,   5],
  // OK-NEXT:  [0,   1]],
  // OK-NEXT: {{\[\[}}14,   15],
  // OK-NEXT:  [12,   13]]]

  %d2 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]> : tensor<2x4xf32>
  %i2 = arith.constant dense<[1, 0, 1]> : tensor<3xi64>
  %dd2 = tensor.cast %d2 : tensor<2x4xf32> to tensor<?x?xf32>
  %id2 = tensor.cast %i2 : tensor<3xi64> to tensor<?xi64>
  %r2 = call @result(%dd2, %id2) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x4xf32>
  %u2 = tensor.cast %r2 : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // OK: sizes = [3, 4]
  // OK-NEXT: {{\[\[}}4,   5,   6,   7],
  // OK-NEXT:  [0,   1,   2,   3],
  // OK-NEXT:  [4,   5,   6,   7]]
  return
}

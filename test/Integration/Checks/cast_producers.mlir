// Operands whose dynamic sizes are static in their producers (tensor.cast),
// alone and in a chain of gathers, lower through every pipeline and give the
// rows of the table. Row k of the 3x5 table holds 10 k + c in column c.

// RUN: gather-opt %s --convert-gather-to-linalg | FileCheck %s --check-prefix=IR
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=parallel=true | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s

// The slice of the rows is static where the sizes fold to constants.
// IR-LABEL: func.func @cast_columns
// IR:         tensor.extract_slice %{{.*}} [1, 5] [1, 1] : tensor<3x?xf32> to tensor<5xf32>
// IR-NOT:     gather.gather

func.func private @printMemrefF32(tensor<*xf32>)

func.func @cast_columns(%a: tensor<3x5xf32>, %i: tensor<2xi64>) -> tensor<2x?xf32> {
  %c = tensor.cast %a : tensor<3x5xf32> to tensor<3x?xf32>
  %r = gather.gather %c[%i] : tensor<3x?xf32>, tensor<2xi64>
  return %r : tensor<2x?xf32>
}

func.func @chain(%a: tensor<3x5xf32>, %i: tensor<2xi64>, %j: tensor<4xi64>) -> tensor<4x?xf32> {
  %c = tensor.cast %a : tensor<3x5xf32> to tensor<?x?xf32>
  %r = gather.gather %c[%i] : tensor<?x?xf32>, tensor<2xi64> -> tensor<2x?xf32>
  %s = gather.gather %r[%j] : tensor<2x?xf32>, tensor<4xi64>
  return %s : tensor<4x?xf32>
}

// Gathered along the cast dimension, with dynamic indices from a cast too.
func.func @cast_axis1(%a: tensor<3x5xf32>, %i: tensor<2xi32>) -> tensor<?x?xf32> {
  %c = tensor.cast %a : tensor<3x5xf32> to tensor<?x?xf32>
  %ic = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %r = gather.gather %c[%ic] axis = 1 : tensor<?x?xf32>, tensor<?xi32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %a = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0],
                             [10.0, 11.0, 12.0, 13.0, 14.0],
                             [20.0, 21.0, 22.0, 23.0, 24.0]]> : tensor<3x5xf32>
  %i = arith.constant dense<[2, -3]> : tensor<2xi64>
  %r = call @cast_columns(%a, %i) : (tensor<3x5xf32>, tensor<2xi64>) -> tensor<2x?xf32>
  %u = tensor.cast %r : tensor<2x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [2, 5]
  // CHECK-NEXT: {{\[\[}}20,   21,   22,   23,   24],
  // CHECK-NEXT:  [0,   1,   2,   3,   4]]

  // Rows (2, 0) of the table, then rows (1, 1, 0, -1 = 1) of that.
  %j = arith.constant dense<[1, 1, 0, -1]> : tensor<4xi64>
  %s = call @chain(%a, %i, %j) : (tensor<3x5xf32>, tensor<2xi64>, tensor<4xi64>) -> tensor<4x?xf32>
  %v = tensor.cast %s : tensor<4x?xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [4, 5]
  // CHECK-NEXT: {{\[\[}}0,   1,   2,   3,   4],
  // CHECK-NEXT:  [0,   1,   2,   3,   4],
  // CHECK-NEXT:  [20,   21,   22,   23,   24],
  // CHECK-NEXT:  [0,   1,   2,   3,   4]]

  %k = arith.constant dense<[4, -5]> : tensor<2xi32>
  %t = call @cast_axis1(%a, %k) : (tensor<3x5xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %w = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%w) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}4,   0],
  // CHECK-NEXT:  [14,   10],
  // CHECK-NEXT:  [24,   20]]
  return
}

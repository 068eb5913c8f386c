// tosa.gather raised (gather-to-llvm runs raise-to-gather first), the same
// module lowered by upstream tosa-to-linalg and upstream MLIR alone, and the
// linalg idiom that tosa-to-linalg emits raised in turn: the three runs
// give the same output (diffs), and the values computed by hand from
// v[n][k][c] = 100 n + 10 k + c. A negative TOSA index is an error of the
// program (TOSA requires 0 <= index < K) and stops it under the default
// bounds-check=assert instead of being wrapped.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main_tosa -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(tosa-to-linalg))" | FileCheck %s --check-prefix=UPSTREAM
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(tosa-to-linalg))" | %upstream_to_llvm | mlir-runner -e main_tosa -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(tosa-to-linalg))" | gather-opt --gather-to-llvm | mlir-runner -e main_tosa -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.idiom
// RUN: diff %t.raised %t.idiom
// RUN: FileCheck %s --check-prefix=TOSA < %t.raised
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_tosa_negative -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NEG --implicit-check-not=Unranked

// The upstream path really lowers the TOSA gather to the idiom.
// UPSTREAM-LABEL: func.func @tosa_gather
// UPSTREAM-NOT:     tosa.gather
// UPSTREAM-NOT:     gather.gather
// UPSTREAM:         linalg.generic
// UPSTREAM:           tensor.extract

func.func private @printMemrefF32(tensor<*xf32>)

func.func @tosa_gather(%v: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %r = tosa.gather %v, %i : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %r : tensor<2x4x3xf32>
}

// TOSA: rank = 3 offset = 0 sizes = [2, 4, 3] strides = [12, 3, 1] data =
// TOSA-NEXT: {{\[\[\[}}40,   41,   42],
// TOSA-NEXT: [0,   1,   2],
// TOSA-NEXT: [20,   21,   22],
// TOSA-NEXT: [20,   21,   22]],
// TOSA-NEXT: {{\[\[}}110,   111,   112],
// TOSA-NEXT: [130,   131,   132],
// TOSA-NEXT: [100,   101,   102],
// TOSA-NEXT: [140,   141,   142]]]
func.func @main_tosa() {
  %v = arith.constant dense<[[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0], [40.0, 41.0, 42.0]],
                             [[100.0, 101.0, 102.0], [110.0, 111.0, 112.0], [120.0, 121.0, 122.0], [130.0, 131.0, 132.0], [140.0, 141.0, 142.0]]]> : tensor<2x5x3xf32>
  %i = arith.constant dense<[[4, 0, 2, 2], [1, 3, 0, 4]]> : tensor<2x4xi32>
  %r = call @tosa_gather(%v, %i) : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  %u = tensor.cast %r : tensor<2x4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// NEG: gather: index 4294967295 is out of bounds for a dimension of size 5
func.func @main_tosa_negative() {
  %v = arith.constant dense<1.0> : tensor<2x5x3xf32>
  %i = arith.constant dense<[[4, 0, 2, 2], [1, -1, 0, 4]]> : tensor<2x4xi32>
  %r = call @tosa_gather(%v, %i) : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  %u = tensor.cast %r : tensor<2x4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}


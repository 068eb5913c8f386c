// Indices that a reduction accumulates: a sum, a product, a difference and a
// count of small values that each stay in range while the accumulated value
// leaves the 5-row table (row k holds 10 k and 10 k + 1). Under `assert`
// each stops with the report; under `clamp` each reads the clamped row. The
// expected values follow from the bodies: 2 + 2 + 1 = 5 and 2 * 2 * 2 = 8
// clamp to row 4, 0 - 2 - 2 - 2 = -6 lies below -5 and clamps to row 0,
// 2 + 1 + 1 + 1 = 5 clamps to row 4.

// RUN: gather-opt %s --gather-to-llvm > %t.assert.mlir
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp > %t.clamp.mlir
// RUN: not mlir-runner %t.assert.mlir -e main_sum -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=SUM-ASSERT
// RUN: not mlir-runner %t.assert.mlir -e main_product -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=PRODUCT-ASSERT
// RUN: not mlir-runner %t.assert.mlir -e main_difference -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=DIFFERENCE-ASSERT
// RUN: not mlir-runner %t.assert.mlir -e main_count -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=COUNT-ASSERT
// RUN: mlir-runner %t.clamp.mlir -e main_sum -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=LAST
// RUN: mlir-runner %t.clamp.mlir -e main_product -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=LAST
// RUN: mlir-runner %t.clamp.mlir -e main_difference -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=FIRST
// RUN: mlir-runner %t.clamp.mlir -e main_count -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=LAST

// The same programs through the generic strategy and the Ascend pipeline
// (which keeps these gathers on the CPU or checks their indices itself).
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e main_sum -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=SUM-ASSERT
// RUN: gather-opt %s --gather-to-atb | not mlir-runner -e main_product -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=PRODUCT-ASSERT

// SUM-ASSERT: gather: index 5 is out of bounds for a dimension of size 5
// SUM-ASSERT-NOT: data =
// PRODUCT-ASSERT: gather: index 8 is out of bounds for a dimension of size 5
// PRODUCT-ASSERT-NOT: data =
// DIFFERENCE-ASSERT: gather: index -6 is out of bounds for a dimension of size 5
// DIFFERENCE-ASSERT-NOT: data =
// COUNT-ASSERT: gather: index 5 is out of bounds for a dimension of size 5
// COUNT-ASSERT-NOT: data =

// LAST: sizes = [1, 2]
// LAST-NEXT: {{\[\[}}40, 41]]
// FIRST: sizes = [1, 2]
// FIRST-NEXT: {{\[\[}}0, 1]]

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @table() -> tensor<5x2xf32> {
  %d = arith.constant dense<[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0], [30.0, 31.0], [40.0, 41.0]]> : tensor<5x2xf32>
  return %d : tensor<5x2xf32>
}

func.func @print(%r: tensor<1x2xf32>) {
  %u = tensor.cast %r : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main_sum() {
  %d = call @table() : () -> tensor<5x2xf32>
  %in = arith.constant dense<[[2, 2, 1]]> : tensor<1x3xi64>
  %z = arith.constant dense<0> : tensor<1xi64>
  %k = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%z : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %r = gather.gather %d[%k] : tensor<5x2xf32>, tensor<1xi64>
  call @print(%r) : (tensor<1x2xf32>) -> ()
  return
}

func.func @main_product() {
  %d = call @table() : () -> tensor<5x2xf32>
  %in = arith.constant dense<[[2, 2, 2]]> : tensor<1x3xi64>
  %one = arith.constant dense<1> : tensor<1xi64>
  %k = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%one : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.muli %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %r = gather.gather %d[%k] : tensor<5x2xf32>, tensor<1xi64>
  call @print(%r) : (tensor<1x2xf32>) -> ()
  return
}

func.func @main_difference() {
  %d = call @table() : () -> tensor<5x2xf32>
  %in = arith.constant dense<[[2, 2, 2]]> : tensor<1x3xi64>
  %z = arith.constant dense<0> : tensor<1xi64>
  %k = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%z : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.subi %o, %a : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %r = gather.gather %d[%k] : tensor<5x2xf32>, tensor<1xi64>
  call @print(%r) : (tensor<1x2xf32>) -> ()
  return
}

func.func @main_count() {
  %d = call @table() : () -> tensor<5x2xf32>
  %in = arith.constant dense<[[0, 0, 0]]> : tensor<1x3xi64>
  %two = arith.constant dense<2> : tensor<1xi64>
  %k = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%two : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %c1 = arith.constant 1 : i64
    %s = arith.addi %o, %c1 : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %r = gather.gather %d[%k] : tensor<5x2xf32>, tensor<1xi64>
  call @print(%r) : (tensor<1x2xf32>) -> ()
  return
}

// Sizes 0 that a tensor.cast hides from the gather's types (programs of the
// generator, seed 20250, 1157 and 980): data 3x0 seen as ?x? with a static
// result size elsewhere lowers under every strategy (the folded size 0 must
// not give a slice at offset 0 of an empty static dimension), and a gather
// that the Ascend pipeline may send to ATB stays on the CPU when a size is 0
// at run time, also when the data moves to device memory first (an empty
// device buffer is no allocation failure). Under `assert` an index of an
// empty result is still checked.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=form=block-copy | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=form=inline-copy | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-atb=device-resident=true | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_oob -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: gather-opt %s --gather-to-atb=device-resident=true | not mlir-runner -e main_oob -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=OOB

func.func private @printMemrefShapeF32(tensor<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF16(tensor<*xf16>) attributes {llvm.emit_c_interface}

// Data 3x0 behind a cast to ?x?; the result's first size is static.
func.func @hidden(%d: tensor<3x0xf32>, %i: tensor<2xi64>) -> tensor<2x?xf32> {
  %c = tensor.cast %d : tensor<3x0xf32> to tensor<?x?xf32>
  %r = gather.gather %c[%i] : tensor<?x?xf32>, tensor<2xi64> -> tensor<2x?xf32>
  return %r : tensor<2x?xf32>
}

// Rank 4 with batch dimensions, as the generator drew it.
func.func @batched(%d: tensor<3x2x3x0xf32>, %i: tensor<3x9x4xi64>) -> tensor<3x9x4x2x?x?xf32> {
  %c = tensor.cast %d : tensor<3x2x3x0xf32> to tensor<?x2x?x?xf32>
  %r = gather.gather %c[%i] axis = -4 batch_dims = -3 : tensor<?x2x?x?xf32>, tensor<3x9x4xi64> -> tensor<3x9x4x2x?x?xf32>
  return %r : tensor<3x9x4x2x?x?xf32>
}

// f16 data that ATB takes when no size is 0 (the guard decides at run time).
func.func @device(%d: tensor<?x6x?xf16>, %i: tensor<3xi64>) -> tensor<?x?x?xf16> {
  %c = tensor.cast %d : tensor<?x6x?xf16> to tensor<?x?x?xf16>
  %ic = tensor.cast %i : tensor<3xi64> to tensor<?xi64>
  %r = gather.gather %c[%ic] axis = 1 : tensor<?x?x?xf16>, tensor<?xi64> -> tensor<?x?x?xf16>
  return %r : tensor<?x?x?xf16>
}

func.func @main() {
  %d = tensor.empty() : tensor<3x0xf32>
  %i = arith.constant dense<[2, 0]> : tensor<2xi64>
  %r = call @hidden(%d, %i) : (tensor<3x0xf32>, tensor<2xi64>) -> tensor<2x?xf32>
  %u = tensor.cast %r : tensor<2x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [2, 0]

  %b = tensor.empty() : tensor<3x2x3x0xf32>
  %j = arith.constant dense<1> : tensor<3x9x4xi64>
  %s = call @batched(%b, %j) : (tensor<3x2x3x0xf32>, tensor<3x9x4xi64>) -> tensor<3x9x4x2x?x?xf32>
  %v = tensor.cast %s : tensor<3x9x4x2x?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%v) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [3, 9, 4, 2, 3, 0]

  %e0 = tensor.empty() : tensor<1x6x0xf16>
  %e = tensor.cast %e0 : tensor<1x6x0xf16> to tensor<?x6x?xf16>
  %k = arith.constant dense<[-1, 5, 0]> : tensor<3xi64>
  %t = call @device(%e, %k) : (tensor<?x6x?xf16>, tensor<3xi64>) -> tensor<?x?x?xf16>
  %w = tensor.cast %t : tensor<?x?x?xf16> to tensor<*xf16>
  call @printMemrefF16(%w) : (tensor<*xf16>) -> ()
  // CHECK: sizes = [1, 3, 0]
  return
}

// An index out of range for the gathered size 6, with an empty result.
func.func @main_oob() {
  %e0 = tensor.empty() : tensor<1x6x0xf16>
  %e = tensor.cast %e0 : tensor<1x6x0xf16> to tensor<?x6x?xf16>
  %k = arith.constant dense<[0, 6, 1]> : tensor<3xi64>
  %t = call @device(%e, %k) : (tensor<?x6x?xf16>, tensor<3xi64>) -> tensor<?x?x?xf16>
  %w = tensor.cast %t : tensor<?x?x?xf16> to tensor<*xf16>
  call @printMemrefF16(%w) : (tensor<*xf16>) -> ()
  return
}
// OOB-NOT: rank =
// OOB: gather: index 6 is out of bounds for a dimension of size 6
// OOB-NOT: rank =

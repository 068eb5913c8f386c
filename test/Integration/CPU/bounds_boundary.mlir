// Index values at the edges of a gathered dimension of size 4: 3 and -4 are
// the last and the first row; 4 (the size itself) and -5 are the first
// values out of range. In range, each as a constant (whose check the
// lowering drops) and as a value known at run time only; out of range, at
// run time (a constant out of range is a compile-time diagnostic of
// gather-prove-index-ranges, tested with that pass), under both strategies:
// assert stops at 4 and -5 naming the value and the size, clamp maps 4 to
// row 3 and -5 (wrapped to -1) to row 0, constant or not.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e in_range -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=IN
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e in_range -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=IN
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e runtime_size -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=SIZE --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e runtime_size -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=SIZE --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e runtime_below -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BELOW --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e runtime_below -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BELOW --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e runtime_size_ui32 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=SIZE --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e runtime_size_ui32 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=SIZE --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e clamp -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=CLAMP
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp strategy=generic" | mlir-runner -e clamp -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=CLAMP

// Rows 3, 0 (from -4), 3 (from -1) and 0, constant and at run time alike.
// IN:      sizes = [4, 2] strides = [2, 1] data =
// IN-NEXT: [30,   31],
// IN-NEXT: [0,   1],
// IN-NEXT: [30,   31],
// IN-NEXT: [0,   1]
// IN:      sizes = [4, 2] strides = [2, 1] data =
// IN-NEXT: [30,   31],
// IN-NEXT: [0,   1],
// IN-NEXT: [30,   31],
// IN-NEXT: [0,   1]

// SIZE: gather: index 4 is out of bounds for a dimension of size 4
// BELOW: gather: index -5 is out of bounds for a dimension of size 4

// Clamped: [4, -5, 3, -4] -> rows 3, 0, 3, 0; the constant and the run-time
// gathers agree.
// CLAMP:      sizes = [4, 2] strides = [2, 1] data =
// CLAMP-NEXT: [30,   31],
// CLAMP-NEXT: [0,   1],
// CLAMP-NEXT: [30,   31],
// CLAMP-NEXT: [0,   1]
// CLAMP:      sizes = [4, 2] strides = [2, 1] data =
// CLAMP-NEXT: [30,   31],
// CLAMP-NEXT: [0,   1],
// CLAMP-NEXT: [30,   31],
// CLAMP-NEXT: [0,   1]

func.func private @printMemrefF32(tensor<*xf32>)

// The table: row i is [10 i, 10 i + 1].
func.func @table() -> tensor<4x2xf32> {
  %d = arith.constant dense<[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0], [30.0, 31.0]]> : tensor<4x2xf32>
  return %d : tensor<4x2xf32>
}

// Indices known only at run time: a function argument of dynamic size (the
// pipelines do not inline), gathered from a table of dynamic size.
func.func @gather_runtime(%d: tensor<?x2xf32>, %i: tensor<?xi64>) -> tensor<?x2xf32> {
  %r = gather.gather %d[%i] : tensor<?x2xf32>, tensor<?xi64>
  return %r : tensor<?x2xf32>
}
func.func @gather_runtime_ui32(%d: tensor<?x2xf32>, %i: tensor<?xui32>) -> tensor<?x2xf32> {
  %r = gather.gather %d[%i] : tensor<?x2xf32>, tensor<?xui32>
  return %r : tensor<?x2xf32>
}

func.func @print(%r: tensor<?x2xf32>) {
  %u = tensor.cast %r : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @run(%values: tensor<4xi64>) {
  %t = call @table() : () -> tensor<4x2xf32>
  %d = tensor.cast %t : tensor<4x2xf32> to tensor<?x2xf32>
  %i = tensor.cast %values : tensor<4xi64> to tensor<?xi64>
  %r = call @gather_runtime(%d, %i) : (tensor<?x2xf32>, tensor<?xi64>) -> tensor<?x2xf32>
  call @print(%r) : (tensor<?x2xf32>) -> ()
  return
}

func.func @in_range() {
  %t = call @table() : () -> tensor<4x2xf32>
  %i = arith.constant dense<[3, -4, -1, 0]> : tensor<4xi64>
  %r = gather.gather %t[%i] : tensor<4x2xf32>, tensor<4xi64>
  %rd = tensor.cast %r : tensor<4x2xf32> to tensor<?x2xf32>
  call @print(%rd) : (tensor<?x2xf32>) -> ()
  call @run(%i) : (tensor<4xi64>) -> ()
  return
}

func.func @runtime_size() {
  %i = arith.constant dense<[3, -4, 4, 0]> : tensor<4xi64>
  call @run(%i) : (tensor<4xi64>) -> ()
  return
}

func.func @runtime_below() {
  %i = arith.constant dense<[3, -4, -5, 0]> : tensor<4xi64>
  call @run(%i) : (tensor<4xi64>) -> ()
  return
}

func.func @runtime_size_ui32() {
  %t = call @table() : () -> tensor<4x2xf32>
  %d = tensor.cast %t : tensor<4x2xf32> to tensor<?x2xf32>
  %i = arith.constant dense<[3, 0, 4]> : tensor<3xui32>
  %id = tensor.cast %i : tensor<3xui32> to tensor<?xui32>
  %r = call @gather_runtime_ui32(%d, %id) : (tensor<?x2xf32>, tensor<?xui32>) -> tensor<?x2xf32>
  call @print(%r) : (tensor<?x2xf32>) -> ()
  return
}

func.func @clamp() {
  %t = call @table() : () -> tensor<4x2xf32>
  %i = arith.constant dense<[4, -5, 3, -4]> : tensor<4xi64>
  %r = gather.gather %t[%i] : tensor<4x2xf32>, tensor<4xi64>
  %rd = tensor.cast %r : tensor<4x2xf32> to tensor<?x2xf32>
  call @print(%rd) : (tensor<?x2xf32>) -> ()
  call @run(%i) : (tensor<4xi64>) -> ()
  return
}

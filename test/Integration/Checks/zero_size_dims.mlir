// Gathers from data with a static size 0 next to dynamic sizes
// (tensor<?x0x2xf32>) lower through every pipeline; the copies of empty rows
// copy nothing and an index into the empty axis is reported.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=parallel=true | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_oob -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e main_oob -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=OOB

func.func private @printMemrefShapeF32(tensor<*xf32>) attributes {llvm.emit_c_interface}

func.func @axis1(%d: tensor<?x0x2xf32>, %i: tensor<?xi64>) -> tensor<?x?x2xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x0x2xf32>, tensor<?xi64>
  return %r : tensor<?x?x2xf32>
}

func.func @axis0(%d: tensor<?x0x2xf32>, %i: tensor<2xi64>) -> tensor<2x0x2xf32> {
  %r = gather.gather %d[%i] : tensor<?x0x2xf32>, tensor<2xi64>
  return %r : tensor<2x0x2xf32>
}

func.func @table() -> tensor<?x0x2xf32> {
  %e = tensor.empty() : tensor<3x0x2xf32>
  %d = tensor.cast %e : tensor<3x0x2xf32> to tensor<?x0x2xf32>
  return %d : tensor<?x0x2xf32>
}

func.func @main() {
  %d = call @table() : () -> tensor<?x0x2xf32>
  // No index into the empty axis: a 3x0x2 result.
  %i0 = arith.constant dense<> : tensor<0xi64>
  %i = tensor.cast %i0 : tensor<0xi64> to tensor<?xi64>
  %r = call @axis1(%d, %i) : (tensor<?x0x2xf32>, tensor<?xi64>) -> tensor<?x?x2xf32>
  %u = tensor.cast %r : tensor<?x?x2xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [3, 0, 2]

  // Rows 2 and 0 of the first axis, each empty: a 2x0x2 result.
  %j = arith.constant dense<[2, 0]> : tensor<2xi64>
  %s = call @axis0(%d, %j) : (tensor<?x0x2xf32>, tensor<2xi64>) -> tensor<2x0x2xf32>
  %v = tensor.cast %s : tensor<2x0x2xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%v) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [2, 0, 2]
  return
}

func.func @main_oob() {
  %d = call @table() : () -> tensor<?x0x2xf32>
  %i0 = arith.constant dense<[0]> : tensor<1xi64>
  %i = tensor.cast %i0 : tensor<1xi64> to tensor<?xi64>
  %r = call @axis1(%d, %i) : (tensor<?x0x2xf32>, tensor<?xi64>) -> tensor<?x?x2xf32>
  %u = tensor.cast %r : tensor<?x?x2xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u) : (tensor<*xf32>) -> ()
  return
}
// OOB-NOT: rank =
// OOB: gather: index 0 is out of bounds for a dimension of size 0 (at {{.*}}zero_size_dims.mlir:15:8){{$}}
// OOB-NOT: rank =

// bounds-check=assert stops on an out-of-range index also when the result is
// empty because a non-gathered dimension of data is 0, with both strategies,
// static and dynamic shapes (as numpy.take raises).

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_dyn -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefixes=CHECK,DYN --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e main_dyn -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefixes=CHECK,DYN --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_static -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefixes=CHECK,STATIC --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e main_static -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefixes=CHECK,STATIC --implicit-check-not=Unranked
// CHECK: gather: index 7 is out of bounds for a dimension of size 3
// The message ends with the location of the gather that failed.
// DYN-SAME: (at {{.*}}bounds_assert_empty_result.mlir:17:8){{$}}
// STATIC-SAME: (at {{.*}}bounds_assert_empty_result.mlir:22:8){{$}}

func.func private @printMemrefShapeF32(tensor<*xf32>) attributes { llvm.emit_c_interface }

func.func @g_dyn(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}

func.func @g_static(%d: tensor<3x0xf32>, %i: tensor<1xi64>) -> tensor<1x0xf32> {
  %r = gather.gather %d[%i] : tensor<3x0xf32>, tensor<1xi64>
  return %r : tensor<1x0xf32>
}

func.func @main_dyn() {
  %d = tensor.empty() : tensor<3x0xf32>
  %i = arith.constant dense<[7]> : tensor<1xi64>
  %dd = tensor.cast %d : tensor<3x0xf32> to tensor<?x?xf32>
  %id = tensor.cast %i : tensor<1xi64> to tensor<?xi64>
  %r = call @g_dyn(%dd, %id) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main_static() {
  %d = tensor.empty() : tensor<3x0xf32>
  %i = arith.constant dense<[7]> : tensor<1xi64>
  %r = call @g_static(%d, %i) : (tensor<3x0xf32>, tensor<1xi64>) -> tensor<1x0xf32>
  %u = tensor.cast %r : tensor<1x0xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u) : (tensor<*xf32>) -> ()
  return
}

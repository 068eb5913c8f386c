// bounds-check=none: no check code is emitted (IR has no call of the check helper); in-range input, including wrapped negative values, still gives the right values.

// RUN: gather-opt %s --gather-to-llvm="bounds-check=none" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="bounds-check=none strategy=generic" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-linalg=bounds-check=none | FileCheck %s --check-prefix=IR --implicit-check-not=index_out_of_bounds
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=none strategy=generic" | FileCheck %s --check-prefix=IR --implicit-check-not=index_out_of_bounds
// Control: the default (assert) lowering of the same functions does call the check helper.
// RUN: gather-opt %s --convert-gather-to-linalg | FileCheck %s --check-prefix=IRASSERT

func.func private @printMemrefF32(tensor<*xf32>)

func.func @gather_0(%d: tensor<4x3xf32>, %i: tensor<4xi64>) -> tensor<4x3xf32> {
  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<4xi64>
  return %r : tensor<4x3xf32>
}
func.func @gather_1(%d: tensor<?x?xf32>, %i: tensor<?x?xi32>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?x?xi32>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_2(%d: tensor<?x?x?xf32>, %i: tensor<?x?xui32>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?x?xf32>, tensor<?x?xui32>
  return %r : tensor<?x?x?xf32>
}

func.func @main() {
  // in range, axis 0 of [4,3] (slices path), negative values still wrap
  %d0 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i0 = arith.constant dense<[3, -1, 0, -4]> : tensor<4xi64>
  %r0 = call @gather_0(%d0, %i0) : (tensor<4x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  %u0 = tensor.cast %r0 : tensor<4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [4, 3] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}9, 10, 11],
  // CHECK-NEXT: [9, 10, 11],
  // CHECK-NEXT: [0, 1, 2],
  // CHECK-NEXT: [0, 1, 2]]
  // in range, innermost axis, dynamic shapes
  %d1 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i1 = arith.constant dense<[[3, -4], [1, -2]]> : tensor<2x2xi32>
  %dd1 = tensor.cast %d1 : tensor<3x4xf32> to tensor<?x?xf32>
  %id1 = tensor.cast %i1 : tensor<2x2xi32> to tensor<?x?xi32>
  %r1 = call @gather_1(%dd1, %id1) : (tensor<?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
  %u1 = tensor.cast %r1 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}3, 0],
  // CHECK-NEXT: [1, 2]],
  // CHECK-NEXT: {{\[\[}}7, 4],
  // CHECK-NEXT: [5, 6]],
  // CHECK-NEXT: {{\[\[}}11, 8],
  // CHECK-NEXT: [9, 10]]]
  // in range, ui32, batch_dims 1
  %d2 = arith.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0], [15.0, 16.0, 17.0], [18.0, 19.0, 20.0], [21.0, 22.0, 23.0]]]> : tensor<2x4x3xf32>
  %i2 = arith.constant dense<[[3], [0]]> : tensor<2x1xui32>
  %dd2 = tensor.cast %d2 : tensor<2x4x3xf32> to tensor<?x?x?xf32>
  %id2 = tensor.cast %i2 : tensor<2x1xui32> to tensor<?x?xui32>
  %r2 = call @gather_2(%dd2, %id2) : (tensor<?x?x?xf32>, tensor<?x?xui32>) -> tensor<?x?x?xf32>
  %u2 = tensor.cast %r2 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 1, 3] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}9, 10, 11]],
  // CHECK-NEXT: {{\[\[}}12, 13, 14]]]
  return
}

// IR-LABEL: func.func @gather_0(
// IR-LABEL: func.func @gather_1(
// IR-LABEL: func.func @gather_2(
// IR-LABEL: func.func @main(

// IRASSERT-LABEL: func.func @gather_0(
// IRASSERT: call @__gather_mlir_index_out_of_bounds
// IRASSERT-LABEL: func.func @gather_1(
// IRASSERT: call @__gather_mlir_index_out_of_bounds
// IRASSERT-LABEL: func.func @gather_2(
// IRASSERT: call @__gather_mlir_unsigned_index_out_of_bounds
// IRASSERT-LABEL: func.func @main(

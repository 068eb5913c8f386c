// Every example of the specs: ONNX Gather-1 examples 1-2, ONNX Gather-11 axis 0/1, ATB GatherOperation examples 1-2.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @gather_2(%d: tensor<3x2xf32>, %i: tensor<2x2xi32>) -> tensor<2x2x2xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x2xf32>, tensor<2x2xi32>
  return %r : tensor<2x2x2xf32>
}
func.func @gather_3(%d: tensor<3x3xf32>, %i: tensor<1x2xi32>) -> tensor<3x1x2xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<3x3xf32>, tensor<1x2xi32>
  return %r : tensor<3x1x2xf32>
}
func.func @gather_4(%d: tensor<3x3xi32>, %i: tensor<2xi64>) -> tensor<3x2xi32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 0 : tensor<3x3xi32>, tensor<2xi64>
  return %r : tensor<3x2xi32>
}
func.func @gather_5(%d: tensor<3x3xi32>, %i: tensor<3x1xi64>) -> tensor<3x1xi32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<3x3xi32>, tensor<3x1xi64>
  return %r : tensor<3x1xi32>
}
func.func @gather_6(%d: tensor<?x?xi32>, %i: tensor<?xui32>) -> tensor<?x?xi32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi32>, tensor<?xui32>
  return %r : tensor<?x?xi32>
}
func.func @gather_7(%d: tensor<?x?xi32>, %i: tensor<?x?xui32>) -> tensor<?x?xi32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?xi32>, tensor<?x?xui32>
  return %r : tensor<?x?xi32>
}

func.func @main() {
  // ONNX Gather-1, example 1 (axis 0)
  %d0 = arith.constant dense<[[1.0, 1.2], [2.3, 3.4], [4.5, 5.7]]> : tensor<3x2xf32>
  %i0 = arith.constant dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>
  %r0 = gather.gather %d0[%i0] : tensor<3x2xf32>, tensor<2x2xi64>
  %u0 = tensor.cast %r0 : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}1, 1.2],
  // CHECK-NEXT: [2.3, 3.4]],
  // CHECK-NEXT: {{\[\[}}2.3, 3.4],
  // CHECK-NEXT: [4.5, 5.7]]]
  // ONNX Gather-1, example 2 (axis 1)
  %d1 = arith.constant dense<[[1.0, 1.2, 1.9], [2.3, 3.4, 3.9], [4.5, 5.7, 5.9]]> : tensor<3x3xf32>
  %i1 = arith.constant dense<[[0, 2]]> : tensor<1x2xi64>
  %r1 = gather.gather %d1[%i1] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>
  %u1 = tensor.cast %r1 : tensor<3x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 1, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}1, 1.9]],
  // CHECK-NEXT: {{\[\[}}2.3, 3.9]],
  // CHECK-NEXT: {{\[\[}}4.5, 5.9]]]
  // ONNX Gather-11, axis = 0 example (run-time indices)
  %d2 = arith.constant dense<[[1.0, 1.2], [2.3, 3.4], [4.5, 5.7]]> : tensor<3x2xf32>
  %i2 = arith.constant dense<[[0, 1], [1, 2]]> : tensor<2x2xi32>
  %r2 = call @gather_2(%d2, %i2) : (tensor<3x2xf32>, tensor<2x2xi32>) -> tensor<2x2x2xf32>
  %u2 = tensor.cast %r2 : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}1, 1.2],
  // CHECK-NEXT: [2.3, 3.4]],
  // CHECK-NEXT: {{\[\[}}2.3, 3.4],
  // CHECK-NEXT: [4.5, 5.7]]]
  // ONNX Gather-11, axis = 1 example (run-time indices)
  %d3 = arith.constant dense<[[1.0, 1.2, 1.9], [2.3, 3.4, 3.9], [4.5, 5.7, 5.9]]> : tensor<3x3xf32>
  %i3 = arith.constant dense<[[0, 2]]> : tensor<1x2xi32>
  %r3 = call @gather_3(%d3, %i3) : (tensor<3x3xf32>, tensor<1x2xi32>) -> tensor<3x1x2xf32>
  %u3 = tensor.cast %r3 : tensor<3x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 1, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}1, 1.9]],
  // CHECK-NEXT: {{\[\[}}2.3, 3.9]],
  // CHECK-NEXT: {{\[\[}}4.5, 5.9]]]
  // ATB GatherOperation, example 1 (axis 1, indices [2, 0])
  %d4 = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %i4 = arith.constant dense<[2, 0]> : tensor<2xi64>
  %r4 = call @gather_4(%d4, %i4) : (tensor<3x3xi32>, tensor<2xi64>) -> tensor<3x2xi32>
  %u4 = tensor.cast %r4 : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%u4) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}3, 1],
  // CHECK-NEXT: [6, 4],
  // CHECK-NEXT: [9, 7]]
  // ATB GatherOperation, example 2 (axis 1, batchDims 1)
  %d5 = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %i5 = arith.constant dense<[[1], [2], [0]]> : tensor<3x1xi64>
  %r5 = call @gather_5(%d5, %i5) : (tensor<3x3xi32>, tensor<3x1xi64>) -> tensor<3x1xi32>
  %u5 = tensor.cast %r5 : tensor<3x1xi32> to tensor<*xi32>
  call @printMemrefI32(%u5) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 1] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}2],
  // CHECK-NEXT: [6],
  // CHECK-NEXT: [7]]
  // ATB GatherOperation, example 1 with uint32 indices, dynamic shapes
  %d6 = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %i6 = arith.constant dense<[2, 0]> : tensor<2xui32>
  %dd6 = tensor.cast %d6 : tensor<3x3xi32> to tensor<?x?xi32>
  %id6 = tensor.cast %i6 : tensor<2xui32> to tensor<?xui32>
  %r6 = call @gather_6(%dd6, %id6) : (tensor<?x?xi32>, tensor<?xui32>) -> tensor<?x?xi32>
  %u6 = tensor.cast %r6 : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%u6) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}3, 1],
  // CHECK-NEXT: [6, 4],
  // CHECK-NEXT: [9, 7]]
  // ATB GatherOperation, example 2 with uint32 indices, dynamic shapes
  %d7 = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %i7 = arith.constant dense<[[1], [2], [0]]> : tensor<3x1xui32>
  %dd7 = tensor.cast %d7 : tensor<3x3xi32> to tensor<?x?xi32>
  %id7 = tensor.cast %i7 : tensor<3x1xui32> to tensor<?x?xui32>
  %r7 = call @gather_7(%dd7, %id7) : (tensor<?x?xi32>, tensor<?x?xui32>) -> tensor<?x?xi32>
  %u7 = tensor.cast %r7 : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%u7) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 1] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}2],
  // CHECK-NEXT: [6],
  // CHECK-NEXT: [7]]
  return
}

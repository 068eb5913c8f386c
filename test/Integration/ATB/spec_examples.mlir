// Every example of the specs, run through gather-to-atb and the ATB
// emulator: ATB GatherOperation examples 1 and 2, ONNX Gather-1 examples 1
// and 2, ONNX Gather-11 axis = 0 and axis = 1. Expected values are those of
// the examples in the ATB GatherOperation documentation and in the ONNX
// operator documentation of Gather (versions 1 and 11). The last line counts
// the ATB Execute calls: all six gathers ran on ATB.

// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-atb="soc=ascend910 bounds-check=clamp" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

// Prints how many times the runtime called Operation::Execute.
llvm.func @gatherAtbGetStats(!llvm.ptr, !llvm.ptr, !llvm.ptr)
func.func @printAtbExecutes() {
  %one = llvm.mlir.constant(1 : i64) : i64
  %count = llvm.alloca %one x i64 : (i64) -> !llvm.ptr
  %null = llvm.mlir.zero : !llvm.ptr
  llvm.call @gatherAtbGetStats(%null, %null, %count) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  %n = llvm.load %count : !llvm.ptr -> i64
  vector.print str "ATB executes: "
  vector.print %n : i64
  return
}

// Indices known only at run time.
func.func @onnx11_axis0(%d: tensor<3x2xf32>, %i: tensor<2x2xi32>) -> tensor<2x2x2xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x2xf32>, tensor<2x2xi32>
  return %r : tensor<2x2x2xf32>
}
func.func @onnx11_axis1(%d: tensor<3x3xf32>, %i: tensor<1x2xi64>) -> tensor<3x1x2xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>
  return %r : tensor<3x1x2xf32>
}
func.func @atb_example1(%d: tensor<3x3xi32>, %i: tensor<2xi64>) -> tensor<3x2xi32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 0 : tensor<3x3xi32>, tensor<2xi64>
  return %r : tensor<3x2xi32>
}
func.func @atb_example2(%d: tensor<3x3xi32>, %i: tensor<3x1xi32>) -> tensor<3x1xi32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<3x3xi32>, tensor<3x1xi32>
  return %r : tensor<3x1xi32>
}

func.func @main() {
  // ONNX Gather-1, example 1 (axis 0), constant indices.
  %d0 = arith.constant dense<[[1.0, 1.2], [2.3, 3.4], [4.5, 5.7]]> : tensor<3x2xf32>
  %i0 = arith.constant dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>
  %r0 = gather.gather %d0[%i0] : tensor<3x2xf32>, tensor<2x2xi64>
  %u0 = tensor.cast %r0 : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 2] strides = [4, 2, 1] data =
  // CHECK-NEXT: {{\[\[\[}}1, 1.2],
  // CHECK-NEXT: [2.3, 3.4]],
  // CHECK-NEXT: {{\[\[}}2.3, 3.4],
  // CHECK-NEXT: [4.5, 5.7]]]

  // ONNX Gather-1, example 2 (axis 1), constant indices.
  %d1 = arith.constant dense<[[1.0, 1.2, 1.9], [2.3, 3.4, 3.9], [4.5, 5.7, 5.9]]> : tensor<3x3xf32>
  %i1 = arith.constant dense<[[0, 2]]> : tensor<1x2xi32>
  %r1 = gather.gather %d1[%i1] axis = 1 : tensor<3x3xf32>, tensor<1x2xi32>
  %u1 = tensor.cast %r1 : tensor<3x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 1, 2] strides = [2, 2, 1] data =
  // CHECK-NEXT: {{\[\[\[}}1, 1.9]],
  // CHECK-NEXT: {{\[\[}}2.3, 3.9]],
  // CHECK-NEXT: {{\[\[}}4.5, 5.9]]]

  // ONNX Gather-11, axis = 0.
  %i2 = arith.constant dense<[[0, 1], [1, 2]]> : tensor<2x2xi32>
  %r2 = call @onnx11_axis0(%d0, %i2) : (tensor<3x2xf32>, tensor<2x2xi32>) -> tensor<2x2x2xf32>
  %u2 = tensor.cast %r2 : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 2] strides = [4, 2, 1] data =
  // CHECK-NEXT: {{\[\[\[}}1, 1.2],
  // CHECK-NEXT: [2.3, 3.4]],
  // CHECK-NEXT: {{\[\[}}2.3, 3.4],
  // CHECK-NEXT: [4.5, 5.7]]]

  // ONNX Gather-11, axis = 1.
  %i3 = arith.constant dense<[[0, 2]]> : tensor<1x2xi64>
  %r3 = call @onnx11_axis1(%d1, %i3) : (tensor<3x3xf32>, tensor<1x2xi64>) -> tensor<3x1x2xf32>
  %u3 = tensor.cast %r3 : tensor<3x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 1, 2] strides = [2, 2, 1] data =
  // CHECK-NEXT: {{\[\[\[}}1, 1.9]],
  // CHECK-NEXT: {{\[\[}}2.3, 3.9]],
  // CHECK-NEXT: {{\[\[}}4.5, 5.9]]]

  // ATB GatherOperation, example 1: axis 1, batchDims 0, indices [2, 0].
  %d4 = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %i4 = arith.constant dense<[2, 0]> : tensor<2xi64>
  %r4 = call @atb_example1(%d4, %i4) : (tensor<3x3xi32>, tensor<2xi64>) -> tensor<3x2xi32>
  %u4 = tensor.cast %r4 : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%u4) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}3, 1],
  // CHECK-NEXT: [6, 4],
  // CHECK-NEXT: [9, 7]]

  // ATB GatherOperation, example 2: axis 1, batchDims 1, indices
  // [[1], [2], [0]].
  %i5 = arith.constant dense<[[1], [2], [0]]> : tensor<3x1xi32>
  %r5 = call @atb_example2(%d4, %i5) : (tensor<3x3xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
  %u5 = tensor.cast %r5 : tensor<3x1xi32> to tensor<*xi32>
  call @printMemrefI32(%u5) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 1] strides = [1, 1] data =
  // CHECK-NEXT: {{\[\[}}2],
  // CHECK-NEXT: [6],
  // CHECK-NEXT: [7]]

  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 6
  return
}

// Zero-sized dimensions: empty indices give an empty result; an empty non-gathered (or batch) dim of data gives an empty result.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefShapeF32(tensor<*xf32>) attributes { llvm.emit_c_interface }
func.func private @printMemrefShapeF64(tensor<*xf64>) attributes { llvm.emit_c_interface }
func.func private @printMemrefShapeI32(tensor<*xi32>) attributes { llvm.emit_c_interface }
func.func private @printMemrefShapeI64(tensor<*xi64>) attributes { llvm.emit_c_interface }

func.func @gather_0(%d: tensor<3x4xf32>, %i: tensor<0xi64>) -> tensor<0x4xf32> {
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<0xi64>
  return %r : tensor<0x4xf32>
}
func.func @gather_1(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_2(%d: tensor<?x?xf32>, %i: tensor<?x?xi32>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?x?xi32>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_3(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_4(%d: tensor<3x0xf32>, %i: tensor<2xi64>) -> tensor<2x0xf32> {
  %r = gather.gather %d[%i] : tensor<3x0xf32>, tensor<2xi64>
  return %r : tensor<2x0xf32>
}
func.func @gather_5(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_6(%d: tensor<0x3xi32>, %i: tensor<2xi64>) -> tensor<0x2xi32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<0x3xi32>, tensor<2xi64>
  return %r : tensor<0x2xi32>
}
func.func @gather_7(%d: tensor<?x?xi32>, %i: tensor<?xui32>) -> tensor<?x?xi32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi32>, tensor<?xui32>
  return %r : tensor<?x?xi32>
}
func.func @gather_8(%d: tensor<?x?x?xf64>, %i: tensor<?xi64>) -> tensor<?x?x?xf64> {
  %r = gather.gather %d[%i] axis = 2 : tensor<?x?x?xf64>, tensor<?xi64>
  return %r : tensor<?x?x?xf64>
}
func.func @gather_9(%d: tensor<?x?xf32>, %i: tensor<?x?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?xf32>, tensor<?x?xi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_12(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  // empty indices [0] on [3,4], axis 0 -> [0,4]
  %d0 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i0 = arith.constant dense<> : tensor<0xi64>
  %r0 = call @gather_0(%d0, %i0) : (tensor<3x4xf32>, tensor<0xi64>) -> tensor<0x4xf32>
  %u0 = tensor.cast %r0 : tensor<0x4xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [0, 4] strides = [{{.*}}]{{$}}
  // empty indices [0] on [3,4], axis 0, dynamic -> [0,4]
  %d1 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i1 = arith.constant dense<> : tensor<0xi64>
  %dd1 = tensor.cast %d1 : tensor<3x4xf32> to tensor<?x?xf32>
  %id1 = tensor.cast %i1 : tensor<0xi64> to tensor<?xi64>
  %r1 = call @gather_1(%dd1, %id1) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u1 = tensor.cast %r1 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [0, 4] strides = [{{.*}}]{{$}}
  // empty indices [2,0] on [3,4], axis 1, dynamic -> [3,2,0]
  %d2 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i2 = arith.constant dense<> : tensor<2x0xi32>
  %dd2 = tensor.cast %d2 : tensor<3x4xf32> to tensor<?x?xf32>
  %id2 = tensor.cast %i2 : tensor<2x0xi32> to tensor<?x?xi32>
  %r2 = call @gather_2(%dd2, %id2) : (tensor<?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
  %u2 = tensor.cast %r2 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 2, 0] strides = [{{.*}}]{{$}}
  // empty indices on an empty gathered dim: [0,4] axis 0 -> [0,4]
  %d3 = arith.constant dense<> : tensor<0x4xf32>
  %i3 = arith.constant dense<> : tensor<0xi64>
  %dd3 = tensor.cast %d3 : tensor<0x4xf32> to tensor<?x?xf32>
  %id3 = tensor.cast %i3 : tensor<0xi64> to tensor<?xi64>
  %r3 = call @gather_3(%dd3, %id3) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u3 = tensor.cast %r3 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [0, 4] strides = [{{.*}}]{{$}}
  // empty non-gathered dim: data [3,0], indices [2,0], axis 0 -> [2,0]
  %d4 = arith.constant dense<> : tensor<3x0xf32>
  %i4 = arith.constant dense<[2, 0]> : tensor<2xi64>
  %r4 = call @gather_4(%d4, %i4) : (tensor<3x0xf32>, tensor<2xi64>) -> tensor<2x0xf32>
  %u4 = tensor.cast %r4 : tensor<2x0xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u4) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 0] strides = [{{.*}}]{{$}}
  // empty non-gathered dim, dynamic: data [3,0], axis 0 -> [2,0]
  %d5 = arith.constant dense<> : tensor<3x0xf32>
  %i5 = arith.constant dense<[2, -3]> : tensor<2xi64>
  %dd5 = tensor.cast %d5 : tensor<3x0xf32> to tensor<?x?xf32>
  %id5 = tensor.cast %i5 : tensor<2xi64> to tensor<?xi64>
  %r5 = call @gather_5(%dd5, %id5) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u5 = tensor.cast %r5 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u5) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 0] strides = [{{.*}}]{{$}}
  // empty non-gathered dim: data [0,3], indices [2,0], axis 1 -> [0,2]
  %d6 = arith.constant dense<> : tensor<0x3xi32>
  %i6 = arith.constant dense<[2, 0]> : tensor<2xi64>
  %r6 = call @gather_6(%d6, %i6) : (tensor<0x3xi32>, tensor<2xi64>) -> tensor<0x2xi32>
  %u6 = tensor.cast %r6 : tensor<0x2xi32> to tensor<*xi32>
  call @printMemrefShapeI32(%u6) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [0, 2] strides = [{{.*}}]{{$}}
  // empty non-gathered dim, dynamic: data [0,3], axis 1 -> [0,2]
  %d7 = arith.constant dense<> : tensor<0x3xi32>
  %i7 = arith.constant dense<[2, 0]> : tensor<2xui32>
  %dd7 = tensor.cast %d7 : tensor<0x3xi32> to tensor<?x?xi32>
  %id7 = tensor.cast %i7 : tensor<2xui32> to tensor<?xui32>
  %r7 = call @gather_7(%dd7, %id7) : (tensor<?x?xi32>, tensor<?xui32>) -> tensor<?x?xi32>
  %u7 = tensor.cast %r7 : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefShapeI32(%u7) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [0, 2] strides = [{{.*}}]{{$}}
  // empty middle dim: data [2,0,3], axis 2, indices [1] -> [2,0,1]
  %d8 = arith.constant dense<> : tensor<2x0x3xf64>
  %i8 = arith.constant dense<[1]> : tensor<1xi64>
  %dd8 = tensor.cast %d8 : tensor<2x0x3xf64> to tensor<?x?x?xf64>
  %id8 = tensor.cast %i8 : tensor<1xi64> to tensor<?xi64>
  %r8 = call @gather_8(%dd8, %id8) : (tensor<?x?x?xf64>, tensor<?xi64>) -> tensor<?x?x?xf64>
  %u8 = tensor.cast %r8 : tensor<?x?x?xf64> to tensor<*xf64>
  call @printMemrefShapeF64(%u8) : (tensor<*xf64>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 0, 1] strides = [{{.*}}]{{$}}
  // empty batch dim: data [0,3], axis 1, batch_dims 1, indices [0,2] -> [0,2]
  %d9 = arith.constant dense<> : tensor<0x3xf32>
  %i9 = arith.constant dense<> : tensor<0x2xi64>
  %dd9 = tensor.cast %d9 : tensor<0x3xf32> to tensor<?x?xf32>
  %id9 = tensor.cast %i9 : tensor<0x2xi64> to tensor<?x?xi64>
  %r9 = call @gather_9(%dd9, %id9) : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?xf32>
  %u9 = tensor.cast %r9 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u9) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [0, 2] strides = [{{.*}}]{{$}}
  // constant operands, empty indices
  %d10 = arith.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi64>
  %i10 = arith.constant dense<> : tensor<0xi64>
  %r10 = gather.gather %d10[%i10] : tensor<3x4xi64>, tensor<0xi64>
  %u10 = tensor.cast %r10 : tensor<0x4xi64> to tensor<*xi64>
  call @printMemrefShapeI64(%u10) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [0, 4] strides = [{{.*}}]{{$}}
  // constant operands, empty non-gathered dim
  %d11 = arith.constant dense<> : tensor<3x0xi64>
  %i11 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r11 = gather.gather %d11[%i11] : tensor<3x0xi64>, tensor<2xi64>
  %u11 = tensor.cast %r11 : tensor<2x0xi64> to tensor<*xi64>
  call @printMemrefShapeI64(%u11) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 0] strides = [{{.*}}]{{$}}
  // non-empty result next to the empty ones still right
  %d12 = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]> : tensor<3x2xf32>
  %i12 = arith.constant dense<[-1]> : tensor<1xi64>
  %dd12 = tensor.cast %d12 : tensor<3x2xf32> to tensor<?x?xf32>
  %id12 = tensor.cast %i12 : tensor<1xi64> to tensor<?xi64>
  %r12 = call @gather_12(%dd12, %id12) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u12 = tensor.cast %r12 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u12) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [1, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}4, 5]]
  return
}

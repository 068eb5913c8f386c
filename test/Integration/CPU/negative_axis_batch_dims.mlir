// Negative axis, negative batch_dims, batch_dims 1 and 2 on 3-D data (static and dynamic shapes).

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @gather_0(%d: tensor<2x3x4xf32>, %i: tensor<2xi64>) -> tensor<2x3x2xf32> {
  %r = gather.gather %d[%i] axis = -1 : tensor<2x3x4xf32>, tensor<2xi64>
  return %r : tensor<2x3x2xf32>
}
func.func @gather_1(%d: tensor<?x?x?xf32>, %i: tensor<?x?xi64>) -> tensor<?x?x?x?xf32> {
  %r = gather.gather %d[%i] axis = -2 : tensor<?x?x?xf32>, tensor<?x?xi64>
  return %r : tensor<?x?x?x?xf32>
}
func.func @gather_2(%d: tensor<2x3x4xf32>, %i: tensor<3xi64>) -> tensor<3x3x4xf32> {
  %r = gather.gather %d[%i] axis = -3 : tensor<2x3x4xf32>, tensor<3xi64>
  return %r : tensor<3x3x4xf32>
}
func.func @gather_3(%d: tensor<2x3x4xf32>, %i: tensor<2x2xi64>) -> tensor<2x2x4xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x3x4xf32>, tensor<2x2xi64>
  return %r : tensor<2x2x4xf32>
}
func.func @gather_4(%d: tensor<?x?x?xf32>, %i: tensor<?x?xi64>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?x?xf32>, tensor<?x?xi64>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_5(%d: tensor<2x3x4xf32>, %i: tensor<2x3xi32>) -> tensor<2x3x3xf32> {
  %r = gather.gather %d[%i] axis = 2 batch_dims = 1 : tensor<2x3x4xf32>, tensor<2x3xi32>
  return %r : tensor<2x3x3xf32>
}
func.func @gather_6(%d: tensor<2x3x4xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2xf32> {
  %r = gather.gather %d[%i] axis = 2 batch_dims = 2 : tensor<2x3x4xf32>, tensor<2x3x2xi64>
  return %r : tensor<2x3x2xf32>
}
func.func @gather_7(%d: tensor<?x?x?xf32>, %i: tensor<?x?x?xi64>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 2 batch_dims = 2 : tensor<?x?x?xf32>, tensor<?x?x?xi64>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_8(%d: tensor<2x3x4xf32>, %i: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %r = gather.gather %d[%i] axis = 2 batch_dims = 2 : tensor<2x3x4xf32>, tensor<2x3xi64>
  return %r : tensor<2x3xf32>
}
func.func @gather_9(%d: tensor<2x3x4xf32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2xf32> {
  %r = gather.gather %d[%i] axis = -1 batch_dims = -1 : tensor<2x3x4xf32>, tensor<2x3x2xi64>
  return %r : tensor<2x3x2xf32>
}
func.func @gather_10(%d: tensor<?x?x?xf32>, %i: tensor<?x?xi64>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = -2 batch_dims = -1 : tensor<?x?x?xf32>, tensor<?x?xi64>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_11(%d: tensor<2x3x4xf32>, %i: tensor<2x1x2xsi64>) -> tensor<2x3x1x2xf32> {
  %r = gather.gather %d[%i] axis = -1 batch_dims = -2 : tensor<2x3x4xf32>, tensor<2x1x2xsi64>
  return %r : tensor<2x3x1x2xf32>
}

func.func @main() {
  // axis -1 on [2,3,4], indices [3,-4]
  %d0 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i0 = arith.constant dense<[3, -4]> : tensor<2xi64>
  %r0 = call @gather_0(%d0, %i0) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x3x2xf32>
  %u0 = tensor.cast %r0 : tensor<2x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}3, 0],
  // CHECK-NEXT: [7, 4],
  // CHECK-NEXT: [11, 8]],
  // CHECK-NEXT: {{\[\[}}15, 12],
  // CHECK-NEXT: [19, 16],
  // CHECK-NEXT: [23, 20]]]
  // axis -2 on [2,3,4], indices [[2],[0]]
  %d1 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i1 = arith.constant dense<[[2], [0]]> : tensor<2x1xi64>
  %dd1 = tensor.cast %d1 : tensor<2x3x4xf32> to tensor<?x?x?xf32>
  %id1 = tensor.cast %i1 : tensor<2x1xi64> to tensor<?x?xi64>
  %r1 = call @gather_1(%dd1, %id1) : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?x?xf32>
  %u1 = tensor.cast %r1 : tensor<?x?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 4 offset = {{[0-9]+}} sizes = [2, 2, 1, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[\[}}8, 9, 10, 11]],
  // CHECK-NEXT: {{\[\[}}0, 1, 2, 3]]],
  // CHECK-NEXT: {{\[\[\[}}20, 21, 22, 23]],
  // CHECK-NEXT: {{\[\[}}12, 13, 14, 15]]]]
  // axis -3 on [2,3,4] (= axis 0), indices [1,0,1]
  %d2 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i2 = arith.constant dense<[1, 0, 1]> : tensor<3xi64>
  %r2 = call @gather_2(%d2, %i2) : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<3x3x4xf32>
  %u2 = tensor.cast %r2 : tensor<3x3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}12, 13, 14, 15],
  // CHECK-NEXT: [16, 17, 18, 19],
  // CHECK-NEXT: [20, 21, 22, 23]],
  // CHECK-NEXT: {{\[\[}}0, 1, 2, 3],
  // CHECK-NEXT: [4, 5, 6, 7],
  // CHECK-NEXT: [8, 9, 10, 11]],
  // CHECK-NEXT: {{\[\[}}12, 13, 14, 15],
  // CHECK-NEXT: [16, 17, 18, 19],
  // CHECK-NEXT: [20, 21, 22, 23]]]
  // axis 1, batch_dims 1 on [2,3,4], indices [2,2]
  %d3 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i3 = arith.constant dense<[[2, 0], [1, -1]]> : tensor<2x2xi64>
  %r3 = call @gather_3(%d3, %i3) : (tensor<2x3x4xf32>, tensor<2x2xi64>) -> tensor<2x2x4xf32>
  %u3 = tensor.cast %r3 : tensor<2x2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}8, 9, 10, 11],
  // CHECK-NEXT: [0, 1, 2, 3]],
  // CHECK-NEXT: {{\[\[}}16, 17, 18, 19],
  // CHECK-NEXT: [20, 21, 22, 23]]]
  // axis 1, batch_dims 1, dynamic shapes
  %d4 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i4 = arith.constant dense<[[2, 0], [1, -1]]> : tensor<2x2xi64>
  %dd4 = tensor.cast %d4 : tensor<2x3x4xf32> to tensor<?x?x?xf32>
  %id4 = tensor.cast %i4 : tensor<2x2xi64> to tensor<?x?xi64>
  %r4 = call @gather_4(%dd4, %id4) : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %u4 = tensor.cast %r4 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}8, 9, 10, 11],
  // CHECK-NEXT: [0, 1, 2, 3]],
  // CHECK-NEXT: {{\[\[}}16, 17, 18, 19],
  // CHECK-NEXT: [20, 21, 22, 23]]]
  // axis 2, batch_dims 1 on [2,3,4], indices [2,3]
  %d5 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i5 = arith.constant dense<[[0, 3, -1], [1, 2, -4]]> : tensor<2x3xi32>
  %r5 = call @gather_5(%d5, %i5) : (tensor<2x3x4xf32>, tensor<2x3xi32>) -> tensor<2x3x3xf32>
  %u5 = tensor.cast %r5 : tensor<2x3x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 3, 3] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}0, 3, 3],
  // CHECK-NEXT: [4, 7, 7],
  // CHECK-NEXT: [8, 11, 11]],
  // CHECK-NEXT: {{\[\[}}13, 14, 12],
  // CHECK-NEXT: [17, 18, 16],
  // CHECK-NEXT: [21, 22, 20]]]
  // axis 2, batch_dims 2 on [2,3,4], indices [2,3,2]
  %d6 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i6 = arith.constant dense<[[[0, 3], [1, 2], [3, 0]], [[2, 2], [1, 0], [3, 1]]]> : tensor<2x3x2xi64>
  %r6 = call @gather_6(%d6, %i6) : (tensor<2x3x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2xf32>
  %u6 = tensor.cast %r6 : tensor<2x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u6) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}0, 3],
  // CHECK-NEXT: [5, 6],
  // CHECK-NEXT: [11, 8]],
  // CHECK-NEXT: {{\[\[}}14, 14],
  // CHECK-NEXT: [17, 16],
  // CHECK-NEXT: [23, 21]]]
  // axis 2, batch_dims 2, dynamic shapes
  %d7 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i7 = arith.constant dense<[[[0, 3], [1, 2], [3, 0]], [[2, 2], [1, 0], [3, 1]]]> : tensor<2x3x2xi64>
  %dd7 = tensor.cast %d7 : tensor<2x3x4xf32> to tensor<?x?x?xf32>
  %id7 = tensor.cast %i7 : tensor<2x3x2xi64> to tensor<?x?x?xi64>
  %r7 = call @gather_7(%dd7, %id7) : (tensor<?x?x?xf32>, tensor<?x?x?xi64>) -> tensor<?x?x?xf32>
  %u7 = tensor.cast %r7 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u7) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}0, 3],
  // CHECK-NEXT: [5, 6],
  // CHECK-NEXT: [11, 8]],
  // CHECK-NEXT: {{\[\[}}14, 14],
  // CHECK-NEXT: [17, 16],
  // CHECK-NEXT: [23, 21]]]
  // axis 2, batch_dims 2 = rank(indices): one index per batch
  %d8 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i8 = arith.constant dense<[[0, 1, 2], [3, -1, -2]]> : tensor<2x3xi64>
  %r8 = call @gather_8(%d8, %i8) : (tensor<2x3x4xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  %u8 = tensor.cast %r8 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u8) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 3] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, 5, 10],
  // CHECK-NEXT: [15, 19, 22]]
  // axis -1, batch_dims -1 (= 2 for rank-3 indices)
  %d9 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i9 = arith.constant dense<[[[0, 3], [1, 2], [3, 0]], [[2, 2], [1, 0], [3, 1]]]> : tensor<2x3x2xi64>
  %r9 = call @gather_9(%d9, %i9) : (tensor<2x3x4xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2xf32>
  %u9 = tensor.cast %r9 : tensor<2x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u9) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}0, 3],
  // CHECK-NEXT: [5, 6],
  // CHECK-NEXT: [11, 8]],
  // CHECK-NEXT: {{\[\[}}14, 14],
  // CHECK-NEXT: [17, 16],
  // CHECK-NEXT: [23, 21]]]
  // axis -2, batch_dims -1 (= 1 for rank-2 indices)
  %d10 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i10 = arith.constant dense<[[2, 0], [1, -1]]> : tensor<2x2xi64>
  %dd10 = tensor.cast %d10 : tensor<2x3x4xf32> to tensor<?x?x?xf32>
  %id10 = tensor.cast %i10 : tensor<2x2xi64> to tensor<?x?xi64>
  %r10 = call @gather_10(%dd10, %id10) : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %u10 = tensor.cast %r10 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u10) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}8, 9, 10, 11],
  // CHECK-NEXT: [0, 1, 2, 3]],
  // CHECK-NEXT: {{\[\[}}16, 17, 18, 19],
  // CHECK-NEXT: [20, 21, 22, 23]]]
  // axis -1, batch_dims -2 (= 1 for rank-3 indices)
  %d11 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i11 = arith.constant dense<[[[3, 0]], [[-1, 1]]]> : tensor<2x1x2xsi64>
  %r11 = call @gather_11(%d11, %i11) : (tensor<2x3x4xf32>, tensor<2x1x2xsi64>) -> tensor<2x3x1x2xf32>
  %u11 = tensor.cast %r11 : tensor<2x3x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u11) : (tensor<*xf32>) -> ()
  // CHECK: rank = 4 offset = {{[0-9]+}} sizes = [2, 3, 1, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[\[}}3, 0]],
  // CHECK-NEXT: {{\[\[}}7, 4]],
  // CHECK-NEXT: {{\[\[}}11, 8]]],
  // CHECK-NEXT: {{\[\[\[}}15, 13]],
  // CHECK-NEXT: {{\[\[}}19, 17]],
  // CHECK-NEXT: {{\[\[}}23, 21]]]]
  // axis 1, batch_dims 1 on [2,3,4], constant operands
  %d12 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i12 = arith.constant dense<[[2, 0], [1, 2]]> : tensor<2x2xi64>
  %r12 = gather.gather %d12[%i12] axis = 1 batch_dims = 1 : tensor<2x3x4xf32>, tensor<2x2xi64>
  %u12 = tensor.cast %r12 : tensor<2x2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u12) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}8, 9, 10, 11],
  // CHECK-NEXT: [0, 1, 2, 3]],
  // CHECK-NEXT: {{\[\[}}16, 17, 18, 19],
  // CHECK-NEXT: [20, 21, 22, 23]]]
  return
}

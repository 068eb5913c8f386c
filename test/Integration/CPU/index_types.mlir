// Index element types i32, i64, si32, si64, ui32, ui64 and index (signed ones with negative values), static and dynamic shapes.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @gather_0(%d: tensor<3x4xf32>, %i: tensor<3xi32>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf32>, tensor<3xi32>
  return %r : tensor<3x4xf32>
}
func.func @gather_1(%d: tensor<?x?xf32>, %i: tensor<?x?xi32>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?x?xi32>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_2(%d: tensor<3x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf32>, tensor<3xi64>
  return %r : tensor<3x4xf32>
}
func.func @gather_3(%d: tensor<?x?xf32>, %i: tensor<?x?xi64>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?x?xi64>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_4(%d: tensor<3x4xf32>, %i: tensor<3xsi32>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf32>, tensor<3xsi32>
  return %r : tensor<3x4xf32>
}
func.func @gather_5(%d: tensor<?x?xf32>, %i: tensor<?x?xsi32>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?x?xsi32>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_6(%d: tensor<3x4xf32>, %i: tensor<3xsi64>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf32>, tensor<3xsi64>
  return %r : tensor<3x4xf32>
}
func.func @gather_7(%d: tensor<?x?xf32>, %i: tensor<?x?xsi64>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?x?xsi64>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_8(%d: tensor<3x4xf32>, %i: tensor<3xindex>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf32>, tensor<3xindex>
  return %r : tensor<3x4xf32>
}
func.func @gather_9(%d: tensor<?x?xf32>, %i: tensor<?x?xindex>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?x?xindex>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_10(%d: tensor<3x4xf32>, %i: tensor<3xui32>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf32>, tensor<3xui32>
  return %r : tensor<3x4xf32>
}
func.func @gather_11(%d: tensor<?x?xf32>, %i: tensor<?x?xui32>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?x?xui32>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_12(%d: tensor<3x4xf32>, %i: tensor<3xui64>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf32>, tensor<3xui64>
  return %r : tensor<3x4xf32>
}
func.func @gather_13(%d: tensor<?x?xf32>, %i: tensor<?x?xui64>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?x?xui64>
  return %r : tensor<?x?x?xf32>
}

func.func @main() {
  // i32 indices, axis 0, negative value wraps (slices path)
  %d0 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i0 = arith.constant dense<[2, -3, -1]> : tensor<3xi32>
  %r0 = call @gather_0(%d0, %i0) : (tensor<3x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %u0 = tensor.cast %r0 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}20, 21, 22, 23],
  // CHECK-NEXT: [0, 1, 2, 3],
  // CHECK-NEXT: [20, 21, 22, 23]]
  // i32 indices, axis 1, dynamic shapes
  %d1 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i1 = arith.constant dense<[[3, -4], [-1, 1]]> : tensor<2x2xi32>
  %dd1 = tensor.cast %d1 : tensor<3x4xf32> to tensor<?x?xf32>
  %id1 = tensor.cast %i1 : tensor<2x2xi32> to tensor<?x?xi32>
  %r1 = call @gather_1(%dd1, %id1) : (tensor<?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
  %u1 = tensor.cast %r1 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}3, 0],
  // CHECK-NEXT: [3, 1]],
  // CHECK-NEXT: {{\[\[}}13, 10],
  // CHECK-NEXT: [13, 11]],
  // CHECK-NEXT: {{\[\[}}23, 20],
  // CHECK-NEXT: [23, 21]]]
  // i64 indices, axis 0, negative value wraps (slices path)
  %d2 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i2 = arith.constant dense<[2, -3, -1]> : tensor<3xi64>
  %r2 = call @gather_2(%d2, %i2) : (tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %u2 = tensor.cast %r2 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}20, 21, 22, 23],
  // CHECK-NEXT: [0, 1, 2, 3],
  // CHECK-NEXT: [20, 21, 22, 23]]
  // i64 indices, axis 1, dynamic shapes
  %d3 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i3 = arith.constant dense<[[3, -4], [-1, 1]]> : tensor<2x2xi64>
  %dd3 = tensor.cast %d3 : tensor<3x4xf32> to tensor<?x?xf32>
  %id3 = tensor.cast %i3 : tensor<2x2xi64> to tensor<?x?xi64>
  %r3 = call @gather_3(%dd3, %id3) : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %u3 = tensor.cast %r3 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}3, 0],
  // CHECK-NEXT: [3, 1]],
  // CHECK-NEXT: {{\[\[}}13, 10],
  // CHECK-NEXT: [13, 11]],
  // CHECK-NEXT: {{\[\[}}23, 20],
  // CHECK-NEXT: [23, 21]]]
  // si32 indices, axis 0, negative value wraps (slices path)
  %d4 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i4 = arith.constant dense<[2, -3, -1]> : tensor<3xsi32>
  %r4 = call @gather_4(%d4, %i4) : (tensor<3x4xf32>, tensor<3xsi32>) -> tensor<3x4xf32>
  %u4 = tensor.cast %r4 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}20, 21, 22, 23],
  // CHECK-NEXT: [0, 1, 2, 3],
  // CHECK-NEXT: [20, 21, 22, 23]]
  // si32 indices, axis 1, dynamic shapes
  %d5 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i5 = arith.constant dense<[[3, -4], [-1, 1]]> : tensor<2x2xsi32>
  %dd5 = tensor.cast %d5 : tensor<3x4xf32> to tensor<?x?xf32>
  %id5 = tensor.cast %i5 : tensor<2x2xsi32> to tensor<?x?xsi32>
  %r5 = call @gather_5(%dd5, %id5) : (tensor<?x?xf32>, tensor<?x?xsi32>) -> tensor<?x?x?xf32>
  %u5 = tensor.cast %r5 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}3, 0],
  // CHECK-NEXT: [3, 1]],
  // CHECK-NEXT: {{\[\[}}13, 10],
  // CHECK-NEXT: [13, 11]],
  // CHECK-NEXT: {{\[\[}}23, 20],
  // CHECK-NEXT: [23, 21]]]
  // si64 indices, axis 0, negative value wraps (slices path)
  %d6 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i6 = arith.constant dense<[2, -3, -1]> : tensor<3xsi64>
  %r6 = call @gather_6(%d6, %i6) : (tensor<3x4xf32>, tensor<3xsi64>) -> tensor<3x4xf32>
  %u6 = tensor.cast %r6 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u6) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}20, 21, 22, 23],
  // CHECK-NEXT: [0, 1, 2, 3],
  // CHECK-NEXT: [20, 21, 22, 23]]
  // si64 indices, axis 1, dynamic shapes
  %d7 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i7 = arith.constant dense<[[3, -4], [-1, 1]]> : tensor<2x2xsi64>
  %dd7 = tensor.cast %d7 : tensor<3x4xf32> to tensor<?x?xf32>
  %id7 = tensor.cast %i7 : tensor<2x2xsi64> to tensor<?x?xsi64>
  %r7 = call @gather_7(%dd7, %id7) : (tensor<?x?xf32>, tensor<?x?xsi64>) -> tensor<?x?x?xf32>
  %u7 = tensor.cast %r7 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u7) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}3, 0],
  // CHECK-NEXT: [3, 1]],
  // CHECK-NEXT: {{\[\[}}13, 10],
  // CHECK-NEXT: [13, 11]],
  // CHECK-NEXT: {{\[\[}}23, 20],
  // CHECK-NEXT: [23, 21]]]
  // index indices, axis 0, negative value wraps (slices path)
  %d8 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i8 = arith.constant dense<[2, -3, -1]> : tensor<3xindex>
  %r8 = call @gather_8(%d8, %i8) : (tensor<3x4xf32>, tensor<3xindex>) -> tensor<3x4xf32>
  %u8 = tensor.cast %r8 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u8) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}20, 21, 22, 23],
  // CHECK-NEXT: [0, 1, 2, 3],
  // CHECK-NEXT: [20, 21, 22, 23]]
  // index indices, axis 1, dynamic shapes
  %d9 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i9 = arith.constant dense<[[3, -4], [-1, 1]]> : tensor<2x2xindex>
  %dd9 = tensor.cast %d9 : tensor<3x4xf32> to tensor<?x?xf32>
  %id9 = tensor.cast %i9 : tensor<2x2xindex> to tensor<?x?xindex>
  %r9 = call @gather_9(%dd9, %id9) : (tensor<?x?xf32>, tensor<?x?xindex>) -> tensor<?x?x?xf32>
  %u9 = tensor.cast %r9 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u9) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}3, 0],
  // CHECK-NEXT: [3, 1]],
  // CHECK-NEXT: {{\[\[}}13, 10],
  // CHECK-NEXT: [13, 11]],
  // CHECK-NEXT: {{\[\[}}23, 20],
  // CHECK-NEXT: [23, 21]]]
  // ui32 indices, axis 0 (slices path)
  %d10 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i10 = arith.constant dense<[2, 0, 1]> : tensor<3xui32>
  %r10 = call @gather_10(%d10, %i10) : (tensor<3x4xf32>, tensor<3xui32>) -> tensor<3x4xf32>
  %u10 = tensor.cast %r10 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u10) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}20, 21, 22, 23],
  // CHECK-NEXT: [0, 1, 2, 3],
  // CHECK-NEXT: [10, 11, 12, 13]]
  // ui32 indices, axis 1, dynamic shapes
  %d11 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i11 = arith.constant dense<[[3, 0], [2, 1]]> : tensor<2x2xui32>
  %dd11 = tensor.cast %d11 : tensor<3x4xf32> to tensor<?x?xf32>
  %id11 = tensor.cast %i11 : tensor<2x2xui32> to tensor<?x?xui32>
  %r11 = call @gather_11(%dd11, %id11) : (tensor<?x?xf32>, tensor<?x?xui32>) -> tensor<?x?x?xf32>
  %u11 = tensor.cast %r11 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u11) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}3, 0],
  // CHECK-NEXT: [2, 1]],
  // CHECK-NEXT: {{\[\[}}13, 10],
  // CHECK-NEXT: [12, 11]],
  // CHECK-NEXT: {{\[\[}}23, 20],
  // CHECK-NEXT: [22, 21]]]
  // ui64 indices, axis 0 (slices path)
  %d12 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i12 = arith.constant dense<[2, 0, 1]> : tensor<3xui64>
  %r12 = call @gather_12(%d12, %i12) : (tensor<3x4xf32>, tensor<3xui64>) -> tensor<3x4xf32>
  %u12 = tensor.cast %r12 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u12) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}20, 21, 22, 23],
  // CHECK-NEXT: [0, 1, 2, 3],
  // CHECK-NEXT: [10, 11, 12, 13]]
  // ui64 indices, axis 1, dynamic shapes
  %d13 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i13 = arith.constant dense<[[3, 0], [2, 1]]> : tensor<2x2xui64>
  %dd13 = tensor.cast %d13 : tensor<3x4xf32> to tensor<?x?xf32>
  %id13 = tensor.cast %i13 : tensor<2x2xui64> to tensor<?x?xui64>
  %r13 = call @gather_13(%dd13, %id13) : (tensor<?x?xf32>, tensor<?x?xui64>) -> tensor<?x?x?xf32>
  %u13 = tensor.cast %r13 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u13) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}3, 0],
  // CHECK-NEXT: [2, 1]],
  // CHECK-NEXT: {{\[\[}}13, 10],
  // CHECK-NEXT: [12, 11]],
  // CHECK-NEXT: {{\[\[}}23, 20],
  // CHECK-NEXT: [22, 21]]]
  // i32 constant indices in main
  %d14 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i14 = arith.constant dense<[1, -1]> : tensor<2xi32>
  %r14 = gather.gather %d14[%i14] axis = 0 : tensor<3x4xf32>, tensor<2xi32>
  %u14 = tensor.cast %r14 : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u14) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}10, 11, 12, 13],
  // CHECK-NEXT: [20, 21, 22, 23]]
  // ui32 constant indices in main
  %d15 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i15 = arith.constant dense<[1, 2]> : tensor<2xui32>
  %r15 = gather.gather %d15[%i15] axis = 0 : tensor<3x4xf32>, tensor<2xui32>
  %u15 = tensor.cast %r15 : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u15) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}10, 11, 12, 13],
  // CHECK-NEXT: [20, 21, 22, 23]]
  // index constant indices in main
  %d16 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i16 = arith.constant dense<[1, -1]> : tensor<2xindex>
  %r16 = gather.gather %d16[%i16] axis = 0 : tensor<3x4xf32>, tensor<2xindex>
  %u16 = tensor.cast %r16 : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u16) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}10, 11, 12, 13],
  // CHECK-NEXT: [20, 21, 22, 23]]
  return
}

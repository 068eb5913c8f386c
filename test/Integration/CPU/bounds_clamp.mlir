// bounds-check=clamp: an out-of-range index is clamped to [0, s-1] (after the wrap of in-range negative values); an empty gathered dim still stops the program.

// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp strategy=generic" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp" | not mlir-runner -e main_empty_dim -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EMPTYDIM --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp strategy=generic" | not mlir-runner -e main_empty_dim -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EMPTYDIM --implicit-check-not=Unranked

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @gather_0(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_1(%d: tensor<3x4xf32>, %i: tensor<4xi32>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<3x4xf32>, tensor<4xi32>
  return %r : tensor<3x4xf32>
}
func.func @gather_2(%d: tensor<?x?xf32>, %i: tensor<?xui32>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xui32>
  return %r : tensor<?x?xf32>
}
func.func @gather_3(%d: tensor<4x2xi64>, %i: tensor<3xui64>) -> tensor<3x2xi64> {
  %r = gather.gather %d[%i] : tensor<4x2xi64>, tensor<3xui64>
  return %r : tensor<3x2xi64>
}
func.func @gather_4(%d: tensor<?x?xi64>, %i: tensor<?xindex>) -> tensor<?x?xi64> {
  %r = gather.gather %d[%i] : tensor<?x?xi64>, tensor<?xindex>
  return %r : tensor<?x?xi64>
}
func.func @gather_5(%d: tensor<2x4xi64>, %i: tensor<2xsi64>) -> tensor<2x2xi64> {
  %r = gather.gather %d[%i] axis = 1 : tensor<2x4xi64>, tensor<2xsi64>
  return %r : tensor<2x2xi64>
}
func.func @gather_6(%d: tensor<?x?x?xf32>, %i: tensor<?x?xi64>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?x?xf32>, tensor<?x?xi64>
  return %r : tensor<?x?x?xf32>
}
func.func @gather_7(%d: tensor<4x3xf32>, %i: tensor<i64>) -> tensor<3xf32> {
  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<i64>
  return %r : tensor<3xf32>
}
func.func @gather_9(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  // i64, axis 0 of [4,3] (slices path): 5 -> 3, -5 -> 0, 100 -> 3, -100 -> 0; in-range 3, -1, 0, -4 unchanged
  %d0 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i0 = arith.constant dense<[5, -5, 100, -100, 3, -1, 0, -4]> : tensor<8xi64>
  %dd0 = tensor.cast %d0 : tensor<4x3xf32> to tensor<?x?xf32>
  %id0 = tensor.cast %i0 : tensor<8xi64> to tensor<?xi64>
  %r0 = call @gather_0(%dd0, %id0) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u0 = tensor.cast %r0 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [8, 3] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}9, 10, 11],
  // CHECK-NEXT: [0, 1, 2],
  // CHECK-NEXT: [9, 10, 11],
  // CHECK-NEXT: [0, 1, 2],
  // CHECK-NEXT: [9, 10, 11],
  // CHECK-NEXT: [9, 10, 11],
  // CHECK-NEXT: [0, 1, 2],
  // CHECK-NEXT: [0, 1, 2]]
  // i32, innermost axis of [3,4]: extremes of i32
  %d1 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i1 = arith.constant dense<[4, -5, 2147483647, -2147483648]> : tensor<4xi32>
  %r1 = call @gather_1(%d1, %i1) : (tensor<3x4xf32>, tensor<4xi32>) -> tensor<3x4xf32>
  %u1 = tensor.cast %r1 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}3, 0, 3, 0],
  // CHECK-NEXT: [7, 4, 7, 4],
  // CHECK-NEXT: [11, 8, 11, 8]]
  // ui32: 4294967295 and 4 -> 3 (never negative), 1 unchanged
  %d2 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i2 = arith.constant dense<[4294967295, 4, 1]> : tensor<3xui32>
  %dd2 = tensor.cast %d2 : tensor<4x3xf32> to tensor<?x?xf32>
  %id2 = tensor.cast %i2 : tensor<3xui32> to tensor<?xui32>
  %r2 = call @gather_2(%dd2, %id2) : (tensor<?x?xf32>, tensor<?xui32>) -> tensor<?x?xf32>
  %u2 = tensor.cast %r2 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 3] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}9, 10, 11],
  // CHECK-NEXT: [9, 10, 11],
  // CHECK-NEXT: [3, 4, 5]]
  // ui64: 2^64-1 and 2^63 -> 3
  %d3 = arith.constant dense<[[10, 11], [20, 21], [30, 31], [40, 41]]> : tensor<4x2xi64>
  %i3 = arith.constant dense<[18446744073709551615, 9223372036854775808, 0]> : tensor<3xui64>
  %r3 = call @gather_3(%d3, %i3) : (tensor<4x2xi64>, tensor<3xui64>) -> tensor<3x2xi64>
  %u3 = tensor.cast %r3 : tensor<3x2xi64> to tensor<*xi64>
  call @printMemrefI64(%u3) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}40, 41],
  // CHECK-NEXT: [40, 41],
  // CHECK-NEXT: [10, 11]]
  // index and si64 extremes
  %d4 = arith.constant dense<[[10, 11], [20, 21], [30, 31], [40, 41]]> : tensor<4x2xi64>
  %i4 = arith.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xindex>
  %dd4 = tensor.cast %d4 : tensor<4x2xi64> to tensor<?x?xi64>
  %id4 = tensor.cast %i4 : tensor<2xindex> to tensor<?xindex>
  %r4 = call @gather_4(%dd4, %id4) : (tensor<?x?xi64>, tensor<?xindex>) -> tensor<?x?xi64>
  %u4 = tensor.cast %r4 : tensor<?x?xi64> to tensor<*xi64>
  call @printMemrefI64(%u4) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}10, 11],
  // CHECK-NEXT: [40, 41]]
  // si64 extremes, innermost axis
  %d5 = arith.constant dense<[[10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<2x4xi64>
  %i5 = arith.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xsi64>
  %r5 = call @gather_5(%d5, %i5) : (tensor<2x4xi64>, tensor<2xsi64>) -> tensor<2x2xi64>
  %u5 = tensor.cast %r5 : tensor<2x2xi64> to tensor<*xi64>
  call @printMemrefI64(%u5) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}10, 13],
  // CHECK-NEXT: [20, 23]]
  // axis 1, batch_dims 1 on [2,4,3]: [[9,-9],[1,-1]] -> [[3,0],[1,3]]
  %d6 = arith.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0], [15.0, 16.0, 17.0], [18.0, 19.0, 20.0], [21.0, 22.0, 23.0]]]> : tensor<2x4x3xf32>
  %i6 = arith.constant dense<[[9, -9], [1, -1]]> : tensor<2x2xi64>
  %dd6 = tensor.cast %d6 : tensor<2x4x3xf32> to tensor<?x?x?xf32>
  %id6 = tensor.cast %i6 : tensor<2x2xi64> to tensor<?x?xi64>
  %r6 = call @gather_6(%dd6, %id6) : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %u6 = tensor.cast %r6 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u6) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 3] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}9, 10, 11],
  // CHECK-NEXT: [0, 1, 2]],
  // CHECK-NEXT: {{\[\[}}15, 16, 17],
  // CHECK-NEXT: [21, 22, 23]]]
  // rank-0 index 42 -> 3
  %d7 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i7 = arith.constant dense<42> : tensor<i64>
  %r7 = call @gather_7(%d7, %i7) : (tensor<4x3xf32>, tensor<i64>) -> tensor<3xf32>
  %u7 = tensor.cast %r7 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u7) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [3] strides = [{{.*}}] data =
  // CHECK-NEXT: [9, 10, 11]
  // constant indices in main [7, -7] -> [3, 0]
  %d8 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i8 = arith.constant dense<[7, -7]> : tensor<2xi64>
  %r8 = gather.gather %d8[%i8] : tensor<4x3xf32>, tensor<2xi64>
  %u8 = tensor.cast %r8 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u8) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 3] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}9, 10, 11],
  // CHECK-NEXT: [0, 1, 2]]
  return
}

func.func @main_empty_dim() {
  // index into an empty gathered dim [0,3]
  %d9 = arith.constant dense<> : tensor<0x3xf32>
  %i9 = arith.constant dense<[0]> : tensor<1xi64>
  %dd9 = tensor.cast %d9 : tensor<0x3xf32> to tensor<?x?xf32>
  %id9 = tensor.cast %i9 : tensor<1xi64> to tensor<?xi64>
  %r9 = call @gather_9(%dd9, %id9) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u9 = tensor.cast %r9 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u9) : (tensor<*xf32>) -> ()
  // EMPTYDIM: gather: index 0 is out of bounds for a dimension of size 0 (at {{.*}}bounds_clamp.mlir:44:8){{$}}
  return
}

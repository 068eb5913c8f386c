// Rank-0 (scalar) indices: the result has rank r-1 (rank 0 for 1-D data).

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @gather_2(%d: tensor<3x4xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf32>, tensor<i64>
  return %r : tensor<4xf32>
}
func.func @gather_3(%d: tensor<?x?xf32>, %i: tensor<i32>) -> tensor<?xf32> {
  %r = gather.gather %d[%i] axis = -1 : tensor<?x?xf32>, tensor<i32>
  return %r : tensor<?xf32>
}
func.func @gather_4(%d: tensor<?x?xf32>, %i: tensor<ui32>) -> tensor<?xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xf32>, tensor<ui32>
  return %r : tensor<?xf32>
}
func.func @gather_5(%d: tensor<2x3x4xf32>, %i: tensor<index>) -> tensor<2x4xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<2x3x4xf32>, tensor<index>
  return %r : tensor<2x4xf32>
}
func.func @gather_6(%d: tensor<5xi64>, %i: tensor<i64>) -> tensor<i64> {
  %r = gather.gather %d[%i] : tensor<5xi64>, tensor<i64>
  return %r : tensor<i64>
}
func.func @gather_7(%d: tensor<?xi64>, %i: tensor<si32>) -> tensor<i64> {
  %r = gather.gather %d[%i] : tensor<?xi64>, tensor<si32>
  return %r : tensor<i64>
}

func.func @main() {
  // data [3,4], scalar index 2, axis 0 -> [4]
  %d0 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i0 = arith.constant dense<2> : tensor<i64>
  %r0 = gather.gather %d0[%i0] axis = 0 : tensor<3x4xf32>, tensor<i64>
  %u0 = tensor.cast %r0 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [4] strides = [{{.*}}] data =
  // CHECK-NEXT: [8, 9, 10, 11]
  // data [3,4], scalar index 2, axis 1 -> [3]
  %d1 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i1 = arith.constant dense<2> : tensor<i64>
  %r1 = gather.gather %d1[%i1] axis = 1 : tensor<3x4xf32>, tensor<i64>
  %u1 = tensor.cast %r1 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [3] strides = [{{.*}}] data =
  // CHECK-NEXT: [2, 6, 10]
  // data [3,4], scalar index 2, axis 0, run-time index
  %d2 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i2 = arith.constant dense<2> : tensor<i64>
  %r2 = call @gather_2(%d2, %i2) : (tensor<3x4xf32>, tensor<i64>) -> tensor<4xf32>
  %u2 = tensor.cast %r2 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [4] strides = [{{.*}}] data =
  // CHECK-NEXT: [8, 9, 10, 11]
  // data [3,4], scalar index -1, axis -1, dynamic data
  %d3 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i3 = arith.constant dense<-1> : tensor<i32>
  %dd3 = tensor.cast %d3 : tensor<3x4xf32> to tensor<?x?xf32>
  %r3 = call @gather_3(%dd3, %i3) : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xf32>
  %u3 = tensor.cast %r3 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [3] strides = [{{.*}}] data =
  // CHECK-NEXT: [3, 7, 11]
  // data [3,4], scalar ui32 index 1, axis 0, dynamic data
  %d4 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i4 = arith.constant dense<1> : tensor<ui32>
  %dd4 = tensor.cast %d4 : tensor<3x4xf32> to tensor<?x?xf32>
  %r4 = call @gather_4(%dd4, %i4) : (tensor<?x?xf32>, tensor<ui32>) -> tensor<?xf32>
  %u4 = tensor.cast %r4 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [4] strides = [{{.*}}] data =
  // CHECK-NEXT: [4, 5, 6, 7]
  // data [2,3,4], scalar index -2 of type index, axis 1
  %d5 = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %i5 = arith.constant dense<-2> : tensor<index>
  %r5 = call @gather_5(%d5, %i5) : (tensor<2x3x4xf32>, tensor<index>) -> tensor<2x4xf32>
  %u5 = tensor.cast %r5 : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}4, 5, 6, 7],
  // CHECK-NEXT: [16, 17, 18, 19]]
  // data [5], scalar index 3 -> rank-0 result
  %d6 = arith.constant dense<[10, 11, 12, 13, 14]> : tensor<5xi64>
  %i6 = arith.constant dense<3> : tensor<i64>
  %r6 = call @gather_6(%d6, %i6) : (tensor<5xi64>, tensor<i64>) -> tensor<i64>
  %u6 = tensor.cast %r6 : tensor<i64> to tensor<*xi64>
  call @printMemrefI64(%u6) : (tensor<*xi64>) -> ()
  // CHECK: rank = 0 offset = {{[0-9]+}} sizes = [] strides = [{{.*}}] data =
  // CHECK-NEXT: [13]
  // data [5], scalar index -5 -> rank-0 result, dynamic data
  %d7 = arith.constant dense<[10, 11, 12, 13, 14]> : tensor<5xi64>
  %i7 = arith.constant dense<-5> : tensor<si32>
  %dd7 = tensor.cast %d7 : tensor<5xi64> to tensor<?xi64>
  %r7 = call @gather_7(%dd7, %i7) : (tensor<?xi64>, tensor<si32>) -> tensor<i64>
  %u7 = tensor.cast %r7 : tensor<i64> to tensor<*xi64>
  call @printMemrefI64(%u7) : (tensor<*xi64>) -> ()
  // CHECK: rank = 0 offset = {{[0-9]+}} sizes = [] strides = [{{.*}}] data =
  // CHECK-NEXT: [10]
  return
}

// batch_dims on ATB: the ATB example with one row of indices per batch,
// negative axis and batch_dims (normalised before the call), and
// batch_dims = axis = 2. Expected values are computed by hand from the
// definition out[p, j, t] = x[p, indices[p[:b], j], t].

// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-atb="soc=ascend910_93" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s

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

func.func @one_row_per_batch(%d: tensor<2x3xi32>, %i: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x3xi32>, tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}
func.func @negative_attributes(%d: tensor<2x2x3xf32>, %i: tensor<2x2xi64>) -> tensor<2x2x2xf32> {
  %r = gather.gather %d[%i] axis = -1 batch_dims = -1 : tensor<2x2x3xf32>, tensor<2x2xi64>
  return %r : tensor<2x2x2xf32>
}
func.func @two_batch_dims(%d: tensor<2x2x3xf32>, %i: tensor<2x2x1xui32>) -> tensor<2x2x1xf32> {
  %r = gather.gather %d[%i] axis = 2 batch_dims = 2 : tensor<2x2x3xf32>, tensor<2x2x1xui32>
  return %r : tensor<2x2x1xf32>
}

func.func @main() {
  // x = [[1, 2, 3], [4, 5, 6]], indices = [[0, 2], [1, 0]]:
  // row 0 takes x[0][0], x[0][2]; row 1 takes x[1][1], x[1][0].
  %d0 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %i0 = arith.constant dense<[[0, 2], [1, 0]]> : tensor<2x2xi32>
  %r0 = call @one_row_per_batch(%d0, %i0) : (tensor<2x3xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  %u0 = tensor.cast %r0 : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%u0) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}1, 3],
  // CHECK-NEXT: [5, 4]]

  // x[p0][p1] = [6 p0 + 3 p1 + k for k in 0..2]; axis -1 is 2, batch_dims
  // -1 is 1: out[p0, p1, j] = x[p0, p1, indices[p0, j]] with
  // indices = [[2, 0], [1, 1]].
  %d1 = arith.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]]> : tensor<2x2x3xf32>
  %i1 = arith.constant dense<[[2, 0], [1, 1]]> : tensor<2x2xi64>
  %r1 = call @negative_attributes(%d1, %i1) : (tensor<2x2x3xf32>, tensor<2x2xi64>) -> tensor<2x2x2xf32>
  %u1 = tensor.cast %r1 : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 2] strides = [4, 2, 1] data =
  // CHECK-NEXT: {{\[\[\[}}2, 0],
  // CHECK-NEXT: [5, 3]],
  // CHECK-NEXT: {{\[\[}}7, 7],
  // CHECK-NEXT: [10, 10]]]

  // batch_dims = axis = 2: out[p0, p1, 0] = x[p0, p1, indices[p0, p1, 0]]
  // with indices = [[[1], [2]], [[0], [2]]].
  %i2 = arith.constant dense<[[[1], [2]], [[0], [2]]]> : tensor<2x2x1xui32>
  %r2 = call @two_batch_dims(%d1, %i2) : (tensor<2x2x3xf32>, tensor<2x2x1xui32>) -> tensor<2x2x1xf32>
  %u2 = tensor.cast %r2 : tensor<2x2x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 1] strides = [2, 1, 1] data =
  // CHECK-NEXT: {{\[\[\[}}1],
  // CHECK-NEXT: [5]],
  // CHECK-NEXT: {{\[\[}}6],
  // CHECK-NEXT: [11]]]

  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 3
  return
}

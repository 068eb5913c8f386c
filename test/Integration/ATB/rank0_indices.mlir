// Rank-0 indices on ATB, which has no rank-0 tensors: the indices are
// reshaped to [1] and the result back. Expected values by hand.

// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-atb="bounds-check=none" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s

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

func.func @row(%d: tensor<3x4xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<i64>
  return %r : tensor<4xf32>
}
func.func @column(%d: tensor<3x4xf32>, %i: tensor<ui32>) -> tensor<3xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<3x4xf32>, tensor<ui32>
  return %r : tensor<3xf32>
}
func.func @scalar(%d: tensor<5xi32>, %i: tensor<i32>) -> tensor<i32> {
  %r = gather.gather %d[%i] : tensor<5xi32>, tensor<i32>
  return %r : tensor<i32>
}
func.func @innermost(%d: tensor<2x3x2xf32>, %i: tensor<si32>) -> tensor<2x3xf32> {
  %r = gather.gather %d[%i] axis = 2 : tensor<2x3x2xf32>, tensor<si32>
  return %r : tensor<2x3xf32>
}

func.func @main() {
  %d0 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  // Row -1 is row 2.
  %i0 = arith.constant dense<-1> : tensor<i64>
  %r0 = call @row(%d0, %i0) : (tensor<3x4xf32>, tensor<i64>) -> tensor<4xf32>
  %u0 = tensor.cast %r0 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [4] strides = [1] data =
  // CHECK-NEXT: [8, 9, 10, 11]

  // Column 2.
  %i1 = arith.constant dense<2> : tensor<ui32>
  %r1 = call @column(%d0, %i1) : (tensor<3x4xf32>, tensor<ui32>) -> tensor<3xf32>
  %u1 = tensor.cast %r1 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [3] strides = [1] data =
  // CHECK-NEXT: [2, 6, 10]

  // Element 3 of a rank-1 table: a rank-0 result.
  %d2 = arith.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi32>
  %i2 = arith.constant dense<3> : tensor<i32>
  %r2 = call @scalar(%d2, %i2) : (tensor<5xi32>, tensor<i32>) -> tensor<i32>
  %u2 = tensor.cast %r2 : tensor<i32> to tensor<*xi32>
  call @printMemrefI32(%u2) : (tensor<*xi32>) -> ()
  // CHECK: rank = 0 offset = {{[0-9]+}} sizes = [] strides = [] data =
  // CHECK-NEXT: [40]

  // Position 1 of the innermost axis.
  %d3 = arith.constant dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]]]> : tensor<2x3x2xf32>
  %i3 = arith.constant dense<1> : tensor<si32>
  %r3 = call @innermost(%d3, %i3) : (tensor<2x3x2xf32>, tensor<si32>) -> tensor<2x3xf32>
  %u3 = tensor.cast %r3 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{\[\[}}1, 3, 5],
  // CHECK-NEXT: [7, 9, 11]]

  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 4
  return
}

// ui32 indices go to ATB as they are (never negative, so no wrap; under
// bounds-check=none not even a check), also with ui32 data. Expected values
// by hand.

// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-atb="bounds-check=none" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-atb | not mlir-runner -e main_out_of_bounds -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=OOB --implicit-check-not=Unranked

// ui32 data prints through printMemrefI32 (the same bits as i32).
func.func private @printMemrefI32(tensor<*xui32>)
func.func private @printMemrefF32(tensor<*xf32>)

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

func.func @rows(%d: tensor<4x3xf32>, %i: tensor<3xui32>) -> tensor<3x3xf32> {
  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<3xui32>
  return %r : tensor<3x3xf32>
}
func.func @elements(%d: tensor<5xui32>, %i: tensor<2x2xui32>) -> tensor<2x2xui32> {
  %r = gather.gather %d[%i] : tensor<5xui32>, tensor<2x2xui32>
  return %r : tensor<2x2xui32>
}

func.func @main() {
  %d0 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i0 = arith.constant dense<[3, 0, 3]> : tensor<3xui32>
  %r0 = call @rows(%d0, %i0) : (tensor<4x3xf32>, tensor<3xui32>) -> tensor<3x3xf32>
  %u0 = tensor.cast %r0 : tensor<3x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 3] strides = [3, 1] data =
  // CHECK-NEXT: {{\[\[}}9, 10, 11],
  // CHECK-NEXT: [0, 1, 2],
  // CHECK-NEXT: [9, 10, 11]]

  %d1 = arith.constant dense<[100, 200, 300, 400, 500]> : tensor<5xui32>
  %i1 = arith.constant dense<[[4, 1], [0, 4]]> : tensor<2x2xui32>
  %r1 = call @elements(%d1, %i1) : (tensor<5xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
  %u1 = tensor.cast %r1 : tensor<2x2xui32> to tensor<*xui32>
  call @printMemrefI32(%u1) : (tensor<*xui32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}500, 200],
  // CHECK-NEXT: [100, 500]]

  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 2
  return
}

// 4294967295 is not -1 for an unsigned type: it is out of bounds.
// OOB: gather: index 4294967295 is out of bounds for a dimension of size 4
func.func @main_out_of_bounds() {
  %d0 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i0 = arith.constant dense<[0, 4294967295, 1]> : tensor<3xui32>
  %r0 = call @rows(%d0, %i0) : (tensor<4x3xf32>, tensor<3xui32>) -> tensor<3x3xf32>
  %u0 = tensor.cast %r0 : tensor<3x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  return
}

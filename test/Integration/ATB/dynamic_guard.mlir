// A gather with dynamic shapes is guarded at run time: sizes ATB rejects
// (here a zero-sized dimension) take the CPU branch, others the ATB branch.
// The ATB Execute count after each call shows which branch ran.

// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefShapeF32(tensor<*xf32>) attributes {llvm.emit_c_interface}

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

func.func @dynamic(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %table = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]> : tensor<3x2xf32>
  %i = arith.constant dense<[2, -3, 1]> : tensor<3xi64>
  %di = tensor.cast %i : tensor<3xi64> to tensor<?xi64>

  // Rows of size 0: ATB rejects empty tensors, so the CPU branch runs and
  // returns a [3, 0] result.
  %empty = tensor.extract_slice %table[0, 0] [3, 0] [1, 1] : tensor<3x2xf32> to tensor<3x0xf32>
  %d0 = tensor.cast %empty : tensor<3x0xf32> to tensor<?x?xf32>
  %r0 = call @dynamic(%d0, %di) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u0 = tensor.cast %r0 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 0] strides = [{{.*}}]{{$}}
  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 0

  // No indices: also the CPU branch.
  %none0 = tensor.extract_slice %i[0] [0] [1] : tensor<3xi64> to tensor<0xi64>
  %none = tensor.cast %none0 : tensor<0xi64> to tensor<?xi64>
  %d1 = tensor.cast %table : tensor<3x2xf32> to tensor<?x?xf32>
  %r1 = call @dynamic(%d1, %none) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u1 = tensor.cast %r1 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefShapeF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [0, 2] strides = [{{.*}}]{{$}}
  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 0

  // The full table: the ATB branch (rows 2, 0 and 1).
  %r2 = call @dynamic(%d1, %di) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u2 = tensor.cast %r2 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}4, 5],
  // CHECK-NEXT: [0, 1],
  // CHECK-NEXT: [2, 3]]
  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 1
  return
}

// Negative index values on ATB: ATB takes only [0, s), so signed indices
// are wrapped (k + s) by an elementwise step before the call, and checked as
// bounds-check says. Also a negative axis. Expected values by hand.

// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-atb="bounds-check=none" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-atb | not mlir-runner -e main_out_of_bounds -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=OOB --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-atb | not mlir-runner -e main_too_negative -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=NEG --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-atb="bounds-check=clamp" | mlir-runner -e main_clamp -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s --check-prefix=CLAMP

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

func.func @rows(%d: tensor<4x2xf32>, %i: tensor<?xsi64>) -> tensor<?x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<?xsi64>
  return %r : tensor<?x2xf32>
}
func.func @per_batch(%d: tensor<2x3xi32>, %i: tensor<2x1xi32>) -> tensor<2x1xi32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x3xi32>, tensor<2x1xi32>
  return %r : tensor<2x1xi32>
}
func.func @negative_axis(%d: tensor<2x3x2xf32>, %i: tensor<1xi64>) -> tensor<2x1x2xf32> {
  %r = gather.gather %d[%i] axis = -2 : tensor<2x3x2xf32>, tensor<1xi64>
  return %r : tensor<2x1x2xf32>
}

func.func @main() {
  // Rows -1, -4 and 2 of a 4-row table are rows 3, 0 and 2.
  %d0 = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  %i0 = arith.constant dense<[-1, -4, 2]> : tensor<3xsi64>
  %c0 = tensor.cast %i0 : tensor<3xsi64> to tensor<?xsi64>
  %r0 = call @rows(%d0, %c0) : (tensor<4x2xf32>, tensor<?xsi64>) -> tensor<?x2xf32>
  %u0 = tensor.cast %r0 : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}6, 7],
  // CHECK-NEXT: [0, 1],
  // CHECK-NEXT: [4, 5]]

  // Per batch: -2 in row [1, 2, 3] selects 2, 1 in row [4, 5, 6] selects 5.
  %d1 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %i1 = arith.constant dense<[[-2], [1]]> : tensor<2x1xi32>
  %r1 = call @per_batch(%d1, %i1) : (tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
  %u1 = tensor.cast %r1 : tensor<2x1xi32> to tensor<*xi32>
  call @printMemrefI32(%u1) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 1] strides = [1, 1] data =
  // CHECK-NEXT: {{\[\[}}2],
  // CHECK-NEXT: [5]]

  // axis -2 of a [2, 3, 2] table is 1; index -1 selects position 2.
  %d2 = arith.constant dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]]]> : tensor<2x3x2xf32>
  %i2 = arith.constant dense<[-1]> : tensor<1xi64>
  %r2 = call @negative_axis(%d2, %i2) : (tensor<2x3x2xf32>, tensor<1xi64>) -> tensor<2x1x2xf32>
  %u2 = tensor.cast %r2 : tensor<2x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 1, 2] strides = [2, 2, 1] data =
  // CHECK-NEXT: {{\[\[\[}}4, 5]],
  // CHECK-NEXT: {{\[\[}}10, 11]]]

  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 3
  return
}

// Under assert (the default) an index outside [-s, s) stops the program
// before the ATB call.
// OOB: gather: index 4 is out of bounds for a dimension of size 4
func.func @main_out_of_bounds() {
  %d0 = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  %i0 = arith.constant dense<[1, 4]> : tensor<2xsi64>
  %c0 = tensor.cast %i0 : tensor<2xsi64> to tensor<?xsi64>
  %r0 = call @rows(%d0, %c0) : (tensor<4x2xf32>, tensor<?xsi64>) -> tensor<?x2xf32>
  %u0 = tensor.cast %r0 : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  return
}

// NEG: gather: index -5 is out of bounds for a dimension of size 4
func.func @main_too_negative() {
  %d0 = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  %i0 = arith.constant dense<[-4, -5]> : tensor<2xsi64>
  %c0 = tensor.cast %i0 : tensor<2xsi64> to tensor<?xsi64>
  %r0 = call @rows(%d0, %c0) : (tensor<4x2xf32>, tensor<?xsi64>) -> tensor<?x2xf32>
  %u0 = tensor.cast %r0 : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  return
}

// Under clamp 9 becomes 3 and -7 (wrapped to -3) becomes 0.
func.func @main_clamp() {
  %d0 = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  %i0 = arith.constant dense<[9, -7]> : tensor<2xsi64>
  %c0 = tensor.cast %i0 : tensor<2xsi64> to tensor<?xsi64>
  %r0 = call @rows(%d0, %c0) : (tensor<4x2xf32>, tensor<?xsi64>) -> tensor<?x2xf32>
  %u0 = tensor.cast %r0 : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CLAMP: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [2, 1] data =
  // CLAMP-NEXT: {{\[\[}}6, 7],
  // CLAMP-NEXT: [0, 1]]
  call @printAtbExecutes() : () -> ()
  // CLAMP: ATB executes: 1
  return
}

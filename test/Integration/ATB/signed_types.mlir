// si32 and si64 data and indices on ATB: they use the i32 and i64 runtime
// entry points (ACL_INT32 and ACL_INT64 are signed). Expected values by hand.

// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s

// Signed data prints through printMemrefI32/I64 (the same bits).
func.func private @printMemrefI32(tensor<*xsi32>)
func.func private @printMemrefI64(tensor<*xsi64>)

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

func.func @si32_si64(%d: tensor<4xsi32>, %i: tensor<3xsi64>) -> tensor<3xsi32> {
  %r = gather.gather %d[%i] : tensor<4xsi32>, tensor<3xsi64>
  return %r : tensor<3xsi32>
}
func.func @si64_si32(%d: tensor<2x3xsi64>, %i: tensor<2x1xsi32>) -> tensor<2x1xsi64> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x3xsi64>, tensor<2x1xsi32>
  return %r : tensor<2x1xsi64>
}

func.func @main() {
  %d0 = arith.constant dense<[-10, 20, -30, 40]> : tensor<4xsi32>
  %i0 = arith.constant dense<[-1, 2, 0]> : tensor<3xsi64>
  %r0 = call @si32_si64(%d0, %i0) : (tensor<4xsi32>, tensor<3xsi64>) -> tensor<3xsi32>
  %u0 = tensor.cast %r0 : tensor<3xsi32> to tensor<*xsi32>
  call @printMemrefI32(%u0) : (tensor<*xsi32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [3] strides = [1] data =
  // CHECK-NEXT: [40, -30, -10]

  %d1 = arith.constant dense<[[1, -2, 3], [-4000000000, 5, 6]]> : tensor<2x3xsi64>
  %i1 = arith.constant dense<[[-2], [0]]> : tensor<2x1xsi32>
  %r1 = call @si64_si32(%d1, %i1) : (tensor<2x3xsi64>, tensor<2x1xsi32>) -> tensor<2x1xsi64>
  %u1 = tensor.cast %r1 : tensor<2x1xsi64> to tensor<*xsi64>
  call @printMemrefI64(%u1) : (tensor<*xsi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 1] strides = [1, 1] data =
  // CHECK-NEXT: {{\[\[}}-2],
  // CHECK-NEXT: [-4000000000]]

  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 2
  return
}

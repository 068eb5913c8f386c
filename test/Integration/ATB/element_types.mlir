// Every ATB data type (f16, bf16, f32, i32, ui32 in uint32_indices.mlir,
// i64; si32 and si64 in signed_types.mlir) with each ATB index type, on ATB.
// f16 and bf16 values are exact in both formats. Expected values by hand.

// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s
// RUN: gather-opt %s --gather-to-atb="soc=ascend910_93" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s

func.func private @printMemrefF16(tensor<*xf16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefBF16(tensor<*xbf16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefI64(tensor<*xi64>)

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

func.func @f16_i32(%d: tensor<3x2xf16>, %i: tensor<2xi32>) -> tensor<2x2xf16> {
  %r = gather.gather %d[%i] : tensor<3x2xf16>, tensor<2xi32>
  return %r : tensor<2x2xf16>
}
func.func @bf16_i64(%d: tensor<2x3xbf16>, %i: tensor<2xi64>) -> tensor<2x2xbf16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<2x3xbf16>, tensor<2xi64>
  return %r : tensor<2x2xbf16>
}
func.func @f32_ui32(%d: tensor<4xf32>, %i: tensor<2x2xui32>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4xf32>, tensor<2x2xui32>
  return %r : tensor<2x2xf32>
}
func.func @i32_i64(%d: tensor<3xi32>, %i: tensor<4xi64>) -> tensor<4xi32> {
  %r = gather.gather %d[%i] : tensor<3xi32>, tensor<4xi64>
  return %r : tensor<4xi32>
}
func.func @i64_i32(%d: tensor<2x2xi64>, %i: tensor<3xi32>) -> tensor<3x2xi64> {
  %r = gather.gather %d[%i] : tensor<2x2xi64>, tensor<3xi32>
  return %r : tensor<3x2xi64>
}

func.func @main() {
  %d0 = arith.constant dense<[[0.5, 1.5], [2.5, 3.5], [4.5, 5.5]]> : tensor<3x2xf16>
  %i0 = arith.constant dense<[2, 0]> : tensor<2xi32>
  %r0 = call @f16_i32(%d0, %i0) : (tensor<3x2xf16>, tensor<2xi32>) -> tensor<2x2xf16>
  %u0 = tensor.cast %r0 : tensor<2x2xf16> to tensor<*xf16>
  call @printMemrefF16(%u0) : (tensor<*xf16>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}4.5, 5.5],
  // CHECK-NEXT: [0.5, 1.5]]

  %d1 = arith.constant dense<[[1.0, 2.0, 3.0], [-4.0, -5.0, -6.0]]> : tensor<2x3xbf16>
  %i1 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r1 = call @bf16_i64(%d1, %i1) : (tensor<2x3xbf16>, tensor<2xi64>) -> tensor<2x2xbf16>
  %u1 = tensor.cast %r1 : tensor<2x2xbf16> to tensor<*xbf16>
  call @printMemrefBF16(%u1) : (tensor<*xbf16>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}2, 3],
  // CHECK-NEXT: [-5, -6]]

  %d2 = arith.constant dense<[0.25, 1.25, 2.25, 3.25]> : tensor<4xf32>
  %i2 = arith.constant dense<[[3, 3], [1, 0]]> : tensor<2x2xui32>
  %r2 = call @f32_ui32(%d2, %i2) : (tensor<4xf32>, tensor<2x2xui32>) -> tensor<2x2xf32>
  %u2 = tensor.cast %r2 : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}3.25, 3.25],
  // CHECK-NEXT: [1.25, 0.25]]

  %d3 = arith.constant dense<[-7, 2147483647, -2147483648]> : tensor<3xi32>
  %i3 = arith.constant dense<[2, 1, 0, 1]> : tensor<4xi64>
  %r3 = call @i32_i64(%d3, %i3) : (tensor<3xi32>, tensor<4xi64>) -> tensor<4xi32>
  %u3 = tensor.cast %r3 : tensor<4xi32> to tensor<*xi32>
  call @printMemrefI32(%u3) : (tensor<*xi32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [4] strides = [1] data =
  // CHECK-NEXT: [-2147483648, 2147483647, -7, 2147483647]

  %d4 = arith.constant dense<[[9223372036854775807, -1], [5000000000, -9223372036854775808]]> : tensor<2x2xi64>
  %i4 = arith.constant dense<[1, -1, 0]> : tensor<3xi32>
  %r4 = call @i64_i32(%d4, %i4) : (tensor<2x2xi64>, tensor<3xi32>) -> tensor<3x2xi64>
  %u4 = tensor.cast %r4 : tensor<3x2xi64> to tensor<*xi64>
  call @printMemrefI64(%u4) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}5000000000, -9223372036854775808],
  // CHECK-NEXT: [5000000000, -9223372036854775808],
  // CHECK-NEXT: [9223372036854775807, -1]]

  call @printAtbExecutes() : () -> ()
  // CHECK: ATB executes: 5
  return
}

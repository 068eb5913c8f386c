// One module, two gathers: on ascend310b (f16 data only) the f16 gather runs
// on ATB and the f32 one on the CPU path, with a remark; on ascend910b both
// run on ATB. The results are the same either way.

// RUN: gather-opt %s --gather-to-atb=soc=ascend310b 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gather-opt %s --gather-to-atb="soc=ascend310b" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s --check-prefixes=CHECK,B310
// RUN: gather-opt %s --gather-to-atb="soc=ascend910b" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s --check-prefixes=CHECK,B910

// REMARK: remark: gather stays on the CPU: ascend310b supports only f16 data, not 'f32'
// REMARK-NOT: remark:

func.func private @printMemrefF16(tensor<*xf16>) attributes {llvm.emit_c_interface}
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

func.func @both(%d16: tensor<3x2xf16>, %d32: tensor<3x2xf32>, %i: tensor<2xi64>) -> (tensor<2x2xf16>, tensor<2x2xf32>) {
  %a = gather.gather %d16[%i] : tensor<3x2xf16>, tensor<2xi64>
  %b = gather.gather %d32[%i] : tensor<3x2xf32>, tensor<2xi64>
  return %a, %b : tensor<2x2xf16>, tensor<2x2xf32>
}

func.func @main() {
  %d16 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf16>
  %d32 = arith.constant dense<[[1.5, 2.5], [3.5, 4.5], [5.5, 6.5]]> : tensor<3x2xf32>
  %i = arith.constant dense<[-1, 1]> : tensor<2xi64>
  %a, %b = call @both(%d16, %d32, %i) : (tensor<3x2xf16>, tensor<3x2xf32>, tensor<2xi64>) -> (tensor<2x2xf16>, tensor<2x2xf32>)
  %ua = tensor.cast %a : tensor<2x2xf16> to tensor<*xf16>
  call @printMemrefF16(%ua) : (tensor<*xf16>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}5, 6],
  // CHECK-NEXT: [3, 4]]
  %ub = tensor.cast %b : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[\[}}5.5, 6.5],
  // CHECK-NEXT: [3.5, 4.5]]
  call @printAtbExecutes() : () -> ()
  // B310: ATB executes: 1
  // B910: ATB executes: 2
  return
}

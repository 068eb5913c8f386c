// A failed ATB call stops the program: compiled for ascend910b, run on an
// emulated product whose dtype table refuses the call at Setup, the runtime
// prints the failing call and status and the generated code exits with
// status 1 before anything is printed.

// RUN: gather-opt %s --gather-to-atb | env GATHER_ATB_EMULATOR_SOC=ascend310b not mlir-runner -e main_f32 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=F32 --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-atb | env GATHER_ATB_EMULATOR_SOC=ascend310p not mlir-runner -e main_bf16 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=BF16 --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-atb | env GATHER_ATB_EMULATOR_SOC=ascend950 not mlir-runner -e main_ui32 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=UI32 --implicit-check-not=Unranked
// The same program runs on the default emulated product.
// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main_f32 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=OK

// F32: gather-atb: Setup failed with ERROR_INVALID_TENSOR_INI_MATCH (13)
// F32-NEXT: gather: the Ascend ATB gather failed with status 13
// BF16: gather-atb: Setup failed with ERROR_INVALID_TENSOR_DTYPE (6)
// BF16-NEXT: gather: the Ascend ATB gather failed with status 6
// UI32: gather-atb: Setup failed with ERROR_CANN_ERROR (12)
// UI32-NEXT: gather: the Ascend ATB gather failed with status 12
// OK-NOT: gather-atb:
// OK: rank = 1 offset = {{[0-9]+}} sizes = [2] strides = [1] data =
// OK-NEXT: [3, 1]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @gather_f32(%d: tensor<4xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  %r = gather.gather %d[%i] : tensor<4xf32>, tensor<2xi64>
  return %r : tensor<2xf32>
}
func.func @gather_bf16(%d: tensor<4xbf16>, %i: tensor<2xi64>) -> tensor<2xbf16> {
  %r = gather.gather %d[%i] : tensor<4xbf16>, tensor<2xi64>
  return %r : tensor<2xbf16>
}
func.func @gather_ui32(%d: tensor<4xf32>, %i: tensor<2xui32>) -> tensor<2xf32> {
  %r = gather.gather %d[%i] : tensor<4xf32>, tensor<2xui32>
  return %r : tensor<2xf32>
}

func.func @main_f32() {
  %d = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %i = arith.constant dense<[3, 1]> : tensor<2xi64>
  %r = call @gather_f32(%d, %i) : (tensor<4xf32>, tensor<2xi64>) -> tensor<2xf32>
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @main_bf16() {
  %d = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %i = arith.constant dense<[3, 1]> : tensor<2xi64>
  %r = call @gather_bf16(%d, %i) : (tensor<4xbf16>, tensor<2xi64>) -> tensor<2xbf16>
  %e = arith.extf %r : tensor<2xbf16> to tensor<2xf32>
  %u = tensor.cast %e : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @main_ui32() {
  %d = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %i = arith.constant dense<[3, 1]> : tensor<2xui32>
  %r = call @gather_ui32(%d, %i) : (tensor<4xf32>, tensor<2xui32>) -> tensor<2xf32>
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

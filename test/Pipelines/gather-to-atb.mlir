// gather-to-atb leaves nothing but the LLVM dialect and the builtin module:
// the gathers ATB accepts on the chosen SoC become calls of the runtime's
// C-interface entry points (the device entry points, with the tensors kept
// in device memory; the host ones with device-resident=false), the others
// take the CPU path in the same module (with a remark). On ascend310b the
// f32 gather stays on the CPU. (The default SoC gives no remark; the
// expected-remark lines are checked by the -verify-diagnostics runs only, and
// MLIR 22.1 reports them on stderr in the other runs, so those keep stderr
// apart.)
// RUN: gather-opt %s --gather-to-atb 2>%t.stderr | FileCheck %s --check-prefixes=CHECK,ASSERT,B910
// RUN: not grep "remark:" %t.stderr
// RUN: gather-opt %s --gather-to-atb="soc=ascend310b" -verify-diagnostics | FileCheck %s --check-prefixes=CHECK,ASSERT --implicit-check-not=f32_u32
// RUN: gather-opt %s --gather-to-atb="soc=ascend310b bounds-check=clamp strategy=generic parallel=true" -verify-diagnostics | FileCheck %s --check-prefixes=CHECK --implicit-check-not=f32_u32
// RUN: gather-opt %s --gather-to-atb="soc=ascend310b bounds-check=none" -verify-diagnostics | FileCheck %s --check-prefix=NONE
// RUN: gather-opt %s --gather-to-atb="device-resident=false" 2>%t.host.stderr | FileCheck %s --check-prefix=HOST
// RUN: not grep "remark:" %t.host.stderr

// B910-NOT:    remark
// CHECK-NOT:   {{(gather|atb|tensor|linalg|memref|scf|affine|arith|func|cf|bufferization|math|vector|index)\.[a-z_]+}}
// CHECK-DAG:   llvm.func @_mlir_ciface_gatherAtbGatherDevice_f16_i64(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64) -> i32
// B910-DAG:    llvm.func @_mlir_ciface_gatherAtbGatherDevice_f32_u32(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64) -> i32
// CHECK-DAG:   llvm.func @_mlir_ciface_gatherAtbAllocDevice(
// CHECK-DAG:   llvm.func @gatherAtbCopyAddress(i64, i64, i64, i32) -> i32
// CHECK-DAG:   llvm.func @gatherAtbSynchronizeDefault() -> i32
// CHECK-DAG:   llvm.func @gatherAtbFreeDevice(i64) -> i32
// CHECK-DAG:   llvm.func @main
// CHECK-DAG:   llvm.func linkonce_odr @__gather_mlir_atb_gather_failed(
// ASSERT-DAG:  llvm.func internal @__gather_mlir_index_out_of_bounds(
// CHECK-NOT:   {{(gather|atb|tensor|linalg|memref|scf|affine|arith|func|cf|bufferization|math|vector|index)\.[a-z_]+}}

// NONE-NOT:    __gather_mlir_index_out_of_bounds
// NONE-DAG:    llvm.call @gatherAtbGatherDevice_f16_i64(
// NONE-DAG:    llvm.func linkonce_odr @__gather_mlir_atb_gather_failed(
// NONE-NOT:    __gather_mlir_index_out_of_bounds

// HOST-NOT:    gatherAtbGatherDevice
// HOST-NOT:    gatherAtbAllocDevice
// HOST-DAG:    llvm.func @_mlir_ciface_gatherAtbGather_f16_i64(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64) -> i32
// HOST-DAG:    llvm.func @_mlir_ciface_gatherAtbGather_f32_u32(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64) -> i32
// HOST-NOT:    gatherAtbGatherDevice

func.func @main(%d16: tensor<4x3xf16>, %d32: tensor<?x3xf32>, %i: tensor<2xi64>, %u: tensor<2xui32>) -> (tensor<2x3xf16>, tensor<2x3xf32>) {
  %a = gather.gather %d16[%i] : tensor<4x3xf16>, tensor<2xi64>
  // expected-remark @+1 {{gather stays on the CPU: ascend310b supports only f16 data, not 'f32'}}
  %b = gather.gather %d32[%u] : tensor<?x3xf32>, tensor<2xui32>
  return %a, %b : tensor<2x3xf16>, tensor<2x3xf32>
}

// The device-memory ops become runtime calls with status checks, and a
// gather on device memrefs calls the device entry point (no copies).
// RUN: gather-opt %s --convert-atb-to-runtime | FileCheck %s

// CHECK-DAG: func.func private @gatherAtbSynchronizeDefault() -> i32
// CHECK-DAG: func.func private @gatherAtbCopyAddress(i64, i64, i64, i32) -> i32
// CHECK-DAG: func.func private @gatherAtbFreeDevice(i64) -> i32
// CHECK-DAG: func.func private @gatherAtbAllocDevice(i64) -> memref<?xi8, 1> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gatherAtbGatherDevice_f32_i64(memref<*xf32, 1>, memref<*xi64, 1>, memref<*xf32, 1>, i64, i64) -> i32 attributes {llvm.emit_c_interface}

// CHECK-LABEL: func.func @device(
// 5 x 4 f32: 80 bytes.
// CHECK:         %[[BYTES:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:         %[[RAW:.*]] = call @gatherAtbAllocDevice(%[[BYTES]]) : (i64) -> memref<?xi8, 1>
// CHECK:         memref.view %[[RAW]][%{{.*}}][] : memref<?xi8, 1> to memref<5x4xf32, 1>
// CHECK:         call @gatherAtbCopyAddress({{.*}}) : (i64, i64, i64, i32) -> i32
// CHECK:         call @gatherAtbGatherDevice_f32_i64(
// CHECK-NOT:     memref.copy
// CHECK:         call @gatherAtbSynchronizeDefault() : () -> i32
// CHECK:         call @gatherAtbFreeDevice(
// CHECK-NOT:     atb.
func.func @device(%table: memref<5x4xf32>, %i: memref<3xi64, 1>, %o: memref<3x4xf32, 1>) {
  %d = atb.alloc_device() : memref<5x4xf32, 1>
  atb.copy %table, %d : memref<5x4xf32> to memref<5x4xf32, 1>
  atb.gather %d[%i] axis = 0 batch_dims = 0 into %o : memref<5x4xf32, 1>, memref<3xi64, 1> into memref<3x4xf32, 1>
  atb.synchronize
  atb.dealloc_device %d : memref<5x4xf32, 1>
  return
}

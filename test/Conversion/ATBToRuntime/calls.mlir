// convert-atb-to-runtime: each memref atb.gather becomes a call of the
// runtime entry point for its element types, with unranked memref operands,
// axis and batch_dims, and a check of the returned status.
// RUN: gather-opt %s --convert-atb-to-runtime | FileCheck %s

// One declaration per entry point, at the top of the module, with the C
// interface (the program calls _mlir_ciface_gatherAtbGather_<x>_<i>).
// CHECK-DAG: func.func private @gatherAtbGather_f32_i64(memref<*xf32>, memref<*xi64>, memref<*xf32>, i64, i64) -> i32 attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gatherAtbGather_f16_i32(memref<*xf16>, memref<*xi32>, memref<*xf16>, i64, i64) -> i32 attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gatherAtbGather_bf16_u32(memref<*xbf16>, memref<*xui32>, memref<*xbf16>, i64, i64) -> i32 attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gatherAtbGather_i32_i64(memref<*xi32>, memref<*xi64>, memref<*xi32>, i64, i64) -> i32 attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gatherAtbGather_u32_i32(memref<*xui32>, memref<*xi32>, memref<*xui32>, i64, i64) -> i32 attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gatherAtbGather_i64_u32(memref<*xi64>, memref<*xui32>, memref<*xi64>, i64, i64) -> i32 attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @gatherAtbGather_i64_i32(memref<*xi64>, memref<*xi32>, memref<*xi64>, i64, i64) -> i32 attributes {llvm.emit_c_interface}
// CHECK-NOT: func.func private @gatherAtbGather_f32_i64(

// CHECK-LABEL: func.func @f32_i64(
// CHECK-SAME:      %[[X:.*]]: memref<3x3xf32>, %[[I:.*]]: memref<2xi64>, %[[O:.*]]: memref<3x2xf32>)
// CHECK-DAG:     %[[AXIS:.*]] = arith.constant 1 : i64
// CHECK-DAG:     %[[BATCH:.*]] = arith.constant 0 : i64
// CHECK-DAG:     %[[UX:.*]] = memref.cast %[[X]] : memref<3x3xf32> to memref<*xf32>
// CHECK-DAG:     %[[UI:.*]] = memref.cast %[[I]] : memref<2xi64> to memref<*xi64>
// CHECK-DAG:     %[[UO:.*]] = memref.cast %[[O]] : memref<3x2xf32> to memref<*xf32>
// CHECK:         %[[STATUS:.*]] = call @gatherAtbGather_f32_i64(%[[UX]], %[[UI]], %[[UO]], %[[AXIS]], %[[BATCH]]) : (memref<*xf32>, memref<*xi64>, memref<*xf32>, i64, i64) -> i32
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[FAILED:.*]] = arith.cmpi ne, %[[STATUS]], %[[ZERO]] : i32
// CHECK:         scf.if %[[FAILED]] {
// CHECK:           %[[CODE:.*]] = arith.extsi %[[STATUS]] : i32 to i64
// CHECK:           llvm.call @__gather_mlir_atb_gather_failed(%[[CODE]]) : (i64) -> ()
// CHECK:         }
// CHECK-NOT:     atb.gather
// CHECK:         return
func.func @f32_i64(%x: memref<3x3xf32>, %i: memref<2xi64>, %o: memref<3x2xf32>) {
  atb.gather %x[%i] axis = 1 batch_dims = 0 into %o : memref<3x3xf32>, memref<2xi64> into memref<3x2xf32>
  return
}

// A second gather of the same types reuses the declaration.
// CHECK-LABEL: func.func @f32_i64_again(
// CHECK:         call @gatherAtbGather_f32_i64(
func.func @f32_i64_again(%x: memref<4x3xf32>, %i: memref<3x1xi64>, %o: memref<3x1x3xf32>) {
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<4x3xf32>, memref<3x1xi64> into memref<3x1x3xf32>
  return
}

// CHECK-LABEL: func.func @element_types(
// CHECK:         %[[A1:.*]] = arith.constant 1 : i64
// CHECK:         %[[B1:.*]] = arith.constant 1 : i64
// CHECK:         call @gatherAtbGather_f16_i32(%{{.*}}, %{{.*}}, %{{.*}}, %[[A1]], %[[B1]])
// CHECK:         call @gatherAtbGather_bf16_u32(
// CHECK:         call @gatherAtbGather_i32_i64(
// CHECK:         call @gatherAtbGather_u32_i32(
// CHECK:         call @gatherAtbGather_i64_u32(
func.func @element_types(%x0: memref<3x3xf16>, %i0: memref<3x1xi32>, %o0: memref<3x1xf16>,
                         %x1: memref<5xbf16>, %i1: memref<2xui32>, %o1: memref<2xbf16>,
                         %x2: memref<5xi32>, %i2: memref<2xi64>, %o2: memref<2xi32>,
                         %x3: memref<5xui32>, %i3: memref<2xi32>, %o3: memref<2xui32>,
                         %x4: memref<5xi64>, %i4: memref<2xui32>, %o4: memref<2xi64>) {
  atb.gather %x0[%i0] axis = 1 batch_dims = 1 into %o0 : memref<3x3xf16>, memref<3x1xi32> into memref<3x1xf16>
  atb.gather %x1[%i1] axis = 0 batch_dims = 0 into %o1 : memref<5xbf16>, memref<2xui32> into memref<2xbf16>
  atb.gather %x2[%i2] axis = 0 batch_dims = 0 into %o2 : memref<5xi32>, memref<2xi64> into memref<2xi32>
  atb.gather %x3[%i3] axis = 0 batch_dims = 0 into %o3 : memref<5xui32>, memref<2xi32> into memref<2xui32>
  atb.gather %x4[%i4] axis = 0 batch_dims = 0 into %o4 : memref<5xi64>, memref<2xui32> into memref<2xi64>
  return
}

// Signed types use the entry points of the signless ones: ACL_INT32 and
// ACL_INT64 are signed. The unranked memrefs are cast (the same descriptor).
// CHECK-LABEL: func.func @signed_types(
// CHECK-SAME:      %[[X:.*]]: memref<5xsi64>, %[[I:.*]]: memref<2xsi32>, %[[O:.*]]: memref<2xsi64>)
// CHECK-DAG:     %[[UX:.*]] = memref.cast %[[X]] : memref<5xsi64> to memref<*xsi64>
// CHECK-DAG:     %[[CX:.*]] = builtin.unrealized_conversion_cast %[[UX]] : memref<*xsi64> to memref<*xi64>
// CHECK-DAG:     %[[UI:.*]] = memref.cast %[[I]] : memref<2xsi32> to memref<*xsi32>
// CHECK-DAG:     %[[CI:.*]] = builtin.unrealized_conversion_cast %[[UI]] : memref<*xsi32> to memref<*xi32>
// CHECK-DAG:     %[[UO:.*]] = memref.cast %[[O]] : memref<2xsi64> to memref<*xsi64>
// CHECK-DAG:     %[[CO:.*]] = builtin.unrealized_conversion_cast %[[UO]] : memref<*xsi64> to memref<*xi64>
// CHECK:         call @gatherAtbGather_i64_i32(%[[CX]], %[[CI]], %[[CO]], %{{.*}}, %{{.*}})
func.func @signed_types(%x: memref<5xsi64>, %i: memref<2xsi32>, %o: memref<2xsi64>) {
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<5xsi64>, memref<2xsi32> into memref<2xsi64>
  return
}

// Operands without the identity layout are copied into new row-major
// buffers; a temporary init is copied back after the call. Temporaries are
// freed.
// CHECK-LABEL: func.func @strided(
// CHECK-SAME:      %[[X:.*]]: memref<?x3xf32, strided<[6, 1], offset: ?>>, %[[I:.*]]: memref<2xi64>, %[[O:.*]]: memref<2x3xf32, strided<[?, 1], offset: ?>>)
// CHECK:         %[[ROWS:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x3xf32, strided<[6, 1], offset: ?>>
// CHECK:         %[[X2:.*]] = memref.alloc(%[[ROWS]]) : memref<?x3xf32>
// CHECK:         memref.copy %[[X]], %[[X2]] : memref<?x3xf32, strided<[6, 1], offset: ?>> to memref<?x3xf32>
// CHECK-NOT:     memref.copy
// CHECK:         %[[O2:.*]] = memref.alloc() : memref<2x3xf32>
// CHECK-NOT:     memref.copy
// CHECK:         %[[UX:.*]] = memref.cast %[[X2]] : memref<?x3xf32> to memref<*xf32>
// CHECK:         %[[UI:.*]] = memref.cast %[[I]] : memref<2xi64> to memref<*xi64>
// CHECK:         %[[UO:.*]] = memref.cast %[[O2]] : memref<2x3xf32> to memref<*xf32>
// CHECK:         call @gatherAtbGather_f32_i64(%[[UX]], %[[UI]], %[[UO]],
// CHECK:         scf.if
// CHECK:         }
// CHECK:         memref.copy %[[O2]], %[[O]] : memref<2x3xf32> to memref<2x3xf32, strided<[?, 1], offset: ?>>
// CHECK-DAG:     memref.dealloc %[[X2]] : memref<?x3xf32>
// CHECK-DAG:     memref.dealloc %[[O2]] : memref<2x3xf32>
// CHECK:         return
func.func @strided(%x: memref<?x3xf32, strided<[6, 1], offset: ?>>, %i: memref<2xi64>, %o: memref<2x3xf32, strided<[?, 1], offset: ?>>) {
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<?x3xf32, strided<[6, 1], offset: ?>>, memref<2xi64> into memref<2x3xf32, strided<[?, 1], offset: ?>>
  return
}

// Indices in another memory space are copied to the default one.
// CHECK-LABEL: func.func @memory_space(
// CHECK-SAME:      %{{.*}}: memref<4xf16>, %[[I:[^:]*]]: memref<2xi32, 1>
// CHECK:         %[[I2:.*]] = memref.alloc() : memref<2xi32>
// CHECK:         memref.copy %[[I]], %[[I2]] : memref<2xi32, 1> to memref<2xi32>
// CHECK:         memref.cast %[[I2]] : memref<2xi32> to memref<*xi32>
// CHECK:         call @gatherAtbGather_f16_i32(
// CHECK:         memref.dealloc %[[I2]]
func.func @memory_space(%x: memref<4xf16>, %i: memref<2xi32, 1>, %o: memref<2xf16>) {
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<4xf16>, memref<2xi32, 1> into memref<2xf16>
  return
}

// The report function the status checks call, once.
// CHECK:     llvm.mlir.global internal constant @__gather_mlir_atb_gather_failed_format("gather: the Ascend ATB gather failed with status %lld\0A\00")
// CHECK:     llvm.func linkonce_odr @__gather_mlir_atb_gather_failed(%{{.*}}: i64)
// CHECK:       llvm.call @dprintf(
// CHECK:       llvm.call @exit(
// CHECK-NOT: @__gather_mlir_atb_gather_failed(

// A copy of a slice onto itself (left by bufferization when a
// parallel_insert_slice inserts a slice of its own destination, as after
// tiling a gather with scf.forall) moves nothing: it is dropped, not turned
// into a copy loop.
// RUN: gather-opt %s --gather-lower-slice-copies --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @self_copy
// CHECK:         scf.forall
// CHECK-NEXT:      arith.constant 0
// CHECK-NEXT:      %[[A:.*]] = memref.subview
// CHECK-NEXT:      memref.store %{{.*}}, %[[A]]
// CHECK-NEXT:      memref.load %[[A]]
// CHECK-NEXT:    }
// CHECK-NOT:     memref.copy
// CHECK-NOT:     vector.load
// CHECK:         return
func.func @self_copy(%o: memref<8x40xf32>, %v: f32) {
  scf.forall (%j) in (8) {
    %c0 = arith.constant 0 : index
    %a = memref.subview %o[%j, 0] [1, 40] [1, 1] : memref<8x40xf32> to memref<40xf32, strided<[1], offset: ?>>
    %b = memref.subview %o[%j, 0] [1, 40] [1, 1] : memref<8x40xf32> to memref<40xf32, strided<[1], offset: ?>>
    memref.store %v, %a[%c0] : memref<40xf32, strided<[1], offset: ?>>
    %x = memref.load %a[%c0] : memref<40xf32, strided<[1], offset: ?>>
    memref.copy %a, %b : memref<40xf32, strided<[1], offset: ?>> to memref<40xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// Different offsets: a real copy, lowered to the block copy.
// CHECK-LABEL: func.func @shifted_copy
// CHECK:         scf.forall
// CHECK:           vector.load
// CHECK-NOT:     memref.copy
func.func @shifted_copy(%o: memref<8x40xf32>) {
  scf.forall (%j) in (7) {
    %c1 = arith.constant 1 : index
    %k = arith.addi %j, %c1 : index
    %a = memref.subview %o[%k, 0] [1, 40] [1, 1] : memref<8x40xf32> to memref<40xf32, strided<[1], offset: ?>>
    %b = memref.subview %o[%j, 0] [1, 40] [1, 1] : memref<8x40xf32> to memref<40xf32, strided<[1], offset: ?>>
    memref.copy %a, %b : memref<40xf32, strided<[1], offset: ?>> to memref<40xf32, strided<[1], offset: ?>>
  }
  return
}

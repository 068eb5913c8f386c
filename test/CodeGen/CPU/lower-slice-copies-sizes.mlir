// gather-lower-slice-copies on tables with a static size 0 next to a dynamic
// one, and on sizes whose byte counts overflow 64 bits.
// RUN: gather-opt %s --gather-lower-slice-copies --split-input-file | FileCheck %s

// A size-0 dimension with a dynamic one (the bufferized gather of
// tensor<?x0x2xf32> on axis 1): the flat view is dynamic (a static 0 would
// make memref.collapse_shape invalid).
// CHECK-LABEL: func.func @zero_after_dynamic
// CHECK:         memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : memref<?x0x2xf32> into memref<?xf32>
// CHECK:         memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : memref<?x3x2xf32> into memref<?xf32>
// CHECK:         scf.forall
// CHECK-NOT:       memref.copy
// CHECK:         return
func.func @zero_after_dynamic(%d: memref<?x0x2xf32>, %i: memref<3xi64>, %o: memref<?x3x2xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %d, %c0 : memref<?x0x2xf32>
  scf.forall (%p, %j) in (%n, 3) {
    %raw = memref.load %i[%j] : memref<3xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%p, %k, 0] [1, 1, 2] [1, 1, 1] : memref<?x0x2xf32> to memref<2xf32, strided<[1], offset: ?>>
    %dst = memref.subview %o[%p, %j, 0] [1, 1, 2] [1, 1, 1] : memref<?x3x2xf32> to memref<2xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<2xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// A static shape with a size 0 collapses to the static size 0.
// CHECK-LABEL: func.func @zero_static
// CHECK:         memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : memref<4x0x2xf32> into memref<0xf32>
// CHECK-NOT:     memref.copy
func.func @zero_static(%d: memref<4x0x2xf32>, %i: memref<3xi64>, %o: memref<4x3x2xf32>) {
  scf.forall (%p, %j) in (4, 3) {
    %raw = memref.load %i[%j] : memref<3xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%p, %k, 0] [1, 1, 2] [1, 1, 1] : memref<4x0x2xf32> to memref<2xf32, strided<[1], offset: ?>>
    %dst = memref.subview %o[%p, %j, 0] [1, 1, 2] [1, 1, 1] : memref<4x3x2xf32> to memref<2xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<2xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// 2^61 x 2 floats: the element count fits in 64 bits, the byte count does
// not. Such a table cannot exist; the copy is left alone.
// CHECK-LABEL: func.func @bytes_overflow
// CHECK-NOT:     memref.collapse_shape
// CHECK:         memref.copy
func.func @bytes_overflow(%d: memref<2305843009213693952x2xf32>, %i: memref<3xi64>, %o: memref<3x2xf32>) {
  scf.forall (%j) in (3) {
    %raw = memref.load %i[%j] : memref<3xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 2] [1, 1] : memref<2305843009213693952x2xf32> to memref<2xf32, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 2] [1, 1] : memref<3x2xf32> to memref<2xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<2xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// The element count itself overflows (2^62 x 4): left alone too.
// CHECK-LABEL: func.func @elements_overflow
// CHECK-NOT:     memref.collapse_shape
// CHECK:         memref.copy
func.func @elements_overflow(%d: memref<4611686018427387904x4xi8>, %i: memref<3xi64>, %o: memref<3x4xi8>) {
  scf.forall (%j) in (3) {
    %raw = memref.load %i[%j] : memref<3xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 4] [1, 1] : memref<4611686018427387904x4xi8> to memref<4xi8, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 4] [1, 1] : memref<3x4xi8> to memref<4xi8, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<4xi8, strided<[1], offset: ?>> to memref<4xi8, strided<[1], offset: ?>>
  }
  return
}

// -----

// A table just below the limit ((2^60 - 1) x 2 floats, 2^63 - 8 bytes) is
// lowered, and prefetched: it is far from cache resident.
// CHECK-LABEL: func.func @largest
// CHECK:         memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<1152921504606846975x2xf32> into memref<2305843009213693950xf32>
// CHECK:         memref.prefetch
// CHECK-NOT:     memref.copy
func.func @largest(%d: memref<1152921504606846975x2xf32>, %i: memref<3xi64>, %o: memref<3x2xf32>) {
  scf.forall (%j) in (3) {
    %raw = memref.load %i[%j] : memref<3xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 2] [1, 1] : memref<1152921504606846975x2xf32> to memref<2xf32, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 2] [1, 1] : memref<3x2xf32> to memref<2xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<2xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
  }
  return
}

// gather-prefetch-rows on tables whose byte sizes overflow 64 bits: the sizes
// are computed with overflow checks (a wrapped product made such a table
// look cache resident, and was undefined behaviour in the compiler).
// RUN: gather-opt %s --gather-prefetch-rows --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-prefetch-rows=prefetch-distance=0 --split-input-file | FileCheck %s --check-prefix=OFF

// OFF-NOT: memref.prefetch

// 2^57 rows of 16 floats: 2^63 bytes, one more than fits. Far from cache
// resident, so the rows are prefetched.
// CHECK-LABEL: func.func @bytes_overflow
// CHECK:         affine.for
// CHECK:           memref.prefetch %{{.*}} : memref<144115188075855872x16xf32>
func.func @bytes_overflow(%d: memref<144115188075855872x16xf32>, %p: memref<1024xindex>, %o: memref<8x1024xf32>) {
  affine.for %r = 0 to 8 {
    affine.for %j = 0 to 1024 {
      %k = affine.load %p[%j] : memref<1024xindex>
      %v = memref.load %d[%r, %k] : memref<144115188075855872x16xf32>
      affine.store %v, %o[%r, %j] : memref<8x1024xf32>
    }
  }
  return
}

// -----

// 2^61 x 2 floats (the issue's shape): rows of 8 bytes are shorter than a
// cache line and get no prefetch, without overflowing on the table size.
// CHECK-LABEL: func.func @short_rows
// CHECK-NOT:     memref.prefetch
// CHECK:         return
func.func @short_rows(%d: memref<2305843009213693952x2xf32>, %p: memref<2xindex>, %o: memref<8x2xf32>) {
  affine.for %r = 0 to 8 {
    affine.for %j = 0 to 2 {
      %k = affine.load %p[%j] : memref<2xindex>
      %v = memref.load %d[%r, %k] : memref<2305843009213693952x2xf32>
      affine.store %v, %o[%r, %j] : memref<8x2xf32>
    }
  }
  return
}

// -----

// A row whose byte size overflows (2 x 2^62 floats) is long enough.
// CHECK-LABEL: func.func @row_overflow
// CHECK:         memref.prefetch
func.func @row_overflow(%d: memref<2x4611686018427387904xf32>, %p: memref<2xindex>, %o: memref<2x2xf32>) {
  affine.for %r = 0 to 2 {
    affine.for %j = 0 to 2 {
      %k = affine.load %p[%j] : memref<2xindex>
      %v = memref.load %d[%r, %k] : memref<2x4611686018427387904xf32>
      affine.store %v, %o[%r, %j] : memref<2x2xf32>
    }
  }
  return
}

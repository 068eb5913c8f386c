// gather-prefetch-rows on the affine loop form of per-element gathers.
// RUN: gather-opt %s --gather-prefetch-rows --split-input-file | FileCheck %s

// The row loop prefetches row r + 4 (clamped to the last row), one prefetch
// per 64-byte line of the row.
// CHECK-LABEL: func.func @rows
// CHECK-SAME:    (%[[D:.*]]: memref<?x4096xf32>, %[[P:.*]]: memref<1024xindex>, %[[O:.*]]: memref<?x1024xf32>)
// CHECK:         %[[N:.*]] = memref.dim %[[D]], %c0
// CHECK:         affine.for %[[R:.*]] = 0 to %[[N]] {
// CHECK:           %[[LAST:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK:           %[[NEXT:.*]] = arith.addi %[[R]], %{{.*}} : index
// CHECK:           %[[AHEAD:.*]] = arith.minsi %[[NEXT]], %[[LAST]] : index
// CHECK:           %[[WIDTH:.*]] = memref.dim %[[D]], %{{.*}}
// CHECK:           %[[LIMIT:.*]] = arith.minui %[[WIDTH]], %{{.*}} : index
// CHECK:           scf.for %[[C:.*]] = %{{.*}} to %[[LIMIT]] step %{{.*}} {
// CHECK-NEXT:        memref.prefetch %[[D]][%[[AHEAD]], %[[C]]], read, locality<3>, data : memref<?x4096xf32>
// CHECK:           affine.for %[[J:.*]] = 0 to 1024 {
// CHECK-NEXT:        %[[K:.*]] = affine.load %[[P]][%[[J]]]
// CHECK-NEXT:        memref.load %[[D]][%[[R]], %[[K]]]
func.func @rows(%d: memref<?x4096xf32>, %p: memref<1024xindex>, %o: memref<?x1024xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %d, %c0 : memref<?x4096xf32>
  affine.for %r = 0 to %n {
    affine.for %j = 0 to 1024 {
      %k = affine.load %p[%j] : memref<1024xindex>
      %v = memref.load %d[%r, %k] : memref<?x4096xf32>
      affine.store %v, %o[%r, %j] : memref<?x1024xf32>
    }
  }
  return
}

// -----

// Left alone: a table of 16 KiB stays in the caches; rows of 8 bytes are
// shorter than a line; a load whose last index is a loop variable is not a
// gathered read.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     memref.prefetch
// CHECK:         return
func.func @left_alone(%small: memref<64x64xf32>, %narrow: memref<1000000x2xf32>, %big: memref<?x4096xf32>,
                      %p: memref<16xindex>, %o: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  affine.for %r = 0 to 64 {
    affine.for %j = 0 to 16 {
      %k = affine.load %p[%j] : memref<16xindex>
      %v = memref.load %small[%r, %k] : memref<64x64xf32>
      %w = memref.load %narrow[%r, %k] : memref<1000000x2xf32>
      %x = memref.load %big[%r, %j] : memref<?x4096xf32>
      %s = arith.addf %v, %w : f32
      %t = arith.addf %s, %x : f32
      affine.store %t, %o[%r, %j] : memref<64x16xf32>
    }
  }
  return
}

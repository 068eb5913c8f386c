// gather-lower-element-loops on the bufferized element and inner-axis forms.
// RUN: gather-opt %s --gather-lower-element-loops --canonicalize --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-lower-element-loops="parallel=true parallel-chunks=4" --canonicalize --split-input-file | FileCheck %s --check-prefix=PAR
// RUN: gather-opt %s --gather-lower-element-loops="prefetch-distance=0 row-prefetch-distance=0 unroll=1" --canonicalize --split-input-file | FileCheck %s --check-prefix=PLAIN

#map = affine_map<(d0) -> (d0)>
// The element form on a 64 MiB table: the element of index i + 96 (its
// position clamped into the table) is prefetched with locality 0 in a loop
// over the first 1024 - 96 elements, unrolled by 8; the last 96 run in a
// second loop without the prefetch.
// CHECK-LABEL: func.func @element
// CHECK-SAME:    (%[[D:.*]]: memref<16777216xf32>, %[[I:.*]]: memref<1024xi64>, %[[O:.*]]: memref<1024xf32>)
// CHECK:         scf.for %[[J:.*]] = %c0 to %c928 step %c8 {
// CHECK:           %[[AHEAD:.*]] = arith.addi %[[J]], %c96
// CHECK:           %[[RAW:.*]] = memref.load %[[I]][%[[AHEAD]]]
// CHECK:           %[[K:.*]] = arith.index_cast %[[RAW]]
// CHECK:           %[[W:.*]] = arith.select %{{.*}}, %{{.*}}, %[[K]]
// CHECK:           %[[P:.*]] = arith.minui %[[W]], %c16777215
// CHECK:           memref.prefetch %[[D]][%[[P]]], read, locality<0>, data
// CHECK:           memref.load %[[I]][%[[J]]]
// CHECK:           memref.load %[[D]]
// CHECK:           memref.store
// CHECK-COUNT-7:   memref.prefetch
// CHECK-NOT:       memref.prefetch
// CHECK:         }
// CHECK:         scf.for %[[T:.*]] = %c928 to %c1024 step %c1 {
// CHECK-NOT:       memref.prefetch
// CHECK:           memref.load %[[I]][%[[T]]]
// CHECK:           memref.load %[[D]]
// CHECK:           memref.store
// CHECK:         }
// CHECK-NOT:     linalg.generic
// The output is 4 KiB, below the parallel threshold: no parallel loop.
// PAR-LABEL:     func.func @element
// PAR-NOT:         scf.parallel
// PAR:             return
// PLAIN-LABEL:   func.func @element
// PLAIN:           scf.for %{{.*}} = %c0 to %c1024 step %c1 {
// PLAIN-NOT:         memref.prefetch
// PLAIN:             memref.load
// PLAIN:             memref.load
// PLAIN:             memref.store
// PLAIN-NEXT:      }
func.func @element(%d: memref<16777216xf32>, %i: memref<1024xi64>, %o: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %s = arith.constant 16777216 : index
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%i : memref<1024xi64>) outs(%o : memref<1024xf32>) attrs = {gather.form = "element"} {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %neg = arith.cmpi slt, %k, %c0 : index
    %w = arith.addi %k, %s : index
    %p = arith.select %neg, %w, %k : index
    %v = memref.load %d[%p] : memref<16777216xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
// The inner-axis form on a [4096, 4096] table: at each unrolled step of 8
// outputs of row r, the share of row r + 2 (clamped to the last row) that
// these 8 of the 1024 outputs cover, 32 elements = 2 cache lines, is
// prefetched; so the row arrives across the loop, not in one burst.
// CHECK-LABEL: func.func @inner_axis
// CHECK-SAME:    (%[[D:.*]]: memref<4096x4096xf32>, %[[P:.*]]: memref<1024xindex>, %[[O:.*]]: memref<4096x1024xf32>)
// CHECK:         scf.for %[[R:.*]] = %c0 to %c4096 step %c1 {
// CHECK:           %[[NEXT:.*]] = arith.addi %[[R]], %c2
// CHECK:           %[[AHEAD:.*]] = arith.minsi %[[NEXT]], %c4095
// CHECK:           scf.for %[[J:.*]] = %c0 to %c1024 step %c8 {
// CHECK:             %[[SCALED:.*]] = arith.muli %[[J]], %c4096
// CHECK:             %[[COL:.*]] = arith.divui %[[SCALED]], %c1024
// CHECK:             scf.for %[[L:.*]] = %c0 to %c2 step %c1 {
// CHECK:               %[[OFF:.*]] = arith.muli %[[L]], %c16
// CHECK:               %[[AT:.*]] = arith.addi %[[COL]], %[[OFF]]
// CHECK:               %[[CL:.*]] = arith.minui %[[AT]], %c4095
// CHECK:               memref.prefetch %[[D]][%[[AHEAD]], %[[CL]]], read, locality<3>, data
// CHECK:             }
// CHECK-COUNT-8:     memref.load %[[D]][%[[R]], %{{.*}}]
// CHECK:           }
// CHECK:         }
// 16 MiB of output: 4 chunks of 1024 rows in an scf.parallel, a sequential
// copy for the (here impossible) small case.
// PAR-LABEL:     func.func @inner_axis
// PAR:             scf.parallel (%[[C:.*]]) = (%c0) to (%c4) step (%c1) {
// PAR:               %[[LO:.*]] = arith.muli %[[C]], %c1024
// PAR:               %[[END:.*]] = arith.addi %[[LO]], %c1024
// PAR:               %[[HI:.*]] = arith.minui %[[END]], %c4096
// PAR:               scf.for %{{.*}} = %[[LO]] to %[[HI]] step %c1 {
// PAR:                 memref.prefetch
func.func @inner_axis(%d: memref<4096x4096xf32>, %p: memref<1024xindex>, %o: memref<4096x1024xf32>) {
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%p : memref<1024xindex>) outs(%o : memref<4096x1024xf32>) attrs = {gather.form = "inner-axis"} {
  ^bb0(%in: index, %out: f32):
    %r = linalg.index 0 : index
    %v = memref.load %d[%r, %in] : memref<4096x4096xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
// Unmarked generics (the generic strategy) are left alone.
// CHECK-LABEL: func.func @unmarked
// CHECK:         linalg.generic
// CHECK-NOT:     memref.prefetch
func.func @unmarked(%d: memref<16777216xf32>, %i: memref<1024xindex>, %o: memref<1024xf32>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%i : memref<1024xindex>) outs(%o : memref<1024xf32>) {
  ^bb0(%in: index, %out: f32):
    %v = memref.load %d[%in] : memref<16777216xf32>
    linalg.yield %v : f32
  }
  return
}

// gather-lower-slice-copies on hand-written loop forms: which copies become
// block copies, and what the block copy looks like.
// RUN: gather-opt %s --gather-lower-slice-copies=target-cpu=znver5 --canonicalize --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-lower-slice-copies="target-cpu=znver5 prefetch-distance=0 nontemporal-threshold=-1" --canonicalize --split-input-file | FileCheck %s --check-prefix=PLAIN
// RUN: gather-opt %s --gather-lower-slice-copies="target-cpu=znver5 clamp-prefetch=true" --canonicalize --split-input-file | FileCheck %s --check-prefix=CLAMP
// The prefetch distance comes from the target: 8 iterations without AVX-512.
// So does the locality of the prefetch: 0 (`prefetchnta`) on AMD parts
// without AVX-512, 3 on the others (Intel parts with or without AVX-512).
// RUN: gather-opt %s --gather-lower-slice-copies=target-cpu=znver3 --canonicalize --split-input-file | FileCheck %s --check-prefixes=ZNVER3,NTA
// RUN: gather-opt %s --gather-lower-slice-copies=target-cpu=x86-64-v3 --canonicalize --split-input-file | FileCheck %s --check-prefixes=ZNVER3,T0
// RUN: gather-opt %s --gather-lower-slice-copies=target-cpu=alderlake --canonicalize --split-input-file | FileCheck %s --check-prefixes=ZNVER3,T0
// RUN: gather-opt %s --gather-lower-slice-copies=target-cpu=emeraldrapids --canonicalize --split-input-file | FileCheck %s --check-prefix=T0

// ZNVER3-LABEL: func.func @rows
// ZNVER3:         memref.load
// ZNVER3:         %[[LAST:.*]] = arith.subi %{{.*}}, %c1
// ZNVER3-NEXT:    %[[NEXT:.*]] = arith.addi %{{.*}}, %c8
// ZNVER3-NEXT:    arith.minsi %[[NEXT]], %[[LAST]]
// NTA:            memref.prefetch {{.*}} locality<0>
// NTA-NOT:        locality<3>
// T0:             memref.prefetch {{.*}} locality<3>
// T0-NOT:         locality<0>

// With clamp-prefetch, the prefetched row start is clamped so that the whole
// row lies in the table.
// CLAMP-LABEL: func.func @rows
// CLAMP-DAG:     %[[SRC:.*]] = memref.collapse_shape
// CLAMP-DAG:     %[[TOTAL:.*]] = memref.dim %[[SRC]], %c0
// CLAMP-DAG:     %[[ROOM:.*]] = arith.subi %[[TOTAL]], %c40
// CLAMP-DAG:     %[[LASTSTART:.*]] = arith.maxsi %[[ROOM]], %c0
// CLAMP:         scf.forall
// CLAMP:           arith.minsi
// CLAMP:           %[[PF:.*]] = arith.muli %{{.*}}, %c40
// CLAMP:           %[[CLAMPED:.*]] = arith.minui %[[PF]], %[[LASTSTART]]
// CLAMP:           scf.for %[[L:.*]] = %c0 to %c40 step %c16 {
// CLAMP:             %[[AT:.*]] = arith.addi %[[CLAMPED]], %[[L]]
// CLAMP:             memref.prefetch %[[SRC]][%[[AT]]]

// The gather loop form: index load, slice of the table, slice of the output.
// CHECK-LABEL: func.func @rows
// CHECK-SAME:    (%[[D:.*]]: memref<?x40xf32>, %[[I:.*]]: memref<?xi64>, %[[O:.*]]: memref<?x40xf32>)
// CHECK-DAG:     %[[N:.*]] = memref.dim %[[I]], %c0
// CHECK-DAG:     %[[SRC:.*]] = memref.collapse_shape %[[D]] {{\[\[}}0, 1]] : memref<?x40xf32> into memref<?xf32>
// CHECK-DAG:     %[[DST:.*]] = memref.collapse_shape %[[O]] {{\[\[}}0, 1]] : memref<?x40xf32> into memref<?xf32>
// The whole gather writes 160 bytes per index; non-temporal from 1 MiB on.
// CHECK-DAG:     %[[BYTES:.*]] = arith.muli %[[N]], %c160 : index
// CHECK-DAG:     %[[BIG:.*]] = arith.cmpi uge, %[[BYTES]], %c1048576 : index
// The table (of a run-time size) is prefetched only when it holds 1 MiB.
// CHECK-DAG:     %[[TABLE:.*]] = arith.muli %{{.*}}, %c160 : index
// CHECK-DAG:     %[[LARGE:.*]] = arith.cmpi uge, %[[TABLE]], %c1048576 : index
// The choice is made once per gather: one version of the loop for large
// gathers or large tables, with the non-temporal stores and the prefetch
// each behind its test, one without either.
// CHECK:         %[[STREAMS:.*]] = arith.ori %[[BIG]], %[[LARGE]] : i1
// CHECK:         scf.if %[[STREAMS]] {
// CHECK:           %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[DST]]
// CHECK:         scf.forall (%[[J:.*]]) in (%[[N]]) {
// CHECK:           %[[RAW:.*]] = memref.load %[[I]][%[[J]]]
// CHECK:           %[[K:.*]] = arith.index_cast %[[RAW]]
// CHECK:           scf.if %{{.*}} {
// The iteration 16 steps ahead (znver5's distance; 8 without AVX-512),
// clamped to the last one, is prefetched: its
// index is loaded again (the row start is not clamped into the table: a
// prefetch never faults).
// CHECK:           %[[LAST:.*]] = arith.subi %[[N]], %c1
// CHECK:           %[[NEXT:.*]] = arith.addi %[[J]], %c16
// CHECK:           %[[AHEAD:.*]] = arith.minsi %[[NEXT]], %[[LAST]]
// CHECK:           %[[RAW2:.*]] = memref.load %[[I]][%[[AHEAD]]]
// CHECK:           %[[K2:.*]] = arith.index_cast %[[RAW2]]
// CHECK:           %[[PF:.*]] = arith.muli %[[K2]], %c40
// CHECK-NOT:       arith.minui
// CHECK:           scf.for %[[L:.*]] = %c0 to %c40 step %c16 {
// CHECK:             %[[AT:.*]] = arith.addi %[[PF]], %[[L]]
// CHECK:             memref.prefetch %[[SRC]][%[[AT]]], read, locality<3>, data : memref<?xf32>
// CHECK:           %[[FROM:.*]] = arith.muli %[[K]], %c40
// CHECK:           %[[TO:.*]] = arith.muli %[[J]], %c40
// The row: 2 vectors of 16 floats, non-temporal when the gather is big and
// the destination row 64-byte aligned, then a scalar tail of 8.
// CHECK:           %[[ROWBYTES:.*]] = arith.muli %[[J]], %c160
// CHECK:           %[[ADDR:.*]] = arith.addi %[[PTR]], %[[ROWBYTES]]
// CHECK:           %[[REM:.*]] = arith.remui %[[ADDR]], %c64
// CHECK:           %[[ALIGNED:.*]] = arith.cmpi eq, %[[REM]], %c0
// CHECK:           %[[STREAM:.*]] = arith.andi %[[BIG]], %[[ALIGNED]] : i1
// CHECK:           scf.if %[[STREAM]] {
// CHECK:             scf.for %[[E:.*]] = %c0 to %c32 step %c16 {
// CHECK:               %[[S:.*]] = arith.addi %[[FROM]], %[[E]]
// CHECK:               %[[T:.*]] = arith.addi %[[TO]], %[[E]]
// CHECK:               %[[V:.*]] = vector.load %[[SRC]][%[[S]]] : memref<?xf32>, vector<16xf32>
// CHECK:               vector.store %[[V]], %[[DST]][%[[T]]] {alignment = 64 : i64, nontemporal = true} : memref<?xf32>, vector<16xf32>
// CHECK:           } else {
// CHECK:             scf.for %{{.*}} = %c0 to %c32 step %c16 {
// CHECK:               vector.store %{{.*}}, %[[DST]][%{{.*}}] : memref<?xf32>, vector<16xf32>
// CHECK:           }
// CHECK:           scf.for %[[E:.*]] = %c32 to %c40 step %c1 {
// CHECK:             %[[S:.*]] = arith.addi %[[FROM]], %[[E]]
// CHECK:             %[[T:.*]] = arith.addi %[[TO]], %[[E]]
// CHECK:             %[[X:.*]] = memref.load %[[SRC]][%[[S]]]
// CHECK:             memref.store %[[X]], %[[DST]][%[[T]]]
// The version for small gathers from small tables: no alignment test, no
// non-temporal store, no prefetch.
// CHECK:         } else {
// CHECK:           scf.forall
// CHECK-NOT:         arith.remui
// CHECK-NOT:         nontemporal
// CHECK-NOT:         memref.prefetch
// CHECK:             scf.for %{{.*}} = %c0 to %c32 step %c16 {
// CHECK:               vector.store %{{.*}}, %[[DST]][%{{.*}}] : memref<?xf32>, vector<16xf32>
// CHECK:           } {gather.form = #gather.form<"block-copy">}
// CHECK-NOT:       memref.copy
// CHECK-NOT:       memref.subview

// PLAIN-LABEL: func.func @rows
// PLAIN-NOT:     memref.prefetch
// PLAIN-NOT:     nontemporal
// PLAIN:         vector.store
// PLAIN-NOT:     memref.copy
// PLAIN:         return
func.func @rows(%d: memref<?x40xf32>, %i: memref<?xi64>, %o: memref<?x40xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %i, %c0 : memref<?xi64>
  scf.forall (%j) in (%n) {
    %raw = memref.load %i[%j] : memref<?xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 40] [1, 1] : memref<?x40xf32> to memref<40xf32, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 40] [1, 1] : memref<?x40xf32> to memref<40xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<40xf32, strided<[1], offset: ?>> to memref<40xf32, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"block-copy">}
  return
}

// -----

// Whole dynamic trailing dimensions (sizes from memref.dim of the base) are
// contiguous too; f64 rows use 8-lane vectors.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK:         scf.forall
// CHECK:           vector.load %{{.*}} : memref<?xf64>, vector<8xf64>
// CHECK-NOT:       memref.copy
func.func @dynamic_rows(%d: memref<?x?xf64>, %i: memref<?xi32>, %o: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %i, %c0 : memref<?xi32>
  %w = memref.dim %d, %c1 : memref<?x?xf64>
  %wo = memref.dim %o, %c1 : memref<?x?xf64>
  scf.forall (%j) in (%n) {
    %raw = memref.load %i[%j] : memref<?xi32>
    %k = arith.index_cast %raw : i32 to index
    %src = memref.subview %d[%k, 0] [1, %w] [1, 1] : memref<?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, %wo] [1, 1] : memref<?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<?xf64, strided<[1], offset: ?>> to memref<?xf64, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"block-copy">}
  return
}

// -----

// A slice that takes part of the last dimension is one contiguous row: 16
// floats at 32 k of the table, 16 j of the output.
// CHECK-LABEL: func.func @partial_slice
// CHECK:           %[[FROM:.*]] = arith.muli %{{.*}}, %c32
// CHECK:           %[[TO:.*]] = arith.muli %{{.*}}, %c16
// CHECK:           vector.load %{{.*}}[%[[FROM]]] : memref<3200xf32>, vector<16xf32>
// CHECK-NOT:     memref.copy
func.func @partial_slice(%d: memref<100x32xf32>, %i: memref<?xi64>, %o: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %i, %c0 : memref<?xi64>
  scf.forall (%j) in (%n) {
    %raw = memref.load %i[%j] : memref<?xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 16] [1, 1] : memref<100x32xf32> to memref<16xf32, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 16] [1, 1] : memref<?x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"block-copy">}
  return
}

// -----

// i1 elements are not whole bytes: copied element by element (a vector of
// i1 would be bit-packed), no library call.
// CHECK-LABEL: func.func @bits
// CHECK-SAME:    (%[[B:.*]]: memref<10x8xi1>, %[[OB:.*]]: memref<?x8xi1>,
// CHECK-DAG:     %[[BF:.*]] = memref.collapse_shape %[[B]] {{\[\[}}0, 1]] : memref<10x8xi1> into memref<80xi1>
// CHECK-DAG:     %[[OBF:.*]] = memref.collapse_shape %[[OB]] {{\[\[}}0, 1]] : memref<?x8xi1> into memref<?xi1>
// CHECK:         scf.forall
// CHECK:           scf.for %[[E:.*]] = %c0 to %c8 step %c1 {
// CHECK:             %[[X:.*]] = memref.load %[[BF]][%{{.*}}] : memref<80xi1>
// CHECK:             memref.store %[[X]], %[[OBF]][%{{.*}}] : memref<?xi1>
// CHECK:           }
// CHECK-NOT:     memref.copy
// CHECK-NOT:     vector.load
func.func @bits(%b: memref<10x8xi1>, %ob: memref<?x8xi1>, %i: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %i, %c0 : memref<?xi64>
  scf.forall (%j) in (%n) {
    %raw = memref.load %i[%j] : memref<?xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %b[%k, 0] [1, 8] [1, 1] : memref<10x8xi1> to memref<8xi1, strided<[1], offset: ?>>
    %dst = memref.subview %ob[%j, 0] [1, 8] [1, 1] : memref<?x8xi1> to memref<8xi1, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<8xi1, strided<[1], offset: ?>> to memref<8xi1, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"block-copy">}
  return
}

// -----

// A base with a strided layout (a tile, a padded table) is addressed through
// its strided metadata: row k starts at offset + 16 k of its base buffer.
// CHECK-LABEL: func.func @strided_base
// CHECK-SAME:    (%[[S:.*]]: memref<10x8xf32, strided<[16, 1], offset: ?>>
// CHECK:         %{{[^,]*}}, %[[OFF:[^,]*]], %{{.*}} = memref.extract_strided_metadata %[[S]]
// CHECK:         %[[FLAT:.*]] = memref.reinterpret_cast %[[S]] to offset: [0], sizes: [%{{.*}}], strides: [1]
// CHECK:         scf.forall
// CHECK:           %[[ROW:.*]] = arith.muli %{{.*}}, %c16
// CHECK:           %[[FROM:.*]] = arith.addi %[[OFF]], %[[ROW]]
// CHECK:           vector.maskedload %[[FLAT]][%[[FROM]]]
// CHECK-NOT:     memref.copy
func.func @strided_base(%s: memref<10x8xf32, strided<[16, 1], offset: ?>>, %os: memref<?x8xf32>,
                        %i: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %i, %c0 : memref<?xi64>
  scf.forall (%j) in (%n) {
    %raw = memref.load %i[%j] : memref<?xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %s[%k, 0] [1, 8] [1, 1] : memref<10x8xf32, strided<[16, 1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %os[%j, 0] [1, 8] [1, 1] : memref<?x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"inline-copy">}
  return
}

// -----

// Left alone: a copy outside an scf.forall, and a copy in an scf.forall
// that no gather lowering marked.
// CHECK-LABEL: func.func @left_alone
// CHECK:         scf.forall
// CHECK:           memref.copy
// CHECK:         memref.copy
// CHECK-NOT:     vector.load
func.func @left_alone(%s: memref<10x8xf32>, %os: memref<?x8xf32>, %i: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %i, %c0 : memref<?xi64>
  scf.forall (%j) in (%n) {
    %raw = memref.load %i[%j] : memref<?xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %s[%k, 0] [1, 8] [1, 1] : memref<10x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %dst = memref.subview %os[%j, 0] [1, 8] [1, 1] : memref<?x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>>
  }
  %src3 = memref.subview %s[%c0, 0] [1, 8] [1, 1] : memref<10x8xf32> to memref<8xf32, strided<[1], offset: ?>>
  %dst3 = memref.subview %os[%c0, 0] [1, 8] [1, 1] : memref<?x8xf32> to memref<8xf32, strided<[1], offset: ?>>
  memref.copy %src3, %dst3 : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>>
  return
}

// -----

// An offset computed with an op that has other side effects than reading
// (here a call) is not cloned: no prefetch, but the block copy is made.
// CHECK-LABEL: func.func @no_prefetch_through_call
// CHECK-NOT:     memref.prefetch
// CHECK:         vector.load
func.func private @pick(index) -> index
func.func @no_prefetch_through_call(%d: memref<100x32xf32>, %o: memref<?x32xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %o, %c0 : memref<?x32xf32>
  scf.forall (%j) in (%n) {
    %k = func.call @pick(%j) : (index) -> index
    %src = memref.subview %d[%k, 0] [1, 32] [1, 1] : memref<100x32xf32> to memref<32xf32, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 32] [1, 1] : memref<?x32xf32> to memref<32xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<32xf32, strided<[1], offset: ?>> to memref<32xf32, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"block-copy">}
  return
}

// -----

// A small static table (16 KiB) stays in the caches: no prefetch. A static
// gather of 160 bytes is far below the non-temporal threshold: plain stores
// only, and 40 elements of i8 are less than one 64-lane vector: only the
// scalar loop.
// CHECK-LABEL: func.func @small_static
// CHECK-NOT:     memref.prefetch
// CHECK-NOT:     nontemporal
// CHECK-NOT:     vector.load
// CHECK:         scf.for %{{.*}} = %c0 to %c40 step %c1
// CHECK:           memref.load
// CHECK:           memref.store
// CHECK:         return
func.func @small_static(%d: memref<400x40xi8>, %i: memref<4xi64>, %o: memref<4x40xi8>) {
  scf.forall (%j) in (4) {
    %raw = memref.load %i[%j] : memref<4xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 40] [1, 1] : memref<400x40xi8> to memref<40xi8, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 40] [1, 1] : memref<4x40xi8> to memref<40xi8, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<40xi8, strided<[1], offset: ?>> to memref<40xi8, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"block-copy">}
  return
}

// gather-lower-slice-copies on loops marked #gather.form<"inline-copy">: the
// slice is copied by straight-line vector copies with a masked tail (no
// loop, no library call), and narrow-element vectors are stored
// non-temporally as 32-bit lanes.
// RUN: gather-opt %s --gather-lower-slice-copies=target-cpu=znver5 --canonicalize --split-input-file | FileCheck %s

// A 64-byte f16 row in a table of 64 MiB: one vector<32xf16> per row, the
// row 64 iterations ahead prefetched; the non-temporal store goes through
// vector<16xi32> with 64-byte alignment (LLVM drops the hint of a
// vector<32xf16> store on CPUs without AVX512-FP16).
// CHECK-LABEL: func.func @short_f16_rows
// CHECK-SAME:    (%[[D:.*]]: memref<1048576x32xf16>, %[[I:.*]]: memref<1048576xi64>, %[[O:.*]]: memref<1048576x32xf16>)
// CHECK-DAG:     %[[SRC:.*]] = memref.collapse_shape %[[D]]
// CHECK-DAG:     %[[DST:.*]] = memref.collapse_shape %[[O]]
// CHECK-DAG:     %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[DST]]
// CHECK:         scf.forall (%[[J:.*]]) in (1048576) {
// CHECK:           %[[AHEAD:.*]] = arith.minsi %{{.*}}, %c1048575
// CHECK:           memref.load %[[I]][%[[AHEAD]]]
// CHECK:           memref.prefetch %[[SRC]]
// CHECK:           scf.if %{{.*}} {
// CHECK-NOT:         scf.for
// CHECK:             %[[V:.*]] = vector.load %[[SRC]][%{{.*}}] : memref<33554432xf16>, vector<32xf16>
// CHECK:             %[[W:.*]] = vector.bitcast %[[V]] : vector<32xf16> to vector<16xi32>
// CHECK:             %[[A:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK:             llvm.store %[[W]], %[[A]] {alignment = 64 : i64, nontemporal} : vector<16xi32>, !llvm.ptr
// CHECK:           } else {
// CHECK-NOT:         scf.for
// CHECK:             %[[V2:.*]] = vector.load %[[SRC]][%{{.*}}] : memref<33554432xf16>, vector<32xf16>
// CHECK:             vector.store %[[V2]], %[[DST]][%{{.*}}] : memref<33554432xf16>, vector<32xf16>
// CHECK:           }
// CHECK-NOT:       vector.maskedstore
// CHECK-NOT:       memref.copy
// CHECK:         } {gather.form = #gather.form<"inline-copy">}
func.func @short_f16_rows(%d: memref<1048576x32xf16>, %i: memref<1048576xi64>, %o: memref<1048576x32xf16>) {
  scf.forall (%j) in (1048576) {
    %raw = memref.load %i[%j] : memref<1048576xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 32] [1, 1] : memref<1048576x32xf16> to memref<32xf16, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 32] [1, 1] : memref<1048576x32xf16> to memref<32xf16, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<32xf16, strided<[1], offset: ?>> to memref<32xf16, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"inline-copy">}
  return
}

// -----

// A row of 37 f32 (small table, small output: no prefetch, plain stores):
// two whole vectors of 16, then the last 5 elements by one masked vector
// copy whose mask is lanes < 5 (folded to a constant).
// CHECK-LABEL: func.func @rows_with_tail
// CHECK:         %[[MASK:.*]] = arith.constant dense<[true, true, true, true, true, false, false, false, false, false, false, false, false, false, false, false]> : vector<16xi1>
// CHECK:         scf.forall
// CHECK-NOT:       memref.prefetch
// CHECK-NOT:       scf.for
// CHECK:           vector.load %{{.*}} : memref<3700xf32>, vector<16xf32>
// CHECK:           vector.store
// CHECK:           vector.load %{{.*}} : memref<3700xf32>, vector<16xf32>
// CHECK:           vector.store
// CHECK:           %[[T:.*]] = vector.maskedload %{{.*}}[%{{.*}}], %[[MASK]], %{{.*}} : memref<3700xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:           vector.maskedstore %{{.*}}[%{{.*}}], %[[MASK]], %[[T]] : memref<296xf32>, vector<16xi1>, vector<16xf32>
// CHECK-NOT:       memref.copy
func.func @rows_with_tail(%d: memref<100x37xf32>, %i: memref<8xi64>, %o: memref<8x37xf32>) {
  scf.forall (%j) in (8) {
    %raw = memref.load %i[%j] : memref<8xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 37] [1, 1] : memref<100x37xf32> to memref<37xf32, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 37] [1, 1] : memref<8x37xf32> to memref<37xf32, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<37xf32, strided<[1], offset: ?>> to memref<37xf32, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"inline-copy">}
  return
}

// -----

// A row of dynamic size: a loop of whole vectors, then the masked tail.
// CHECK-LABEL: func.func @dynamic_inline
// CHECK:         scf.forall
// CHECK:           scf.for
// CHECK:             vector.load %{{.*}} : memref<?xf64>, vector<8xf64>
// CHECK:             vector.store
// CHECK:           vector.maskedload
// CHECK:           vector.maskedstore
func.func @dynamic_inline(%d: memref<?x?xf64>, %i: memref<?xi32>, %o: memref<?x?xf64>) {
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
  } {gather.form = #gather.form<"inline-copy">}
  return
}

// -----

// i1 elements are not whole bytes and complex numbers make no vectors: the
// inline form copies them element by element, with no library call.
// CHECK-LABEL: func.func @bits
// CHECK:         scf.forall
// CHECK:           scf.for %{{.*}} = %c0 to %c37 step %c1 {
// CHECK:             memref.load %{{.*}} : memref<3700xi1>
// CHECK:             memref.store %{{.*}} : memref<296xi1>
// CHECK-NOT:     memref.copy
// CHECK-NOT:     vector.
func.func @bits(%d: memref<100x37xi1>, %i: memref<8xi64>, %o: memref<8x37xi1>) {
  scf.forall (%j) in (8) {
    %raw = memref.load %i[%j] : memref<8xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 37] [1, 1] : memref<100x37xi1> to memref<37xi1, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 37] [1, 1] : memref<8x37xi1> to memref<37xi1, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<37xi1, strided<[1], offset: ?>> to memref<37xi1, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"inline-copy">}
  return
}

// -----

// CHECK-LABEL: func.func @complex
// CHECK:         scf.forall
// CHECK:           memref.prefetch
// CHECK:           scf.for %{{.*}} = %c0 to %c3 step %c1 {
// CHECK:             %[[X:.*]] = memref.load %{{.*}} : memref<300000xcomplex<f32>>
// CHECK:             memref.store %[[X]], %{{.*}} : memref<24xcomplex<f32>>
// CHECK-NOT:     memref.copy
// CHECK-NOT:     vector.
func.func @complex(%d: memref<100000x3xcomplex<f32>>, %i: memref<8xi64>, %o: memref<8x3xcomplex<f32>>) {
  scf.forall (%j) in (8) {
    %raw = memref.load %i[%j] : memref<8xi64>
    %k = arith.index_cast %raw : i64 to index
    %src = memref.subview %d[%k, 0] [1, 3] [1, 1] : memref<100000x3xcomplex<f32>> to memref<3xcomplex<f32>, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 3] [1, 1] : memref<8x3xcomplex<f32>> to memref<3xcomplex<f32>, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<3xcomplex<f32>, strided<[1], offset: ?>> to memref<3xcomplex<f32>, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"inline-copy">}
  return
}

// -----

// The same 64-byte rows with the wrap of negative indices (signed ids): the
// loop runs in steps of 16. A step whose 16 rows and the 16 it prefetches
// (64 ahead) lie within the loop loads those 32 indices as two vectors; if
// none is negative it copies its rows without the wraps and without the
// clamp of the position ahead, else as before. The last steps copy the
// rows left as before.
// CHECK-LABEL: func.func @short_rows_wrapped
// CHECK-SAME:    (%[[D:.*]]: memref<1048576x32xf16>, %[[I:.*]]: memref<1048576xi64>, %[[O:.*]]: memref<1048576x32xf16>)
// CHECK:         scf.forall (%[[J:.*]]) = (0) to (1048576) step (16) {
// CHECK:           %[[END:.*]] = arith.addi %[[J]], %c80
// CHECK:           %[[WHOLE:.*]] = arith.cmpi ule, %[[END]], %c1048576
// CHECK:           scf.if %[[WHOLE]] {
// CHECK:             %[[OWN:.*]] = vector.load %[[I]][%[[J]]] : memref<1048576xi64>, vector<16xi64>
// CHECK:             %[[AT:.*]] = arith.addi %[[J]], %c64
// CHECK:             %[[AHEAD:.*]] = vector.load %[[I]][%[[AT]]] : memref<1048576xi64>, vector<16xi64>
// CHECK:             %[[ANY:.*]] = arith.ori %[[OWN]], %[[AHEAD]]
// CHECK:             %[[NEG:.*]] = arith.cmpi slt, %[[ANY]], %{{.*}} : vector<16xi64>
// CHECK:             %[[SOME:.*]] = vector.reduction <or>, %[[NEG]]
// CHECK:             scf.if %[[SOME]] {
// CHECK:               scf.for %[[L:.*]] = %c0 to %c16 step %c1 {
// CHECK:                 arith.minsi
// CHECK:                 arith.select
// CHECK:                 memref.prefetch
// CHECK:               } {loop_annotation = #{{.*}}}
// CHECK:             } else {
// CHECK:               scf.for %[[L2:.*]] = %c0 to %c16 step %c1 {
// CHECK-NOT:             arith.minsi
// CHECK-NOT:             arith.select
// CHECK:                 %[[P:.*]] = arith.addi %[[J]], %[[L2]]
// CHECK:                 %[[PA:.*]] = arith.addi %[[P]], %c64
// CHECK:                 memref.load %[[I]][%[[PA]]]
// CHECK-NOT:             arith.select
// CHECK:                 memref.prefetch
// CHECK-NOT:             arith.select
// CHECK:               } {loop_annotation = #{{.*}}}
// CHECK:             }
// CHECK:           } else {
// CHECK:             %[[LEFT:.*]] = arith.subi %c1048576, %[[J]]
// CHECK:             %[[COUNT:.*]] = arith.minsi %[[LEFT]], %c16
// CHECK:             scf.for %{{.*}} = %c0 to %[[COUNT]] step %c1 {
// CHECK:               arith.minsi
// CHECK:               arith.select
// CHECK:             }
// CHECK:           }
// CHECK:         } {gather.form = #gather.form<"inline-copy">}
func.func @short_rows_wrapped(%d: memref<1048576x32xf16>, %i: memref<1048576xi64>, %o: memref<1048576x32xf16>) {
  %c0 = arith.constant 0 : index
  %s = arith.constant 1048576 : index
  scf.forall (%j) in (1048576) {
    %raw = memref.load %i[%j] : memref<1048576xi64>
    %x = arith.index_cast %raw : i64 to index
    %neg = arith.cmpi slt, %x, %c0 : index
    %w = arith.addi %x, %s : index
    %k = arith.select %neg, %w, %x : index
    %src = memref.subview %d[%k, 0] [1, 32] [1, 1] : memref<1048576x32xf16> to memref<32xf16, strided<[1], offset: ?>>
    %dst = memref.subview %o[%j, 0] [1, 32] [1, 1] : memref<1048576x32xf16> to memref<32xf16, strided<[1], offset: ?>>
    memref.copy %src, %dst : memref<32xf16, strided<[1], offset: ?>> to memref<32xf16, strided<[1], offset: ?>>
  } {gather.form = #gather.form<"inline-copy">}
  return
}

// gather-lower-element-loops on the bufferized element and inner-axis forms.
// RUN: gather-opt %s --gather-lower-element-loops=target-cpu=znver5 --canonicalize --split-input-file | FileCheck %s
// The locality of the element prefetch comes from the target: 0
// (`prefetchnta`) on AMD parts, 3 on the others; `locality` overrides it.
// RUN: gather-opt %s --gather-lower-element-loops=target-cpu=znver3 --canonicalize --split-input-file | FileCheck %s --check-prefix=NTA
// RUN: gather-opt %s --gather-lower-element-loops=target-cpu=emeraldrapids --canonicalize --split-input-file | FileCheck %s --check-prefix=T0
// RUN: gather-opt %s --gather-lower-element-loops=target-cpu=x86-64-v3 --canonicalize --split-input-file | FileCheck %s --check-prefix=T0
// RUN: gather-opt %s --gather-lower-element-loops="target-cpu=emeraldrapids locality=0" --canonicalize --split-input-file | FileCheck %s --check-prefix=NTA
// RUN: gather-opt %s --gather-lower-element-loops="target-cpu=znver5 parallel=true parallel-chunks=4" --canonicalize --split-input-file | FileCheck %s --check-prefix=PAR
// RUN: gather-opt %s --gather-lower-element-loops="target-cpu=znver5 prefetch-distance=0 row-prefetch-distance=0 unroll=1" --canonicalize --split-input-file | FileCheck %s --check-prefix=PLAIN
// RUN: gather-opt %s --gather-lower-element-loops="target-cpu=znver5 sign-check=false clamp-prefetch=true" --canonicalize --split-input-file | FileCheck %s --check-prefix=NOSIGN
// The inner-axis form's non-temporal vector stores of steps of 32 f32 are
// aligned to the target's vectors (64 bytes with AVX-512, 32 with AVX2);
// nontemporal-threshold=-1 keeps plain vector stores.
// RUN: gather-opt %s --gather-lower-element-loops="target-cpu=znver5 inner-unroll=32" --canonicalize --split-input-file | FileCheck %s --check-prefix=AVX512
// RUN: gather-opt %s --gather-lower-element-loops="target-cpu=znver3 inner-unroll=32" --canonicalize --split-input-file | FileCheck %s --check-prefix=AVX2
// RUN: gather-opt %s --gather-lower-element-loops="target-cpu=znver5 nontemporal-threshold=-1" --canonicalize --split-input-file | FileCheck %s --check-prefix=NONT

#map = affine_map<(d0) -> (d0)>
// The element form on a 64 MiB table: the element of index i + 96 is
// prefetched (not clamped into the table: a prefetch never faults) with
// locality 0 in a loop over the first 1024 - 96 elements, in steps of 16
// whose inner loop LLVM unrolls fully (the loop annotation); the last 96 run
// in a second loop without the prefetch. Each step of 16 first reads the 32
// indices it loads (its own 16 and the 16 it prefetches for) as two vectors:
// when none is negative, a copy of the step without the wrap runs.
// CHECK:       #[[UNROLL:.*]] = #llvm.loop_unroll<full = true>
// CHECK:       #[[FULL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// NTA-LABEL:   func.func @element
// NTA-COUNT-2:   memref.prefetch %{{.*}}, read, locality<0>, data
// NTA-NOT:       memref.prefetch
// NTA-LABEL:   func.func @inner_axis
// T0-LABEL:    func.func @element
// T0-COUNT-2:    memref.prefetch %{{.*}}, read, locality<3>, data
// T0-NOT:        memref.prefetch
// T0-LABEL:    func.func @inner_axis
// CHECK-LABEL: func.func @element
// CHECK-SAME:    (%[[D:.*]]: memref<16777216xf32>, %[[I:.*]]: memref<1024xi64>, %[[O:.*]]: memref<1024xf32>)
// CHECK-DAG:     %[[ZEROS:.*]] = arith.constant dense<0> : vector<16xi64>
// CHECK:         scf.for %[[J:.*]] = %c0 to %c928 step %c16 {
// CHECK:           %[[OWN:.*]] = vector.load %[[I]][%[[J]]] : memref<1024xi64>, vector<16xi64>
// CHECK:           %[[AHEAD8:.*]] = arith.addi %[[J]], %c96
// CHECK:           %[[NEXT:.*]] = vector.load %[[I]][%[[AHEAD8]]] : memref<1024xi64>, vector<16xi64>
// CHECK:           %[[ALL:.*]] = arith.ori %[[OWN]], %[[NEXT]]
// CHECK:           %[[NEG:.*]] = arith.cmpi slt, %[[ALL]], %[[ZEROS]] : vector<16xi64>
// CHECK:           %[[ANY:.*]] = vector.reduction <or>, %[[NEG]] : vector<16xi1> into i1
// CHECK:           scf.if %[[ANY]] {
// CHECK:             scf.for %[[L:.*]] = %c0 to %c16 step %c1 {
// CHECK:               %[[POS:.*]] = arith.addi %[[J]], %[[L]]
// CHECK:               %[[AHEAD:.*]] = arith.addi %[[POS]], %c96
// CHECK:               %[[RAW:.*]] = memref.load %[[I]][%[[AHEAD]]]
// CHECK:               %[[K:.*]] = arith.index_cast %[[RAW]]
// CHECK:               %[[W:.*]] = arith.select %{{.*}}, %{{.*}}, %[[K]]
// CHECK-NOT:           arith.minui
// CHECK:               memref.prefetch %[[D]][%[[W]]], read, locality<0>, data
// CHECK:               memref.load %[[I]][%[[POS]]]
// CHECK:               arith.select
// CHECK:               memref.load %[[D]]
// CHECK:               memref.store
// CHECK-NOT:           memref.prefetch
// CHECK:             } {loop_annotation = #[[FULL]]}
// CHECK:           } else {
// CHECK:             scf.for %[[L2:.*]] = %c0 to %c16 step %c1 {
// CHECK-NOT:           arith.select
// CHECK:               %[[POS2:.*]] = arith.addi %[[J]], %[[L2]]
// CHECK:               %[[AHEAD2:.*]] = arith.addi %[[POS2]], %c96
// CHECK:               %[[RAW2:.*]] = memref.load %[[I]][%[[AHEAD2]]]
// CHECK:               %[[K2:.*]] = arith.index_cast %[[RAW2]]
// CHECK:               memref.prefetch %[[D]][%[[K2]]], read, locality<0>, data
// CHECK:               %[[OWNRAW:.*]] = memref.load %[[I]][%[[POS2]]]
// CHECK:               %[[OWNK:.*]] = arith.index_cast %[[OWNRAW]]
// CHECK:               %[[V:.*]] = memref.load %[[D]][%[[OWNK]]]
// CHECK:               memref.store %[[V]], %[[O]][%[[POS2]]]
// CHECK-NOT:           arith.select
// CHECK:             } {loop_annotation = #[[FULL]]}
// CHECK:           }
// CHECK:         }
// CHECK:         scf.for %[[T:.*]] = %c928 to %c1024 step %c1 {
// CHECK-NOT:       memref.prefetch
// CHECK:           memref.load %[[I]][%[[T]]]
// CHECK:           arith.select
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
// PLAIN-NOT:         scf.if
// PLAIN:             memref.load
// PLAIN:             memref.load
// PLAIN:             memref.store
// PLAIN-NEXT:      }
// Without the sign check, one version of the step; with the prefetch clamp,
// the prefetched position clamped into the table.
// NOSIGN-LABEL:  func.func @element
// NOSIGN-NOT:      vector.load
// NOSIGN-NOT:      scf.if
// NOSIGN:          %[[W:.*]] = arith.select
// NOSIGN:          %[[P:.*]] = arith.minui %[[W]], %c16777215
// NOSIGN:          memref.prefetch %{{.*}}[%[[P]]]
// NOSIGN-NOT:      scf.if
// NOSIGN:          return
func.func @element(%d: memref<16777216xf32>, %i: memref<1024xi64>, %o: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %s = arith.constant 16777216 : index
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%i : memref<1024xi64>) outs(%o : memref<1024xf32>) attrs = {gather.form = #gather.form<element>} {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %neg = arith.cmpi slt, %k, %c0 : index
    %w = arith.addi %k, %s : index
    %p = arith.select %neg, %w, %k {gather.wrap} : index
    %v = memref.load %d[%p] : memref<16777216xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
// The inner-axis form on a [4096, 4096] table: at each step of 8 outputs
// of row r (an inner loop that LLVM unrolls fully), the share of row r + 1
// (clamped to the last row) that these 8 of the 1024 outputs cover, 32
// elements = 2 cache lines, is prefetched; so the row arrives across the
// loop, not in one burst.
// CHECK-LABEL: func.func @inner_axis
// CHECK-SAME:    (%[[D:.*]]: memref<4096x4096xf32>, %[[P:.*]]: memref<1024xindex>, %[[O:.*]]: memref<4096x1024xf32>)
// CHECK:         scf.for %[[R:.*]] = %c0 to %c4096 step %c1 {
// CHECK:           %[[NEXT:.*]] = arith.addi %[[R]], %c1
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
// CHECK:             %[[STEP:.*]] = scf.for %[[E:.*]] = %c0 to %c8 step %c1 iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<8xf32>) {
// CHECK:               %[[COLUMN:.*]] = arith.addi %[[J]], %[[E]]
// CHECK:               %[[POSITION:.*]] = memref.load %[[P]][%[[COLUMN]]]
// CHECK:               %[[V:.*]] = memref.load %[[D]][%[[R]], %[[POSITION]]]
// CHECK:               %[[NEXTACC:.*]] = vector.insert %[[V]], %[[ACC]] [%[[E]]] : f32 into vector<8xf32>
// CHECK:               scf.yield %[[NEXTACC]]
// CHECK:             } {loop_annotation = #{{.*}}}
// The 8 elements of the step are stored at once: non-temporally (16 MiB of
// output) where the step's address is a multiple of 32 bytes (the step's
// vector, narrower than the target's 64).
// CHECK:             %[[ROWSTART:.*]] = arith.muli %[[R]], %c1024
// CHECK:             %[[FLAT:.*]] = arith.addi %[[ROWSTART]], %[[J]]
// CHECK:             %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[O]]
// CHECK:             %[[BYTES:.*]] = arith.muli %[[FLAT]], %c4
// CHECK:             %[[ADDRESS:.*]] = arith.addi %[[BASE]], %[[BYTES]]
// CHECK:             %[[MIS:.*]] = arith.remui %[[ADDRESS]], %c32
// CHECK:             %[[ALIGNED:.*]] = arith.cmpi eq, %[[MIS]], %c0
// CHECK:             scf.if %[[ALIGNED]] {
// CHECK:               vector.store %[[STEP]], %[[O]][%[[R]], %[[J]]] {alignment = 32 : i64, nontemporal = true}
// CHECK:             } else {
// CHECK:               vector.store %[[STEP]], %[[O]][%[[R]], %[[J]]] :
// CHECK:             }
// CHECK:           }
// CHECK:         }
// 16 MiB of output: 4 chunks of 1024 rows in an scf.parallel, a sequential
// copy for the (here impossible) small case.
// AVX2-LABEL:    func.func @inner_axis
// AVX2:            %[[MIS:.*]] = arith.remui %{{.*}}, %c32
// AVX2:            vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : memref<4096x1024xf32>, vector<32xf32>
// AVX512-LABEL:  func.func @inner_axis
// AVX512:          %[[MIS:.*]] = arith.remui %{{.*}}, %c64
// AVX512:          vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<4096x1024xf32>, vector<32xf32>
// NONT-LABEL:    func.func @inner_axis
// NONT-NOT:        nontemporal
// NONT:            vector.store {{.*}} : memref<4096x1024xf32>, vector<8xf32>
// NONT-NOT:        nontemporal
// NONT-LABEL:    func.func @unmarked
// PAR-LABEL:     func.func @inner_axis
// PAR:             scf.parallel (%[[C:.*]]) = (%c0) to (%c4) step (%c1) {
// PAR:               %[[LO:.*]] = arith.muli %[[C]], %c1024
// PAR:               %[[END:.*]] = arith.addi %[[LO]], %c1024
// PAR:               %[[HI:.*]] = arith.minui %[[END]], %c4096
// PAR:               scf.for %{{.*}} = %[[LO]] to %[[HI]] step %c1 {
// PAR:                 memref.prefetch
func.func @inner_axis(%d: memref<4096x4096xf32>, %p: memref<1024xindex>, %o: memref<4096x1024xf32>) {
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%p : memref<1024xindex>) outs(%o : memref<4096x1024xf32>) attrs = {gather.form = #gather.form<"inner-axis">} {
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

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>
// Indices of rank 2 (a batch row each) and i32: the vectors read along the
// last dimension at the row's coordinate. A 4 KiB table gets no prefetch,
// so one vector of 16 covers the step.
// CHECK-LABEL: func.func @element_rows_i32
// CHECK-SAME:    (%[[D:.*]]: memref<1024xf32>, %[[I:.*]]: memref<4x64xi32>, %[[O:.*]]: memref<4x64xf32>)
// CHECK:         scf.for %[[R:.*]] = %c0 to %c4 step %c1 {
// CHECK:           scf.for %[[J:.*]] = %c0 to %c64 step %c16 {
// CHECK:             %[[V:.*]] = vector.load %[[I]][%[[R]], %[[J]]] : memref<4x64xi32>, vector<16xi32>
// CHECK-NOT:         vector.load
// CHECK:             arith.cmpi slt, %[[V]], %{{.*}} : vector<16xi32>
// CHECK:             vector.reduction <or>
// CHECK:             scf.if
// CHECK-NOT:         memref.prefetch
// CHECK:             } else {
// CHECK:               scf.for
// CHECK-NOT:             arith.select
// CHECK:               }
// CHECK:             }
func.func @element_rows_i32(%d: memref<1024xf32>, %i: memref<4x64xi32>, %o: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %s = arith.constant 1024 : index
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%i : memref<4x64xi32>) outs(%o : memref<4x64xf32>) attrs = {gather.form = #gather.form<element>} {
  ^bb0(%in: i32, %out: f32):
    %k = arith.index_cast %in : i32 to index
    %neg = arith.cmpi slt, %k, %c0 : index
    %w = arith.addi %k, %s : index
    %p = arith.select %neg, %w, %k {gather.wrap} : index
    %v = memref.load %d[%p] : memref<1024xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
// Unsigned indices have no wrap: nothing to skip, no check.
// CHECK-LABEL: func.func @element_unsigned
// CHECK-NOT:     vector.load
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @element_unsigned(%d: memref<1024xf32>, %i: memref<64xi64>, %o: memref<64xf32>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%i : memref<64xi64>) outs(%o : memref<64xf32>) attrs = {gather.form = #gather.form<element>} {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_castui %in : i64 to index
    %v = memref.load %d[%k] : memref<1024xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
// Indices read with a stride of 2 (a strided view): no contiguous vector to
// read, so the step keeps its wraps and gets no check.
// CHECK-LABEL: func.func @element_strided
// CHECK-NOT:     vector.load
// CHECK-NOT:     scf.if
// CHECK:         arith.select
// CHECK:         return
func.func @element_strided(%d: memref<1024xf32>, %i: memref<64xi64, strided<[2]>>, %o: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %s = arith.constant 1024 : index
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%i : memref<64xi64, strided<[2]>>) outs(%o : memref<64xf32>) attrs = {gather.form = #gather.form<element>} {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %neg = arith.cmpi slt, %k, %c0 : index
    %w = arith.addi %k, %s : index
    %p = arith.select %neg, %w, %k {gather.wrap} : index
    %v = memref.load %d[%p] : memref<1024xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
// An output of 16 KiB (below nontemporal-threshold): each step's vector is
// stored plainly, with no test of its address.
// CHECK-LABEL: func.func @inner_axis_small
// CHECK:         vector.insert
// CHECK-NOT:     extract_aligned_pointer
// CHECK:         vector.store %{{.*}} : memref<64x64xf32>, vector<8xf32>
// CHECK-NOT:     nontemporal
// CHECK:         return
func.func @inner_axis_small(%d: memref<64x128xf32>, %p: memref<64xindex>, %o: memref<64x64xf32>) {
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%p : memref<64xindex>) outs(%o : memref<64x64xf32>) attrs = {gather.form = #gather.form<"inner-axis">} {
  ^bb0(%in: index, %out: f32):
    %r = linalg.index 0 : index
    %v = memref.load %d[%r, %in] : memref<64x128xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
// f16 elements (narrower than 32 bits) keep their scalar stores.
// CHECK-LABEL: func.func @inner_axis_f16
// CHECK-NOT:     vector.insert
// CHECK:         memref.store %{{.*}} : memref<4096x1024xf16>
// CHECK-NOT:     vector.store
// CHECK:         return
func.func @inner_axis_f16(%d: memref<4096x4096xf16>, %p: memref<1024xindex>, %o: memref<4096x1024xf16>) {
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%p : memref<1024xindex>) outs(%o : memref<4096x1024xf16>) attrs = {gather.form = #gather.form<"inner-axis">} {
  ^bb0(%in: index, %out: f16):
    %r = linalg.index 0 : index
    %v = memref.load %d[%r, %in] : memref<4096x4096xf16>
    linalg.yield %v : f16
  }
  return
}

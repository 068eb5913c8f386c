// Slices whose length is known only at run time: the copy is chosen by the
// row's bytes, from the target's vector width. Rows of at most one vector
// take one prefetch, rows of at most four vectors a prefetch per cache line
// of the bound (no loop), longer rows the block copy (a vector loop and a
// tail). AVX-512 (znver5): 64 and 256 bytes, the short rows and the tail in
// masked vectors (one; four, of which the first, whole in a row longer
// than a vector, unmasked, and vector v masked by one compare of the row
// length with the lane numbers v * 16 + l). AVX2 (znver3): 32 and 256 bytes (the bound is
// at least 256 bytes: eight vectors), no masked
// moves: a row of at least a vector takes pairs of vectors, the one at its
// start and the one ending at its end, then the next pair inward only when
// the row is longer than the pairs so far (2, 4, 6 vectors); a row shorter
// than a vector two overlapping 4-, 2- or 1-lane vectors (only in the
// version for rows of at most one vector: the others know their rows
// longer). The block copy's tail is the vector ending at the row's end. The block copy's vector loop over a
// run-time length carries an unroll hint (count 4) for LLVM. The block copy
// beside the inline versions sits in an `scf.execute_region no_inline`
// marked `gather.outline` (compiled as a function of its own). The inline
// version for rows longer than a vector, where it does not stream (see
// @rows under NT), has a copy of its loop for a table whose row stride (here
// the row length) is a power of two, where the index shifts by the
// stride's logarithm instead of multiplying. With non-temporal stores (NT),
// the block copy has one more version, outlined, for a large gather whose
// rows are whole vectors and all start aligned (row length, destination
// pointer and row stride tested before the loop): non-temporal stores with
// no test per row, no tail, and a prefetch loop that LLVM does not unroll
// (count 1).
// RUN: gather-opt %s --gather-to-affine="bounds-check=none target-cpu=znver5 nontemporal-threshold=-1 hints=true" | FileCheck %s --check-prefixes=CHECK,AVX512
// RUN: gather-opt %s --gather-to-affine="bounds-check=none target-cpu=znver3 nontemporal-threshold=-1 hints=true" | FileCheck %s --check-prefixes=CHECK,AVX2
// RUN: gather-opt %s --gather-to-affine="bounds-check=none target-cpu=znver3 masked-tails=1 nontemporal-threshold=-1 hints=true" | FileCheck %s --check-prefixes=CHECK,MASKED2
// RUN: gather-opt %s --gather-to-affine="bounds-check=none target-cpu=znver3 hints=true" | FileCheck %s --check-prefix=NT

// NT: #[[UNROLLPF:.*]] = #llvm.loop_unroll<count = 1 : i32>
// NT: #[[UNROLL4:.*]] = #llvm.loop_unroll<count = 4 : i32>
// NT: #[[ANNPF:.*]] = #llvm.loop_annotation<unroll = #[[UNROLLPF]]>
// NT: #[[ANN4:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL4]]>
// CHECK: #[[UNROLL:.*]] = #llvm.loop_unroll<count = 4 : i32>
// CHECK: #[[ANN:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @rows
// AVX512-DAG:    %[[L16:.*]] = arith.constant dense<[16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]> : vector<16xi32>
// AVX512-DAG:    %[[L32:.*]] = arith.constant dense<[32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47]> : vector<16xi32>
// AVX512-DAG:    %[[L48:.*]] = arith.constant dense<[48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]> : vector<16xi32>
// AVX512:        %[[SHORT:.*]] = arith.cmpi ule, %{{.*}}, %c256 : index
// AVX2:          %[[SHORT:.*]] = arith.cmpi ule, %{{.*}}, %c256 : index
// MASKED2:       %[[SHORT:.*]] = arith.cmpi ule, %{{.*}}, %c256 : index
// CHECK:         scf.if %[[SHORT]] {
// AVX512:          %[[ONE:.*]] = arith.cmpi ule, %{{.*}}, %c64 : index
// AVX2:            %[[ONE:.*]] = arith.cmpi ule, %{{.*}}, %c32 : index
// MASKED2:         %[[ONE:.*]] = arith.cmpi ule, %{{.*}}, %c32 : index
// CHECK:           scf.if %[[ONE]] {
// CHECK-NOT:         math.cttz
// CHECK:             scf.forall
// CHECK:               %[[ROW:.*]] = arith.muli %{{.*}}, %[[S:.*]] : index
// CHECK-NEXT:          memref.prefetch %{{.*}}[%[[ROW]]]
// CHECK-NOT:           memref.prefetch
// CHECK-NOT:           scf.for
// AVX512:              vector.maskedstore
// AVX512-NOT:          vector.maskedstore
// MASKED2:             vector.maskedstore
// MASKED2-NOT:         vector.maskedstore
// AVX2-NOT:            vector.masked
// AVX2:                %[[HAS:.*]] = arith.cmpi uge, %[[N:.*]], %c8 : index
// AVX2-NEXT:           scf.if %[[HAS]] {
// AVX2-NEXT:             vector.load {{.*}} vector<8xf32>
// AVX2-NEXT:             vector.store {{.*}} vector<8xf32>
// AVX2-NEXT:           } else {
// AVX2-NEXT:             %[[FOUR:.*]] = arith.cmpi sge, %[[N]], %c4 : index
// AVX2-NEXT:             scf.if %[[FOUR]] {
// AVX2-COUNT-2:            vector.store {{.*}} vector<4xf32>
// AVX2:                  } else {
// AVX2:                    arith.cmpi sge, %[[N]], %c2 : index
// AVX2-COUNT-2:            vector.store {{.*}} vector<2xf32>
// AVX2:                    arith.cmpi sge, %[[N]], %c1 : index
// AVX2-NEXT:               scf.if
// AVX2-NEXT:                 vector.load {{.*}} vector<1xf32>
// AVX2-NEXT:                 vector.store {{.*}} vector<1xf32>
// AVX2-NEXT:               }
// AVX2-NOT:            vector.masked
// CHECK:             } {gather.form = #gather.form<"inline-copy">}
// CHECK-NOT:         math.cttz
// CHECK:           } else {
// CHECK:             %[[BELOW:.*]] = arith.subi %[[S]], %c1 : index
// CHECK-NEXT:        %[[COMMON:.*]] = arith.andi %[[S]], %[[BELOW]] : index
// CHECK-NEXT:        %[[SINGLE:.*]] = arith.cmpi eq, %[[COMMON]], %c0 : index
// CHECK-NEXT:        %[[POSITIVE:.*]] = arith.cmpi sgt, %[[S]], %c0 : index
// CHECK-NEXT:        %[[POWER:.*]] = arith.andi %[[SINGLE]], %[[POSITIVE]] : i1
// CHECK-NEXT:        scf.if %[[POWER]] {
// CHECK-NEXT:          %[[S64:.*]] = arith.index_cast %[[S]] : index to i64
// CHECK-NEXT:          %[[LOG:.*]] = math.cttz %[[S64]] : i64
// CHECK-NEXT:          %[[SHIFT:.*]] = arith.index_cast %[[LOG]] : i64 to index
// CHECK:               scf.forall
// CHECK:                 %[[AHEAD:.*]] = arith.shli %{{.*}}, %[[SHIFT]] : index
// CHECK-NEXT:            memref.prefetch %{{.*}}[%[[AHEAD]]]
// CHECK:                 %[[FROM:.*]] = arith.shli %{{.*}}, %[[SHIFT]] : index
// CHECK-NOT:             arith.muli %{{.*}}, %[[S]] : index
// CHECK:                 vector.load %{{.*}}[%[[FROM]]]
// CHECK-NOT:             arith.muli %{{.*}}, %[[S]] : index
// CHECK:               } {gather.form = #gather.form<"inline-copy">}
// CHECK-NEXT:        } else {
// CHECK:             scf.forall
// CHECK:               %[[ROW2:.*]] = arith.muli %{{.*}}, %[[S]] : index
// CHECK-NEXT:          memref.prefetch %{{.*}}[%[[ROW2]]]
// AVX512-COUNT-3:      memref.prefetch
// AVX2-COUNT-3:        memref.prefetch
// MASKED2-COUNT-3:     memref.prefetch
// CHECK-NOT:           memref.prefetch
// CHECK-NOT:           scf.for
// AVX512-NOT:          vector.masked
// AVX512:              vector.load {{.*}} vector<16xf32>
// AVX512-NEXT:         vector.store {{.*}} vector<16xf32>
// AVX512:              %[[N16:.*]] = vector.broadcast %{{.*}} : i32 to vector<16xi32>
// AVX512-NEXT:         %[[M1:.*]] = arith.cmpi sgt, %[[N16]], %[[L16]] : vector<16xi32>
// AVX512:              vector.maskedstore %{{.*}}, %[[M1]],
// AVX512:              arith.cmpi sgt, %{{.*}}, %[[L32]] : vector<16xi32>
// AVX512:              vector.maskedstore
// AVX512:              arith.cmpi sgt, %{{.*}}, %[[L48]] : vector<16xi32>
// AVX512:              vector.maskedstore
// AVX512-NOT:          vector.maskedstore
// MASKED2-NOT:         vector.masked
// MASKED2:             vector.load {{.*}} vector<8xf32>
// MASKED2-NEXT:        vector.store {{.*}} vector<8xf32>
// MASKED2-COUNT-7:     vector.maskedstore
// MASKED2-NOT:         vector.maskedstore
// AVX2-NOT:            vector.masked
// AVX2:                %[[F0:.*]] = vector.load %{{.*}}[%[[S:.*]]] : memref<?xf32>, vector<8xf32>
// AVX2-NEXT:           vector.store %[[F0]], %{{.*}}[%[[D:.*]]] : memref<?xf32>, vector<8xf32>
// AVX2-NEXT:           %[[B0:.*]] = arith.subi %[[N:.*]], %c8 : index
// AVX2-NEXT:           arith.addi %[[S]], %[[B0]]
// AVX2-NEXT:           arith.addi %[[D]], %[[B0]]
// AVX2-NEXT:           vector.load
// AVX2-NEXT:           vector.store
// AVX2-NEXT:           %[[L1:.*]] = arith.cmpi ugt, %[[N]], %c16 : index
// AVX2-NEXT:           scf.if %[[L1]] {
// AVX2-NEXT:             arith.addi %[[S]], %c8
// AVX2-NEXT:             arith.addi %[[D]], %c8
// AVX2-NEXT:             vector.load
// AVX2-NEXT:             vector.store
// AVX2-NEXT:             arith.subi %[[N]], %c16
// AVX2:                  arith.cmpi ugt, %[[N]], %c32 : index
// AVX2:                    arith.subi %[[N]], %c24
// AVX2:                    arith.cmpi ugt, %[[N]], %c48 : index
// AVX2:                      arith.subi %[[N]], %c32
// AVX2-NOT:                  arith.cmpi ugt
// AVX2-NOT:            vector.masked
// AVX2-NOT:            vector<4xf32>
// CHECK:             } {gather.form = #gather.form<"inline-copy">}
// CHECK-NEXT:        }
// CHECK:         } else {
// CHECK-NEXT:      scf.execute_region no_inline {
// CHECK:           scf.forall
// CHECK:             scf.for
// CHECK:               vector.load
// CHECK:             } {loop_annotation = #[[ANN]]}
// AVX512:            vector.maskedstore
// MASKED2:           vector.maskedstore
// AVX2-NOT:          vector.masked
// AVX2:              %[[REST:.*]] = arith.cmpi ne
// AVX2-NEXT:         scf.if %[[REST]] {
// AVX2-NEXT:           %[[LAST:.*]] = arith.subi %[[N:.*]], %c8 : index
// AVX2:                vector.load {{.*}} vector<8xf32>
// AVX2-NEXT:           vector.store {{.*}} vector<8xf32>
// AVX2-NEXT:         }
// AVX2-NOT:          vector.masked
// AVX2-NOT:          vector<4xf32>
// CHECK:           } {gather.form = #gather.form<"block-copy">}
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } {gather.outline}
// CHECK-NEXT:  }
// CHECK-NEXT:  return
func.func @rows(%d: tensor<?x?xf32>, %i: tensor<?xi64>, %out: memref<?x?xf32>) {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// Non-temporal stores (a gather of at least 1 MiB, known only at run time).
// The inline rows (at most 256 bytes) get two versions of their loop: one
// for large gathers or large tables, where each row tests whether it
// stores non-temporally (the gather is large and the row aligned) and
// whether it prefetches (the table holds at least 1 MiB), and one for
// small gathers from small tables, with neither (for rows longer than a
// vector itself in two versions, by the table's row stride). A row of the
// version for at most one vector streams when it is exactly one vector.
// Each line of the bound after the first is prefetched at the line or at
// the row's last element. The block copy's rows are longer: one loop, where
// each row tests the size of the gather and its alignment. With AVX-512
// (NT512), whose inline rows are otherwise masked vectors, a streaming row
// takes unmasked whole vectors, the others the masked ones.
// RUN: gather-opt %s --gather-to-affine="bounds-check=none target-cpu=znver5 hints=true" | FileCheck %s --check-prefix=NT512
// NT-LABEL: func.func @rows
// NT-NOT:     math.cttz
// NT:         %[[BIG1:.*]] = arith.cmpi uge, %{{.*}}, %c1048576 : index
// NT:         scf.if
// NT:         scf.forall
// NT:           memref.prefetch
// NT:           %[[MIS1:.*]] = arith.remui %{{.*}}, %c32 : index
// NT-NEXT:      %[[AL1:.*]] = arith.cmpi eq, %[[MIS1]], %c0 : index
// NT-NEXT:      %[[S1:.*]] = arith.andi %[[BIG1]], %[[AL1]] : i1
// NT-NEXT:      %[[HOLDS:.*]] = arith.cmpi uge, %{{.*}}, %c8 : index
// NT-NEXT:      %[[ST1:.*]] = arith.andi %[[S1]], %[[HOLDS]] : i1
// NT-NEXT:      scf.if %[[ST1]] {
// NT-NEXT:        vector.load
// NT-NEXT:        vector.store {{.*}}nontemporal = true{{.*}}vector<8xf32>
// NT:           } else {
// NT-NOT:         nontemporal
// NT:         } {gather.form = #gather.form<"inline-copy">}
// NT-NEXT:    } else {
// NT:         scf.forall
// NT-NOT:       nontemporal
// NT-NOT:       memref.prefetch
// NT:         } {gather.form = #gather.form<"inline-copy">}
// NT-NEXT:    }
// NT:         } else {
// NT512-LABEL: func.func @rows
// NT512:         %[[BIG1:.*]] = arith.cmpi uge, %{{.*}}, %c1048576 : index
// NT512:         scf.forall
// NT512:           %[[S1:.*]] = arith.andi %[[BIG1]], %{{.*}} : i1
// NT512-NEXT:      %[[HOLDS:.*]] = arith.cmpi uge, %{{.*}}, %c16 : index
// NT512-NEXT:      %[[ST1:.*]] = arith.andi %[[S1]], %[[HOLDS]] : i1
// NT512-NEXT:      scf.if %[[ST1]] {
// NT512-NEXT:        vector.load
// NT512-NEXT:        vector.store {{.*}}nontemporal = true{{.*}}vector<16xf32>
// NT512:           } else {
// NT512-NOT:         nontemporal
// NT512:             vector.maskedload
// NT512-NEXT:        vector.maskedstore
// NT512-NEXT:      }
// NT512:         } {gather.form = #gather.form<"inline-copy">}
// NT512:         %[[BIG2:.*]] = arith.cmpi uge, %{{.*}}, %c1048576 : index
// NT512:         scf.forall
// NT512:           %[[S2:.*]] = arith.andi %[[BIG2]], %{{.*}} : i1
// NT512-NEXT:      scf.if %[[S2]] {
// NT512-COUNT-4:     vector.store {{.*}}nontemporal = true{{.*}}vector<16xf32>
// NT512:           } else {
// NT512-NOT:         nontemporal
// NT512-COUNT-3:     vector.maskedstore
// NT512-NOT:         nontemporal
// NT512:         } {gather.form = #gather.form<"inline-copy">}
// NT:         %[[BIG:.*]] = arith.cmpi uge, %{{.*}}, %c1048576 : index
// NT:         %[[LARGE:.*]] = arith.cmpi uge, %{{.*}}, %c1048576 : index
// NT-NEXT:    %[[STREAMS:.*]] = arith.ori %[[BIG]], %[[LARGE]] : i1
// NT-NEXT:    scf.if %[[STREAMS]] {
// NT:         %[[LARGE2:.*]] = arith.cmpi uge, %{{.*}}, %c1048576 : index
// NT:         scf.forall
// NT:           scf.if %[[LARGE2]] {
// NT:           memref.prefetch %{{.*}}[%[[START:.*]]],
// NT-NEXT:      %[[LASTE:.*]] = arith.subi %{{.*}}, %c1 : index
// NT-NEXT:      %[[SECOND:.*]] = arith.minsi %[[LASTE]], %c16 : index
// NT-NEXT:      %[[AT:.*]] = arith.addi %[[START]], %[[SECOND]] : index
// NT-NEXT:      memref.prefetch %{{.*}}[%[[AT]]],
// NT:           %[[MIS:.*]] = arith.remui %{{.*}}, %c32 : index
// NT-NEXT:      %[[ALIGNED:.*]] = arith.cmpi eq, %[[MIS]], %c0 : index
// NT-NEXT:      %[[STREAM:.*]] = arith.andi %[[BIG]], %[[ALIGNED]] : i1
// NT-NEXT:      scf.if %[[STREAM]] {
// NT:             nontemporal = true
// NT-NOT:         vector<4xf32>
// NT:           } else {
// NT-NOT:         nontemporal
// NT-NOT:         vector<4xf32>
// NT:         } {gather.form = #gather.form<"inline-copy">}
// NT:         } else {
// NT:           scf.if
// NT:           math.cttz
// NT:           scf.forall
// NT-NOT:         nontemporal
// NT-NOT:         memref.prefetch
// NT:         } {gather.form = #gather.form<"inline-copy">}
// NT-NEXT:    } else {
// NT:           scf.forall
// NT-NOT:         nontemporal
// NT-NOT:         memref.prefetch
// NT:         } {gather.form = #gather.form<"inline-copy">}
// NT-NEXT:    }
// NT-NEXT:    }
// NT-NEXT:    }
// NT-NEXT:    } else {
// NT-NEXT:      scf.execute_region no_inline {
// NT-NEXT:        %[[BIGB:.*]] = arith.cmpi uge, %{{.*}}, %c1048576 : index
// NT-NEXT:        %[[PTR:.*]] = memref.extract_aligned_pointer_as_index
// NT-NEXT:        %[[REM:.*]] = arith.remui %[[LEN:.*]], %c8 : index
// NT-NEXT:        arith.cmpi eq, %[[REM]], %c0 : index
// NT-NEXT:        %[[MISP:.*]] = arith.remui %[[PTR]], %c32 : index
// NT-NEXT:        arith.cmpi eq, %[[MISP]], %c0 : index
// NT-NEXT:        arith.andi
// NT-NEXT:        %[[SB:.*]] = arith.muli %{{.*}}, %c4 : index
// NT-NEXT:        %[[MISS:.*]] = arith.remui %[[SB]], %c32 : index
// NT-NEXT:        arith.cmpi eq, %[[MISS]], %c0 : index
// NT-NEXT:        arith.andi
// NT-NEXT:        %[[FAST:.*]] = arith.andi %[[BIGB]], %{{.*}} : i1
// NT-NEXT:        scf.if %[[FAST]] {
// NT-NEXT:          scf.execute_region no_inline {
// NT:                 scf.forall
// NT:                   scf.for %{{.*}} = %c0 to %{{.*}} step %c16 {
// NT-NEXT:                %{{.*}} = arith.addi
// NT-NEXT:                memref.prefetch
// NT-NEXT:              } {loop_annotation = #[[ANNPF]]}
// NT-NOT:               arith.remui
// NT-NOT:               vector.maskedstore
// NT:                   scf.for %{{.*}} = %c0 to %[[LEN]] step %c8 {
// NT-NOT:                 scf.if
// NT:                     vector.store {{.*}}nontemporal = true{{.*}}vector<8xf32>
// NT-NEXT:              } {loop_annotation = #[[ANN4]]}
// NT-NEXT:            } {gather.form = #gather.form<"block-copy">}
// NT-NEXT:            scf.yield
// NT-NEXT:          } {gather.outline}
// NT-NEXT:        } else {
// NT-NOT:           scf.if
// NT:               scf.forall
// NT-NOT:             vector<4xf32>
// NT:                 %[[MIS2:.*]] = arith.remui %{{.*}}, %c32 : index
// NT-NEXT:        %[[ALIGNED2:.*]] = arith.cmpi eq, %[[MIS2]], %c0 : index
// NT-NEXT:        %[[STREAM:.*]] = arith.andi %{{.*}}, %[[ALIGNED2]] : i1
// NT-NEXT:        scf.if %[[STREAM]] {
// NT:               nontemporal = true
// NT-NOT:           vector<4xf32>
// NT:           } {gather.form = #gather.form<"block-copy">}
// NT-NOT:       scf.forall
// NT-LABEL: func.func @few_rows

// A loop of fewer than 64 rows known statically keeps one version, the block
// copy (the bound on code size); 64 rows get the run-time versions.
// CHECK-LABEL: func.func @few_rows
// CHECK-NOT:     gather.form = #gather.form<"inline-copy">
// CHECK:         scf.forall (%{{.*}}) in (63)
// CHECK:         } {gather.form = #gather.form<"block-copy">}
// CHECK-NOT:     gather.form = #gather.form<"inline-copy">
// CHECK:         return
func.func @few_rows(%d: tensor<?x?xf32>, %i: tensor<63xi64>, %out: memref<63x?xf32>) {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<63xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<63x?xf32>, memref<63x?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @rows_at_bound
// CHECK:         scf.forall (%{{.*}}) in (64)
// CHECK:         } {gather.form = #gather.form<"inline-copy">}
// CHECK:         } {gather.form = #gather.form<"block-copy">}
func.func @rows_at_bound(%d: tensor<?x?xf32>, %i: tensor<64xi64>, %out: memref<64x?xf32>) {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<64xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x?xf32>, memref<64x?xf32>) -> ()
  return
}

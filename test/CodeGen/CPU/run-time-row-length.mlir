// Slices whose length is known only at run time: the copy is chosen by the
// row's bytes, from the target's vector width. Rows of at most one vector
// take one masked vector and one prefetch, rows of at most four vectors
// four masked vectors and a prefetch per cache line of the bound (no loop), longer rows the block copy (a vector loop
// and a masked tail). AVX-512 (znver5): 64 and 256 bytes; AVX2 (znver3):
// 32 and 128 bytes.
// RUN: gather-opt %s --gather-to-affine="bounds-check=none target-cpu=znver5" | FileCheck %s --check-prefixes=CHECK,AVX512
// RUN: gather-opt %s --gather-to-affine="bounds-check=none target-cpu=znver3" | FileCheck %s --check-prefixes=CHECK,AVX2

// CHECK-LABEL: func.func @rows
// AVX512:        %[[SHORT:.*]] = arith.cmpi ule, %{{.*}}, %c256 : index
// AVX2:          %[[SHORT:.*]] = arith.cmpi ule, %{{.*}}, %c128 : index
// CHECK:         scf.if %[[SHORT]] {
// AVX512:          %[[ONE:.*]] = arith.cmpi ule, %{{.*}}, %c64 : index
// AVX2:            %[[ONE:.*]] = arith.cmpi ule, %{{.*}}, %c32 : index
// CHECK:           scf.if %[[ONE]] {
// CHECK:             scf.forall
// CHECK:               memref.prefetch
// CHECK-NOT:           memref.prefetch
// CHECK-NOT:           scf.for
// CHECK:               vector.maskedstore
// CHECK-NOT:           vector.maskedstore
// CHECK:             } {gather.form = #gather.form<"inline-copy">}
// CHECK:           } else {
// CHECK:             scf.forall
// AVX512-COUNT-4:      memref.prefetch
// AVX2-COUNT-2:        memref.prefetch
// CHECK-NOT:           memref.prefetch
// CHECK-NOT:           scf.for
// CHECK-COUNT-4:       vector.maskedstore
// CHECK-NOT:           vector.maskedstore
// CHECK:             } {gather.form = #gather.form<"inline-copy">}
// CHECK:         } else {
// CHECK:           scf.forall
// CHECK:             scf.for
// CHECK:               vector.load
// CHECK:             vector.maskedstore
// CHECK:           } {gather.form = #gather.form<"block-copy">}
func.func @rows(%d: tensor<?x?xf32>, %i: tensor<?xi64>, %out: memref<?x?xf32>) {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

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

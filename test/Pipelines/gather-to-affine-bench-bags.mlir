// The programs of bench/bags/upstream (gather + reduction in upstream ops,
// and torch-mlir's ragged embedding_bag generic), at the benchmark's shapes:
// gather-to-affine raises each to gather.embedding_bag and allocates
// nothing (the pooled rows go straight to the caller's buffer): no gathered
// [B, L, D] buffer, no intermediate sum; each bag is one loop over its ids
// carrying vector accumulators. The look-alike at the end (bench's sum with
// a fill of 1.0, not a bag) does allocate the gathered rows.
// RUN: sed -e 's/@NAME@/bag/g' -e 's/@SUM_ROWS@/262144/g' -e 's/@SUM_BAGS@/4096/g' -e 's/@SUM_LEN@/32/g' %gather_src_root/bench/bags/upstream/sum.mlir | gather-opt --gather-to-affine | FileCheck %s
// RUN: sed -e 's/@NAME@/bag/g' -e 's/@SUM_ROWS@/262144/g' -e 's/@SUM_BAGS@/4096/g' -e 's/@SUM_LEN@/32/g' %gather_src_root/bench/bags/upstream/wsum.mlir | gather-opt --gather-to-affine | FileCheck %s
// RUN: sed -e 's/@NAME@/bag/g' -e 's/@SUM_ROWS@/262144/g' -e 's/@SUM_BAGS@/4096/g' -e 's/@SUM_LEN@/32/g' %gather_src_root/bench/bags/upstream/max.mlir | gather-opt --gather-to-affine | FileCheck %s
// RUN: sed -e 's/@NAME@/bag/g' -e 's/@SUM_ROWS@/262144/g' -e 's/@SUM_BAGS@/4096/g' -e 's/@SUM_LEN@/32/g' %gather_src_root/bench/bags/upstream/sum_dyn.mlir | gather-opt --gather-to-affine | FileCheck %s
// RUN: sed -e 's/@NAME@/bag/g' -e 's/@MEAN_ROWS@/524288/g' -e 's/@MEAN_BAGS@/2048/g' -e 's/@MEAN_LEN@/64/g' %gather_src_root/bench/bags/upstream/mean.mlir | gather-opt --gather-to-affine | FileCheck %s
// RUN: sed -e 's/@NAME@/bag/g' -e 's/@RAG_ROWS@/65536/g' -e 's/@RAG_BAGS@/1024/g' %gather_src_root/bench/bags/upstream/ragged.mlir | gather-opt --gather-to-affine | FileCheck %s
// RUN: sed -e 's/@NAME@/bag/g' -e 's/@SUM_ROWS@/262144/g' -e 's/@SUM_BAGS@/4096/g' -e 's/@SUM_LEN@/32/g' -e 's/arith.constant 0.0 : f32/arith.constant 1.0 : f32/' %gather_src_root/bench/bags/upstream/sum.mlir | gather-opt --gather-to-affine | FileCheck %s --check-prefix=UNFUSED

// CHECK-LABEL: func.func @bag(
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for {{.*}} -> (vector<16xf32>
// CHECK:           memref.prefetch
// CHECK:           vector.load
// CHECK-NOT:     memref.alloc
// CHECK:         return

// UNFUSED-LABEL: func.func @bag(
// UNFUSED:         memref.alloc() {{.*}} : memref<4096x32x128xf32>

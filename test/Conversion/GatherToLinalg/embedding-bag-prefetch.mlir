// How far ahead the vector form of bags prefetches rows: the ids
// bag-prefetch-distance ahead for tables that stay in the caches (1 to
// 32 MiB), at least bag-prefetch-bytes of rows ahead for tables that may
// not (over 32 MiB, or of dynamic size), no prefetch below 1 MiB.
// RUN: gather-opt %s --convert-gather-to-linalg="bag-vector-bytes=64 bag-prefetch-distance=16" | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-linalg="bag-vector-bytes=64 bag-prefetch-distance=16 bag-prefetch-bytes=4096" | FileCheck %s --check-prefix=BYTES

// 16 MiB of 256-byte rows: 16 ids ahead.
// CHECK-LABEL: func.func @cached(
// CHECK:         scf.for
// CHECK:           %[[D:.*]] = arith.constant 16 : index
// CHECK:           %[[POS:.*]] = arith.addi
// CHECK:           arith.addi %[[POS]], %[[D]] : index
// CHECK:           memref.prefetch
// BYTES-LABEL: func.func @cached(
// BYTES:         scf.for
// BYTES:           arith.constant 16 : index
func.func @cached(%t: tensor<65536x64xf32>, %i: tensor<32x8xi64>) -> tensor<32x64xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<65536x64xf32>, tensor<32x8xi64> -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// 128 MiB of 256-byte rows: 12288 / 256 = 48 ids ahead (4096 bytes: 16,
// the distance is never shorter than bag-prefetch-distance).
// CHECK-LABEL: func.func @large(
// CHECK:         scf.for
// CHECK:           %[[D:.*]] = arith.constant 48 : index
// CHECK:           %[[POS:.*]] = arith.addi
// CHECK:           arith.addi %[[POS]], %[[D]] : index
// CHECK:           memref.prefetch
// BYTES-LABEL: func.func @large(
// BYTES:         scf.for
// BYTES:           arith.constant 16 : index
func.func @large(%t: tensor<524288x64xf32>, %i: tensor<32x8xi64>) -> tensor<32x64xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<524288x64xf32>, tensor<32x8xi64> -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// Rows of 512 bytes, the number of rows dynamic: 24 ids ahead.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         scf.for
// CHECK:           %[[D:.*]] = arith.constant 24 : index
// CHECK:           %[[POS:.*]] = arith.addi
// CHECK:           arith.addi %[[POS]], %[[D]] : index
// CHECK:           memref.prefetch
func.func @dynamic(%t: tensor<?x128xf32>, %i: tensor<32x8xi64>) -> tensor<32x128xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<?x128xf32>, tensor<32x8xi64> -> tensor<32x128xf32>
  return %r : tensor<32x128xf32>
}

// 256 KiB: no prefetch.
// CHECK-LABEL: func.func @small(
// CHECK-NOT:     memref.prefetch
// CHECK:         return
func.func @small(%t: tensor<1024x64xf32>, %i: tensor<32x8xi64>) -> tensor<32x64xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<1024x64xf32>, tensor<32x8xi64> -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

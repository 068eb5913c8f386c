// gather-to-affine never allocates the gathered rows of an embedding bag:
// each function below allocates only its result, pools each bag in vector
// values (registers) carried by the loop over its ids, and copies nothing; so
// does gather.gather + linalg.reduce, raised to the bag. The last function,
// a look-alike that stays gather.gather + linalg.reduce, does allocate the
// gathered [32, 8, 64] buffer: the checks can tell the two apart.
// RUN: gather-opt %s --gather-to-affine | FileCheck %s
// RUN: gather-opt %s --gather-to-affine=bounds-check=none | FileCheck %s

// CHECK-LABEL: func.func @fixed_sum(
// CHECK-NOT:     memref.alloc
// CHECK:         memref.alloc() {{.*}} : memref<32x64xf32>
// CHECK:         scf.forall
// CHECK-NOT:       memref.alloc
// CHECK:           scf.for {{.*}} -> (vector<{{.*}}>
// CHECK:             vector.load
// CHECK:           vector.store
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @fixed_sum(%t: tensor<1000x64xf32>, %i: tensor<32x8xi64>) -> tensor<32x64xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<1000x64xf32>, tensor<32x8xi64> -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// CHECK-LABEL: func.func @fixed_weighted_dynamic(
// CHECK-NOT:     memref.alloc
// CHECK:         memref.alloc(%{{.*}}) {{.*}} : memref<?x64xf32>
// CHECK:         scf.forall
// CHECK-NOT:       memref.alloc
// CHECK:           scf.for {{.*}} -> (vector<{{.*}}>
// CHECK:             vector.load
// CHECK:           vector.store
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @fixed_weighted_dynamic(%t: tensor<1000x64xf32>, %i: tensor<?x8xi64>, %w: tensor<?x8xf32>) -> tensor<?x64xf32> {
  %r = gather.embedding_bag sum %t[%i] weights(%w : tensor<?x8xf32>) : tensor<1000x64xf32>, tensor<?x8xi64> -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

// CHECK-LABEL: func.func @fixed_max_batched(
// CHECK-NOT:     memref.alloc
// CHECK:         memref.alloc() {{.*}} : memref<2x32x64xf16>
// CHECK:         scf.forall
// CHECK-NOT:       memref.alloc
// CHECK:           scf.for {{.*}} -> (vector<{{.*}}>
// CHECK:             vector.load
// CHECK:           vector.store
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @fixed_max_batched(%t: tensor<2x1000x64xf16>, %i: tensor<2x32x8xi32>) -> tensor<2x32x64xf16> {
  %r = gather.embedding_bag max %t[%i] batch_dims = 1 : tensor<2x1000x64xf16>, tensor<2x32x8xi32> -> tensor<2x32x64xf16>
  return %r : tensor<2x32x64xf16>
}

// CHECK-LABEL: func.func @ragged_mean(
// CHECK-NOT:     memref.alloc
// CHECK:         memref.alloc() {{.*}} : memref<32x64xf32>
// CHECK:         scf.forall
// CHECK-NOT:       memref.alloc
// CHECK:           scf.for {{.*}} -> (vector<{{.*}}>
// CHECK:             vector.load
// CHECK:           vector.store
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @ragged_mean(%t: tensor<1000x64xf32>, %i: tensor<100xi64>, %o: tensor<32xi64>) -> tensor<32x64xf32> {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<32xi64>) {padding_idx = 0 : i64} : tensor<1000x64xf32>, tensor<100xi64> -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// CHECK-LABEL: func.func @ragged_dynamic(
// CHECK-NOT:     memref.alloc
// CHECK:         memref.alloc(%{{.*}}) {{.*}} : memref<?x64xf32>
// CHECK:         scf.forall
// CHECK-NOT:       memref.alloc
// CHECK:           scf.for {{.*}} -> (vector<{{.*}}>
// CHECK:             vector.load
// CHECK:           vector.store
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @ragged_dynamic(%t: tensor<?x64xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>, %w: tensor<?xf32>) -> tensor<?x64xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) weights(%w : tensor<?xf32>) {include_last_offset} : tensor<?x64xf32>, tensor<?xi64> -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

// gather.gather + linalg.reduce from +0.0 (as frontends write it) is
// raised to the bag by raise-to-gather, which every pipeline runs first: no
// gathered buffer either.
// CHECK-LABEL: func.func @raised_sum(
// CHECK-NOT:     memref<32x8x64xf32>
// CHECK:         scf.forall
// CHECK:           scf.for {{.*}} -> (vector<{{.*}}>
// CHECK:             vector.load
// CHECK-NOT:     memref<32x8x64xf32>
// CHECK:         return
func.func @raised_sum(%t: tensor<1000x64xf32>, %i: tensor<32x8xi64>) -> tensor<32x64xf32> {
  %g = gather.gather %t[%i] : tensor<1000x64xf32>, tensor<32x8xi64>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %r = linalg.reduce ins(%g : tensor<32x8x64xf32>) outs(%init : tensor<32x64xf32>) dimensions = [1]
    (%a: f32, %o: f32) {
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
    }
  return %r : tensor<32x64xf32>
}

// A look-alike that is not raised (a sum from 1.0) writes the gathered rows.
// CHECK-LABEL: func.func @unfused_sum(
// CHECK:         memref.alloc() {{.*}} : memref<32x8x64xf32>
func.func @unfused_sum(%t: tensor<1000x64xf32>, %i: tensor<32x8xi64>) -> tensor<32x64xf32> {
  %g = gather.gather %t[%i] : tensor<1000x64xf32>, tensor<32x8xi64>
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %init = linalg.fill ins(%one : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %r = linalg.reduce ins(%g : tensor<32x8x64xf32>) outs(%init : tensor<32x64xf32>) dimensions = [1]
    (%a: f32, %o: f32) {
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
    }
  return %r : tensor<32x64xf32>
}

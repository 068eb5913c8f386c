// The value a bag's pooling starts from, in both lowerings (the generic
// form and the vector accumulators of bag-vector-bytes): -0.0 for float
// sums, +0.0 with from_positive_zero (mean too, f16 rows in their f32
// accumulator), -inf for max.
// RUN: gather-opt %s --convert-gather-to-linalg | FileCheck %s --check-prefix=GENERIC
// RUN: gather-opt %s --convert-gather-to-linalg=bag-vector-bytes=64 | FileCheck %s --check-prefix=VECTOR

// GENERIC-LABEL: func.func @sum(
// GENERIC:         %[[Z:.*]] = arith.constant -0.000000e+00 : f32
// GENERIC:         linalg.fill ins(%[[Z]] : f32)
// VECTOR-LABEL:  func.func @sum(
// VECTOR:          %[[Z:.*]] = arith.constant dense<-0.000000e+00> : vector<16xf32>
// VECTOR:          scf.for {{.*}} iter_args(%{{.*}} = %[[Z]])
func.func @sum(%t: tensor<1000x16xf32>, %i: tensor<32x8xi64>) -> tensor<32x16xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<1000x16xf32>, tensor<32x8xi64> -> tensor<32x16xf32>
  return %r : tensor<32x16xf32>
}

// GENERIC-LABEL: func.func @sum_from_positive_zero(
// GENERIC:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// GENERIC:         linalg.fill ins(%[[Z]] : f32)
// VECTOR-LABEL:  func.func @sum_from_positive_zero(
// VECTOR:          %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// VECTOR:          scf.for {{.*}} iter_args(%{{.*}} = %[[Z]])
func.func @sum_from_positive_zero(%t: tensor<1000x16xf32>, %i: tensor<32x8xi64>) -> tensor<32x16xf32> {
  %r = gather.embedding_bag sum %t[%i] {from_positive_zero} : tensor<1000x16xf32>, tensor<32x8xi64> -> tensor<32x16xf32>
  return %r : tensor<32x16xf32>
}

// GENERIC-LABEL: func.func @mean_f16_from_positive_zero(
// GENERIC:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// GENERIC:         linalg.fill ins(%[[Z]] : f32)
// VECTOR-LABEL:  func.func @mean_f16_from_positive_zero(
// VECTOR:          %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// VECTOR:          scf.for {{.*}} iter_args(%{{.*}} = %[[Z]]
func.func @mean_f16_from_positive_zero(%t: tensor<1000x16xf16>, %i: tensor<100xi64>, %o: tensor<32xi64>) -> tensor<32x16xf16> {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<32xi64>) {from_positive_zero} : tensor<1000x16xf16>, tensor<100xi64> -> tensor<32x16xf16>
  return %r : tensor<32x16xf16>
}

// GENERIC-LABEL: func.func @max(
// GENERIC:         %[[Z:.*]] = arith.constant 0xFF800000 : f32
// GENERIC:         linalg.fill ins(%[[Z]] : f32)
// VECTOR-LABEL:  func.func @max(
// VECTOR:          %[[Z:.*]] = arith.constant dense<0xFF800000> : vector<16xf32>
// VECTOR:          scf.for {{.*}} iter_args(%{{.*}} = %[[Z]])
func.func @max(%t: tensor<1000x16xf32>, %i: tensor<32x8xi64>) -> tensor<32x16xf32> {
  %r = gather.embedding_bag max %t[%i] : tensor<1000x16xf32>, tensor<32x8xi64> -> tensor<32x16xf32>
  return %r : tensor<32x16xf32>
}

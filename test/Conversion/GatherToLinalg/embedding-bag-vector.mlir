// The vector form of the bag lowering (bag-vector-bytes > 0) at two edges
// that gather-gen's bags found (test/Integration/Bags/vector_edges.mlir
// runs them): bf16 rows are widened to f32 by their bits (shifted into the
// upper half), not by arith.extf, from which LLVM narrows max's comparisons
// to bf16 vectors that its X86 backend cannot compile at 9 lanes; f16 rows
// keep arith.extf; rows of one element take the generic form.

// RUN: gather-opt %s --convert-gather-to-linalg=bag-vector-bytes=64 | FileCheck %s

// CHECK-LABEL: func.func @max_bf16
// CHECK:         scf.for
// CHECK:           %[[LOAD:.*]] = vector.load {{.*}} vector<9xbf16>
// CHECK-NEXT:      %[[BITS:.*]] = arith.bitcast %[[LOAD]] : vector<9xbf16> to vector<9xi16>
// CHECK-NEXT:      %[[WIDE:.*]] = arith.extui %[[BITS]] : vector<9xi16> to vector<9xi32>
// CHECK-NEXT:      %[[SIXTEEN:.*]] = arith.constant dense<16> : vector<9xi32>
// CHECK-NEXT:      %[[SHIFTED:.*]] = arith.shli %[[WIDE]], %[[SIXTEEN]] : vector<9xi32>
// CHECK-NEXT:      %[[ROW:.*]] = arith.bitcast %[[SHIFTED]] : vector<9xi32> to vector<9xf32>
// CHECK-NEXT:      arith.cmpf ogt, %[[ROW]]
// CHECK-NOT:     arith.extf
// CHECK:         arith.truncf {{.*}} : vector<9xf32> to vector<9xbf16>
func.func @max_bf16(%t: tensor<3x9xbf16>, %i: tensor<2x2xi64>) -> tensor<2x9xbf16> {
  %r = gather.embedding_bag max %t[%i] : tensor<3x9xbf16>, tensor<2x2xi64> -> tensor<2x9xbf16>
  return %r : tensor<2x9xbf16>
}

// CHECK-LABEL: func.func @max_f16
// CHECK:         %[[LOAD:.*]] = vector.load {{.*}} vector<9xf16>
// CHECK-NEXT:    arith.extf %[[LOAD]] : vector<9xf16> to vector<9xf32>
func.func @max_f16(%t: tensor<3x9xf16>, %i: tensor<2x2xi64>) -> tensor<2x9xf16> {
  %r = gather.embedding_bag max %t[%i] : tensor<3x9xf16>, tensor<2x2xi64> -> tensor<2x9xf16>
  return %r : tensor<2x9xf16>
}

// CHECK-LABEL: func.func @batched_row_of_one
// CHECK-NOT:     vector.
// CHECK:         linalg.generic
// CHECK-NOT:     vector.
// CHECK-LABEL: func.func @row_of_two
// CHECK:         vector.load {{.*}} vector<2xf32>
func.func @batched_row_of_one(%t: tensor<2x3x1xf32>, %i: tensor<2x2x2xi64>) -> tensor<2x2x1xf32> {
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<2x3x1xf32>, tensor<2x2x2xi64> -> tensor<2x2x1xf32>
  return %r : tensor<2x2x1xf32>
}
func.func @row_of_two(%t: tensor<2x3x2xf32>, %i: tensor<2x2x2xi64>) -> tensor<2x2x2xf32> {
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<2x3x2xf32>, tensor<2x2x2xi64> -> tensor<2x2x2xf32>
  return %r : tensor<2x2x2xf32>
}

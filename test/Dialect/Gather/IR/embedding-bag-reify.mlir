// The sizes of an embedding bag's result (ReifyRankedShapedTypeOpInterface):
// batch dimensions and the number of fixed bags from the ids, the number of
// ragged bags from the offsets (minus one, at least 0, with
// include_last_offset), the row from the table.
// RUN: gather-opt %s --resolve-ranked-shaped-type-result-dims | FileCheck %s

// CHECK-LABEL: func.func @fixed(
// CHECK-SAME:      %[[T:.*]]: tensor<?x?x?xf32>, %[[I:.*]]: tensor<?x?x?xi64>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[D0:.*]] = tensor.dim %[[I]], %[[C0]]
// CHECK-DAG:     %[[D1:.*]] = tensor.dim %[[I]], %[[C1]]
// CHECK-DAG:     %[[D2:.*]] = tensor.dim %[[T]], %[[C2]]
// CHECK:         return %[[D0]], %[[D1]], %[[D2]]
func.func @fixed(%t: tensor<?x?x?xf32>, %i: tensor<?x?x?xi64>) -> (index, index, index) {
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<?x?x?xf32>, tensor<?x?x?xi64> -> tensor<?x?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %r, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %r, %c2 : tensor<?x?x?xf32>
  return %d0, %d1, %d2 : index, index, index
}

// CHECK-LABEL: func.func @ragged(
// CHECK-SAME:      %[[T:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?xi64>, %[[O:.*]]: tensor<?xi32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[N:.*]] = tensor.dim %[[O]], %[[C0]]
// CHECK:         %[[N2:.*]] = tensor.dim %[[O]], %[[C0]]
// CHECK:         %[[M:.*]] = arith.subi %[[N2]], %[[C1]]
// CHECK:         %[[B:.*]] = arith.maxsi %[[M]], %[[C0]]
// CHECK:         %[[D:.*]] = tensor.dim %[[T]], %[[C1]]
// CHECK:         return %[[N]], %[[B]], %[[D]]
func.func @ragged(%t: tensor<?x?xf32>, %i: tensor<?xi64>, %o: tensor<?xi32>) -> (index, index, index) {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi32>) : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  %l = gather.embedding_bag max %t[%i] offsets(%o : tensor<?xi32>) {include_last_offset} : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %r, %c0 : tensor<?x?xf32>
  %bl = tensor.dim %l, %c0 : tensor<?x?xf32>
  %d = tensor.dim %l, %c1 : tensor<?x?xf32>
  return %b, %bl, %d : index, index, index
}

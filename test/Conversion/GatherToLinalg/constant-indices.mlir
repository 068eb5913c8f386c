// Constant indices: a check is dropped only when every constant is in
// range. Unsigned constants are in range below the size (the size itself is
// out of range); a batch dimension of the result takes its size from the
// indices, so a static batch size of the indices gives static loops even
// when the data's batch size is dynamic.
// RUN: gather-opt %s --convert-gather-to-linalg | FileCheck %s

// [0, 3] into 3 rows: 3 is out of range, the check stays.
// CHECK-LABEL: func.func @unsigned_equal_size
// CHECK:         arith.cmpi uge, %{{.*}}, %c3 : index
// CHECK:         llvm.call @__gather_mlir_unsigned_index_out_of_bounds
func.func @unsigned_equal_size(%d: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %i = arith.constant dense<[0, 3]> : tensor<2xui32>
  %r = gather.gather %d[%i] : tensor<3x2xf32>, tensor<2xui32>
  return %r : tensor<2x2xf32>
}

// [0, 2] into 3 rows: in range, no check.
// CHECK-LABEL: func.func @unsigned_below_size
// CHECK-NOT:     arith.cmpi
// CHECK-NOT:     llvm.call
// CHECK:         return
func.func @unsigned_below_size(%d: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %i = arith.constant dense<[0, 2]> : tensor<2xui32>
  %r = gather.gather %d[%i] : tensor<3x2xf32>, tensor<2xui32>
  return %r : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @batch_size_from_indices
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x5x4xf32>
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (2, 5) shared_outs(%{{.*}} = %[[E]]) -> (tensor<2x5x4xf32>)
func.func @batch_size_from_indices(%d: tensor<?x3x4xf32>, %i: tensor<2x5xi64>) -> tensor<2x5x4xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x3x4xf32>, tensor<2x5xi64>
  return %r : tensor<2x5x4xf32>
}

// Run-time checks of the shape rules that depend on dynamic sizes: equal
// batch dimensions and declared static result sizes. Rules that the static
// sizes decide get no check; `bounds-check=none` gets none at all.
// RUN: gather-opt %s --convert-gather-to-linalg -split-input-file | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-linalg=bounds-check=clamp -split-input-file | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-linalg=strategy=generic -split-input-file | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-linalg=bounds-check=none -split-input-file | FileCheck %s --check-prefix=NONE
// RUN: gather-opt %s --convert-gather-to-atb -split-input-file | FileCheck %s --check-prefix=ATB

// NONE-NOT: size_mismatch

// Both batch sizes dynamic: compared before anything else.
// CHECK-LABEL: func.func @batch_both_dynamic
// CHECK-SAME:    %[[D:.*]]: tensor<?x?x2xf32>, %[[I:.*]]: tensor<?x2xi64>
// CHECK-DAG:     %[[DN:.*]] = tensor.dim %[[D]], %{{.*}} : tensor<?x?x2xf32>
// CHECK-DAG:     %[[IN:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?x2xi64>
// CHECK:         %[[NE:.*]] = arith.cmpi ne, %[[DN]], %[[IN]] : index
// CHECK:         scf.if %[[NE]] {
// CHECK:           %[[DIM:.*]] = arith.constant 0 : i64
// CHECK:           %[[A:.*]] = arith.index_cast %[[DN]] : index to i64
// CHECK:           %[[B:.*]] = arith.index_cast %[[IN]] : index to i64
// CHECK:           llvm.call @__gather_mlir_batch_size_mismatch(%[[DIM]], %[[A]], %[[B]], %{{.*}}) : (i64, i64, i64, !llvm.ptr) -> ()
// CHECK:         }
// CHECK-NOT:     size_mismatch
// CHECK:         {{scf.forall|linalg.generic}}
// CHECK:       llvm.mlir.global internal constant @__gather_mlir_batch_size_mismatch_format("gather: batch dimension %lld has size %lld in data but %lld in indices (at %s)\0A\00")
// ATB-LABEL:   func.func @batch_both_dynamic
// ATB:           arith.cmpi ne
// ATB:           llvm.call @__gather_mlir_batch_size_mismatch(
// ATB:           scf.if
// ATB:             atb.gather
func.func @batch_both_dynamic(%d: tensor<?x?x2xf32>, %i: tensor<?x2xi64>) -> tensor<?x2x2xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?x2xf32>, tensor<?x2xi64>
  return %r : tensor<?x2x2xf32>
}

// -----

// One side static: compared with the constant.
// CHECK-LABEL: func.func @batch_data_dynamic
// CHECK-SAME:    %[[D:.*]]: tensor<?x?x2xf32>
// CHECK:         %[[DN:.*]] = tensor.dim %[[D]], %{{.*}} : tensor<?x?x2xf32>
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[NE:.*]] = arith.cmpi ne, %[[DN]], %[[C3]] : index
// CHECK:         scf.if %[[NE]] {
// CHECK:           llvm.call @__gather_mlir_batch_size_mismatch(
func.func @batch_data_dynamic(%d: tensor<?x?x2xf32>, %i: tensor<3x2xi64>) -> tensor<3x2x2xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?x2xf32>, tensor<3x2xi64>
  return %r : tensor<3x2x2xf32>
}

// -----

// Static on both sides: the verifier has compared them.
// CHECK-LABEL: func.func @batch_static
// CHECK-NOT:     size_mismatch
// CHECK:         return
func.func @batch_static(%d: tensor<3x?x2xf32>, %i: tensor<3x2xi64>) -> tensor<3x2x2xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<3x?x2xf32>, tensor<3x2xi64>
  return %r : tensor<3x2x2xf32>
}

// -----

// Sizes that fold to equal constants need no check either (a tensor.cast
// producer makes them dynamic in the types only).
// CHECK-LABEL: func.func @batch_folds
// CHECK-NOT:     size_mismatch
// CHECK:         return
func.func @batch_folds(%d: tensor<3x4x2xf32>, %i: tensor<3x2xi64>) -> tensor<?x2x2xf32> {
  %dc = tensor.cast %d : tensor<3x4x2xf32> to tensor<?x4x2xf32>
  %ic = tensor.cast %i : tensor<3x2xi64> to tensor<?x2xi64>
  %r = gather.gather %dc[%ic] axis = 1 batch_dims = 1 : tensor<?x4x2xf32>, tensor<?x2xi64>
  return %r : tensor<?x2x2xf32>
}

// -----

// A result dimension declared static where the data is dynamic.
// CHECK-LABEL: func.func @result_declared_static
// CHECK-SAME:    %[[D:.*]]: tensor<?x?xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[D]], %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[NE:.*]] = arith.cmpi ne, %[[C4]], %[[N]] : index
// CHECK:         scf.if %[[NE]] {
// CHECK:           %[[DIM:.*]] = arith.constant 1 : i64
// CHECK:           llvm.call @__gather_mlir_result_size_mismatch(%[[DIM]], %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64, !llvm.ptr) -> ()
// CHECK:         }
// CHECK-NOT:     size_mismatch
// CHECK:         return
// CHECK:       llvm.mlir.global internal constant @__gather_mlir_result_size_mismatch_format("gather: result dimension %lld is declared with size %lld but the data and indices give %lld (at %s)\0A\00")
// ATB-LABEL:   func.func @result_declared_static
// ATB:           llvm.call @__gather_mlir_result_size_mismatch(
func.func @result_declared_static(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x4xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// A result dimension from the indices, declared static.
// CHECK-LABEL: func.func @result_from_indices
// CHECK-SAME:    %[[D:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<?xi32>
// CHECK:         %[[N:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?xi32>
// CHECK:         %[[C7:.*]] = arith.constant 7 : index
// CHECK:         arith.cmpi ne, %[[C7]], %[[N]] : index
// CHECK:         llvm.call @__gather_mlir_result_size_mismatch(
func.func @result_from_indices(%d: tensor<5x3xf32>, %i: tensor<?xi32>) -> tensor<7x3xf32> {
  %r = gather.gather %d[%i] : tensor<5x3xf32>, tensor<?xi32> -> tensor<7x3xf32>
  return %r : tensor<7x3xf32>
}

// -----

// Declared sizes that the static types already give: no check.
// CHECK-LABEL: func.func @result_static
// CHECK-NOT:     size_mismatch
// CHECK:         return
func.func @result_static(%d: tensor<?x4xf32>, %i: tensor<2xi64>) -> tensor<2x4xf32> {
  %r = gather.gather %d[%i] : tensor<?x4xf32>, tensor<2xi64>
  return %r : tensor<2x4xf32>
}

// -----

// Result dimensions whose sources lie at other positions: result dimension 2
// is dimension 1 of the indices, result dimension 3 dimension 2 of the data
// (axis 1, rank-2 indices). Each check compares the declared size with the
// size of its own source dimension and names the result dimension.
// CHECK-LABEL: func.func @result_dims_apart
// CHECK-SAME:    %[[D:[^:]*]]: tensor<?x?x?xf32>, %[[I:[^:]*]]: tensor<2x?xi64>
// CHECK:         %[[ONE:.*]] = arith.constant 1 : index
// CHECK:         %[[IN:.*]] = tensor.dim %[[I]], %[[ONE]] : tensor<2x?xi64>
// CHECK:         %[[C5:.*]] = arith.constant 5 : index
// CHECK:         %[[NE5:.*]] = arith.cmpi ne, %[[C5]], %[[IN]] : index
// CHECK:         scf.if %[[NE5]] {
// CHECK:           %[[DIM2:.*]] = arith.constant 2 : i64
// CHECK:           %[[A5:.*]] = arith.index_cast %[[C5]] : index to i64
// CHECK:           %[[B5:.*]] = arith.index_cast %[[IN]] : index to i64
// CHECK:           llvm.call @__gather_mlir_result_size_mismatch(%[[DIM2]], %[[A5]], %[[B5]], %{{.*}})
// CHECK:         }
// CHECK:         %[[TWO:.*]] = arith.constant 2 : index
// CHECK:         %[[DN:.*]] = tensor.dim %[[D]], %[[TWO]] : tensor<?x?x?xf32>
// CHECK:         %[[C6:.*]] = arith.constant 6 : index
// CHECK:         %[[NE6:.*]] = arith.cmpi ne, %[[C6]], %[[DN]] : index
// CHECK:         scf.if %[[NE6]] {
// CHECK:           %[[DIM3:.*]] = arith.constant 3 : i64
// CHECK:           llvm.call @__gather_mlir_result_size_mismatch(%[[DIM3]],
// CHECK:         }
func.func @result_dims_apart(%d: tensor<?x?x?xf32>, %i: tensor<2x?xi64>) -> tensor<?x2x5x6xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?x?xf32>, tensor<2x?xi64> -> tensor<?x2x5x6xf32>
  return %r : tensor<?x2x5x6xf32>
}

// -----

// A batch dimension other than the first: dimension 1 of data against
// dimension 1 of indices, named as batch dimension 1, data's size first.
// CHECK-LABEL: func.func @batch_second
// CHECK-SAME:    %[[D:[^:]*]]: tensor<3x?x4xf32>, %[[I:[^:]*]]: tensor<3x2x5xi64>
// CHECK:         %[[ONE:.*]] = arith.constant 1 : index
// CHECK:         %[[DN:.*]] = tensor.dim %[[D]], %[[ONE]] : tensor<3x?x4xf32>
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[NE:.*]] = arith.cmpi ne, %[[DN]], %[[C2]] : index
// CHECK:         scf.if %[[NE]] {
// CHECK:           %[[DIM:.*]] = arith.constant 1 : i64
// CHECK:           %[[A:.*]] = arith.index_cast %[[DN]] : index to i64
// CHECK:           %[[B:.*]] = arith.index_cast %[[C2]] : index to i64
// CHECK:           llvm.call @__gather_mlir_batch_size_mismatch(%[[DIM]], %[[A]], %[[B]], %{{.*}})
func.func @batch_second(%d: tensor<3x?x4xf32>, %i: tensor<3x2x5xi64>) -> tensor<3x2x5xf32> {
  %r = gather.gather %d[%i] axis = 2 batch_dims = 2 : tensor<3x?x4xf32>, tensor<3x2x5xi64>
  return %r : tensor<3x2x5xf32>
}

// The `generic` strategy: one linalg.generic over the result that reads the
// indices through an indexing map and data with tensor.extract per element.
// RUN: gather-opt %s --convert-gather-to-linalg="strategy=generic hints=true" --split-input-file | FileCheck %s

// CHECK-DAG:   #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @onnx_axis1
// CHECK-SAME:    %[[D:.*]]: tensor<3x3xf32>, %[[I:.*]]: tensor<1x2xi64>
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<3x1x2xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[IDX]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:      ins(%[[I]] : tensor<1x2xi64>) outs(%[[INIT]] : tensor<3x1x2xf32>)
// CHECK:         ^bb0(%[[RAW:.*]]: i64, %{{.*}}: f32):
// CHECK:           %[[K:.*]] = arith.index_cast %[[RAW]] : i64 to index
// CHECK:           %[[POS:.*]] = arith.select %{{.*}}, %{{.*}}, %[[K]] {gather.wrap} : index
// CHECK:           arith.cmpi uge, %[[POS]], %[[C3]] : index
// CHECK:           %[[P0:.*]] = linalg.index 0 : index
// CHECK:           %[[E:.*]] = tensor.extract %[[D]][%[[P0]], %[[POS]]] : tensor<3x3xf32>
// CHECK:           linalg.yield %[[E]] : f32
func.func @onnx_axis1(%d: tensor<3x3xf32>, %i: tensor<1x2xi64>) -> tensor<3x1x2xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>
  return %r : tensor<3x1x2xf32>
}

// -----

// batch_dims = 1: the indices map takes the batch dimension and the
// gathered dimensions; data is read at (batch, k, trailing).
// CHECK-DAG:   #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @batch_dims
// CHECK-SAME:    %[[D:.*]]: tensor<2x5x3xf16>
// CHECK:         linalg.generic {indexing_maps = [#[[IDX]], #{{.*}}]
// CHECK:           %[[B:.*]] = linalg.index 0 : index
// CHECK:           %[[T:.*]] = linalg.index 2 : index
// CHECK:           tensor.extract %[[D]][%[[B]], %{{.*}}, %[[T]]] : tensor<2x5x3xf16>
func.func @batch_dims(%d: tensor<2x5x3xf16>, %i: tensor<2x4xi32>) -> tensor<2x4x3xf16> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x5x3xf16>, tensor<2x4xi32>
  return %r : tensor<2x4x3xf16>
}

// -----

// Rank-0 indices: the indices map has no results.
// CHECK-DAG:   #[[IDX:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @rank0
// CHECK:         linalg.generic {indexing_maps = [#[[IDX]], #{{.*}}]
// CHECK-SAME:      ins(%{{.*}} : tensor<i32>) outs(%{{.*}} : tensor<4xbf16>)
func.func @rank0(%d: tensor<4x7xbf16>, %i: tensor<i32>) -> tensor<4xbf16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<4x7xbf16>, tensor<i32>
  return %r : tensor<4xbf16>
}

// -----

// A zero-dimensional result: data of rank 1 and rank-0 indices.
// CHECK-LABEL: func.func @scalar_result
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = []}
// CHECK-SAME:      outs(%{{.*}} : tensor<i1>)
func.func @scalar_result(%d: tensor<9xi1>, %i: tensor<i64>) -> tensor<i1> {
  %r = gather.gather %d[%i] : tensor<9xi1>, tensor<i64>
  return %r : tensor<i1>
}

// RUN: gather-opt %s -split-input-file --raise-to-gather | FileCheck %s

// tosa.gather is axis 1, batch_dims 1; the i32 indices are reinterpreted as
// ui32 so that a negative value is out of range instead of wrapped.
// CHECK-LABEL: func.func @tosa
// CHECK-SAME:    (%[[V:.*]]: tensor<2x5x3xf32>, %[[I:.*]]: tensor<2x4xi32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x4xui32>
// CHECK:         %[[U:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<2x4xi32>) outs(%[[E]] : tensor<2x4xui32>)
// CHECK:           builtin.unrealized_conversion_cast %{{.*}} : i32 to ui32
// CHECK:         %[[G:.*]] = gather.gather %[[V]][%[[U]]] axis = 1 batch_dims = 1 : tensor<2x5x3xf32>, tensor<2x4xui32>
// CHECK:         return %[[G]]
func.func @tosa(%v: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %r = tosa.gather %v, %i : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %r : tensor<2x4x3xf32>
}

// -----

// Dynamic sizes and i64 indices.
// CHECK-LABEL: func.func @tosa_dynamic
// CHECK:         tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xui64>
// CHECK:         linalg.generic
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 : tensor<?x?x?xf16>, tensor<?x?xui64>
func.func @tosa_dynamic(%v: tensor<?x?x?xf16>, %i: tensor<?x?xi64>) -> tensor<?x?x?xf16> {
  %r = tosa.gather %v, %i : (tensor<?x?x?xf16>, tensor<?x?xi64>) -> tensor<?x?x?xf16>
  return %r : tensor<?x?x?xf16>
}

// -----

// Constant indices that are all non-negative keep their type.
// CHECK-LABEL: func.func @tosa_constant
// CHECK-NOT:     linalg.generic
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 : tensor<1x5x2xi8>, tensor<1x3xi32>
func.func @tosa_constant(%v: tensor<1x5x2xi8>) -> tensor<1x3x2xi8> {
  %i = arith.constant dense<[[4, 0, 1]]> : tensor<1x3xi32>
  %r = tosa.gather %v, %i : (tensor<1x5x2xi8>, tensor<1x3xi32>) -> tensor<1x3x2xi8>
  return %r : tensor<1x3x2xi8>
}

// -----

// A negative constant index is reinterpreted like any other.
// CHECK-LABEL: func.func @tosa_negative_constant
// CHECK:         linalg.generic
// CHECK:         gather.gather {{.*}} tensor<1x2xui32>
func.func @tosa_negative_constant(%v: tensor<1x5x2xf32>) -> tensor<1x2x2xf32> {
  %i = arith.constant dense<[[-1, 0]]> : tensor<1x2xi32>
  %r = tosa.gather %v, %i : (tensor<1x5x2xf32>, tensor<1x2xi32>) -> tensor<1x2x2xf32>
  return %r : tensor<1x2x2xf32>
}

// -----

// tensor.gather along dimension 1 with index-typed coordinates, keeping the
// unit dimension: the coordinate dimension is collapsed away, the gather's
// [3, 6, 7, 5] result transposed to [6, 7, 3, 5] and the unit dimension put
// back at position 3.
// CHECK-LABEL: func.func @tensor_dim1_unit
// CHECK-SAME:    (%[[S:.*]]: tensor<3x4x5xf32>, %[[I:.*]]: tensor<6x7x1xindex>)
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[I]] {{\[\[}}0], [1, 2]] : tensor<6x7x1xindex> into tensor<6x7xindex>
// CHECK:         %[[U:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<6x7xindex>)
// CHECK:           arith.index_cast %{{.*}} : index to i64
// CHECK:           builtin.unrealized_conversion_cast %{{.*}} : i64 to ui64
// CHECK:         %[[G:.*]] = gather.gather %[[S]][%[[U]]] axis = 1 : tensor<3x4x5xf32>, tensor<6x7xui64>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[G]] : tensor<3x6x7x5xf32>) outs(%{{.*}} : tensor<6x7x3x5xf32>) permutation = [1, 2, 0, 3]
// CHECK:         %[[X:.*]] = tensor.expand_shape %[[T]] {{\[\[}}0], [1], [2], [3, 4]] output_shape [6, 7, 3, 1, 5] : tensor<6x7x3x5xf32> into tensor<6x7x3x1x5xf32>
// CHECK:         return %[[X]]
func.func @tensor_dim1_unit(%s: tensor<3x4x5xf32>, %i: tensor<6x7x1xindex>) -> tensor<6x7x3x1x5xf32> {
  %r = tensor.gather %s[%i] gather_dims([1]) : (tensor<3x4x5xf32>, tensor<6x7x1xindex>) -> tensor<6x7x3x1x5xf32>
  return %r : tensor<6x7x3x1x5xf32>
}

// -----

// Along dimension 0, rank-reduced: no transpose, no expand_shape.
// CHECK-LABEL: func.func @tensor_dim0_dropped
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x1xi32> into tensor<2xi32>
// CHECK:         %[[G:.*]] = gather.gather %{{.*}}[%{{.*}}] : tensor<3x4xf32>, tensor<2xui32>
// CHECK-NOT:     linalg.transpose
// CHECK-NOT:     tensor.expand_shape
// CHECK:         return %[[G]]
func.func @tensor_dim0_dropped(%s: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %r = tensor.gather %s[%i] gather_dims([0]) unique : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// One coordinate only (indices [1]): rank-0 indices, no transpose.
// CHECK-LABEL: func.func @tensor_single
// CHECK:         tensor.collapse_shape %{{.*}} [] : tensor<1xi64> into tensor<i64>
// CHECK:         %[[G:.*]] = gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<3x4xf32>, tensor<ui64>
// CHECK-NOT:     linalg.transpose
// CHECK:         tensor.expand_shape %[[G]] {{\[\[}}0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
func.func @tensor_single(%s: tensor<3x4xf32>, %i: tensor<1xi64>) -> tensor<3x1xf32> {
  %r = tensor.gather %s[%i] gather_dims([1]) : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<3x1xf32>
  return %r : tensor<3x1xf32>
}

// -----

// Dynamic sizes along the last dimension, rank-preserving.
// CHECK-LABEL: func.func @tensor_dynamic_last
// CHECK:         %[[G:.*]] = gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<?x?xf32>, tensor<?xui64>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[G]] : tensor<?x?xf32>) outs(%{{.*}} : tensor<?x?xf32>) permutation = [1, 0]
// CHECK:         tensor.expand_shape %[[T]] {{\[\[}}0], [1, 2]] output_shape [%{{.*}}, %{{.*}}, 1] : tensor<?x?xf32> into tensor<?x?x1xf32>
func.func @tensor_dynamic_last(%s: tensor<?x?xf32>, %i: tensor<?x1xi64>) -> tensor<?x?x1xf32> {
  %r = tensor.gather %s[%i] gather_dims([1]) : (tensor<?x?xf32>, tensor<?x1xi64>) -> tensor<?x?x1xf32>
  return %r : tensor<?x?x1xf32>
}

// -----

// Along dimension 1 of a table whose leading dimension is 1: moving the unit
// dimension behind the index dimensions is a reshape, not a transpose.
// CHECK-LABEL: func.func @tensor_leading_unit
// CHECK:         %[[G:.*]] = gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<1x4x5xf32>, tensor<6x7xui32>
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1], [2], [3]] : tensor<1x6x7x5xf32> into tensor<6x7x5xf32>
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[C]] {{\[\[}}0], [1, 2], [3]] output_shape [6, 7, 1, 5] : tensor<6x7x5xf32> into tensor<6x7x1x5xf32>
// CHECK:         tensor.expand_shape %[[E]] {{\[\[}}0], [1], [2], [3, 4]] output_shape [6, 7, 1, 1, 5] : tensor<6x7x1x5xf32> into tensor<6x7x1x1x5xf32>
func.func @tensor_leading_unit(%s: tensor<1x4x5xf32>, %i: tensor<6x7x1xi32>) -> tensor<6x7x1x1x5xf32> {
  %r = tensor.gather %s[%i] gather_dims([1]) : (tensor<1x4x5xf32>, tensor<6x7x1xi32>) -> tensor<6x7x1x1x5xf32>
  return %r : tensor<6x7x1x1x5xf32>
}

// -----

// Not raised: several gathered dimensions, narrow index types (gather.gather
// takes i32, i64 and index only), unranked TOSA operands.
// CHECK-LABEL: func.func @not_raised
// CHECK:         tensor.gather %{{.*}} gather_dims([0, 1])
// CHECK:         tensor.gather %{{.*}} gather_dims([0])
// CHECK:         tosa.gather
// CHECK-NOT:     gather.gather
func.func @not_raised(%s: tensor<4x4xf32>, %i2: tensor<3x2xindex>, %i8: tensor<3x1xi8>,
                      %v: tensor<*xf32>, %i: tensor<2x4xi32>)
    -> (tensor<3x1x1xf32>, tensor<3x4xf32>, tensor<*xf32>) {
  %a = tensor.gather %s[%i2] gather_dims([0, 1]) : (tensor<4x4xf32>, tensor<3x2xindex>) -> tensor<3x1x1xf32>
  %b = tensor.gather %s[%i8] gather_dims([0]) : (tensor<4x4xf32>, tensor<3x1xi8>) -> tensor<3x4xf32>
  %c = tosa.gather %v, %i : (tensor<*xf32>, tensor<2x4xi32>) -> tensor<*xf32>
  return %a, %b, %c : tensor<3x1x1xf32>, tensor<3x4xf32>, tensor<*xf32>
}

// Diagnostics of `gather.gather` in the custom assembly form. The custom form
// has no result type: the parser infers it (GatherOp::inferReturnTypes), so
// the shape rules of GatherShape.cpp report while parsing, with the same texts
// as the verifier (see invalid.mlir). Also: types the custom parser refuses,
// and the verifier's index element type rule on a custom-form op.
//
// RUN: gather-opt %s -split-input-file -verify-diagnostics

func.func @data_rank0(%d: tensor<f32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op data must have rank >= 1, but has rank 0}}
  %r = gather.gather %d[%i] : tensor<f32>, tensor<2xi64>
  return
}

// -----

func.func @data_rank0_rank0_indices(%d: tensor<i32>, %i: tensor<i32>) {
  // expected-error @+1 {{'gather.gather' op data must have rank >= 1, but has rank 0}}
  %r = gather.gather %d[%i] : tensor<i32>, tensor<i32>
  return
}

// -----

func.func @axis_too_large(%d: tensor<4xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op axis (1) must be in [-1, 0] for data of rank 1}}
  %r = gather.gather %d[%i] axis = 1 : tensor<4xf32>, tensor<2xi64>
  return
}

// -----

func.func @axis_too_small(%d: tensor<4x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op axis (-3) must be in [-2, 1] for data of rank 2}}
  %r = gather.gather %d[%i] axis = -3 : tensor<4x5xf32>, tensor<2xi64>
  return
}

// -----

func.func @axis_int64_max(%d: tensor<4x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op axis (9223372036854775807) must be in [-2, 1] for data of rank 2}}
  %r = gather.gather %d[%i] axis = 9223372036854775807 : tensor<4x5xf32>, tensor<2xi64>
  return
}

// -----

func.func @axis_int64_min(%d: tensor<4x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op axis (-9223372036854775808) must be in [-2, 1] for data of rank 2}}
  %r = gather.gather %d[%i] axis = -9223372036854775808 : tensor<4x5xf32>, tensor<2xi64>
  return
}

// -----

func.func @batch_dims_above_indices_rank(%d: tensor<4x5xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (2) must not exceed the rank of indices (1)}}
  %r = gather.gather %d[%i] axis = 1 batch_dims = 2 : tensor<4x5xf32>, tensor<4xi64>
  return
}

// -----

func.func @batch_dims_below_minus_indices_rank(%d: tensor<4x5xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (-2) must be >= -1, minus the rank of indices}}
  %r = gather.gather %d[%i] axis = 1 batch_dims = -2 : tensor<4x5xf32>, tensor<4xi64>
  return
}

// -----

func.func @batch_dims_int64_min(%d: tensor<4x5xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (-9223372036854775808) must be >= -1, minus the rank of indices}}
  %r = gather.gather %d[%i] batch_dims = -9223372036854775808 : tensor<4x5xf32>, tensor<4xi64>
  return
}

// -----

// batch_dims without axis: the default axis 0 is too small.
func.func @batch_dims_exceeds_default_axis(%d: tensor<4x5xf32>, %i: tensor<4x2xi64>) {
  // expected-error-re @+1 {{{{^}}'gather.gather' op batch_dims (1) must not exceed axis (0){{$}}}}
  %r = gather.gather %d[%i] batch_dims = 1 : tensor<4x5xf32>, tensor<4x2xi64>
  return
}

// -----

func.func @batch_dims_exceeds_axis(%d: tensor<2x3x4xf32>, %i: tensor<2x3xi64>) {
  // expected-error-re @+1 {{{{^}}'gather.gather' op batch_dims (2) must not exceed axis (1){{$}}}}
  %r = gather.gather %d[%i] axis = 1 batch_dims = 2 : tensor<2x3x4xf32>, tensor<2x3xi64>
  return
}

// -----

func.func @batch_dims_exceeds_axis_normalised(%d: tensor<2x3x4xf32>, %i: tensor<2x3x5xi64>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (2) must not exceed axis (1) after normalisation of batch_dims = -1 and axis = -2}}
  %r = gather.gather %d[%i] axis = -2 batch_dims = -1 : tensor<2x3x4xf32>, tensor<2x3x5xi64>
  return
}

// -----

func.func @batch_dim_mismatch(%d: tensor<2x3x4xf32>, %i: tensor<2x4xi64>) {
  // expected-error @+1 {{'gather.gather' op batch dimension 1 must have the same size in data (3) and indices (4)}}
  %r = gather.gather %d[%i] axis = 2 batch_dims = 2 : tensor<2x3x4xf32>, tensor<2x4xi64>
  return
}

// -----

// The type rule on index elements is the verifier's; a custom-form op parses
// and is then rejected.
func.func @indices_f32(%d: tensor<4xf32>, %i: tensor<2xf32>) {
  // expected-error @+1 {{'gather.gather' op indices element type must be a 32- or 64-bit integer or index, but is 'f32'}}
  %r = gather.gather %d[%i] : tensor<4xf32>, tensor<2xf32>
  return
}

// -----

func.func @indices_i8(%d: tensor<4xf32>, %i: tensor<2xi8>) {
  // expected-error @+1 {{'gather.gather' op indices element type must be a 32- or 64-bit integer or index, but is 'i8'}}
  %r = gather.gather %d[%i] : tensor<4xf32>, tensor<2xi8>
  return
}

// -----

func.func @unranked_data(%d: tensor<*xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op data and indices must be ranked tensors, but are 'tensor<*xf32>' and 'tensor<2xi64>'}}
  %r = gather.gather %d[%i] : tensor<*xf32>, tensor<2xi64>
  return
}

// -----

func.func @unranked_indices(%d: tensor<4xf32>, %i: tensor<*xi64>) {
  // expected-error @+1 {{'gather.gather' op data and indices must be ranked tensors, but are 'tensor<4xf32>' and 'tensor<*xi64>'}}
  %r = gather.gather %d[%i] : tensor<4xf32>, tensor<*xi64>
  return
}

// -----

func.func @memref_data(%d: memref<4xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op data and indices must be ranked tensors, but are 'memref<4xf32>' and 'tensor<2xi64>'}}
  %r = gather.gather %d[%i] : memref<4xf32>, tensor<2xi64>
  return
}

// -----

func.func @scalar_indices(%d: tensor<4xf32>, %i: i64) {
  // expected-error @+1 {{'gather.gather' op data and indices must be ranked tensors, but are 'tensor<4xf32>' and 'i64'}}
  %r = gather.gather %d[%i] : tensor<4xf32>, i64
  return
}

// -----

// The inferred result type must agree with the uses of the result.
func.func @inferred_type_conflicts_with_use(%d: tensor<3x3xf32>, %i: tensor<1x2xi64>) -> tensor<3x2xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>
  // expected-error @+1 {{type of return operand 0 ('tensor<3x1x2xf32>') doesn't match function result type ('tensor<3x2xf32>')}}
  return %r : tensor<3x1x2xf32>
}

// -----

// axis and batch_dims are written after the indices; the attribute
// dictionary does not take them.
func.func @axis_in_attr_dict(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{custom op 'gather.gather' 'axis' must be written as `axis = <integer>` after the indices, not in the attribute dictionary}}
  %r = gather.gather %d[%i] {axis = 1 : i64} : tensor<3x3xf32>, tensor<2xi64>
  return
}

// -----

func.func @batch_dims_in_attr_dict(%d: tensor<3x3xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{custom op 'gather.gather' 'batch_dims' must be written as `batch_dims = <integer>` after the indices, not in the attribute dictionary}}
  %r = gather.gather %d[%i] axis = 1 {batch_dims = 1 : i64} : tensor<3x3xf32>, tensor<3x2xi64>
  return
}

// -----

// A declared result type that contradicts the inferred one is rejected by
// the verifier.
func.func @declared_result_mismatch(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op result dimension 0 (5) must equal indices dimension 0 (2)}}
  %r = gather.gather %d[%i] : tensor<3x3xf32>, tensor<2xi64> -> tensor<5x3xf32>
  return
}

// -----

// Booleans and floats are not integers.
func.func @axis_bool(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{custom op 'gather.gather' expected a 64-bit integer value for 'axis'}}
  %r = gather.gather %d[%i] axis = true : tensor<3x3xf32>, tensor<2xi64>
  return
}

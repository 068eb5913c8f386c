// Diagnostics of the `gather.gather` verifier (GatherOps.cpp) and of the shape
// rules it shares with type inference (GatherShape.cpp), reached through the
// generic form, plus the ODS operand/result type constraints. Each split
// checks the full message with the values involved. The same shape rules
// reached through the custom form (type inference while parsing) are in
// invalid-parse.mlir.
//
// RUN: gather-opt %s -split-input-file -verify-diagnostics

// Data of rank 0.
func.func @data_rank0(%d: tensor<f32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op data must have rank >= 1, but has rank 0}}
  %r = "gather.gather"(%d, %i) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<f32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

// axis one past the last dimension.
func.func @axis_too_large(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op axis (2) must be in [-2, 1] for data of rank 2}}
  %r = "gather.gather"(%d, %i) <{axis = 2 : i64}> : (tensor<3x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

// axis one below -rank(data).
func.func @axis_too_small(%d: tensor<3x4x5xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op axis (-4) must be in [-3, 2] for data of rank 3}}
  %r = "gather.gather"(%d, %i) <{axis = -4 : i64}> : (tensor<3x4x5xf32>, tensor<2xi64>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @axis_int64_max(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op axis (9223372036854775807) must be in [-2, 1] for data of rank 2}}
  %r = "gather.gather"(%d, %i) <{axis = 9223372036854775807 : i64}> : (tensor<3x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @axis_int64_min(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op axis (-9223372036854775808) must be in [-2, 1] for data of rank 2}}
  %r = "gather.gather"(%d, %i) <{axis = -9223372036854775808 : i64}> : (tensor<3x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

// batch_dims above rank(indices).
func.func @batch_dims_above_indices_rank(%d: tensor<2x3x4xf32>, %i: tensor<2x3xi64>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (3) must not exceed the rank of indices (2)}}
  %r = "gather.gather"(%d, %i) <{axis = 2 : i64, batch_dims = 3 : i64}> : (tensor<2x3x4xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return
}

// -----

// batch_dims must be 0 for rank-0 indices.
func.func @batch_dims_rank0_indices(%d: tensor<2x3xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (1) must not exceed the rank of indices (0)}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<2x3xf32>, tensor<i64>) -> tensor<2xf32>
  return
}

// -----

func.func @batch_dims_int64_max(%d: tensor<2x3xf32>, %i: tensor<2x3xi64>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (9223372036854775807) must not exceed the rank of indices (2)}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 9223372036854775807 : i64}> : (tensor<2x3xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return
}

// -----

// batch_dims below -rank(indices).
func.func @batch_dims_below_minus_indices_rank(%d: tensor<2x3x4xf32>, %i: tensor<2x3xi64>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (-3) must be >= -2, minus the rank of indices}}
  %r = "gather.gather"(%d, %i) <{axis = 2 : i64, batch_dims = -3 : i64}> : (tensor<2x3x4xf32>, tensor<2x3xi64>) -> tensor<2x3x2x3xf32>
  return
}

// -----

func.func @batch_dims_int64_min(%d: tensor<2x3xf32>, %i: tensor<2x3xi64>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (-9223372036854775808) must be >= -2, minus the rank of indices}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = -9223372036854775808 : i64}> : (tensor<2x3xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
  return
}

// -----

// batch_dims greater than axis, both given non-negative: the message has no
// "after normalisation" suffix (anchored at both ends).
func.func @batch_dims_exceeds_axis(%d: tensor<2x3x4xf32>, %i: tensor<2x3xi64>) {
  // expected-error-re @+1 {{{{^}}'gather.gather' op batch_dims (2) must not exceed axis (1){{$}}}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 2 : i64}> : (tensor<2x3x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return
}

// -----

// axis = 0 leaves no room for any batch dimension.
func.func @batch_dims_with_axis0(%d: tensor<2x3x4xf32>, %i: tensor<2x3xi64>) {
  // expected-error-re @+1 {{{{^}}'gather.gather' op batch_dims (1) must not exceed axis (0){{$}}}}
  %r = "gather.gather"(%d, %i) <{axis = 0 : i64, batch_dims = 1 : i64}> : (tensor<2x3x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  return
}

// -----

// batch_dims greater than axis once both are normalised: axis = -2 is 1 and
// batch_dims = -1 is 2 for data and indices of rank 3.
func.func @batch_dims_exceeds_axis_normalised(%d: tensor<3x3x3xf32>, %i: tensor<3x3x4xi32>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (2) must not exceed axis (1) after normalisation of batch_dims = -1 and axis = -2}}
  %r = "gather.gather"(%d, %i) <{axis = -2 : i64, batch_dims = -1 : i64}> : (tensor<3x3x3xf32>, tensor<3x3x4xi32>) -> tensor<3x3x4x3xf32>
  return
}

// -----

// Only axis negative.
func.func @batch_dims_exceeds_negative_axis(%d: tensor<3x3xf32>, %i: tensor<3x4xi32>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (2) must not exceed axis (1) after normalisation of batch_dims = 2 and axis = -1}}
  %r = "gather.gather"(%d, %i) <{axis = -1 : i64, batch_dims = 2 : i64}> : (tensor<3x3xf32>, tensor<3x4xi32>) -> tensor<3x4xf32>
  return
}

// -----

// Only batch_dims negative.
func.func @negative_batch_dims_exceeds_axis(%d: tensor<3x3xf32>, %i: tensor<3x4xi32>) {
  // expected-error @+1 {{'gather.gather' op batch_dims (1) must not exceed axis (0) after normalisation of batch_dims = -1 and axis = 0}}
  %r = "gather.gather"(%d, %i) <{axis = 0 : i64, batch_dims = -1 : i64}> : (tensor<3x3xf32>, tensor<3x4xi32>) -> tensor<3x4x3xf32>
  return
}

// -----

// Static batch sizes that differ.
func.func @batch_dim_mismatch(%d: tensor<3x5xf32>, %i: tensor<2x4xi64>) {
  // expected-error @+1 {{'gather.gather' op batch dimension 0 must have the same size in data (3) and indices (2)}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<3x5xf32>, tensor<2x4xi64>) -> tensor<3x4xf32>
  return
}

// -----

// The first batch dimension agrees, the second does not.
func.func @batch_dim_mismatch_second(%d: tensor<?x3x5xf32>, %i: tensor<7x4x2xi64>) {
  // expected-error @+1 {{'gather.gather' op batch dimension 1 must have the same size in data (3) and indices (4)}}
  %r = "gather.gather"(%d, %i) <{axis = 2 : i64, batch_dims = 2 : i64}> : (tensor<?x3x5xf32>, tensor<7x4x2xi64>) -> tensor<7x3x2xf32>
  return
}

// -----

func.func @indices_f32(%d: tensor<3x3xf32>, %i: tensor<2xf32>) {
  // expected-error @+1 {{'gather.gather' op indices element type must be a 32- or 64-bit integer or index, but is 'f32'}}
  %r = "gather.gather"(%d, %i) : (tensor<3x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @indices_i16(%d: tensor<3x3xf32>, %i: tensor<2xi16>) {
  // expected-error @+1 {{'gather.gather' op indices element type must be a 32- or 64-bit integer or index, but is 'i16'}}
  %r = "gather.gather"(%d, %i) : (tensor<3x3xf32>, tensor<2xi16>) -> tensor<2x3xf32>
  return
}

// -----

func.func @indices_i1(%d: tensor<3x3xf32>, %i: tensor<2xi1>) {
  // expected-error @+1 {{'gather.gather' op indices element type must be a 32- or 64-bit integer or index, but is 'i1'}}
  %r = "gather.gather"(%d, %i) : (tensor<3x3xf32>, tensor<2xi1>) -> tensor<2x3xf32>
  return
}

// -----

func.func @indices_ui16(%d: tensor<3x3xf32>, %i: tensor<2xui16>) {
  // expected-error @+1 {{'gather.gather' op indices element type must be a 32- or 64-bit integer or index, but is 'ui16'}}
  %r = "gather.gather"(%d, %i) : (tensor<3x3xf32>, tensor<2xui16>) -> tensor<2x3xf32>
  return
}

// -----

func.func @indices_i128(%d: tensor<3x3xf32>, %i: tensor<2xi128>) {
  // expected-error @+1 {{'gather.gather' op indices element type must be a 32- or 64-bit integer or index, but is 'i128'}}
  %r = "gather.gather"(%d, %i) : (tensor<3x3xf32>, tensor<2xi128>) -> tensor<2x3xf32>
  return
}

// -----

// The element type is checked before the shape rules.
func.func @indices_f64_rank0_data(%d: tensor<f32>, %i: tensor<2xf64>) {
  // expected-error @+1 {{'gather.gather' op indices element type must be a 32- or 64-bit integer or index, but is 'f64'}}
  %r = "gather.gather"(%d, %i) : (tensor<f32>, tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

func.func @result_element_type(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op result element type 'f16' must match data element type 'f32'}}
  %r = "gather.gather"(%d, %i) : (tensor<3x3xf32>, tensor<2xi64>) -> tensor<2x3xf16>
  return
}

// -----

// The result element type is not the index element type.
func.func @result_element_type_of_indices(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op result element type 'i64' must match data element type 'f32'}}
  %r = "gather.gather"(%d, %i) : (tensor<3x3xf32>, tensor<2xi64>) -> tensor<2x3xi64>
  return
}

// -----

func.func @result_rank_too_small(%d: tensor<3x3xf32>, %i: tensor<2x4xi64>) {
  // expected-error @+1 {{'gather.gather' op result rank (2) must be 3, rank(data) + rank(indices) - batch_dims - 1}}
  %r = "gather.gather"(%d, %i) : (tensor<3x3xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return
}

// -----

// With batch_dims = 1 the result loses one more dimension.
func.func @result_rank_batch_dims(%d: tensor<2x3xf32>, %i: tensor<2x4xi64>) {
  // expected-error @+1 {{'gather.gather' op result rank (3) must be 2, rank(data) + rank(indices) - batch_dims - 1}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<2x3xf32>, tensor<2x4xi64>) -> tensor<2x2x4xf32>
  return
}

// -----

// Rank-0 indices drop the gathered dimension.
func.func @result_rank_rank0_indices(%d: tensor<5x3xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'gather.gather' op result rank (2) must be 1, rank(data) + rank(indices) - batch_dims - 1}}
  %r = "gather.gather"(%d, %i) : (tensor<5x3xf32>, tensor<i32>) -> tensor<1x3xf32>
  return
}

// -----

// A result dimension after the gathered ones comes from data.
func.func @result_dim_from_data_trailing(%d: tensor<3x4xf32>, %i: tensor<2x5xi64>) {
  // expected-error @+1 {{'gather.gather' op result dimension 2 (5) must equal data dimension 1 (4)}}
  %r = "gather.gather"(%d, %i) : (tensor<3x4xf32>, tensor<2x5xi64>) -> tensor<2x5x5xf32>
  return
}

// -----

// A result dimension before axis comes from data.
func.func @result_dim_from_data_leading(%d: tensor<3x4xf32>, %i: tensor<2x5xi64>) {
  // expected-error @+1 {{'gather.gather' op result dimension 0 (4) must equal data dimension 0 (3)}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64}> : (tensor<3x4xf32>, tensor<2x5xi64>) -> tensor<4x2x5xf32>
  return
}

// -----

// A gathered result dimension comes from indices.
func.func @result_dim_from_indices(%d: tensor<3x4xf32>, %i: tensor<2x5xi64>) {
  // expected-error @+1 {{'gather.gather' op result dimension 1 (6) must equal indices dimension 1 (5)}}
  %r = "gather.gather"(%d, %i) : (tensor<3x4xf32>, tensor<2x5xi64>) -> tensor<2x6x4xf32>
  return
}

// -----

// With batch_dims the gathered dimensions start after the batch ones:
// result dimension 1 is indices dimension 1, result dimension 2 is data
// dimension 2.
func.func @result_dim_from_indices_batch(%d: tensor<2x3x4xf32>, %i: tensor<2x5xi64>) {
  // expected-error @+1 {{'gather.gather' op result dimension 1 (3) must equal indices dimension 1 (5)}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<2x3x4xf32>, tensor<2x5xi64>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @result_dim_from_data_batch(%d: tensor<2x3x4xf32>, %i: tensor<2x5xi64>) {
  // expected-error @+1 {{'gather.gather' op result dimension 2 (3) must equal data dimension 2 (4)}}
  %r = "gather.gather"(%d, %i) <{axis = -2 : i64, batch_dims = -1 : i64}> : (tensor<2x3x4xf32>, tensor<2x5xi64>) -> tensor<2x5x3xf32>
  return
}

// -----

// A static batch size in the result must equal the static batch size.
func.func @result_batch_dim(%d: tensor<2x3xf32>, %i: tensor<2x5xi64>) {
  // expected-error @+1 {{'gather.gather' op result dimension 0 (7) must equal batch dimension 0 of data and indices (2)}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<2x3xf32>, tensor<2x5xi64>) -> tensor<7x5xf32>
  return
}

// -----

// Zero-sized dimensions are sizes like any other.
func.func @result_dim_zero(%d: tensor<0x4xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'gather.gather' op result dimension 0 (1) must equal data dimension 0 (0)}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64}> : (tensor<0x4xf32>, tensor<3xi64>) -> tensor<1x3xf32>
  return
}

// -----

// ODS: data must be a ranked tensor.
func.func @unranked_data(%d: tensor<*xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %r = "gather.gather"(%d, %i) : (tensor<*xf32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

// ODS: indices must be a ranked tensor.
func.func @unranked_indices(%d: tensor<3xf32>, %i: tensor<*xi64>) {
  // expected-error @+1 {{'gather.gather' op operand #1 must be ranked tensor of any type values, but got 'tensor<*xi64>'}}
  %r = "gather.gather"(%d, %i) : (tensor<3xf32>, tensor<*xi64>) -> tensor<2xf32>
  return
}

// -----

// ODS: the result must be a ranked tensor.
func.func @unranked_result(%d: tensor<3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %r = "gather.gather"(%d, %i) : (tensor<3xf32>, tensor<2xi64>) -> tensor<*xf32>
  return
}

// -----

// ODS: memrefs are not tensors.
func.func @memref_data(%d: memref<3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op operand #0 must be ranked tensor of any type values, but got 'memref<3xf32>'}}
  %r = "gather.gather"(%d, %i) : (memref<3xf32>, tensor<2xi64>) -> tensor<2xf32>
  return
}

// -----

// ODS: vectors are not tensors.
func.func @vector_result(%d: tensor<3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op result #0 must be ranked tensor of any type values, but got 'vector<2xf32>'}}
  %r = "gather.gather"(%d, %i) : (tensor<3xf32>, tensor<2xi64>) -> vector<2xf32>
  return
}

// -----

// A batch size that is dynamic in data takes the static size of indices;
// the message names the batch dimension, not the dynamic data size.
func.func @result_batch_dim_from_indices(%d: tensor<?x3xf32>, %i: tensor<2x4xi32>) {
  // expected-error @+1 {{'gather.gather' op result dimension 0 (5) must equal batch dimension 0 of data and indices (2)}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<?x3xf32>, tensor<2x4xi32>) -> tensor<5x4xf32>
  return
}

// -----

// Inherent attributes are typed: axis must be a 64-bit signless integer.
func.func @axis_ui8(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op attribute 'axis' failed to satisfy constraint: 64-bit signless integer attribute}}
  %r = "gather.gather"(%d, %i) <{axis = 255 : ui8}> : (tensor<3x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @batch_dims_i128(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'gather.gather' op attribute 'batch_dims' failed to satisfy constraint: 64-bit signless integer attribute}}
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 99999999999999999999 : i128}> : (tensor<3x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

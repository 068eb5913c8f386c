// Diagnostics of the gather.embedding_bag verifier (EmbeddingBagOp.cpp):
// one split per rule, each with its full message.
//
// RUN: gather-opt %s -split-input-file -verify-diagnostics

// Table element type.
func.func @table_element_type(%t: tensor<4x2xcomplex<f32>>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op table element type must be f16, bf16, f32, f64 or a signless integer of 8 to 64 bits, but is 'complex<f32>'}}
  %r = gather.embedding_bag sum %t[%i] : tensor<4x2xcomplex<f32>>, tensor<3x2xi64> -> tensor<3x2xcomplex<f32>>
  return
}

// -----

// Table element type: i1.
func.func @table_element_type__i1(%t: tensor<4x2xi1>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op table element type must be f16, bf16, f32, f64 or a signless integer of 8 to 64 bits, but is 'i1'}}
  %r = gather.embedding_bag sum %t[%i] : tensor<4x2xi1>, tensor<3x2xi64> -> tensor<3x2xi1>
  return
}

// -----

// Ids element type.
func.func @ids_element_type(%t: tensor<4x2xf32>, %i: tensor<3x2xi16>) {
  // expected-error @+1 {{'gather.embedding_bag' op ids element type must be a 32- or 64-bit integer or index, but is 'i16'}}
  %r = gather.embedding_bag sum %t[%i] : tensor<4x2xf32>, tensor<3x2xi16> -> tensor<3x2xf32>
  return
}

// -----

// Mean of integers.
func.func @mean_of_integers(%t: tensor<4x2xi32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op mode 'mean' needs a floating-point table, but the element type is 'i32'}}
  %r = gather.embedding_bag mean %t[%i] : tensor<4x2xi32>, tensor<3x2xi64> -> tensor<3x2xi32>
  return
}

// -----

// Result element type.
func.func @result_element_type(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op result element type 'f16' must be the table element type 'f32'}}
  %r = gather.embedding_bag sum %t[%i] : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf16>
  return
}

// -----

// Negative batch_dims.
func.func @negative_batch_dims(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op batch_dims (-1) must not be negative}}
  %r = gather.embedding_bag sum %t[%i] batch_dims = -1 : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Ids rank without offsets.
func.func @ids_rank_without_offsets(%t: tensor<4x2xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op ids must have rank batch_dims + 2 (2) without offsets ([batch..., bags, ids per bag]), but have rank 1}}
  %r = gather.embedding_bag sum %t[%i] : tensor<4x2xf32>, tensor<3xi64> -> tensor<3x2xf32>
  return
}

// -----

// Table rank below batch_dims + 1.
func.func @table_rank_below_batch_dims___1(%t: tensor<4xf32>, %i: tensor<4x3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op table must have rank greater than batch_dims (1), but has rank 1}}
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<4xf32>, tensor<4x3x2xi64> -> tensor<4x3xf32>
  return
}

// -----

// Batch dimensions.
func.func @batch_dimensions(%t: tensor<4x5x2xf32>, %i: tensor<3x3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op batch dimension 0 has size 4 in the table but 3 in the ids}}
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<4x5x2xf32>, tensor<3x3x2xi64> -> tensor<3x3x2xf32>
  return
}

// -----

// Result rank.
func.func @result_rank(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op result rank (1) must be 2, batch_dims + 1 + the rank of a table row}}
  %r = gather.embedding_bag sum %t[%i] : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3xf32>
  return
}

// -----

// Number of bags.
func.func @number_of_bags(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op result dimension 0 (5) must equal the number of bags (ids dimension batch_dims) (3)}}
  %r = gather.embedding_bag sum %t[%i] : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<5x2xf32>
  return
}

// -----

// Row size.
func.func @row_size(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op result dimension 1 (7) must equal table dimension 1 (2)}}
  %r = gather.embedding_bag sum %t[%i] : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x7xf32>
  return
}

// -----

// Padding_idx too large.
func.func @padding_idx_too_large(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op padding_idx (4) must lie in [-4, 4) for a table of 4 rows}}
  %r = gather.embedding_bag sum %t[%i] {padding_idx = 4 : i64} : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Padding_idx too small.
func.func @padding_idx_too_small(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op padding_idx (-5) must lie in [-4, 4) for a table of 4 rows}}
  %r = gather.embedding_bag sum %t[%i] {padding_idx = -5 : i64} : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Include_last_offset without offsets.
func.func @include_last_offset_without_offsets(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op include_last_offset needs offsets}}
  %r = gather.embedding_bag sum %t[%i] {include_last_offset} : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Offsets element type.
func.func @offsets_element_type(%t: tensor<4x2xf32>, %i: tensor<6xi64>, %o: tensor<3xf32>) {
  // expected-error @+1 {{'gather.embedding_bag' op offsets element type must be a 32- or 64-bit integer or index, but is 'f32'}}
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<3xf32>) : tensor<4x2xf32>, tensor<6xi64> -> tensor<3x2xf32>
  return
}

// -----

// Batch_dims with offsets.
func.func @batch_dims_with_offsets(%t: tensor<2x4x2xf32>, %i: tensor<6xi64>, %o: tensor<3xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op batch_dims must be 0 with offsets, but is 1}}
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 offsets(%o : tensor<3xi64>) : tensor<2x4x2xf32>, tensor<6xi64> -> tensor<2x3x2xf32>
  return
}

// -----

// Ids rank with offsets.
func.func @ids_rank_with_offsets(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>, %o: tensor<3xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op ids must have rank 1 with offsets, but have rank 2}}
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<3xi64>) : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Offsets rank.
func.func @offsets_rank(%t: tensor<4x2xf32>, %i: tensor<6xi64>, %o: tensor<3x1xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op offsets must have rank 1, but have rank 2}}
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<3x1xi64>) : tensor<4x2xf32>, tensor<6xi64> -> tensor<3x2xf32>
  return
}

// -----

// No offset with include_last_offset.
func.func @no_offset_with_include_last(%t: tensor<4x2xf32>, %i: tensor<6xi64>, %o: tensor<0xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op offsets must hold at least one value with include_last_offset (the end of the last bag)}}
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<0xi64>) {include_last_offset} : tensor<4x2xf32>, tensor<6xi64> -> tensor<0x2xf32>
  return
}

// -----

// Number of bags with include_last_offset.
func.func @bags_include_last(%t: tensor<4x2xf32>, %i: tensor<6xi64>, %o: tensor<3xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op result dimension 0 (3) must equal the number of bags (offsets minus one) (2)}}
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<3xi64>) {include_last_offset} : tensor<4x2xf32>, tensor<6xi64> -> tensor<3x2xf32>
  return
}

// -----

// Number of ragged bags.
func.func @bags_ragged(%t: tensor<4x2xf32>, %i: tensor<6xi64>, %o: tensor<3xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op result dimension 0 (2) must equal the number of bags (offsets) (3)}}
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<3xi64>) : tensor<4x2xf32>, tensor<6xi64> -> tensor<2x2xf32>
  return
}

// -----

// Weights with max.
func.func @weights_with_max(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>, %w: tensor<3x2xf32>) {
  // expected-error @+1 {{'gather.embedding_bag' op weights are only allowed with mode 'sum', not 'max'}}
  %r = gather.embedding_bag max %t[%i] weights(%w : tensor<3x2xf32>) : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Weights with mean.
func.func @weights_with_mean(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>, %w: tensor<3x2xf32>) {
  // expected-error @+1 {{'gather.embedding_bag' op weights are only allowed with mode 'sum', not 'mean'}}
  %r = gather.embedding_bag mean %t[%i] weights(%w : tensor<3x2xf32>) : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Weights element type.
func.func @weights_element_type(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>, %w: tensor<3x2xf64>) {
  // expected-error @+1 {{'gather.embedding_bag' op weights element type 'f64' must be the table element type 'f32'}}
  %r = gather.embedding_bag sum %t[%i] weights(%w : tensor<3x2xf64>) : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Weights rank.
func.func @weights_rank(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>, %w: tensor<6xf32>) {
  // expected-error @+1 {{'gather.embedding_bag' op weights must have the rank of the ids (2), but have rank 1}}
  %r = gather.embedding_bag sum %t[%i] weights(%w : tensor<6xf32>) : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Weights shape.
func.func @weights_shape(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>, %w: tensor<3x4xf32>) {
  // expected-error @+1 {{'gather.embedding_bag' op weights dimension 1 (4) must equal ids dimension 1 (2)}}
  %r = gather.embedding_bag sum %t[%i] weights(%w : tensor<3x4xf32>) : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// Batch dimension of the result.
func.func @result_batch(%t: tensor<?x5x2xf32>, %i: tensor<3x3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op result dimension 0 (4) must equal batch dimension 0 of the ids (3)}}
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<?x5x2xf32>, tensor<3x3x2xi64> -> tensor<4x3x2xf32>
  return
}

// -----

// Unknown mode.
func.func @unknown_mode(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{custom op 'gather.embedding_bag' expected string or keyword containing one of the following enum values for attribute 'mode' [sum, mean, max]}}
  %r = gather.embedding_bag min %t[%i] : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// A huge batch_dims is reported before any arithmetic on it.
func.func @huge_batch_dims(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op table must have rank greater than batch_dims (9223372036854775807), but has rank 2}}
  %r = gather.embedding_bag sum %t[%i] batch_dims = 9223372036854775807 : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

// -----

// from_positive_zero starts float sums: not for integer tables.
func.func @positive_zero_integers(%t: tensor<4x2xi32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op from_positive_zero needs a floating-point table pooled by 'sum' or 'mean', not 'i32' pooled by 'sum'}}
  %r = gather.embedding_bag sum %t[%i] {from_positive_zero} : tensor<4x2xi32>, tensor<3x2xi64> -> tensor<3x2xi32>
  return
}

// -----

// Nor for max.
func.func @positive_zero_max(%t: tensor<4x2xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'gather.embedding_bag' op from_positive_zero needs a floating-point table pooled by 'sum' or 'mean', not 'f32' pooled by 'max'}}
  %r = gather.embedding_bag max %t[%i] {from_positive_zero} : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return
}

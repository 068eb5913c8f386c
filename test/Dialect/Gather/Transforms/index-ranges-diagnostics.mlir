// Indices proved out of range: an error when every value is (the pass
// fails), a warning naming the first bad constant index otherwise.
// RUN: gather-opt %s --gather-prove-index-ranges --split-input-file -verify-diagnostics

func.func @constants_all_out(%d: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %i = arith.constant dense<[7, 9]> : tensor<2xi64>
  // expected-error @+1 {{'gather.gather' op every index value lies in [7, 9], out of range [-3, 3) for dimension 0 of data (size 3)}}
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<2xi64>
  return %r : tensor<2x4xf32>
}

// -----

// The range [-9, 7] meets [-3, 3), but every value is outside it.
func.func @constants_all_out_both_sides(%d: tensor<4x3xf32>) -> tensor<4x1x2xf32> {
  %i = arith.constant dense<[[-9, 7]]> : tensor<1x2xi32>
  // expected-error @+1 {{'gather.gather' op every index is out of range; index -9 at position [0, 0] of the indices is out of range [-3, 3) for dimension 1 of data (size 3)}}
  %r = gather.gather %d[%i] axis = 1 : tensor<4x3xf32>, tensor<1x2xi32>
  return %r : tensor<4x1x2xf32>
}

// -----

func.func @unsigned_all_out(%d: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %i = arith.constant dense<[3, 4000000000]> : tensor<2xui32>
  // expected-error @+1 {{'gather.gather' op every index value lies in [3, 4000000000], out of range [0, 3) for dimension 0 of data (size 3)}}
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<2xui32>
  return %r : tensor<2x4xf32>
}

// -----

// remui by 8 plus 5 lies in [5, 12]: never in [-5, 5).
func.func @computed_all_out(%d: tensor<5x4xf32>, %x: tensor<3xi64>) -> tensor<3x4xf32> {
  %c8 = arith.constant dense<8> : tensor<3xi64>
  %c5 = arith.constant dense<5> : tensor<3xi64>
  %m = arith.remui %x, %c8 : tensor<3xi64>
  %i = arith.addi %m, %c5 : tensor<3xi64>
  // expected-error @+1 {{'gather.gather' op every index value lies in [5, 12], out of range [-5, 5) for dimension 0 of data (size 5)}}
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  return %r : tensor<3x4xf32>
}

// -----

// Some constant indices out of range: a warning naming the first one, its
// position, the bound and the op.
func.func @constants_some_out(%d: tensor<3x4xf32>) -> tensor<2x2x4xf32> {
  %i = arith.constant dense<[[0, 1], [-4, 5]]> : tensor<2x2xi64>
  // expected-warning @+1 {{'gather.gather' op index -4 at position [1, 0] of the indices is out of range [-3, 3) for dimension 0 of data (size 3); the gather is not folded and keeps its bounds check}}
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<2x2xi64>
  return %r : tensor<2x2x4xf32>
}

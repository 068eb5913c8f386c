// The proved-index properties are unit attributes.
// RUN: gather-opt %s --split-input-file -verify-diagnostics

func.func @not_unit(%d: tensor<2x3xf32>, %i: tensor<2xi64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'indices_in_range' must be a unit attribute}}
  %r = gather.gather %d[%i] {indices_in_range = 1 : i64} : tensor<2x3xf32>, tensor<2xi64>
  return %r : tensor<2x3xf32>
}

// -----

func.func @not_unit_nonnegative(%d: tensor<2x3xf32>, %i: tensor<2xi64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'indices_nonnegative' must be a unit attribute}}
  %r = gather.gather %d[%i] {indices_nonnegative = true} : tensor<2x3xf32>, tensor<2xi64>
  return %r : tensor<2x3xf32>
}

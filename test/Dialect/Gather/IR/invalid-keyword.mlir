// Mistyped, misplaced and repeated keywords of the custom assembly form of
// `gather.gather`: the diagnostic names what the parser accepts there.
//
// RUN: gather-opt %s -split-input-file -verify-diagnostics

func.func @axes(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{unknown keyword 'axes': expected 'axis', 'batch_dims', an attribute dictionary or ':'}}
  %r = gather.gather %d[%i] axes = 1 : tensor<3x3xf32>, tensor<2xi64>
  return
}

// -----

func.func @batch_dim_after_axis(%d: tensor<3x3xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{unknown keyword 'batch_dim': expected 'batch_dims', an attribute dictionary or ':'}}
  %r = gather.gather %d[%i] axis = 1 batch_dim = 1 : tensor<3x3xf32>, tensor<3x2xi64>
  return
}

// -----

func.func @unknown_after_batch_dims(%d: tensor<3x3xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{unknown keyword 'mode': expected an attribute dictionary or ':'}}
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 mode = 0 : tensor<3x3xf32>, tensor<3x2xi64>
  return
}

// -----

func.func @axis_after_batch_dims(%d: tensor<3x3xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'axis' must come before 'batch_dims'}}
  %r = gather.gather %d[%i] batch_dims = 1 axis = 1 : tensor<3x3xf32>, tensor<3x2xi64>
  return
}

// -----

func.func @axis_twice(%d: tensor<3x3xf32>, %i: tensor<2xi64>) {
  // expected-error @+1 {{'axis' is given more than once}}
  %r = gather.gather %d[%i] axis = 1 axis = 0 : tensor<3x3xf32>, tensor<2xi64>
  return
}

// -----

func.func @batch_dims_twice(%d: tensor<3x3xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'batch_dims' is given more than once}}
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 batch_dims = 1 : tensor<3x3xf32>, tensor<3x2xi64>
  return
}

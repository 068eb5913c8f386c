// An integer option out of its range is an error at each function (see
// options.mlir for every option and value).
// RUN: gather-opt %s --gather-prefetch-rows=prefetch-bytes=0 -split-input-file -verify-diagnostics

// expected-error @+1 {{gather-prefetch-rows: option prefetch-bytes must be in [1, 9223372036854775807], but is 0}}
func.func @f() {
  return
}

// -----

// expected-error @+1 {{gather-prefetch-rows: option prefetch-bytes must be in [1, 9223372036854775807], but is 0}}
func.func @g() {
  return
}

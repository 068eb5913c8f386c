// masked-tails takes -1 (from the target), 0 or 1; any other value is an
// error at each function, reported before anything is rewritten.
// RUN: gather-opt %s --gather-lower-slice-copies=masked-tails=2 -verify-diagnostics

// expected-error @+1 {{gather-lower-slice-copies: option masked-tails must be in [-1, 1], but is 2}}
func.func @f() {
  return
}

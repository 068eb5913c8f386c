// With out-of-range-error=false (the pipelines under bounds-check=clamp),
// indices that are all out of range get a warning and the pass succeeds.
// RUN: gather-opt %s --gather-prove-index-ranges=out-of-range-error=false -verify-diagnostics | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp -verify-diagnostics | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @all_out
// CHECK:         gather.gather
// LLVM-LABEL:  llvm.func @all_out
func.func @all_out(%d: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %i = arith.constant dense<[7, 9]> : tensor<2xi64>
  // expected-warning @+1 {{'gather.gather' op every index value lies in [7, 9], out of range [-3, 3) for dimension 0 of data (size 3)}}
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<2xi64>
  %j = arith.constant dense<[-9, 7]> : tensor<2xi64>
  // expected-warning @+1 {{'gather.gather' op every index is out of range; index -9 at position [0] of the indices is out of range [-3, 3) for dimension 0 of data (size 3); the gather is not folded and keeps its bounds check}}
  %s = gather.gather %d[%j] : tensor<3x4xf32>, tensor<2xi64>
  return %r, %s : tensor<2x4xf32>, tensor<2x4xf32>
}

// Out-of-range bag options of convert-gather-to-linalg (and of the
// pipelines, which hand them on) are an error naming the values.
// RUN: gather-opt %s --convert-gather-to-linalg=bag-vector-bytes=-1 -verify-diagnostics
// RUN: gather-opt %s --convert-gather-to-linalg=bag-accumulators=0 -verify-diagnostics
// RUN: gather-opt %s --convert-gather-to-linalg=bag-prefetch-distance=-2 -verify-diagnostics
// RUN: gather-opt %s --convert-gather-to-linalg=bag-prefetch-distance=2147483648 -verify-diagnostics
// RUN: gather-opt %s --convert-gather-to-linalg=bag-prefetch-bytes=-1 -verify-diagnostics
// RUN: not gather-opt %s --gather-to-llvm=bag-accumulators=0 2>&1 | FileCheck %s
// RUN: not gather-opt %s --gather-to-llvm=bag-prefetch-distance=-2 2>&1 | FileCheck %s

// CHECK: bag-vector-bytes must be at least 0 (is {{-?[0-9]+}}), bag-accumulators at least 1

// expected-error-re@+1 {{convert-gather-to-linalg: bag-vector-bytes must be at least 0 (is {{-?[0-9]+}}), bag-accumulators at least 1 (is {{[0-9]+}}), bag-prefetch-distance in [0, 2^31 - 1] (is {{-?[0-9]+}}) and bag-prefetch-bytes in [0, 2^31 - 1] (is {{-?[0-9]+}})}}
module {
  func.func @f(%t: tensor<10x4xf32>, %i: tensor<2x3xi64>) -> tensor<2x4xf32> {
    %r = gather.embedding_bag sum %t[%i] : tensor<10x4xf32>, tensor<2x3xi64> -> tensor<2x4xf32>
    return %r : tensor<2x4xf32>
  }
}

// A tensor carried around an scf.for whose element grows by one per
// iteration, and which the loop reads back after its tensor.insert: the
// insert's result is used by the yield and by a tensor.extract. A value
// that any terminator uses may flow around a loop, so its range widens and
// the analysis ends (in milliseconds); nothing is proved about the indices.
// Both runs have a time limit: an analysis that kept the range growing
// would not end.
// RUN: timeout 60 gather-opt %s --gather-prove-index-ranges | FileCheck %s
// RUN: timeout 60 gather-opt %s --gather-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @read_back_after_insert
// CHECK:         scf.for
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x2xf32>, tensor<1xi64>
// LLVM-LABEL:  llvm.func @read_back_after_insert
func.func @read_back_after_insert(%d: tensor<5x2xf32>, %n: index) -> (tensor<1x2xf32>, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %init = arith.constant dense<0> : tensor<1xi64>
  %t, %last = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %prev = %zero) -> (tensor<1xi64>, i64) {
    %x = tensor.extract %acc[%c0] : tensor<1xi64>
    %y = arith.addi %x, %one : i64
    %t2 = tensor.insert %y into %acc[%c0] : tensor<1xi64>
    %back = tensor.extract %t2[%c0] : tensor<1xi64>
    scf.yield %t2, %back : tensor<1xi64>, i64
  }
  %r = gather.gather %d[%t] : tensor<5x2xf32>, tensor<1xi64>
  return %r, %last : tensor<1x2xf32>, i64
}

// RUN: gather-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/has-batch-gather.sh' | FileCheck %s
//
// A model with several gathers and other ops, of which one gather (the one
// with batch_dims = 1) is the interesting one: the reducer keeps it and drops
// everything the test does not need.

// CHECK-NOT:  func.func @embed
// CHECK-NOT:  gather.gather
// CHECK-NOT:  arith.addf
// CHECK:      func.func @pick
// CHECK-NEXT:   %[[R:.*]] = gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 : tensor<2x3xf32>, tensor<2x2xi64>
// CHECK-NEXT:   return %[[R]] : tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NOT:  gather.gather
// CHECK-NOT:  arith.addf

func.func @embed(%table: tensor<6x4xf32>, %ids: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  %r = gather.gather %table[%ids] : tensor<6x4xf32>, tensor<2x3xi64>
  %s = arith.addf %r, %r : tensor<2x3x4xf32>
  return %s : tensor<2x3x4xf32>
}

// The other gather of @pick and its user compute values that are never used.
func.func @pick(%d: tensor<2x3xf32>, %i: tensor<2x2xi64>, %e: tensor<5xf32>, %j: tensor<3xi32>) -> tensor<2x2xf32> {
  %a = gather.gather %e[%j] : tensor<5xf32>, tensor<3xi32>
  %b = arith.addf %a, %a : tensor<3xf32>
  %c = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x3xf32>, tensor<2x2xi64>
  return %c : tensor<2x2xf32>
}

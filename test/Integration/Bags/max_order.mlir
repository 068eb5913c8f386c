// The maximum of a bag is arith.maximumf's: a NaN wins wherever it is in
// the bag, and -0.0 is below +0.0 in either order. The vector pooling of the
// pipelines and the generic loops (scripts/ci/upstream.sh runs this test
// through convert-gather-to-linalg, whose default is the generic loops)
// print the same values, worked out by hand.
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=none | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  // Rows: 0 = [-0, +0, 1, NaN], 1 = [+0, -0, NaN, 5], 2 = [-1, -1, 2, 3].
  %t = arith.constant dense<[[-0.0, 0.0, 1.0, 0x7FC00000],
                             [0.0, -0.0, 0x7FC00000, 5.0],
                             [-1.0, -1.0, 2.0, 3.0]]> : tensor<3x4xf32>
  // Bags {0, 1}, {1, 0}, {2, 0}, {2, 2}.
  %i = arith.constant dense<[[0, 1], [1, 0], [2, 0], [2, 2]]> : tensor<4x2xi64>
  %r = gather.embedding_bag max %t[%i] : tensor<3x4xf32>, tensor<4x2xi64> -> tensor<4x4xf32>
  %u = tensor.cast %r : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = 0 sizes = [4, 4]
// CHECK-NEXT: [0, 0, nan, nan]
// CHECK-NEXT: [0, 0, nan, nan]
// CHECK-NEXT: [-0, 0, 2, nan]
// CHECK-NEXT: [-1, -1, 2, 3]

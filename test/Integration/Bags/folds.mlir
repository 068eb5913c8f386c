// The canonicalisation of embedding bags is exact: bags of one id (every
// mode, a row holding -0.0, NaN and negative values, negative ids) give the
// same bits as the gather they fold to, and bags of static length 0 give
// zeros. Both RUN lines check the same values (by hand): without
// canonicalisation the bags are lowered as bags.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --canonicalize --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --canonicalize | FileCheck %s --check-prefix=FOLDED

// FOLDED-NOT: gather.embedding_bag

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @bags(%t: tensor<3x3xf32>, %i: tensor<2x1xi64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %s = gather.embedding_bag sum %t[%i] : tensor<3x3xf32>, tensor<2x1xi64> -> tensor<2x3xf32>
  %m = gather.embedding_bag mean %t[%i] : tensor<3x3xf32>, tensor<2x1xi64> -> tensor<2x3xf32>
  %x = gather.embedding_bag max %t[%i] : tensor<3x3xf32>, tensor<2x1xi64> -> tensor<2x3xf32>
  return %s, %m, %x : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
func.func @int_max(%t: tensor<3x2xi32>, %i: tensor<2x1xi32>) -> tensor<2x2xi32> {
  %x = gather.embedding_bag max %t[%i] : tensor<3x2xi32>, tensor<2x1xi32> -> tensor<2x2xi32>
  return %x : tensor<2x2xi32>
}
func.func @empty(%t: tensor<3x3xf32>, %i: tensor<2x0xi64>) -> tensor<2x3xf32> {
  %x = gather.embedding_bag max %t[%i] : tensor<3x3xf32>, tensor<2x0xi64> -> tensor<2x3xf32>
  return %x : tensor<2x3xf32>
}

func.func @print(%r: tensor<2x3xf32>) {
  %u = tensor.cast %r : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %t = arith.constant dense<[[-0.0, 1.5, -2.0], [0x7FC00000, -7.0, 0.0], [3.0, -0.0, 4.0]]> : tensor<3x3xf32>
  // Bags {2} and {0} (-3 is 0).
  %i = arith.constant dense<[[2], [-3]]> : tensor<2x1xi64>
  %s, %m, %x = call @bags(%t, %i) : (tensor<3x3xf32>, tensor<2x1xi64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  call @print(%s) : (tensor<2x3xf32>) -> ()
  // CHECK:      sizes = [2, 3]
  // CHECK-NEXT: {{\[\[}}3,   -0,   4],
  // CHECK-NEXT:  [-0,   1.5,   -2]]
  call @print(%m) : (tensor<2x3xf32>) -> ()
  // CHECK:      sizes = [2, 3]
  // CHECK-NEXT: {{\[\[}}3,   -0,   4],
  // CHECK-NEXT:  [-0,   1.5,   -2]]
  call @print(%x) : (tensor<2x3xf32>) -> ()
  // CHECK:      sizes = [2, 3]
  // CHECK-NEXT: {{\[\[}}3,   -0,   4],
  // CHECK-NEXT:  [-0,   1.5,   -2]]

  // Bag {1}: the NaN row.
  %i1 = arith.constant dense<[[1], [1]]> : tensor<2x1xi64>
  %s1, %m1, %x1 = call @bags(%t, %i1) : (tensor<3x3xf32>, tensor<2x1xi64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  call @print(%x1) : (tensor<2x3xf32>) -> ()
  // CHECK:      sizes = [2, 3]
  // CHECK-NEXT: {{\[\[}}nan,   -7,   0],
  // CHECK-NEXT:  [nan,   -7,   0]]

  %ti = arith.constant dense<[[-5, -2147483648], [7, -1], [0, 3]]> : tensor<3x2xi32>
  %ii = arith.constant dense<[[0], [-2]]> : tensor<2x1xi32>
  %xi = call @int_max(%ti, %ii) : (tensor<3x2xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
  %uxi = tensor.cast %xi : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%uxi) : (tensor<*xi32>) -> ()
  // CHECK:      sizes = [2, 2]
  // CHECK-NEXT: {{\[\[}}-5,   -2147483648],
  // CHECK-NEXT:  [7,   -1]]

  %e = tensor.empty() : tensor<2x0xi64>
  %xe = call @empty(%t, %e) : (tensor<3x3xf32>, tensor<2x0xi64>) -> tensor<2x3xf32>
  call @print(%xe) : (tensor<2x3xf32>) -> ()
  // CHECK:      sizes = [2, 3]
  // CHECK-NEXT: {{\[\[}}0,   0,   0],
  // CHECK-NEXT:  [0,   0,   0]]
  return
}

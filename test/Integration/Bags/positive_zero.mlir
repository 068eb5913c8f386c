// Float sums from +0.0 (from_positive_zero) against the op's own start at
// -0.0, through gather-to-llvm (vector accumulators) and through
// convert-gather-to-linalg's generic loops: a bag whose every term is -0.0
// sums to +0.0 with the attribute and to -0.0 without; other bags are the
// same. Fixed, weighted and ragged bags, mean, f16 rows (accumulated in
// f32). Expected values by hand: row r < 3 of the table is [r + 1, -(r + 1)],
// row 3 is [-0.0, -0.0].

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-linalg=bag-vector-bytes=0 --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF16(tensor<*xf16>) attributes { llvm.emit_c_interface }

func.func @print(%r: tensor<3x2xf32>) {
  %u = tensor.cast %r : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %t = arith.constant dense<[[1.0, -1.0], [2.0, -2.0], [3.0, -3.0], [-0.0, -0.0]]> : tensor<4x2xf32>
  // Bags: rows 0 + 1, 3 + 3 (all -0.0), 2 + 3.
  %i = arith.constant dense<[[0, 1], [3, 3], [2, 3]]> : tensor<3x2xi64>

  // CHECK: [3,   -3]
  // CHECK-NEXT: [-0,   -0]
  // CHECK-NEXT: [3,   -3]
  %a = gather.embedding_bag sum %t[%i] : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  call @print(%a) : (tensor<3x2xf32>) -> ()
  // CHECK: [3,   -3]
  // CHECK-NEXT: [0,   0]
  // CHECK-NEXT: [3,   -3]
  %b = gather.embedding_bag sum %t[%i] {from_positive_zero} : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  call @print(%b) : (tensor<3x2xf32>) -> ()

  // Weights 2 everywhere: 2 (rows 0 + 1), 2 (-0.0 + -0.0), 2 (row 2 + -0.0).
  // CHECK: [6,   -6]
  // CHECK-NEXT: [0,   0]
  // CHECK-NEXT: [6,   -6]
  %w = arith.constant dense<2.0> : tensor<3x2xf32>
  %c = gather.embedding_bag sum %t[%i] weights(%w : tensor<3x2xf32>) {from_positive_zero} : tensor<4x2xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  call @print(%c) : (tensor<3x2xf32>) -> ()

  // Ragged mean, offsets 0 2 4 over the flat ids 0 1 3 3 2 3: (1 + 2) / 2,
  // (-0.0 + -0.0) / 2, (3 + -0.0) / 2.
  // CHECK: [1.5,   -1.5]
  // CHECK-NEXT: [0,   0]
  // CHECK-NEXT: [1.5,   -1.5]
  %flat = arith.constant dense<[0, 1, 3, 3, 2, 3]> : tensor<6xi64>
  %o = arith.constant dense<[0, 2, 4]> : tensor<3xi64>
  %d = gather.embedding_bag mean %t[%flat] offsets(%o : tensor<3xi64>) {from_positive_zero} : tensor<4x2xf32>, tensor<6xi64> -> tensor<3x2xf32>
  call @print(%d) : (tensor<3x2xf32>) -> ()
  // CHECK: [1.5,   -1.5]
  // CHECK-NEXT: [-0,   -0]
  // CHECK-NEXT: [1.5,   -1.5]
  %e = gather.embedding_bag mean %t[%flat] offsets(%o : tensor<3xi64>) : tensor<4x2xf32>, tensor<6xi64> -> tensor<3x2xf32>
  call @print(%e) : (tensor<3x2xf32>) -> ()

  // f16 rows, accumulated in f32 from +0.0.
  // CHECK: [3,   -3]
  // CHECK-NEXT: [0,   0]
  // CHECK-NEXT: [3,   -3]
  %th = arith.truncf %t : tensor<4x2xf32> to tensor<4x2xf16>
  %f = gather.embedding_bag sum %th[%i] {from_positive_zero} : tensor<4x2xf16>, tensor<3x2xi64> -> tensor<3x2xf16>
  %fu = tensor.cast %f : tensor<3x2xf16> to tensor<*xf16>
  call @printMemrefF16(%fu) : (tensor<*xf16>) -> ()
  return
}

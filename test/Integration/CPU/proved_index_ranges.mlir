// Gathers whose indices gather-prove-index-ranges proves in range run without
// wrap or check (remui, a clamp in a linalg.generic) or with the wrap only
// (remsi), and give the values computed by hand.

// RUN: gather-opt %s --gather-to-llvm | FileCheck %s --check-prefix=IR
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

// No bounds check is left in the proved functions.
// IR-LABEL: llvm.func @remui
// IR-NOT:   out_of_bounds
// IR:       llvm.return
// IR-LABEL: llvm.func @clamp
// IR-NOT:   out_of_bounds
// IR:       llvm.return
// IR-LABEL: llvm.func @remsi
// IR-NOT:   out_of_bounds
// IR:       llvm.return
func.func @remui(%d: tensor<5x2xf32>, %x: tensor<3xi64>) -> tensor<3x2xf32> {
  %c5 = arith.constant dense<5> : tensor<3xi64>
  %i = arith.remui %x, %c5 : tensor<3xi64>
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xi64>
  return %r : tensor<3x2xf32>
}

func.func @clamp(%d: tensor<5x2xf32>, %x: tensor<3xi32>) -> tensor<3x2xf32> {
  %e = tensor.empty() : tensor<3xi32>
  %i = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<3xi32>) outs(%e : tensor<3xi32>) {
  ^bb0(%in: i32, %out: i32):
    %c0 = arith.constant 0 : i32
    %c4 = arith.constant 4 : i32
    %a = arith.maxsi %in, %c0 : i32
    %b = arith.minsi %a, %c4 : i32
    linalg.yield %b : i32
  } -> tensor<3xi32>
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xi32>
  return %r : tensor<3x2xf32>
}

func.func @remsi(%d: tensor<5x2xf32>, %x: tensor<3xi64>) -> tensor<3x2xf32> {
  %c5 = arith.constant dense<5> : tensor<3xi64>
  %i = arith.remsi %x, %c5 : tensor<3xi64>
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xi64>
  return %r : tensor<3x2xf32>
}

func.func @main() {
  %d = arith.constant dense<[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0], [30.0, 31.0], [40.0, 41.0]]> : tensor<5x2xf32>
  // [7, 13, 5] mod 5 = [2, 3, 0].
  %x = arith.constant dense<[7, 13, 5]> : tensor<3xi64>
  %r = call @remui(%d, %x) : (tensor<5x2xf32>, tensor<3xi64>) -> tensor<3x2xf32>
  %u = tensor.cast %r : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}20, 21],
  // CHECK-NEXT: [30, 31],
  // CHECK-NEXT: [0, 1]]

  // clamp([-7, 2, 9], 0, 4) = [0, 2, 4].
  %y = arith.constant dense<[-7, 2, 9]> : tensor<3xi32>
  %s = call @clamp(%d, %y) : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  %v = tensor.cast %s : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, 1],
  // CHECK-NEXT: [20, 21],
  // CHECK-NEXT: [40, 41]]

  // remsi([-7, 13, -5], 5) = [-2, 3, 0], wrapped [3, 3, 0].
  %z = arith.constant dense<[-7, 13, -5]> : tensor<3xi64>
  %t = call @remsi(%d, %z) : (tensor<5x2xf32>, tensor<3xi64>) -> tensor<3x2xf32>
  %w = tensor.cast %t : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%w) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}30, 31],
  // CHECK-NEXT: [30, 31],
  // CHECK-NEXT: [0, 1]]
  return
}

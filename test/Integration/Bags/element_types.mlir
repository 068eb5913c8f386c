// Element types of embedding bags through gather-to-llvm: f16 and bf16 are
// accumulated in f32 and rounded once (the sums below differ from an f16 or
// bf16 accumulation: 2048 + 1 + 1 is 2048 in f16 steps, 256 + 1 + 1 is 256
// in bf16 steps, but 2050 and 258 are representable results), f64, i32 sum
// and max with negative values, and an i8 sum that wraps around. Expected
// values computed by hand.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF16(tensor<*xf16>) attributes { llvm.emit_c_interface }
func.func private @printMemrefBF16(tensor<*xbf16>) attributes { llvm.emit_c_interface }
func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @sum_f16(%t: tensor<3x2xf16>, %i: tensor<1x3xi64>) -> tensor<1x2xf16> {
  %r = gather.embedding_bag sum %t[%i] : tensor<3x2xf16>, tensor<1x3xi64> -> tensor<1x2xf16>
  return %r : tensor<1x2xf16>
}
func.func @weighted_f16(%t: tensor<3x2xf16>, %i: tensor<3xi64>, %o: tensor<1xi64>, %w: tensor<3xf16>) -> tensor<1x2xf16> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<1xi64>) weights(%w : tensor<3xf16>) : tensor<3x2xf16>, tensor<3xi64> -> tensor<1x2xf16>
  return %r : tensor<1x2xf16>
}
func.func @sum_bf16(%t: tensor<?x2xbf16>, %i: tensor<?x3xi32>) -> tensor<?x2xbf16> {
  %r = gather.embedding_bag sum %t[%i] : tensor<?x2xbf16>, tensor<?x3xi32> -> tensor<?x2xbf16>
  return %r : tensor<?x2xbf16>
}
func.func @mean_bf16(%t: tensor<3x2xbf16>, %i: tensor<3xi64>, %o: tensor<2xi64>) -> tensor<1x2xbf16> {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<2xi64>) {include_last_offset} : tensor<3x2xbf16>, tensor<3xi64> -> tensor<1x2xbf16>
  return %r : tensor<1x2xbf16>
}
func.func @mean_f64(%t: tensor<3x2xf64>, %i: tensor<2x2xi64>) -> tensor<2x2xf64> {
  %r = gather.embedding_bag mean %t[%i] : tensor<3x2xf64>, tensor<2x2xi64> -> tensor<2x2xf64>
  return %r : tensor<2x2xf64>
}
func.func @int_bags(%t: tensor<3x2xi32>, %i: tensor<2x3xi64>) -> (tensor<2x2xi32>, tensor<2x2xi32>) {
  %s = gather.embedding_bag sum %t[%i] : tensor<3x2xi32>, tensor<2x3xi64> -> tensor<2x2xi32>
  %m = gather.embedding_bag max %t[%i] : tensor<3x2xi32>, tensor<2x3xi64> -> tensor<2x2xi32>
  return %s, %m : tensor<2x2xi32>, tensor<2x2xi32>
}
func.func @weighted_i32(%t: tensor<3x2xi32>, %i: tensor<2x3xi64>, %w: tensor<2x3xi32>) -> tensor<2x2xi32> {
  %s = gather.embedding_bag sum %t[%i] weights(%w : tensor<2x3xi32>) : tensor<3x2xi32>, tensor<2x3xi64> -> tensor<2x2xi32>
  return %s : tensor<2x2xi32>
}
func.func @sum_i8(%t: tensor<2x1xi8>, %i: tensor<1x2xi64>) -> tensor<1x1xi8> {
  %r = gather.embedding_bag sum %t[%i] : tensor<2x1xi8>, tensor<1x2xi64> -> tensor<1x1xi8>
  return %r : tensor<1x1xi8>
}

func.func @main() {
  %tf16 = arith.constant dense<[[2048.0, 1.0], [1.0, 0.5], [1.0, 0.25]]> : tensor<3x2xf16>
  %i3 = arith.constant dense<[[0, 1, 2]]> : tensor<1x3xi64>
  %sf16 = call @sum_f16(%tf16, %i3) : (tensor<3x2xf16>, tensor<1x3xi64>) -> tensor<1x2xf16>
  %usf16 = tensor.cast %sf16 : tensor<1x2xf16> to tensor<*xf16>
  call @printMemrefF16(%usf16) : (tensor<*xf16>) -> ()
  // CHECK:      sizes = [1, 2]
  // CHECK-NEXT: {{\[\[}}2050,   1.75]]

  // Weights 1, 2, 0.5: 2048 + 2 + 0.5 rounds to 2050, 1 + 1 + 0.125.
  %i3r = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  %o1 = arith.constant dense<[0]> : tensor<1xi64>
  %wf16 = arith.constant dense<[1.0, 2.0, 0.5]> : tensor<3xf16>
  %wsf16 = call @weighted_f16(%tf16, %i3r, %o1, %wf16) : (tensor<3x2xf16>, tensor<3xi64>, tensor<1xi64>, tensor<3xf16>) -> tensor<1x2xf16>
  %uwsf16 = tensor.cast %wsf16 : tensor<1x2xf16> to tensor<*xf16>
  call @printMemrefF16(%uwsf16) : (tensor<*xf16>) -> ()
  // CHECK:      sizes = [1, 2]
  // CHECK-NEXT: {{\[\[}}2050,   2.125]]

  %tbf16 = arith.constant dense<[[256.0, 1.0], [1.0, 2.0], [1.0, 4.0]]> : tensor<3x2xbf16>
  %tbf16d = tensor.cast %tbf16 : tensor<3x2xbf16> to tensor<?x2xbf16>
  %i3b = arith.constant dense<[[0, 1, 2], [1, 2, -1]]> : tensor<2x3xi32>
  %i3bd = tensor.cast %i3b : tensor<2x3xi32> to tensor<?x3xi32>
  %sbf16 = call @sum_bf16(%tbf16d, %i3bd) : (tensor<?x2xbf16>, tensor<?x3xi32>) -> tensor<?x2xbf16>
  %usbf16 = tensor.cast %sbf16 : tensor<?x2xbf16> to tensor<*xbf16>
  call @printMemrefBF16(%usbf16) : (tensor<*xbf16>) -> ()
  // CHECK:      sizes = [2, 2]
  // CHECK-NEXT: {{\[\[}}258,   7],
  // CHECK-NEXT:  [3,   10]]

  // (256 + 1 + 1) / 3 = 86 in f32 steps; (1 + 2 + 4) / 3 = 2.333 rounds to
  // the bf16 2.328125.
  %o2 = arith.constant dense<[0, 3]> : tensor<2xi64>
  %mbf16 = call @mean_bf16(%tbf16, %i3r, %o2) : (tensor<3x2xbf16>, tensor<3xi64>, tensor<2xi64>) -> tensor<1x2xbf16>
  %umbf16 = tensor.cast %mbf16 : tensor<1x2xbf16> to tensor<*xbf16>
  call @printMemrefBF16(%umbf16) : (tensor<*xbf16>) -> ()
  // CHECK:      sizes = [1, 2]
  // CHECK-NEXT: {{\[\[}}86,   2.32812]]

  %tf64 = arith.constant dense<[[1.0, -2.0], [3.0, 5.0], [0.5, 0.25]]> : tensor<3x2xf64>
  %i22 = arith.constant dense<[[0, 1], [2, -3]]> : tensor<2x2xi64>
  %mf64 = call @mean_f64(%tf64, %i22) : (tensor<3x2xf64>, tensor<2x2xi64>) -> tensor<2x2xf64>
  %umf64 = tensor.cast %mf64 : tensor<2x2xf64> to tensor<*xf64>
  call @printMemrefF64(%umf64) : (tensor<*xf64>) -> ()
  // CHECK:      sizes = [2, 2]
  // CHECK-NEXT: {{\[\[}}2,   1.5],
  // CHECK-NEXT:  [0.75,   -0.875]]

  // Bags {0, 1, 2} and {2, 2, 0}.
  %ti = arith.constant dense<[[1, -5], [100, 7], [-20, 3]]> : tensor<3x2xi32>
  %ii = arith.constant dense<[[0, 1, 2], [2, 2, 0]]> : tensor<2x3xi64>
  %si, %mi = call @int_bags(%ti, %ii) : (tensor<3x2xi32>, tensor<2x3xi64>) -> (tensor<2x2xi32>, tensor<2x2xi32>)
  %usi = tensor.cast %si : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%usi) : (tensor<*xi32>) -> ()
  // CHECK:      sizes = [2, 2]
  // CHECK-NEXT: {{\[\[}}81,   5],
  // CHECK-NEXT:  [-39,   1]]
  %umi = tensor.cast %mi : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%umi) : (tensor<*xi32>) -> ()
  // CHECK:      sizes = [2, 2]
  // CHECK-NEXT: {{\[\[}}100,   7],
  // CHECK-NEXT:  [1,   3]]

  // Weights 1 2 3 | -1 0 2: [1 + 200 - 60, -5 + 14 + 9]; [20 + 2, -3 - 10].
  %wi = arith.constant dense<[[1, 2, 3], [-1, 0, 2]]> : tensor<2x3xi32>
  %wsi = call @weighted_i32(%ti, %ii, %wi) : (tensor<3x2xi32>, tensor<2x3xi64>, tensor<2x3xi32>) -> tensor<2x2xi32>
  %uwsi = tensor.cast %wsi : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%uwsi) : (tensor<*xi32>) -> ()
  // CHECK:      sizes = [2, 2]
  // CHECK-NEXT: {{\[\[}}141,   18],
  // CHECK-NEXT:  [22,   -13]]

  // 100 + 100 wraps to -56 in i8.
  %t8 = arith.constant dense<[[100], [100]]> : tensor<2x1xi8>
  %i8 = arith.constant dense<[[0, 1]]> : tensor<1x2xi64>
  %s8 = call @sum_i8(%t8, %i8) : (tensor<2x1xi8>, tensor<1x2xi64>) -> tensor<1x1xi8>
  %s8w = arith.extsi %s8 : tensor<1x1xi8> to tensor<1x1xi32>
  %us8 = tensor.cast %s8w : tensor<1x1xi32> to tensor<*xi32>
  call @printMemrefI32(%us8) : (tensor<*xi32>) -> ()
  // CHECK:      sizes = [1, 1]
  // CHECK-NEXT: {{\[\[}}-56]]
  return
}

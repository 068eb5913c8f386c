// Every raised bag form (sum by linalg.reduce from -0.0 and +0.0, integer
// sum, linalg.generic sum in f64, weighted sum, mean by linalg.generic
// (reading the sum as its input, or dividing it in place) and by linalg.div,
// a +0.0 sum divided by L) run through gather-to-llvm; the
// RAISED checks make sure each became gather.embedding_bag, the values are
// summed by hand from the ids written beside them.
// The f32 table's row r < 4 is [r + 1, 10 (r + 1)], row 4 is [-0.0, -0.0]:
// a bag of row 4 only sums to -0.0 from a fill of -0.0 and to +0.0 from a
// fill of +0.0 (the bag with from_positive_zero).

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=RAISED
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=none | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// RAISED-LABEL: func.func @sum_negzero(
// RAISED-NOT:     gather.gather
// RAISED:         gather.embedding_bag sum
// RAISED-LABEL: func.func @sum_poszero(
// RAISED:         gather.embedding_bag sum {{.*}} {from_positive_zero}
// RAISED-LABEL: func.func @sum_int(
// RAISED:         gather.embedding_bag sum
// RAISED-LABEL: func.func @sum_generic_f64(
// RAISED:         gather.embedding_bag sum
// RAISED-LABEL: func.func @weighted(
// RAISED:         gather.embedding_bag sum {{.*}} weights(
// RAISED-LABEL: func.func @mean_generic(
// RAISED:         gather.embedding_bag mean
// RAISED-LABEL: func.func @mean_div(
// RAISED:         gather.embedding_bag mean
// RAISED-LABEL: func.func @mean_in_place(
// RAISED:         gather.embedding_bag mean
// RAISED-LABEL: func.func @mean_poszero(
// RAISED:         gather.embedding_bag mean {{.*}} {from_positive_zero}
// RAISED-NOT:     linalg.div
// RAISED-LABEL: func.func @sum_f16(
// RAISED-NOT:     gather.embedding_bag
// RAISED:         linalg.reduce

#g = affine_map<(b, l, c) -> (b, l, c)>
#w = affine_map<(b, l, c) -> (b, l)>
#o = affine_map<(b, l, c) -> (b, c)>
#id = affine_map<(b, c) -> (b, c)>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @sum_negzero(%t: tensor<5x2xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %g = gather.gather %t[%i] : tensor<5x2xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x2xf32>) outs(%f : tensor<3x2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x2xf32>
}

func.func @sum_poszero(%t: tensor<5x2xf32>, %i: tensor<3x2xi32>) -> tensor<3x2xf32> {
  %g = gather.gather %t[%i] : tensor<5x2xf32>, tensor<3x2xi32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x2xf32>) outs(%f : tensor<3x2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3x2xf32>
}

func.func @sum_int(%t: tensor<5x2xi32>, %i: tensor<3x2xi64>) -> tensor<3x2xi32> {
  %g = gather.gather %t[%i] : tensor<5x2xi32>, tensor<3x2xi64>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3x2xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<3x2xi32>) -> tensor<3x2xi32>
  %r = linalg.reduce ins(%g : tensor<3x2x2xi32>) outs(%f : tensor<3x2xi32>) dimensions = [1]
    (%in: i32, %acc: i32) {
      %s = arith.addi %in, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<3x2xi32>
}

func.func @sum_generic_f64(%t: tensor<5x2xf64>, %i: tensor<2x3xi64>) -> tensor<2x2xf64> {
  %g = gather.gather %t[%i] : tensor<5x2xf64>, tensor<2x3xi64>
  %z = arith.constant -0.0 : f64
  %e = tensor.empty() : tensor<2x2xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<2x2xf64>) -> tensor<2x2xf64>
  %r = linalg.generic {indexing_maps = [#g, #o], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g : tensor<2x3x2xf64>) outs(%f : tensor<2x2xf64>) {
    ^bb0(%in: f64, %acc: f64):
      %s = arith.addf %acc, %in : f64
      linalg.yield %s : f64
  } -> tensor<2x2xf64>
  return %r : tensor<2x2xf64>
}

func.func @weighted(%t: tensor<5x2xf32>, %i: tensor<3x2xi64>, %wt: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %g = gather.gather %t[%i] : tensor<5x2xf32>, tensor<3x2xi64>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.generic {indexing_maps = [#g, #w, #o], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g, %wt : tensor<3x2x2xf32>, tensor<3x2xf32>) outs(%f : tensor<3x2xf32>) {
    ^bb0(%in: f32, %win: f32, %acc: f32):
      %p = arith.mulf %in, %win : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
  } -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

func.func @mean_generic(%t: tensor<5x2xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %g = gather.gather %t[%i] : tensor<5x2xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x2xf32>) outs(%f : tensor<3x2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %two = arith.constant 2.0 : f32
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<3x2xf32>) outs(%e : tensor<3x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %d = arith.divf %in, %two : f32
      linalg.yield %d : f32
  } -> tensor<3x2xf32>
  return %m : tensor<3x2xf32>
}

func.func @mean_div(%t: tensor<5x2xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %g = gather.gather %t[%i] : tensor<5x2xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x2xf32>) outs(%f : tensor<3x2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %two = arith.constant dense<2.0> : tensor<3x2xf32>
  %m = linalg.div ins(%r, %two : tensor<3x2xf32>, tensor<3x2xf32>) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  return %m : tensor<3x2xf32>
}

func.func @mean_in_place(%t: tensor<5x2xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %g = gather.gather %t[%i] : tensor<5x2xf32>, tensor<3x2xi64>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x2xf32>) outs(%f : tensor<3x2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %two = arith.constant 2.0 : f32
  %m = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%r : tensor<3x2xf32>) {
    ^bb0(%s: f32):
      %d = arith.divf %s, %two : f32
      linalg.yield %d : f32
  } -> tensor<3x2xf32>
  return %m : tensor<3x2xf32>
}

func.func @mean_poszero(%t: tensor<5x2xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %g = gather.gather %t[%i] : tensor<5x2xf32>, tensor<3x2xi64>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.reduce ins(%g : tensor<3x2x2xf32>) outs(%f : tensor<3x2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %two = arith.constant dense<2.0> : tensor<3x2xf32>
  %m = linalg.div ins(%r, %two : tensor<3x2xf32>, tensor<3x2xf32>) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  return %m : tensor<3x2xf32>
}

// Not raised: the f16 reduction rounds at every add, the op would sum in f32.
func.func @sum_f16(%t: tensor<2x1xf16>, %i: tensor<1x3xi64>) -> tensor<1x1xf16> {
  %g = gather.gather %t[%i] : tensor<2x1xf16>, tensor<1x3xi64>
  %z = arith.constant -0.0 : f16
  %e = tensor.empty() : tensor<1x1xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<1x1xf16>) -> tensor<1x1xf16>
  %r = linalg.reduce ins(%g : tensor<1x3x1xf16>) outs(%f : tensor<1x1xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %s = arith.addf %in, %acc : f16
      linalg.yield %s : f16
    }
  return %r : tensor<1x1xf16>
}

func.func @print(%r: tensor<3x2xf32>) {
  %u = tensor.cast %r : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %t = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [-0.0, -0.0]]> : tensor<5x2xf32>
  %ids = arith.constant dense<[[0, 1], [2, 3], [4, 4]]> : tensor<3x2xi64>
  // A negative id -1 is row 4.
  %ids32 = arith.constant dense<[[0, 1], [2, 3], [4, -1]]> : tensor<3x2xi32>

  // CHECK: [3,   30]
  // CHECK-NEXT: [7,   70]
  // CHECK-NEXT: [-0,   -0]
  %s0 = call @sum_negzero(%t, %ids) : (tensor<5x2xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  call @print(%s0) : (tensor<3x2xf32>) -> ()

  // CHECK: [3,   30]
  // CHECK-NEXT: [7,   70]
  // CHECK-NEXT: [0,   0]
  %s1 = call @sum_poszero(%t, %ids32) : (tensor<5x2xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>
  call @print(%s1) : (tensor<3x2xf32>) -> ()

  // Rows [1, 10], [2, 20], [3, 30], [4, 40], [-5, -50]; ids 0+1, 2+3, 4+4.
  // CHECK: [3,   30]
  // CHECK-NEXT: [7,   70]
  // CHECK-NEXT: [-10,   -100]
  %ti = arith.constant dense<[[1, 10], [2, 20], [3, 30], [4, 40], [-5, -50]]> : tensor<5x2xi32>
  %s2 = call @sum_int(%ti, %ids) : (tensor<5x2xi32>, tensor<3x2xi64>) -> tensor<3x2xi32>
  %s2u = tensor.cast %s2 : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%s2u) : (tensor<*xi32>) -> ()

  // ids 0+1+2 and 3+3+0 of the f64 table.
  // CHECK: [6,   60]
  // CHECK-NEXT: [9,   90]
  %td = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [-0.0, -0.0]]> : tensor<5x2xf64>
  %idsd = arith.constant dense<[[0, 1, 2], [3, 3, 0]]> : tensor<2x3xi64>
  %s3 = call @sum_generic_f64(%td, %idsd) : (tensor<5x2xf64>, tensor<2x3xi64>) -> tensor<2x2xf64>
  %s3u = tensor.cast %s3 : tensor<2x2xf64> to tensor<*xf64>
  call @printMemrefF64(%s3u) : (tensor<*xf64>) -> ()

  // 1 [1, 10] + 2 [2, 20]; 0.5 [3, 30] - 1 [4, 40]; -0.0 rows from +0.0.
  // CHECK: [5,   50]
  // CHECK-NEXT: [-2.5,   -25]
  // CHECK-NEXT: [0,   0]
  %wt = arith.constant dense<[[1.0, 2.0], [0.5, -1.0], [1.0, 3.0]]> : tensor<3x2xf32>
  %s4 = call @weighted(%t, %ids, %wt) : (tensor<5x2xf32>, tensor<3x2xi64>, tensor<3x2xf32>) -> tensor<3x2xf32>
  call @print(%s4) : (tensor<3x2xf32>) -> ()

  // The sums above halved; the -0.0 bag stays -0.0.
  // CHECK: [1.5,   15]
  // CHECK-NEXT: [3.5,   35]
  // CHECK-NEXT: [-0,   -0]
  %s5 = call @mean_generic(%t, %ids) : (tensor<5x2xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  call @print(%s5) : (tensor<3x2xf32>) -> ()
  // CHECK: [1.5,   15]
  // CHECK-NEXT: [3.5,   35]
  // CHECK-NEXT: [-0,   -0]
  %s6 = call @mean_div(%t, %ids) : (tensor<5x2xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  call @print(%s6) : (tensor<3x2xf32>) -> ()
  // CHECK: [1.5,   15]
  // CHECK-NEXT: [3.5,   35]
  // CHECK-NEXT: [-0,   -0]
  %s8 = call @mean_in_place(%t, %ids) : (tensor<5x2xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  call @print(%s8) : (tensor<3x2xf32>) -> ()
  // From +0.0 the -0.0 bag is +0.0, halved.
  // CHECK: [1.5,   15]
  // CHECK-NEXT: [3.5,   35]
  // CHECK-NEXT: [0,   0]
  %s7 = call @mean_poszero(%t, %ids) : (tensor<5x2xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  call @print(%s7) : (tensor<3x2xf32>) -> ()

  // Signs of zero of a mean from +0.0: with row 0 = [-2^-149 (the
  // smallest subnormal), 1] and row 1 = [-0.0, 1], bag 0 + 1 sums to
  // -2^-149, which halves to -0.0 (ties to even); bag 1 + 1 sums to +0.0
  // from +0.0; bag 0 + 0 halves to -2^-149.
  // CHECK: [-0,   1]
  // CHECK-NEXT: [0,   1]
  // CHECK-NEXT: [-1.4013e-45,   1]
  %tiny = arith.constant dense<[[-1.40129846e-45, 1.0], [-0.0, 1.0], [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]> : tensor<5x2xf32>
  %idst = arith.constant dense<[[0, 1], [1, 1], [0, 0]]> : tensor<3x2xi64>
  %s9 = call @mean_poszero(%tiny, %idst) : (tensor<5x2xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  call @print(%s9) : (tensor<3x2xf32>) -> ()

  // 2048 + 1 rounds to 2048 in f16 (its spacing there is 2), twice; the
  // op's f32 sum 2050 would be exact in f16.
  // CHECK: [2048]
  %th = arith.constant dense<[[2048.0], [1.0]]> : tensor<2x1xf16>
  %idsh = arith.constant dense<[[0, 1, 1]]> : tensor<1x3xi64>
  %s10 = call @sum_f16(%th, %idsh) : (tensor<2x1xf16>, tensor<1x3xi64>) -> tensor<1x1xf16>
  %s10f = arith.extf %s10 : tensor<1x1xf16> to tensor<1x1xf32>
  %s10u = tensor.cast %s10f : tensor<1x1xf32> to tensor<*xf32>
  call @printMemrefF32(%s10u) : (tensor<*xf32>) -> ()
  return
}

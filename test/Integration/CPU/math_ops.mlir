// Integer math ops on gathered rows, as a front end may emit them (abs,
// population count, powers): the pipeline lowers them beside the gather
// (test/Pipelines/math-to-libm.mlir checks the lowering). The gathered rows
// are rows 2 and 3 (index -1) of the table; the expected values are
// computed by hand.
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func @ops(%d: tensor<4x3xi64>, %i: tensor<2xi64>)
    -> (tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>,
        tensor<2x3xi64>) {
  %g = gather.gather %d[%i] : tensor<4x3xi64>, tensor<2xi64>
  %two = arith.constant dense<2> : tensor<2x3xi64>
  %pop = math.ctpop %g : tensor<2x3xi64>
  %tz = math.cttz %g : tensor<2x3xi64>
  %lz = math.ctlz %g : tensor<2x3xi64>
  %abs = math.absi %g : tensor<2x3xi64>
  %sq = math.ipowi %g, %two : tensor<2x3xi64>
  return %pop, %tz, %lz, %abs, %sq : tensor<2x3xi64>, tensor<2x3xi64>,
      tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>
}
func.func private @printMemrefI64(tensor<*xi64>)
func.func @main() {
  %d = arith.constant dense<[[1, -2, 8], [12, -7, 3], [0, 5, 1024], [6, -1, 2]]> : tensor<4x3xi64>
  %i = arith.constant dense<[2, -1]> : tensor<2xi64>
  %pop, %tz, %lz, %abs, %sq = call @ops(%d, %i) : (tensor<4x3xi64>, tensor<2xi64>)
      -> (tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>,
          tensor<2x3xi64>)
  // Rows [0, 5, 1024] and [6, -1, 2].
  // CHECK: [0,   2,   1],
  // CHECK-NEXT: [2,   64,   1]
  %u0 = tensor.cast %pop : tensor<2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%u0) : (tensor<*xi64>) -> ()
  // CHECK: [64,   0,   10],
  // CHECK-NEXT: [1,   0,   1]
  %u1 = tensor.cast %tz : tensor<2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%u1) : (tensor<*xi64>) -> ()
  // CHECK: [64,   61,   53],
  // CHECK-NEXT: [61,   0,   62]
  %u2 = tensor.cast %lz : tensor<2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%u2) : (tensor<*xi64>) -> ()
  // CHECK: [0,   5,   1024],
  // CHECK-NEXT: [6,   1,   2]
  %u3 = tensor.cast %abs : tensor<2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%u3) : (tensor<*xi64>) -> ()
  // CHECK: [0,   25,   1048576],
  // CHECK-NEXT: [36,   1,   4]
  %u4 = tensor.cast %sq : tensor<2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%u4) : (tensor<*xi64>) -> ()
  return
}

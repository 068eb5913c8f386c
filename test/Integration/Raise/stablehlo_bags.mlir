// An embedding bag as StableHLO writes it, a torch_index_select of rows
// followed by a reduce (add) over the ids dimension, lowered the way
// stablehlo-legalize-to-linalg emits it: the select as a linalg.generic
// reading the table with tensor.extract, the reduce as a linalg.generic
// whose reduced loop is the last one (maps (d0, d1, d2) -> (d0, d2, d1) and
// -> (d0, d1)) from a fill with the element of the rank-0 init, or, with
// enable-primitive-ops, as linalg.reduce; and after --canonicalize (the fill
// of a scalar constant). Raised by gather-to-llvm into gather.embedding_bag
// and lowered by upstream MLIR alone, the outputs must be equal, and equal
// to sums taken by hand. The f32 table's row 4 is [-0.0, -0.0]: the bag of
// that row twice sums to +0.0 from the init 0.0. A reduce by maximum from
// -inf (arith.maximumf: NaN propagates, -0.0 below +0.0) becomes the bag
// max.

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=RAISED
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: %upstream_to_llvm %s | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: FileCheck %s < %t.raised

// RAISED-LABEL: func.func @sum(
// RAISED-NOT:     tensor.extract %arg0
// RAISED:         gather.embedding_bag sum %arg0[%arg1] {from_positive_zero} : tensor<5x2xf32>, tensor<3x2xi32> -> tensor<3x2xf32>
// RAISED-LABEL: func.func @sum_canonical(
// RAISED:         gather.embedding_bag sum %arg0[%arg1] {from_positive_zero} : tensor<5x2xf32>, tensor<3x2xi32> -> tensor<3x2xf32>
// RAISED-LABEL: func.func @sum_primitive(
// RAISED:         gather.embedding_bag sum %arg0[%arg1] {from_positive_zero} : tensor<5x2xf32>, tensor<3x2xi32> -> tensor<3x2xf32>
// RAISED-LABEL: func.func @max(
// RAISED:         gather.embedding_bag max %arg0[%arg1] : tensor<3x4xf32>, tensor<4x2xi32> -> tensor<4x4xf32>
// RAISED-LABEL: func.func @sum_int(
// RAISED:         %[[B:.*]] = gather.embedding_bag sum %arg0[%arg1] : tensor<5x2xi32>, tensor<3x2xi32> -> tensor<3x2xi32>
// RAISED-NEXT:    return %[[B]]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

// stablehlo.reduce(torch_index_select(%arg0, %arg1) {dim = 0,
// batch_dims = 0}, 0.0) across dimensions = [1] ({add}).
func.func @sum(%arg0: tensor<5x2xf32>, %arg1: tensor<3x2xi32>) -> tensor<3x2xf32> {
  %0 = tensor.empty() : tensor<2xf32>
  %1 = tensor.empty() : tensor<3x2x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %0 : tensor<3x2xi32>, tensor<2xf32>) outs(%1 : tensor<3x2x2xf32>) {
  ^bb0(%in: i32, %in_0: f32, %out: f32):
    %6 = arith.index_cast %in : i32 to index
    %7 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%6, %7] : tensor<5x2xf32>
    linalg.yield %extracted : f32
  } -> tensor<3x2x2xf32>
  %cst = arith.constant dense<0.000000e+00> : tensor<f32>
  %extracted_1 = tensor.extract %cst[] : tensor<f32>
  %3 = tensor.empty() : tensor<3x2xf32>
  %4 = linalg.fill ins(%extracted_1 : f32) outs(%3 : tensor<3x2xf32>) -> tensor<3x2xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<3x2x2xf32>) outs(%4 : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %6 = arith.addf %out, %in : f32
    linalg.yield %6 : f32
  } -> tensor<3x2xf32>
  return %5 : tensor<3x2xf32>
}

// The same after --canonicalize.
func.func @sum_canonical(%arg0: tensor<5x2xf32>, %arg1: tensor<3x2xi32>) -> tensor<3x2xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2xf32>
  %1 = tensor.empty() : tensor<3x2x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %0 : tensor<3x2xi32>, tensor<2xf32>) outs(%1 : tensor<3x2x2xf32>) {
  ^bb0(%in: i32, %in_0: f32, %out: f32):
    %6 = arith.index_cast %in : i32 to index
    %7 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%6, %7] : tensor<5x2xf32>
    linalg.yield %extracted : f32
  } -> tensor<3x2x2xf32>
  %3 = tensor.empty() : tensor<3x2xf32>
  %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<3x2xf32>) -> tensor<3x2xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<3x2x2xf32>) outs(%4 : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %6 = arith.addf %out, %in : f32
    linalg.yield %6 : f32
  } -> tensor<3x2xf32>
  return %5 : tensor<3x2xf32>
}

// With enable-primitive-ops: the reduce as linalg.reduce.
func.func @sum_primitive(%arg0: tensor<5x2xf32>, %arg1: tensor<3x2xi32>) -> tensor<3x2xf32> {
  %0 = tensor.empty() : tensor<2xf32>
  %1 = tensor.empty() : tensor<3x2x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %0 : tensor<3x2xi32>, tensor<2xf32>) outs(%1 : tensor<3x2x2xf32>) {
  ^bb0(%in: i32, %in_0: f32, %out: f32):
    %6 = arith.index_cast %in : i32 to index
    %7 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%6, %7] : tensor<5x2xf32>
    linalg.yield %extracted : f32
  } -> tensor<3x2x2xf32>
  %cst = arith.constant dense<0.000000e+00> : tensor<f32>
  %extracted_1 = tensor.extract %cst[] : tensor<f32>
  %3 = tensor.empty() : tensor<3x2xf32>
  %4 = linalg.fill ins(%extracted_1 : f32) outs(%3 : tensor<3x2xf32>) -> tensor<3x2xf32>
  %reduced = linalg.reduce { arith.addf } ins(%2 : tensor<3x2x2xf32>) outs(%4 : tensor<3x2xf32>) dimensions = [1]
  return %reduced : tensor<3x2xf32>
}

// stablehlo.reduce(torch_index_select(...), -inf) across dimensions = [1]
// ({maximum}).
func.func @max(%arg0: tensor<3x4xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = tensor.empty() : tensor<4x2x4xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %0 : tensor<4x2xi32>, tensor<4xf32>) outs(%1 : tensor<4x2x4xf32>) {
  ^bb0(%in: i32, %in_0: f32, %out: f32):
    %6 = arith.index_cast %in : i32 to index
    %7 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%6, %7] : tensor<3x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<4x2x4xf32>
  %cst = arith.constant dense<0xFF800000> : tensor<f32>
  %extracted_1 = tensor.extract %cst[] : tensor<f32>
  %3 = tensor.empty() : tensor<4x4xf32>
  %4 = linalg.fill ins(%extracted_1 : f32) outs(%3 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<4x2x4xf32>) outs(%4 : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %6 = arith.maximumf %out, %in : f32
    linalg.yield %6 : f32
  } -> tensor<4x4xf32>
  return %5 : tensor<4x4xf32>
}

// An i32 table (stablehlo.add lowers to arith.addi).
func.func @sum_int(%arg0: tensor<5x2xi32>, %arg1: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %0 = tensor.empty() : tensor<2xi32>
  %1 = tensor.empty() : tensor<3x2x2xi32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %0 : tensor<3x2xi32>, tensor<2xi32>) outs(%1 : tensor<3x2x2xi32>) {
  ^bb0(%in: i32, %in_0: i32, %out: i32):
    %6 = arith.index_cast %in : i32 to index
    %7 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%6, %7] : tensor<5x2xi32>
    linalg.yield %extracted : i32
  } -> tensor<3x2x2xi32>
  %cst = arith.constant dense<0> : tensor<i32>
  %extracted_1 = tensor.extract %cst[] : tensor<i32>
  %3 = tensor.empty() : tensor<3x2xi32>
  %4 = linalg.fill ins(%extracted_1 : i32) outs(%3 : tensor<3x2xi32>) -> tensor<3x2xi32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<3x2x2xi32>) outs(%4 : tensor<3x2xi32>) {
  ^bb0(%in: i32, %out: i32):
    %6 = arith.addi %out, %in : i32
    linalg.yield %6 : i32
  } -> tensor<3x2xi32>
  return %5 : tensor<3x2xi32>
}

func.func @main() {
  %t = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [-0.0, -0.0]]> : tensor<5x2xf32>
  %ids = arith.constant dense<[[0, 1], [2, 3], [4, 4]]> : tensor<3x2xi32>
  // Bags of rows 0 + 1, 2 + 3 and 4 + 4 (-0.0 + -0.0 from +0.0).
  // CHECK: [3,   30]
  // CHECK-NEXT: [7,   70]
  // CHECK-NEXT: [0,   0]
  // CHECK: [3,   30]
  // CHECK-NEXT: [7,   70]
  // CHECK-NEXT: [0,   0]
  // CHECK: [3,   30]
  // CHECK-NEXT: [7,   70]
  // CHECK-NEXT: [0,   0]
  %a = call @sum(%t, %ids) : (tensor<5x2xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>
  %au = tensor.cast %a : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%au) : (tensor<*xf32>) -> ()
  %b = call @sum_canonical(%t, %ids) : (tensor<5x2xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>
  %bu = tensor.cast %b : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%bu) : (tensor<*xf32>) -> ()
  %c = call @sum_primitive(%t, %ids) : (tensor<5x2xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>
  %cu = tensor.cast %c : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  // Rows 0 = [-0, +0, 1, NaN], 1 = [+0, -0, NaN, 5], 2 = [-1, -1, 2, 3];
  // bags {0, 1}, {1, 0}, {2, 0}, {2, 2}: +0.0 wins over -0.0 in either
  // order, a NaN wherever it is.
  // CHECK: [0,   0,   nan,   nan]
  // CHECK-NEXT: [0,   0,   nan,   nan]
  // CHECK-NEXT: [-0,   0,   2,   nan]
  // CHECK-NEXT: [-1,   -1,   2,   3]
  %tm = arith.constant dense<[[-0.0, 0.0, 1.0, 0x7FC00000], [0.0, -0.0, 0x7FC00000, 5.0], [-1.0, -1.0, 2.0, 3.0]]> : tensor<3x4xf32>
  %im = arith.constant dense<[[0, 1], [1, 0], [2, 0], [2, 2]]> : tensor<4x2xi32>
  %m = call @max(%tm, %im) : (tensor<3x4xf32>, tensor<4x2xi32>) -> tensor<4x4xf32>
  %mu = tensor.cast %m : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%mu) : (tensor<*xf32>) -> ()
  // The i32 table's row 4 is [-5, -50].
  // CHECK: [3,   30]
  // CHECK-NEXT: [7,   70]
  // CHECK-NEXT: [-10,   -100]
  %ti = arith.constant dense<[[1, 10], [2, 20], [3, 30], [4, 40], [-5, -50]]> : tensor<5x2xi32>
  %d = call @sum_int(%ti, %ids) : (tensor<5x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  %du = tensor.cast %d : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%du) : (tensor<*xi32>) -> ()
  return
}

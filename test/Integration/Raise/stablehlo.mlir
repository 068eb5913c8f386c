// The linalg idiom of StableHLO's stablehlo-legalize-to-linalg for
// torch_index_select (a dummy input of the slice's shape, a constant 0 into
// a unit dimension, batch dimensions, rank-0 ids), written as the
// conversion emits it, and a clamp of the id in the body, static and with
// dynamic types: raised by gather-to-llvm and lowered by upstream MLIR
// alone, the outputs (bit patterns) must be equal. The clamp keeps its
// meaning for ids out of range.

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=RAISED
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: %upstream_to_llvm %s | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: FileCheck %s --check-prefix=VALUES < %t.raised

// RAISED-NOT:   tensor.extract
// RAISED-LABEL: func.func @index_select(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<5x1x5xi32>, tensor<2xi32>
// RAISED-LABEL: func.func @index_select_batch(
// RAISED:         gather.gather %{{.*}} axis = 2 batch_dims = 1 {indices_nonnegative} : tensor<4x7x8x2xf32>, tensor<4x3xi32>
// RAISED-LABEL: func.func @index_select_batch_dynamic(
// RAISED:         gather.gather %{{.*}} axis = 2 batch_dims = 1 {indices_nonnegative} : tensor<?x?x?x?xf32>, tensor<?x?xi32>
// RAISED-LABEL: func.func @index_select_scalar(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<4x8xf32>, tensor<i32>
// RAISED-LABEL: func.func @index_select_scalar_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xf32>, tensor<i32>
// RAISED-LABEL: func.func @clamp(
// RAISED:         linalg.generic
// RAISED:           arith.maxsi
// RAISED:           arith.minsi
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<5x3xf32>, tensor<6xindex>
// RAISED-LABEL: func.func @clamp_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xf32>, tensor<?xindex>
// RAISED-NOT:   tensor.extract

func.func private @printMemrefI32(tensor<*xi32>)

// torch_index_select dim 0 of [5, 1, 5] (the unit dimension's index folded
// to a constant 0).
func.func @index_select(%arg0: tensor<5x1x5xi32>, %arg1: tensor<2xi32>) -> tensor<2x1x5xi32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<1x5xi32>
  %1 = tensor.empty() : tensor<2x1x5xi32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %0 : tensor<2xi32>, tensor<1x5xi32>) outs(%1 : tensor<2x1x5xi32>) {
  ^bb0(%in: i32, %in_0: i32, %out: i32):
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%3, %c0, %4] : tensor<5x1x5xi32>
    linalg.yield %extracted : i32
  } -> tensor<2x1x5xi32>
  return %2 : tensor<2x1x5xi32>
}

// torch_index_select dim 2, batch_dims 1.
func.func @index_select_batch(%arg0: tensor<4x7x8x2xf32>, %arg1: tensor<4x3xi32>) -> tensor<4x7x3x2xf32> {
  %0 = tensor.empty() : tensor<4x7x2xf32>
  %1 = tensor.empty() : tensor<4x7x3x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1, %0 : tensor<4x3xi32>, tensor<4x7x2xf32>) outs(%1 : tensor<4x7x3x2xf32>) {
  ^bb0(%in: i32, %in_0: f32, %out: f32):
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 0 : index
    %5 = linalg.index 1 : index
    %6 = linalg.index 3 : index
    %extracted = tensor.extract %arg0[%4, %5, %3, %6] : tensor<4x7x8x2xf32>
    linalg.yield %extracted : f32
  } -> tensor<4x7x3x2xf32>
  return %2 : tensor<4x7x3x2xf32>
}

func.func @index_select_batch_dynamic(%input: tensor<?x?x?x?xf32>, %index: tensor<?x?xi32>) -> tensor<?x?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %dim = tensor.dim %input, %c0 : tensor<?x?x?x?xf32>
  %dim_0 = tensor.dim %input, %c1 : tensor<?x?x?x?xf32>
  %dim_1 = tensor.dim %index, %c1 : tensor<?x?xi32>
  %dim_2 = tensor.dim %input, %c3 : tensor<?x?x?x?xf32>
  %dim_3 = tensor.dim %input, %c0 : tensor<?x?x?x?xf32>
  %dim_4 = tensor.dim %input, %c1 : tensor<?x?x?x?xf32>
  %dim_5 = tensor.dim %input, %c3 : tensor<?x?x?x?xf32>
  %0 = tensor.empty(%dim_3, %dim_4, %dim_5) : tensor<?x?x?xf32>
  %1 = tensor.empty(%dim, %dim_0, %dim_1, %dim_2) : tensor<?x?x?x?xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%index, %0 : tensor<?x?xi32>, tensor<?x?x?xf32>) outs(%1 : tensor<?x?x?x?xf32>) {
  ^bb0(%in: i32, %in_6: f32, %out: f32):
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 0 : index
    %5 = linalg.index 1 : index
    %6 = linalg.index 3 : index
    %extracted = tensor.extract %input[%4, %5, %3, %6] : tensor<?x?x?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?x?xf32>
  return %2 : tensor<?x?x?x?xf32>
}

// Rank-0 ids.
func.func @index_select_scalar(%arg0: tensor<4x8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
  %0 = tensor.empty() : tensor<8xf32>
  %1 = tensor.empty() : tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg1, %0 : tensor<i32>, tensor<8xf32>) outs(%1 : tensor<8xf32>) {
  ^bb0(%in: i32, %in_0: f32, %out: f32):
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 0 : index
    %extracted = tensor.extract %arg0[%3, %4] : tensor<4x8xf32>
    linalg.yield %extracted : f32
  } -> tensor<8xf32>
  return %2 : tensor<8xf32>
}

func.func @index_select_scalar_dynamic(%arg0: tensor<?x?xf32>, %arg1: tensor<i32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %dim = tensor.dim %arg0, %c1 : tensor<?x?xf32>
  %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
  %0 = tensor.empty(%dim_0) : tensor<?xf32>
  %1 = tensor.empty(%dim) : tensor<?xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg1, %0 : tensor<i32>, tensor<?xf32>) outs(%1 : tensor<?xf32>) {
  ^bb0(%in: i32, %in_1: f32, %out: f32):
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 0 : index
    %extracted = tensor.extract %arg0[%3, %4] : tensor<?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?xf32>
  return %2 : tensor<?xf32>
}

// A clamp of the id to [0, s - 1] in the body, as stablehlo.gather's
// lowering clamps its start indices (maxsi with 0 first, then minsi with
// the largest valid index).
func.func @clamp(%operand: tensor<5x3xf32>, %ids: tensor<6xi64>) -> tensor<6x3xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.empty() : tensor<6x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = linalg.index 1 : index
    %3 = arith.index_cast %in : i64 to index
    %4 = arith.maxsi %c0, %3 : index
    %5 = arith.minsi %4, %c4 : index
    %extracted = tensor.extract %operand[%5, %2] : tensor<5x3xf32>
    linalg.yield %extracted : f32
  } -> tensor<6x3xf32>
  return %1 : tensor<6x3xf32>
}

func.func @clamp_dynamic(%operand: tensor<?x?xf32>, %ids: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %ids, %c0 : tensor<?xi64>
  %m = tensor.dim %operand, %c1 : tensor<?x?xf32>
  %s = tensor.dim %operand, %c0 : tensor<?x?xf32>
  %last = arith.subi %s, %c1 : index
  %0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi64>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = linalg.index 1 : index
    %3 = arith.index_cast %in : i64 to index
    %4 = arith.maxsi %c0, %3 : index
    %5 = arith.minsi %4, %last : index
    %extracted = tensor.extract %operand[%5, %2] : tensor<?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// t[r][c] = 10 r + c; ids [3, 0].
// VALUES:      sizes = [2, 1, 5] strides = [5, 5, 1] data =
// VALUES-NEXT: {{\[\[\[}}30,   31,   32,   33,   34]],
// VALUES-NEXT: {{\[\[}}0,   1,   2,   3,   4]]]
func.func @main() {
  %t = arith.constant dense<[[[0, 1, 2, 3, 4]], [[10, 11, 12, 13, 14]], [[20, 21, 22, 23, 24]], [[30, 31, 32, 33, 34]], [[40, 41, 42, 43, 44]]]> : tensor<5x1x5xi32>
  %ti = arith.constant dense<[3, 0]> : tensor<2xi32>
  %a = call @index_select(%t, %ti) : (tensor<5x1x5xi32>, tensor<2xi32>) -> tensor<2x1x5xi32>
  %ua = tensor.cast %a : tensor<2x1x5xi32> to tensor<*xi32>
  call @printMemrefI32(%ua) : (tensor<*xi32>) -> ()

  // b[i][j][k][l] = 1000 i + 100 j + 10 k + l + 0.5, built by a loop nest.
  %e = tensor.empty() : tensor<4x7x8x2xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<4x7x8x2xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %l = linalg.index 3 : index
    %c1000 = arith.constant 1000 : index
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %vi = arith.muli %i, %c1000 : index
    %vj = arith.muli %j, %c100 : index
    %vk = arith.muli %k, %c10 : index
    %s1 = arith.addi %vi, %vj : index
    %s2 = arith.addi %s1, %vk : index
    %s3 = arith.addi %s2, %l : index
    %n = arith.index_cast %s3 : index to i32
    %f = arith.sitofp %n : i32 to f32
    %half = arith.constant 0.5 : f32
    %v = arith.addf %f, %half : f32
    linalg.yield %v : f32
  } -> tensor<4x7x8x2xf32>
  %bi = arith.constant dense<[[7, 0, 3], [1, 1, 6], [5, 2, 0], [4, 7, 7]]> : tensor<4x3xi32>
  %r = call @index_select_batch(%b, %bi) : (tensor<4x7x8x2xf32>, tensor<4x3xi32>) -> tensor<4x7x3x2xf32>
  %rb = arith.bitcast %r : tensor<4x7x3x2xf32> to tensor<4x7x3x2xi32>
  %ur = tensor.cast %rb : tensor<4x7x3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%ur) : (tensor<*xi32>) -> ()
  %bd = tensor.cast %b : tensor<4x7x8x2xf32> to tensor<?x?x?x?xf32>
  %bid = tensor.cast %bi : tensor<4x3xi32> to tensor<?x?xi32>
  %rd = call @index_select_batch_dynamic(%bd, %bid) : (tensor<?x?x?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?x?xf32>
  %rdb = arith.bitcast %rd : tensor<?x?x?x?xf32> to tensor<?x?x?x?xi32>
  %urd = tensor.cast %rdb : tensor<?x?x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%urd) : (tensor<*xi32>) -> ()

  %s = arith.constant dense<[[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5], [10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5], [20.5, 21.5, 22.5, 23.5, 24.5, 25.5, 26.5, 27.5], [30.5, 31.5, 32.5, 33.5, 34.5, 35.5, 36.5, 37.5]]> : tensor<4x8xf32>
  %si = arith.constant dense<2> : tensor<i32>
  %q = call @index_select_scalar(%s, %si) : (tensor<4x8xf32>, tensor<i32>) -> tensor<8xf32>
  %qb = arith.bitcast %q : tensor<8xf32> to tensor<8xi32>
  %uq = tensor.cast %qb : tensor<8xi32> to tensor<*xi32>
  call @printMemrefI32(%uq) : (tensor<*xi32>) -> ()
  %sd = tensor.cast %s : tensor<4x8xf32> to tensor<?x?xf32>
  %qd = call @index_select_scalar_dynamic(%sd, %si) : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xf32>
  %qdb = arith.bitcast %qd : tensor<?xf32> to tensor<?xi32>
  %uqd = tensor.cast %qdb : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%uqd) : (tensor<*xi32>) -> ()

  // Ids below 0 and above 4 read the first and the last row.
  %o = arith.constant dense<[[0.25, 1.25, 2.25], [10.25, 11.25, 12.25], [20.25, 21.25, 22.25], [30.25, 31.25, 32.25], [40.25, 41.25, 42.25]]> : tensor<5x3xf32>
  %oi = arith.constant dense<[-1, 4, 9, 2, -7, 0]> : tensor<6xi64>
  %c = call @clamp(%o, %oi) : (tensor<5x3xf32>, tensor<6xi64>) -> tensor<6x3xf32>
  %cb = arith.bitcast %c : tensor<6x3xf32> to tensor<6x3xi32>
  %uc = tensor.cast %cb : tensor<6x3xi32> to tensor<*xi32>
  call @printMemrefI32(%uc) : (tensor<*xi32>) -> ()
  %od = tensor.cast %o : tensor<5x3xf32> to tensor<?x?xf32>
  %oid = tensor.cast %oi : tensor<6xi64> to tensor<?xi64>
  %cd = call @clamp_dynamic(%od, %oid) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %cdb = arith.bitcast %cd : tensor<?x?xf32> to tensor<?x?xi32>
  %ucd = tensor.cast %cdb : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%ucd) : (tensor<*xi32>) -> ()
  return
}

// The linalg idiom of torch-mlir's TorchToLinalg (aten.embedding with its
// range asserts, aten.index_select, aten.index.Tensor with its wrap of
// negative ids), written as the conversion emits it, static and with dynamic
// types: raised by gather-to-llvm and lowered by upstream MLIR alone, the
// outputs (bit patterns) must be equal. The asserts keep their meaning in
// the raised program whatever bounds-check says, and stay silent when the
// idiom computes no element.

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=RAISED
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: %upstream_to_llvm %s | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: FileCheck %s --check-prefix=VALUES < %t.raised
// RUN: gather-opt %s --gather-to-affine=bounds-check=none | FileCheck %s --check-prefix=ASSERT-IR
// RUN: gather-opt %s --gather-to-llvm=bounds-check=none | not --crash mlir-runner -e main_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=ABORT --allow-empty
// RUN: %upstream_to_llvm %s | not --crash mlir-runner -e main_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=ABORT --allow-empty
// RUN: gather-opt %s --gather-to-llvm=bounds-check=none | mlir-runner -e main_no_element -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=EMPTY
// RUN: %upstream_to_llvm %s | mlir-runner -e main_no_element -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=EMPTY

// Every idiom is raised (no tensor.extract is left).
// RAISED-NOT:   tensor.extract
// RAISED-LABEL: func.func @embedding(
// RAISED:         cf.assert
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<5x3xi32>, tensor<2x3xindex>
// RAISED-LABEL: func.func @embedding_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xi32>, tensor<?x?xindex>
// RAISED-LABEL: func.func @index_select(
// RAISED:         gather.gather %{{.*}} axis = 1 {indices_nonnegative} : tensor<3x7x2xf32>, tensor<4xi64>
// RAISED-LABEL: func.func @index_select_dynamic(
// RAISED:         gather.gather %{{.*}} axis = 1 {indices_nonnegative} : tensor<?x?x?xf32>, tensor<?xi64>
// RAISED-LABEL: func.func @index_tensor(
// RAISED:         gather.gather %{{.*}} axis = 1 : tensor<2x5x3xf32>, tensor<1x4xi64>
// RAISED-LABEL: func.func @index_tensor_dynamic(
// RAISED:         gather.gather %{{.*}} axis = 1 : tensor<?x?x?xf32>, tensor<1x?xi64>
// RAISED-NOT:   tensor.extract

func.func private @printMemrefI32(tensor<*xi32>)

// aten.embedding: weight [5, 3] (i32 here, to read the values), ids [2, 3].
func.func @embedding(%weight: tensor<5x3xi32>, %ids: tensor<2x3xi64>) -> tensor<2x3x3xi32> {
  %0 = tensor.empty() : tensor<2x3x3xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<2x3xi64>) outs(%0 : tensor<2x3x3xi32>) {
  ^bb0(%in: i64, %out: i32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 2 : index
    %4 = arith.index_cast %in : i64 to index
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %5 = arith.cmpi slt, %4, %c5 : index
    cf.assert %5, "index must be smaller than dim size"
    %c0_i64 = arith.constant 0 : i64
    %6 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %6, "index must be larger or equal to 0"
    %extracted = tensor.extract %weight[%2, %3] : tensor<5x3xi32>
    linalg.yield %extracted : i32
  } -> tensor<2x3x3xi32>
  %cast = tensor.cast %1 : tensor<2x3x3xi32> to tensor<2x3x3xi32>
  return %cast : tensor<2x3x3xi32>
}

// The same with dynamic types: the sizes of the result come from tensor.dim,
// the assert's bound is a tensor.dim in the body.
func.func @embedding_dynamic(%weight: tensor<?x?xi32>, %ids: tensor<?x?xi64>) -> tensor<?x?x?xi32> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %ids, %c0 : tensor<?x?xi64>
  %c1 = arith.constant 1 : index
  %dim_0 = tensor.dim %ids, %c1 : tensor<?x?xi64>
  %c1_1 = arith.constant 1 : index
  %dim_2 = tensor.dim %weight, %c1_1 : tensor<?x?xi32>
  %0 = tensor.empty(%dim, %dim_0, %dim_2) : tensor<?x?x?xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<?x?xi64>) outs(%0 : tensor<?x?x?xi32>) {
  ^bb0(%in: i64, %out: i32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 2 : index
    %4 = arith.index_cast %in : i64 to index
    %c0_3 = arith.constant 0 : index
    %dim_4 = tensor.dim %weight, %c0_3 : tensor<?x?xi32>
    %5 = arith.cmpi slt, %4, %dim_4 : index
    cf.assert %5, "index must be smaller than dim size"
    %c0_i64 = arith.constant 0 : i64
    %6 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %6, "index must be larger or equal to 0"
    %extracted = tensor.extract %weight[%2, %3] : tensor<?x?xi32>
    linalg.yield %extracted : i32
  } -> tensor<?x?x?xi32>
  %cast = tensor.cast %1 : tensor<?x?x?xi32> to tensor<?x?x?xi32>
  return %cast : tensor<?x?x?xi32>
}

// aten.index_select along dimension 1: the index of the gathered loop is
// created and left unused.
func.func @index_select(%input: tensor<3x7x2xf32>, %index: tensor<4xi64>) -> tensor<3x4x2xf32> {
  %0 = tensor.empty() : tensor<3x4x2xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%index : tensor<4xi64>) outs(%0 : tensor<3x4x2xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 0 : index
    %4 = linalg.index 1 : index
    %5 = linalg.index 2 : index
    %extracted = tensor.extract %input[%3, %2, %5] : tensor<3x7x2xf32>
    linalg.yield %extracted : f32
  } -> tensor<3x4x2xf32>
  %cast = tensor.cast %1 : tensor<3x4x2xf32> to tensor<3x4x2xf32>
  return %cast : tensor<3x4x2xf32>
}

func.func @index_select_dynamic(%input: tensor<?x?x?xf32>, %index: tensor<?xi64>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %input, %c0 : tensor<?x?x?xf32>
  %c0_0 = arith.constant 0 : index
  %dim_1 = tensor.dim %index, %c0_0 : tensor<?xi64>
  %c2 = arith.constant 2 : index
  %dim_2 = tensor.dim %input, %c2 : tensor<?x?x?xf32>
  %0 = tensor.empty(%dim, %dim_1, %dim_2) : tensor<?x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%index : tensor<?xi64>) outs(%0 : tensor<?x?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 0 : index
    %4 = linalg.index 1 : index
    %5 = linalg.index 2 : index
    %extracted = tensor.extract %input[%3, %2, %5] : tensor<?x?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?xf32>
  %cast = tensor.cast %1 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  return %cast : tensor<?x?x?xf32>
}

// aten.index.Tensor with one index tensor [1, 4] at dimension 1: the unit
// dimension of the ids is mapped to 0, negative ids are wrapped in i64
// against the (folded) size 5.
func.func @index_tensor(%x: tensor<2x5x3xf32>, %ids: tensor<1x4xi64>) -> tensor<2x1x4x3xf32> {
  %0 = tensor.empty() : tensor<2x1x4x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ids : tensor<1x4xi64>) outs(%0 : tensor<2x1x4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = linalg.index 0 : index
    %c0_i64 = arith.constant 0 : i64
    %3 = arith.cmpi slt, %in, %c0_i64 : i64
    %c5_i64 = arith.constant 5 : i64
    %4 = arith.addi %in, %c5_i64 : i64
    %5 = arith.select %3, %4, %in : i64
    %6 = arith.index_cast %5 : i64 to index
    %7 = linalg.index 3 : index
    %extracted = tensor.extract %x[%2, %6, %7] : tensor<2x5x3xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x1x4x3xf32>
  %cast = tensor.cast %1 : tensor<2x1x4x3xf32> to tensor<2x1x4x3xf32>
  return %cast : tensor<2x1x4x3xf32>
}

// The same with a dynamic table and number of ids: the wrap's size is the
// tensor.dim of the table cast to i64.
func.func @index_tensor_dynamic(%x: tensor<?x?x?xf32>, %ids: tensor<1x?xi64>) -> tensor<?x1x?x?xf32> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %c1 = arith.constant 1 : index
  %dim_0 = tensor.dim %ids, %c1 : tensor<1x?xi64>
  %c2 = arith.constant 2 : index
  %dim_1 = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %0 = tensor.empty(%dim, %dim_0, %dim_1) : tensor<?x1x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ids : tensor<1x?xi64>) outs(%0 : tensor<?x1x?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = linalg.index 0 : index
    %c0_i64 = arith.constant 0 : i64
    %3 = arith.cmpi slt, %in, %c0_i64 : i64
    %c1_2 = arith.constant 1 : index
    %dim_3 = tensor.dim %x, %c1_2 : tensor<?x?x?xf32>
    %4 = arith.index_cast %dim_3 : index to i64
    %5 = arith.addi %in, %4 : i64
    %6 = arith.select %3, %5, %in : i64
    %7 = arith.index_cast %6 : i64 to index
    %8 = linalg.index 3 : index
    %extracted = tensor.extract %x[%2, %7, %8] : tensor<?x?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x1x?x?xf32>
  %cast = tensor.cast %1 : tensor<?x1x?x?xf32> to tensor<?x1x?x?xf32>
  return %cast : tensor<?x1x?x?xf32>
}

// weight[r][c] = 10 r + c; ids [[4, 0, 2], [2, 3, 1]].
// VALUES:      sizes = [2, 3, 3] strides = [9, 3, 1] data =
// VALUES-NEXT: {{\[\[\[}}40,   41,   42],
// VALUES-NEXT: [0,   1,   2],
// VALUES-NEXT: [20,   21,   22]],
// VALUES-NEXT: {{\[\[}}20,   21,   22],
// VALUES-NEXT: [30,   31,   32],
// VALUES-NEXT: [10,   11,   12]]]
// VALUES:      sizes = [2, 3, 3] strides = [9, 3, 1] data =
// VALUES-NEXT: {{\[\[\[}}40,   41,   42],
func.func @main() {
  %weight = arith.constant dense<[[0, 1, 2], [10, 11, 12], [20, 21, 22], [30, 31, 32], [40, 41, 42]]> : tensor<5x3xi32>
  %ids = arith.constant dense<[[4, 0, 2], [2, 3, 1]]> : tensor<2x3xi64>
  %e = call @embedding(%weight, %ids) : (tensor<5x3xi32>, tensor<2x3xi64>) -> tensor<2x3x3xi32>
  %ue = tensor.cast %e : tensor<2x3x3xi32> to tensor<*xi32>
  call @printMemrefI32(%ue) : (tensor<*xi32>) -> ()
  %weight_d = tensor.cast %weight : tensor<5x3xi32> to tensor<?x?xi32>
  %ids_d = tensor.cast %ids : tensor<2x3xi64> to tensor<?x?xi64>
  %ed = call @embedding_dynamic(%weight_d, %ids_d) : (tensor<?x?xi32>, tensor<?x?xi64>) -> tensor<?x?x?xi32>
  %ued = tensor.cast %ed : tensor<?x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%ued) : (tensor<*xi32>) -> ()

  // input[i][j][k] = 100 i + 10 j + k + 0.5 (f32).
  %input = arith.constant dense<[
    [[0.5, 1.5], [10.5, 11.5], [20.5, 21.5], [30.5, 31.5], [40.5, 41.5], [50.5, 51.5], [60.5, 61.5]],
    [[100.5, 101.5], [110.5, 111.5], [120.5, 121.5], [130.5, 131.5], [140.5, 141.5], [150.5, 151.5], [160.5, 161.5]],
    [[200.5, 201.5], [210.5, 211.5], [220.5, 221.5], [230.5, 231.5], [240.5, 241.5], [250.5, 251.5], [260.5, 261.5]]]> : tensor<3x7x2xf32>
  %index = arith.constant dense<[6, 0, 3, 3]> : tensor<4xi64>
  %s = call @index_select(%input, %index) : (tensor<3x7x2xf32>, tensor<4xi64>) -> tensor<3x4x2xf32>
  %sb = arith.bitcast %s : tensor<3x4x2xf32> to tensor<3x4x2xi32>
  %us = tensor.cast %sb : tensor<3x4x2xi32> to tensor<*xi32>
  call @printMemrefI32(%us) : (tensor<*xi32>) -> ()
  %input_d = tensor.cast %input : tensor<3x7x2xf32> to tensor<?x?x?xf32>
  %index_d = tensor.cast %index : tensor<4xi64> to tensor<?xi64>
  %sd = call @index_select_dynamic(%input_d, %index_d) : (tensor<?x?x?xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
  %sdb = arith.bitcast %sd : tensor<?x?x?xf32> to tensor<?x?x?xi32>
  %usd = tensor.cast %sdb : tensor<?x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%usd) : (tensor<*xi32>) -> ()

  // x[i][j][k] = 100 i + 10 j + k + 0.25; ids with negative values.
  %x = arith.constant dense<[
    [[0.25, 1.25, 2.25], [10.25, 11.25, 12.25], [20.25, 21.25, 22.25], [30.25, 31.25, 32.25], [40.25, 41.25, 42.25]],
    [[100.25, 101.25, 102.25], [110.25, 111.25, 112.25], [120.25, 121.25, 122.25], [130.25, 131.25, 132.25], [140.25, 141.25, 142.25]]]> : tensor<2x5x3xf32>
  %xi = arith.constant dense<[[-1, 2, -5, 0]]> : tensor<1x4xi64>
  %t = call @index_tensor(%x, %xi) : (tensor<2x5x3xf32>, tensor<1x4xi64>) -> tensor<2x1x4x3xf32>
  %tb = arith.bitcast %t : tensor<2x1x4x3xf32> to tensor<2x1x4x3xi32>
  %ut = tensor.cast %tb : tensor<2x1x4x3xi32> to tensor<*xi32>
  call @printMemrefI32(%ut) : (tensor<*xi32>) -> ()
  %x_d = tensor.cast %x : tensor<2x5x3xf32> to tensor<?x?x?xf32>
  %xi_d = tensor.cast %xi : tensor<1x4xi64> to tensor<1x?xi64>
  %td = call @index_tensor_dynamic(%x_d, %xi_d) : (tensor<?x?x?xf32>, tensor<1x?xi64>) -> tensor<?x1x?x?xf32>
  %tdb = arith.bitcast %td : tensor<?x1x?x?xf32> to tensor<?x1x?x?xi32>
  %utd = tensor.cast %tdb : tensor<?x1x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%utd) : (tensor<*xi32>) -> ()
  return
}

// An id of 5 for a weight of 5 rows: the assert of the idiom aborts the
// program before it prints anything (its message, printed with puts, is
// lost with the buffered output), also in the raised program lowered
// without bounds checks, which keeps the asserts in its loop over the ids.
// ASSERT-IR-LABEL: func.func @embedding_dynamic(
// ASSERT-IR:         affine.for
// ASSERT-IR:           cf.assert %{{.*}}, "index must be smaller than dim size"
// ASSERT-IR:           cf.assert %{{.*}}, "index must be larger or equal to 0"
// ABORT-NOT: Unranked Memref
func.func @main_out_of_range() {
  %weight = arith.constant dense<1> : tensor<5x3xi32>
  %ids = arith.constant dense<[[4, 0, 2], [2, 5, 1]]> : tensor<2x3xi64>
  %weight_d = tensor.cast %weight : tensor<5x3xi32> to tensor<?x?xi32>
  %ids_d = tensor.cast %ids : tensor<2x3xi64> to tensor<?x?xi64>
  %e = call @embedding_dynamic(%weight_d, %ids_d) : (tensor<?x?xi32>, tensor<?x?xi64>) -> tensor<?x?x?xi32>
  %ue = tensor.cast %e : tensor<?x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%ue) : (tensor<*xi32>) -> ()
  return
}

// Rows of no element: the idiom evaluates no assert, and neither does the
// raised program, though the id 9 is out of range. The program prints the
// sizes of the result.
// EMPTY: 2
// EMPTY-NEXT: 3
// EMPTY-NEXT: 0
func.func @main_no_element() {
  %weight = arith.constant dense<> : tensor<5x0xi32>
  %ids = arith.constant dense<[[4, 0, 2], [2, 9, 1]]> : tensor<2x3xi64>
  %weight_d = tensor.cast %weight : tensor<5x0xi32> to tensor<?x?xi32>
  %ids_d = tensor.cast %ids : tensor<2x3xi64> to tensor<?x?xi64>
  %e = call @embedding_dynamic(%weight_d, %ids_d) : (tensor<?x?xi32>, tensor<?x?xi64>) -> tensor<?x?x?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %e, %c0 : tensor<?x?x?xi32>
  %d1 = tensor.dim %e, %c1 : tensor<?x?x?xi32>
  %d2 = tensor.dim %e, %c2 : tensor<?x?x?xi32>
  vector.print %d0 : index
  vector.print %d1 : index
  vector.print %d2 : index
  return
}

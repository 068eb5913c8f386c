// The linalg gather idiom with unit dimensions of the ids or of the table
// read at 0 and without a loop of their own (IREE's lowering of
// tensor.gather with gather_dims([1]), tt-mlir's embedding with a weight
// [1, 1, V, D], with an element-wise tail, both at once), static and with
// dynamic types: raised by gather-to-llvm and lowered by upstream MLIR
// alone, the outputs must be equal, and the values computed by hand from
// t[a][k][c] = 100 a + 10 k + c and w[0][0][k][c] = 10 k + c.

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=RAISED
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: %upstream_to_llvm %s | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: FileCheck %s --check-prefix=VALUES < %t.raised

// RAISED-NOT:   tensor.extract
// RAISED-LABEL: func.func @iree_gather_dim1(
// RAISED:         gather.gather %{{.*}} axis = 1 {indices_nonnegative} : tensor<3x7x5xf32>, tensor<4x1xi64>
// RAISED-LABEL: func.func @iree_gather_dim1_dynamic(
// RAISED:         gather.gather %{{.*}} axis = 1 {indices_nonnegative} : tensor<?x?x?xf32>, tensor<?x1xi64>
// RAISED-LABEL: func.func @tt_embedding_unit_table(
// RAISED:         gather.gather %{{.*}} axis = 2 {indices_nonnegative} : tensor<1x1x10x4xf32>, tensor<2x3xi32>
// RAISED-LABEL: func.func @tt_embedding_unit_table_dynamic(
// RAISED:         gather.gather %{{.*}} axis = 2 {indices_nonnegative} : tensor<1x1x?x?xf32>, tensor<?x?xi32>
// RAISED-LABEL: func.func @unit_table_tail(
// RAISED:         gather.gather %{{.*}} axis = 2 {indices_nonnegative} : tensor<1x1x10x4xf32>, tensor<2x3xi32>
// RAISED-LABEL: func.func @unit_table_and_ids(
// RAISED:         gather.gather %{{.*}} axis = 2 {indices_nonnegative} : tensor<1x1x10x4xf32>, tensor<3x1x1xi64>
// RAISED-NOT:   tensor.extract

func.func private @printMemrefF32(tensor<*xf32>)

func.func @iree_gather_dim1(%t: tensor<3x7x5xf32>, %ids: tensor<4x1xi64>) -> tensor<4x3x5xf32> {
  %0 = tensor.empty() : tensor<4x3x5xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<4x1xi64>) outs(%0 : tensor<4x3x5xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %t[%3, %2, %4] : tensor<3x7x5xf32>
    linalg.yield %extracted : f32
  } -> tensor<4x3x5xf32>
  return %1 : tensor<4x3x5xf32>
}

func.func @iree_gather_dim1_dynamic(%t: tensor<?x?x?xf32>, %ids: tensor<?x1xi64>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %ids, %c0 : tensor<?x1xi64>
  %a = tensor.dim %t, %c0 : tensor<?x?x?xf32>
  %b = tensor.dim %t, %c2 : tensor<?x?x?xf32>
  %0 = tensor.empty(%n, %a, %b) : tensor<?x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<?x1xi64>) outs(%0 : tensor<?x?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %t[%3, %2, %4] : tensor<?x?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

func.func @tt_embedding_unit_table(%arg0: tensor<2x3xi32>, %arg1: tensor<1x1x10x4xf32>) -> tensor<2x3x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x3xi32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%c0, %c0, %2, %3] : tensor<1x1x10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

func.func @tt_embedding_unit_table_dynamic(%arg0: tensor<?x?xi32>, %arg1: tensor<1x1x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d0 = tensor.dim %arg0, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %arg0, %c1 : tensor<?x?xi32>
  %d2 = tensor.dim %arg1, %c3 : tensor<1x1x?x?xf32>
  %0 = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<?x?xi32>) outs(%0 : tensor<?x?x?xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%c0, %c0, %2, %3] : tensor<1x1x?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

func.func @unit_table_tail(%arg0: tensor<2x3xi32>, %arg1: tensor<1x1x10x4xf32>, %scale: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %scale : tensor<2x3xi32>, tensor<4xf32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i32, %s: f32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%c0, %c0, %2, %3] : tensor<1x1x10x4xf32>
    %scaled = arith.mulf %extracted, %s : f32
    linalg.yield %scaled : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

func.func @unit_table_and_ids(%ids: tensor<3x1x1xi64>, %w: tensor<1x1x10x4xf32>) -> tensor<3x1x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<3x1x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<3x1x1xi64>) outs(%0 : tensor<3x1x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %w[%c0, %c0, %2, %3] : tensor<1x1x10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<3x1x4xf32>
  return %1 : tensor<3x1x4xf32>
}

func.func @print(%t: tensor<?x?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// out[n][a][c] = t[a][ids[n]][c], ids 6, 0, 3, 5.
// VALUES:      sizes = [4, 3, 5] strides = [15, 5, 1] data =
// VALUES-NEXT: {{\[\[\[}}60,   61,   62,   63,   64],
// VALUES-NEXT: [160,   161,   162,   163,   164],
// VALUES-NEXT: [260,   261,   262,   263,   264]],
// VALUES-NEXT: {{\[\[}}0,   1,   2,   3,   4],
// VALUES:      [250,   251,   252,   253,   254]]]
// VALUES:      sizes = [4, 3, 5] strides = [15, 5, 1] data =
// VALUES-NEXT: {{\[\[\[}}60,   61,   62,   63,   64],
// VALUES:      [250,   251,   252,   253,   254]]]
// out[i][j][c] = w[0][0][ids[i][j]][c], ids [[9, 0, 4], [4, 1, 7]].
// VALUES:      sizes = [2, 3, 4] strides = [12, 4, 1] data =
// VALUES-NEXT: {{\[\[\[}}90,   91,   92,   93],
// VALUES-NEXT: [0,   1,   2,   3],
// VALUES-NEXT: [40,   41,   42,   43]],
// VALUES-NEXT: {{\[\[}}40,   41,   42,   43],
// VALUES-NEXT: [10,   11,   12,   13],
// VALUES-NEXT: [70,   71,   72,   73]]]
// VALUES:      sizes = [2, 3, 4] strides = [12, 4, 1] data =
// VALUES-NEXT: {{\[\[\[}}90,   91,   92,   93],
// VALUES:      [70,   71,   72,   73]]]
// With the scale [1, 2, 0.5, -1].
// VALUES:      sizes = [2, 3, 4] strides = [12, 4, 1] data =
// VALUES-NEXT: {{\[\[\[}}90,   182,   46,   -93],
// VALUES-NEXT: [0,   2,   1,   -3],
// VALUES:      [70,   142,   36,   -73]]]
// out[i][0][c] = w[0][0][ids[i][0][0]][c], ids 2, 8, 5.
// VALUES:      sizes = [3, 1, 4] strides = [4, 4, 1] data =
// VALUES-NEXT: {{\[\[\[}}20,   21,   22,   23]],
// VALUES-NEXT: {{\[\[}}80,   81,   82,   83]],
// VALUES-NEXT: {{\[\[}}50,   51,   52,   53]]]
func.func @main() {
  %t = tensor.generate {
  ^bb0(%a: index, %k: index, %c: index):
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %x = arith.muli %a, %c100 : index
    %y = arith.muli %k, %c10 : index
    %s = arith.addi %x, %y : index
    %v = arith.addi %s, %c : index
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    tensor.yield %f : f32
  } : tensor<3x7x5xf32>
  %ids = arith.constant dense<[[6], [0], [3], [5]]> : tensor<4x1xi64>
  %r1 = call @iree_gather_dim1(%t, %ids) : (tensor<3x7x5xf32>, tensor<4x1xi64>) -> tensor<4x3x5xf32>
  %r1d = tensor.cast %r1 : tensor<4x3x5xf32> to tensor<?x?x?xf32>
  call @print(%r1d) : (tensor<?x?x?xf32>) -> ()
  %td = tensor.cast %t : tensor<3x7x5xf32> to tensor<?x?x?xf32>
  %idsd = tensor.cast %ids : tensor<4x1xi64> to tensor<?x1xi64>
  %r2 = call @iree_gather_dim1_dynamic(%td, %idsd) : (tensor<?x?x?xf32>, tensor<?x1xi64>) -> tensor<?x?x?xf32>
  call @print(%r2) : (tensor<?x?x?xf32>) -> ()

  %w = tensor.generate {
  ^bb0(%u: index, %v: index, %k: index, %c: index):
    %c10 = arith.constant 10 : index
    %y = arith.muli %k, %c10 : index
    %s = arith.addi %y, %c : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    tensor.yield %f : f32
  } : tensor<1x1x10x4xf32>
  %e = arith.constant dense<[[9, 0, 4], [4, 1, 7]]> : tensor<2x3xi32>
  %r3 = call @tt_embedding_unit_table(%e, %w) : (tensor<2x3xi32>, tensor<1x1x10x4xf32>) -> tensor<2x3x4xf32>
  %r3d = tensor.cast %r3 : tensor<2x3x4xf32> to tensor<?x?x?xf32>
  call @print(%r3d) : (tensor<?x?x?xf32>) -> ()
  %wd = tensor.cast %w : tensor<1x1x10x4xf32> to tensor<1x1x?x?xf32>
  %ed = tensor.cast %e : tensor<2x3xi32> to tensor<?x?xi32>
  %r4 = call @tt_embedding_unit_table_dynamic(%ed, %wd) : (tensor<?x?xi32>, tensor<1x1x?x?xf32>) -> tensor<?x?x?xf32>
  call @print(%r4) : (tensor<?x?x?xf32>) -> ()

  %scale = arith.constant dense<[1.0, 2.0, 0.5, -1.0]> : tensor<4xf32>
  %r6 = call @unit_table_tail(%e, %w, %scale) : (tensor<2x3xi32>, tensor<1x1x10x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %r6d = tensor.cast %r6 : tensor<2x3x4xf32> to tensor<?x?x?xf32>
  call @print(%r6d) : (tensor<?x?x?xf32>) -> ()

  %u = arith.constant dense<[[[2]], [[8]], [[5]]]> : tensor<3x1x1xi64>
  %r5 = call @unit_table_and_ids(%u, %w) : (tensor<3x1x1xi64>, tensor<1x1x10x4xf32>) -> tensor<3x1x4xf32>
  %r5d = tensor.cast %r5 : tensor<3x1x4xf32> to tensor<?x?x?xf32>
  call @print(%r5d) : (tensor<?x?x?xf32>) -> ()
  return
}

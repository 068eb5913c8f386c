// The linalg idiom of tt-mlir's ttir.embedding lowering (i32 ids, and f32
// ids converted by fptosi in the body) and of upstream tosa-to-linalg for
// tosa.gather (batch dimension), written as they emit it, static and with
// dynamic types: raised by gather-to-llvm and lowered by upstream MLIR
// alone, the outputs (bit patterns) must be equal. A negative id, undefined
// in the idiom, is reported by the raised gather under bounds-check=assert.

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=RAISED
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: %upstream_to_llvm %s | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: FileCheck %s --check-prefix=VALUES < %t.raised
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_negative -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// RAISED-NOT:   tensor.extract
// RAISED-LABEL: func.func @tt_embedding(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<10x4xf32>, tensor<2x3xi32>
// RAISED-LABEL: func.func @tt_embedding_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xf32>, tensor<?x?xi32>
// RAISED-LABEL: func.func @tt_embedding_f32_ids(
// RAISED:         arith.fptosi
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<10x4xf32>, tensor<2x3xindex>
// RAISED-LABEL: func.func @tt_embedding_f32_ids_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xf32>, tensor<?x?xindex>
// RAISED-LABEL: func.func @tosa_gather(
// RAISED:         gather.gather %{{.*}} axis = 1 batch_dims = 1 {indices_nonnegative} : tensor<2x5x3xf32>, tensor<2x4xi32>
// RAISED-LABEL: func.func @tosa_gather_dynamic(
// RAISED:         gather.gather %{{.*}} axis = 1 batch_dims = 1 {indices_nonnegative} : tensor<?x?x?xf32>, tensor<?x?xi32>
// RAISED-NOT:   tensor.extract

func.func private @printMemrefI32(tensor<*xi32>)

// ttir.embedding: ids [2, 3] (i32), weight [10, 4].
func.func @tt_embedding(%arg0: tensor<2x3xi32>, %arg1: tensor<10x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x3xi32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%2, %3] : tensor<10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

func.func @tt_embedding_dynamic(%arg0: tensor<?x?xi32>, %arg1: tensor<?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %arg0, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %arg0, %c1 : tensor<?x?xi32>
  %d2 = tensor.dim %arg1, %c1 : tensor<?x?xf32>
  %0 = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<?x?xi32>) outs(%0 : tensor<?x?x?xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%2, %3] : tensor<?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// ttir.embedding with f32 ids: fptosi to i32 in the body.
func.func @tt_embedding_f32_ids(%arg0: tensor<2x3xf32>, %arg1: tensor<10x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x3xf32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.fptosi %in : f32 to i32
    %3 = arith.index_cast %2 : i32 to index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%3, %4] : tensor<10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

func.func @tt_embedding_f32_ids_dynamic(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %arg0, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
  %d2 = tensor.dim %arg1, %c1 : tensor<?x?xf32>
  %0 = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<?x?xf32>) outs(%0 : tensor<?x?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.fptosi %in : f32 to i32
    %3 = arith.index_cast %2 : i32 to index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %arg1[%3, %4] : tensor<?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// tosa-to-linalg of tosa.gather (values [N, K, C], indices [N, W]).
func.func @tosa_gather(%arg0: tensor<2x5x3xf32>, %arg1: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = tensor.empty() : tensor<2x4x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<2x4xi32>) outs(%0 : tensor<2x4x3xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = linalg.index 0 : index
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%2, %3, %4] : tensor<2x5x3xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x4x3xf32>
  return %1 : tensor<2x4x3xf32>
}

func.func @tosa_gather_dynamic(%arg0: tensor<?x?x?xf32>, %arg1: tensor<?x?xi32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?x?x?xf32>
  %c1 = arith.constant 1 : index
  %dim_0 = tensor.dim %arg1, %c1 : tensor<?x?xi32>
  %c2 = arith.constant 2 : index
  %dim_1 = tensor.dim %arg0, %c2 : tensor<?x?x?xf32>
  %0 = tensor.empty(%dim, %dim_0, %dim_1) : tensor<?x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<?x?xi32>) outs(%0 : tensor<?x?x?xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = linalg.index 0 : index
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%2, %3, %4] : tensor<?x?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// w[r][c] = 10 r + c + 0.5; ids [[9, 0, 4], [4, 1, 7]]: the first row of
// the result is w[9] = 90.5, 91.5, 92.5, 93.5 (0x42B50000, 0x42B70000,
// 0x42B90000, 0x42BB0000).
// VALUES:      sizes = [2, 3, 4] strides = [12, 4, 1] data =
// VALUES-NEXT: {{\[\[\[}}1119158272,    1119289344,    1119420416,    1119551488],
func.func @main() {
  %w = arith.constant dense<[[0.5, 1.5, 2.5, 3.5], [10.5, 11.5, 12.5, 13.5], [20.5, 21.5, 22.5, 23.5], [30.5, 31.5, 32.5, 33.5], [40.5, 41.5, 42.5, 43.5], [50.5, 51.5, 52.5, 53.5], [60.5, 61.5, 62.5, 63.5], [70.5, 71.5, 72.5, 73.5], [80.5, 81.5, 82.5, 83.5], [90.5, 91.5, 92.5, 93.5]]> : tensor<10x4xf32>
  %ids = arith.constant dense<[[9, 0, 4], [4, 1, 7]]> : tensor<2x3xi32>
  %a = call @tt_embedding(%ids, %w) : (tensor<2x3xi32>, tensor<10x4xf32>) -> tensor<2x3x4xf32>
  %ab = arith.bitcast %a : tensor<2x3x4xf32> to tensor<2x3x4xi32>
  %ua = tensor.cast %ab : tensor<2x3x4xi32> to tensor<*xi32>
  call @printMemrefI32(%ua) : (tensor<*xi32>) -> ()
  %wd = tensor.cast %w : tensor<10x4xf32> to tensor<?x?xf32>
  %idsd = tensor.cast %ids : tensor<2x3xi32> to tensor<?x?xi32>
  %ad = call @tt_embedding_dynamic(%idsd, %wd) : (tensor<?x?xi32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  %adb = arith.bitcast %ad : tensor<?x?x?xf32> to tensor<?x?x?xi32>
  %uad = tensor.cast %adb : tensor<?x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%uad) : (tensor<*xi32>) -> ()

  // f32 ids, truncated towards 0 by fptosi.
  %fids = arith.constant dense<[[9.75, 0.0, 4.5], [3.99, 1.25, 7.0]]> : tensor<2x3xf32>
  %f = call @tt_embedding_f32_ids(%fids, %w) : (tensor<2x3xf32>, tensor<10x4xf32>) -> tensor<2x3x4xf32>
  %fb = arith.bitcast %f : tensor<2x3x4xf32> to tensor<2x3x4xi32>
  %uf = tensor.cast %fb : tensor<2x3x4xi32> to tensor<*xi32>
  call @printMemrefI32(%uf) : (tensor<*xi32>) -> ()
  %fidsd = tensor.cast %fids : tensor<2x3xf32> to tensor<?x?xf32>
  %fd = call @tt_embedding_f32_ids_dynamic(%fidsd, %wd) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  %fdb = arith.bitcast %fd : tensor<?x?x?xf32> to tensor<?x?x?xi32>
  %ufd = tensor.cast %fdb : tensor<?x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%ufd) : (tensor<*xi32>) -> ()

  %v = arith.constant dense<[[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0], [40.0, 41.0, 42.0]],
                             [[100.0, 101.0, 102.0], [110.0, 111.0, 112.0], [120.0, 121.0, 122.0], [130.0, 131.0, 132.0], [140.0, 141.0, 142.0]]]> : tensor<2x5x3xf32>
  %vi = arith.constant dense<[[4, 0, 2, 2], [1, 3, 0, 4]]> : tensor<2x4xi32>
  %t = call @tosa_gather(%v, %vi) : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  %tb = arith.bitcast %t : tensor<2x4x3xf32> to tensor<2x4x3xi32>
  %ut = tensor.cast %tb : tensor<2x4x3xi32> to tensor<*xi32>
  call @printMemrefI32(%ut) : (tensor<*xi32>) -> ()
  %vd = tensor.cast %v : tensor<2x5x3xf32> to tensor<?x?x?xf32>
  %vid = tensor.cast %vi : tensor<2x4xi32> to tensor<?x?xi32>
  %td = call @tosa_gather_dynamic(%vd, %vid) : (tensor<?x?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
  %tdb = arith.bitcast %td : tensor<?x?x?xf32> to tensor<?x?x?xi32>
  %utd = tensor.cast %tdb : tensor<?x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%utd) : (tensor<*xi32>) -> ()
  return
}

// NEGATIVE: gather: index -1 is out of bounds for a dimension of size 5
func.func @main_negative() {
  %v = arith.constant dense<1.0> : tensor<2x5x3xf32>
  %vi = arith.constant dense<[[4, 0, 2, 2], [1, -1, 0, 4]]> : tensor<2x4xi32>
  %vd = tensor.cast %v : tensor<2x5x3xf32> to tensor<?x?x?xf32>
  %vid = tensor.cast %vi : tensor<2x4xi32> to tensor<?x?xi32>
  %td = call @tosa_gather_dynamic(%vd, %vid) : (tensor<?x?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
  %tdb = arith.bitcast %td : tensor<?x?x?xf32> to tensor<?x?x?xi32>
  %utd = tensor.cast %tdb : tensor<?x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%utd) : (tensor<*xi32>) -> ()
  return
}

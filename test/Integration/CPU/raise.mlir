// raise-to-gather on real runs. tosa.gather: the raised gather (gather-to-llvm
// runs raise-to-gather first) and upstream tosa-to-linalg give the same
// output on the same inputs (diff of the two runs), and both the values
// computed by hand from v[n][k][c] = 100 n + 10 k + c. tensor.gather: MLIR 22
// has no lowering of its own (gather-to-llvm without the raising fails with
// "op was not bufferized"), so the reference is a linalg.generic written
// here from tensor.gather's definition, run in the same module, and values
// by hand from s[i][j] = 10 i + j. A negative TOSA index is an error of the
// program (TOSA requires 0 <= index < K) and stops it under the default
// bounds-check=assert instead of being wrapped.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main_tosa -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: gather-opt %s --pass-pipeline="builtin.module(func.func(tosa-to-linalg))" | FileCheck %s --check-prefix=UPSTREAM
// RUN: gather-opt %s --pass-pipeline="builtin.module(func.func(tosa-to-linalg))" | gather-opt --gather-to-llvm | mlir-runner -e main_tosa -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: FileCheck %s --check-prefix=TOSA < %t.raised
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main_tensor -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=TENSOR
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_tosa_negative -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NEG --implicit-check-not=Unranked
// RUN: not gather-opt %s --pass-pipeline="builtin.module(func.func(tosa-to-linalg),convert-gather-to-linalg,one-shot-bufferize{bufferize-function-boundaries})" 2>&1 | FileCheck %s --check-prefix=NOLOWERING

// The upstream path really lowers the TOSA gather (else both runs would
// take the raised path).
// UPSTREAM-LABEL: func.func @tosa_gather
// UPSTREAM-NOT:     tosa.gather
// UPSTREAM-NOT:     gather.gather
// UPSTREAM:         linalg.generic
// UPSTREAM:           tensor.extract

// NOLOWERING: error: op was not bufferized
// NOLOWERING-NEXT: tensor.gather

func.func private @printMemrefF32(tensor<*xf32>)

func.func @tosa_gather(%v: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %r = tosa.gather %v, %i : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %r : tensor<2x4x3xf32>
}

// TOSA: rank = 3 offset = 0 sizes = [2, 4, 3] strides = [12, 3, 1] data =
// TOSA-NEXT: {{\[\[\[}}40,   41,   42],
// TOSA-NEXT: [0,   1,   2],
// TOSA-NEXT: [20,   21,   22],
// TOSA-NEXT: [20,   21,   22]],
// TOSA-NEXT: {{\[\[}}110,   111,   112],
// TOSA-NEXT: [130,   131,   132],
// TOSA-NEXT: [100,   101,   102],
// TOSA-NEXT: [140,   141,   142]]]
func.func @main_tosa() {
  %v = arith.constant dense<[[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0], [40.0, 41.0, 42.0]],
                             [[100.0, 101.0, 102.0], [110.0, 111.0, 112.0], [120.0, 121.0, 122.0], [130.0, 131.0, 132.0], [140.0, 141.0, 142.0]]]> : tensor<2x5x3xf32>
  %i = arith.constant dense<[[4, 0, 2, 2], [1, 3, 0, 4]]> : tensor<2x4xi32>
  %r = call @tosa_gather(%v, %i) : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  %u = tensor.cast %r : tensor<2x4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// NEG: gather: index 4294967295 is out of bounds for a dimension of size 5
func.func @main_tosa_negative() {
  %v = arith.constant dense<1.0> : tensor<2x5x3xf32>
  %i = arith.constant dense<[[4, 0, 2, 2], [1, -1, 0, 4]]> : tensor<2x4xi32>
  %r = call @tosa_gather(%v, %i) : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  %u = tensor.cast %r : tensor<2x4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// gather_dims([1]), rank-preserving: out[b][i][0] = s[i][idx[b][0]].
func.func @tensor_gather_1(%s: tensor<3x4xf32>, %i: tensor<2x1xindex>) -> tensor<2x3x1xf32> {
  %r = tensor.gather %s[%i] gather_dims([1]) : (tensor<3x4xf32>, tensor<2x1xindex>) -> tensor<2x3x1xf32>
  return %r : tensor<2x3x1xf32>
}
func.func @reference_1(%s: tensor<3x4xf32>, %i: tensor<2x1xindex>) -> tensor<2x3x1xf32> {
  %e = tensor.empty() : tensor<2x3x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, i, u) -> (b, i, u)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<2x3x1xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %x = linalg.index 1 : index
    %u = linalg.index 2 : index
    %k = tensor.extract %i[%b, %u] : tensor<2x1xindex>
    %v = tensor.extract %s[%x, %k] : tensor<3x4xf32>
    linalg.yield %v : f32
  } -> tensor<2x3x1xf32>
  return %r : tensor<2x3x1xf32>
}

// gather_dims([0]), rank-reducing: out[b][j] = s[idx[b][0]][j].
func.func @tensor_gather_0(%s: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %r = tensor.gather %s[%i] gather_dims([0]) unique : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
func.func @reference_0(%s: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, j) -> (b, j)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<2x4xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c0 = arith.constant 0 : index
    %k32 = tensor.extract %i[%b, %c0] : tensor<2x1xi32>
    %k = arith.index_cast %k32 : i32 to index
    %v = tensor.extract %s[%k, %j] : tensor<3x4xf32>
    linalg.yield %v : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// TENSOR: rank = 3 offset = 0 sizes = [2, 3, 1] strides = [3, 1, 1] data =
// TENSOR-NEXT: {{\[\[\[}}3],
// TENSOR-NEXT: [13],
// TENSOR-NEXT: [23]],
// TENSOR-NEXT: {{\[\[}}0],
// TENSOR-NEXT: [10],
// TENSOR-NEXT: [20]]]
// TENSOR: rank = 3 offset = 0 sizes = [2, 3, 1] strides = [3, 1, 1] data =
// TENSOR-NEXT: {{\[\[\[}}3],
// TENSOR-NEXT: [13],
// TENSOR-NEXT: [23]],
// TENSOR-NEXT: {{\[\[}}0],
// TENSOR-NEXT: [10],
// TENSOR-NEXT: [20]]]
// TENSOR: rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1] data =
// TENSOR-NEXT: {{\[\[}}20,   21,   22,   23],
// TENSOR-NEXT: [10,   11,   12,   13]]
// TENSOR: rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1] data =
// TENSOR-NEXT: {{\[\[}}20,   21,   22,   23],
// TENSOR-NEXT: [10,   11,   12,   13]]
// gather_dims([1]) of a [1, 3, 2] table: the leading unit dimension moves
// behind the index dimension by a reshape. out[b][0][0][c] = s[0][idx[b]][c].
func.func @tensor_gather_unit(%s: tensor<1x3x2xf32>, %i: tensor<2x1xi64>) -> tensor<2x1x1x2xf32> {
  %r = tensor.gather %s[%i] gather_dims([1]) : (tensor<1x3x2xf32>, tensor<2x1xi64>) -> tensor<2x1x1x2xf32>
  return %r : tensor<2x1x1x2xf32>
}
func.func @reference_unit(%s: tensor<1x3x2xf32>, %i: tensor<2x1xi64>) -> tensor<2x1x1x2xf32> {
  %e = tensor.empty() : tensor<2x1x1x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, z, u, c) -> (b, z, u, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<2x1x1x2xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %z = linalg.index 1 : index
    %c = linalg.index 3 : index
    %c0 = arith.constant 0 : index
    %k64 = tensor.extract %i[%b, %c0] : tensor<2x1xi64>
    %k = arith.index_cast %k64 : i64 to index
    %v = tensor.extract %s[%z, %k, %c] : tensor<1x3x2xf32>
    linalg.yield %v : f32
  } -> tensor<2x1x1x2xf32>
  return %r : tensor<2x1x1x2xf32>
}

// TENSOR: rank = 4 offset = 0 sizes = [2, 1, 1, 2] strides = [2, 2, 2, 1] data =
// TENSOR-NEXT: {{\[\[\[\[}}20,    21]]],
// TENSOR-NEXT: {{\[\[\[}}0,    1]]]]
// TENSOR: rank = 4 offset = 0 sizes = [2, 1, 1, 2] strides = [2, 2, 2, 1] data =
// TENSOR-NEXT: {{\[\[\[\[}}20,    21]]],
// TENSOR-NEXT: {{\[\[\[}}0,    1]]]]
func.func @main_tensor() {
  %s = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i1 = arith.constant dense<[[3], [0]]> : tensor<2x1xindex>
  %a = call @tensor_gather_1(%s, %i1) : (tensor<3x4xf32>, tensor<2x1xindex>) -> tensor<2x3x1xf32>
  %ua = tensor.cast %a : tensor<2x3x1xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ar = call @reference_1(%s, %i1) : (tensor<3x4xf32>, tensor<2x1xindex>) -> tensor<2x3x1xf32>
  %uar = tensor.cast %ar : tensor<2x3x1xf32> to tensor<*xf32>
  call @printMemrefF32(%uar) : (tensor<*xf32>) -> ()
  %i0 = arith.constant dense<[[2], [1]]> : tensor<2x1xi32>
  %b = call @tensor_gather_0(%s, %i0) : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  %ub = tensor.cast %b : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %br = call @reference_0(%s, %i0) : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  %ubr = tensor.cast %br : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%ubr) : (tensor<*xf32>) -> ()
  %su = arith.constant dense<[[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0]]]> : tensor<1x3x2xf32>
  %iu = arith.constant dense<[[2], [0]]> : tensor<2x1xi64>
  %c = call @tensor_gather_unit(%su, %iu) : (tensor<1x3x2xf32>, tensor<2x1xi64>) -> tensor<2x1x1x2xf32>
  %uc = tensor.cast %c : tensor<2x1x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  %cr = call @reference_unit(%su, %iu) : (tensor<1x3x2xf32>, tensor<2x1xi64>) -> tensor<2x1x1x2xf32>
  %ucr = tensor.cast %cr : tensor<2x1x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%ucr) : (tensor<*xf32>) -> ()
  return
}

// raise-to-gather of tensor.gather on real runs. MLIR 22 has no lowering of
// tensor.gather of its own (gather-to-llvm without the raising fails with
// "op was not bufferized"), so the reference is a linalg.generic written
// here from tensor.gather's definition, run in the same module (its two
// reads are no gather idiom, so it is not raised), and values by hand from
// s[i][j] = 10 i + j.

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=REFERENCE
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main_tensor -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=TENSOR
// RUN: not gather-opt %s --pass-pipeline="builtin.module(convert-gather-to-linalg,one-shot-bufferize{bufferize-function-boundaries})" 2>&1 | FileCheck %s --check-prefix=NOLOWERING

// NOLOWERING: error: op was not bufferized
// NOLOWERING-NEXT: tensor.gather

// The references stay as they are.
// REFERENCE-LABEL: func.func @reference_1
// REFERENCE-NOT:     gather.gather
// REFERENCE:         tensor.extract
// REFERENCE:         tensor.extract
// REFERENCE-LABEL: func.func @reference_0
// REFERENCE-NOT:     gather.gather
// REFERENCE:         tensor.extract
// REFERENCE:         tensor.extract
// REFERENCE-LABEL: func.func @reference_unit
// REFERENCE-NOT:     gather.gather
// REFERENCE:         tensor.extract
// REFERENCE:         tensor.extract

func.func private @printMemrefF32(tensor<*xf32>)

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

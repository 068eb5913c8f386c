// A small embedding lookup in the style of an ONNX model: a vocabulary of 6
// tokens with 4-wide embeddings, a batch of 2 sequences of 3 token ids
// (int64, one of them negative: -1 selects the last row, as in ONNX Gather
// v11+), and a second, batched gather that picks one position per sequence.
//
//   gather-opt examples/embedding_lookup.mlir --gather-to-llvm |
//     mlir-runner -e main -entry-point-result=void \
//       -shared-libs=libmlir_runner_utils.so,libmlir_c_runner_utils.so

func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})

/// Embeds a batch of token ids: [B, T] ids -> [B, T, 4] embeddings.
func.func @embed(%table: tensor<?x4xf32>, %ids: tensor<?x?xi64>) -> tensor<?x?x4xf32> {
  %e = gather.gather %table[%ids] : tensor<?x4xf32>, tensor<?x?xi64>
  return %e : tensor<?x?x4xf32>
}

/// Picks position pos[b] of every sequence b: batch_dims = 1 over [B, T, 4].
func.func @pick(%x: tensor<?x?x4xf32>, %pos: tensor<?xi32>) -> tensor<?x4xf32> {
  %r = gather.gather %x[%pos] axis = 1 batch_dims = 1 : tensor<?x?x4xf32>, tensor<?xi32>
  return %r : tensor<?x4xf32>
}

func.func @main() {
  %table = arith.constant dense<[[0.0, 0.1, 0.2, 0.3],
                                 [1.0, 1.1, 1.2, 1.3],
                                 [2.0, 2.1, 2.2, 2.3],
                                 [3.0, 3.1, 3.2, 3.3],
                                 [4.0, 4.1, 4.2, 4.3],
                                 [5.0, 5.1, 5.2, 5.3]]> : tensor<6x4xf32>
  %ids = arith.constant dense<[[1, 4, -1], [0, 2, 2]]> : tensor<2x3xi64>
  %pos = arith.constant dense<[2, 0]> : tensor<2xi32>
  %t = tensor.cast %table : tensor<6x4xf32> to tensor<?x4xf32>
  %i = tensor.cast %ids : tensor<2x3xi64> to tensor<?x?xi64>
  %p = tensor.cast %pos : tensor<2xi32> to tensor<?xi32>

  %e = call @embed(%t, %i) : (tensor<?x4xf32>, tensor<?x?xi64>) -> tensor<?x?x4xf32>
  %eu = tensor.cast %e : tensor<?x?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%eu) : (tensor<*xf32>) -> ()

  %r = call @pick(%e, %p) : (tensor<?x?x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %ru = tensor.cast %r : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  return
}

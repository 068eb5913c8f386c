// Ragged bags (sum) with gather.embedding_bag: offsets with PyTorch's
// semantics (include_last_offset false), the number of ids dynamic.
func.func @@NAME@(%table: tensor<@RAG_ROWS@x64xf32>,
                  %ids: tensor<?xi64>,
                  %offsets: tensor<@RAG_BAGS@xi64>,
                  %out: memref<@RAG_BAGS@x64xf32>)
    attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %table[%ids] offsets(%offsets : tensor<@RAG_BAGS@xi64>)
      : tensor<@RAG_ROWS@x64xf32>, tensor<?xi64> -> tensor<@RAG_BAGS@x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<@RAG_BAGS@x64xf32>, memref<@RAG_BAGS@x64xf32>) -> ()
  return
}

// Bag mean with gather.embedding_bag.
func.func @@NAME@(%table: tensor<@MEAN_ROWS@x64xf32>,
                  %ids: tensor<@MEAN_BAGS@x@MEAN_LEN@xi64>,
                  %out: memref<@MEAN_BAGS@x64xf32>)
    attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag mean %table[%ids]
      : tensor<@MEAN_ROWS@x64xf32>, tensor<@MEAN_BAGS@x@MEAN_LEN@xi64> -> tensor<@MEAN_BAGS@x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<@MEAN_BAGS@x64xf32>, memref<@MEAN_BAGS@x64xf32>) -> ()
  return
}

// Weighted bag sum with gather.embedding_bag (per-sample weights).
func.func @@NAME@(%table: tensor<@SUM_ROWS@x128xf32>,
                  %ids: tensor<@SUM_BAGS@x@SUM_LEN@xi64>,
                  %weights: tensor<@SUM_BAGS@x@SUM_LEN@xf32>,
                  %out: memref<@SUM_BAGS@x128xf32>)
    attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %table[%ids]
      weights(%weights : tensor<@SUM_BAGS@x@SUM_LEN@xf32>)
      : tensor<@SUM_ROWS@x128xf32>, tensor<@SUM_BAGS@x@SUM_LEN@xi64> -> tensor<@SUM_BAGS@x128xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<@SUM_BAGS@x128xf32>, memref<@SUM_BAGS@x128xf32>) -> ()
  return
}

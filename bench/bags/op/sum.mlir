// Bag sum with gather.embedding_bag (fixed bags). run.sh substitutes the
// shapes and the function's name, as for upstream/sum.mlir.
func.func @@NAME@(%table: tensor<@SUM_ROWS@x128xf32>,
                  %ids: tensor<@SUM_BAGS@x@SUM_LEN@xi64>,
                  %out: memref<@SUM_BAGS@x128xf32>)
    attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %table[%ids]
      : tensor<@SUM_ROWS@x128xf32>, tensor<@SUM_BAGS@x@SUM_LEN@xi64> -> tensor<@SUM_BAGS@x128xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<@SUM_BAGS@x128xf32>, memref<@SUM_BAGS@x128xf32>) -> ()
  return
}

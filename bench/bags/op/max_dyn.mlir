// Bag max in gather.embedding_bag as in max.mlir, the number of bags dynamic (a
// run-time size of the ids, the weights and the output). run.sh substitutes
// the shapes and the function's name.
func.func @@NAME@(%table: tensor<@SUM_ROWS@x128xf32>,
                  %ids: tensor<?x@SUM_LEN@xi64>,
                  %out: memref<?x128xf32>)
    attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag max %table[%ids]
      : tensor<@SUM_ROWS@x128xf32>, tensor<?x@SUM_LEN@xi64> -> tensor<?x128xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x128xf32>, memref<?x128xf32>) -> ()
  return
}

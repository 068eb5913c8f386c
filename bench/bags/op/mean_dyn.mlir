// Bag mean in gather.embedding_bag as in mean.mlir, the number of bags dynamic (a
// run-time size of the ids, the weights and the output). run.sh substitutes
// the shapes and the function's name.
func.func @@NAME@(%table: tensor<@MEAN_ROWS@x64xf32>,
                  %ids: tensor<?x@MEAN_LEN@xi64>,
                  %out: memref<?x64xf32>)
    attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag mean %table[%ids]
      : tensor<@MEAN_ROWS@x64xf32>, tensor<?x@MEAN_LEN@xi64> -> tensor<?x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x64xf32>, memref<?x64xf32>) -> ()
  return
}

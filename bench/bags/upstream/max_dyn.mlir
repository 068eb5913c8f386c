// Bag max in upstream ops as in max.mlir, the number of bags dynamic (a
// run-time size of the ids, the weights and the output). run.sh substitutes
// the shapes and the function's name.
func.func @@NAME@(%table: tensor<@SUM_ROWS@x128xf32>,
                  %ids: tensor<?x@SUM_LEN@xi64>,
                  %out: memref<?x128xf32>)
    attributes {llvm.emit_c_interface} {
  %c0_bags = arith.constant 0 : index
  %bags = tensor.dim %ids, %c0_bags : tensor<?x@SUM_LEN@xi64>
  %ninf = arith.constant 0xFF800000 : f32
  %empty = tensor.empty(%bags) : tensor<?x128xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%empty : tensor<?x128xf32>) -> tensor<?x128xf32>
  %g = gather.gather %table[%ids] : tensor<@SUM_ROWS@x128xf32>, tensor<?x@SUM_LEN@xi64>
  %r = linalg.reduce ins(%g : tensor<?x@SUM_LEN@x128xf32>)
                     outs(%init : tensor<?x128xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x128xf32>, memref<?x128xf32>) -> ()
  return
}

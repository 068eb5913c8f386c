// Bag sum as written today with the batch dimension dynamic: the number of
// bags is a run-time size of the ids and the output. Shapes as in sum.mlir.
func.func @@NAME@(%table: tensor<@SUM_ROWS@x128xf32>,
                  %ids: tensor<?x@SUM_LEN@xi64>,
                  %out: memref<?x128xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %bags = tensor.dim %ids, %c0 : tensor<?x@SUM_LEN@xi64>
  %empty = tensor.empty(%bags) : tensor<?x128xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x128xf32>) -> tensor<?x128xf32>
  %g = gather.gather %table[%ids] : tensor<@SUM_ROWS@x128xf32>, tensor<?x@SUM_LEN@xi64>
  %r = linalg.reduce ins(%g : tensor<?x@SUM_LEN@x128xf32>)
                     outs(%init : tensor<?x128xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x128xf32>, memref<?x128xf32>) -> ()
  return
}

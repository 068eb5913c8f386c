// Bag max as written today: gather.gather, then linalg.reduce (maximumf from
// -inf) over the bag axis. Shapes as in sum.mlir.
func.func @@NAME@(%table: tensor<@SUM_ROWS@x128xf32>,
                  %ids: tensor<@SUM_BAGS@x@SUM_LEN@xi64>,
                  %out: memref<@SUM_BAGS@x128xf32>)
    attributes {llvm.emit_c_interface} {
  %ninf = arith.constant 0xFF800000 : f32
  %empty = tensor.empty() : tensor<@SUM_BAGS@x128xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%empty : tensor<@SUM_BAGS@x128xf32>) -> tensor<@SUM_BAGS@x128xf32>
  %g = gather.gather %table[%ids] : tensor<@SUM_ROWS@x128xf32>, tensor<@SUM_BAGS@x@SUM_LEN@xi64>
  %r = linalg.reduce ins(%g : tensor<@SUM_BAGS@x@SUM_LEN@x128xf32>)
                     outs(%init : tensor<@SUM_BAGS@x128xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<@SUM_BAGS@x128xf32>, memref<@SUM_BAGS@x128xf32>) -> ()
  return
}

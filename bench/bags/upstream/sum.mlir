// Bag sum as written today: gather.gather, then linalg.reduce (addf) over the
// bag axis. run.sh substitutes the shapes (@SUM_ROWS@ table rows, @SUM_BAGS@
// bags of @SUM_LEN@ ids; rows of 128 f32) and, for the parallel figure, the
// function's name (@NAME@).
func.func @@NAME@(%table: tensor<@SUM_ROWS@x128xf32>,
                  %ids: tensor<@SUM_BAGS@x@SUM_LEN@xi64>,
                  %out: memref<@SUM_BAGS@x128xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<@SUM_BAGS@x128xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<@SUM_BAGS@x128xf32>) -> tensor<@SUM_BAGS@x128xf32>
  %g = gather.gather %table[%ids] : tensor<@SUM_ROWS@x128xf32>, tensor<@SUM_BAGS@x@SUM_LEN@xi64>
  %r = linalg.reduce ins(%g : tensor<@SUM_BAGS@x@SUM_LEN@x128xf32>)
                     outs(%init : tensor<@SUM_BAGS@x128xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<@SUM_BAGS@x128xf32>, memref<@SUM_BAGS@x128xf32>) -> ()
  return
}

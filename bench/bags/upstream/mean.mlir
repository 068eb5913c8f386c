// Bag mean as written today: gather.gather, linalg.reduce (addf) over the bag
// axis, then each sum divided by the bag length. run.sh substitutes the
// shapes (@MEAN_ROWS@ table rows, @MEAN_BAGS@ bags of @MEAN_LEN@ ids; rows
// of 64 f32) and the function's name (@NAME@).
#id = affine_map<(b, c) -> (b, c)>
func.func @@NAME@(%table: tensor<@MEAN_ROWS@x64xf32>,
                  %ids: tensor<@MEAN_BAGS@x@MEAN_LEN@xi64>,
                  %out: memref<@MEAN_BAGS@x64xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  %length = arith.constant @MEAN_LEN@.0 : f32
  %empty = tensor.empty() : tensor<@MEAN_BAGS@x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<@MEAN_BAGS@x64xf32>) -> tensor<@MEAN_BAGS@x64xf32>
  %g = gather.gather %table[%ids] : tensor<@MEAN_ROWS@x64xf32>, tensor<@MEAN_BAGS@x@MEAN_LEN@xi64>
  %sum = linalg.reduce ins(%g : tensor<@MEAN_BAGS@x@MEAN_LEN@x64xf32>)
                       outs(%init : tensor<@MEAN_BAGS@x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %mean = linalg.generic {indexing_maps = [#id],
                          iterator_types = ["parallel", "parallel"]}
      outs(%sum : tensor<@MEAN_BAGS@x64xf32>) {
    ^bb0(%s: f32):
      %m = arith.divf %s, %length : f32
      linalg.yield %m : f32
  } -> tensor<@MEAN_BAGS@x64xf32>
  bufferization.materialize_in_destination %mean in restrict writable %out
      : (tensor<@MEAN_BAGS@x64xf32>, memref<@MEAN_BAGS@x64xf32>) -> ()
  return
}

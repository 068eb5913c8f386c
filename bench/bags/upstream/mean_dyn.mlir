// Bag mean in upstream ops as in mean.mlir, the number of bags dynamic (a
// run-time size of the ids, the weights and the output). run.sh substitutes
// the shapes and the function's name.
#id = affine_map<(b, c) -> (b, c)>
func.func @@NAME@(%table: tensor<@MEAN_ROWS@x64xf32>,
                  %ids: tensor<?x@MEAN_LEN@xi64>,
                  %out: memref<?x64xf32>)
    attributes {llvm.emit_c_interface} {
  %c0_bags = arith.constant 0 : index
  %bags = tensor.dim %ids, %c0_bags : tensor<?x@MEAN_LEN@xi64>
  %zero = arith.constant 0.0 : f32
  %length = arith.constant @MEAN_LEN@.0 : f32
  %empty = tensor.empty(%bags) : tensor<?x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x64xf32>) -> tensor<?x64xf32>
  %g = gather.gather %table[%ids] : tensor<@MEAN_ROWS@x64xf32>, tensor<?x@MEAN_LEN@xi64>
  %sum = linalg.reduce ins(%g : tensor<?x@MEAN_LEN@x64xf32>)
                       outs(%init : tensor<?x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %mean = linalg.generic {indexing_maps = [#id],
                          iterator_types = ["parallel", "parallel"]}
      outs(%sum : tensor<?x64xf32>) {
    ^bb0(%s: f32):
      %m = arith.divf %s, %length : f32
      linalg.yield %m : f32
  } -> tensor<?x64xf32>
  bufferization.materialize_in_destination %mean in restrict writable %out
      : (tensor<?x64xf32>, memref<?x64xf32>) -> ()
  return
}

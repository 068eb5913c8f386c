// Weighted bag sum in upstream ops as in wsum.mlir, the number of bags dynamic (a
// run-time size of the ids, the weights and the output). run.sh substitutes
// the shapes and the function's name.
#row = affine_map<(b, l, c) -> (b, l, c)>
#weight = affine_map<(b, l, c) -> (b, l)>
#bag = affine_map<(b, l, c) -> (b, c)>
func.func @@NAME@(%table: tensor<@SUM_ROWS@x128xf32>,
                  %ids: tensor<?x@SUM_LEN@xi64>,
                  %weights: tensor<?x@SUM_LEN@xf32>,
                  %out: memref<?x128xf32>)
    attributes {llvm.emit_c_interface} {
  %c0_bags = arith.constant 0 : index
  %bags = tensor.dim %ids, %c0_bags : tensor<?x@SUM_LEN@xi64>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty(%bags) : tensor<?x128xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x128xf32>) -> tensor<?x128xf32>
  %g = gather.gather %table[%ids] : tensor<@SUM_ROWS@x128xf32>, tensor<?x@SUM_LEN@xi64>
  %r = linalg.generic {indexing_maps = [#row, #weight, #bag],
                       iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g, %weights : tensor<?x@SUM_LEN@x128xf32>, tensor<?x@SUM_LEN@xf32>)
      outs(%init : tensor<?x128xf32>) {
    ^bb0(%x: f32, %w: f32, %acc: f32):
      %p = arith.mulf %x, %w : f32
      %s = arith.addf %p, %acc : f32
      linalg.yield %s : f32
  } -> tensor<?x128xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x128xf32>, memref<?x128xf32>) -> ()
  return
}

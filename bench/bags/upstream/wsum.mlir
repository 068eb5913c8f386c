// Weighted bag sum as written today: gather.gather, then a reduction
// linalg.generic over the bag axis that multiplies each gathered row by its
// per-sample weight (indexed like the ids) and adds it. Shapes as in
// sum.mlir.
#row = affine_map<(b, l, c) -> (b, l, c)>
#weight = affine_map<(b, l, c) -> (b, l)>
#bag = affine_map<(b, l, c) -> (b, c)>
func.func @@NAME@(%table: tensor<@SUM_ROWS@x128xf32>,
                  %ids: tensor<@SUM_BAGS@x@SUM_LEN@xi64>,
                  %weights: tensor<@SUM_BAGS@x@SUM_LEN@xf32>,
                  %out: memref<@SUM_BAGS@x128xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<@SUM_BAGS@x128xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<@SUM_BAGS@x128xf32>) -> tensor<@SUM_BAGS@x128xf32>
  %g = gather.gather %table[%ids] : tensor<@SUM_ROWS@x128xf32>, tensor<@SUM_BAGS@x@SUM_LEN@xi64>
  %r = linalg.generic {indexing_maps = [#row, #weight, #bag],
                       iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g, %weights : tensor<@SUM_BAGS@x@SUM_LEN@x128xf32>, tensor<@SUM_BAGS@x@SUM_LEN@xf32>)
      outs(%init : tensor<@SUM_BAGS@x128xf32>) {
    ^bb0(%x: f32, %w: f32, %acc: f32):
      %p = arith.mulf %x, %w : f32
      %s = arith.addf %p, %acc : f32
      linalg.yield %s : f32
  } -> tensor<@SUM_BAGS@x128xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<@SUM_BAGS@x128xf32>, memref<@SUM_BAGS@x128xf32>) -> ()
  return
}

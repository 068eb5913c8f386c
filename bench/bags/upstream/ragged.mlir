// Ragged bags (sum) as torch-mlir lowers aten.embedding_bag.padding_idx
// (TorchToLinalg, mode sum, include_last_offset false): one linalg.generic
// over (bag, every id, column) that reads every id for every bag and adds
// the table element only where offsets[bag] <= id position < the next bag's
// offset (the number of ids for the last bag, whose read of offsets[bag + 1]
// is moved to offsets[0] and selected away). run.sh substitutes the shapes
// (@RAG_ROWS@ table rows of 64 f32, @RAG_BAGS@ bags; the number of ids is
// dynamic) and the function's name (@NAME@).
#id = affine_map<(b, j, c) -> (j)>
#offset = affine_map<(b, j, c) -> (b)>
#bag = affine_map<(b, j, c) -> (b, c)>
func.func @@NAME@(%table: tensor<@RAG_ROWS@x64xf32>,
                  %ids: tensor<?xi64>,
                  %offsets: tensor<@RAG_BAGS@xi64>,
                  %out: memref<@RAG_BAGS@x64xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1 : i64
  %numIds = tensor.dim %ids, %c0 : tensor<?xi64>
  %numOffsets = tensor.dim %offsets, %c0 : tensor<@RAG_BAGS@xi64>
  %empty = tensor.empty() : tensor<@RAG_BAGS@x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<@RAG_BAGS@x64xf32>) -> tensor<@RAG_BAGS@x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #offset, #bag],
                       iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%ids, %offsets : tensor<?xi64>, tensor<@RAG_BAGS@xi64>)
      outs(%init : tensor<@RAG_BAGS@x64xf32>) {
    ^bb0(%id: i64, %start: i64, %acc: f32):
      %b = linalg.index 0 : index
      %b64 = arith.index_cast %b : index to i64
      %nextBag = arith.addi %b64, %one : i64
      %nextBagIndex = arith.index_cast %nextBag : i64 to index
      %numOffsets64 = arith.index_cast %numOffsets : index to i64
      %isLast = arith.cmpi eq, %numOffsets64, %nextBag : i64
      %safe = arith.select %isLast, %c0, %nextBagIndex : index
      %numIds64 = arith.index_cast %numIds : index to i64
      %read = tensor.extract %offsets[%safe] : tensor<@RAG_BAGS@xi64>
      %end = arith.select %isLast, %numIds64, %read : i64
      %j = linalg.index 1 : index
      %j64 = arith.index_cast %j : index to i64
      %before = arith.cmpi slt, %start, %j64 : i64
      %at = arith.cmpi eq, %start, %j64 : i64
      %afterStart = arith.ori %before, %at : i1
      %beforeEnd = arith.cmpi slt, %j64, %end : i64
      %inBag = arith.andi %afterStart, %beforeEnd : i1
      %row = arith.index_cast %id : i64 to index
      %c = linalg.index 2 : index
      %x = tensor.extract %table[%row, %c] : tensor<@RAG_ROWS@x64xf32>
      %s = arith.addf %x, %acc : f32
      %y = arith.select %inBag, %s, %acc : f32
      linalg.yield %y : f32
  } -> tensor<@RAG_BAGS@x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<@RAG_BAGS@x64xf32>, memref<@RAG_BAGS@x64xf32>) -> ()
  return
}

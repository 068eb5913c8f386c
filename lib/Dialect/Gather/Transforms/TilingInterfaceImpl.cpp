//===- TilingInterfaceImpl.cpp - tiling of gather.gather ------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The TilingInterface external model of `gather.gather`.
//
// The iteration domain is the result, `D[:a] ++ I[b:] ++ D[a+1:]`, and every
// loop is parallel: each result element is read from one place and written
// once. A tile of the result with offsets `o` and sizes `z` is computed by
//
//   gather.gather (extract_slice data  [o[:a], 0, o[a+g:]] [z[:a], D(a),
//   z[a+g:]])
//                 [extract_slice indices [o[:b], o[a:a+g]] [z[:b], z[a:a+g]]]
//
// with `g = rank(indices) - b`, the same `axis` and `batch_dims`. The data
// slice keeps the gathered dimension whole, so every index value means the
// same position (and wraps and is checked against the same size) in the tile
// as in the whole gather. The batch dimensions are tiled alike in data and
// indices. The tile is itself a `gather.gather`, so the lowerings (the slice
// form of convert-gather-to-linalg in particular) apply to it unchanged.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/Transforms/TilingInterfaceImpl.h"
#include "ResultTilingModel.h"
#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"
#include "gather-mlir/Dialect/Gather/IR/GatherShape.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// The slices of `data` and `indices` that a tile of the result reads.
struct OperandTiles {
  SmallVector<OpFoldResult> dataOffsets, dataSizes;
  SmallVector<OpFoldResult> indicesOffsets, indicesSizes;
};

/// Maps a tile of the result (the iteration domain) to the tiles of the
/// operands it reads.
OperandTiles getOperandTiles(OpBuilder &builder, GatherOp op,
                             ArrayRef<OpFoldResult> offsets,
                             ArrayRef<OpFoldResult> sizes) {
  int64_t axis = op.getNormalizedAxis();
  int64_t batchDims = op.getNormalizedBatchDims();
  int64_t dataRank = op.getDataType().getRank();
  int64_t indicesRank = op.getIndicesType().getRank();
  int64_t gathered = indicesRank - batchDims;

  OperandTiles tiles;
  // Data: the outer dimensions (batch ones included) as the result, the
  // gathered one whole, the inner ones as the result after the index dims.
  for (int64_t dim = 0; dim < dataRank; ++dim) {
    if (dim < axis) {
      tiles.dataOffsets.push_back(offsets[dim]);
      tiles.dataSizes.push_back(sizes[dim]);
    } else if (dim == axis) {
      tiles.dataOffsets.push_back(builder.getIndexAttr(0));
      tiles.dataSizes.push_back(
          tensor::getMixedSize(builder, op.getLoc(), op.getData(), axis));
    } else {
      tiles.dataOffsets.push_back(offsets[dim - 1 + gathered]);
      tiles.dataSizes.push_back(sizes[dim - 1 + gathered]);
    }
  }
  // Indices: the batch dimensions as the result's leading ones, the others
  // as the result dimensions that start at the axis.
  for (int64_t dim = 0; dim < indicesRank; ++dim) {
    int64_t resultDim = dim < batchDims ? dim : axis + dim - batchDims;
    tiles.indicesOffsets.push_back(offsets[resultDim]);
    tiles.indicesSizes.push_back(sizes[resultDim]);
  }
  return tiles;
}

/// Returns why tiles of `op` could compute other values than `op`, or an
/// empty string when they cannot. The lowerings check at run time the sizes
/// that the verifier could not (dynamic batch sizes of data and indices, a
/// declared static result size over a dynamic operand size) and report a
/// mismatch before reading memory. A tile takes its sizes from the result, so
/// it would read past the end of an operand instead: such gathers are not
/// tiled.
std::string getUntileableReason(GatherOp op) {
  RankedTensorType dataType = op.getDataType();
  RankedTensorType indicesType = op.getIndicesType();
  RankedTensorType resultType = op.getResultType();
  int64_t batchDims = op.getNormalizedBatchDims();
  std::string reason;
  llvm::raw_string_ostream os(reason);
  for (int64_t dim = 0; dim < batchDims; ++dim)
    if (dataType.isDynamicDim(dim) || indicesType.isDynamicDim(dim)) {
      os << "batch dimension " << dim
         << " is dynamic, so data and indices may disagree at run time (a "
            "tile would read past the end of one of them)";
      return reason;
    }
  GatherParams params{op.getNormalizedAxis(), batchDims};
  for (int64_t dim = 0, e = resultType.getRank(); dim < e; ++dim) {
    if (resultType.isDynamicDim(dim))
      continue;
    GatherDimSource source = getResultDimSource(params, dataType.getRank(),
                                                indicesType.getRank(), dim);
    RankedTensorType sourceType = source.fromIndices ? indicesType : dataType;
    if (sourceType.isDynamicDim(source.dim)) {
      os << "result dimension " << dim << " is declared static ("
         << resultType.getDimSize(dim) << ") but dimension " << source.dim
         << " of " << (source.fromIndices ? "indices" : "data")
         << " is dynamic (a tile would read past its end if they disagree at "
            "run time)";
      return reason;
    }
  }
  return reason;
}

/// Builds the gather computing the tile of `gather`'s result at `offsets`
/// with `sizes`, on slices of its operands.
TilingResult buildTile(OpBuilder &b, GatherOp gather,
                       ArrayRef<OpFoldResult> offsets,
                       ArrayRef<OpFoldResult> sizes) {
  Location loc = gather.getLoc();
  OperandTiles tiles = getOperandTiles(b, gather, offsets, sizes);
  SmallVector<OpFoldResult> dataStrides(tiles.dataOffsets.size(),
                                        b.getIndexAttr(1));
  SmallVector<OpFoldResult> indicesStrides(tiles.indicesOffsets.size(),
                                           b.getIndexAttr(1));
  auto dataSlice = tensor::ExtractSliceOp::create(b, loc, gather.getData(),
                                                  tiles.dataOffsets,
                                                  tiles.dataSizes, dataStrides);
  auto indicesSlice = tensor::ExtractSliceOp::create(
      b, loc, gather.getIndices(), tiles.indicesOffsets, tiles.indicesSizes,
      indicesStrides);
  // The result type of the tile is inferred from the slices, whose static
  // sizes are those of `sizes`.
  auto tiled =
      GatherOp::create(b, loc, dataSlice.getResult(), indicesSlice.getResult(),
                       gather.getAxisAttr(), gather.getBatchDimsAttr());
  return TilingResult{{tiled.getOperation()},
                      {tiled.getResult()},
                      {dataSlice.getOperation(), indicesSlice.getOperation()}};
}

struct GatherOpTilingModel
    : public mlir::gather::detail::ResultTilingModel<GatherOpTilingModel,
                                                     GatherOp> {
  static std::string getUntileableReason(GatherOp op) {
    return ::getUntileableReason(op);
  }
  static FailureOr<TilingResult> buildTile(OpBuilder &b, GatherOp op,
                                           ArrayRef<OpFoldResult> offsets,
                                           ArrayRef<OpFoldResult> sizes) {
    return ::buildTile(b, op, offsets, sizes);
  }
};

} // namespace

void mlir::gather::registerTilingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, GatherDialect *) {
    GatherOp::attachInterface<GatherOpTilingModel>(*ctx);
  });
  registerEmbeddingBagTilingExternalModel(registry);
}

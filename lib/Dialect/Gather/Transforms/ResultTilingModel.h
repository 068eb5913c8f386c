//===- ResultTilingModel.h - tiling over the result of an op ----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The part of the TilingInterface external models of gather.gather and
// gather.embedding_bag that they share: the iteration domain is the result
// (every loop parallel), a result tile is the same tile of the domain, and
// an op that cannot be tiled is reported by getTiledImplementation and
// cloned whole by fusion. `Model` supplies
//
//   static std::string getUntileableReason(OpTy op);  // empty: tileable
//   static FailureOr<TilingResult> buildTile(OpBuilder &, OpTy,
//                                            ArrayRef<OpFoldResult> offsets,
//                                            ArrayRef<OpFoldResult> sizes);
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_RESULTTILINGMODEL_H
#define GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_RESULTTILINGMODEL_H

#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/TilingInterface.h"

#include <string>

namespace mlir::gather::detail {

template <typename Model, typename OpTy>
struct ResultTilingModel : public TilingInterface::ExternalModel<Model, OpTy> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return SmallVector<utils::IteratorType>(
        cast<OpTy>(op).getResultType().getRank(),
        utils::IteratorType::parallel);
  }

  /// The result's shape, from reifyResultShapes (which does not fail on a
  /// verified op of either kind).
  SmallVector<Range> getIterationDomain(Operation *op, OpBuilder &b) const {
    ReifiedRankedShapedTypeDims reified;
    if (failed(cast<OpTy>(op).reifyResultShapes(b, reified)))
      return {};
    SmallVector<Range> domain;
    for (OpFoldResult size : reified.front())
      domain.push_back(Range{b.getIndexAttr(0), size, b.getIndexAttr(1)});
    return domain;
  }

  FailureOr<TilingResult>
  getTiledImplementation(Operation *op, OpBuilder &b,
                         ArrayRef<OpFoldResult> offsets,
                         ArrayRef<OpFoldResult> sizes) const {
    auto typed = cast<OpTy>(op);
    std::string reason = Model::getUntileableReason(typed);
    if (!reason.empty())
      return typed.emitOpError() << "cannot be tiled: " << reason;
    return Model::buildTile(b, typed, offsets, sizes);
  }

  /// The iteration domain is the result itself.
  LogicalResult
  getResultTilePosition(Operation *op, OpBuilder &b, unsigned resultNumber,
                        ArrayRef<OpFoldResult> offsets,
                        ArrayRef<OpFoldResult> sizes,
                        SmallVector<OpFoldResult> &resultOffsets,
                        SmallVector<OpFoldResult> &resultSizes) const {
    if (resultNumber != 0)
      return failure();
    resultOffsets.assign(offsets.begin(), offsets.end());
    resultSizes.assign(sizes.begin(), sizes.end());
    return success();
  }

  LogicalResult getIterationDomainTileFromResultTile(
      Operation *op, OpBuilder &b, unsigned resultNumber,
      ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes,
      SmallVectorImpl<OpFoldResult> &iterDomainOffsets,
      SmallVectorImpl<OpFoldResult> &iterDomainSizes) const {
    if (resultNumber != 0)
      return failure();
    iterDomainOffsets.assign(offsets.begin(), offsets.end());
    iterDomainSizes.assign(sizes.begin(), sizes.end());
    return success();
  }

  /// A consumer that cannot have a tile of this op takes the whole op
  /// instead (fuse_into_containing_op then clones it into the loop): no
  /// error here.
  FailureOr<TilingResult>
  generateResultTileValue(Operation *op, OpBuilder &b, unsigned resultNumber,
                          ArrayRef<OpFoldResult> offsets,
                          ArrayRef<OpFoldResult> sizes) const {
    auto typed = cast<OpTy>(op);
    if (resultNumber != 0 || !Model::getUntileableReason(typed).empty())
      return failure();
    return Model::buildTile(b, typed, offsets, sizes);
  }

  /// Any tile of the result is computed by the op of a tile: an op that can
  /// be tiled fuses as a producer with every consumer slice.
  bool isOpFusableWithConsumerSlice(Operation *op, unsigned resultNumber,
                                    ArrayRef<OpFoldResult> offsets,
                                    ArrayRef<OpFoldResult> sizes) const {
    return resultNumber == 0 &&
           Model::getUntileableReason(cast<OpTy>(op)).empty();
  }
};

} // namespace mlir::gather::detail

#endif // GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_RESULTTILINGMODEL_H

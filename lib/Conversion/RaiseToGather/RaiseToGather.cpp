//===- RaiseToGather.cpp - upstream gathers to gather.gather --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The pass raise-to-gather and the patterns for `tosa.gather` and
// single-dimension `tensor.gather` (the linalg idiom: RaiseLinalgGather.cpp).
// Both upstream ops call a negative index an error (TOSA) or undefined
// (tensor), where `gather.gather` wraps it: the indices are first
// reinterpreted as unsigned integers, so that a negative value is out of
// range for the gather and handled by the lowering's bounds check.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/RaiseToGather/RaiseToGather.h"
#include "RaiseToGatherPatterns.h"
#include "gather-mlir/Conversion/Utils/Elementwise.h"
#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gather {
#define GEN_PASS_DEF_RAISETOGATHER
#include "gather-mlir/Conversion/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Returns true for the index element types that can be raised: `i32`,
/// `i64` (signless, as both upstream ops use them) and `index`.
bool isRaisableIndexType(Type type) {
  return type.isIndex() || type.isSignlessInteger(32) ||
         type.isSignlessInteger(64);
}

/// Returns `indices` with the values reinterpreted as unsigned integers of
/// the same width (64 bits for `index`): a negative value becomes one of at
/// least 2^31, out of range for the gather, instead of being wrapped.
/// Constant indices that are all non-negative are returned unchanged.
Value reinterpretAsUnsigned(PatternRewriter &rewriter, Location loc,
                            Value indices) {
  auto type = cast<RankedTensorType>(indices.getType());
  DenseIntElementsAttr constant;
  if (matchPattern(indices, m_Constant(&constant)) &&
      llvm::none_of(constant.getValues<APInt>(),
                    [](const APInt &value) { return value.isNegative(); }))
    return indices;

  Type elementType = type.getElementType();
  unsigned width =
      elementType.isIndex() ? 64 : elementType.getIntOrFloatBitWidth();
  Type bits = rewriter.getIntegerType(width);
  Type unsignedType = rewriter.getIntegerType(width, /*isSigned=*/false);
  return buildElementwiseGeneric(
      rewriter, loc, indices, unsignedType,
      [&](OpBuilder &builder, Location nestedLoc, Value value) -> Value {
        if (value.getType().isIndex())
          value = arith::IndexCastOp::create(builder, nestedLoc, bits, value);
        // arith has no unsigned types; the bits stay the same.
        return UnrealizedConversionCastOp::create(builder, nestedLoc,
                                                  unsignedType, value)
            .getResult(0);
      });
}

/// `tosa.gather` (values [N, K, C], indices [N, W]) is `gather.gather` with
/// axis 1 and batch_dims 1.
struct RaiseTosaGather : public OpRewritePattern<tosa::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tosa::GatherOp op,
                                PatternRewriter &rewriter) const override {
    auto valuesType = dyn_cast<RankedTensorType>(op.getValues().getType());
    auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!valuesType || !indicesType || !resultType)
      return rewriter.notifyMatchFailure(op, "unranked operand or result");
    if (valuesType.getRank() != 3 || indicesType.getRank() != 2)
      return rewriter.notifyMatchFailure(op, "not [N, K, C] and [N, W]");
    if (!isRaisableIndexType(indicesType.getElementType()))
      return rewriter.notifyMatchFailure(op, "index type not i32 or i64");

    Location loc = op.getLoc();
    Value indices = reinterpretAsUnsigned(rewriter, loc, op.getIndices());
    rewriter.replaceOpWithNewOp<GatherOp>(op, resultType, op.getValues(),
                                          indices, /*axis=*/1,
                                          /*batch_dims=*/1);
    return success();
  }
};

/// Returns `indices` of shape `[I..., 1]` without their last (coordinate)
/// dimension: collapsed into the last index dimension, or to rank 0.
Value dropCoordinateDim(PatternRewriter &rewriter, Location loc,
                        Value indices) {
  int64_t batchRank = cast<RankedTensorType>(indices.getType()).getRank() - 1;
  SmallVector<ReassociationIndices> dropLast;
  for (int64_t dim = 0; dim < batchRank; ++dim)
    dropLast.push_back({dim});
  if (batchRank > 0)
    dropLast.back().push_back(batchRank);
  return tensor::CollapseShapeOp::create(rewriter, loc, indices, dropLast);
}

/// Returns `gathered` (`S[:d] ++ I ++ S[d+1:]`, `S[:d]` all unit dimensions)
/// reshaped to `I ++ S[:d] ++ S[d+1:]`: the unit dimensions are collapsed
/// into the first index dimension and expanded after the last one.
Value moveLeadingUnitDims(PatternRewriter &rewriter, Location loc,
                          Value gathered, int64_t axis, int64_t batchRank) {
  auto gatheredType = cast<RankedTensorType>(gathered.getType());
  int64_t gatheredRank = gatheredType.getRank();
  SmallVector<ReassociationIndices> dropUnits;
  dropUnits.push_back({});
  for (int64_t dim = 0; dim <= axis; ++dim)
    dropUnits.front().push_back(dim);
  for (int64_t dim = axis + 1; dim < gatheredRank; ++dim)
    dropUnits.push_back({dim});
  Value collapsed =
      tensor::CollapseShapeOp::create(rewriter, loc, gathered, dropUnits);
  SmallVector<ReassociationIndices> addUnits;
  for (int64_t dim = 0; dim < gatheredRank - axis; ++dim)
    addUnits.push_back({dim < batchRank ? dim : dim + axis});
  for (int64_t dim = 0; dim < axis; ++dim)
    addUnits[batchRank - 1].push_back(batchRank + dim);
  SmallVector<int64_t> shape(
      cast<RankedTensorType>(collapsed.getType()).getShape());
  shape.insert(shape.begin() + batchRank, axis, 1);
  return tensor::ExpandShapeOp::create(
      rewriter, loc,
      RankedTensorType::get(shape, gatheredType.getElementType()), collapsed,
      addUnits);
}

/// Returns the gather's result `S[:d] ++ I ++ S[d+1:]` in tensor.gather's
/// order `I ++ S[:d] ++ S[d+1:]` (`batchRank` index dimensions): unchanged
/// when one of the parts is empty, reshaped when `S[:d]` are all unit
/// dimensions, transposed otherwise.
Value moveIndexDimsFirst(PatternRewriter &rewriter, Location loc,
                         Value gathered, RankedTensorType sourceType,
                         int64_t axis, int64_t batchRank) {
  if (axis == 0 || batchRank == 0)
    return gathered;
  if (llvm::all_of(sourceType.getShape().take_front(axis),
                   [](int64_t size) { return size == 1; }))
    return moveLeadingUnitDims(rewriter, loc, gathered, axis, batchRank);
  SmallVector<int64_t> permutation;
  for (int64_t dim = 0; dim < batchRank; ++dim)
    permutation.push_back(axis + dim);
  for (int64_t dim = 0; dim < axis; ++dim)
    permutation.push_back(dim);
  for (int64_t dim = axis + batchRank;
       dim < batchRank + sourceType.getRank() - 1; ++dim)
    permutation.push_back(dim);
  return gather::detail::transposeTensor(rewriter, loc, gathered, permutation);
}

/// Returns `gathered` with a unit dimension inserted at `unitDim`.
Value insertUnitDim(PatternRewriter &rewriter, Location loc, Value gathered,
                    int64_t unitDim) {
  auto gatheredType = cast<RankedTensorType>(gathered.getType());
  int64_t rank = gatheredType.getRank();
  SmallVector<ReassociationIndices> insertUnit;
  for (int64_t dim = 0; dim < rank; ++dim)
    insertUnit.push_back({dim < unitDim ? dim : dim + 1});
  if (rank > 0) {
    if (unitDim < rank)
      insertUnit[unitDim].insert(insertUnit[unitDim].begin(), unitDim);
    else
      insertUnit.back().push_back(unitDim);
  }
  SmallVector<int64_t> shape(gatheredType.getShape());
  shape.insert(shape.begin() + unitDim, 1);
  auto expandedType =
      RankedTensorType::get(shape, gatheredType.getElementType());
  return tensor::ExpandShapeOp::create(rewriter, loc, expandedType, gathered,
                                       insertUnit);
}

/// `tensor.gather` with `gather_dims([d])` is `gather.gather` along `d` on
/// the indices without their coordinate dimension, with the result
/// transposed to put the index dimensions first and the unit gathered
/// dimension put back where the result keeps it.
struct RaiseTensorGather : public OpRewritePattern<tensor::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::GatherOp op,
                                PatternRewriter &rewriter) const override {
    ArrayRef<int64_t> gatherDims = op.getGatherDims();
    if (gatherDims.size() != 1)
      return rewriter.notifyMatchFailure(op, "more than one gathered dim");
    RankedTensorType sourceType = op.getSourceType();
    RankedTensorType indicesType = op.getIndicesType();
    RankedTensorType resultType = op.getResultType();
    if (!isRaisableIndexType(indicesType.getElementType()))
      return rewriter.notifyMatchFailure(op, "index type not i32/i64/index");
    int64_t indicesRank = indicesType.getRank();
    if (indicesRank < 1 || indicesType.getDimSize(indicesRank - 1) != 1)
      return rewriter.notifyMatchFailure(op, "coordinate dim is not 1");

    Location loc = op.getLoc();
    int64_t axis = gatherDims.front();
    int64_t batchRank = indicesRank - 1;
    Value indices = dropCoordinateDim(rewriter, loc, op.getIndices());
    indices = reinterpretAsUnsigned(rewriter, loc, indices);
    Value gathered = GatherOp::create(rewriter, loc, op.getSource(), indices,
                                      static_cast<uint64_t>(axis),
                                      /*batch_dims=*/0);
    gathered = moveIndexDimsFirst(rewriter, loc, gathered, sourceType, axis,
                                  batchRank);
    // The rank-preserving form keeps the gathered dimension as a unit one
    // at position batchRank + d.
    if (resultType.getRank() == batchRank + sourceType.getRank())
      gathered = insertUnitDim(rewriter, loc, gathered, batchRank + axis);
    if (gathered.getType() != resultType)
      gathered = tensor::CastOp::create(rewriter, loc, resultType, gathered);
    rewriter.replaceOp(op, gathered);
    return success();
  }
};

struct RaiseToGatherPass
    : public gather::impl::RaiseToGatherBase<RaiseToGatherPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRaiseToGatherPatterns(patterns);
    // Only the matched ops are rewritten; nothing else is folded or moved.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    config.enableFolding(false);
    config.enableConstantCSE(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace

void mlir::gather::populateRaiseToGatherPatterns(RewritePatternSet &patterns) {
  patterns.add<RaiseTosaGather, RaiseTensorGather>(patterns.getContext());
  gather::detail::populateRaiseLinalgGatherPatterns(patterns);
  gather::detail::populateRaiseBagPatterns(patterns);
  gather::detail::populateRaiseRaggedBagPatterns(patterns);
}

//===- EmbeddingBagOp.cpp - gather.embedding_bag --------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The verifier, shape reification and canonicalisation of
// `gather.embedding_bag` (docs/EmbeddingBags.md).
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::gather;

/// Returns true for the element types of ids and offsets: integers of width
/// 32 or 64 of any signedness, and `index` (as the gather's indices).
static bool isValidIdElementType(Type type) {
  if (type.isIndex())
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  return intType && (intType.getWidth() == 32 || intType.getWidth() == 64);
}

/// Returns true for the element types a table may have: f16, bf16, f32, f64
/// and signless integers of 8 to 64 bits.
static bool isValidTableElementType(Type type) {
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64())
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  return intType && intType.isSignless() && intType.getWidth() >= 8 &&
         intType.getWidth() <= 64;
}

int64_t EmbeddingBagOp::getStaticNumBags() {
  if (!isRagged())
    return getIdsType().getDimSize(getRowDim());
  auto offsetsType = cast<RankedTensorType>(getOffsets().getType());
  if (offsetsType.getRank() != 1)
    return ShapedType::kDynamic;
  int64_t count = offsetsType.getDimSize(0);
  if (!getIncludeLastOffset())
    return count;
  return ShapedType::isDynamic(count) ? count : std::max<int64_t>(count - 1, 0);
}

std::optional<int64_t> EmbeddingBagOp::getStaticPaddingRow() {
  int64_t rows = getTableType().getDimSize(getRowDim());
  if (!getPaddingIdx() || ShapedType::isDynamic(rows))
    return std::nullopt;
  int64_t padding = static_cast<int64_t>(*getPaddingIdx());
  return padding < 0 ? padding + rows : padding;
}

LogicalResult EmbeddingBagOp::verify() {
  RankedTensorType tableType = getTableType();
  RankedTensorType idsType = getIdsType();
  RankedTensorType resultType = getResultType();
  Type elementType = tableType.getElementType();
  PoolingMode mode = getMode();

  // Element types and the combinations of mode, weights and offsets.
  if (!isValidTableElementType(elementType))
    return emitOpError("table element type must be f16, bf16, f32, f64 or a "
                       "signless integer of 8 to 64 bits, but is ")
           << elementType;
  if (!isValidIdElementType(idsType.getElementType()))
    return emitOpError("ids element type must be a 32- or 64-bit integer or "
                       "index, but is ")
           << idsType.getElementType();
  if (mode == PoolingMode::Mean && !isa<FloatType>(elementType))
    return emitOpError("mode 'mean' needs a floating-point table, but the "
                       "element type is ")
           << elementType;
  if (getWeights() && mode != PoolingMode::Sum)
    return emitOpError("weights are only allowed with mode 'sum', not '")
           << stringifyPoolingMode(mode) << "'";
  if (getIncludeLastOffset() && !isRagged())
    return emitOpError("include_last_offset needs offsets");
  if (getFromPositiveZero() &&
      (!isa<FloatType>(elementType) || mode == PoolingMode::Max))
    return emitOpError("from_positive_zero needs a floating-point table "
                       "pooled by 'sum' or 'mean', not ")
           << elementType << " pooled by '" << stringifyPoolingMode(mode)
           << "'";
  if (resultType.getElementType() != elementType)
    return emitOpError("result element type ")
           << resultType.getElementType() << " must be the table element type "
           << elementType;

  // Ranks and batch dimensions.
  int64_t batchDims = static_cast<int64_t>(getBatchDims());
  if (batchDims < 0)
    return emitOpError("batch_dims (") << batchDims << ") must not be negative";
  // Before any arithmetic on batch_dims: it is below the table's rank.
  if (tableType.getRank() <= batchDims)
    return emitOpError("table must have rank greater than batch_dims (")
           << batchDims << "), but has rank " << tableType.getRank();
  if (isRagged()) {
    auto offsetsType = cast<RankedTensorType>(getOffsets().getType());
    if (!isValidIdElementType(offsetsType.getElementType()))
      return emitOpError("offsets element type must be a 32- or 64-bit "
                         "integer or index, but is ")
             << offsetsType.getElementType();
    if (batchDims != 0)
      return emitOpError("batch_dims must be 0 with offsets, but is ")
             << batchDims;
    if (idsType.getRank() != 1)
      return emitOpError("ids must have rank 1 with offsets, but have rank ")
             << idsType.getRank();
    if (offsetsType.getRank() != 1)
      return emitOpError("offsets must have rank 1, but have rank ")
             << offsetsType.getRank();
    if (getIncludeLastOffset() && offsetsType.getDimSize(0) == 0)
      return emitOpError("offsets must hold at least one value with "
                         "include_last_offset (the end of the last bag)");
  } else if (idsType.getRank() != batchDims + 2) {
    return emitOpError("ids must have rank batch_dims + 2 (")
           << batchDims + 2 << ") without offsets ([batch..., bags, ids per "
           << "bag]), but have rank " << idsType.getRank();
  }
  for (int64_t dim = 0; dim < batchDims; ++dim) {
    int64_t tableSize = tableType.getDimSize(dim);
    int64_t idsSize = idsType.getDimSize(dim);
    if (!ShapedType::isDynamic(tableSize) && !ShapedType::isDynamic(idsSize) &&
        tableSize != idsSize)
      return emitOpError("batch dimension ")
             << dim << " has size " << tableSize << " in the table but "
             << idsSize << " in the ids";
  }

  // Weights: the shape of the ids, the element type of the table.
  if (Value weights = getWeights()) {
    auto weightsType = cast<RankedTensorType>(weights.getType());
    if (weightsType.getElementType() != elementType)
      return emitOpError("weights element type ")
             << weightsType.getElementType()
             << " must be the table element type " << elementType;
    if (weightsType.getRank() != idsType.getRank())
      return emitOpError("weights must have the rank of the ids (")
             << idsType.getRank() << "), but have rank "
             << weightsType.getRank();
    for (int64_t dim = 0; dim < idsType.getRank(); ++dim) {
      int64_t weightsSize = weightsType.getDimSize(dim);
      int64_t idsSize = idsType.getDimSize(dim);
      if (!ShapedType::isDynamic(weightsSize) &&
          !ShapedType::isDynamic(idsSize) && weightsSize != idsSize)
        return emitOpError("weights dimension ")
               << dim << " (" << weightsSize << ") must equal ids dimension "
               << dim << " (" << idsSize << ")";
    }
  }

  // padding_idx in [-V, V) when V is static.
  int64_t rows = tableType.getDimSize(getRowDim());
  if (std::optional<int64_t> padding = getPaddingIdx();
      padding && !ShapedType::isDynamic(rows) &&
      (*padding < -rows || *padding >= rows))
    return emitOpError("padding_idx (")
           << *padding << ") must lie in [-" << rows << ", " << rows
           << ") for a table of " << rows << " rows";

  // The result: [batch..., bags, row...].
  int64_t rowRank = getRowRank();
  int64_t expectedRank = batchDims + 1 + rowRank;
  if (resultType.getRank() != expectedRank)
    return emitOpError("result rank (")
           << resultType.getRank() << ") must be " << expectedRank
           << ", batch_dims + 1 + the rank of a table row";
  auto checkDim = [&](int64_t dim, int64_t expected,
                      const Twine &source) -> LogicalResult {
    int64_t actual = resultType.getDimSize(dim);
    if (ShapedType::isDynamic(actual) || ShapedType::isDynamic(expected) ||
        actual == expected)
      return success();
    return emitOpError("result dimension ")
           << dim << " (" << actual << ") must equal " << source << " ("
           << expected << ")";
  };
  for (int64_t dim = 0; dim < batchDims; ++dim) {
    int64_t expected = idsType.getDimSize(dim);
    if (ShapedType::isDynamic(expected))
      expected = tableType.getDimSize(dim);
    if (failed(checkDim(dim, expected,
                        "batch dimension " + Twine(dim) + " of the ids")))
      return failure();
  }
  StringRef bagsSource = !isRagged() ? "the number of bags (ids dimension "
                                       "batch_dims)"
                         : getIncludeLastOffset()
                             ? "the number of bags (offsets minus one)"
                             : "the number of bags (offsets)";
  if (failed(checkDim(batchDims, getStaticNumBags(), bagsSource)))
    return failure();
  for (int64_t i = 0; i < rowRank; ++i)
    if (failed(checkDim(batchDims + 1 + i,
                        tableType.getDimSize(batchDims + 1 + i),
                        "table dimension " + Twine(batchDims + 1 + i))))
      return failure();
  return success();
}

LogicalResult EmbeddingBagOp::reifyResultShapes(
    OpBuilder &builder, ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  Location loc = getLoc();
  RankedTensorType resultType = getResultType();
  int64_t batchDims = getRowDim();
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
    if (!resultType.isDynamicDim(dim)) {
      sizes.push_back(builder.getIndexAttr(resultType.getDimSize(dim)));
      continue;
    }
    if (dim < batchDims) {
      sizes.push_back(tensor::getMixedSize(builder, loc, getIds(), dim));
    } else if (dim > batchDims) {
      sizes.push_back(tensor::getMixedSize(builder, loc, getTable(), dim));
    } else if (!isRagged()) {
      sizes.push_back(tensor::getMixedSize(builder, loc, getIds(), dim));
    } else {
      OpFoldResult count = tensor::getMixedSize(builder, loc, getOffsets(), 0);
      if (!getIncludeLastOffset()) {
        sizes.push_back(count);
        continue;
      }
      // A verified op has at least one offset where the count is static;
      // a dynamic count of 0 gives no bags (the lowering reports it).
      Value countValue = getValueOrCreateConstantIndexOp(builder, loc, count);
      Value one = arith::ConstantIndexOp::create(builder, loc, 1);
      Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
      Value minusOne = arith::SubIOp::create(builder, loc, countValue, one);
      sizes.push_back(
          arith::MaxSIOp::create(builder, loc, minusOne, zero).getResult());
    }
  }
  reifiedReturnShapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// Canonicalisation
//===----------------------------------------------------------------------===//
//
// Both rewrites are exact: they give the value the op has for every input
// (out-of-range ids included, which the gather's lowering checks as the
// bag's would).

namespace {

/// Returns the result of `op` as a tensor of its declared type built from
/// `value`, whose type may be more static.
Value castToResultType(OpBuilder &builder, EmbeddingBagOp op, Value value) {
  if (value.getType() == op.getResultType())
    return value;
  return tensor::CastOp::create(builder, op.getLoc(), op.getResultType(),
                                value);
}

/// A fixed bag of length 1 without weights and padding is the gather of its
/// one row: in every mode (sum from -0.0, mean over one row, max from the
/// smallest value) the pooled row is that row bit for bit; not from +0.0
/// (`from_positive_zero`), which turns a row of -0.0 into +0.0. The gather
/// along the rows keeps the unit bag dimension, which a tensor.collapse_shape
/// drops.
struct BagOfOneIsGather : public OpRewritePattern<EmbeddingBagOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EmbeddingBagOp op,
                                PatternRewriter &rewriter) const override {
    int64_t batchDims = op.getRowDim();
    if (op.isRagged() || op.getWeights() || op.getPaddingIdx() ||
        op.getFromPositiveZero() ||
        op.getIdsType().getDimSize(batchDims + 1) != 1)
      return failure();
    Location loc = op.getLoc();
    auto gather = GatherOp::create(rewriter, loc, op.getTable(), op.getIds(),
                                   rewriter.getI64IntegerAttr(batchDims),
                                   rewriter.getI64IntegerAttr(batchDims),
                                   /*indices_nonnegative=*/nullptr,
                                   /*indices_in_range=*/nullptr);
    // [batch..., bags, 1, row...] -> [batch..., bags, row...]
    int64_t rank = gather.getResultType().getRank();
    SmallVector<ReassociationIndices> reassociation;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (dim == batchDims + 1)
        continue;
      if (dim == batchDims)
        reassociation.push_back({dim, dim + 1});
      else
        reassociation.push_back({dim});
    }
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, loc, gather.getResult(), reassociation);
    rewriter.replaceOp(op, castToResultType(rewriter, op, collapsed));
    return success();
  }
};

/// Fixed bags of static length 0 are empty: the result is zeros.
struct EmptyBagsAreZeros : public OpRewritePattern<EmbeddingBagOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EmbeddingBagOp op,
                                PatternRewriter &rewriter) const override {
    if (op.isRagged() || op.getIdsType().getDimSize(op.getRowDim() + 1) != 0)
      return failure();
    Location loc = op.getLoc();
    RankedTensorType resultType = op.getResultType();
    Type elementType = resultType.getElementType();
    Value zero = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getZeroAttr(elementType));
    ReifiedRankedShapedTypeDims shapes;
    if (failed(op.reifyResultShapes(rewriter, shapes)))
      return failure();
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < resultType.getRank(); ++dim)
      if (resultType.isDynamicDim(dim))
        dynamicSizes.push_back(
            getValueOrCreateConstantIndexOp(rewriter, loc, shapes[0][dim]));
    rewriter.replaceOpWithNewOp<tensor::SplatOp>(op, resultType, zero,
                                                 dynamicSizes);
    return success();
  }
};

} // namespace

void EmbeddingBagOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<BagOfOneIsGather, EmptyBagsAreZeros>(context);
}

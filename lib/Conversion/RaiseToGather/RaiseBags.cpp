//===- RaiseBags.cpp - gather + pooling to gather.embedding_bag -----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Raises a `gather.gather` of a `[V, D]` table by `[B, L]` ids whose only
// user sums the gathered rows over the ids dimension into
// `gather.embedding_bag sum` (fixed bags), such a sum divided by the
// constant `L` into `mean`, and their maximum into `max`. Only rewrites that
// give the same bits are made:
//
// * The op's float sum starts from -0.0 and adds the rows in order; a
//   reduction from a fill of -0.0 is that exactly, one from a fill of +0.0
//   is the op with `from_positive_zero`.
// * The weighted form multiplies each row by its weight and adds the
//   product, as the reduction body `acc + g * w` does.
// * f16 and bf16 tables are not raised: the op accumulates them in f32.
// * `mean` divides the op's sum by L in the element type, as the divide
//   after the reduction does.
// * `max`: a reduction by `arith.maximumf` (no fast-math flags) from a fill
//   of -inf is the op's `max` (NaN propagates, -0.0 is below +0.0), by
//   `arith.maxsi` from the smallest integer likewise.
// * L must be static and at least 1: the op gives zeros for empty bags where
//   a reduction gives its init.
//
//===----------------------------------------------------------------------===//

#include "RaiseToGatherPatterns.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::detail;

namespace {

/// Returns the gather that produces `value` when it gathers rows of a
/// `[V, D]` table by `[B, L]` ids (axis 0, batch_dims 0, L static and
/// positive), has no other user and a raisable element type.
GatherOp matchBagGather(Value value) {
  auto gather = value.getDefiningOp<GatherOp>();
  if (!gather || !gather->hasOneUse())
    return nullptr;
  if (gather.getNormalizedAxis() != 0 || gather.getNormalizedBatchDims() != 0)
    return nullptr;
  RankedTensorType dataType = gather.getDataType();
  RankedTensorType indicesType = gather.getIndicesType();
  if (dataType.getRank() != 2 || indicesType.getRank() != 2)
    return nullptr;
  if (ShapedType::isDynamic(indicesType.getDimSize(1)) ||
      indicesType.getDimSize(1) < 1)
    return nullptr;
  if (!isRaisableSumElementType(dataType.getElementType()))
    return nullptr;
  return gather;
}

/// Returns true when `value` is `lhs op rhs` or `rhs op lhs` for the float
/// op `FloatOp` (without fast-math flags) or the integer op `IntOp`.
template <typename FloatOp, typename IntOp>
bool isCommutedBinary(Value value, Value lhs, Value rhs) {
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumOperands() != 2)
    return false;
  if (auto floatOp = dyn_cast<FloatOp>(op)) {
    if (floatOp.getFastmath() != arith::FastMathFlags::none)
      return false;
  } else if (!isa<IntOp>(op)) {
    return false;
  }
  Value a = op->getOperand(0), b = op->getOperand(1);
  return (a == lhs && b == rhs) || (a == rhs && b == lhs);
}

/// Returns the term the yield of `block` adds to the accumulator `acc`:
/// the other operand of `acc + term` (either order); null otherwise.
Value matchSumTerm(Block &block, Value acc) {
  auto yield = dyn_cast<linalg::YieldOp>(block.getTerminator());
  if (!yield || yield.getNumOperands() != 1)
    return nullptr;
  Operation *add = yield.getOperand(0).getDefiningOp();
  if (!add || add->getBlock() != &block || !add->hasOneUse())
    return nullptr;
  if (!isa<arith::AddFOp, arith::AddIOp>(add))
    return nullptr;
  Value term =
      add->getOperand(0) == acc ? add->getOperand(1) : add->getOperand(0);
  if (!isCommutedBinary<arith::AddFOp, arith::AddIOp>(add->getResult(0), acc,
                                                      term))
    return nullptr;
  return term;
}

/// Returns the scalar of the constant `value` (a float constant, or a splat
/// float tensor constant) when it equals `count`.
bool isFloatConstantEqualTo(Value value, int64_t count) {
  APFloat scalar(0.0);
  if (!matchPattern(value, m_ConstantFloat(&scalar))) {
    DenseFPElementsAttr splat;
    if (!matchPattern(value, m_Constant(&splat)) || !splat.isSplat())
      return false;
    scalar = splat.getSplatValue<APFloat>();
  }
  bool lost = false;
  APFloat expected(static_cast<double>(count));
  expected.convert(scalar.getSemantics(), APFloat::rmNearestTiesToEven, &lost);
  return !lost && scalar.bitwiseIsEqual(expected);
}

/// Returns the op that divides `sum` element-wise by the constant `count`
/// and is its only user: `linalg.div ins(%sum, %splat)` or an all-parallel
/// `linalg.generic` of identity maps yielding `divf(%s, %cst)`, where `%s`
/// is the sum read as the input or as the init.
Operation *matchDivideByCount(Value sum, int64_t count) {
  if (!sum.hasOneUse())
    return nullptr;
  Operation *user = *sum.getUsers().begin();
  if (auto div = dyn_cast<linalg::DivOp>(user)) {
    if (div.getNumDpsInputs() != 2 || div.getDpsInputs()[0] != sum ||
        div->getNumResults() != 1 ||
        div->getResult(0).getType() != sum.getType())
      return nullptr;
    return isFloatConstantEqualTo(div.getDpsInputs()[1], count) ? user
                                                                : nullptr;
  }
  // The sum is the generic's one input, or its init when it has no input
  // (divided in place).
  auto generic = dyn_cast<linalg::GenericOp>(user);
  if (!generic || generic.getNumDpsInputs() > 1 ||
      generic.getNumDpsInits() != 1 ||
      (generic.getNumDpsInputs() == 1 ? generic.getDpsInputs()[0]
                                      : generic.getDpsInits()[0]) != sum ||
      generic->getResult(0).getType() != sum.getType() ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return nullptr;
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto divf = yield.getOperand(0).getDefiningOp<arith::DivFOp>();
  if (!divf || divf.getFastmath() != arith::FastMathFlags::none ||
      divf.getLhs() != body.getArgument(0))
    return nullptr;
  Value divisor = divf.getRhs();
  // A constant inside the body or one captured from above.
  if (!isFloatConstantEqualTo(divisor, count))
    return nullptr;
  return user;
}

/// Returns true when the body of a reduction yields the maximum of `in`
/// and `acc` (either order) and does nothing else: `arith.maximumf` without
/// fast-math flags, whose NaN and signed-zero rules are the op's `max`, or
/// `arith.maxsi`.
bool isMaxBody(Block &block, Value in, Value acc) {
  auto yield = dyn_cast<linalg::YieldOp>(block.getTerminator());
  if (!yield || yield.getNumOperands() != 1 ||
      block.getOperations().size() != 2)
    return false;
  return isCommutedBinary<arith::MaximumFOp, arith::MaxSIOp>(
      yield.getOperand(0), in, acc);
}

/// Returns true when `init` is a `linalg.fill` of the identity of `max`:
/// -inf, or the smallest signed integer (also as the element of a rank-0
/// constant, as StableHLO's reductions fill).
bool isMaxFill(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill)
    return false;
  Value scalar = fill.getInputs().front();
  Attribute value;
  if (auto extract = scalar.getDefiningOp<tensor::ExtractOp>();
      extract && extract.getIndices().empty()) {
    DenseElementsAttr element;
    if (!matchPattern(extract.getTensor(), m_Constant(&element)))
      return false;
    value = element.getSplatValue<Attribute>();
  } else if (!matchPattern(scalar, m_Constant(&value))) {
    return false;
  }
  if (auto floatValue = dyn_cast<FloatAttr>(value))
    return floatValue.getValue().isInfinity() &&
           floatValue.getValue().isNegative();
  auto intValue = dyn_cast<IntegerAttr>(value);
  return intValue && intValue.getValue().isMinSignedValue();
}

/// Replaces `root` (the reduction of `gather`, result `[B, D]`) by the bag
/// op pooling by `pooling` (sum or max); `fill` says whether a sum starts
/// from +0.0. Without weights, a float sum whose user divides it by L
/// becomes `mean`.
void replaceWithBag(PatternRewriter &rewriter, Operation *root, GatherOp gather,
                    Value weights, PoolingMode pooling, FillKind fill) {
  Location loc = root->getLoc();
  Value sum = root->getResult(0);
  auto resultType = cast<RankedTensorType>(sum.getType());
  int64_t count = gather.getIndicesType().getDimSize(1);
  Operation *divide = nullptr;
  if (pooling == PoolingMode::Sum && !weights &&
      isa<FloatType>(resultType.getElementType()))
    divide = matchDivideByCount(sum, count);

  PoolingMode mode = divide ? PoolingMode::Mean : pooling;
  rewriter.setInsertionPoint(divide ? divide : root);
  Value bag = EmbeddingBagOp::create(
      rewriter, loc, resultType, gather.getData(), gather.getIndices(),
      /*offsets=*/Value(), weights, mode,
      /*batch_dims=*/0,
      /*include_last_offset=*/false,
      /*padding_idx=*/nullptr, fill == FillKind::PositiveZero);
  if (divide) {
    rewriter.replaceOp(divide, bag);
    rewriter.eraseOp(root);
  } else {
    rewriter.replaceOp(root, bag);
  }
  rewriter.eraseOp(gather);
}

/// Raises `root` to a `max` bag when its body is a maximum of `in` and
/// `acc` (isMaxBody): success from a fill of the identity, a match failure
/// from any other fill; nothing when the body is no maximum.
std::optional<LogicalResult> raiseMax(PatternRewriter &rewriter,
                                      Operation *root, GatherOp gather,
                                      Block &body, Value in, Value acc,
                                      Value init) {
  if (!isMaxBody(body, in, acc))
    return std::nullopt;
  if (!isMaxFill(init))
    return rewriter.notifyMatchFailure(root, "init is no fill of -inf");
  replaceWithBag(rewriter, root, gather, /*weights=*/Value(), PoolingMode::Max,
                 FillKind::Exact);
  return success();
}

/// `linalg.reduce` over dimension 1 of a raisable gather, from a fill of
/// the sum's identity, with the body `in + acc` (either order).
struct RaiseReduceToBag : public OpRewritePattern<linalg::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::ReduceOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1 || op.getInits().size() != 1)
      return rewriter.notifyMatchFailure(op, "not one input and one init");
    if (op.getDimensions() != ArrayRef<int64_t>{1})
      return rewriter.notifyMatchFailure(op, "not a reduction of dim 1");
    GatherOp gather = matchBagGather(op.getInputs().front());
    if (!gather)
      return rewriter.notifyMatchFailure(op, "input is no raisable gather");
    Block &body = op.getCombiner().front();
    Value init = op.getInits().front();
    if (std::optional<LogicalResult> max =
            raiseMax(rewriter, op, gather, body, body.getArgument(0),
                     body.getArgument(1), init))
      return *max;
    std::optional<FillKind> fill = matchSumFill(init);
    if (!fill)
      return rewriter.notifyMatchFailure(op, "init is no fill of zero");
    Value term = matchSumTerm(body, body.getArgument(1));
    if (term != body.getArgument(0) || body.getOperations().size() != 2)
      return rewriter.notifyMatchFailure(op, "body is not in + acc");
    replaceWithBag(rewriter, op, gather, /*weights=*/Value(), PoolingMode::Sum,
                   *fill);
    return success();
  }
};

/// Returns true when `maps` read the gathered `[B, L, D]` rows at
/// `(b, l, c)`, the weights (when `numInputs` is 2) at `(b, l)` and write
/// `(b, c)`, for loops `b`, `l`, `c` in any order whose one reduction is
/// `l`: the order of linalg's (`[parallel, reduction, parallel]`) and of
/// StableHLO's reductions (the reduced loop last).
bool matchBagMaps(ArrayRef<AffineMap> maps,
                  ArrayRef<utils::IteratorType> iterators, unsigned numInputs) {
  AffineMap rows = maps.front();
  if (rows.getNumDims() != 3 || !rows.isPermutation())
    return false;
  unsigned b = rows.getDimPosition(0), l = rows.getDimPosition(1),
           c = rows.getDimPosition(2);
  for (auto [loop, iterator] : llvm::enumerate(iterators))
    if ((iterator == utils::IteratorType::reduction) != (loop == l))
      return false;
  MLIRContext *context = rows.getContext();
  auto dims = [&](ArrayRef<unsigned> loops) {
    SmallVector<AffineExpr> exprs;
    for (unsigned loop : loops)
      exprs.push_back(getAffineDimExpr(loop, context));
    return AffineMap::get(3, 0, exprs, context);
  };
  if (numInputs == 2 && maps[1] != dims({b, l}))
    return false;
  return maps.back() == dims({b, c});
}

/// `linalg.generic` summing a raisable gather `(b, l, c)` over `l` into
/// `(b, c)` from a fill of the identity, optionally times weights read by
/// `(b, l)`: body `acc + g` or `acc + g * w` (any operand order).
struct RaiseGenericToBag : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    unsigned numInputs = op.getNumDpsInputs();
    if (numInputs < 1 || numInputs > 2 || op.getNumDpsInits() != 1 ||
        op->getNumResults() != 1 || op.getNumLoops() != 3)
      return rewriter.notifyMatchFailure(op, "not 1-2 inputs, 1 init, 3 loops");
    if (!matchBagMaps(op.getIndexingMapsArray(), op.getIteratorTypesArray(),
                      numInputs))
      return rewriter.notifyMatchFailure(op, "indexing maps differ");

    GatherOp gather = matchBagGather(op.getDpsInputs()[0]);
    if (!gather)
      return rewriter.notifyMatchFailure(op, "input is no raisable gather");
    Value weights = numInputs == 2 ? op.getDpsInputs()[1] : Value();
    if (weights &&
        weights.getType() !=
            RankedTensorType::get(gather.getIndicesType().getShape(),
                                  gather.getDataType().getElementType()))
      return rewriter.notifyMatchFailure(op, "weights not [B, L] of rows'");
    Block &body = op.getRegion().front();
    Value acc = body.getArgument(numInputs);
    Value init = op.getDpsInits()[0];
    if (!weights)
      if (std::optional<LogicalResult> max = raiseMax(
              rewriter, op, gather, body, body.getArgument(0), acc, init))
        return *max;
    std::optional<FillKind> fill = matchSumFill(init);
    if (!fill)
      return rewriter.notifyMatchFailure(op, "init is no fill of zero");
    Value term = matchSumTerm(body, acc);
    if (!term)
      return rewriter.notifyMatchFailure(op, "body is not acc + term");
    if (weights) {
      Operation *mul = term.getDefiningOp();
      if (!mul || mul->getBlock() != &body || !mul->hasOneUse() ||
          !isCommutedBinary<arith::MulFOp, arith::MulIOp>(
              term, body.getArgument(0), body.getArgument(1)))
        return rewriter.notifyMatchFailure(op, "term is not g * w");
    } else if (term != body.getArgument(0)) {
      return rewriter.notifyMatchFailure(op, "term is not the gathered row");
    }
    // The body holds only the add (and the multiply).
    if (body.getOperations().size() != (weights ? 3u : 2u))
      return rewriter.notifyMatchFailure(op, "body has other ops");
    replaceWithBag(rewriter, op, gather, weights, PoolingMode::Sum, *fill);
    return success();
  }
};

} // namespace

bool mlir::gather::detail::isRaisableSumElementType(Type type) {
  if (type.isF32() || type.isF64())
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.isSignless() && integer.getWidth() >= 8 &&
         integer.getWidth() <= 64;
}

std::optional<FillKind> mlir::gather::detail::matchSumFill(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill)
    return std::nullopt;
  Value scalar = fill.getInputs().front();
  APFloat floatValue(0.0);
  APInt intValue;
  // StableHLO's reductions fill with the element of a rank-0 constant.
  DenseElementsAttr element;
  if (auto extract = scalar.getDefiningOp<tensor::ExtractOp>();
      extract && extract.getIndices().empty() &&
      matchPattern(extract.getTensor(), m_Constant(&element))) {
    if (isa<FloatType>(element.getElementType()))
      floatValue = element.getSplatValue<APFloat>();
    else
      intValue = element.getSplatValue<APInt>();
  } else if (!matchPattern(scalar, m_ConstantFloat(&floatValue)) &&
             !matchPattern(scalar, m_ConstantInt(&intValue))) {
    return std::nullopt;
  }
  if (isa<FloatType>(getElementTypeOrSelf(scalar.getType()))) {
    if (!floatValue.isZero())
      return std::nullopt;
    return floatValue.isNegative() ? FillKind::Exact : FillKind::PositiveZero;
  }
  if (intValue.isZero())
    return FillKind::Exact;
  return std::nullopt;
}

void mlir::gather::detail::populateRaiseBagPatterns(
    RewritePatternSet &patterns) {
  patterns.add<RaiseReduceToBag, RaiseGenericToBag>(patterns.getContext());
}

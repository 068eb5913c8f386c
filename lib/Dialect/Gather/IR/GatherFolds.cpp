//===- GatherFolds.cpp - folds and canonicalisation of gather.gather ------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Every rewrite here keeps the value of the gather for index values in
// `[-s, s)` and never turns an out-of-range index into a silently produced
// value: a gather whose constant indices are out of range is left alone (the
// lowering's bounds check then reports it; `gather-prove-index-ranges`
// warns about it at compile time). docs/FoldingAndIndexRanges.md lists the
// rewrites.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"
#include "gather-mlir/Dialect/Gather/IR/GatherShape.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::gather;

namespace {
/// Largest number of elements a constant gather folds into. Folding a larger
/// one would copy that many elements into the module's constants; the gather
/// itself is cheap to run.
constexpr int64_t kMaxFoldedElements = 1 << 16;
} // namespace

/// Returns the position along a gathered dimension of static size `size`
/// that the index `value` selects (negative values of signed and signless
/// types wrap), or nullopt when it is outside `[-size, size)` (unsigned:
/// `[0, size)`).
static std::optional<int64_t>
getWrappedPosition(const APInt &value, bool isUnsigned, int64_t size) {
  if (isUnsigned) {
    if (value.getActiveBits() > 63 ||
        static_cast<int64_t>(value.getZExtValue()) >= size)
      return std::nullopt;
    return static_cast<int64_t>(value.getZExtValue());
  }
  if (value.getSignificantBits() > 64)
    return std::nullopt;
  int64_t k = value.getSExtValue();
  if (k < -size || k >= size)
    return std::nullopt;
  return k < 0 ? k + size : k;
}

/// Returns the wrapped positions of the constant `indices` of `op`, in the
/// row-major order of the indices, when the gathered size is static and every
/// value is in range; nullopt otherwise.
static std::optional<SmallVector<int64_t>>
getConstantPositions(GatherOp op, DenseIntElementsAttr indices) {
  int64_t size = op.getDataType().getDimSize(op.getNormalizedAxis());
  if (ShapedType::isDynamic(size))
    return std::nullopt;
  bool isUnsigned = op.getIndicesType().getElementType().isUnsignedInteger();
  SmallVector<int64_t> positions;
  positions.reserve(indices.getNumElements());
  for (const APInt &value : indices.getValues<APInt>()) {
    std::optional<int64_t> position =
        getWrappedPosition(value, isUnsigned, size);
    if (!position)
      return std::nullopt;
    positions.push_back(*position);
  }
  return positions;
}

/// Returns the row-major strides of `shape` (static).
static SmallVector<int64_t> getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// Computes the elements of a gather of the constant `data` at the wrapped
/// `positions` into the static `resultType`.
static DenseElementsAttr foldConstantGather(GatherOp op, DenseElementsAttr data,
                                            ArrayRef<int64_t> positions,
                                            RankedTensorType resultType) {
  int64_t axis = op.getNormalizedAxis();
  int64_t batchDims = op.getNormalizedBatchDims();
  int64_t gathered = op.getIndicesType().getRank() - batchDims;
  ArrayRef<int64_t> resultShape = resultType.getShape();
  SmallVector<int64_t> resultStrides = getRowMajorStrides(resultShape);
  SmallVector<int64_t> dataStrides =
      getRowMajorStrides(op.getDataType().getShape());
  SmallVector<int64_t> indicesStrides =
      getRowMajorStrides(op.getIndicesType().getShape());

  auto dataValues = data.getValues<Attribute>();
  SmallVector<Attribute> values;
  values.reserve(resultType.getNumElements());
  SmallVector<int64_t> coords(resultShape.size());
  for (int64_t linear = 0, e = resultType.getNumElements(); linear < e;
       ++linear) {
    int64_t rest = linear;
    for (auto [dim, stride] : llvm::enumerate(resultStrides)) {
      coords[dim] = rest / stride;
      rest %= stride;
    }
    // Result coordinates: p[0..axis) ++ j[0..gathered) ++ t[...].
    int64_t indexLinear = 0;
    for (int64_t i = 0; i < batchDims; ++i)
      indexLinear += coords[i] * indicesStrides[i];
    for (int64_t i = 0; i < gathered; ++i)
      indexLinear += coords[axis + i] * indicesStrides[batchDims + i];
    int64_t dataLinear = positions[indexLinear] * dataStrides[axis];
    for (int64_t i = 0; i < axis; ++i)
      dataLinear += coords[i] * dataStrides[i];
    for (int64_t t = axis + 1, e = dataStrides.size(); t < e; ++t)
      dataLinear += coords[t - 1 + gathered] * dataStrides[t];
    values.push_back(*(dataValues.begin() + dataLinear));
  }
  return DenseElementsAttr::get(resultType, values);
}

/// Returns true when the constant `positions` of a rank-1, batch-free gather
/// select every position of the gathered dimension in order, so that the
/// gather returns its data unchanged.
static bool isIdentityGather(GatherOp op, ArrayRef<int64_t> positions) {
  if (op.getNormalizedBatchDims() != 0 || op.getIndicesType().getRank() != 1 ||
      op.getResultType() != op.getDataType())
    return false;
  int64_t size = op.getDataType().getDimSize(op.getNormalizedAxis());
  if (static_cast<int64_t>(positions.size()) != size)
    return false;
  for (auto [i, position] : llvm::enumerate(positions))
    if (position != static_cast<int64_t>(i))
      return false;
  return true;
}

OpFoldResult GatherOp::fold(FoldAdaptor adaptor) {
  // Everything below needs the index values: constant and all in range. An
  // out-of-range constant index is never folded.
  auto indicesAttr =
      dyn_cast_if_present<DenseIntElementsAttr>(adaptor.getIndices());
  if (!indicesAttr)
    return {};
  std::optional<SmallVector<int64_t>> positions =
      getConstantPositions(*this, indicesAttr);
  if (!positions)
    return {};

  if (isIdentityGather(*this, *positions))
    return getData();

  RankedTensorType resultType = getResultType();
  auto dataAttr = dyn_cast_if_present<DenseElementsAttr>(adaptor.getData());
  if (!dataAttr || !resultType.hasStaticShape())
    return {};
  if (dataAttr.isSplat() && resultType.getNumElements() > 0)
    return dataAttr.resizeSplat(resultType);
  Type elementType = resultType.getElementType();
  if (!isa<IntegerType, IndexType, FloatType>(elementType) ||
      resultType.getNumElements() > kMaxFoldedElements)
    return {};
  return foldConstantGather(*this, dataAttr, *positions, resultType);
}

namespace {

/// Splat data gathered at indices known to be in range (constant, or proved
/// by gather-prove-index-ranges) is a splat of the result type. The folder
/// covers constant indices; this pattern covers the proved ones. Indices
/// not known to be in range keep the gather, so that its bounds check still
/// reports an out-of-range value.
struct FoldSplatDataWithProvedIndices : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getResultType();
    SplatElementsAttr splat;
    if (!op.getIndicesInRange() || !resultType.hasStaticShape() ||
        resultType.getNumElements() == 0 ||
        !matchPattern(op.getData(), m_Constant(&splat)))
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, resultType, splat.resizeSplat(resultType));
    return success();
  }
};

/// Returns true when `value` is the iota `0, 1, ..., n-1`: a 1-D
/// linalg.generic without inputs that yields `linalg.index 0` (directly or
/// through `arith.index_cast`/`arith.index_castui`).
static bool isIota(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 0 ||
      generic.getNumResults() != 1 || generic.getNumLoops() != 1 ||
      generic.getNumParallelLoops() != 1 ||
      !generic.getIndexingMapsArray().front().isIdentity())
    return false;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  Value yielded = yield.getOperand(0);
  if (auto cast = yielded.getDefiningOp<arith::IndexCastOp>())
    yielded = cast.getIn();
  else if (auto cast = yielded.getDefiningOp<arith::IndexCastUIOp>())
    yielded = cast.getIn();
  auto index = yielded.getDefiningOp<linalg::IndexOp>();
  return index && index.getDim() == 0;
}

/// Indices that are an iota over the whole gathered dimension (rank 1, no
/// batch dimensions) select every slice in order: the gather is its data.
/// (Constant identity indices are handled by the folder.)
struct GatherOfIota : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType indicesType = op.getIndicesType();
    int64_t size = op.getDataType().getDimSize(op.getNormalizedAxis());
    if (op.getNormalizedBatchDims() != 0 || indicesType.getRank() != 1 ||
        ShapedType::isDynamic(size) || indicesType.getDimSize(0) != size ||
        op.getResultType() != op.getDataType() || !isIota(op.getIndices()))
      return failure();
    rewriter.replaceOp(op, op.getData());
    return success();
  }
};

/// Builds `value` cast to `type` when the types differ.
static Value castIfNeeded(OpBuilder &builder, Location loc, Value value,
                          Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

/// A gather of one constant index (batch_dims 0) is a slice of the data:
/// `tensor.extract_slice` at the wrapped position, reshaped to the index
/// shape's unit dimensions.
struct GatherOfSingleConstantIndex : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType indicesType = op.getIndicesType();
    DenseIntElementsAttr indicesAttr;
    if (op.getNormalizedBatchDims() != 0 || !indicesType.hasStaticShape() ||
        indicesType.getNumElements() != 1 ||
        !matchPattern(op.getIndices(), m_Constant(&indicesAttr)))
      return failure();
    std::optional<SmallVector<int64_t>> positions =
        getConstantPositions(op, indicesAttr);
    if (!positions)
      return rewriter.notifyMatchFailure(op, "index out of range");

    Location loc = op.getLoc();
    int64_t axis = op.getNormalizedAxis();
    RankedTensorType dataType = op.getDataType();
    SmallVector<OpFoldResult> offsets(dataType.getRank(),
                                      rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, op.getData());
    SmallVector<OpFoldResult> strides(dataType.getRank(),
                                      rewriter.getIndexAttr(1));
    offsets[axis] = rewriter.getIndexAttr(positions->front());
    sizes[axis] = rewriter.getIndexAttr(1);

    // Rank-0 indices drop the gathered dimension; otherwise it stays as one
    // unit dimension, expanded below into as many as the indices have.
    int64_t indicesRank = indicesType.getRank();
    SmallVector<int64_t> sliceShape(dataType.getShape());
    if (indicesRank == 0)
      sliceShape.erase(sliceShape.begin() + axis);
    else
      sliceShape[axis] = 1;
    auto sliceType =
        RankedTensorType::get(sliceShape, dataType.getElementType());
    Value result = tensor::ExtractSliceOp::create(
        rewriter, loc, sliceType, op.getData(), offsets, sizes, strides);
    if (indicesRank > 1) {
      SmallVector<int64_t> expandedShape(dataType.getShape());
      expandedShape.erase(expandedShape.begin() + axis);
      expandedShape.insert(expandedShape.begin() + axis, indicesRank, 1);
      SmallVector<ReassociationIndices> reassociation;
      for (int64_t dim = 0; dim < dataType.getRank(); ++dim) {
        ReassociationIndices group;
        int64_t first = dim <= axis ? dim : dim + indicesRank - 1;
        int64_t count = dim == axis ? indicesRank : 1;
        for (int64_t i = 0; i < count; ++i)
          group.push_back(first + i);
        reassociation.push_back(group);
      }
      result = tensor::ExpandShapeOp::create(
          rewriter, loc,
          RankedTensorType::get(expandedShape, dataType.getElementType()),
          result, reassociation);
    }
    rewriter.replaceOp(op,
                       castIfNeeded(rewriter, loc, result, op.getResultType()));
    return success();
  }
};

/// Returns the result type inferred for a gather of `data` and `indices`
/// with the attributes of `op`, or failure when the operands do not fit
/// together (no diagnostic).
static FailureOr<RankedTensorType> inferGatherType(GatherOp op, Value data,
                                                   Value indices) {
  SmallVector<Type> inferred;
  MLIRContext *context = op.getContext();
  if (failed(GatherOp::inferReturnTypes(
          context, /*location=*/std::nullopt, ValueRange{data, indices},
          op->getDiscardableAttrDictionary(), op->getPropertiesStorage(),
          op->getRegions(), inferred)))
    return failure();
  return cast<RankedTensorType>(inferred.front());
}

/// Returns the type whose dimensions are static where either `a` or `b` is
/// (they must be compatible).
static RankedTensorType joinStaticSizes(RankedTensorType a,
                                        RankedTensorType b) {
  SmallVector<int64_t> shape(a.getShape());
  for (auto [dim, size] : llvm::enumerate(b.getShape()))
    if (ShapedType::isDynamic(shape[dim]))
      shape[dim] = size;
  return RankedTensorType::get(shape, a.getElementType());
}

/// A gather of a gather along the same axis, both without batch dimensions
/// and the inner one with rank-1 indices, gathers once at gathered indices:
///
///   gather(gather(x, k, axis a), j, axis a) = gather(x, gather(k, j), axis a)
///
/// `gather(k, j)` wraps `j` against the size of `k`, as the outer gather
/// wraps it against the same dimension of the inner result; its values are
/// elements of `k` with `k`'s index type, wrapped against the size of `x`'s
/// axis as the inner gather wraps them. An out-of-range `j` or selected
/// element of `k` is reported as before; an out-of-range element of `k` that
/// no `j` selects is no longer read.
struct GatherOfGather : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getData().getDefiningOp<GatherOp>();
    if (!inner || op.getNormalizedBatchDims() != 0 ||
        inner.getNormalizedBatchDims() != 0 ||
        inner.getIndicesType().getRank() != 1 ||
        inner.getNormalizedAxis() != op.getNormalizedAxis())
      return failure();
    // gather(k, j) has the shape of j and the element type of k.
    RankedTensorType outerIndicesType = op.getIndicesType();
    auto composedType = RankedTensorType::get(
        outerIndicesType.getShape(), inner.getIndicesType().getElementType());
    FailureOr<SmallVector<int64_t>> shape = inferGatherShape(
        inner.getDataType().getShape(), composedType.getShape(),
        op.getNormalizedAxis(), /*batchDims=*/0);
    if (failed(shape))
      return rewriter.notifyMatchFailure(op, "composed shapes do not fit");
    auto type =
        RankedTensorType::get(*shape, op.getResultType().getElementType());
    if (!GatherOp::isCompatibleReturnTypes(TypeRange{type},
                                           TypeRange{op.getResultType()}))
      return rewriter.notifyMatchFailure(op, "composed types do not fit");
    RankedTensorType resultType = joinStaticSizes(type, op.getResultType());

    Location loc = op.getLoc();
    // The indices of the outer gather index the inner indices: what the
    // outer gather proved about them holds for this gather too, and what the
    // inner one proved about its indices holds for the elements selected.
    auto composed = GatherOp::create(
        rewriter, loc, composedType, inner.getIndices(), op.getIndices(),
        /*axis=*/0, /*batch_dims=*/0, op.getIndicesNonnegative(),
        op.getIndicesInRange());
    auto gather = GatherOp::create(
        rewriter, loc, resultType, inner.getData(), composed,
        op.getNormalizedAxis(), /*batch_dims=*/0, inner.getIndicesNonnegative(),
        inner.getIndicesInRange());
    rewriter.replaceOp(op,
                       castIfNeeded(rewriter, loc, gather, op.getResultType()));
    return success();
  }
};

/// A `tensor.cast` that only drops static sizes in front of `data` or
/// `indices` is absorbed: the gather reads the cast's source and, when its
/// result type becomes more static, a cast restores the declared type.
struct AbsorbTensorCast : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    auto absorb = [](Value value) {
      auto cast = value.getDefiningOp<tensor::CastOp>();
      return cast && tensor::canFoldIntoConsumerOp(cast) ? cast.getSource()
                                                         : value;
    };
    Value data = absorb(op.getData());
    Value indices = absorb(op.getIndices());
    if (data == op.getData() && indices == op.getIndices())
      return failure();
    // Static sizes that contradict each other (batch dimensions, declared
    // result sizes) are an error at run time; keep the casts that defer it.
    FailureOr<RankedTensorType> type = inferGatherType(op, data, indices);
    if (failed(type) || !GatherOp::isCompatibleReturnTypes(
                            TypeRange{*type}, TypeRange{op.getResultType()}))
      return rewriter.notifyMatchFailure(op, "static sizes contradict");
    RankedTensorType resultType = joinStaticSizes(*type, op.getResultType());
    // The index values are the same: the properties (with any proof) stay.
    auto gather = GatherOp::create(
        rewriter, op.getLoc(), TypeRange{resultType}, ValueRange{data, indices},
        op.getProperties(), llvm::to_vector(op->getDiscardableAttrs()));
    rewriter.replaceOp(
        op, castIfNeeded(rewriter, op.getLoc(), gather, op.getResultType()));
    return success();
  }
};

} // namespace

/// Returns true when `value` is a constant integer equal to `expected`.
static bool isConstantInt(Value value, int64_t expected) {
  APInt constant;
  return matchPattern(value, m_ConstantInt(&constant)) &&
         constant.getSignificantBits() <= 64 &&
         constant.getSExtValue() == expected;
}

Value mlir::gather::matchNegativeWrap(Value value,
                                      function_ref<bool(Value)> isSize) {
  auto select = value.getDefiningOp<arith::SelectOp>();
  if (!select)
    return nullptr;
  auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return nullptr;
  // Normalise the comparison to `k < 0` (isNegative) or `k >= 0`.
  Value k;
  bool isNegativeTest;
  arith::CmpIPredicate predicate = cmp.getPredicate();
  if (isConstantInt(cmp.getRhs(), 0)) {
    k = cmp.getLhs();
  } else if (isConstantInt(cmp.getLhs(), 0)) {
    // `0 > k` is `k < 0` and `0 <= k` is `k >= 0`.
    k = cmp.getRhs();
    if (predicate == arith::CmpIPredicate::sgt)
      predicate = arith::CmpIPredicate::slt;
    else if (predicate == arith::CmpIPredicate::sle)
      predicate = arith::CmpIPredicate::sge;
    else
      return nullptr;
  } else {
    return nullptr;
  }
  if (predicate == arith::CmpIPredicate::slt)
    isNegativeTest = true;
  else if (predicate == arith::CmpIPredicate::sge)
    isNegativeTest = false;
  else
    return nullptr;
  Value wrapped =
      isNegativeTest ? select.getTrueValue() : select.getFalseValue();
  Value kept = isNegativeTest ? select.getFalseValue() : select.getTrueValue();
  auto add = wrapped.getDefiningOp<arith::AddIOp>();
  if (kept != k || !add)
    return nullptr;
  if ((add.getLhs() == k && isSize(add.getRhs())) ||
      (add.getRhs() == k && isSize(add.getLhs())))
    return k;
  return nullptr;
}

namespace {

/// matchNegativeWrap against the static size `size`.
Value matchNegativeWrap(Value value, int64_t size) {
  return gather::matchNegativeWrap(
      value, [&](Value candidate) { return isConstantInt(candidate, size); });
}

/// Returns the input of `generic` when it is an elementwise linalg.generic
/// (one input, identity maps, parallel iterators) whose body is the explicit
/// wrap of negative indices against `size`.
static Value matchNegativeWrapGeneric(linalg::GenericOp generic, int64_t size) {
  if (generic.getNumDpsInputs() != 1 || generic.getNumDpsInits() != 1 ||
      generic.getNumResults() != 1 ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }) ||
      generic.getNumLoops() != generic.getNumParallelLoops())
    return nullptr;
  Value input = generic.getDpsInputOperand(0)->get();
  if (input.getType() != generic.getResult(0).getType())
    return nullptr;
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (matchNegativeWrap(yield.getOperand(0), size) != body.getArgument(0))
    return nullptr;
  return input;
}

/// An explicit wrap of negative indices against the gathered size in front
/// of the gather is dropped: the gather wraps negative values itself. For
/// index values in `[-s, s)` the result is unchanged; a value below `-s`,
/// which the explicit wrap left negative and the gather would have wrapped a
/// second time, is now reported by the bounds check as out of range.
struct AbsorbNegativeWrap : public OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    int64_t size = op.getDataType().getDimSize(op.getNormalizedAxis());
    if (ShapedType::isDynamic(size) ||
        op.getIndicesType().getElementType().isUnsignedInteger())
      return failure();
    Value indices = matchNegativeWrap(op.getIndices(), size);
    if (!indices)
      if (auto generic = op.getIndices().getDefiningOp<linalg::GenericOp>())
        indices = matchNegativeWrapGeneric(generic, size);
    if (!indices)
      return failure();
    // The proofs were about the wrapped values, not these.
    rewriter.modifyOpInPlace(op, [&] {
      op.getIndicesMutable().assign(indices);
      op.removeIndicesNonnegativeAttr();
      op.removeIndicesInRangeAttr();
    });
    return success();
  }
};

} // namespace

void GatherOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results
      .add<AbsorbNegativeWrap, AbsorbTensorCast, FoldSplatDataWithProvedIndices,
           GatherOfGather, GatherOfIota, GatherOfSingleConstantIndex>(context);
}

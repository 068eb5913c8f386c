//===- RaiseRaggedBags.cpp - torch-mlir's embedding_bag to the bag op -----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Raises the `linalg.generic` that torch-mlir's TorchToLinalg writes for
// `aten.embedding_bag.padding_idx` (mode sum, include_last_offset false)
// into `gather.embedding_bag sum` with offsets:
//
//   %r = linalg.generic {maps (b, j, c) -> (j), -> (b), -> (b, c);
//                        iterators [parallel, reduction, parallel]}
//       ins(%ids, %offsets) outs(%fill) {
//   ^bb0(%id, %start, %acc):
//     %next  = index_cast(linalg.index 0) + 1
//     %last  = cmpi eq, index_cast(dim %offsets, 0), %next
//     %read  = tensor.extract %offsets[select(%last, 0, %next)]
//              (or tensor.extract %offsets[%next]: the older form)
//     %end   = select %last, index_cast(dim %ids, 0), %read
//     %j     = index_cast(linalg.index 1)
//     %in    = (%start < %j || %start == %j) && %j < %end
//     %x     = tensor.extract %table[index_cast %id, linalg.index 2]
//     yield select(%in, %x + %acc, %acc)
//   }
//
// Bag `b` sums, in increasing `j`, the rows of the ids at
// `offsets[b] <= j < end(b)`, where `end(b)` is `offsets[b + 1]` and `N` (the
// number of ids) for the last bag: the bag op's ragged sum without
// `include_last_offset`, which adds the same rows in the same order. The fill
// of +0.0 torch-mlir writes is the op's `from_positive_zero`. Sizes are matched
// as the `tensor.dim` torch-mlir reads or as constants equal to static sizes;
// comparisons also in their one-op forms (`sle`, `sge`, `sgt`).
//
// Offsets that PyTorch rejects behave alike under `bounds-check=clamp` and
// `none` (the op clamps each bag to `[0, N]` and a bag ending before it starts
// to empty, which is what the mask selects); under `assert` the op stops the
// program on them. An id the mask selects away is read by the generic, never
// by the op; any id out of range makes the generic's reads undefined.
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

/// Returns `value` without the `arith.index_cast` that may wrap it.
Value stripIndexCast(Value value) {
  if (auto cast = value.getDefiningOp<arith::IndexCastOp>())
    return cast.getIn();
  return value;
}

/// Returns true when `value` is `linalg.index dim` of the generic whose body
/// is `body`, possibly through an `arith.index_cast`.
bool isLoopIndex(Value value, Block &body, uint64_t dim) {
  auto index = stripIndexCast(value).getDefiningOp<linalg::IndexOp>();
  return index && index->getBlock() == &body && index.getDim() == dim;
}

/// Returns true when `value` is the integer constant `expected`.
bool isConstantInt(Value value, int64_t expected) {
  APInt constant;
  return matchPattern(value, m_ConstantInt(&constant)) &&
         constant.getSExtValue() == expected;
}

/// Returns true when `value` is the size of dimension 0 of the 1-D `tensor`:
/// `tensor.dim %tensor, 0` (possibly through an `arith.index_cast`), or a
/// constant equal to its static size.
bool isLeadingSize(Value value, Value tensor) {
  Value stripped = stripIndexCast(value);
  if (auto dim = stripped.getDefiningOp<tensor::DimOp>())
    return dim.getSource() == tensor && isConstantInt(dim.getIndex(), 0);
  int64_t size = cast<RankedTensorType>(tensor.getType()).getDimSize(0);
  return ShapedType::isStatic(size) && isConstantInt(stripped, size);
}

/// Returns true when `value` is `index_cast(linalg.index 0) + 1` (either
/// order), possibly cast again.
bool isNextBag(Value value, Block &body) {
  auto add = stripIndexCast(value).getDefiningOp<arith::AddIOp>();
  if (!add)
    return false;
  return (isLoopIndex(add.getLhs(), body, 0) &&
          isConstantInt(add.getRhs(), 1)) ||
         (isLoopIndex(add.getRhs(), body, 0) && isConstantInt(add.getLhs(), 1));
}

/// Returns the condition of `cmpi eq` between the number of bags and the
/// next bag (either order): true on the last bag.
bool isLastBag(Value value, Block &body, Value offsets) {
  auto cmp = value.getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::eq)
    return false;
  return (isLeadingSize(cmp.getLhs(), offsets) &&
          isNextBag(cmp.getRhs(), body)) ||
         (isLeadingSize(cmp.getRhs(), offsets) &&
          isNextBag(cmp.getLhs(), body));
}

/// Returns true when `value` is the end of the current bag: `select(%last,
/// N, offsets[%next])`, where `offsets` is read at the next bag, or at
/// `select(%last, 0, %next)` (a position in range on the last bag).
bool isBagEnd(Value value, Block &body, Value ids, Value offsets) {
  auto select = value.getDefiningOp<arith::SelectOp>();
  if (!select || !isLastBag(select.getCondition(), body, offsets) ||
      !isLeadingSize(select.getTrueValue(), ids))
    return false;
  auto read = select.getFalseValue().getDefiningOp<tensor::ExtractOp>();
  if (!read || read.getTensor() != offsets || read.getIndices().size() != 1)
    return false;
  Value position = read.getIndices().front();
  if (isNextBag(position, body))
    return true;
  auto safe = position.getDefiningOp<arith::SelectOp>();
  return safe && safe.getCondition() == select.getCondition() &&
         isConstantInt(safe.getTrueValue(), 0) &&
         isNextBag(safe.getFalseValue(), body);
}

/// Returns true when `value` says `start <= j`: `cmpi sle start, j`,
/// `cmpi sge j, start`, or the `or` of `start < j` and `start == j`.
bool isAtOrAfterStart(Value value, Block &body, Value start) {
  auto isJ = [&](Value v) { return isLoopIndex(v, body, 1); };
  auto compares = [&](Value v, arith::CmpIPredicate predicate, bool startLeft) {
    auto cmp = v.getDefiningOp<arith::CmpIOp>();
    if (!cmp || cmp.getPredicate() != predicate)
      return false;
    return startLeft ? cmp.getLhs() == start && isJ(cmp.getRhs())
                     : isJ(cmp.getLhs()) && cmp.getRhs() == start;
  };
  using P = arith::CmpIPredicate;
  if (compares(value, P::sle, true) || compares(value, P::sge, false))
    return true;
  auto either = value.getDefiningOp<arith::OrIOp>();
  if (!either)
    return false;
  auto isLess = [&](Value v) {
    return compares(v, P::slt, true) || compares(v, P::sgt, false);
  };
  auto isEqual = [&](Value v) {
    return compares(v, P::eq, true) || compares(v, P::eq, false);
  };
  return (isLess(either.getLhs()) && isEqual(either.getRhs())) ||
         (isEqual(either.getLhs()) && isLess(either.getRhs()));
}

/// Returns true when `value` says `j < end`: `cmpi slt j, end` or
/// `cmpi sgt end, j`.
bool isBeforeEnd(Value value, Block &body, Value ids, Value offsets) {
  auto cmp = value.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return false;
  if (cmp.getPredicate() == arith::CmpIPredicate::slt)
    return isLoopIndex(cmp.getLhs(), body, 1) &&
           isBagEnd(cmp.getRhs(), body, ids, offsets);
  if (cmp.getPredicate() == arith::CmpIPredicate::sgt)
    return isLoopIndex(cmp.getRhs(), body, 1) &&
           isBagEnd(cmp.getLhs(), body, ids, offsets);
  return false;
}

/// Returns true when `value` is the mask of the bag: `start <= j && j < end`
/// (either order of the `and`).
bool isBagMask(Value value, Block &body, Value ids, Value offsets,
               Value start) {
  auto both = value.getDefiningOp<arith::AndIOp>();
  if (!both)
    return false;
  return (isAtOrAfterStart(both.getLhs(), body, start) &&
          isBeforeEnd(both.getRhs(), body, ids, offsets)) ||
         (isAtOrAfterStart(both.getRhs(), body, start) &&
          isBeforeEnd(both.getLhs(), body, ids, offsets));
}

/// Returns the table that `value` reads, when `value` is
/// `tensor.extract %table[index_cast %id, linalg.index 2]` of a 2-D table
/// defined outside the generic.
Value matchRowElement(Value value, Block &body, Value id) {
  auto read = value.getDefiningOp<tensor::ExtractOp>();
  if (!read || read.getIndices().size() != 2)
    return nullptr;
  Value table = read.getTensor();
  if (table.getParentBlock() == &body ||
      stripIndexCast(read.getIndices()[0]) != id ||
      !isLoopIndex(read.getIndices()[1], body, 2) ||
      read.getIndices()[1].getDefiningOp<arith::IndexCastOp>())
    return nullptr;
  return table;
}

/// Returns true when the ops of `body` outside the mask, the add, the row
/// read and the yield have no other user: nothing but the computation
/// matched is done.
bool hasOnlyMatchedEffects(Block &body) {
  for (Operation &op : body) {
    if (isa<linalg::YieldOp>(op))
      continue;
    if (!isMemoryEffectFree(&op) || op.getNumRegions() != 0)
      return false;
  }
  return true;
}

/// The generic of torch-mlir's `embedding_bag` (see the file header).
struct RaiseTorchEmbeddingBag : public OpRewritePattern<linalg::GenericOp> {
  RaiseTorchEmbeddingBag(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
        op->getNumResults() != 1 || op.getNumLoops() != 3)
      return rewriter.notifyMatchFailure(op, "not 2 inputs, 1 init, 3 loops");
    using utils::IteratorType;
    if (op.getIteratorTypesArray() !=
        SmallVector<IteratorType>{IteratorType::parallel,
                                  IteratorType::reduction,
                                  IteratorType::parallel})
      return rewriter.notifyMatchFailure(op, "iterators not (p, r, p)");
    MLIRContext *context = op.getContext();
    AffineExpr b, j, c;
    bindDims(context, b, j, c);
    SmallVector<AffineMap> expected{AffineMap::get(3, 0, {j}, context),
                                    AffineMap::get(3, 0, {b}, context),
                                    AffineMap::get(3, 0, {b, c}, context)};
    if (op.getIndexingMapsArray() != expected)
      return rewriter.notifyMatchFailure(op, "indexing maps differ");

    Value ids = op.getDpsInputs()[0], offsets = op.getDpsInputs()[1];
    auto idsType = dyn_cast<RankedTensorType>(ids.getType());
    auto offsetsType = dyn_cast<RankedTensorType>(offsets.getType());
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    if (!idsType || !offsetsType ||
        !idsType.getElementType().isSignlessIntOrIndex() ||
        !offsetsType.getElementType().isSignlessIntOrIndex())
      return rewriter.notifyMatchFailure(op, "ids or offsets not integers");
    std::optional<FillKind> fill = matchSumFill(op.getDpsInits()[0]);
    if (!fill)
      return rewriter.notifyMatchFailure(op, "init is no fill of zero");
    if (!isRaisableSumElementType(resultType.getElementType()))
      return rewriter.notifyMatchFailure(op, "element type not raised");

    Block &body = op.getRegion().front();
    Value id = body.getArgument(0), start = body.getArgument(1),
          acc = body.getArgument(2);
    auto yield = cast<linalg::YieldOp>(body.getTerminator());
    auto select = yield.getOperand(0).getDefiningOp<arith::SelectOp>();
    if (!select || select.getFalseValue() != acc)
      return rewriter.notifyMatchFailure(op, "yield is no select(_, _, acc)");
    Operation *add = select.getTrueValue().getDefiningOp();
    if (!add || !isa<arith::AddFOp, arith::AddIOp>(add))
      return rewriter.notifyMatchFailure(op, "the selected value is no add");
    if (auto addf = dyn_cast<arith::AddFOp>(add);
        addf && addf.getFastmath() != arith::FastMathFlags::none)
      return rewriter.notifyMatchFailure(op, "fast-math flags on the add");
    Value element;
    if (add->getOperand(0) == acc)
      element = add->getOperand(1);
    else if (add->getOperand(1) == acc)
      element = add->getOperand(0);
    Value table = element ? matchRowElement(element, body, id) : nullptr;
    if (!table)
      return rewriter.notifyMatchFailure(op, "no table row element added");
    auto tableType = cast<RankedTensorType>(table.getType());
    if (tableType.getRank() != 2 ||
        tableType.getElementType() != resultType.getElementType() ||
        failed(verifyCompatibleShape({tableType.getDimSize(1)},
                                     {resultType.getDimSize(1)})) ||
        failed(verifyCompatibleShape({offsetsType.getDimSize(0)},
                                     {resultType.getDimSize(0)})))
      return rewriter.notifyMatchFailure(op, "shapes do not match the bags");
    if (!isBagMask(select.getCondition(), body, ids, offsets, start))
      return rewriter.notifyMatchFailure(op, "the mask is not the bag's");
    if (!hasOnlyMatchedEffects(body))
      return rewriter.notifyMatchFailure(op, "body has side effects");

    Location loc = op.getLoc();
    Value bag = EmbeddingBagOp::create(
        rewriter, loc, resultType, table, ids, offsets, /*weights=*/Value(),
        PoolingMode::Sum, /*batch_dims=*/0,
        /*include_last_offset=*/false,
        /*padding_idx=*/nullptr, *fill == FillKind::PositiveZero);
    rewriter.replaceOp(op, bag);
    return success();
  }
};

} // namespace

void mlir::gather::detail::populateRaiseRaggedBagPatterns(
    RewritePatternSet &patterns) {
  patterns.add<RaiseTorchEmbeddingBag>(patterns.getContext());
}

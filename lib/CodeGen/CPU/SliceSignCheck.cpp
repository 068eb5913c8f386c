//===- SliceSignCheck.cpp - steps of slice copies without index wraps -----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A short-row copy (the inline-copy form) does little besides its index
// work: the load of the row's index, its wrap (`k < 0 ? k + s : k`), the
// same for the index whose row it prefetches and the clamp of that
// position to the last iteration. On a loop of 64-byte rows these few
// instructions cost up to a quarter of the speed (a C loop with them ran
// at 0.72-0.83x of one without on an AMD EPYC, Zen 5). So the loop runs in
// steps: a step whose iterations and prefetches lie within the loop reads
// the indices it will load as vectors, and when none is negative runs a
// copy of its body without the wraps and the clamp; other steps run the
// body as it was.
//
//===----------------------------------------------------------------------===//

#include "SliceCopies.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::slicecopy;

/// Whether `select` wraps a negative index: `x < 0 ? x + s : x`.
static bool isWrap(arith::SelectOp select) {
  Value x = select.getFalseValue();
  auto compare = select.getCondition().getDefiningOp<arith::CmpIOp>();
  auto add = select.getTrueValue().getDefiningOp<arith::AddIOp>();
  return compare && add &&
         compare.getPredicate() == arith::CmpIPredicate::slt &&
         compare.getLhs() == x && isConstantIntValue(compare.getRhs(), 0) &&
         (add.getLhs() == x || add.getRhs() == x);
}

/// Returns `c` when `value` is `minsi(position + c, _)` (the clamped
/// position of an iteration ahead).
static std::optional<int64_t> getClampedOffset(Value value, Value position) {
  auto min = value.getDefiningOp<arith::MinSIOp>();
  if (!min)
    return std::nullopt;
  auto add = min.getLhs().getDefiningOp<arith::AddIOp>();
  if (!add || add.getLhs() != position)
    return std::nullopt;
  std::optional<int64_t> offset = getConstantIntValue(add.getRhs());
  if (!offset || *offset <= 0)
    return std::nullopt;
  return offset;
}

/// Clones the ops of `ops` into a loop over the `count` positions from `iv`
/// (`iv + lane`), the ops' uses of `iv` replaced by the position. Returns
/// the loop and its position.
static std::pair<scf::ForOp, Value> cloneIntoLoop(RewriterBase &rewriter,
                                                  Location loc,
                                                  ArrayRef<Operation *> ops,
                                                  Value iv, Value count) {
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto loop = scf::ForOp::create(rewriter, loc, zero, count, one);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  Value position =
      arith::AddIOp::create(rewriter, loc, iv, loop.getInductionVar());
  IRMapping mapping;
  mapping.map(iv, position);
  for (Operation *op : ops)
    rewriter.clone(*op, mapping);
  return {loop, position};
}

void slicecopy::skipWrapsPerStep(RewriterBase &rewriter, scf::ForallOp forall,
                                 int64_t lanes) {
  if (forall.getRank() != 1 || lanes <= 1 ||
      !isConstantIntValue(forall.getMixedLowerBound()[0], 0) ||
      !isConstantIntValue(forall.getMixedStep()[0], 1))
    return;
  Block *body = forall.getBody();
  Value iv = forall.getInductionVars()[0];
  // The index memref: the one loaded at the induction variable; every load
  // of it at the iteration or at a clamped iteration ahead.
  Value indices;
  for (Operation &op : body->without_terminator())
    if (auto load = dyn_cast<memref::LoadOp>(&op))
      if (load.getIndices().size() == 1 && load.getIndices()[0] == iv)
        indices = load.getMemRef();
  auto type = indices ? dyn_cast<MemRefType>(indices.getType()) : nullptr;
  if (!type || type.getRank() != 1 || !type.isLastDimUnitStride() ||
      !type.getElementType().isSignlessInteger())
    return;
  SmallVector<int64_t> offsets = {0};
  bool supported = true, wraps = false;
  forall.getBody()->walk([&](Operation *op) {
    if (auto select = dyn_cast<arith::SelectOp>(op))
      wraps |= isWrap(select);
    auto load = dyn_cast<memref::LoadOp>(op);
    if (!load || load.getMemRef() != indices || load.getIndices()[0] == iv)
      return;
    std::optional<int64_t> offset = getClampedOffset(load.getIndices()[0], iv);
    if (!offset || load->getBlock() != body) {
      supported = false;
      return;
    }
    offsets.push_back(*offset);
  });
  for (OpOperand &use : indices.getUses())
    if (forall->isProperAncestor(use.getOwner()) &&
        !isa<memref::LoadOp>(use.getOwner()))
      supported = false;
  if (!supported || !wraps)
    return;
  llvm::sort(offsets);
  offsets.erase(llvm::unique(offsets), offsets.end());

  Location loc = forall.getLoc();
  SmallVector<Operation *> ops;
  for (Operation &op : body->without_terminator())
    ops.push_back(&op);
  OpBuilder::InsertionGuard guard(rewriter);
  // Everything new is built inside the loop: the versions of a loop are
  // made by cloning it, after this.
  rewriter.setInsertionPointToStart(body);
  Value bound = getValueOrCreateConstantIndexOp(rewriter, loc,
                                                forall.getMixedUpperBound()[0]);
  rewriter.modifyOpInPlace(forall, [&] {
    forall.setStaticStep(rewriter.getDenseI64ArrayAttr({lanes}));
  });
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  // Whole steps whose farthest index read lies within the loop.
  Value end = arith::AddIOp::create(rewriter, loc, iv,
                                    constant(lanes + offsets.back()));
  Value whole = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ule,
                                      end, bound);
  auto wholeIf = scf::IfOp::create(rewriter, loc, whole,
                                   /*withElseRegion=*/true);
  auto annotation = getUnrollAnnotation(rewriter.getContext(), std::nullopt);

  // A partial step (the last ones): the body as it was, for the iterations
  // left.
  rewriter.setInsertionPoint(wholeIf.elseBlock()->getTerminator());
  Value left = arith::SubIOp::create(rewriter, loc, bound, iv);
  Value count = arith::MinSIOp::create(rewriter, loc, left, constant(lanes));
  cloneIntoLoop(rewriter, loc, ops, iv, count);

  // A whole step: one vector of the step's indices per offset, ORed and
  // compared with zero.
  rewriter.setInsertionPoint(wholeIf.thenBlock()->getTerminator());
  auto vectorType = VectorType::get({lanes}, type.getElementType());
  Value any;
  for (int64_t offset : offsets) {
    Value at = offset == 0
                   ? iv
                   : arith::AddIOp::create(rewriter, loc, iv, constant(offset))
                         .getResult();
    Value v = vector::LoadOp::create(rewriter, loc, vectorType, indices, at);
    any = any ? arith::OrIOp::create(rewriter, loc, any, v).getResult() : v;
  }
  Value zeros = arith::ConstantOp::create(rewriter, loc, vectorType,
                                          rewriter.getZeroAttr(vectorType));
  Value negative = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::slt, any, zeros);
  Value someNegative = vector::ReductionOp::create(
      rewriter, loc, vector::CombiningKind::OR, negative);
  Value steps = constant(lanes);
  auto signIf = scf::IfOp::create(rewriter, loc, someNegative,
                                  /*withElseRegion=*/true);
  rewriter.setInsertionPoint(signIf.thenBlock()->getTerminator());
  scf::ForOp asWas = cloneIntoLoop(rewriter, loc, ops, iv, steps).first;
  asWas->setAttr("loop_annotation", annotation);
  rewriter.setInsertionPoint(signIf.elseBlock()->getTerminator());
  auto [fast, position] = cloneIntoLoop(rewriter, loc, ops, iv, steps);
  fast->setAttr("loop_annotation", annotation);
  // Without the wraps (the identity on non-negative values) and the clamps
  // of the positions ahead (within the loop in a whole step).
  SmallVector<Operation *> dead;
  fast.getBody()->walk([&](Operation *op) {
    if (auto select = dyn_cast<arith::SelectOp>(op); select && isWrap(select)) {
      rewriter.replaceAllUsesWith(select.getResult(), select.getFalseValue());
      dead.push_back(select);
    } else if (auto min = dyn_cast<arith::MinSIOp>(op);
               min && getClampedOffset(min.getResult(), position)) {
      rewriter.replaceAllUsesWith(min.getResult(), min.getLhs());
      dead.push_back(min);
    }
  });
  for (Operation *op : dead)
    rewriter.eraseOp(op);

  for (Operation *op : llvm::reverse(ops))
    rewriter.eraseOp(op);
}

//===- LowerElementLoops.cpp - loops of per-element gathers ---------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// After bufferization, the `element` and `inner-axis` forms of the gather
// lowering are a linalg.generic (marked `gather.form`) whose body reads one
// data element at a computed position. This pass turns each into scf loops
// and gives them what the hardware prefetcher cannot: a software prefetch of
// the element (`element`) or of the data rows (`inner-axis`) that later
// iterations will read, an unrolled innermost loop, and, with `parallel`, an
// outer loop split into chunks that run on several threads.
//
//===----------------------------------------------------------------------===//

#include "CodeGenUtils.h"
#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/CodeGen/CPU/Target.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"
#include "gather-mlir/Support/TypeUtils.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERLOWERELEMENTLOOPS
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {

/// The largest unroll factors accepted (the unrolled body grows with them).
constexpr int64_t kMaxUnroll = 256;
/// The largest number of parallel chunks accepted.
constexpr int64_t kMaxParallelChunks = int64_t(1) << 20;

/// Returns the load of the gathered data in `body`: the memref.load whose
/// memref is not one of `operands` (the linalg operands, read through block
/// arguments) and is defined above `loop`.
memref::LoadOp findDataLoad(scf::ForOp loop, ValueRange operands) {
  memref::LoadOp found;
  loop.getBody()->walk([&](memref::LoadOp load) {
    Value memref = load.getMemRef();
    if (llvm::is_contained(operands, memref) ||
        !memref.getParentRegion()->isProperAncestor(&loop.getRegion()))
      return WalkResult::advance();
    if (found) {
      found = nullptr;
      return WalkResult::interrupt();
    }
    found = load;
    return WalkResult::advance();
  });
  return found;
}

/// The wraps of negative index values in `block`: the `arith.select` ops
/// (`x < 0 ? x + s : x`) that the gather lowering marked with
/// getGatherWrapAttrName. Their false value is the unwrapped index, a
/// sign-preserving conversion of the loaded index value.
SmallVector<arith::SelectOp> findWraps(Block &block) {
  SmallVector<arith::SelectOp> wraps;
  block.walk([&](arith::SelectOp select) {
    if (select->hasAttr(getGatherWrapAttrName()))
      wraps.push_back(select);
  });
  return wraps;
}

/// Replaces each wrap in `block` by the unwrapped index, erasing what
/// becomes dead.
void removeWraps(RewriterBase &rewriter, Block &block) {
  for (arith::SelectOp select : findWraps(block)) {
    Operation *compare = select.getCondition().getDefiningOp();
    Operation *add = select.getTrueValue().getDefiningOp();
    rewriter.replaceAllUsesWith(select.getResult(), select.getFalseValue());
    rewriter.eraseOp(select);
    for (Operation *op : {compare, add})
      if (op && op->use_empty())
        rewriter.eraseOp(op);
  }
}

/// Returns the constant `c` when `value` is `iv + c` (`iv` itself, or a
/// chain of `arith.addi` of constants onto it, as unrolling makes).
std::optional<int64_t> getOffsetFrom(Value value, Value iv) {
  if (value == iv)
    return 0;
  auto add = value.getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  for (auto [base, other] : {std::pair(add.getLhs(), add.getRhs()),
                             std::pair(add.getRhs(), add.getLhs())}) {
    std::optional<int64_t> constant = getConstantIntValue(other);
    if (!constant)
      continue;
    std::optional<int64_t> offset = getOffsetFrom(base, iv);
    if (offset && !llvm::AddOverflow(*offset, *constant, *offset))
      return *offset;
  }
  return std::nullopt;
}

/// A loop split into steps of `factor` iterations: `outer` runs the steps
/// (from the loop's start by `factor`), `inner` the iterations of one step
/// (annotated for LLVM to unroll fully), `position` = outer iv + inner iv.
/// The iterations after the last whole step run in a copy of the loop.
struct StripMined {
  scf::ForOp outer, inner;
  Value position;
};

/// Strip-mines `loop` (step 1, no loop-carried values) by `factor`. The
/// unrolling is left to LLVM, which keeps the IR of the pipeline small: one
/// body per step instead of `factor`.
FailureOr<StripMined> stripMine(RewriterBase &rewriter, scf::ForOp loop,
                                int64_t factor) {
  if (!isConstantIntValue(loop.getStep(), 1) || loop.getNumRegionIterArgs())
    return failure();
  Location loc = loop.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  Value step = constant(factor);
  Value span = rewriter.createOrFold<arith::SubIOp>(loc, ub, lb);
  Value nonNegative =
      rewriter.createOrFold<arith::MaxSIOp>(loc, span, constant(0));
  Value steps = rewriter.createOrFold<arith::DivUIOp>(loc, nonNegative, step);
  Value covered = rewriter.createOrFold<arith::MulIOp>(loc, steps, step);
  Value mainUb = rewriter.createOrFold<arith::AddIOp>(loc, lb, covered);
  rewriter.setInsertionPointAfter(loop);
  auto rest = cast<scf::ForOp>(rewriter.clone(*loop));
  rewriter.modifyOpInPlace(rest, [&] { rest.setLowerBound(mainUb); });
  rewriter.modifyOpInPlace(loop, [&] {
    loop.setUpperBound(mainUb);
    loop.setStep(step);
  });
  Block *body = loop.getBody();
  rewriter.setInsertionPointToStart(body);
  Value zero = constant(0), one = constant(1);
  auto inner = scf::ForOp::create(rewriter, loc, zero, step, one);
  Block *innerBody = inner.getBody();
  innerBody->getOperations().splice(
      innerBody->getTerminator()->getIterator(), body->getOperations(),
      std::next(inner->getIterator()), std::prev(body->end()));
  rewriter.setInsertionPointToStart(innerBody);
  Value iv = loop.getInductionVar();
  Value position =
      arith::AddIOp::create(rewriter, loc, iv, inner.getInductionVar());
  rewriter.replaceUsesWithIf(iv, position, [&](OpOperand &use) {
    return use.getOwner() != position.getDefiningOp() &&
           inner->isAncestor(use.getOwner());
  });
  inner->setAttr("loop_annotation",
                 getUnrollAnnotation(rewriter.getContext(), std::nullopt));
  return StripMined{loop, inner, position};
}

struct GatherLowerElementLoopsPass
    : public gather::impl::GatherLowerElementLoopsBase<
          GatherLowerElementLoopsPass> {
  using Base::Base;

  /// The locality hint of the element prefetch: the option's, or the
  /// target's.
  int64_t locality = 0;
  /// The bytes of the target's vectors (the alignment of non-temporal
  /// stores).
  int64_t vectorBytes = 16;

  void runOnOperation() override {
    if (failed(checkOptions()))
      return signalPassFailure();
    std::string error;
    FailureOr<CPUTarget> target = getCPUTarget(targetCpu, error);
    if (failed(target)) {
      getOperation()->emitError() << getArgument() << ": " << error;
      return signalPassFailure();
    }
    locality = localityHint < 0 ? target->elementPrefetchLocality
                                : static_cast<int64_t>(localityHint);
    vectorBytes = target->vectorBytes;
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk([&](linalg::GenericOp op) {
      std::optional<GatherForm> form = getGatherForm(op);
      if ((form == GatherForm::Element || form == GatherForm::InnerAxis) &&
          op.hasPureBufferSemantics() && op.getNumDpsInputs() == 1 &&
          op.getNumDpsInits() == 1 && op.getNumLoops() > 0)
        generics.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : generics)
      lower(rewriter, op);
  }

  /// Emits an error on the function for the first option out of its range.
  LogicalResult checkOptions() {
    StringRef pass = getArgument();
    Operation *op = getOperation();
    constexpr int64_t max = std::numeric_limits<int64_t>::max();
    struct Range {
      StringRef name;
      int64_t value, min, max;
    };
    for (const Range &range :
         {Range{"prefetch-distance", prefetchDistance, 0, kMaxPrefetchDistance},
          Range{"locality", localityHint, -1, 3},
          Range{"row-prefetch-distance", rowPrefetchDistance, 0,
                kMaxPrefetchDistance},
          Range{"unroll", unroll, 1, kMaxUnroll},
          Range{"inner-unroll", innerUnroll, 1, kMaxUnroll},
          Range{"parallel-threshold", parallelThreshold, 0, max},
          Range{"parallel-chunks", parallelChunks, 1, kMaxParallelChunks}})
      if (failed(checkOptionInRange(op, pass, range.name, range.value,
                                    range.min, range.max)))
        return failure();
    return success();
  }

  /// Lowers one marked linalg.generic.
  void lower(IRRewriter &rewriter, linalg::GenericOp op) const {
    bool inner = getGatherForm(op) == GatherForm::InnerAxis;
    Location loc = op.getLoc();
    SmallVector<Value> operands = {op.getDpsInputs()[0], op.getDpsInits()[0]};
    Value out = operands[1];
    auto outType = cast<MemRefType>(out.getType());

    // The bytes the gather writes, for the parallel threshold.
    rewriter.setInsertionPoint(op);
    Value outBytes;
    if (parallel && outType.getElementType().isIntOrFloat()) {
      int64_t elementBytes = std::max<int64_t>(
          1, *getElementStorageBytes(outType.getElementType()));
      outBytes = arith::ConstantIndexOp::create(rewriter, loc, elementBytes);
      for (int64_t dim = 0; dim < outType.getRank(); ++dim)
        outBytes = rewriter.createOrFold<arith::MulIOp>(
            loc, outBytes, rewriter.createOrFold<memref::DimOp>(loc, out, dim));
    }

    rewriter.setInsertionPoint(op);
    FailureOr<linalg::LinalgLoops> loops = linalg::linalgOpToLoops(
        rewriter, cast<linalg::LinalgOp>(op.getOperation()));
    if (failed(loops) || loops->empty())
      return;
    rewriter.eraseOp(op);
    SmallVector<scf::ForOp> fors;
    for (Operation *loop : *loops)
      fors.push_back(cast<scf::ForOp>(loop));

    // With `parallel`, two versions of the loops; optimise the innermost
    // loop of each.
    SmallVector<scf::ForOp> innermost = {fors.back()};
    if (outBytes) {
      std::optional<int64_t> staticBytes = getConstantIntValue(outBytes);
      if (!staticBytes || *staticBytes >= parallelThreshold) {
        scf::IfOp versions = splitIntoChunks(rewriter, fors.front(), outBytes);
        innermost.clear();
        versions.walk([&](scf::ForOp loop) {
          if (!loop.getBody()
                   ->walk([](scf::ForOp) { return WalkResult::interrupt(); })
                   .wasInterrupted())
            innermost.push_back(loop);
        });
      }
    }
    for (scf::ForOp loop : innermost)
      optimizeInnermost(rewriter, loop, operands, inner);
  }

  /// Adds the prefetch of the form to the innermost loop `loop` and unrolls
  /// it (strip-mined, StripMined).
  void optimizeInnermost(IRRewriter &rewriter, scf::ForOp loop,
                         ValueRange operands, bool inner) const {
    memref::LoadOp load = findDataLoad(loop, operands);
    bool prefetch = false;
    int64_t elementBytes = 8;
    if (load) {
      auto type = cast<MemRefType>(load.getMemRef().getType());
      if (std::optional<int64_t> bytes =
              getElementStorageBytes(type.getElementType()))
        elementBytes = *bytes;
      prefetch = !isCacheResident(type, elementBytes);
    }
    // Each iteration keeps its element prefetch.
    if (prefetch && !inner)
      prefetchElements(rewriter, loop, load);
    Value trip = loop.getUpperBound();
    // A loop of statically at most `factor` iterations stays as it is.
    int64_t factor = inner ? innerUnroll : unroll;
    std::optional<int64_t> staticTrip = getConstantIntValue(trip);
    std::optional<int64_t> staticStart =
        getConstantIntValue(loop.getLowerBound());
    bool isShort =
        staticTrip && staticStart && *staticTrip - *staticStart <= factor;
    FailureOr<StripMined> mined = failure();
    if (factor > 1 && !isShort)
      mined = stripMine(rewriter, loop, factor);
    if (succeeded(mined) && !inner && signCheck)
      skipWrapsWhenNonNegative(rewriter, *mined, operands[0]);
    if (succeeded(mined) && inner)
      storeStepAsVector(rewriter, *mined, operands[1], factor);
    // The rows: once per step of `factor` iterations.
    if (prefetch && inner) {
      if (succeeded(mined))
        prefetchRows(rewriter, mined->outer, load, elementBytes, factor, trip);
      else if (auto parent = dyn_cast<scf::ForOp>(load->getParentOp()))
        prefetchRows(rewriter, parent, load, elementBytes, 1, trip);
    }
  }

  /// `element`, on the strip-mined loop: every index that one step loads
  /// (its own and those of the prefetch ahead) is read again as a few
  /// vectors and tested for a negative value with one compare; a step with
  /// none runs a copy of the inner loop without the wraps of negative
  /// indices (an `scf.if`). Nothing changes when the body has no wrap, or
  /// its index loads are not at the position plus constants along a
  /// unit-stride last dimension.
  void skipWrapsWhenNonNegative(IRRewriter &rewriter, StripMined mined,
                                Value indices) const {
    // linalg-to-loops leaves identity affine.apply ops in the index
    // computations: fold them (within the loop) so that the offsets of the
    // index loads show.
    RewritePatternSet patterns(mined.inner.getContext());
    affine::AffineApplyOp::getCanonicalizationPatterns(
        patterns, mined.inner.getContext());
    (void)applyPatternsGreedily(mined.inner.getRegion(), std::move(patterns));

    Block *body = mined.inner.getBody();
    auto type = dyn_cast<MemRefType>(indices.getType());
    if (findWraps(*body).empty() || !type || type.getRank() == 0 ||
        !type.isLastDimUnitStride() ||
        !type.getElementType().isSignlessIntOrIndex())
      return;
    // The offsets of the index loads from the position, and the leading
    // coordinates they share, which must not change within a step.
    SmallVector<int64_t> offsets;
    SmallVector<Value> prefix;
    bool supported = true;
    body->walk([&](memref::LoadOp load) {
      if (load.getMemRef() != indices)
        return;
      ValueRange at = load.getIndices();
      std::optional<int64_t> offset = getOffsetFrom(at.back(), mined.position);
      SmallVector<Value> leading(at.drop_back());
      if (!offset || *offset < 0 ||
          llvm::any_of(
              leading,
              [&](Value v) {
                return !mined.outer.isDefinedOutsideOfLoop(v) &&
                       v.getParentBlock() == body;
              }) ||
          (!offsets.empty() && prefix != leading)) {
        supported = false;
        return;
      }
      prefix = leading;
      offsets.push_back(*offset);
    });
    if (!supported || offsets.empty() || llvm::any_of(prefix, [&](Value v) {
          return !v.getParentRegion()->isAncestor(&mined.outer.getRegion()) &&
                 v.getParentBlock() != mined.outer.getBody();
        }))
      return;
    // One vector of the step's `unroll` lanes per distinct offset: each lane
    // is one that the step loads anyway, so the vectors read nothing the
    // scalar code does not.
    llvm::sort(offsets);
    offsets.erase(llvm::unique(offsets), offsets.end());

    Location loc = mined.inner.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(mined.inner);
    auto vectorType = VectorType::get({unroll}, type.getElementType());
    Value iv = mined.outer.getInductionVar();
    Value any;
    for (int64_t offset : offsets) {
      SmallVector<Value> at(prefix);
      Value start = iv;
      if (offset != 0) {
        Value c = arith::ConstantIndexOp::create(rewriter, loc, offset);
        start = arith::AddIOp::create(rewriter, loc, iv, c);
      }
      at.push_back(start);
      Value lanes =
          vector::LoadOp::create(rewriter, loc, vectorType, indices, at);
      any = any ? arith::OrIOp::create(rewriter, loc, any, lanes) : lanes;
    }
    Value zero = arith::ConstantOp::create(rewriter, loc, vectorType,
                                           rewriter.getZeroAttr(vectorType));
    Value negative = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, any, zero);
    Value someNegative = vector::ReductionOp::create(
        rewriter, loc, vector::CombiningKind::OR, negative);

    // The inner loop moves into the `then` branch (some index negative);
    // the `else` branch gets a copy without the wraps.
    auto ifOp = scf::IfOp::create(rewriter, loc, someNegative,
                                  /*withElseRegion=*/true);
    rewriter.moveOpBefore(mined.inner, ifOp.thenBlock()->getTerminator());
    rewriter.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    auto copy = cast<scf::ForOp>(rewriter.clone(*mined.inner));
    removeWraps(rewriter, *copy.getBody());
  }

  /// `element`: prefetches the data element that the iteration
  /// `prefetchDistance` steps ahead reads (the index load and arithmetic
  /// that locate it, cloned with the induction variable advanced; the
  /// position clamped into the table only with `clampPrefetch`). The last
  /// `prefetchDistance` iterations run in a second loop without the
  /// prefetch.
  void prefetchElements(IRRewriter &rewriter, scf::ForOp loop,
                        memref::LoadOp load) const {
    if (prefetchDistance <= 0)
      return;
    Location loc = load.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    // The last `prefetchDistance` iterations run in a copy of the loop
    // without the prefetch, so that the main loop reads the index ahead
    // without clamping it.
    rewriter.setInsertionPoint(loop);
    Value distance =
        arith::ConstantIndexOp::create(rewriter, loc, prefetchDistance);
    Value split = rewriter.createOrFold<arith::MaxSIOp>(
        loc, loop.getLowerBound(),
        rewriter.createOrFold<arith::SubIOp>(loc, loop.getUpperBound(),
                                             distance));
    rewriter.setInsertionPointAfter(loop);
    auto rest = cast<scf::ForOp>(rewriter.clone(*loop));
    rewriter.modifyOpInPlace(rest, [&] { rest.setLowerBound(split); });
    rewriter.modifyOpInPlace(loop, [&] { loop.setUpperBound(split); });

    rewriter.setInsertionPointToStart(loop.getBody());
    Value ahead =
        arith::AddIOp::create(rewriter, loc, loop.getInductionVar(), distance);
    FailureOr<SmallVector<Value>> indices = cloneAhead(
        rewriter, loop, loop.getInductionVar(), load.getIndices(), ahead);
    if (failed(indices))
      return;
    Value table = load.getMemRef();
    SmallVector<Value> at;
    for (auto [dim, index] : llvm::enumerate(*indices)) {
      if (index == load.getIndices()[dim] &&
          !loop->isAncestor(index.getParentBlock()->getParentOp())) {
        at.push_back(index);
        continue;
      }
      // Not clamped into the table: the position of an out-of-range index
      // (reported, clamped or trusted by that iteration's own code) gives a
      // prefetch of an address outside the table, which is harmless: a
      // prefetch is a hint that never faults and changes no state
      // (`llvm.prefetch`, and its address is computed without `inbounds`).
      // The clamp cost three instructions per element.
      if (clampPrefetch) {
        Value size = memref::DimOp::create(rewriter, loc, table, dim);
        Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
        Value lastIndex = arith::SubIOp::create(rewriter, loc, size, one);
        index = arith::MinUIOp::create(rewriter, loc, index, lastIndex);
      }
      at.push_back(index);
    }
    memref::PrefetchOp::create(rewriter, loc, table, at, /*isWrite=*/false,
                               /*localityHint=*/locality,
                               /*isDataCache=*/true);
  }

  /// `inner-axis`, on the strip-mined loop: the `factor` elements that one
  /// step stores at consecutive positions of the output row are gathered
  /// into a vector (carried through the inner loop, which LLVM unrolls) and
  /// stored once after it; non-temporally when the output holds at least
  /// `nontemporalThreshold` bytes and the step's address is aligned (an
  /// `scf.if`: a non-temporal vector store needs an aligned address). Only
  /// integer and float elements of 32 or 64 bits, and only an output with
  /// an identity layout.
  void storeStepAsVector(IRRewriter &rewriter, StripMined mined, Value out,
                         int64_t factor) const {
    auto outType = dyn_cast<MemRefType>(out.getType());
    if (!outType || !outType.getLayout().isIdentity() || outType.getRank() == 0)
      return;
    Type elementType = outType.getElementType();
    if (!elementType.isIntOrFloat() ||
        (elementType.getIntOrFloatBitWidth() != 32 &&
         elementType.getIntOrFloatBitWidth() != 64))
      return;
    int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
    // linalg-to-loops leaves identity affine.apply ops in the coordinates:
    // fold them so that the store's position shows.
    RewritePatternSet patterns(mined.inner.getContext());
    affine::AffineApplyOp::getCanonicalizationPatterns(
        patterns, mined.inner.getContext());
    (void)applyPatternsGreedily(mined.inner.getRegion(), std::move(patterns));
    Block *body = mined.inner.getBody();
    // The one store into `out`, directly in the body, at the position along
    // the last dimension and coordinates fixed within the step before it.
    memref::StoreOp store;
    for (Operation &op : *body) {
      auto candidate = dyn_cast<memref::StoreOp>(&op);
      if (!candidate || candidate.getMemRef() != out)
        continue;
      if (store)
        return;
      store = candidate;
    }
    if (!store || store.getIndices().back() != mined.position ||
        llvm::any_of(store.getIndices().drop_back(), [&](Value v) {
          return !mined.outer.isDefinedOutsideOfLoop(v);
        }))
      return;
    bool outside = true;
    out.getParentRegion()->walk([&](memref::StoreOp other) {
      if (other != store && other.getMemRef() == out &&
          mined.inner->isAncestor(other))
        outside = false;
    });
    if (!outside)
      return;

    Location loc = store.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(mined.inner);
    auto vectorType = VectorType::get({factor}, elementType);
    Value init = arith::ConstantOp::create(rewriter, loc, vectorType,
                                           rewriter.getZeroAttr(vectorType));
    auto loop = scf::ForOp::create(rewriter, loc, mined.inner.getLowerBound(),
                                   mined.inner.getUpperBound(),
                                   mined.inner.getStep(), ValueRange{init});
    loop->setDiscardableAttrs(mined.inner->getDiscardableAttrDictionary());
    Block *newBody = loop.getBody();
    // (A loop with iteration arguments is built without a terminator.)
    if (!newBody->empty())
      rewriter.eraseOp(newBody->getTerminator());
    rewriter.mergeBlocks(body, newBody, {loop.getInductionVar()});
    Operation *yield = newBody->getTerminator();
    rewriter.setInsertionPoint(yield);
    Value lane = loop.getInductionVar();
    Value acc = vector::InsertOp::create(rewriter, loc, store.getValueToStore(),
                                         loop.getRegionIterArgs()[0],
                                         OpFoldResult(lane));
    rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, ValueRange{acc});
    SmallVector<Value> at(store.getIndices());
    rewriter.eraseOp(store);
    rewriter.eraseOp(mined.inner);

    rewriter.setInsertionPointAfter(loop);
    at.back() = mined.outer.getInductionVar();
    Value vector = loop.getResult(0);
    auto plainStore = [&](OpBuilder &b, Location l) {
      vector::StoreOp::create(b, l, vector, out, at);
    };
    // The output's bytes and the step's address, for the non-temporal test.
    int64_t stepBytes = factor * elementBytes;
    int64_t alignment = std::min<int64_t>(vectorBytes, stepBytes);
    if (nontemporalThreshold < 0 || alignment < 16 ||
        !llvm::isPowerOf2_64(alignment)) {
      plainStore(rewriter, loc);
      return;
    }
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    Value bytes = constant(elementBytes);
    Value linear = constant(0);
    for (int64_t dim = 0; dim < outType.getRank(); ++dim) {
      Value size = rewriter.createOrFold<memref::DimOp>(loc, out, dim);
      bytes = rewriter.createOrFold<arith::MulIOp>(loc, bytes, size);
      linear = rewriter.createOrFold<arith::MulIOp>(loc, linear, size);
      linear = rewriter.createOrFold<arith::AddIOp>(loc, linear, at[dim]);
    }
    Value large = rewriter.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::uge, bytes, constant(nontemporalThreshold));
    if (isConstantIntValue(large, 0)) {
      plainStore(rewriter, loc);
      return;
    }
    Value base =
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, out);
    Value offset =
        arith::MulIOp::create(rewriter, loc, linear, constant(elementBytes));
    Value address = arith::AddIOp::create(rewriter, loc, base, offset);
    Value misalignment =
        arith::RemUIOp::create(rewriter, loc, address, constant(alignment));
    Value aligned = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, misalignment, constant(0));
    Value stream = rewriter.createOrFold<arith::AndIOp>(loc, large, aligned);
    auto ifOp = scf::IfOp::create(rewriter, loc, stream,
                                  /*withElseRegion=*/true);
    rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    auto streamed = vector::StoreOp::create(rewriter, loc, vector, out, at);
    streamed.setNontemporal(true);
    streamed.setAlignmentAttr(rewriter.getI64IntegerAttr(alignment));
    rewriter.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    plainStore(rewriter, loc);
  }

  /// `inner-axis`: prefetches the row `rowPrefetchDistance` iterations of the
  /// row loop ahead, spread across the loop over the current row: the step
  /// at iteration `j` of `n` (`step` iterations each) prefetches the cache
  /// lines from column `j * R / n` on that cover its share of the row of `R`
  /// elements. The row loop's bound is read where the row loop starts.
  void prefetchRows(IRRewriter &rewriter, scf::ForOp loop, memref::LoadOp load,
                    int64_t elementBytes, int64_t step, Value trip) const {
    if (rowPrefetchDistance <= 0)
      return;
    Value table = load.getMemRef();
    auto type = cast<MemRefType>(table.getType());
    int64_t rank = type.getRank();
    if (rank < 2)
      return;
    ValueRange indices = load.getIndices();
    // The last index is a position computed in the loop; the one before it
    // is the induction variable of the enclosing row loop.
    Value position = indices[rank - 1];
    if (!position.getDefiningOp() ||
        !loop->isProperAncestor(position.getDefiningOp()))
      return;
    auto rowLoop = dyn_cast_or_null<scf::ForOp>(loop->getParentOp());
    if (!rowLoop || indices[rank - 2] != rowLoop.getInductionVar())
      return;
    for (Value index : indices.drop_back(2))
      if (!index.getParentRegion()->isAncestor(&rowLoop.getRegion()) ||
          index == loop.getInductionVar())
        return;
    if (!trip.getParentRegion()->isAncestor(&rowLoop.getRegion()))
      return;

    Location loc = load.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    // Per row: the row ahead, and how many lines one unrolled step covers.
    rewriter.setInsertionPointToStart(rowLoop.getBody());
    Value rowLast = arith::SubIOp::create(rewriter, loc,
                                          rowLoop.getUpperBound(), constant(1));
    Value rowAhead = arith::MinSIOp::create(
        rewriter, loc,
        arith::AddIOp::create(rewriter, loc, rowLoop.getInductionVar(),
                              constant(rowPrefetchDistance)),
        rowLast);
    rewriter.setInsertionPoint(rowLoop);
    Value rowElements =
        rewriter.createOrFold<memref::DimOp>(loc, table, constant(rank - 1));
    int64_t lineElements = std::max<int64_t>(1, kCacheLineBytes / elementBytes);
    // Lines per unrolled step: ceil(ceil(R * step / n) / lineElements),
    // at least one.
    // (One op per statement: the order of the IR must not depend on the
    // compiler's order of evaluating arguments.)
    Value stepElements =
        rewriter.createOrFold<arith::MulIOp>(loc, rowElements, constant(step));
    Value one = constant(1);
    Value tripAtLeastOne =
        rewriter.createOrFold<arith::MaxUIOp>(loc, trip, one);
    Value perStep = rewriter.createOrFold<arith::CeilDivUIOp>(loc, stepElements,
                                                              tripAtLeastOne);
    Value stepLines = rewriter.createOrFold<arith::CeilDivUIOp>(
        loc, perStep, constant(lineElements));
    Value lines = rewriter.createOrFold<arith::MaxUIOp>(loc, stepLines, one);
    Value rowEnd =
        rewriter.createOrFold<arith::SubIOp>(loc, rowElements, constant(1));

    // In the (unrolled) loop over the row, once per step.
    rewriter.setInsertionPointToStart(loop.getBody());
    Value j = loop.getInductionVar();
    Value scaled = arith::MulIOp::create(rewriter, loc, j, rowElements);
    Value column =
        arith::DivUIOp::create(rewriter, loc, scaled, tripAtLeastOne);
    SmallVector<Value> prefix(indices.drop_back(2));
    Value zero = constant(0);
    scf::ForOp::create(
        rewriter, loc, zero, lines, one, ValueRange{},
        [&](OpBuilder &b, Location l, Value line, ValueRange) {
          Value lineStep = arith::ConstantIndexOp::create(b, l, lineElements);
          Value offset = arith::MulIOp::create(b, l, line, lineStep);
          Value at = arith::AddIOp::create(b, l, column, offset);
          at = arith::MinUIOp::create(b, l, at, rowEnd);
          SmallVector<Value> coords(prefix);
          coords.push_back(rowAhead);
          coords.push_back(at);
          memref::PrefetchOp::create(b, l, table, coords, /*isWrite=*/false,
                                     /*localityHint=*/3,
                                     /*isDataCache=*/true);
          scf::YieldOp::create(b, l);
        });
  }

  /// Splits the outermost loop `loop` (from 0 by 1) into `parallelChunks`
  /// chunks run by an scf.parallel (for convert-scf-to-openmp), when the
  /// gather writes at least `parallelThreshold` bytes; a sequential copy
  /// runs smaller ones. Returns the scf.if holding both versions.
  scf::IfOp splitIntoChunks(IRRewriter &rewriter, scf::ForOp loop,
                            Value outBytes) const {
    Location loc = loop.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop);
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    Value large = rewriter.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::uge, outBytes, constant(parallelThreshold));
    auto ifOp = scf::IfOp::create(rewriter, loc, large,
                                  /*withElseRegion=*/true);
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    rewriter.clone(*loop);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());

    Value total = loop.getUpperBound();
    Value chunks = constant(parallelChunks);
    Value perChunk = arith::CeilDivUIOp::create(rewriter, loc, total, chunks);
    Value one = constant(1);
    Value chunk = arith::MaxUIOp::create(rewriter, loc, perChunk, one);
    Value count = arith::CeilDivUIOp::create(rewriter, loc, total, chunk);
    Value zero = constant(0);
    auto par = scf::ParallelOp::create(rewriter, loc, ValueRange{zero},
                                       ValueRange{count}, ValueRange{one});
    rewriter.setInsertionPointToStart(par.getBody());
    Value lo =
        arith::MulIOp::create(rewriter, loc, par.getInductionVars()[0], chunk);
    Value hi = arith::MinUIOp::create(
        rewriter, loc, arith::AddIOp::create(rewriter, loc, lo, chunk), total);
    rewriter.moveOpBefore(loop, par.getBody()->getTerminator());
    rewriter.modifyOpInPlace(loop, [&] {
      loop.setLowerBound(lo);
      loop.setUpperBound(hi);
    });
    return ifOp;
  }
};

} // namespace

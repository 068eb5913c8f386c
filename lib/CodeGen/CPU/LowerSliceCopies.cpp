//===- LowerSliceCopies.cpp - vector copies of gathered slices ------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// After bufferization the block-copy and inline-copy forms of the gather
// lowering are an scf.forall (marked #gather.form) whose body locates one
// slice of the table and copies it with memref.copy between two subviews.
// This pass replaces each such copy by explicit vector copies of the
// slice's contiguous rows, of static or run-time length, on identity or
// strided (tiled) buffers, and prefetches the slice of a later iteration.
// Its parts, one file each:
//
// - the plan (SliceCopyPlan.cpp): the two sides of the copy, each addressed
//   through a flat view of its base buffer; the rows (the trailing
//   dimensions contiguous in both) and the loops over the slice's other
//   dimensions;
// - the row copy (SliceRowCopies.cpp): block (a loop of vectors, a tail,
//   non-temporal stores into large outputs), inline (straight-line vectors
//   and a masked tail for short rows), or element by element (types that
//   make no vectors);
// - where the planner left the choice to the run (a row length that is not
//   static), a version of the loop for each (SliceCopyVersions.cpp);
// - this file: the pass, its options, and for each version of a loop the
//   loops of rows that replace the copy and the prefetch ahead.
//
//===----------------------------------------------------------------------===//

#include "SliceCopies.h"
#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/CodeGen/CPU/Target.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <limits>

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERLOWERSLICECOPIES
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::slicecopy;

/// The largest vector-bytes option value.
constexpr int64_t kMaxVectorBytes = 1024;

/// The unroll factor asked of LLVM for the prefetch loop of a row of a
/// run-time length: none. Unrolled, its remainder's counts are more values
/// kept across the rows, and the block copy's loop then reloads some of
/// them from the stack on every row (a cost that depends on where the
/// stack lies: gather-bench's W1 with every size dynamic lost up to 14% in
/// some processes on an AMD EPYC, znver5).
constexpr int64_t kRunTimePrefetchUnroll = 1;

/// The iterations per step of an inline copy whose indices are tested for
/// a negative value at once (8, 16 and 32 ran W7 at the same speed).
constexpr int64_t kSignCheckLanes = 16;

void SliceCopyLowering::emitCopyWith(CopyPlan &plan, GatherForm form,
                                     std::optional<int64_t> maxInlineBytes,
                                     Value useNontemporal, bool prefetch) {
  scf::ForallOp forall = plan.forall;
  Location loc = forall.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(forall);
  // Non-temporal stores need the destination's address for the alignment
  // test.
  Value dstAddress;
  if (!isConstantIntValue(useNontemporal, 0))
    dstAddress = memref::ExtractAlignedPointerAsIndexOp::create(
        rewriter, loc, plan.dst.buffer.flat);
  if (prefetch)
    emitPrefetch(plan, getPrefetchDistance(plan, form), maxInlineBytes);
  emitRowLoops(plan, form, maxInlineBytes, useNontemporal, dstAddress);
  rewriter.eraseOp(plan.copy);
  for (memref::SubViewOp view : {plan.dst.view, plan.src.view})
    if (view->use_empty())
      rewriter.eraseOp(view);
  // Short rows: steps of indices that are all non-negative skip the wraps.
  if (form == GatherForm::InlineCopy)
    skipWrapsPerStep(rewriter, forall, kSignCheckLanes);
  if (params.parallel)
    versionByParallelism(forall, plan.gatherBytes);
}

void SliceCopyLowering::emitRowLoops(CopyPlan &plan, GatherForm form,
                                     std::optional<int64_t> maxInlineBytes,
                                     Value useNontemporal, Value dstAddress) {
  Location loc = plan.copy.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(plan.copy);
  // One row per position of the view dimensions before plan.rowDim.
  SmallVector<OpFoldResult> sizes = plan.src.view.getMixedSizes();
  SmallVector<Value> coords;
  std::function<void(OpBuilder &, Location)> build = [&](OpBuilder &b,
                                                         Location l) {
    if (static_cast<int64_t>(coords.size()) < plan.rowDim) {
      int64_t baseDim = plan.src.baseDims[coords.size()];
      Value size = getValueOrCreateConstantIndexOp(b, l, sizes[baseDim]);
      Value zero = arith::ConstantIndexOp::create(b, l, 0);
      Value one = arith::ConstantIndexOp::create(b, l, 1);
      scf::ForOp::create(
          b, l, zero, size, one, ValueRange{},
          [&](OpBuilder &nested, Location nl, Value iv, ValueRange) {
            coords.push_back(iv);
            build(nested, nl);
            coords.pop_back();
            scf::YieldOp::create(nested, nl);
          });
      return;
    }
    IRMapping identity;
    RowCopy row;
    row.srcFlat = plan.src.buffer.flat;
    row.dstFlat = plan.dst.buffer.flat;
    row.srcStart =
        getFlatPosition(b, l, plan.src.buffer,
                        getBaseOffsets(b, l, plan.src, coords, identity));
    row.dstStart =
        getFlatPosition(b, l, plan.dst.buffer,
                        getBaseOffsets(b, l, plan.dst, coords, identity));
    row.rowElements = plan.rowElements;
    row.dstAddress = dstAddress;
    row.alignment = params.vectorBytes;
    row.longerThanVector = plan.rowsLongerThanVector;
    row.wholeVectors = plan.rowsWholeVectors;
    row.masked = isMasked(plan);
    int64_t lanes =
        std::max<int64_t>(1, params.vectorBytes / plan.elementBytes);
    if (!plan.scalarOnly)
      row.vectorType = VectorType::get({lanes}, plan.elementType);
    std::optional<int64_t> maxElements;
    if (maxInlineBytes)
      maxElements = llvm::divideCeil(*maxInlineBytes, plan.elementBytes);
    emitRow(b, l, plan, form, maxElements, row, useNontemporal);
  };
  build(rewriter, loc);
}

void SliceCopyLowering::emitRow(OpBuilder &b, Location loc, CopyPlan &plan,
                                GatherForm form,
                                std::optional<int64_t> maxElements, RowCopy row,
                                Value useNontemporal) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  if (plan.scalarOnly) {
    copyElements(b, loc, row, zero, row.rowElements);
    return;
  }
  bool isInline = form == GatherForm::InlineCopy;
  auto emitVectors = [&](OpBuilder &nested, Location l, const RowCopy &r) {
    return isInline ? emitInlineVectors(nested, l, r, maxElements)
                    : emitBlockVectors(nested, l, r);
  };
  auto emitTail = [&](Value whole) {
    if (isInline)
      emitInlineTail(b, loc, row, maxElements, whole);
    else
      emitBlockTail(b, loc, row, whole);
  };
  // Only the whole vectors are stored non-temporally; rows without a whole
  // vector store nothing non-temporal.
  std::optional<int64_t> staticRow = getConstantIntValue(row.rowElements);
  // Rows of a bounded run-time length: pairs of overlapping unmasked
  // vectors, or masked vectors over the bound (`row.masked`); with
  // non-temporal stores, aligned whole vectors and an unmasked tail for
  // rows that hold a vector (the other copy takes the shorter ones).
  bool bounded = isInline && !staticRow && maxElements;
  auto copyBounded = [&](OpBuilder &nested, Location l) {
    if (row.masked)
      emitInlineTail(nested, l, row, maxElements,
                     arith::ConstantIndexOp::create(nested, l, 0));
    else
      copyBoundedRowInPairs(nested, l, row, *maxElements);
  };
  if (bounded && isConstantIntValue(useNontemporal, 0)) {
    copyBounded(b, loc);
    return;
  }
  if (bounded) {
    Value streaming = buildIsStreamingRow(b, loc, plan, row, useNontemporal);
    if (!row.longerThanVector)
      streaming = arith::AndIOp::create(b, loc, streaming,
                                        buildHoldsVector(b, loc, row));
    scf::IfOp::create(
        b, loc, streaming,
        [&](OpBuilder &nested, Location l) {
          RowCopy held = row;
          held.longerThanVector = true;
          RowCopy streamed = held;
          streamed.nontemporal = true;
          Value whole = emitBoundedVectors(nested, l, streamed, *maxElements);
          copyTailUnmasked(nested, l, held, whole);
          scf::YieldOp::create(nested, l);
        },
        [&](OpBuilder &nested, Location l) {
          copyBounded(nested, l);
          scf::YieldOp::create(nested, l);
        });
    return;
  }
  if (isConstantIntValue(useNontemporal, 0) ||
      (staticRow && *staticRow < row.vectorType.getNumElements())) {
    emitTail(emitVectors(b, loc, row));
    return;
  }
  Value streaming = buildIsStreamingRow(b, loc, plan, row, useNontemporal);
  scf::IfOp::create(
      b, loc, streaming,
      [&](OpBuilder &nested, Location l) {
        RowCopy streamed = row;
        streamed.nontemporal = true;
        emitVectors(nested, l, streamed);
        scf::YieldOp::create(nested, l);
      },
      [&](OpBuilder &nested, Location l) {
        emitVectors(nested, l, row);
        scf::YieldOp::create(nested, l);
      });
  // Where the whole vectors end, computed again after the branches (it
  // folds for static lengths).
  emitTail(buildWholeVectorElements(b, loc, row));
}

/// Whether `row` takes non-temporal stores: `useNontemporal` and the
/// destination row aligned to the vector size (which they need).
Value SliceCopyLowering::buildIsStreamingRow(OpBuilder &b, Location loc,
                                             CopyPlan &plan, const RowCopy &row,
                                             Value useNontemporal) {
  if (plan.rowsAligned)
    return useNontemporal;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value bytes = arith::ConstantIndexOp::create(b, loc, plan.elementBytes);
  Value offset = b.createOrFold<arith::MulIOp>(loc, row.dstStart, bytes);
  Value rowAddress = arith::AddIOp::create(b, loc, row.dstAddress, offset);
  Value vectorBytes =
      arith::ConstantIndexOp::create(b, loc, params.vectorBytes);
  Value misalignment = arith::RemUIOp::create(b, loc, rowAddress, vectorBytes);
  Value aligned = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        misalignment, zero);
  return arith::AndIOp::create(b, loc, useNontemporal, aligned);
}

/// Builds, before the loop, whether the table of `plan` holds at least
/// kPrefetchMinTableBytes (the tables that do not stay in the caches).
Value SliceCopyLowering::buildIsLargeTable(CopyPlan &plan) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(plan.forall);
  Location loc = plan.forall.getLoc();
  Value base = plan.src.buffer.base;
  Value bytes =
      arith::ConstantIndexOp::create(rewriter, loc, plan.elementBytes);
  for (int64_t dim = 0, e = cast<MemRefType>(base.getType()).getRank(); dim < e;
       ++dim) {
    Value size = rewriter.createOrFold<memref::DimOp>(loc, base, dim);
    bytes = rewriter.createOrFold<arith::MulIOp>(loc, bytes, size);
  }
  Value min =
      arith::ConstantIndexOp::create(rewriter, loc, kPrefetchMinTableBytes);
  return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge, bytes,
                               min);
}

/// Prefetches the first bytes of the slice that the iteration `distance`
/// steps ahead along the innermost loop dimension will copy: clones the
/// computation of the source offsets with that induction variable advanced
/// (and clamped to the last iteration). The slice start is clamped into the
/// table only with clamp-prefetch: a prefetch never faults and changes no
/// state (`llvm.prefetch`, its address computed without `inbounds`).
void SliceCopyLowering::emitPrefetch(CopyPlan &plan, int64_t distance,
                                     std::optional<int64_t> maxRowBytes) {
  scf::ForallOp forall = plan.forall;
  int64_t innermost = forall.getRank() - 1;
  if (distance <= 0 ||
      !isConstantIntValue(forall.getMixedLowerBound()[innermost], 0) ||
      !isConstantIntValue(forall.getMixedStep()[innermost], 1))
    return;
  Location loc = plan.copy.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(plan.copy);
  // A table whose size is not static is prefetched only when the run finds
  // it large (one predictable branch per row, no second copy of the loop).
  auto srcType = cast<MemRefType>(plan.src.buffer.base.getType());
  if (!srcType.hasStaticShape()) {
    Value large = buildIsLargeTable(plan);
    auto ifOp = scf::IfOp::create(rewriter, loc, large,
                                  /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
  }
  OpBuilder::InsertPoint at = rewriter.saveInsertionPoint();
  Value iv = forall.getInductionVars()[innermost];
  Value bound = getValueOrCreateConstantIndexOp(
      rewriter, loc, forall.getMixedUpperBound()[innermost]);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value last = arith::SubIOp::create(rewriter, loc, bound, one);
  Value step = arith::ConstantIndexOp::create(rewriter, loc, distance);
  Value next = arith::AddIOp::create(rewriter, loc, iv, step);
  Value ahead = arith::MinSIOp::create(rewriter, loc, next, last);
  SmallVector<Value> offsets(plan.src.view.getOffsets());
  FailureOr<SmallVector<Value>> cloned =
      cloneAhead(rewriter, forall, iv, offsets, ahead);
  if (failed(cloned))
    return;
  IRMapping mapping;
  mapping.map(offsets, *cloned);
  Value start =
      getFlatPosition(rewriter, loc, plan.src.buffer,
                      getBaseOffsets(rewriter, loc, plan.src, {}, mapping));
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  if (params.clampPrefetch) {
    // The last row start in the table, computed before the loop.
    OpBuilder::InsertionGuard invariant(rewriter);
    rewriter.setInsertionPoint(forall);
    Value total = memref::DimOp::create(rewriter, loc, plan.src.buffer.flat, 0);
    Value room = arith::SubIOp::create(rewriter, loc, total, plan.rowElements);
    Value none = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value lastStart = arith::MaxSIOp::create(rewriter, loc, room, none);
    rewriter.restoreInsertionPoint(at);
    start = arith::MinUIOp::create(rewriter, loc, start, lastStart);
  }
  // One prefetch per cache line of the first prefetch-bytes bytes; for the
  // short rows of a run-time inline version, one per line of its bound
  // without a loop, each after the first at its line or at the row's last
  // element, whichever comes first (a row shorter than the bound prefetches
  // no line past its end, which would cost memory bandwidth).
  int64_t lineElements =
      std::max<int64_t>(1, kCacheLineBytes / plan.elementBytes);
  auto prefetchLine = [&](OpBuilder &b, Location l, Value line) {
    Value at = arith::AddIOp::create(b, l, start, line);
    memref::PrefetchOp::create(b, l, plan.src.buffer.flat, ValueRange{at},
                               /*isWrite=*/false,
                               /*localityHint=*/params.prefetchLocality,
                               /*isDataCache=*/true);
  };
  if (maxRowBytes && *maxRowBytes <= params.prefetchBytes) {
    prefetchLine(rewriter, loc, zero);
    if (kCacheLineBytes >= *maxRowBytes)
      return;
    Value lastElement =
        rewriter.createOrFold<arith::SubIOp>(loc, plan.rowElements, one);
    for (int64_t line = 1; line * kCacheLineBytes < *maxRowBytes; ++line)
      prefetchLine(
          rewriter, loc,
          arith::MinSIOp::create(rewriter, loc,
                                 arith::ConstantIndexOp::create(
                                     rewriter, loc, line * lineElements),
                                 lastElement));
    return;
  }
  Value cap = arith::ConstantIndexOp::create(
      rewriter, loc,
      std::max<int64_t>(1, params.prefetchBytes / plan.elementBytes));
  Value limit = arith::MinUIOp::create(rewriter, loc, plan.rowElements, cap);
  Value lineStep = arith::ConstantIndexOp::create(rewriter, loc, lineElements);
  auto lines =
      scf::ForOp::create(rewriter, loc, zero, limit, lineStep, ValueRange{},
                         [&](OpBuilder &b, Location l, Value i, ValueRange) {
                           prefetchLine(b, l, i);
                           scf::YieldOp::create(b, l);
                         });
  if (!getConstantIntValue(limit))
    lines->setAttr(
        "loop_annotation",
        getUnrollAnnotation(rewriter.getContext(), kRunTimePrefetchUnroll));
}

namespace {

struct GatherLowerSliceCopiesPass
    : public gather::impl::GatherLowerSliceCopiesBase<
          GatherLowerSliceCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<CopyParams> params = getParams();
    if (failed(params))
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    // Self copies move nothing: gone, with the subviews only they use.
    SmallVector<memref::CopyOp> selfCopies;
    SmallVector<scf::ForallOp> foralls;
    getOperation().walk([&](Operation *op) {
      if (auto copy = dyn_cast<memref::CopyOp>(op);
          copy && isa_and_nonnull<scf::ForallOp>(op->getParentOp()) &&
          isSelfCopy(copy))
        selfCopies.push_back(copy);
      if (auto forall = dyn_cast<scf::ForallOp>(op))
        if (std::optional<GatherForm> form = getGatherForm(forall);
            form == GatherForm::BlockCopy || form == GatherForm::InlineCopy)
          foralls.push_back(forall);
    });
    for (memref::CopyOp copy : selfCopies) {
      SmallVector<Operation *> views = {copy.getSource().getDefiningOp(),
                                        copy.getTarget().getDefiningOp()};
      rewriter.eraseOp(copy);
      for (Operation *view : views)
        if (isa_and_nonnull<memref::SubViewOp>(view) && view->use_empty())
          rewriter.eraseOp(view);
    }
    SliceCopyLowering lowering(rewriter, *params);
    for (scf::ForallOp forall : foralls)
      lowering.lower(forall);
  }

  /// The parameters, from the options and the target CPU; an error on the
  /// function for an option out of its range or an unknown CPU.
  FailureOr<CopyParams> getParams() {
    StringRef pass = getArgument();
    Operation *op = getOperation();
    std::string error;
    FailureOr<CPUTarget> target = getCPUTarget(targetCpu, error);
    if (failed(target))
      return op->emitError() << pass << ": " << error;
    constexpr int64_t max = std::numeric_limits<int64_t>::max();
    if (failed(checkOptionInRange(op, pass, "prefetch-distance",
                                  prefetchDistance, -1,
                                  kMaxPrefetchDistance)) ||
        failed(checkOptionInRange(op, pass, "inline-prefetch-distance",
                                  inlinePrefetchDistance, 0,
                                  kMaxPrefetchDistance)) ||
        failed(checkOptionInRange(op, pass, "prefetch-bytes", prefetchBytes, 1,
                                  max)) ||
        failed(checkOptionInRange(op, pass, "parallel-threshold",
                                  parallelThreshold, 0, max)) ||
        failed(checkOptionInRange(op, pass, "prefetch-locality",
                                  prefetchLocality, -1, 3)) ||
        failed(
            checkOptionInRange(op, pass, "masked-tails", maskedTails, -1, 1)))
      return failure();
    CopyParams params;
    params.vectorBytes = vectorBytes == 0 ? target->vectorBytes : vectorBytes;
    if (params.vectorBytes < 1 || params.vectorBytes > kMaxVectorBytes ||
        !llvm::isPowerOf2_64(params.vectorBytes))
      return op->emitError()
             << pass << ": option vector-bytes must be 0 (from the target) "
             << "or a power of two in [1, " << kMaxVectorBytes << "], but is "
             << static_cast<int64_t>(vectorBytes);
    params.prefetchDistance = prefetchDistance < 0
                                  ? target->slicePrefetchDistance
                                  : static_cast<int64_t>(prefetchDistance);
    params.inlinePrefetchDistance = inlinePrefetchDistance;
    params.prefetchBytes = prefetchBytes;
    params.prefetchLocality = prefetchLocality < 0
                                  ? target->slicePrefetchLocality
                                  : static_cast<int64_t>(prefetchLocality);
    params.minMaskedElementBits = maskedTails < 0 ? target->minMaskedElementBits
                                                  : (maskedTails == 1 ? 1 : 0);
    params.nontemporalThreshold = nontemporalThreshold;
    params.parallelThreshold = parallelThreshold;
    params.clampPrefetch = clampPrefetch;
    params.parallel = parallel;
    return params;
  }
};

} // namespace

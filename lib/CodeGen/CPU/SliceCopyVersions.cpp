//===- SliceCopyVersions.cpp - run-time versions of slice copies ----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Where the planner left a choice to the run (a row length that is not
// static), gather-lower-slice-copies keeps a version of the loop for each
// answer, behind an `scf.if` before it: inline copies for short rows (one
// version for rows of one vector, one for rows of a few), rows streamed
// to large outputs with and without the test of each row's alignment,
// strides that are powers of two (which shift), small gathers that run
// sequentially. Each version is then emitted as one loop of rows
// (LowerSliceCopies.cpp).
//
//===----------------------------------------------------------------------===//

#include "SliceCopies.h"

#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <limits>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::slicecopy;

/// Rows whose length is known only at run time are copied inline (masked
/// vectors over the bound, no loop) when they hold at most this many target
/// vectors.
constexpr int64_t kRunTimeInlineVectors = 4;
/// ... and at least this many bytes (eight 32-byte vectors with AVX2): a
/// row of 256 bytes copied by a loop of eight vector iterations took 1.4x
/// the time of the same row inline on an AMD EPYC (znver3; gather-bench W4,
/// `--dynamic all`).
constexpr int64_t kRunTimeInlineMinBytes = 256;

/// The bound on code size of the run-time versions: a loop of fewer rows
/// than this, known statically, keeps one version (the block copy, which
/// takes rows of any length). What the inline versions save on a row is a
/// few nanoseconds, which so few rows do not repay in the code of two more
/// copies of the loop.
constexpr int64_t kRunTimeVersionMinRows = 64;

/// Moves the ops of `block` but its terminator into an
/// `scf.execute_region no_inline` marked for gather-outline-versions.
static void wrapForOutlining(RewriterBase &rewriter, Block *block) {
  OpBuilder::InsertionGuard guard(rewriter);
  Operation *terminator = block->getTerminator();
  rewriter.setInsertionPoint(terminator);
  auto region =
      scf::ExecuteRegionOp::create(rewriter, terminator->getLoc(), TypeRange{});
  region.setNoInline(true);
  region->setAttr(getGatherOutlineAttrName(), rewriter.getUnitAttr());
  Block *body = rewriter.createBlock(&region.getRegion());
  body->getOperations().splice(body->end(), block->getOperations(),
                               block->begin(), region->getIterator());
  rewriter.setInsertionPointToEnd(body);
  scf::YieldOp::create(rewriter, terminator->getLoc());
}

void SliceCopyLowering::lower(scf::ForallOp forall) {
  FailureOr<CopyPlan> copyPlan = plan(forall);
  if (failed(copyPlan))
    return;
  GatherForm form = getGatherForm(forall).value_or(GatherForm::BlockCopy);
  auto maxAttr =
      forall->getAttrOfType<IntegerAttr>(getGatherInlineMaxBytesAttrName());
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(forall);
  Location loc = forall.getLoc();
  for (SliceSide *side : {&copyPlan->src, &copyPlan->dst})
    if (failed(buildFlatBuffer(rewriter, loc, side->buffer,
                               copyPlan->elementBytes)))
      return;
  // The row length and the bytes of the gather, before the loop.
  ArrayRef<int64_t> baseDims = copyPlan->dst.baseDims;
  SmallVector<OpFoldResult> sizes = copyPlan->dst.view.getMixedSizes();
  Value rowElements = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value sliceElements = rowElements;
  for (auto [dim, baseDim] : llvm::enumerate(baseDims)) {
    Value size = getValueOrCreateConstantIndexOp(rewriter, loc, sizes[baseDim]);
    sliceElements =
        rewriter.createOrFold<arith::MulIOp>(loc, sliceElements, size);
    if (static_cast<int64_t>(dim) >= copyPlan->rowDim)
      rowElements =
          rewriter.createOrFold<arith::MulIOp>(loc, rowElements, size);
  }
  copyPlan->rowElements = rowElements;
  Value bytes =
      arith::ConstantIndexOp::create(rewriter, loc, copyPlan->elementBytes);
  Value gatherBytes =
      rewriter.createOrFold<arith::MulIOp>(loc, sliceElements, bytes);
  for (OpFoldResult ub : forall.getMixedUpperBound())
    gatherBytes = rewriter.createOrFold<arith::MulIOp>(
        loc, gatherBytes, getValueOrCreateConstantIndexOp(rewriter, loc, ub));
  copyPlan->gatherBytes = gatherBytes;

  // The planner left inline against block copies to the run: one version
  // of the loop for each. Rows of up to kRunTimeInlineVectors target
  // vectors (at least up to the planner's bound) are copied inline, with a
  // version of its own for rows of one vector: a loop of a few iterations
  // per row costs more than the masked vectors of a short row, and a row of
  // one vector should not pay for the masked vectors of a longer one.
  std::optional<int64_t> rows = getStaticTripCount(forall);
  Operation *forallParent = forall->getParentOp();
  if (maxAttr && form == GatherForm::BlockCopy && !copyPlan->scalarOnly &&
      !getConstantIntValue(rowElements) &&
      (!rows || *rows >= kRunTimeVersionMinRows)) {
    int64_t maxBytes = std::max<int64_t>(
        {maxAttr.getInt(), kRunTimeInlineVectors * params.vectorBytes,
         kRunTimeInlineMinBytes});
    SmallVector<int64_t, 2> bounds = {maxBytes};
    if (params.vectorBytes < maxBytes)
      bounds.push_back(params.vectorBytes);
    SmallVector<std::pair<CopyPlan, int64_t>, 2> inlinePlans;
    for (int64_t bound : bounds) {
      // Each version splits the loop of the previous one.
      CopyPlan &outer =
          inlinePlans.empty() ? *copyPlan : inlinePlans.back().first;
      rewriter.setInsertionPoint(outer.forall);
      FailureOr<scf::ForallOp> inlineLoop = versionByRowBytes(outer, bound);
      if (failed(inlineLoop))
        break;
      FailureOr<CopyPlan> inlinePlan = planCopyOf(*copyPlan, *inlineLoop);
      if (failed(inlinePlan))
        break;
      inlinePlans.emplace_back(*inlinePlan, bound);
    }
    // Each version takes the rows longer than the bound of the one inside
    // it.
    for (auto &[inlinePlan, bound] : inlinePlans)
      inlinePlan.rowsLongerThanVector =
          bound > params.vectorBytes && inlinePlans.size() > 1;
    copyPlan->rowsLongerThanVector =
        !inlinePlans.empty() && inlinePlans.back().second >= params.vectorBytes;
    for (auto &[inlinePlan, bound] : llvm::reverse(inlinePlans))
      emitCopy(inlinePlan, GatherForm::InlineCopy, bound);
  }
  forall->removeAttr(getGatherInlineMaxBytesAttrName());
  // The block copy beside inline versions runs in a function of its own.
  Block *blockCopyVersion = copyPlan->forall->getParentOp() != forallParent
                                ? copyPlan->forall->getBlock()
                                : nullptr;
  emitCopy(*copyPlan, form, std::nullopt);
  if (blockCopyVersion)
    wrapForOutlining(rewriter, blockCopyVersion);
}

/// Wraps the forall of `plan` in `scf.if (row bytes <= maxBytes)` whose
/// then branch holds a copy of it (returned), marked inline-copy.
FailureOr<scf::ForallOp>
SliceCopyLowering::versionByRowBytes(CopyPlan &plan, int64_t maxBytes) {
  scf::ForallOp forall = plan.forall;
  Location loc = forall.getLoc();
  Value bytes =
      arith::ConstantIndexOp::create(rewriter, loc, plan.elementBytes);
  Value rowBytes =
      arith::MulIOp::create(rewriter, loc, plan.rowElements, bytes);
  Value max = arith::ConstantIndexOp::create(rewriter, loc, maxBytes);
  Value isShort = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ule, rowBytes, max);
  auto ifOp =
      scf::IfOp::create(rewriter, loc, isShort, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  auto copy = cast<scf::ForallOp>(rewriter.clone(*forall));
  setGatherForm(copy, GatherForm::InlineCopy);
  copy->removeAttr(getGatherInlineMaxBytesAttrName());
  rewriter.moveOpBefore(forall, ifOp.elseBlock()->getTerminator());
  forall->removeAttr(getGatherInlineMaxBytesAttrName());
  return copy;
}

void SliceCopyLowering::emitCopy(CopyPlan &plan, GatherForm form,
                                 std::optional<int64_t> maxInlineBytes) {
  scf::ForallOp forall = plan.forall;
  Location loc = forall.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(forall);
  // Non-temporal stores for large outputs.
  // (Rows shorter than a vector store nothing non-temporally: their stores
  // are partial. A row of a run-time length of at most one vector stores
  // its vector non-temporally when it is exactly one.)
  std::optional<int64_t> staticRow = getConstantIntValue(plan.rowElements);
  bool oneVectorRows =
      (maxInlineBytes && *maxInlineBytes < params.vectorBytes) ||
      (staticRow && *staticRow * plan.elementBytes < params.vectorBytes);
  Value useNontemporal =
      params.nontemporalThreshold < 0 || plan.scalarOnly || oneVectorRows
          ? arith::ConstantIntOp::create(rewriter, loc, 0, 1).getResult()
          : rewriter.createOrFold<arith::CmpIOp>(
                loc, arith::CmpIPredicate::uge, plan.gatherBytes,
                arith::ConstantIndexOp::create(rewriter, loc,
                                               params.nontemporalThreshold));
  // Decided at run time: for rows of at most kRunTimeInlineMinBytes one
  // version of the loop with them (and the alignment test of each row) and
  // one without, so that the short rows of a small gather test nothing
  // (within the bound on code size of the other run-time versions). A
  // longer row takes the test: one branch is little next to its copy, and a
  // second copy of the loop costs compile time. Where the table's size is
  // known only at run time, its prefetch depends on a test of that size
  // too: the first version is then also the one for large tables (each row
  // tests both), and the second, for small gathers from small tables,
  // neither stores non-temporally nor prefetches.
  int64_t maxRowBytes = maxInlineBytes ? *maxInlineBytes
                        : staticRow    ? *staticRow * plan.elementBytes
                                       : std::numeric_limits<int64_t>::max();
  std::optional<int64_t> rows = getStaticTripCount(forall);
  if (maxRowBytes <= kRunTimeInlineMinBytes &&
      !getConstantIntValue(useNontemporal) &&
      (!rows || *rows >= kRunTimeVersionMinRows)) {
    Value yes = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    Value no = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
    bool testsTable =
        getPrefetchDistance(plan, form) > 0 &&
        !cast<MemRefType>(plan.src.buffer.base.getType()).hasStaticShape();
    Value streams = useNontemporal;
    if (testsTable)
      streams = arith::OrIOp::create(rewriter, loc, useNontemporal,
                                     buildIsLargeTable(plan));
    FailureOr<CopyPlan> streamed = versionCopyOf(plan, streams);
    if (succeeded(streamed)) {
      emitCopyWith(*streamed, form, maxInlineBytes,
                   testsTable ? useNontemporal : yes);
      emitInlineCopyWith(plan, form, maxInlineBytes, no,
                         /*prefetch=*/!testsTable);
      return;
    }
  }
  // Rows of a run-time length that the block copy streams: a version of its
  // own for whole, aligned vectors (within the same bound on code size).
  if (form == GatherForm::BlockCopy && !maxInlineBytes && !staticRow &&
      !plan.scalarOnly && !getConstantIntValue(useNontemporal) &&
      (!rows || *rows >= kRunTimeVersionMinRows))
    emitStreamingRowsVersion(plan, form, useNontemporal);
  emitInlineCopyWith(plan, form, maxInlineBytes, useNontemporal);
}

/// Wraps the forall of `plan` in `scf.if (condition)`, a copy of it in the
/// then branch and the forall itself in the else branch; returns the plan
/// of the copy (failure, the copy erased, when the copy has none).
FailureOr<CopyPlan> SliceCopyLowering::versionCopyOf(CopyPlan &plan,
                                                     Value condition) {
  scf::ForallOp forall = plan.forall;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(forall);
  auto ifOp = scf::IfOp::create(rewriter, forall.getLoc(), condition,
                                /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  auto copy = cast<scf::ForallOp>(rewriter.clone(*forall));
  rewriter.moveOpBefore(forall, ifOp.elseBlock()->getTerminator());
  FailureOr<CopyPlan> copied = planCopyOf(plan, copy);
  if (failed(copied))
    rewriter.eraseOp(copy);
  return copied;
}

/// Emits the version of versionByStreamingRows, outlined so that its loop
/// is register-allocated apart from the other versions, and leaves `plan`
/// to the other rows.
void SliceCopyLowering::emitStreamingRowsVersion(CopyPlan &plan,
                                                 GatherForm form,
                                                 Value useNontemporal) {
  FailureOr<CopyPlan> streamed = versionByStreamingRows(plan, useNontemporal);
  if (failed(streamed))
    return;
  Block *version = streamed->forall->getBlock();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(version);
  Value yes =
      arith::ConstantIntOp::create(rewriter, streamed->forall.getLoc(), 1, 1);
  emitInlineCopyWith(*streamed, form, std::nullopt, yes);
  wrapForOutlining(rewriter, version);
}

/// Wraps the forall of `plan` in `scf.if` on whether the gather stores
/// non-temporally (`useNontemporal`) and every row is a whole number of
/// target vectors that starts aligned to one, the then branch a copy of it;
/// returns the plan of the copy, whose rows need neither the alignment
/// test of each row nor a tail. Most embedding tables have rows of a
/// multiple of the vector size: the loop of their copy keeps its values in
/// registers.
FailureOr<CopyPlan>
SliceCopyLowering::versionByStreamingRows(CopyPlan &plan,
                                          Value useNontemporal) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(plan.forall);
  Value streams =
      arith::AndIOp::create(rewriter, plan.forall.getLoc(), useNontemporal,
                            buildRowsAlignedWhole(plan));
  FailureOr<CopyPlan> streamed = versionCopyOf(plan, streams);
  if (failed(streamed))
    return failure();
  streamed->rowsAligned = true;
  streamed->rowsWholeVectors = true;
  return streamed;
}

/// Builds, before the forall of `plan`, whether every row of its copy is a
/// whole number of target vectors and starts at a multiple of the vector
/// size in the destination: the destination's first element is aligned,
/// and so is the stride of every destination dimension whose position
/// moves (the loop's, a row's coordinates, a tile's offset).
Value SliceCopyLowering::buildRowsAlignedWhole(CopyPlan &plan) {
  Location loc = plan.forall.getLoc();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value bytes =
      arith::ConstantIndexOp::create(rewriter, loc, plan.elementBytes);
  Value vectorBytes =
      arith::ConstantIndexOp::create(rewriter, loc, params.vectorBytes);
  auto isAligned = [&](Value elements) {
    Value scaled = rewriter.createOrFold<arith::MulIOp>(loc, elements, bytes);
    Value rest =
        rewriter.createOrFold<arith::RemUIOp>(loc, scaled, vectorBytes);
    return rewriter.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                                rest, zero);
  };
  const FlatBuffer &dst = plan.dst.buffer;
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, dst.flat);
  Value first = rewriter.createOrFold<arith::AddIOp>(
      loc, address,
      rewriter.createOrFold<arith::MulIOp>(
          loc, getValueOrCreateConstantIndexOp(rewriter, loc, dst.offset),
          bytes));
  Value vectorElements = arith::ConstantIndexOp::create(
      rewriter, loc, params.vectorBytes / plan.elementBytes);
  Value rowRest = rewriter.createOrFold<arith::RemUIOp>(loc, plan.rowElements,
                                                        vectorElements);
  Value all = rewriter.createOrFold<arith::AndIOp>(
      loc,
      rewriter.createOrFold<arith::CmpIOp>(
          loc, arith::CmpIPredicate::eq,
          rewriter.createOrFold<arith::RemUIOp>(loc, first, vectorBytes), zero),
      rewriter.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                           rowRest, zero));
  llvm::SmallDenseSet<int64_t> rowLoopDims(
      plan.dst.baseDims.begin(), plan.dst.baseDims.begin() + plan.rowDim);
  for (auto [dim, offset, stride] :
       llvm::enumerate(plan.dst.view.getMixedOffsets(), dst.strides)) {
    if (isConstantIntValue(offset, 0) && !rowLoopDims.contains(dim))
      continue;
    all = rewriter.createOrFold<arith::AndIOp>(
        loc, all,
        isAligned(getValueOrCreateConstantIndexOp(rewriter, loc, stride)));
  }
  return all;
}

/// Short rows from the caches are copied at a rate where the multiply of
/// each index by a run-time stride of the table (three cycles on the
/// address of every load of the row) shows: 3-5% of a call of gather-bench's
/// W4 with every size dynamic on an AMD EPYC (znver5). The run-time inline
/// version for rows longer than one vector, whose loop may run long, takes a
/// version of its own for strides that are powers of two, which shift; the
/// one-vector version does not (it gains 2-4%, and each version adds
/// compile time).
void SliceCopyLowering::emitInlineCopyWith(
    CopyPlan &plan, GatherForm form, std::optional<int64_t> maxInlineBytes,
    Value useNontemporal, bool prefetch) {
  std::optional<int64_t> rows = getStaticTripCount(plan.forall);
  if (form == GatherForm::InlineCopy && maxInlineBytes &&
      *maxInlineBytes > params.vectorBytes &&
      (!rows || *rows >= kRunTimeVersionMinRows)) {
    FailureOr<CopyPlan> shifted = versionByStrideShifts(plan);
    if (succeeded(shifted))
      emitCopyWith(*shifted, form, maxInlineBytes, useNontemporal, prefetch);
  }
  emitCopyWith(plan, form, maxInlineBytes, useNontemporal, prefetch);
}

/// Wraps the forall of `plan` in `scf.if` on whether the run-time strides
/// of the source that scale an offset of its slice (the index, batch
/// positions) are all powers of two, the then branch a copy of it; returns
/// the plan of the copy, whose positions shift by those strides'
/// logarithms. Fails, leaving `plan` alone, when no such stride is a
/// run-time value.
FailureOr<CopyPlan> SliceCopyLowering::versionByStrideShifts(CopyPlan &plan) {
  scf::ForallOp forall = plan.forall;
  FlatBuffer &buffer = plan.src.buffer;
  SmallVector<OpFoldResult> offsets = plan.src.view.getMixedOffsets();
  SmallVector<int64_t> dims;
  for (auto [dim, offset, stride] : llvm::enumerate(offsets, buffer.strides))
    if (isa<Value>(stride) && !getConstantIntValue(offset))
      dims.push_back(dim);
  if (dims.empty())
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(forall);
  auto copy = cast<scf::ForallOp>(rewriter.clone(*forall));
  FailureOr<CopyPlan> shifted = planCopyOf(plan, copy);
  if (failed(shifted)) {
    rewriter.eraseOp(copy);
    return failure();
  }
  Location loc = forall.getLoc();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value all;
  for (int64_t dim : dims) {
    // s > 0 and s & (s - 1) == 0.
    Value stride = cast<Value>(buffer.strides[dim]);
    Value below = arith::SubIOp::create(rewriter, loc, stride, one);
    Value common = arith::AndIOp::create(rewriter, loc, stride, below);
    Value single = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, common, zero);
    Value positive = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::sgt, stride, zero);
    Value power = arith::AndIOp::create(rewriter, loc, single, positive);
    all = all ? arith::AndIOp::create(rewriter, loc, all, power) : power;
  }
  auto ifOp = scf::IfOp::create(rewriter, loc, all, /*withElseRegion=*/true);
  rewriter.moveOpBefore(copy, ifOp.thenBlock()->getTerminator());
  rewriter.moveOpBefore(forall, ifOp.elseBlock()->getTerminator());
  rewriter.setInsertionPoint(copy);
  shifted->src.buffer.strideShifts.assign(buffer.strides.size(), Value());
  for (int64_t dim : dims) {
    Value stride = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI64Type(), cast<Value>(buffer.strides[dim]));
    Value log = math::CountTrailingZerosOp::create(rewriter, loc, stride);
    shifted->src.buffer.strideShifts[dim] =
        arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), log);
  }
  return shifted;
}

/// Keeps `forall` parallel when the gather writes at least the parallel
/// threshold and runs a sequential scf.for nest otherwise, so that small
/// gathers do not pay for starting threads.
void SliceCopyLowering::versionByParallelism(scf::ForallOp forall,
                                             Value gatherBytes) {
  Location loc = forall.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(forall);
  Value threshold =
      arith::ConstantIndexOp::create(rewriter, loc, params.parallelThreshold);
  Value large = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge,
                                      gatherBytes, threshold);
  auto ifOp = scf::IfOp::create(rewriter, loc, large, /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(ifOp.elseBlock());
  auto sequential = cast<scf::ForallOp>(rewriter.clone(*forall));
  (void)scf::forallToForLoop(rewriter, sequential);
  rewriter.moveOpBefore(forall, ifOp.thenBlock()->getTerminator());
}

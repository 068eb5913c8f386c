//===- SliceCopies.h - parts of gather-lower-slice-copies -------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the files of gather-lower-slice-copies share: the plan of one slice
// copy (SliceCopyPlan.cpp), the emitters of one row's copy
// (SliceRowCopies.cpp), the run-time versions of a loop
// (SliceCopyVersions.cpp) and the pass with the loop of rows and the
// prefetch of each version (LowerSliceCopies.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_CODEGEN_CPU_SLICECOPIES_H
#define GATHER_MLIR_LIB_CODEGEN_CPU_SLICECOPIES_H

#include "CodeGenUtils.h"
#include "gather-mlir/Dialect/Gather/IR/GatherEnums.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#include <cstdint>
#include <optional>

namespace mlir::gather::slicecopy {

//===----------------------------------------------------------------------===//
// The plan of one slice copy (SliceCopyPlan.cpp)
//===----------------------------------------------------------------------===//

/// A base buffer seen as one dimension: `flat` holds every element of
/// `base`, element `index` of `base` lies at
/// `offset + sum(index[d] * strides[d])` of `flat`.
struct FlatBuffer {
  Value base;
  Value flat;
  SmallVector<OpFoldResult> strides;
  /// Where set, the stride of that dimension is `1 << shift` (a run-time
  /// value): positions shift instead of multiplying.
  SmallVector<Value> strideShifts;
  OpFoldResult offset;
  bool identity = false;
};

/// One side of a slice copy: a unit-stride subview of a buffer defined
/// outside the loop.
struct SliceSide {
  mutable memref::SubViewOp view;
  /// For each dimension of the view, the dimension of the base it is.
  SmallVector<int64_t> baseDims;
  FlatBuffer buffer;
};

/// How one slice copy is done.
struct CopyPlan {
  memref::CopyOp copy;
  scf::ForallOp forall;
  SliceSide src, dst;
  Type elementType;
  int64_t elementBytes = 1;
  /// Element by element: the type makes no vectors.
  bool scalarOnly = false;
  /// The first dimension of the views from which on the slice is
  /// contiguous in both buffers: one row per position of the dimensions
  /// before it.
  int64_t rowDim = 0;
  /// Elements of one row.
  Value rowElements;
  /// Bytes the whole gather writes.
  Value gatherBytes;
  /// Every row is longer than one target vector (a run-time version for
  /// longer rows): the tails need no copy of rows shorter than a vector.
  bool rowsLongerThanVector = false;
  /// Every destination row starts at a multiple of the target vector size
  /// (a run-time version): non-temporal stores take no test per row.
  bool rowsAligned = false;
  /// Every row is a whole number of target vectors (a run-time version):
  /// the rows have no tail.
  bool rowsWholeVectors = false;
};

/// Returns true when `copy` copies a region of memory onto itself: the same
/// value, or two subviews of one buffer with equal offsets, sizes and strides
/// (what bufferization leaves for a parallel_insert_slice of a slice of its
/// own destination).
bool isSelfCopy(memref::CopyOp copy);

/// Builds the flat view of `buffer.base` before the loop: the base itself
/// collapsed to one dimension when it has the identity layout (strides the
/// products of the sizes after each dimension), its buffer reinterpreted
/// as one dimension from its strided metadata otherwise. Fails when the
/// sizes overflow 64-bit arithmetic.
LogicalResult buildFlatBuffer(OpBuilder &b, Location loc, FlatBuffer &buffer,
                              int64_t elementBytes);

/// Returns the position in the flat view of the element at `offsets` of the
/// base (one per base dimension).
Value getFlatPosition(OpBuilder &b, Location loc, const FlatBuffer &buffer,
                      ArrayRef<OpFoldResult> offsets);

/// Returns the base offsets of the element of `side`'s view at view
/// coordinates `coords` (missing trailing coordinates are 0), with
/// `mapping` applied to the view's offsets.
SmallVector<OpFoldResult> getBaseOffsets(OpBuilder &b, Location loc,
                                         const SliceSide &side,
                                         ArrayRef<Value> coords,
                                         const IRMapping &mapping);

/// The number of iterations of `forall` when every bound and step is a
/// constant.
std::optional<int64_t> getStaticTripCount(scf::ForallOp forall);

//===----------------------------------------------------------------------===//
// The copy of one row (SliceRowCopies.cpp)
//===----------------------------------------------------------------------===//

/// Where one row goes and how it is copied.
struct RowCopy {
  Value srcFlat, dstFlat, srcStart, dstStart, rowElements;
  VectorType vectorType;
  /// Non-temporal stores (a row of a large output, aligned).
  bool nontemporal = false;
  /// The aligned pointer of `dstFlat` as an index, for narrow non-temporal
  /// stores.
  Value dstAddress;
  int64_t alignment = 64;
  /// Tails with masked vectors (else with overlapping unmasked ones).
  bool masked = true;
  /// The row is known to be longer than one vector.
  bool longerThanVector = false;
  /// The row is known to be a whole number of vectors.
  bool wholeVectors = false;
};

/// Whether the row holds at least one whole vector (a run-time test).
Value buildHoldsVector(OpBuilder &b, Location loc, const RowCopy &row);

/// The elements of the row's whole vectors: its length rounded down to a
/// multiple of the lane count (a constant for a static length).
Value buildWholeVectorElements(OpBuilder &b, Location loc, const RowCopy &row);

/// Copies the elements of a row of `rowElements` elements from `whole` on
/// (the elements after its whole vectors, fewer than a vector) with
/// unmasked vectors: the vector ending at the row's end when the row holds
/// a whole vector, copyShortUnmasked otherwise.
void copyTailUnmasked(OpBuilder &b, Location loc, const RowCopy &row,
                      Value whole);

/// Copies a row of a run-time length of at most `maxElements` elements
/// with unmasked vectors, without a loop and without a tail (pairs of
/// overlapping vectors).
void copyBoundedRowInPairs(OpBuilder &b, Location loc, const RowCopy &row,
                           int64_t maxElements);

/// The whole vectors of a row of a run-time length of at most
/// `maxElements` elements without a loop; returns the number of elements
/// they cover.
Value emitBoundedVectors(OpBuilder &b, Location loc, const RowCopy &row,
                         int64_t maxElements);

/// Copies elements [from, to) of the row one by one.
void copyElements(OpBuilder &b, Location loc, const RowCopy &row, Value from,
                  Value to);

/// The whole vectors of a block-copied row (a loop); returns the number of
/// elements they cover.
Value emitBlockVectors(OpBuilder &b, Location loc, const RowCopy &row);

/// The elements of a block-copied row after the last whole vector (at
/// `whole`): one by one for a static count, one masked vector for a
/// run-time count.
void emitBlockTail(OpBuilder &b, Location loc, const RowCopy &row, Value whole);

/// The whole vectors of an inline-copied row: straight-line for a static
/// length, a loop otherwise; returns the number of elements they cover.
Value emitInlineVectors(OpBuilder &b, Location loc, const RowCopy &row,
                        std::optional<int64_t> maxElements);

/// The elements of an inline-copied row after its whole vectors (at
/// `whole`): one masked vector; for a run-time length of at most
/// `maxElements`, branch-free masked vectors over the bound.
void emitInlineTail(OpBuilder &b, Location loc, const RowCopy &row,
                    std::optional<int64_t> maxElements, Value whole);

//===----------------------------------------------------------------------===//
// The lowering of one loop (SliceCopyVersions.cpp, LowerSliceCopies.cpp)
//===----------------------------------------------------------------------===//

/// Runs the one-dimensional `forall` (from 0 by 1) in steps of `lanes`
/// iterations: a step whose iterations and the clamped iterations ahead that
/// its body reads indices of lie within the loop tests those indices as
/// vectors and, when none is negative, runs a copy of the body without the
/// wraps of negative indices and those clamps (SliceSignCheck.cpp). Leaves
/// loops without wraps, or whose index reads are of another shape, alone.
void skipWrapsPerStep(RewriterBase &rewriter, scf::ForallOp forall,
                      int64_t lanes);

/// The parameters of the pass once the target is known.
struct CopyParams {
  int64_t vectorBytes, prefetchDistance, inlinePrefetchDistance, prefetchBytes,
      prefetchLocality, nontemporalThreshold, parallelThreshold;
  /// Row tails take masked vectors for elements of at least this many bits
  /// (0: never).
  int64_t minMaskedElementBits;
  bool clampPrefetch, parallel;
};

/// Lowers the slice copies of one marked forall.
class SliceCopyLowering {
public:
  SliceCopyLowering(IRRewriter &rewriter, const CopyParams &params)
      : rewriter(rewriter), params(params) {}

  /// Lowers the copy of `forall`, leaving copies of other shapes alone.
  void lower(scf::ForallOp forall);

private:
  FailureOr<CopyPlan> plan(scf::ForallOp forall);
  FailureOr<scf::ForallOp> versionByRowBytes(CopyPlan &plan, int64_t maxBytes);
  FailureOr<CopyPlan> planCopyOf(const CopyPlan &outer, scf::ForallOp loop);
  FailureOr<CopyPlan> versionCopyOf(CopyPlan &plan, Value condition);
  void emitCopy(CopyPlan &plan, GatherForm form,
                std::optional<int64_t> maxInlineBytes);
  void emitCopyWith(CopyPlan &plan, GatherForm form,
                    std::optional<int64_t> maxInlineBytes, Value useNontemporal,
                    bool prefetch = true);
  void emitInlineCopyWith(CopyPlan &plan, GatherForm form,
                          std::optional<int64_t> maxInlineBytes,
                          Value useNontemporal, bool prefetch = true);
  FailureOr<CopyPlan> versionByStrideShifts(CopyPlan &plan);
  void emitStreamingRowsVersion(CopyPlan &plan, GatherForm form,
                                Value useNontemporal);
  FailureOr<CopyPlan> versionByStreamingRows(CopyPlan &plan,
                                             Value useNontemporal);
  Value buildRowsAlignedWhole(CopyPlan &plan);
  /// The prefetch distance of the rows of `plan` in form `form` (0: none).
  int64_t getPrefetchDistance(const CopyPlan &plan, GatherForm form) const {
    auto srcType = cast<MemRefType>(plan.src.buffer.base.getType());
    // A table that fits in the caches needs no prefetch.
    if (isCacheResident(srcType, plan.elementBytes))
      return 0;
    return form == GatherForm::InlineCopy && !plan.scalarOnly
               ? params.inlinePrefetchDistance
               : params.prefetchDistance;
  }
  void emitRowLoops(CopyPlan &plan, GatherForm form,
                    std::optional<int64_t> maxInlineBytes, Value useNontemporal,
                    Value dstAddress);
  void emitRow(OpBuilder &b, Location loc, CopyPlan &plan, GatherForm form,
               std::optional<int64_t> maxInlineBytes, RowCopy row,
               Value useNontemporal);
  void emitPrefetch(CopyPlan &plan, int64_t distance,
                    std::optional<int64_t> maxRowBytes);
  Value buildIsLargeTable(CopyPlan &plan);
  Value buildIsStreamingRow(OpBuilder &b, Location loc, CopyPlan &plan,
                            const RowCopy &row, Value useNontemporal);
  void versionByParallelism(scf::ForallOp forall, Value gatherBytes);
  /// Whether the row tails of `plan` take masked vectors on the target.
  bool isMasked(const CopyPlan &plan) const {
    return params.minMaskedElementBits > 0 &&
           plan.elementBytes * 8 >= params.minMaskedElementBits;
  }

  IRRewriter &rewriter;
  const CopyParams &params;
};

} // namespace mlir::gather::slicecopy

#endif // GATHER_MLIR_LIB_CODEGEN_CPU_SLICECOPIES_H

//===- LowerSliceCopies.cpp - block copies for bufferized gathers ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// After bufferization the `slices` gather lowering is an scf.forall whose body
// locates one slice of the table and copies it with memref.copy between two
// subviews. This pass replaces each such copy by explicit vector loads and
// (optionally non-temporal) vector stores over the contiguous slice, and
// prefetches the slice of a later iteration.
//
//===----------------------------------------------------------------------===//

#include "CodeGenUtils.h"
#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERLOWERSLICECOPIES
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {

/// The largest vector-bytes option value.
constexpr int64_t kMaxVectorBytes = 1024;

/// One side of a slice copy: a subview of an identity-layout memref that
/// keeps size 1 in its leading dimensions and whole dimensions (offset 0,
/// full size) from `firstWholeDim` on, so that it is contiguous.
struct SliceView {
  memref::SubViewOp subview;
  /// The identity-layout memref the subview is taken from.
  Value base;
  int64_t firstWholeDim = 0;
};

/// Returns true when `size` is provably the size of dimension `dim` of
/// `base`.
bool isWholeDim(OpFoldResult size, Value base, int64_t dim) {
  auto baseType = cast<MemRefType>(base.getType());
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return !baseType.isDynamicDim(dim) && *constant == baseType.getDimSize(dim);
  auto dimOp =
      dyn_cast_or_null<memref::DimOp>(cast<Value>(size).getDefiningOp());
  if (!dimOp || dimOp.getSource() != base)
    return false;
  std::optional<int64_t> index = getConstantIntValue(dimOp.getIndex());
  return index && *index == dim;
}

/// Matches one side of a slice copy.
std::optional<SliceView> matchSliceView(Value value) {
  auto subview = value.getDefiningOp<memref::SubViewOp>();
  if (!subview)
    return std::nullopt;
  Value base = subview.getSource();
  auto baseType = cast<MemRefType>(base.getType());
  if (!baseType.getLayout().isIdentity())
    return std::nullopt;
  if (!llvm::all_of(subview.getMixedStrides(), [](OpFoldResult stride) {
        return isConstantIntValue(stride, 1);
      }))
    return std::nullopt;
  SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = subview.getMixedSizes();
  int64_t rank = baseType.getRank();
  int64_t firstWholeDim = rank;
  while (firstWholeDim > 0 &&
         isConstantIntValue(offsets[firstWholeDim - 1], 0) &&
         isWholeDim(sizes[firstWholeDim - 1], base, firstWholeDim - 1))
    --firstWholeDim;
  for (int64_t dim = 0; dim < firstWholeDim; ++dim)
    if (!isConstantIntValue(sizes[dim], 1))
      return std::nullopt;
  return SliceView{subview, base, firstWholeDim};
}

/// Returns the offset, in elements, of the first element of `view` in the
/// row-major order of its base, with `offsets` replacing the subview's
/// dynamic offsets where given.
Value linearOffset(OpBuilder &builder, Location loc, SliceView view,
                   ArrayRef<OpFoldResult> offsets) {
  Value linear = arith::ConstantIndexOp::create(builder, loc, 0);
  for (auto [dim, offset] : llvm::enumerate(offsets)) {
    Value size = memref::DimOp::create(builder, loc, view.base, dim);
    Value scaled = arith::MulIOp::create(builder, loc, linear, size);
    linear = arith::AddIOp::create(
        builder, loc, scaled,
        getValueOrCreateConstantIndexOp(builder, loc, offset));
  }
  return linear;
}

/// Returns true when `copy` copies a region of memory onto itself: the same
/// value, or two subviews of one buffer with equal offsets, sizes and strides
/// (what bufferization leaves for a parallel_insert_slice of a slice of its
/// own destination).
bool isSelfCopy(memref::CopyOp copy) {
  Value source = copy.getSource(), target = copy.getTarget();
  if (source == target)
    return true;
  auto from = source.getDefiningOp<memref::SubViewOp>();
  auto to = target.getDefiningOp<memref::SubViewOp>();
  if (!from || !to || from.getSource() != to.getSource())
    return false;
  auto equal = [](ArrayRef<OpFoldResult> a, ArrayRef<OpFoldResult> b) {
    return a.size() == b.size() &&
           llvm::all_of(llvm::zip_equal(a, b), [](auto pair) {
             return isEqualConstantIntOrValue(std::get<0>(pair),
                                              std::get<1>(pair));
           });
  };
  return equal(from.getMixedOffsets(), to.getMixedOffsets()) &&
         equal(from.getMixedSizes(), to.getMixedSizes()) &&
         equal(from.getMixedStrides(), to.getMixedStrides());
}

/// Returns the number of elements of `type` by its static sizes (1 when all
/// are dynamic), or nothing when that product, or the byte size of any
/// trailing part of the shape (`elementBytes` bytes per element), exceeds
/// 2^63 - 1.
/// The bytes one element of `type` takes in memory (i1 and other integers
/// that are no whole byte: rounded up; complex: both parts; index: 8), or
/// nothing for types the copy does not handle.
std::optional<int64_t> getStorageBytes(Type type) {
  if (type.isIntOrFloat())
    return std::max<int64_t>(1,
                             llvm::divideCeil(type.getIntOrFloatBitWidth(), 8));
  if (type.isIndex())
    return 8;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    std::optional<int64_t> part = getStorageBytes(complex.getElementType());
    if (part && complex.getElementType().isIntOrFloat())
      return 2 * *part;
  }
  return std::nullopt;
}

std::optional<int64_t> getStaticElementCount(MemRefType type,
                                             int64_t elementBytes) {
  int64_t elements = 1;
  for (int64_t size : llvm::reverse(type.getShape())) {
    if (ShapedType::isDynamic(size))
      continue;
    std::optional<int64_t> product = llvm::checkedMul(elements, size);
    if (!product || !llvm::checkedMul(*product, elementBytes))
      return std::nullopt;
    elements = *product;
  }
  return elements;
}

/// Collapses an identity-layout memref to one dimension (`elements` is its
/// static element count, from getStaticElementCount).
Value collapseToOneDim(OpBuilder &builder, Location loc, Value base,
                       int64_t elements) {
  auto type = cast<MemRefType>(base.getType());
  if (type.getRank() == 1)
    return base;
  SmallVector<ReassociationIndices> all(1);
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    all.front().push_back(dim);
  // The collapsed size is dynamic exactly when one of the sizes is, even
  // when another is 0.
  int64_t size = type.hasStaticShape() ? elements : ShapedType::kDynamic;
  auto flatType =
      MemRefType::get({size}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  return memref::CollapseShapeOp::create(builder, loc, flatType, base, all);
}

/// Stores `value` (a vector) at element `at` of the one-dimensional
/// identity-layout memref `dstFlat`. A non-temporal store is 64-byte aligned
/// (`alignment`); vectors of elements narrower than 32 bits are stored as
/// 32-bit lanes through the address (`dstAddress`, the aligned pointer of
/// `dstFlat` as an index), because LLVM drops the non-temporal hint of
/// narrow-element vectors (such as vector<32xf16>) on targets without native
/// arithmetic for them.
void storeVector(OpBuilder &b, Location loc, Value value, Value dstFlat,
                 Value at, bool nontemporal, int64_t alignment,
                 Value dstAddress) {
  auto vectorType = cast<VectorType>(value.getType());
  Type elementType = vectorType.getElementType();
  unsigned bits = elementType.getIntOrFloatBitWidth();
  int64_t totalBits = vectorType.getNumElements() * bits;
  if (!nontemporal || bits >= 32 || !dstAddress || totalBits % 32 != 0) {
    auto store =
        vector::StoreOp::create(b, loc, value, dstFlat, ValueRange{at});
    if (nontemporal) {
      store.setNontemporal(true);
      store.setAlignmentAttr(b.getI64IntegerAttr(alignment));
    }
    return;
  }
  auto wideType = VectorType::get({totalBits / 32}, b.getI32Type());
  Value wide = vector::BitCastOp::create(b, loc, wideType, value);
  Value offset = arith::MulIOp::create(
      b, loc, at, arith::ConstantIndexOp::create(b, loc, bits / 8));
  Value address = arith::AddIOp::create(b, loc, dstAddress, offset);
  Value address64 =
      arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value pointer = LLVM::IntToPtrOp::create(b, loc, ptrType, address64);
  LLVM::StoreOp::create(b, loc, wide, pointer, alignment, /*isVolatile=*/false,
                        /*isNonTemporal=*/true);
}

struct GatherLowerSliceCopiesPass
    : public gather::impl::GatherLowerSliceCopiesBase<
          GatherLowerSliceCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(checkOptions()))
      return signalPassFailure();
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      if (isa_and_nonnull<scf::ForallOp>(copy->getParentOp()))
        copies.push_back(copy);
    });
    IRRewriter rewriter(&getContext());
    for (memref::CopyOp copy : copies)
      lowerCopy(rewriter, copy);
  }

  /// Emits an error on the function for each option out of its range.
  LogicalResult checkOptions() {
    StringRef pass = getArgument();
    Operation *op = getOperation();
    constexpr int64_t max = std::numeric_limits<int64_t>::max();
    bool ok = succeeded(checkOptionInRange(op, pass, "prefetch-distance",
                                           prefetchDistance, 0,
                                           kMaxPrefetchDistance)) &&
              succeeded(checkOptionInRange(op, pass, "prefetch-bytes",
                                           prefetchBytes, 1, max)) &&
              succeeded(checkOptionInRange(op, pass, "parallel-threshold",
                                           parallelThreshold, 0, max));
    if (!ok)
      return failure();
    if (vectorBytes < 1 || vectorBytes > kMaxVectorBytes ||
        !llvm::isPowerOf2_64(vectorBytes))
      return op->emitError()
             << pass << ": option vector-bytes must be a power of two in [1, "
             << kMaxVectorBytes << "], but is "
             << static_cast<int64_t>(vectorBytes);
    return success();
  }

  /// Rewrites one slice copy; leaves copies of any other form alone.
  void lowerCopy(IRRewriter &rewriter, memref::CopyOp copy) const {
    auto forall = cast<scf::ForallOp>(copy->getParentOp());
    if (forall.getNumResults() != 0)
      return;
    if (isSelfCopy(copy)) {
      // Nothing moves: drop the copy (and the subviews only it used).
      SmallVector<Operation *> views = {copy.getSource().getDefiningOp(),
                                        copy.getTarget().getDefiningOp()};
      rewriter.eraseOp(copy);
      for (Operation *view : views)
        if (isa_and_nonnull<memref::SubViewOp>(view) && view->use_empty())
          rewriter.eraseOp(view);
      return;
    }
    std::optional<SliceView> src = matchSliceView(copy.getSource());
    std::optional<SliceView> dst = matchSliceView(copy.getTarget());
    if (!src || !dst)
      return;
    Type elementType = cast<MemRefType>(src->base.getType()).getElementType();
    // Integers and floats of whole bytes are copied with vectors; other
    // element types (i1 and other widths that are no whole byte, complex,
    // index) element by element in a loop, which still avoids a library
    // call per slice. A vector of i1 would be bit-packed in memory, unlike
    // a memref of i1, and complex numbers make no vectors.
    std::optional<int64_t> bytes = getStorageBytes(elementType);
    if (!bytes)
      return;
    int64_t elementBytes = *bytes;
    bool scalarOnly = !elementType.isIntOrFloat() ||
                      elementType.getIntOrFloatBitWidth() % 8 != 0;
    // Buffers whose sizes overflow 64-bit arithmetic are left alone.
    std::optional<int64_t> srcElements = getStaticElementCount(
        cast<MemRefType>(src->base.getType()), elementBytes);
    std::optional<int64_t> dstElements = getStaticElementCount(
        cast<MemRefType>(dst->base.getType()), elementBytes);
    if (!srcElements || !dstElements)
      return;
    int64_t lanes = std::max<int64_t>(1, vectorBytes / elementBytes);
    // Values the rewrite moves before the loop must be defined there.
    auto isAbove = [&](Value v) {
      return v.getParentRegion()->isProperAncestor(&forall.getRegion());
    };
    if (!isAbove(src->base) || !isAbove(dst->base))
      return;
    for (SliceView *view : {&*src, &*dst})
      for (OpFoldResult size : view->subview.getMixedSizes())
        if (auto v = dyn_cast<Value>(size); v && !isAbove(v))
          return;
    for (Value ub : forall.getDynamicUpperBound())
      if (!isAbove(ub))
        return;

    Location loc = copy.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);

    // Loop-invariant values, computed once before the loop. Sizes fold as
    // they are built, so that what is static is known here and no code is
    // emitted for loops that never run.
    rewriter.setInsertionPoint(forall);
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    auto mul = [&](Value a, Value b) {
      return rewriter.createOrFold<arith::MulIOp>(loc, a, b);
    };
    Value srcFlat = collapseToOneDim(rewriter, loc, src->base, *srcElements);
    Value dstFlat = collapseToOneDim(rewriter, loc, dst->base, *dstElements);
    Value rowElements = constant(1);
    for (OpFoldResult size : dst->subview.getMixedSizes())
      rowElements = mul(rowElements,
                        getValueOrCreateConstantIndexOp(rewriter, loc, size));
    Value laneCount = constant(lanes);
    Value vectorElements =
        scalarOnly ? constant(0)
                   : mul(rewriter.createOrFold<arith::DivUIOp>(loc, rowElements,
                                                               laneCount),
                         laneCount);
    Value gatherBytes = mul(rowElements, constant(elementBytes));
    for (OpFoldResult ub : forall.getMixedUpperBound())
      gatherBytes =
          mul(gatherBytes, getValueOrCreateConstantIndexOp(rewriter, loc, ub));
    Value useNontemporal =
        nontemporalThreshold < 0
            ? arith::ConstantIntOp::create(rewriter, loc, 0, 1).getResult()
            : rewriter.createOrFold<arith::CmpIOp>(
                  loc, arith::CmpIPredicate::uge, gatherBytes,
                  constant(nontemporalThreshold));
    std::optional<int64_t> staticRow = getConstantIntValue(rowElements);
    std::optional<int64_t> staticVector = getConstantIntValue(vectorElements);
    std::optional<int64_t> staticStreaming =
        getConstantIntValue(useNontemporal);
    bool hasVectors = !staticVector || *staticVector > 0;
    bool hasTail = !staticRow || !staticVector || *staticRow != *staticVector;
    bool mayStream = hasVectors && (!staticStreaming || *staticStreaming != 0);
    // A table that fits in the caches needs no prefetch.
    auto srcType = cast<MemRefType>(src->base.getType());
    bool prefetch =
        prefetchDistance > 0 && !isCacheResident(srcType, elementBytes);
    // The table's element count, for clamp-prefetch only.
    Value srcTotal;
    if (prefetch && clampPrefetch)
      srcTotal = memref::DimOp::create(rewriter, loc, srcFlat, 0);
    Value dstAddress;
    if (mayStream)
      dstAddress = memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc,
                                                                  dstFlat);

    // In the loop: the copy itself.
    rewriter.setInsertionPoint(copy);
    Value srcStart =
        linearOffset(rewriter, loc, *src, src->subview.getMixedOffsets());
    Value dstStart =
        linearOffset(rewriter, loc, *dst, dst->subview.getMixedOffsets());
    // The form the gather lowering chose: short slices are copied inline.
    bool isInline =
        getGatherForm(forall) == GatherForm::InlineCopy && !scalarOnly;
    if (prefetch)
      emitPrefetch(rewriter, loc, forall, *src, srcFlat, srcTotal, rowElements,
                   elementBytes,
                   isInline ? inlinePrefetchDistance : prefetchDistance);

    // (Not built for the element-by-element copy: no vector of its type.)
    VectorType vectorType =
        scalarOnly ? VectorType() : VectorType::get({lanes}, elementType);
    Value zero = constant(0);
    auto emitVectorLoop = [&](OpBuilder &builder, Location l,
                              bool nontemporal) {
      if (isInline) {
        emitInlineCopy(builder, l, vectorType, srcFlat, dstFlat, srcStart,
                       dstStart, rowElements, nontemporal, dstAddress);
        return;
      }
      scf::ForOp::create(
          builder, l, zero, vectorElements, laneCount, ValueRange{},
          [&](OpBuilder &b, Location bl, Value i, ValueRange) {
            Value from = arith::AddIOp::create(b, bl, srcStart, i);
            Value to = arith::AddIOp::create(b, bl, dstStart, i);
            Value v = vector::LoadOp::create(b, bl, vectorType, srcFlat,
                                             ValueRange{from});
            storeVector(b, bl, v, dstFlat, to, nontemporal, vectorBytes,
                        dstAddress);
            scf::YieldOp::create(b, bl);
          });
    };
    if (mayStream) {
      // Non-temporal vector stores need an aligned destination row.
      Value rowAddress = arith::AddIOp::create(
          rewriter, loc, dstAddress, mul(dstStart, constant(elementBytes)));
      Value misalignment = arith::RemUIOp::create(rewriter, loc, rowAddress,
                                                  constant(vectorBytes));
      Value aligned = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, misalignment, zero);
      Value streaming =
          arith::AndIOp::create(rewriter, loc, useNontemporal, aligned);
      scf::IfOp::create(
          rewriter, loc, streaming,
          [&](OpBuilder &b, Location l) {
            emitVectorLoop(b, l, /*nontemporal=*/true);
            scf::YieldOp::create(b, l);
          },
          [&](OpBuilder &b, Location l) {
            emitVectorLoop(b, l, /*nontemporal=*/false);
            scf::YieldOp::create(b, l);
          });
    } else if (hasVectors || isInline) {
      emitVectorLoop(rewriter, loc, /*nontemporal=*/false);
    }
    // The elements after the last whole vector (the inline copy has copied
    // them with a masked vector).
    if (hasTail && !isInline)
      scf::ForOp::create(
          rewriter, loc, vectorElements, rowElements, constant(1), ValueRange{},
          [&](OpBuilder &b, Location l, Value i, ValueRange) {
            Value from = arith::AddIOp::create(b, l, srcStart, i);
            Value to = arith::AddIOp::create(b, l, dstStart, i);
            Value v = memref::LoadOp::create(b, l, srcFlat, ValueRange{from});
            memref::StoreOp::create(b, l, v, dstFlat, ValueRange{to});
            scf::YieldOp::create(b, l);
          });
    rewriter.eraseOp(copy);
    if (dst->subview->use_empty())
      rewriter.eraseOp(dst->subview);
    if (src->subview->use_empty())
      rewriter.eraseOp(src->subview);

    if (parallel)
      versionByParallelism(rewriter, forall, gatherBytes);
  }

  /// Keeps `forall` parallel when the gather writes at least
  /// `parallelThreshold` bytes and runs a sequential scf.for nest otherwise,
  /// so that small gathers do not pay for starting threads.
  void versionByParallelism(IRRewriter &rewriter, scf::ForallOp forall,
                            Value gatherBytes) const {
    Location loc = forall.getLoc();
    rewriter.setInsertionPoint(forall);
    Value large = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::uge, gatherBytes,
        arith::ConstantIndexOp::create(rewriter, loc, parallelThreshold));
    auto ifOp =
        scf::IfOp::create(rewriter, loc, large, /*withElseRegion=*/true);
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    auto sequential = cast<scf::ForallOp>(rewriter.clone(*forall));
    (void)scf::forallToForLoop(rewriter, sequential);
    rewriter.moveOpBefore(forall, ifOp.thenBlock()->getTerminator());
  }

  /// Copies one slice of `rowElements` elements inline: straight-line
  /// vector copies when the size is static (a loop of them otherwise) and
  /// one masked vector copy for the elements after the last whole vector.
  /// No library call and no loop per row for short static slices.
  void emitInlineCopy(OpBuilder &b, Location loc, VectorType vectorType,
                      Value srcFlat, Value dstFlat, Value srcStart,
                      Value dstStart, Value rowElements, bool nontemporal,
                      Value dstAddress) const {
    int64_t lanes = vectorType.getNumElements();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto copyVector = [&](OpBuilder &builder, Location l, Value offset) {
      Value from = arith::AddIOp::create(builder, l, srcStart, offset);
      Value to = arith::AddIOp::create(builder, l, dstStart, offset);
      Value v = vector::LoadOp::create(builder, l, vectorType, srcFlat,
                                       ValueRange{from});
      storeVector(builder, l, v, dstFlat, to, nontemporal, vectorBytes,
                  dstAddress);
    };
    std::optional<int64_t> staticRow = getConstantIntValue(rowElements);
    Value whole;
    if (staticRow) {
      for (int64_t offset = 0; offset + lanes <= *staticRow; offset += lanes)
        copyVector(b, loc, constant(offset));
      whole = constant(*staticRow / lanes * lanes);
      if (*staticRow % lanes == 0)
        return;
    } else {
      // One op per statement: the IR order must not depend on the
      // compiler's order of evaluating arguments.
      Value laneCount = constant(lanes);
      Value vectors = arith::DivUIOp::create(b, loc, rowElements, laneCount);
      whole = arith::MulIOp::create(b, loc, vectors, laneCount);
      Value zero = constant(0);
      scf::ForOp::create(
          b, loc, zero, whole, laneCount, ValueRange{},
          [&](OpBuilder &nested, Location l, Value i, ValueRange) {
            copyVector(nested, l, i);
            scf::YieldOp::create(nested, l);
          });
    }
    // The tail: lanes past the row are neither read nor written.
    Value rest = arith::SubIOp::create(b, loc, rowElements, whole);
    // The mask compares the lanes' numbers with the count (built from plain
    // constants and compares, which every path to LLVM lowers).
    auto laneType = VectorType::get({lanes}, b.getI32Type());
    SmallVector<int32_t> laneNumbers(lanes);
    for (int64_t lane = 0; lane < lanes; ++lane)
      laneNumbers[lane] = lane;
    Value numbers = arith::ConstantOp::create(
        b, loc, laneType,
        DenseElementsAttr::get(laneType, ArrayRef(laneNumbers)));
    Value count = vector::BroadcastOp::create(
        b, loc, laneType,
        arith::IndexCastOp::create(b, loc, b.getI32Type(), rest));
    Value mask = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                       numbers, count);
    Value from = arith::AddIOp::create(b, loc, srcStart, whole);
    Value to = arith::AddIOp::create(b, loc, dstStart, whole);
    Value pass = arith::ConstantOp::create(b, loc, vectorType,
                                           b.getZeroAttr(vectorType));
    Value v = vector::MaskedLoadOp::create(b, loc, vectorType, srcFlat,
                                           ValueRange{from}, mask, pass);
    vector::MaskedStoreOp::create(b, loc, dstFlat, ValueRange{to}, mask, v);
  }

  /// Prefetches the slice that the iteration `distance` steps ahead
  /// along the innermost loop dimension will copy: clones the computation of
  /// the source offsets with that induction variable advanced (and clamped to
  /// the last iteration).
  void emitPrefetch(IRRewriter &rewriter, Location loc, scf::ForallOp forall,
                    SliceView src, Value srcFlat, Value srcTotal,
                    Value rowElements, int64_t elementBytes,
                    int64_t distance) const {
    int64_t innermost = forall.getRank() - 1;
    if (!isConstantIntValue(forall.getMixedLowerBound()[innermost], 0) ||
        !isConstantIntValue(forall.getMixedStep()[innermost], 1))
      return;

    // The ops of the loop body that compute the offsets; only reads and
    // side-effect free ops may be cloned.
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.inclusive = true;
    options.filter = [&](Operation *op) {
      return forall->isProperAncestor(op);
    };
    for (Value offset : src.subview.getOffsets())
      if (Operation *def = offset.getDefiningOp())
        if (failed(getBackwardSlice(def, &slice, options)))
          return;
    for (Operation *op : slice) {
      if (op->getNumRegions() != 0)
        return;
      if (isa<memref::LoadOp>(op) || isMemoryEffectFree(op))
        continue;
      return;
    }

    Value iv = forall.getInductionVars()[innermost];
    Value bound = getValueOrCreateConstantIndexOp(
        rewriter, loc, forall.getMixedUpperBound()[innermost]);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value last = arith::SubIOp::create(rewriter, loc, bound, one);
    Value ahead = arith::MinSIOp::create(
        rewriter, loc,
        arith::AddIOp::create(
            rewriter, loc, iv,
            arith::ConstantIndexOp::create(rewriter, loc, distance)),
        last);
    IRMapping mapping;
    mapping.map(iv, ahead);
    for (Operation *op : slice)
      rewriter.clone(*op, mapping);
    SmallVector<OpFoldResult> offsets;
    for (OpFoldResult offset : src.subview.getMixedOffsets()) {
      if (auto v = dyn_cast<Value>(offset))
        offsets.push_back(mapping.lookupOrDefault(v));
      else
        offsets.push_back(offset);
    }
    Value start = linearOffset(rewriter, loc, src, offsets);

    // One prefetch per cache line of the first `prefetchBytes` bytes. The
    // slice start of an out-of-range index (reported, clamped or trusted by
    // that iteration's own code) is not clamped into the table by default:
    // a prefetch never faults and changes no state (`llvm.prefetch`, its
    // address computed without `inbounds`), and the clamp costs
    // instructions per slice.
    int64_t lineElements = std::max<int64_t>(1, kCacheLineBytes / elementBytes);
    Value limit = arith::MinUIOp::create(
        rewriter, loc, rowElements,
        arith::ConstantIndexOp::create(
            rewriter, loc, std::max<int64_t>(1, prefetchBytes / elementBytes)));
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value clampedStart = start;
    if (clampPrefetch) {
      Value lastStart = arith::MaxSIOp::create(
          rewriter, loc,
          arith::SubIOp::create(rewriter, loc, srcTotal, rowElements), zero);
      clampedStart = arith::MinUIOp::create(rewriter, loc, start, lastStart);
    }
    scf::ForOp::create(
        rewriter, loc, zero, limit,
        arith::ConstantIndexOp::create(rewriter, loc, lineElements),
        ValueRange{}, [&](OpBuilder &b, Location l, Value i, ValueRange) {
          Value at = arith::AddIOp::create(b, l, clampedStart, i);
          memref::PrefetchOp::create(b, l, srcFlat, ValueRange{at},
                                     /*isWrite=*/false, /*localityHint=*/3,
                                     /*isDataCache=*/true);
          scf::YieldOp::create(b, l);
        });
  }
};

} // namespace

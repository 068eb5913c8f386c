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
// strided (tiled) buffers, and prefetches the slice of a later iteration:
//
// - plan: the two sides of the copy, each addressed through a flat view of
//   its base buffer; the rows (the trailing dimensions contiguous in both)
//   and the loops over the slice's other dimensions;
// - the row copy: block (a loop of vectors, a tail, non-temporal stores into
//   large outputs), inline (straight-line vectors and a masked tail for
//   short rows), or element by element (types that make no vectors);
// - where the planner left the choice to the run (a row length that is not
//   static), a version of the loop for each.
//
//===----------------------------------------------------------------------===//

#include "CodeGenUtils.h"
#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/CodeGen/CPU/Target.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"
#include "gather-mlir/Support/TypeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/bit.h"
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

/// Returns true when `size` is provably the size of dimension `dim` of
/// `base`: a constant equal to a static size, `memref.dim` of `base`, or
/// the operand of the `memref.alloc` that made `base`.
bool isWholeDim(OpFoldResult size, Value base, int64_t dim) {
  auto baseType = cast<MemRefType>(base.getType());
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return !baseType.isDynamicDim(dim) && *constant == baseType.getDimSize(dim);
  if (baseType.isDynamicDim(dim))
    if (auto alloc = base.getDefiningOp<memref::AllocOp>()) {
      // The dynamic sizes of the alloc, one per dynamic dimension.
      int64_t position = llvm::count_if(baseType.getShape().take_front(dim),
                                        ShapedType::isDynamic);
      if (alloc.getDynamicSizes()[position] == cast<Value>(size))
        return true;
    }
  auto dimOp = cast<Value>(size).getDefiningOp<memref::DimOp>();
  if (!dimOp || dimOp.getSource() != base)
    return false;
  std::optional<int64_t> index = getConstantIntValue(dimOp.getIndex());
  return index && *index == dim;
}

/// Returns the first dimension of `side`'s view from which on its elements
/// are contiguous in the base: every base dimension after it is taken
/// whole (offset 0, full size) in an identity-layout base. Only the last
/// dimension otherwise.
int64_t getFirstContiguousDim(const SliceSide &side) {
  int64_t rank = side.baseDims.size();
  if (rank == 0 || !side.buffer.identity)
    return std::max<int64_t>(rank - 1, 0);
  SmallVector<OpFoldResult> offsets = side.view.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = side.view.getMixedSizes();
  int64_t baseRank = offsets.size();
  int64_t dim = rank - 1;
  while (dim > 0) {
    bool whole = true;
    for (int64_t b = side.baseDims[dim - 1] + 1; b < baseRank && whole; ++b)
      whole = isConstantIntValue(offsets[b], 0) &&
              isWholeDim(sizes[b], side.buffer.base, b);
    if (!whole)
      break;
    --dim;
  }
  return dim;
}

/// Matches one side of a slice copy: a subview with unit strides of a
/// buffer with strided layout, defined above `forall`.
std::optional<SliceSide> matchSliceSide(Value value, scf::ForallOp forall) {
  auto view = value.getDefiningOp<memref::SubViewOp>();
  if (!view || !llvm::all_of(view.getMixedStrides(), [](OpFoldResult s) {
        return isConstantIntValue(s, 1);
      }))
    return std::nullopt;
  Value base = view.getSource();
  auto baseType = cast<MemRefType>(base.getType());
  if (!base.getParentRegion()->isProperAncestor(&forall.getRegion()) ||
      !baseType.isLastDimUnitStride())
    return std::nullopt;
  SliceSide side;
  side.view = view;
  llvm::SmallBitVector dropped = view.getDroppedDims();
  for (int64_t dim = 0; dim < baseType.getRank(); ++dim)
    if (!dropped.test(dim))
      side.baseDims.push_back(dim);
  side.buffer.base = base;
  side.buffer.identity = baseType.getLayout().isIdentity();
  return side;
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

/// Returns the element count of `type` by its static sizes (1 when all are
/// dynamic), or nothing when it, or the byte size of any trailing part of
/// the shape, exceeds 2^63 - 1.
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

/// Builds the flat view of `buffer.base` before the loop: the base itself
/// collapsed to one dimension when it has the identity layout (strides the
/// products of the sizes after each dimension), its buffer reinterpreted
/// as one dimension from its strided metadata otherwise. Fails when the
/// sizes overflow 64-bit arithmetic.
LogicalResult buildFlatBuffer(OpBuilder &b, Location loc, FlatBuffer &buffer,
                              int64_t elementBytes) {
  auto type = cast<MemRefType>(buffer.base.getType());
  std::optional<int64_t> elements = getStaticElementCount(type, elementBytes);
  if (!elements)
    return failure();
  int64_t rank = type.getRank();
  if (!buffer.identity) {
    auto metadata =
        memref::ExtractStridedMetadataOp::create(b, loc, buffer.base);
    buffer.offset = metadata.getOffset();
    Value extent = metadata.getOffset();
    // Strides the layout fixes are constants.
    SmallVector<int64_t> staticStrides = type.getStridesAndOffset().first;
    for (int64_t dim = 0; dim < rank; ++dim) {
      Value stride = metadata.getStrides()[dim];
      buffer.strides.push_back(
          ShapedType::isDynamic(staticStrides[dim])
              ? OpFoldResult(stride)
              : OpFoldResult(b.getIndexAttr(staticStrides[dim])));
      Value span =
          b.createOrFold<arith::MulIOp>(loc, metadata.getSizes()[dim], stride);
      extent = b.createOrFold<arith::AddIOp>(loc, extent, span);
    }
    SmallVector<OpFoldResult> sizes = {extent};
    SmallVector<OpFoldResult> strides = {b.getIndexAttr(1)};
    buffer.flat = memref::ReinterpretCastOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace()),
        metadata.getBaseBuffer(), b.getIndexAttr(0), sizes, strides);
    return success();
  }
  buffer.offset = b.getIndexAttr(0);
  OpFoldResult stride = b.getIndexAttr(1);
  buffer.strides.assign(rank, stride);
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    buffer.strides[dim] = stride;
    if (dim > 0) {
      Value size = b.createOrFold<memref::DimOp>(loc, buffer.base, dim);
      Value next = b.createOrFold<arith::MulIOp>(
          loc, getValueOrCreateConstantIndexOp(b, loc, stride), size);
      stride = getAsOpFoldResult(next);
    }
  }
  if (rank <= 1) {
    buffer.flat = buffer.base;
    return success();
  }
  SmallVector<ReassociationIndices> all(1);
  for (int64_t dim = 0; dim < rank; ++dim)
    all.front().push_back(dim);
  // The collapsed size is dynamic exactly when one of the sizes is, even
  // when another is 0.
  int64_t size = type.hasStaticShape() ? *elements : ShapedType::kDynamic;
  auto flatType =
      MemRefType::get({size}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  buffer.flat =
      memref::CollapseShapeOp::create(b, loc, flatType, buffer.base, all);
  return success();
}

/// Returns the position in the flat view of the element at `offsets` of the
/// base (one per base dimension).
Value getFlatPosition(OpBuilder &b, Location loc, const FlatBuffer &buffer,
                      ArrayRef<OpFoldResult> offsets) {
  Value position = getValueOrCreateConstantIndexOp(b, loc, buffer.offset);
  for (auto [dim, offset, stride] : llvm::enumerate(offsets, buffer.strides)) {
    if (isConstantIntValue(offset, 0))
      continue;
    Value value = getValueOrCreateConstantIndexOp(b, loc, offset);
    Value shift =
        dim < buffer.strideShifts.size() ? buffer.strideShifts[dim] : Value();
    Value scaled = shift ? b.createOrFold<arith::ShLIOp>(loc, value, shift)
                         : b.createOrFold<arith::MulIOp>(
                               loc, value,
                               getValueOrCreateConstantIndexOp(b, loc, stride));
    position = b.createOrFold<arith::AddIOp>(loc, position, scaled);
  }
  return position;
}

/// Returns the base offsets of the element of `side`'s view at view
/// coordinates `coords` (missing trailing coordinates are 0), with
/// `mapping` applied to the view's offsets.
SmallVector<OpFoldResult> getBaseOffsets(OpBuilder &b, Location loc,
                                         const SliceSide &side,
                                         ArrayRef<Value> coords,
                                         const IRMapping &mapping) {
  SmallVector<OpFoldResult> offsets;
  for (OpFoldResult offset : side.view.getMixedOffsets()) {
    if (auto value = dyn_cast<Value>(offset))
      offset = mapping.lookupOrDefault(value);
    offsets.push_back(offset);
  }
  for (auto [dim, coord] : llvm::enumerate(coords)) {
    int64_t baseDim = side.baseDims[dim];
    Value sum = b.createOrFold<arith::AddIOp>(
        loc, getValueOrCreateConstantIndexOp(b, loc, offsets[baseDim]), coord);
    offsets[baseDim] = getAsOpFoldResult(sum);
  }
  return offsets;
}

/// Stores `value` (a vector) at element `at` of the one-dimensional memref
/// `dstFlat`. A non-temporal store is aligned to `alignment` bytes;
/// vectors of elements narrower than 32 bits are stored as 32-bit lanes
/// through the address (`dstAddress`, the aligned pointer of `dstFlat` as
/// an index), because LLVM drops the non-temporal hint of, for example,
/// vector<32xf16> stores on targets without native arithmetic for them.
void storeVector(OpBuilder &b, Location loc, Value value, Value dstFlat,
                 Value at, bool nontemporal, int64_t alignment,
                 Value dstAddress) {
  auto vectorType = cast<VectorType>(value.getType());
  unsigned bits = vectorType.getElementType().getIntOrFloatBitWidth();
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
  Value elementSize = arith::ConstantIndexOp::create(b, loc, bits / 8);
  Value offset = arith::MulIOp::create(b, loc, at, elementSize);
  Value address = arith::AddIOp::create(b, loc, dstAddress, offset);
  Value address64 =
      arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value pointer = LLVM::IntToPtrOp::create(b, loc, ptrType, address64);
  LLVM::StoreOp::create(b, loc, wide, pointer, alignment, /*isVolatile=*/false,
                        /*isNonTemporal=*/true);
}

/// The mask of the lanes `l` of `lanes` with `firstLane + l < count`: the
/// first `count` for `firstLane` 0 (built from plain constants and compares,
/// which every path to LLVM lowers; `count` and `firstLane + lanes` fit in
/// 32 bits).
Value buildLaneMask(OpBuilder &b, Location loc, int64_t lanes, Value count,
                    int64_t firstLane = 0) {
  auto laneType = VectorType::get({lanes}, b.getI32Type());
  SmallVector<int32_t> laneNumbers(lanes);
  for (int64_t lane = 0; lane < lanes; ++lane)
    laneNumbers[lane] = firstLane + lane;
  Value numbers = arith::ConstantOp::create(
      b, loc, laneType,
      DenseElementsAttr::get(laneType, ArrayRef(laneNumbers)));
  Value count32 = arith::IndexCastOp::create(b, loc, b.getI32Type(), count);
  Value counts = vector::BroadcastOp::create(b, loc, laneType, count32);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, numbers,
                               counts);
}

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

/// Copies the vector at `offset` of the row (of `lanes` lanes; 0: the
/// row's vector type).
void copyVector(OpBuilder &b, Location loc, const RowCopy &row, Value offset,
                int64_t lanes = 0) {
  Value from = b.createOrFold<arith::AddIOp>(loc, row.srcStart, offset);
  Value to = b.createOrFold<arith::AddIOp>(loc, row.dstStart, offset);
  VectorType type =
      lanes == 0 ? row.vectorType
                 : VectorType::get({lanes}, row.vectorType.getElementType());
  Value v = vector::LoadOp::create(b, loc, type, row.srcFlat, ValueRange{from});
  storeVector(b, loc, v, row.dstFlat, to, row.nontemporal && lanes == 0,
              row.alignment, row.dstAddress);
}

/// Copies the `width` elements at `offset` and the `width` ending at
/// `offset + count` (the same ones when `count` is `width`).
void copyOverlappingPair(OpBuilder &b, Location loc, const RowCopy &row,
                         Value offset, Value count, int64_t width) {
  copyVector(b, loc, row, offset, width);
  if (isConstantIntValue(count, width))
    return;
  Value end = b.createOrFold<arith::AddIOp>(loc, offset, count);
  Value widthValue = arith::ConstantIndexOp::create(b, loc, width);
  copyVector(b, loc, row, b.createOrFold<arith::SubIOp>(loc, end, widthValue),
             width);
}

/// Copies the `count` elements at `offset` of the row, `0 <= count <
/// lanes`, with unmasked vectors: for the largest power of two `w` below
/// the row's lane count with `w <= count`, the `w` elements at `offset` and
/// the `w` ending at its end. A constant `count` takes straight-line code,
/// a run-time one a chain of `scf.if` on `count >= w`.
void copyShortUnmasked(OpBuilder &b, Location loc, const RowCopy &row,
                       Value offset, Value count) {
  int64_t lanes = row.vectorType.getNumElements();
  if (std::optional<int64_t> constant = getConstantIntValue(count)) {
    if (*constant > 0)
      copyOverlappingPair(b, loc, row, offset, count,
                          llvm::bit_floor(static_cast<uint64_t>(*constant)));
    return;
  }
  std::function<void(OpBuilder &, Location, int64_t)> level =
      [&](OpBuilder &nb, Location l, int64_t width) {
        if (width == 0)
          return;
        Value atLeast =
            arith::CmpIOp::create(nb, l, arith::CmpIPredicate::sge, count,
                                  arith::ConstantIndexOp::create(nb, l, width));
        auto ifOp = scf::IfOp::create(nb, l, atLeast, /*withElseRegion=*/true);
        OpBuilder::InsertionGuard guard(nb);
        nb.setInsertionPoint(ifOp.thenBlock()->getTerminator());
        // Below two elements the count is one.
        if (width == 1)
          copyVector(nb, l, row, offset, 1);
        else
          copyOverlappingPair(nb, l, row, offset, count, width);
        nb.setInsertionPoint(ifOp.elseBlock()->getTerminator());
        level(nb, l, width / 2);
      };
  level(b, loc, lanes / 2);
}

/// Whether the row holds at least one whole vector (a run-time test).
Value buildHoldsVector(OpBuilder &b, Location loc, const RowCopy &row) {
  Value lanes =
      arith::ConstantIndexOp::create(b, loc, row.vectorType.getNumElements());
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                               row.rowElements, lanes);
}

/// The elements of the row's whole vectors: its length rounded down to a
/// multiple of the lane count (a constant for a static length).
Value buildWholeVectorElements(OpBuilder &b, Location loc, const RowCopy &row) {
  if (row.wholeVectors)
    return row.rowElements;
  Value laneCount =
      arith::ConstantIndexOp::create(b, loc, row.vectorType.getNumElements());
  Value vectors =
      b.createOrFold<arith::DivUIOp>(loc, row.rowElements, laneCount);
  return b.createOrFold<arith::MulIOp>(loc, vectors, laneCount);
}

/// Emits `copyLong` for a row that holds at least one whole vector and
/// copyShortUnmasked of the whole row for a shorter one: a run-time test,
/// or `copyLong` alone where the row is known to be longer than a vector.
void emitByRowHoldingVector(
    OpBuilder &b, Location loc, const RowCopy &row,
    function_ref<void(OpBuilder &, Location)> copyLong) {
  if (row.longerThanVector) {
    copyLong(b, loc);
    return;
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value holdsVector = buildHoldsVector(b, loc, row);
  scf::IfOp::create(
      b, loc, holdsVector,
      [&](OpBuilder &nb, Location l) {
        copyLong(nb, l);
        scf::YieldOp::create(nb, l);
      },
      [&](OpBuilder &nb, Location l) {
        copyShortUnmasked(nb, l, row, zero, row.rowElements);
        scf::YieldOp::create(nb, l);
      });
}

/// Copies the elements of a row of `rowElements` elements from `whole` on
/// (the elements after its whole vectors, fewer than a vector) with
/// unmasked vectors: the vector ending at the row's end when the row holds
/// a whole vector, copyShortUnmasked otherwise.
void copyTailUnmasked(OpBuilder &b, Location loc, const RowCopy &row,
                      Value whole) {
  int64_t lanes = row.vectorType.getNumElements();
  Value laneCount = arith::ConstantIndexOp::create(b, loc, lanes);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  auto emitOverlap = [&](OpBuilder &nb, Location l) {
    copyVector(nb, l, row,
               nb.createOrFold<arith::SubIOp>(l, row.rowElements, laneCount));
  };
  if (std::optional<int64_t> staticRow = getConstantIntValue(row.rowElements)) {
    if (*staticRow % lanes == 0)
      return;
    if (*staticRow >= lanes)
      emitOverlap(b, loc);
    else
      copyShortUnmasked(b, loc, row, zero, row.rowElements);
    return;
  }
  Value rest = arith::SubIOp::create(b, loc, row.rowElements, whole);
  Value hasRest =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, rest, zero);
  scf::IfOp::create(b, loc, hasRest, [&](OpBuilder &nb, Location l) {
    emitByRowHoldingVector(nb, l, row, emitOverlap);
    scf::YieldOp::create(nb, l);
  });
}

/// Copies a row of a run-time length of at most `maxElements` elements
/// with unmasked vectors, without a loop and without a tail: rows of at
/// least a vector take pairs of vectors, pair `j` the vector at `j * lanes`
/// and the one ending `j * lanes` before the row's end, pair `j > 0` only
/// when the row is longer than `2 * j * lanes` (then pairs `0..j` cover it:
/// a row of 2 vectors takes 2 copies and one test, a row of 8 vectors 8
/// copies and 3 tests); shorter rows copyShortUnmasked. The overlapping
/// vectors are not aligned: the non-temporal version of a row takes
/// emitBoundedVectors instead.
void copyBoundedRowInPairs(OpBuilder &b, Location loc, const RowCopy &row,
                           int64_t maxElements) {
  int64_t lanes = row.vectorType.getNumElements();
  std::function<void(OpBuilder &, Location, int64_t)> pair = [&](OpBuilder &nb,
                                                                 Location l,
                                                                 int64_t j) {
    copyVector(nb, l, row, arith::ConstantIndexOp::create(nb, l, j * lanes));
    if (maxElements > lanes) {
      Value back = arith::ConstantIndexOp::create(nb, l, (j + 1) * lanes);
      copyVector(nb, l, row,
                 nb.createOrFold<arith::SubIOp>(l, row.rowElements, back));
    }
    if (2 * (j + 1) * lanes >= maxElements)
      return;
    Value longer = arith::CmpIOp::create(
        nb, l, arith::CmpIPredicate::ugt, row.rowElements,
        arith::ConstantIndexOp::create(nb, l, 2 * (j + 1) * lanes));
    scf::IfOp::create(nb, l, longer, [&](OpBuilder &tb, Location tl) {
      pair(tb, tl, j + 1);
      scf::YieldOp::create(tb, tl);
    });
  };
  emitByRowHoldingVector(b, loc, row,
                         [&](OpBuilder &nb, Location l) { pair(nb, l, 0); });
}

/// The whole vectors of a row of a run-time length of at most
/// `maxElements` elements without a loop: vector `k` is copied under
/// `rowElements >= (k + 1) * lanes`, nested in the test of vector `k - 1`.
/// Returns the number of elements they cover.
Value emitBoundedVectors(OpBuilder &b, Location loc, const RowCopy &row,
                         int64_t maxElements) {
  int64_t lanes = row.vectorType.getNumElements();
  std::function<void(OpBuilder &, Location, int64_t)> vector =
      [&](OpBuilder &nb, Location l, int64_t k) {
        if ((k + 1) * lanes > maxElements)
          return;
        if (k == 0 && row.longerThanVector) {
          copyVector(nb, l, row, arith::ConstantIndexOp::create(nb, l, 0));
          vector(nb, l, 1);
          return;
        }
        Value holds = arith::CmpIOp::create(
            nb, l, arith::CmpIPredicate::uge, row.rowElements,
            arith::ConstantIndexOp::create(nb, l, (k + 1) * lanes));
        scf::IfOp::create(nb, l, holds, [&](OpBuilder &tb, Location tl) {
          copyVector(tb, tl, row,
                     arith::ConstantIndexOp::create(tb, tl, k * lanes));
          vector(tb, tl, k + 1);
          scf::YieldOp::create(tb, tl);
        });
      };
  vector(b, loc, 0);
  return buildWholeVectorElements(b, loc, row);
}

/// Copies the `rest` elements of the row from `offset` on with one masked
/// vector (lanes past the row are neither read nor written); with
/// `firstLane`, the lanes `l` with `firstLane + l < rest`.
void copyMaskedVector(OpBuilder &b, Location loc, const RowCopy &row,
                      Value offset, Value rest, int64_t firstLane = 0) {
  Value mask =
      buildLaneMask(b, loc, row.vectorType.getNumElements(), rest, firstLane);
  Value from = arith::AddIOp::create(b, loc, row.srcStart, offset);
  Value to = arith::AddIOp::create(b, loc, row.dstStart, offset);
  Value pass = arith::ConstantOp::create(b, loc, row.vectorType,
                                         b.getZeroAttr(row.vectorType));
  Value v = vector::MaskedLoadOp::create(b, loc, row.vectorType, row.srcFlat,
                                         ValueRange{from}, mask, pass);
  vector::MaskedStoreOp::create(b, loc, row.dstFlat, ValueRange{to}, mask, v);
}

/// Copies elements [from, to) of the row one by one.
void copyElements(OpBuilder &b, Location loc, const RowCopy &row, Value from,
                  Value to) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(
      b, loc, from, to, one, ValueRange{},
      [&](OpBuilder &nested, Location l, Value i, ValueRange) {
        Value src = arith::AddIOp::create(nested, l, row.srcStart, i);
        Value dst = arith::AddIOp::create(nested, l, row.dstStart, i);
        Value v = memref::LoadOp::create(nested, l, row.srcFlat, src);
        memref::StoreOp::create(nested, l, v, row.dstFlat, dst);
        scf::YieldOp::create(nested, l);
      });
}

/// The unroll factor asked of LLVM for the vector loop of a row of a
/// run-time length.
constexpr int64_t kRunTimeVectorUnroll = 4;

/// The unroll factor asked of LLVM for the prefetch loop of a row of a
/// run-time length: none. Unrolled, its remainder's counts are more values
/// kept across the rows, and the block copy's loop then reloads some of
/// them from the stack on every row (a cost that depends on where the
/// stack lies: gather-bench's W1 with every size dynamic lost up to 14% in
/// some processes on an AMD EPYC, znver5).
constexpr int64_t kRunTimePrefetchUnroll = 1;

/// The whole vectors of a block-copied row (a loop); returns the number of
/// elements they cover.
Value emitBlockVectors(OpBuilder &b, Location loc, const RowCopy &row) {
  Value whole = buildWholeVectorElements(b, loc, row);
  if (isConstantIntValue(whole, 0))
    return whole;
  Value laneCount =
      arith::ConstantIndexOp::create(b, loc, row.vectorType.getNumElements());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  auto loop = scf::ForOp::create(
      b, loc, zero, whole, laneCount, ValueRange{},
      [&](OpBuilder &nested, Location l, Value i, ValueRange) {
        copyVector(nested, l, row, i);
        scf::YieldOp::create(nested, l);
      });
  // A run-time trip count: LLVM unrolls by kRunTimeVectorUnroll with a
  // remainder loop (a row of a few vectors then takes one or two
  // iterations, not one per vector).
  if (!getConstantIntValue(whole))
    loop->setAttr("loop_annotation",
                  getUnrollAnnotation(b.getContext(), kRunTimeVectorUnroll));
  return whole;
}

/// The elements of a block-copied row after the last whole vector (at
/// `whole`): one by one for a static count, one masked vector for a
/// run-time count.
void emitBlockTail(OpBuilder &b, Location loc, const RowCopy &row,
                   Value whole) {
  int64_t lanes = row.vectorType.getNumElements();
  if (row.wholeVectors)
    return;
  if (!row.masked) {
    copyTailUnmasked(b, loc, row, whole);
    return;
  }
  if (std::optional<int64_t> staticRow = getConstantIntValue(row.rowElements)) {
    if (*staticRow % lanes != 0)
      copyElements(b, loc, row, whole, row.rowElements);
    return;
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value rest = arith::SubIOp::create(b, loc, row.rowElements, whole);
  Value hasRest =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, rest, zero);
  scf::IfOp::create(b, loc, hasRest, [&](OpBuilder &nested, Location l) {
    copyMaskedVector(nested, l, row, whole, rest);
    scf::YieldOp::create(nested, l);
  });
}

/// The whole vectors of an inline-copied row: straight-line for a static
/// length, a loop otherwise; returns the number of elements they cover.
/// (A run-time length bounded by `maxElements` has none: only masked
/// vectors, emitInlineTail; without masked tails emitRow copies such rows
/// itself.)
Value emitInlineVectors(OpBuilder &b, Location loc, const RowCopy &row,
                        std::optional<int64_t> maxElements) {
  int64_t lanes = row.vectorType.getNumElements();
  if (std::optional<int64_t> staticRow = getConstantIntValue(row.rowElements)) {
    for (int64_t offset = 0; offset + lanes <= *staticRow; offset += lanes)
      copyVector(b, loc, row, arith::ConstantIndexOp::create(b, loc, offset));
    return arith::ConstantIndexOp::create(b, loc, *staticRow / lanes * lanes);
  }
  if (maxElements)
    return arith::ConstantIndexOp::create(b, loc, 0);
  return emitBlockVectors(b, loc, row);
}

/// The elements of an inline-copied row after its whole vectors (at
/// `whole`): one masked vector; for a run-time length of at most
/// `maxElements`, branch-free masked vectors over the bound (vector `v`
/// copies its lanes `l` with `v * lanes + l < n`).
void emitInlineTail(OpBuilder &b, Location loc, const RowCopy &row,
                    std::optional<int64_t> maxElements, Value whole) {
  int64_t lanes = row.vectorType.getNumElements();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  if (!row.masked) {
    copyTailUnmasked(b, loc, row, whole);
    return;
  }
  std::optional<int64_t> staticRow = getConstantIntValue(row.rowElements);
  if (staticRow) {
    if (*staticRow % lanes != 0)
      copyMaskedVector(b, loc, row, whole, constant(*staticRow % lanes));
    return;
  }
  if (!maxElements) {
    Value rest = arith::SubIOp::create(b, loc, row.rowElements, whole);
    copyMaskedVector(b, loc, row, whole, rest);
    return;
  }
  Value zero = constant(0);
  for (int64_t offset = 0; offset < *maxElements; offset += lanes) {
    // A row known to be longer than a vector fills the first one.
    if (offset == 0 && row.longerThanVector) {
      copyVector(b, loc, row, zero);
      continue;
    }
    // The lanes of the row: one compare of the row's length with the lane
    // numbers from `offset` on.
    copyMaskedVector(b, loc, row, constant(offset), row.rowElements, offset);
  }
}

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

/// The number of iterations of `forall` when every bound and step is a
/// constant.
static std::optional<int64_t> getStaticTripCount(scf::ForallOp forall) {
  int64_t count = 1;
  for (auto [lb, ub, step] :
       llvm::zip_equal(forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                       forall.getMixedStep())) {
    std::optional<APInt> trips = constantTripCount(
        lb, ub, step, /*isSigned=*/true,
        [](Value, Value, bool) -> std::optional<llvm::APSInt> {
          return std::nullopt;
        });
    if (!trips)
      return std::nullopt;
    count *= trips->getSExtValue();
  }
  return count;
}

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

FailureOr<CopyPlan> SliceCopyLowering::plan(scf::ForallOp forall) {
  CopyPlan plan;
  plan.forall = forall;
  for (Operation &op : forall.getBody()->without_terminator())
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      if (plan.copy)
        return failure();
      plan.copy = copy;
    }
  if (!plan.copy || forall.getNumResults() != 0)
    return failure();
  std::optional<SliceSide> src = matchSliceSide(plan.copy.getSource(), forall);
  std::optional<SliceSide> dst = matchSliceSide(plan.copy.getTarget(), forall);
  if (!src || !dst)
    return failure();
  plan.src = *src;
  plan.dst = *dst;
  plan.elementType =
      cast<MemRefType>(plan.src.buffer.base.getType()).getElementType();
  std::optional<int64_t> bytes = getElementStorageBytes(plan.elementType);
  if (!bytes)
    return failure();
  plan.elementBytes = *bytes;
  plan.scalarOnly = !isVectorCopyable(plan.elementType);
  // Sizes the loop needs before it starts.
  for (const SliceSide *side : {&plan.src, &plan.dst})
    for (OpFoldResult size : side->view.getMixedSizes())
      if (auto v = dyn_cast<Value>(size);
          v && !v.getParentRegion()->isProperAncestor(&forall.getRegion()))
        return failure();
  for (Value ub : forall.getDynamicUpperBound())
    if (!ub.getParentRegion()->isProperAncestor(&forall.getRegion()))
      return failure();
  plan.rowDim = std::max(getFirstContiguousDim(plan.src),
                         getFirstContiguousDim(plan.dst));
  return plan;
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

/// The plan of `loop`, a copy of the loop of `outer`: the buffers and sizes
/// built for `outer`, and what it knows of its rows.
FailureOr<CopyPlan> SliceCopyLowering::planCopyOf(const CopyPlan &outer,
                                                  scf::ForallOp loop) {
  FailureOr<CopyPlan> copied = plan(loop);
  if (failed(copied))
    return failure();
  copied->src.buffer = outer.src.buffer;
  copied->dst.buffer = outer.dst.buffer;
  copied->rowElements = outer.rowElements;
  copied->gatherBytes = outer.gatherBytes;
  copied->rowsLongerThanVector = outer.rowsLongerThanVector;
  return copied;
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

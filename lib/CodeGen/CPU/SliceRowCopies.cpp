//===- SliceRowCopies.cpp - the copy of one row of a slice ----------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The emitters of gather-lower-slice-copies that copy one contiguous row of
// a slice, from one flat buffer to another: block (a loop of vectors, a
// tail, non-temporal stores into large outputs), inline (straight-line
// vectors and a masked tail for short rows, or pairs of overlapping
// unmasked vectors where masked vectors are slow), or element by element
// (types that make no vectors).
//
//===----------------------------------------------------------------------===//

#include "SliceCopies.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/bit.h"

#include <functional>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::slicecopy;

/// Stores `value` (a vector) at element `at` of the one-dimensional memref
/// `dstFlat`. A non-temporal store is aligned to `alignment` bytes;
/// vectors of elements narrower than 32 bits are stored as 32-bit lanes
/// through the address (`dstAddress`, the aligned pointer of `dstFlat` as
/// an index), because LLVM drops the non-temporal hint of, for example,
/// vector<32xf16> stores on targets without native arithmetic for them.
static void storeVector(OpBuilder &b, Location loc, Value value, Value dstFlat,
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
static Value buildLaneMask(OpBuilder &b, Location loc, int64_t lanes,
                           Value count, int64_t firstLane = 0) {
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

/// Copies the vector at `offset` of the row (of `lanes` lanes; 0: the
/// row's vector type).
static void copyVector(OpBuilder &b, Location loc, const RowCopy &row,
                       Value offset, int64_t lanes = 0) {
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
static void copyOverlappingPair(OpBuilder &b, Location loc, const RowCopy &row,
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
static void copyShortUnmasked(OpBuilder &b, Location loc, const RowCopy &row,
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

Value slicecopy::buildHoldsVector(OpBuilder &b, Location loc,
                                  const RowCopy &row) {
  Value lanes =
      arith::ConstantIndexOp::create(b, loc, row.vectorType.getNumElements());
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                               row.rowElements, lanes);
}

Value slicecopy::buildWholeVectorElements(OpBuilder &b, Location loc,
                                          const RowCopy &row) {
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
static void
emitByRowHoldingVector(OpBuilder &b, Location loc, const RowCopy &row,
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

void slicecopy::copyTailUnmasked(OpBuilder &b, Location loc, const RowCopy &row,
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
void slicecopy::copyBoundedRowInPairs(OpBuilder &b, Location loc,
                                      const RowCopy &row, int64_t maxElements) {
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
Value slicecopy::emitBoundedVectors(OpBuilder &b, Location loc,
                                    const RowCopy &row, int64_t maxElements) {
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
static void copyMaskedVector(OpBuilder &b, Location loc, const RowCopy &row,
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

void slicecopy::copyElements(OpBuilder &b, Location loc, const RowCopy &row,
                             Value from, Value to) {
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

Value slicecopy::emitBlockVectors(OpBuilder &b, Location loc,
                                  const RowCopy &row) {
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

void slicecopy::emitBlockTail(OpBuilder &b, Location loc, const RowCopy &row,
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
Value slicecopy::emitInlineVectors(OpBuilder &b, Location loc,
                                   const RowCopy &row,
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
void slicecopy::emitInlineTail(OpBuilder &b, Location loc, const RowCopy &row,
                               std::optional<int64_t> maxElements,
                               Value whole) {
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

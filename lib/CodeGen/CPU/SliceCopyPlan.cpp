//===- SliceCopyPlan.cpp - the plan of one slice copy ---------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The plan of the copy in one marked scf.forall of
// gather-lower-slice-copies: the two sides of the copy, each a unit-stride
// subview of a buffer defined outside the loop and addressed through a flat
// view of that buffer, and the rows (the trailing dimensions contiguous in
// both sides) with the loops over the slice's other dimensions.
//
//===----------------------------------------------------------------------===//

#include "SliceCopies.h"

#include "gather-mlir/Support/TypeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::slicecopy;

/// Returns true when `size` is provably the size of dimension `dim` of
/// `base`: a constant equal to a static size, `memref.dim` of `base`, or
/// the operand of the `memref.alloc` that made `base`.
static bool isWholeDim(OpFoldResult size, Value base, int64_t dim) {
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
static int64_t getFirstContiguousDim(const SliceSide &side) {
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
static std::optional<SliceSide> matchSliceSide(Value value,
                                               scf::ForallOp forall) {
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

bool slicecopy::isSelfCopy(memref::CopyOp copy) {
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
static std::optional<int64_t> getStaticElementCount(MemRefType type,
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

LogicalResult slicecopy::buildFlatBuffer(OpBuilder &b, Location loc,
                                         FlatBuffer &buffer,
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

Value slicecopy::getFlatPosition(OpBuilder &b, Location loc,
                                 const FlatBuffer &buffer,
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

SmallVector<OpFoldResult> slicecopy::getBaseOffsets(OpBuilder &b, Location loc,
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

std::optional<int64_t> slicecopy::getStaticTripCount(scf::ForallOp forall) {
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

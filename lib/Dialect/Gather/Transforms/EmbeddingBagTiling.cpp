//===- EmbeddingBagTiling.cpp - tiling of gather.embedding_bag ------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The TilingInterface external model of `gather.embedding_bag`.
//
// The iteration domain is the result, `[batch..., B, D...]`, and every loop
// is parallel: the pooling over the ids of a bag happens inside the op, so a
// tile of the result is a set of whole bags restricted to some columns. A
// tile with offsets `o` and sizes `z` (`b = batch_dims`) is computed by an
// embedding bag of the same mode, `batch_dims` and `padding_idx` on
//
//   table:   extract_slice [o[:b], 0, o[b+1:]] [z[:b], V, z[b+1:]]
//
// (the row dimension `V` whole, so an id selects the same row, wraps by the
// same size and is checked against it as in the whole op) and
//
//   fixed bags:  ids and weights extract_slice [o[:b+1], 0] [z[:b+1], L]
//                (whole bags);
//   ragged bags: ids and weights whole; bags [o, o + z) of the tile are
//                - with include_last_offset: offsets [o, o + z + 1) (a
//                  view), include_last_offset;
//                - without it: the offsets [o, o + z) followed by the end of
//                  the tile's last bag, offsets[o + z] when o + z < B and N
//                  (the number of ids) when the tile ends with the op's last
//                  bag, in a tensor of z + 1 values with include_last_offset;
//                  a tile of every bag (o = 0, z = B: columns tiled only)
//                  keeps the offsets and the form of the op.
//
// Each bag of a tile reads the same ids and weights in the same order as in
// the whole op, so the tiled op computes the same bits. For malformed
// offsets the tiles check differently (docs/EmbeddingBags.md, Tiling): a
// report names the bag by its position in its tile; `offsets[0] != 0`
// without include_last_offset is not reported once the bags are tiled (the
// tile of bag 0 has include_last_offset), nor are zero dynamic offsets with
// include_last_offset (no tile runs).
//
//===----------------------------------------------------------------------===//

#include "ResultTilingModel.h"
#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"
#include "gather-mlir/Dialect/Gather/Transforms/TilingInterfaceImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Returns why tiles of `op` could read past the end of an operand where the
/// whole op reports a size mismatch at run time, or an empty string when
/// they cannot. A tile slices the ids, weights and table along the
/// dimensions it tiles with the sizes of the result (the iteration domain),
/// so a dimension that the lowering checks at run time (batch dimensions of
/// table, ids and weights; bag dimension of ids and weights; a declared
/// static result size over a dynamic operand size) is refused.
std::string getUntileableReason(EmbeddingBagOp op) {
  RankedTensorType tableType = op.getTableType();
  RankedTensorType idsType = op.getIdsType();
  RankedTensorType resultType = op.getResultType();
  auto weightsType = op.getWeights()
                         ? cast<RankedTensorType>(op.getWeights().getType())
                         : RankedTensorType();
  int64_t batchDims = op.getRowDim();
  std::string reason;
  llvm::raw_string_ostream os(reason);
  for (int64_t dim = 0; dim < batchDims; ++dim)
    if (tableType.isDynamicDim(dim) || idsType.isDynamicDim(dim) ||
        (weightsType && weightsType.isDynamicDim(dim))) {
      os << "batch dimension " << dim << " is dynamic, so the table"
         << (weightsType ? ", the ids and the weights" : " and the ids")
         << " may disagree at run time (a tile would read past the end of "
            "one of them)";
      return reason;
    }
  if (weightsType && !op.isRagged() &&
      (idsType.isDynamicDim(batchDims) ||
       weightsType.isDynamicDim(batchDims))) {
    os << "the bag dimension (" << batchDims
       << ") of the ids or the weights is dynamic, so they may disagree at "
          "run time (a tile would read past the end of one of them)";
    return reason;
  }
  for (int64_t dim = 0, e = resultType.getRank(); dim < e; ++dim) {
    if (resultType.isDynamicDim(dim))
      continue;
    // Where the size of result dimension `dim` comes from.
    StringRef source = "ids";
    int64_t sourceDim = dim;
    bool dynamic = false;
    if (dim > batchDims) {
      source = "the table";
      dynamic = tableType.isDynamicDim(dim);
    } else if (dim == batchDims && op.isRagged()) {
      source = "the offsets";
      sourceDim = 0;
      dynamic =
          cast<RankedTensorType>(op.getOffsets().getType()).isDynamicDim(0);
    } else {
      source = "the ids";
      dynamic = idsType.isDynamicDim(dim);
    }
    if (dynamic) {
      os << "result dimension " << dim << " is declared static ("
         << resultType.getDimSize(dim) << ") but dimension " << sourceDim
         << " of " << source
         << " is dynamic (a tile would read past its end if they disagree at "
            "run time)";
      return reason;
    }
  }
  return reason;
}

/// The extract_slice of `source` at `offsets` with `sizes` and unit strides.
tensor::ExtractSliceOp createSlice(OpBuilder &b, Location loc, Value source,
                                   ArrayRef<OpFoldResult> offsets,
                                   ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, source, offsets, sizes,
                                        strides);
}

/// `lhs + rhs` of two `index` OpFoldResults, folded when both are constant.
OpFoldResult addIndex(OpBuilder &b, Location loc, OpFoldResult lhs,
                      OpFoldResult rhs) {
  std::optional<int64_t> lhsConstant = getConstantIntValue(lhs);
  std::optional<int64_t> rhsConstant = getConstantIntValue(rhs);
  if (lhsConstant && rhsConstant)
    return b.getIndexAttr(*lhsConstant + *rhsConstant);
  return arith::AddIOp::create(b, loc,
                               getValueOrCreateConstantIndexOp(b, loc, lhs),
                               getValueOrCreateConstantIndexOp(b, loc, rhs))
      .getResult();
}

/// Converts `position` (an `index` value) to `type`, the element type of the
/// offsets: `index`, or an integer (zero-extended bits for unsigned types,
/// sign-extended otherwise; arith computes on signless integers, so signed
/// and unsigned types take the bits through a cast, as the lowering reads
/// them back).
Value castIndexTo(OpBuilder &b, Location loc, Value position, Type type) {
  if (type.isIndex())
    return position;
  auto intType = cast<IntegerType>(type);
  Type bits = b.getIntegerType(intType.getWidth());
  Value value =
      intType.isUnsigned()
          ? arith::IndexCastUIOp::create(b, loc, bits, position).getResult()
          : arith::IndexCastOp::create(b, loc, bits, position).getResult();
  if (intType.isSignless())
    return value;
  return UnrealizedConversionCastOp::create(b, loc, type, value).getResult(0);
}

/// Returns true when the bags `[offset, offset + size)` are all the bags of
/// ragged `op` without include_last_offset: `offset` is 0 and `size` is the
/// number of offsets (a constant, or the `tensor.dim` of the offsets that the
/// iteration domain holds for an untiled dimension).
bool isEveryBag(EmbeddingBagOp op, OpFoldResult offset, OpFoldResult size) {
  if (!isZeroInteger(offset))
    return false;
  Value offsets = op.getOffsets();
  int64_t numBags = cast<RankedTensorType>(offsets.getType()).getDimSize(0);
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return !ShapedType::isDynamic(numBags) && *constant == numBags;
  auto value = dyn_cast<Value>(size);
  auto dim = value ? value.getDefiningOp<tensor::DimOp>() : tensor::DimOp();
  return dim && dim.getSource() == offsets &&
         isZeroInteger(getAsOpFoldResult(dim.getIndex()));
}

/// The offsets of bags `[offset, offset + size)` of ragged `op` without
/// include_last_offset, as `size + 1` values for include_last_offset: the
/// offsets of the bags, then the end of the last one (the next offset, or
/// the number of ids N after the op's last bag).
Value buildTileOffsets(OpBuilder &b, Location loc, EmbeddingBagOp op,
                       OpFoldResult offset, OpFoldResult size,
                       SmallVectorImpl<Operation *> &sliceOps) {
  Value offsets = op.getOffsets();
  auto offsetsType = cast<RankedTensorType>(offsets.getType());
  Type elementType = offsetsType.getElementType();
  auto first = createSlice(b, loc, offsets, {offset}, {size});
  sliceOps.push_back(first);

  // end = offset + size < B ? offsets[min(offset + size, B - 1)] : N; the
  // read stays in the offsets (a tile exists only when B >= 1).
  Value next =
      getValueOrCreateConstantIndexOp(b, loc, addIndex(b, loc, offset, size));
  Value numBags = tensor::DimOp::create(b, loc, offsets, 0);
  Value lastBag = arith::SubIOp::create(
      b, loc, numBags, arith::ConstantIndexOp::create(b, loc, 1));
  Value readAt = arith::MinSIOp::create(b, loc, next, lastBag);
  Value nextOffset = tensor::ExtractOp::create(b, loc, offsets, readAt);
  Value numIds = tensor::DimOp::create(b, loc, op.getIds(), 0);
  Value isInside =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, next, numBags);
  Value end = arith::SelectOp::create(b, loc, isInside, nextOffset,
                                      castIndexTo(b, loc, numIds, elementType));

  OpFoldResult count = addIndex(b, loc, size, b.getIndexAttr(1));
  Value init = tensor::EmptyOp::create(b, loc, ArrayRef<OpFoldResult>{count},
                                       elementType);
  Value filled = tensor::InsertSliceOp::create(
      b, loc, first.getResult(), init,
      ArrayRef<OpFoldResult>{b.getIndexAttr(0)}, ArrayRef<OpFoldResult>{size},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  Value last = getValueOrCreateConstantIndexOp(b, loc, size);
  return tensor::InsertOp::create(b, loc, end, filled, ValueRange{last});
}

/// Builds the embedding bag computing the tile of `op`'s result at `offsets`
/// with `sizes`, on slices of its operands.
TilingResult buildTile(OpBuilder &b, EmbeddingBagOp op,
                       ArrayRef<OpFoldResult> offsets,
                       ArrayRef<OpFoldResult> sizes) {
  Location loc = op.getLoc();
  int64_t batchDims = op.getRowDim();
  SmallVector<Operation *> sliceOps;

  // The table: batch and row dimensions as the result, the ids' rows whole.
  SmallVector<OpFoldResult> tableOffsets(offsets), tableSizes(sizes);
  tableOffsets[batchDims] = b.getIndexAttr(0);
  tableSizes[batchDims] =
      tensor::getMixedSize(b, loc, op.getTable(), batchDims);
  auto table = createSlice(b, loc, op.getTable(), tableOffsets, tableSizes);
  sliceOps.push_back(table);

  Value ids = op.getIds();
  Value weights = op.getWeights();
  Value bagOffsets = op.getOffsets();
  bool includeLast = op.getIncludeLastOffset();
  OpFoldResult bagOffset = offsets[batchDims];
  OpFoldResult bagCount = sizes[batchDims];
  if (!op.isRagged()) {
    // Whole bags: [batch..., bags] as the result, the ids of a bag whole.
    auto sliceBags = [&](Value source) -> Value {
      SmallVector<OpFoldResult> sourceOffsets(
          offsets.take_front(batchDims + 1));
      SmallVector<OpFoldResult> sourceSizes(sizes.take_front(batchDims + 1));
      sourceOffsets.push_back(b.getIndexAttr(0));
      sourceSizes.push_back(
          tensor::getMixedSize(b, loc, source, batchDims + 1));
      auto slice = createSlice(b, loc, source, sourceOffsets, sourceSizes);
      sliceOps.push_back(slice);
      return slice;
    };
    ids = sliceBags(ids);
    if (weights)
      weights = sliceBags(weights);
  } else if (includeLast) {
    auto slice = createSlice(b, loc, bagOffsets, {bagOffset},
                             {addIndex(b, loc, bagCount, b.getIndexAttr(1))});
    sliceOps.push_back(slice);
    bagOffsets = slice;
  } else if (!isEveryBag(op, bagOffset, bagCount)) {
    bagOffsets = buildTileOffsets(b, loc, op, bagOffset, bagCount, sliceOps);
    includeLast = true;
  }

  SmallVector<int64_t> shape;
  for (OpFoldResult size : sizes)
    shape.push_back(getConstantIntValue(size).value_or(ShapedType::kDynamic));
  auto resultType =
      RankedTensorType::get(shape, op.getResultType().getElementType());
  auto tiled = EmbeddingBagOp::create(
      b, loc, resultType, table.getResult(), ids, bagOffsets, weights,
      op.getModeAttr(), op.getBatchDimsAttr(),
      includeLast ? b.getUnitAttr() : UnitAttr(), op.getPaddingIdxAttr(),
      op.getFromPositiveZeroAttr());
  return TilingResult{
      {tiled.getOperation()}, {tiled.getResult()}, std::move(sliceOps)};
}

struct EmbeddingBagOpTilingModel
    : public mlir::gather::detail::ResultTilingModel<EmbeddingBagOpTilingModel,
                                                     EmbeddingBagOp> {
  static std::string getUntileableReason(EmbeddingBagOp op) {
    return ::getUntileableReason(op);
  }
  static FailureOr<TilingResult> buildTile(OpBuilder &b, EmbeddingBagOp op,
                                           ArrayRef<OpFoldResult> offsets,
                                           ArrayRef<OpFoldResult> sizes) {
    return ::buildTile(b, op, offsets, sizes);
  }
};

} // namespace

void mlir::gather::registerEmbeddingBagTilingExternalModel(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, GatherDialect *) {
    EmbeddingBagOp::attachInterface<EmbeddingBagOpTilingModel>(*ctx);
  });
}

//===- ShardingForms.cpp - the local and all-reduce forms of a gather -----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The local form: the gather of this process's blocks. The all-reduce form
// of a row-split table (ids not split over the rows' grid axes): every
// process gathers the rows it holds, as integer bits, puts 0 elsewhere, and
// `shard.all_reduce` sums the parts (docs/Sharding.md).
//
//===----------------------------------------------------------------------===//

#include "ShardingPlan.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"

using namespace mlir;
using namespace mlir::gather;

Value mlir::gather::buildLocalGather(OpBuilder &b, GatherOp op, Value data,
                                     Value indices, RankedTensorType expected) {
  auto local = cast<GatherOp>(b.clone(*op));
  local->setOperands({data, indices});
  local->removeAttr(getGatherBoundsCheckAttrName());
  SmallVector<Type> inferred;
  if (failed(GatherOp::inferReturnTypes(
          op->getContext(), op.getLoc(), local->getOperands(),
          local->getAttrDictionary(), local->getPropertiesStorage(), {},
          inferred))) {
    local->erase();
    return {};
  }
  Type resultType = inferred[0];
  if (expected && GatherOp::isCompatibleReturnTypes(TypeRange{expected},
                                                    TypeRange{resultType}))
    resultType = expected;
  local->getResult(0).setType(resultType);
  return local.getResult();
}

namespace {

/// The signless integer type whose sum carries `type`'s bits, or null: the
/// type itself for signless integers, the integer of the same width for
/// floats, i8 for i1, i64 for index.
Type getBitsType(Type type) {
  MLIRContext *ctx = type.getContext();
  if (type.isIndex())
    return IntegerType::get(ctx, 64);
  if (type.isInteger(1))
    return IntegerType::get(ctx, 8);
  if (type.isSignlessInteger() || isa<FloatType>(type)) {
    unsigned width = type.getIntOrFloatBitWidth();
    if (llvm::is_contained({8u, 16u, 32u, 64u}, width))
      return IntegerType::get(ctx, width);
  }
  return {};
}

/// `value` (of `type`) as the bits of getBitsType(type), and back.
Value toBits(OpBuilder &b, Location loc, Value value, Type type) {
  Type bits = getBitsType(type);
  if (type == bits)
    return value;
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, bits, value);
  if (type.isInteger(1))
    return arith::ExtUIOp::create(b, loc, bits, value);
  return arith::BitcastOp::create(b, loc, bits, value);
}
Value fromBits(OpBuilder &b, Location loc, Value value, Type type) {
  Type bits = getBitsType(type);
  if (type == bits)
    return value;
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, type, value);
  if (type.isInteger(1))
    return arith::TruncIOp::create(b, loc, type, value);
  return arith::BitcastOp::create(b, loc, type, value);
}

/// Returns a `tensor.empty` shaped like `like` with element type `elemType`.
Value emptyLike(OpBuilder &b, Location loc, Value like, Type elemType) {
  return tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, like),
                                 elemType);
}

/// The checks of the all-reduce form; fails with an error.
LogicalResult checkAllReduceForm(GatherOp op, const ShardingPlan &plan) {
  int64_t globalRows = op.getDataType().getDimSize(op.getNormalizedAxis());
  Type elemType = op.getDataType().getElementType();
  auto error = [&](const Twine &reason) {
    return emitShardingError(op, plan, reason);
  };
  if (ShapedType::isDynamic(globalRows))
    return error("splitting the gathered dimension needs its size to be "
                 "static");
  if (plan.rowSplit.offsets.empty())
    return error("splitting the gathered dimension needs a static grid");
  if (!getBitsType(elemType))
    return error("splitting the gathered dimension needs signless integers, "
                 "floats of 8 to 64 bits or index as elements (their bits "
                 "are summed)");
  return success();
}

/// Under `assert`: stops every process of the row group when an id is out
/// of range (every process of the group holds the same ids).
void emitReplicatedIdsCheck(OpBuilder &b, Location loc,
                            const ShardingPlan &plan, Value ids,
                            int64_t globalRows) {
  auto type = cast<RankedTensorType>(ids.getType());
  Value flat = collapseToVector(b, loc, ids);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value count = tensor::DimOp::create(b, loc, flat, 0);
  Value noneFound = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  Value noValue = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
  Value rows =
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(globalRows));
  Value negRows =
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(-globalRows));
  auto loop = scf::ForOp::create(
      b, loc, zero, count, one, ValueRange{noneFound, noValue},
      [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
        Value raw = tensor::ExtractOp::create(nb, l, flat, i);
        Value k = extendIndexToI64(nb, l, raw, type.getElementType());
        using P = arith::CmpIPredicate;
        Value low = arith::CmpIOp::create(nb, l, P::slt, k, negRows);
        Value high = arith::CmpIOp::create(nb, l, P::sge, k, rows);
        Value bad = arith::OrIOp::create(nb, l, low, high);
        Value fresh = arith::CmpIOp::create(nb, l, P::eq, state[0], noneFound);
        Value first = arith::AndIOp::create(nb, l, bad, fresh);
        Value found = arith::OrIOp::create(nb, l, state[0], bad);
        Value value = arith::SelectOp::create(nb, l, first, k, state[1]);
        scf::YieldOp::create(nb, l, ValueRange{found, value});
      });
  emitGroupBoundsAbort(b, loc, plan, loop.getResult(0), loop.getResult(1),
                       globalRows);
}

/// The local position of each id (valid when this process holds its row, 0
/// for a valid row held elsewhere; under `none` the id itself when out of
/// range) and whether this process contributes the row.
linalg::GenericOp buildPositions(OpBuilder &builder, Location loc,
                                 const ShardingPlan &plan, Value localIndices,
                                 int64_t globalRows, Value offset64,
                                 Value localRows64) {
  auto idsType = cast<RankedTensorType>(localIndices.getType());
  Type idxElemType = idsType.getElementType();
  int64_t idxRank = idsType.getRank();
  MLIRContext *ctx = builder.getContext();
  Type i64 = builder.getI64Type();
  AffineMap idxIdentity = AffineMap::getMultiDimIdentityMap(idxRank, ctx);
  bool keepInvalid = plan.boundsCheck == BoundsCheck::None;
  return linalg::GenericOp::create(
      builder, loc,
      TypeRange{RankedTensorType::get(idsType.getShape(), i64),
                RankedTensorType::get(idsType.getShape(), builder.getI1Type())},
      ValueRange{localIndices},
      ValueRange{emptyLike(builder, loc, localIndices, i64),
                 emptyLike(builder, loc, localIndices, builder.getI1Type())},
      SmallVector<AffineMap>(3, idxIdentity),
      SmallVector<utils::IteratorType>(idxRank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value k = extendIndexToI64(b, l, args[0], idxElemType);
        auto c64 = [&](int64_t v) -> Value {
          return arith::ConstantOp::create(b, l, b.getI64IntegerAttr(v));
        };
        using P = arith::CmpIPredicate;
        Value zero = c64(0), rows = c64(globalRows);
        // Each op is created in its own statement: the order of the
        // generated IR must not depend on the compiler's order of
        // evaluating call arguments.
        Value negative = arith::CmpIOp::create(b, l, P::slt, k, zero);
        Value shifted = arith::AddIOp::create(b, l, k, rows);
        Value wrapped = arith::SelectOp::create(b, l, negative, shifted, k);
        Value above = arith::CmpIOp::create(b, l, P::sge, wrapped, zero);
        Value below = arith::CmpIOp::create(b, l, P::slt, wrapped, rows);
        Value inRange = arith::AndIOp::create(b, l, above, below);
        // The global row that a clamping bounds check would read decides
        // who contributes an out-of-range index.
        Value nonNegative = arith::MaxSIOp::create(b, l, wrapped, zero);
        Value last = c64(globalRows - 1);
        Value clamped = arith::MinSIOp::create(b, l, nonNegative, last);
        Value local = arith::SubIOp::create(b, l, clamped, offset64);
        Value localAbove = arith::CmpIOp::create(b, l, P::sge, local, zero);
        Value localBelow =
            arith::CmpIOp::create(b, l, P::slt, local, localRows64);
        Value mine = arith::AndIOp::create(b, l, localAbove, localBelow);
        Value position = arith::SelectOp::create(b, l, mine, local, zero);
        if (keepInvalid)
          position = arith::SelectOp::create(b, l, inRange, position, k);
        linalg::YieldOp::create(b, l, ValueRange{position, mine});
      });
}

} // namespace

namespace {

/// The rows of this process's ids that it holds, as integer bits, 0 where
/// another process holds the row (null with an error when the local gather
/// has no type).
Value buildHeldBits(OpBuilder &builder, Location loc, GatherOp op,
                    const ShardingPlan &plan, Value localData,
                    Value localIndices) {
  GatherLoops loops = getLoops(op);
  int64_t globalRows = op.getDataType().getDimSize(loops.axis);
  Type elemType = op.getDataType().getElementType();
  Value shardIndex = getGroupIndex(builder, loc, plan.grid, plan.rowSplit.axes);
  Value offset = selectConstant(
      builder, loc, ArrayRef(plan.rowSplit.offsets).drop_back(), shardIndex);
  Value localRows = tensor::DimOp::create(builder, loc, localData, loops.axis);
  Type i64 = builder.getI64Type();
  Value offset64 = arith::IndexCastOp::create(builder, loc, i64, offset);
  Value localRows64 = arith::IndexCastOp::create(builder, loc, i64, localRows);
  linalg::GenericOp positions = buildPositions(
      builder, loc, plan, localIndices, globalRows, offset64, localRows64);
  Value gathered = buildLocalGather(
      builder, op, localData, positions.getResult(0), plan.localResultType);
  if (!gathered) {
    emitShardingError(op, plan, "the local gather has no valid type");
    return {};
  }
  if (plan.boundsCheck != BoundsCheck::None) {
    auto local = gathered.getDefiningOp<GatherOp>();
    local.setIndicesInRange(true);
    local.setIndicesNonnegative(true);
  }
  MLIRContext *ctx = op->getContext();
  auto gatheredType = cast<RankedTensorType>(gathered.getType());
  Type bitsType = getBitsType(elemType);
  int64_t resultRank = loops.resultRank();
  SmallVector<AffineExpr> maskExprs;
  for (int64_t dim = 0; dim < loops.idxRank; ++dim)
    maskExprs.push_back(getAffineDimExpr(loops.indicesLoop(dim), ctx));
  AffineMap resultIdentity = AffineMap::getMultiDimIdentityMap(resultRank, ctx);
  Value zero = arith::ConstantOp::create(builder, loc,
                                         builder.getIntegerAttr(bitsType, 0));
  Value init = bitsType == elemType
                   ? gathered
                   : emptyLike(builder, loc, gathered, bitsType);
  auto masked = linalg::GenericOp::create(
      builder, loc, TypeRange{gatheredType.clone(bitsType)},
      ValueRange{gathered, positions.getResult(1)}, ValueRange{init},
      {resultIdentity, AffineMap::get(resultRank, 0, maskExprs, ctx),
       resultIdentity},
      SmallVector<utils::IteratorType>(resultRank,
                                       utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value bits = toBits(b, l, args[0], elemType);
        Value value = arith::SelectOp::create(b, l, args[1], bits, zero);
        linalg::YieldOp::create(b, l, value);
      });
  return masked.getResult(0);
}

/// Zeros shaped like this process's result block (of the bits type).
Value buildZeroBits(OpBuilder &b, Location loc, GatherOp op, Value localData,
                    Value localIndices, Type bitsType) {
  GatherLoops loops = getLoops(op);
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < loops.axis; ++dim)
    sizes.push_back(tensor::getMixedSize(b, loc, localData, dim));
  for (int64_t dim = loops.batchDims; dim < loops.idxRank; ++dim)
    sizes.push_back(tensor::getMixedSize(b, loc, localIndices, dim));
  for (int64_t dim = loops.axis + 1; dim < loops.dataRank; ++dim)
    sizes.push_back(tensor::getMixedSize(b, loc, localData, dim));
  Value empty = tensor::EmptyOp::create(b, loc, sizes, bitsType);
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, 0));
  return linalg::FillOp::create(b, loc, zero, empty).getResult(0);
}

} // namespace

Value mlir::gather::buildAllReduceForm(OpBuilder &builder, GatherOp op,
                                       const ShardingPlan &plan,
                                       Value localData, Value localIndices) {
  if (failed(checkAllReduceForm(op, plan)))
    return {};
  Location loc = op.getLoc();
  GatherLoops loops = getLoops(op);
  int64_t globalRows = op.getDataType().getDimSize(loops.axis);
  Type elemType = op.getDataType().getElementType();
  Type bitsType = getBitsType(elemType);
  if (plan.boundsCheck == BoundsCheck::Assert)
    emitReplicatedIdsCheck(builder, loc, plan, localIndices, globalRows);

  // The rows held here as integer bits, 0 elsewhere: summed over the group
  // (the one process holding a row adds its bits to zeros), they arrive bit
  // for bit, -0.0 and NaN payloads included. A process that holds no row
  // (offsets written so) only contributes zeros.
  const SmallVector<int64_t> &offsets = plan.rowSplit.offsets;
  bool emptyShard = llvm::any_of(
      llvm::zip(ArrayRef(offsets).drop_back(), ArrayRef(offsets).drop_front()),
      [](auto pair) { return std::get<0>(pair) == std::get<1>(pair); });
  Value bits;
  if (!emptyShard) {
    bits = buildHeldBits(builder, loc, op, plan, localData, localIndices);
  } else {
    Value rows = tensor::DimOp::create(builder, loc, localData, loops.axis);
    Value none = arith::ConstantIndexOp::create(builder, loc, 0);
    Value isEmpty = arith::CmpIOp::create(builder, loc,
                                          arith::CmpIPredicate::eq, rows, none);
    RankedTensorType localType = plan.localResultType;
    auto type = localType.clone(bitsType);
    auto ifOp = scf::IfOp::create(builder, loc, TypeRange{type}, isEmpty,
                                  /*addThenBlock=*/true,
                                  /*addElseBlock=*/true);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    Value zeros =
        buildZeroBits(builder, loc, op, localData, localIndices, bitsType);
    if (zeros.getType() != type)
      zeros = tensor::CastOp::create(builder, loc, type, zeros);
    scf::YieldOp::create(builder, loc, zeros);
    builder.setInsertionPointToStart(ifOp.elseBlock());
    Value held = buildHeldBits(builder, loc, op, plan, localData, localIndices);
    if (!held)
      return {};
    if (held.getType() != type)
      held = tensor::CastOp::create(builder, loc, type, held);
    scf::YieldOp::create(builder, loc, held);
    bits = ifOp.getResult(0);
    builder.setInsertionPointAfter(ifOp);
  }
  if (!bits)
    return {};
  auto bitsTensorType = cast<RankedTensorType>(bits.getType());
  Value reduced = shard::AllReduceOp::create(
      builder, loc, bitsTensorType, plan.grid.getSymName(), plan.rowSplit.axes,
      bits, shard::ReductionKind::Sum);
  if (bitsType == elemType)
    return reduced;
  int64_t resultRank = loops.resultRank();
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(resultRank, op->getContext());
  auto values = linalg::GenericOp::create(
      builder, loc, TypeRange{bitsTensorType.clone(elemType)},
      ValueRange{reduced},
      ValueRange{emptyLike(builder, loc, reduced, elemType)},
      {identity, identity},
      SmallVector<utils::IteratorType>(resultRank,
                                       utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(b, l, fromBits(b, l, args[0], elemType));
      });
  return values.getResult(0);
}

//===- ShardingExchange.cpp - the exchange form of a sharded gather -------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A table split by rows over grid axes A, gathered with ids split over the
// same axes (data parallel): each process
//   1. wraps its ids, finds each id's owner from the shard offsets and the
//      owner's local row, and counts the ids per owner;
//   2. sends the counts, with its first out-of-range id under `assert`, to
//      every member of its group (`shard.all_to_all`); a group in which some
//      process holds an out-of-range id stops on every member;
//   3. puts its ids in owner order (a stable counting sort) and sends them
//      to their owners (`exchange.all_to_all_v`);
//   4. gathers the requested rows from its block of the table (the CPU
//      lowering's fast gather) and sends them back (`exchange.all_to_all_v`
//      with the counts reversed);
//   5. puts the rows it receives back in the order of its ids (a second
//      gather, by the position of each id in owner order).
//
//===----------------------------------------------------------------------===//

#include "ShardingPlan.h"

#include "gather-mlir/Dialect/Exchange/IR/ExchangeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/Support/raw_ostream.h"

#include <limits>

using namespace mlir;
using namespace mlir::gather;

namespace {

using P = arith::CmpIPredicate;

Value c64(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
}

Value cIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// A constant i64 tensor of `values`.
Value constantList(OpBuilder &b, Location loc, ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    b.getI64Type());
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(type, values));
}

/// The checks of the exchange form; fails with an error.
LogicalResult checkExchangeForm(GatherOp op, const ShardingPlan &plan) {
  auto error = [&](const Twine &reason) {
    return emitShardingError(op, plan, reason);
  };
  GatherLoops loops = getLoops(op);
  if (loops.axis != 0 || loops.batchDims != 0)
    return error("the exchange of ids and rows needs axis = 0 and "
                 "batch_dims = 0");
  int64_t rows = op.getDataType().getDimSize(0);
  if (ShapedType::isDynamic(rows) || plan.rowSplit.offsets.empty())
    return error("the exchange needs a static number of rows and a static "
                 "grid");
  Type elemType = op.getDataType().getElementType();
  if (exchange::getElementByteSize(elemType) == 0) {
    std::string name;
    llvm::raw_string_ostream(name) << elemType;
    return error("the exchange moves integers and floats of 8, 16, 32 or 64 "
                 "bits and index, not " +
                 name);
  }
  RankedTensorType result = op.getResultType();
  if (!result.hasStaticShape() || !op.getIndicesType().hasStaticShape())
    return error("the exchange needs static sizes of ids and rows");
  int64_t slice = 1;
  for (int64_t size :
       result.getShape().drop_front(op.getIndicesType().getRank()))
    slice *= size;
  int64_t ids = op.getIndicesType().getNumElements();
  if (slice != 0 && ids > std::numeric_limits<int32_t>::max() / slice)
    return error("the exchange counts elements with MPI's int: " + Twine(ids) +
                 " ids of " + Twine(slice) + " elements each are too many");
  return success();
}

/// A tensor.empty of the size of the 1-D tensor `like`.
Value emptyLike(OpBuilder &b, Location loc, Value like, Type elem) {
  return tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, like),
                                 elem);
}

/// The owner (the member holding global row `w`, clamped into [0, members))
/// from the starts of the shards `starts` (an i64 tensor).
Value findOwner(OpBuilder &b, Location loc, Value w, const DimSplit &split,
                Value starts) {
  int64_t members = split.offsets.size() - 1;
  int64_t rows = split.offsets.back();
  bool even = true;
  for (int64_t j = 0; j <= members; ++j)
    even &= split.offsets[j] == j * (rows / members);
  Value owner;
  if (even && rows % members == 0 && rows > 0) {
    Value length = c64(b, loc, rows / members);
    owner = arith::DivSIOp::create(b, loc, w, length);
  } else {
    // The last member whose start is at most w (a binary search).
    owner = c64(b, loc, 0);
    int64_t step = 1;
    while (step * 2 < members)
      step *= 2;
    for (; step >= 1; step /= 2) {
      Value stepValue = c64(b, loc, step);
      Value candidate = arith::AddIOp::create(b, loc, owner, stepValue);
      Value last = c64(b, loc, members - 1);
      Value bounded = arith::MinSIOp::create(b, loc, candidate, last);
      Value at = arith::IndexCastOp::create(b, loc, b.getIndexType(), bounded);
      Value start = tensor::ExtractOp::create(b, loc, starts, at);
      Value fits = arith::CmpIOp::create(b, loc, P::sle, start, w);
      Value inList = arith::CmpIOp::create(b, loc, P::slt, candidate,
                                           c64(b, loc, members));
      Value take = arith::AndIOp::create(b, loc, fits, inList);
      owner = arith::SelectOp::create(b, loc, take, candidate, owner);
    }
  }
  Value zero = c64(b, loc, 0);
  Value nonNegative = arith::MaxSIOp::create(b, loc, owner, zero);
  Value lastMember = c64(b, loc, members - 1);
  return arith::MinSIOp::create(b, loc, nonNegative, lastMember);
}

/// The results of the first pass over the ids.
struct OwnerPass {
  Value counts, owners, locals, found, badValue;
};

/// Pass 1: per id the global row (wrapped; clamped under `clamp`), its owner
/// and the owner's local row; the count of ids per owner; the first
/// out-of-range id.
OwnerPass buildOwnerPass(OpBuilder &b, Location loc, GatherOp op,
                         const ShardingPlan &plan, Value flat) {
  int64_t members = plan.rowSplit.offsets.size() - 1;
  int64_t rows = plan.rowSplit.offsets.back();
  Type idElem = cast<RankedTensorType>(flat.getType()).getElementType();
  bool isUnsigned = idElem.isUnsignedInteger();
  Type i64 = b.getI64Type();
  Value n = tensor::DimOp::create(b, loc, flat, 0);
  Value zeroCounts = tensor::EmptyOp::create(b, loc, {members}, i64);
  Value zero = c64(b, loc, 0);
  Value counts0 = linalg::FillOp::create(b, loc, zero, zeroCounts).getResult(0);
  Value owners0 = emptyLike(b, loc, flat, b.getIndexType());
  Value locals0 = emptyLike(b, loc, flat, i64);
  Value starts =
      constantList(b, loc, ArrayRef(plan.rowSplit.offsets).drop_back());
  Value noneFound = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  auto loop = scf::ForOp::create(
      b, loc, cIndex(b, loc, 0), n, cIndex(b, loc, 1),
      ValueRange{counts0, owners0, locals0, noneFound, zero},
      [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
        Value raw = tensor::ExtractOp::create(nb, l, flat, i);
        Value k = extendIndexToI64(nb, l, raw, idElem);
        Value rowsValue = c64(nb, l, rows);
        Value w = k, valid;
        if (isUnsigned) {
          valid = arith::CmpIOp::create(nb, l, P::ult, k, rowsValue);
        } else {
          Value negative = arith::CmpIOp::create(nb, l, P::slt, k, zero);
          Value shifted = arith::AddIOp::create(nb, l, k, rowsValue);
          w = arith::SelectOp::create(nb, l, negative, shifted, k);
          Value above = arith::CmpIOp::create(nb, l, P::sge, w, zero);
          Value below = arith::CmpIOp::create(nb, l, P::slt, w, rowsValue);
          valid = arith::AndIOp::create(nb, l, above, below);
        }
        if (plan.boundsCheck == BoundsCheck::Clamp) {
          Value last = c64(nb, l, rows - 1);
          Value low = isUnsigned ? w : arith::MaxSIOp::create(nb, l, w, zero);
          w = isUnsigned ? Value(arith::MinUIOp::create(nb, l, low, last))
                         : Value(arith::MinSIOp::create(nb, l, low, last));
        }
        Value owner = findOwner(nb, l, w, plan.rowSplit, starts);
        Value ownerIndex =
            arith::IndexCastOp::create(nb, l, nb.getIndexType(), owner);
        Value start = tensor::ExtractOp::create(nb, l, starts, ownerIndex);
        Value local = arith::SubIOp::create(nb, l, w, start);
        Value count = tensor::ExtractOp::create(nb, l, state[0], ownerIndex);
        Value one = c64(nb, l, 1);
        Value more = arith::AddIOp::create(nb, l, count, one);
        Value counts =
            tensor::InsertOp::create(nb, l, more, state[0], ownerIndex);
        Value owners = tensor::InsertOp::create(nb, l, ownerIndex, state[1], i);
        Value locals = tensor::InsertOp::create(nb, l, local, state[2], i);
        Value trueValue =
            arith::ConstantOp::create(nb, l, nb.getBoolAttr(true));
        Value bad = arith::XOrIOp::create(nb, l, valid, trueValue);
        Value fresh = arith::XOrIOp::create(nb, l, state[3], trueValue);
        Value first = arith::AndIOp::create(nb, l, bad, fresh);
        Value found = arith::OrIOp::create(nb, l, state[3], bad);
        Value value = arith::SelectOp::create(nb, l, first, k, state[4]);
        scf::YieldOp::create(nb, l,
                             ValueRange{counts, owners, locals, found, value});
      });
  return {loop.getResult(0), loop.getResult(1), loop.getResult(2),
          loop.getResult(3), loop.getResult(4)};
}

/// The counts that the members send to this process, after exchanging
/// (count, out-of-range flag, first out-of-range id) with every member; under
/// `assert` an out-of-range id anywhere in the group stops every member.
Value exchangeCounts(OpBuilder &b, Location loc, GatherOp op,
                     const ShardingPlan &plan, const OwnerPass &pass) {
  int64_t members = plan.rowSplit.offsets.size() - 1;
  Type i64 = b.getI64Type();
  Value message0 = tensor::EmptyOp::create(b, loc, {members, 3}, i64);
  Value flag = arith::ExtUIOp::create(b, loc, i64, pass.found);
  Value zero = cIndex(b, loc, 0), one = cIndex(b, loc, 1);
  Value two = cIndex(b, loc, 2), end = cIndex(b, loc, members);
  auto fill = scf::ForOp::create(
      b, loc, zero, end, one, ValueRange{message0},
      [&](OpBuilder &nb, Location l, Value j, ValueRange state) {
        Value count = tensor::ExtractOp::create(nb, l, pass.counts, j);
        Value m0 = tensor::InsertOp::create(nb, l, count, state[0],
                                            ValueRange{j, zero});
        Value m1 =
            tensor::InsertOp::create(nb, l, flag, m0, ValueRange{j, one});
        Value m2 = tensor::InsertOp::create(nb, l, pass.badValue, m1,
                                            ValueRange{j, two});
        scf::YieldOp::create(nb, l, m2);
      });
  Value message = fill.getResult(0);
  Value received = shard::AllToAllOp::create(
      b, loc, message.getType(), plan.grid.getSymName(), plan.rowSplit.axes,
      message, APInt(64, 0), APInt(64, 0));
  Value counts0 = tensor::EmptyOp::create(b, loc, {members}, i64);
  Value noneFound = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  Value noValue = c64(b, loc, 0);
  auto read = scf::ForOp::create(
      b, loc, zero, end, one, ValueRange{counts0, noneFound, noValue},
      [&](OpBuilder &nb, Location l, Value j, ValueRange state) {
        Value count =
            tensor::ExtractOp::create(nb, l, received, ValueRange{j, zero});
        Value counts = tensor::InsertOp::create(nb, l, count, state[0], j);
        Value bits =
            tensor::ExtractOp::create(nb, l, received, ValueRange{j, one});
        Value bad = arith::TruncIOp::create(nb, l, nb.getI1Type(), bits);
        Value value =
            tensor::ExtractOp::create(nb, l, received, ValueRange{j, two});
        Value trueValue =
            arith::ConstantOp::create(nb, l, nb.getBoolAttr(true));
        Value fresh = arith::XOrIOp::create(nb, l, state[1], trueValue);
        Value first = arith::AndIOp::create(nb, l, bad, fresh);
        Value found = arith::OrIOp::create(nb, l, state[1], bad);
        Value kept = arith::SelectOp::create(nb, l, first, value, state[2]);
        scf::YieldOp::create(nb, l, ValueRange{counts, found, kept});
      });
  if (plan.boundsCheck == BoundsCheck::Assert)
    emitGroupBoundsAbort(b, loc, plan, read.getResult(1), read.getResult(2),
                         plan.rowSplit.offsets.back());
  return read.getResult(0);
}

/// Pass 2: the ids (local rows of their owners) in owner order and, per id,
/// its position in that order.
std::pair<Value, Value> buildSlotPass(OpBuilder &b, Location loc,
                                      const ShardingPlan &plan,
                                      const OwnerPass &pass, Value flat) {
  int64_t members = plan.rowSplit.offsets.size() - 1;
  Type i64 = b.getI64Type();
  Value zero = cIndex(b, loc, 0), one = cIndex(b, loc, 1);
  Value end = cIndex(b, loc, members);
  Value cursor0 = tensor::EmptyOp::create(b, loc, {members}, i64);
  auto starts = scf::ForOp::create(
      b, loc, zero, end, one, ValueRange{cursor0, c64(b, loc, 0)},
      [&](OpBuilder &nb, Location l, Value j, ValueRange state) {
        Value cursor = tensor::InsertOp::create(nb, l, state[1], state[0], j);
        Value count = tensor::ExtractOp::create(nb, l, pass.counts, j);
        Value next = arith::AddIOp::create(nb, l, state[1], count);
        scf::YieldOp::create(nb, l, ValueRange{cursor, next});
      });
  Value n = tensor::DimOp::create(b, loc, flat, 0);
  Value sendIds0 = emptyLike(b, loc, flat, i64);
  Value slots0 = emptyLike(b, loc, flat, i64);
  auto loop = scf::ForOp::create(
      b, loc, zero, n, one, ValueRange{starts.getResult(0), sendIds0, slots0},
      [&](OpBuilder &nb, Location l, Value i, ValueRange state) {
        Value owner = tensor::ExtractOp::create(nb, l, pass.owners, i);
        Value slot = tensor::ExtractOp::create(nb, l, state[0], owner);
        Value oneSlot = c64(nb, l, 1);
        Value nextSlot = arith::AddIOp::create(nb, l, slot, oneSlot);
        Value cursor =
            tensor::InsertOp::create(nb, l, nextSlot, state[0], owner);
        Value local = tensor::ExtractOp::create(nb, l, pass.locals, i);
        Value slotIndex =
            arith::IndexCastOp::create(nb, l, nb.getIndexType(), slot);
        Value sendIds =
            tensor::InsertOp::create(nb, l, local, state[1], slotIndex);
        Value slots = tensor::InsertOp::create(nb, l, slot, state[2], i);
        scf::YieldOp::create(nb, l, ValueRange{cursor, sendIds, slots});
      });
  return {loop.getResult(1), loop.getResult(2)};
}

/// Marks the gather `value` as reading only rows of its data.
Value markInRange(Value value) {
  auto gather = value.getDefiningOp<GatherOp>();
  gather.setIndicesInRange(true);
  gather.setIndicesNonnegative(true);
  return value;
}

} // namespace

Value mlir::gather::buildExchangeForm(OpBuilder &b, GatherOp op,
                                      const ShardingPlan &plan, Value localData,
                                      Value localIndices) {
  if (failed(checkExchangeForm(op, plan)))
    return {};
  Location loc = op.getLoc();
  Value flat = collapseToVector(b, loc, localIndices);
  OwnerPass pass = buildOwnerPass(b, loc, op, plan, flat);
  Value recvCounts = exchangeCounts(b, loc, op, plan, pass);
  auto [sendIds, slots] = buildSlotPass(b, loc, plan, pass, flat);

  auto dataType = cast<RankedTensorType>(localData.getType());
  SmallVector<int64_t> rowsShape{ShapedType::kDynamic};
  llvm::append_range(rowsShape, dataType.getShape().drop_front());
  auto idsType = RankedTensorType::get({ShapedType::kDynamic}, b.getI64Type());
  Value idsHere = exchange::AllToAllVOp::create(
      b, loc, idsType, plan.grid.getSymNameAttr().getValue(),
      SmallVector<int16_t>(plan.rowSplit.axes.begin(),
                           plan.rowSplit.axes.end()),
      sendIds, pass.counts, recvCounts);
  Value rowsHere = buildLocalGather(b, op, localData, idsHere, {});
  if (!rowsHere) {
    emitShardingError(op, plan, "the local gather has no valid type");
    return {};
  }
  markInRange(rowsHere);
  auto flatType = cast<RankedTensorType>(flat.getType());
  SmallVector<int64_t> backShape{flatType.getDimSize(0)};
  llvm::append_range(backShape, dataType.getShape().drop_front());
  auto backType = RankedTensorType::get(backShape, dataType.getElementType());
  Value rowsBack = exchange::AllToAllVOp::create(
      b, loc, backType, plan.grid.getSymNameAttr().getValue(),
      SmallVector<int16_t>(plan.rowSplit.axes.begin(),
                           plan.rowSplit.axes.end()),
      rowsHere, recvCounts, pass.counts);
  Value ordered = buildLocalGather(b, op, rowsBack, slots, {});
  markInRange(ordered);

  auto localIdsType = cast<RankedTensorType>(localIndices.getType());
  if (localIdsType.getRank() != 1) {
    SmallVector<ReassociationIndices> groups(1);
    for (int64_t dim = 0; dim < localIdsType.getRank(); ++dim)
      groups[0].push_back(dim);
    for (int64_t dim = 1; dim < dataType.getRank(); ++dim)
      groups.push_back({localIdsType.getRank() + dim - 1});
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(b, loc, localIndices);
    for (int64_t dim = 1; dim < dataType.getRank(); ++dim)
      sizes.push_back(tensor::getMixedSize(b, loc, localData, dim));
    SmallVector<int64_t> staticSizes;
    SmallVector<Value> dynamicSizes;
    dispatchIndexOpFoldResults(sizes, dynamicSizes, staticSizes);
    auto expandedType =
        RankedTensorType::get(staticSizes, dataType.getElementType());
    ordered = tensor::ExpandShapeOp::create(b, loc, expandedType, ordered,
                                            groups, sizes);
  }
  if (ordered.getType() != plan.localResultType)
    ordered = tensor::CastOp::create(b, loc, plan.localResultType, ordered);
  return ordered;
}

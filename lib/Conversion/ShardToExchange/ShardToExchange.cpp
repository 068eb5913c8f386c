//===- ShardToExchange.cpp - collectives on tensors to buffers ------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/ShardToExchange/ShardToExchange.h"
#include "gather-mlir/Dialect/Exchange/IR/ExchangeDialect.h"
#include "gather-mlir/Dialect/Exchange/IR/ExchangeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gather {
#define GEN_PASS_DEF_CONVERTSHARDTOEXCHANGE
#include "gather-mlir/Conversion/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;
using shard::GridAxis;

namespace {

/// The process group of a collective: its grid and axes.
struct GroupInfo {
  shard::GridOp grid;
  SmallVector<int16_t> axes;
  int64_t size = 1;
};

/// The group of `op` (grid `gridName`, `axes`), or failure when the grid is
/// missing or not static along the axes.
FailureOr<GroupInfo> getGroup(Operation *op, FlatSymbolRefAttr gridName,
                              ArrayRef<int16_t> axes,
                              SymbolTableCollection &symbols) {
  GroupInfo info;
  info.grid = shard::getGridOrNull(op, gridName, symbols);
  if (!info.grid)
    return failure();
  info.axes.assign(axes.begin(), axes.end());
  ArrayRef<int64_t> shape = info.grid.getShape();
  for (int16_t axis : axes) {
    if (axis < 0 || axis >= static_cast<int64_t>(shape.size()) ||
        ShapedType::isDynamic(shape[axis]))
      return failure();
    info.size *= shape[axis];
  }
  return info;
}

/// Attributes of the exchange buffer ops for `group`.
std::pair<DenseI64ArrayAttr, DenseI16ArrayAttr>
getGroupAttrs(OpBuilder &b, GroupInfo &group) {
  return {b.getDenseI64ArrayAttr(group.grid.getShape()),
          b.getDenseI16ArrayAttr(group.axes)};
}

/// The buffer of tensor `value` (identity layout), for reading.
Value toBuffer(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  auto bufferType = MemRefType::get(type.getShape(), type.getElementType());
  return bufferization::ToBufferOp::create(b, loc, bufferType, value,
                                           /*readOnly=*/true);
}

/// A new buffer of `type` (dynamic sizes `sizes`) and the tensor that reads
/// it after it has been written.
Value toTensor(OpBuilder &b, Location loc, Value buffer,
               RankedTensorType type) {
  return bufferization::ToTensorOp::create(b, loc, type, buffer,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

/// Replaces the collective `op` by `value`, cast to `resultType` where its
/// type differs (a static shape where the result is dynamic, or back).
LogicalResult replaceWithCast(IRRewriter &b, Operation *op, Value value,
                              RankedTensorType resultType) {
  if (value.getType() != resultType)
    value = tensor::CastOp::create(b, op->getLoc(), resultType, value);
  b.replaceOp(op, value);
  return success();
}

Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// The number of elements of one leading slice of `value` (the product of
/// its trailing sizes), as index.
Value getSliceElements(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  Value count = indexConstant(b, loc, 1);
  for (int64_t dim = 1; dim < type.getRank(); ++dim) {
    Value size = tensor::DimOp::create(b, loc, value, dim);
    count = arith::MulIOp::create(b, loc, count, size);
  }
  return count;
}

//===----------------------------------------------------------------------===//
// exchange.all_to_all_v
//===----------------------------------------------------------------------===//

/// Counts and displacements of one side of an alltoallv, in elements, and
/// the total number of slices.
struct Displacements {
  Value counts, displs, totalSlices;
};

/// Fills stack buffers with `counts[j] * sliceElements` and their exclusive
/// prefix sums (as i32), from the i64 tensor `counts` of `members` entries.
Displacements computeDisplacements(OpBuilder &b, Location loc, Value counts,
                                   Value sliceElements, int64_t members) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto listType = MemRefType::get({members}, i32);
  Value countList = memref::AllocaOp::create(b, loc, listType);
  Value displList = memref::AllocaOp::create(b, loc, listType);
  Value zero = indexConstant(b, loc, 0);
  Value one = indexConstant(b, loc, 1);
  Value end = indexConstant(b, loc, members);
  Value elements = arith::IndexCastOp::create(b, loc, i64, sliceElements);
  Value start = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
  auto loop = scf::ForOp::create(
      b, loc, zero, end, one, ValueRange{start, start},
      [&](OpBuilder &nb, Location l, Value j, ValueRange sums) {
        Value slices = tensor::ExtractOp::create(nb, l, counts, j);
        Value count = arith::MulIOp::create(nb, l, slices, elements);
        Value count32 = arith::TruncIOp::create(nb, l, i32, count);
        Value displ32 = arith::TruncIOp::create(nb, l, i32, sums[0]);
        memref::StoreOp::create(nb, l, count32, countList, j);
        memref::StoreOp::create(nb, l, displ32, displList, j);
        Value nextElements = arith::AddIOp::create(nb, l, sums[0], count);
        Value nextSlices = arith::AddIOp::create(nb, l, sums[1], slices);
        scf::YieldOp::create(nb, l, ValueRange{nextElements, nextSlices});
      });
  Value total =
      arith::IndexCastOp::create(b, loc, b.getIndexType(), loop.getResult(1));
  return {countList, displList, total};
}

/// Replaces `op` by the buffers of its operands, a new result buffer and an
/// exchange.alltoallv.
LogicalResult lowerAllToAllV(exchange::AllToAllVOp op,
                             SymbolTableCollection &symbols) {
  FailureOr<GroupInfo> group =
      getGroup(op, op.getGridAttr(), op.getGridAxes(), symbols);
  if (failed(group))
    return failure();
  IRRewriter b(op);
  Location loc = op.getLoc();
  RankedTensorType resultType = op.getResult().getType();
  if (group->size == 1)
    return replaceWithCast(b, op, op.getInput(), resultType);
  Value sliceElements = getSliceElements(b, loc, op.getInput());
  Displacements send = computeDisplacements(b, loc, op.getSendCounts(),
                                            sliceElements, group->size);
  Displacements recv = computeDisplacements(b, loc, op.getRecvCounts(),
                                            sliceElements, group->size);
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
    if (!resultType.isDynamicDim(dim))
      continue;
    dynamicSizes.push_back(
        dim == 0
            ? recv.totalSlices
            : tensor::DimOp::create(b, loc, op.getInput(), dim).getResult());
  }
  Value sendBuffer = toBuffer(b, loc, op.getInput());
  auto recvType =
      MemRefType::get(resultType.getShape(), resultType.getElementType());
  Value recvBuffer = memref::AllocOp::create(b, loc, recvType, dynamicSizes);
  auto [shape, axes] = getGroupAttrs(b, *group);
  exchange::AllToAllVOnBuffersOp::create(b, loc, shape, axes, sendBuffer,
                                         send.counts, send.displs, recvBuffer,
                                         recv.counts, recv.displs);
  b.replaceOp(op, toTensor(b, loc, recvBuffer, resultType));
  return success();
}

//===----------------------------------------------------------------------===//
// shard.all_to_all, shard.all_gather, shard.all_slice, shard.all_reduce
//===----------------------------------------------------------------------===//

/// shard.all_to_all splitting and concatenating along dimension 0 (equal
/// parts): an exchange.alltoall.
LogicalResult lowerAllToAll(shard::AllToAllOp op,
                            SymbolTableCollection &symbols) {
  FailureOr<GroupInfo> group =
      getGroup(op, op.getGridAttr(), op.getGridAxes(), symbols);
  auto type = cast<RankedTensorType>(op.getInput().getType());
  if (failed(group) || op.getSplitAxis() != 0 || op.getConcatAxis() != 0 ||
      !type.hasStaticShape() || op.getResult().getType() != type)
    return failure();
  IRRewriter b(op);
  Location loc = op.getLoc();
  if (group->size == 1) {
    b.replaceOp(op, op.getInput());
    return success();
  }
  Value send = toBuffer(b, loc, op.getInput());
  auto bufferType = MemRefType::get(type.getShape(), type.getElementType());
  Value recv = memref::AllocOp::create(b, loc, bufferType);
  auto [shape, axes] = getGroupAttrs(b, *group);
  exchange::AllToAllOp::create(b, loc, shape, axes, send, recv);
  b.replaceOp(op, toTensor(b, loc, recv, type));
  return success();
}

/// shard.all_gather: an exchange.allgather into a buffer of the members'
/// blocks one after the other, then (for a gather along a dimension other
/// than 0) a transpose that puts each member's block in its place.
LogicalResult lowerAllGather(shard::AllGatherOp op,
                             SymbolTableCollection &symbols) {
  FailureOr<GroupInfo> group =
      getGroup(op, op.getGridAttr(), op.getGridAxes(), symbols);
  auto type = cast<RankedTensorType>(op.getInput().getType());
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  if (failed(group) || !type.hasStaticShape())
    return failure();
  IRRewriter b(op);
  Location loc = op.getLoc();
  int64_t axis = op.getGatherAxis().getSExtValue();
  if (group->size == 1)
    return replaceWithCast(b, op, op.getInput(), resultType);
  // The received blocks: [members, d0, ..., d(n-1)].
  SmallVector<int64_t> blocksShape{group->size};
  llvm::append_range(blocksShape, type.getShape());
  auto blocksType = RankedTensorType::get(blocksShape, type.getElementType());
  Value send = toBuffer(b, loc, op.getInput());
  Value recv = memref::AllocOp::create(
      b, loc, MemRefType::get(blocksShape, type.getElementType()));
  auto [shape, axes] = getGroupAttrs(b, *group);
  exchange::AllGatherOp::create(b, loc, shape, axes, send, recv);
  Value blocks = toTensor(b, loc, recv, blocksType);
  // Move the member dimension next to (before) the gathered one.
  SmallVector<int64_t> perm;
  for (int64_t dim = 1; dim <= type.getRank(); ++dim) {
    if (dim == axis + 1)
      perm.push_back(0);
    perm.push_back(dim);
  }
  if (axis != 0) {
    SmallVector<int64_t> movedShape;
    for (int64_t dim : perm)
      movedShape.push_back(blocksShape[dim]);
    Value init =
        tensor::EmptyOp::create(b, loc, movedShape, type.getElementType());
    blocks =
        linalg::TransposeOp::create(b, loc, blocks, init, perm).getResult()[0];
  }
  SmallVector<ReassociationIndices> groups;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (dim < axis)
      groups.push_back({dim});
    else if (dim == axis)
      groups.push_back({dim, dim + 1});
    else
      groups.push_back({dim + 1});
  }
  Value gathered =
      tensor::CollapseShapeOp::create(b, loc, blocks, groups).getResult();
  return replaceWithCast(b, op, gathered, resultType);
}

/// shard.all_slice: this process's block along the slice axis.
LogicalResult lowerAllSlice(shard::AllSliceOp op,
                            SymbolTableCollection &symbols) {
  FailureOr<GroupInfo> group =
      getGroup(op, op.getGridAttr(), op.getGridAxes(), symbols);
  auto type = cast<RankedTensorType>(op.getInput().getType());
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  int64_t axis = op.getSliceAxis().getSExtValue();
  if (failed(group) || !type.hasStaticShape() ||
      type.getDimSize(axis) % group->size != 0)
    return failure();
  IRRewriter b(op);
  Location loc = op.getLoc();
  int64_t length = type.getDimSize(axis) / group->size;
  SmallVector<GridAxis> gridAxes(group->axes.begin(), group->axes.end());
  auto multi = shard::ProcessMultiIndexOp::create(
      b, loc, group->grid.getSymName(), gridAxes);
  Value member = multi.getResult()[0];
  for (auto [pos, gridAxis] :
       llvm::enumerate(ArrayRef(gridAxes).drop_front())) {
    Value size = indexConstant(b, loc, group->grid.getShape()[gridAxis]);
    Value scaled = arith::MulIOp::create(b, loc, member, size);
    member = arith::AddIOp::create(b, loc, scaled, multi.getResult()[pos + 1]);
  }
  Value lengthValue = indexConstant(b, loc, length);
  Value start = arith::MulIOp::create(b, loc, member, lengthValue);
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
  for (int64_t size : type.getShape())
    sizes.push_back(b.getIndexAttr(size));
  offsets[axis] = start;
  sizes[axis] = b.getIndexAttr(length);
  Value slice = tensor::ExtractSliceOp::create(b, loc, op.getInput(), offsets,
                                               sizes, strides);
  return replaceWithCast(b, op, slice, resultType);
}

/// shard.all_reduce summing signless integers, f32 or f64 (no conversion of
/// the element type): an exchange.allreduce into a new buffer (no copy, no
/// communicator split per call; dynamic sizes are taken from the operand).
LogicalResult lowerAllReduce(shard::AllReduceOp op,
                             SymbolTableCollection &symbols) {
  FailureOr<GroupInfo> group =
      getGroup(op, op.getGridAttr(), op.getGridAxes(), symbols);
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  Type elem = type ? type.getElementType() : Type();
  if (failed(group) || !type || op.getResult().getType() != type ||
      op.getReduction() != shard::ReductionKind::Sum ||
      !(elem.isSignlessInteger() || elem.isF32() || elem.isF64()) ||
      exchange::getElementByteSize(elem) == 0)
    return failure();
  IRRewriter b(op);
  Location loc = op.getLoc();
  if (group->size == 1) {
    b.replaceOp(op, op.getInput());
    return success();
  }
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(tensor::DimOp::create(b, loc, op.getInput(), dim));
  Value send = toBuffer(b, loc, op.getInput());
  auto bufferType = MemRefType::get(type.getShape(), elem);
  Value recv = memref::AllocOp::create(b, loc, bufferType, dynamicSizes);
  auto [shape, axes] = getGroupAttrs(b, *group);
  exchange::AllReduceOp::create(b, loc, shape, axes, send, recv);
  b.replaceOp(op, toTensor(b, loc, recv, type));
  return success();
}

struct ConvertShardToExchangePass
    : public mlir::gather::impl::ConvertShardToExchangeBase<
          ConvertShardToExchangePass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<exchange::AllToAllVOp, shard::AllToAllOp, shard::AllGatherOp,
              shard::AllSliceOp, shard::AllReduceOp>(op))
        ops.push_back(op);
    });
    // An op that cannot be lowered stays (gather-shard-finalize names it).
    for (Operation *op : ops) {
      if (auto allToAllV = dyn_cast<exchange::AllToAllVOp>(op))
        (void)lowerAllToAllV(allToAllV, symbols);
      else if (auto allToAll = dyn_cast<shard::AllToAllOp>(op))
        (void)lowerAllToAll(allToAll, symbols);
      else if (auto allGather = dyn_cast<shard::AllGatherOp>(op))
        (void)lowerAllGather(allGather, symbols);
      else if (auto allSlice = dyn_cast<shard::AllSliceOp>(op))
        (void)lowerAllSlice(allSlice, symbols);
      else if (auto allReduce = dyn_cast<shard::AllReduceOp>(op))
        (void)lowerAllReduce(allReduce, symbols);
    }
  }
};

} // namespace

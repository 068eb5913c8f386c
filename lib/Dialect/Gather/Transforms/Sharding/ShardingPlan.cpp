//===- ShardingPlan.cpp - how a sharded gather.gather is partitioned ------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "ShardingPlan.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"

#include "gather-mlir/Dialect/Exchange/IR/ExchangeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;
using shard::GridAxis;
using shard::Sharding;

GatherLoops mlir::gather::getLoops(GatherOp op) {
  return {op.getNormalizedAxis(), op.getNormalizedBatchDims(),
          op.getDataType().getRank(), op.getIndicesType().getRank()};
}

std::string mlir::gather::describeSharding(const Sharding &sharding) {
  if (!sharding)
    return "replicated";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "@" << sharding.getGrid() << " split_axes = [";
  llvm::interleaveComma(sharding.getSplitAxes(), os, [&](auto axes) {
    os << "[";
    llvm::interleaveComma(axes.asArrayRef(), os);
    os << "]";
  });
  os << "]";
  if (!sharding.getStaticHaloSizes().empty() ||
      !sharding.getDynamicHaloSizes().empty()) {
    os << " halo_sizes = [";
    llvm::interleaveComma(sharding.getStaticHaloSizes(), os);
    os << "]";
  }
  if (!sharding.getStaticShardedDimsOffsets().empty() ||
      !sharding.getDynamicShardedDimsOffsets().empty()) {
    os << " sharded_dims_offsets = [";
    llvm::interleaveComma(sharding.getStaticShardedDimsOffsets(), os);
    os << "]";
  }
  return text;
}

InFlightDiagnostic mlir::gather::emitShardingError(
    GatherOp op, ArrayRef<Sharding> operandShardings,
    ArrayRef<Sharding> resultShardings, const Twine &reason) {
  return op->emitOpError("with data sharding ")
         << describeSharding(operandShardings[0]) << ", indices sharding "
         << describeSharding(operandShardings[1]) << " and result sharding "
         << describeSharding(resultShardings[0])
         << " is not supported by gather-to-mpi because " << reason;
}

Value mlir::gather::getGroupIndex(OpBuilder &b, Location loc,
                                  shard::GridOp grid, ArrayRef<GridAxis> axes) {
  auto multi = shard::ProcessMultiIndexOp::create(b, loc, grid.getSymName(),
                                                  llvm::to_vector(axes));
  Value linear = multi.getResult()[0];
  for (auto [pos, axis] : llvm::enumerate(axes.drop_front())) {
    Value size = arith::ConstantIndexOp::create(b, loc, grid.getShape()[axis]);
    linear = arith::MulIOp::create(b, loc, linear, size);
    linear = arith::AddIOp::create(b, loc, linear, multi.getResult()[pos + 1]);
  }
  return linear;
}

Value mlir::gather::selectConstant(OpBuilder &b, Location loc,
                                   ArrayRef<int64_t> values, Value index) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    b.getIndexType());
  SmallVector<APInt> ints;
  for (int64_t v : values)
    ints.push_back(APInt(64, v));
  Value table = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef<APInt>(ints)));
  return tensor::ExtractOp::create(b, loc, table, ValueRange{index});
}

Value mlir::gather::extendIndexToI64(OpBuilder &b, Location loc, Value k,
                                     Type type) {
  Type i64 = b.getI64Type();
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, i64, k);
  unsigned width = type.getIntOrFloatBitWidth();
  // arith works on signless integers only; the bits are the same (as in the
  // CPU lowering, reconcile-unrealized-casts drops the cast).
  if (!type.isSignlessInteger())
    k = UnrealizedConversionCastOp::create(b, loc, b.getIntegerType(width), k)
            .getResult(0);
  if (width == 64)
    return k;
  if (type.isUnsignedInteger())
    return arith::ExtUIOp::create(b, loc, i64, k);
  return arith::ExtSIOp::create(b, loc, i64, k);
}

Value mlir::gather::collapseToVector(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() == 1)
    return value;
  // A rank-0 tensor (rank-0 ids) is one element.
  if (type.getRank() == 0)
    return tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({1}, type.getElementType()), value,
        ArrayRef<ReassociationIndices>{});
  SmallVector<ReassociationIndices> all(1);
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    all[0].push_back(dim);
  return tensor::CollapseShapeOp::create(b, loc, value, all);
}

void mlir::gather::emitGroupBoundsAbort(OpBuilder &b, Location loc,
                                        const ShardingPlan &plan, Value bad,
                                        Value index, int64_t rows) {
  auto ifOp = scf::IfOp::create(b, loc, bad, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  Value size = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(rows));
  SmallVector<int16_t> axes(plan.rowSplit.axes.begin(),
                            plan.rowSplit.axes.end());
  exchange::AbortOp::create(
      b, loc, b.getDenseI64ArrayAttr(plan.grid.getShape()),
      b.getDenseI16ArrayAttr(axes),
      b.getStringAttr("gather: index %lld is out of bounds for a dimension "
                      "of size %lld"),
      ValueRange{index, size});
}

namespace {

/// The split of every dimension of a tensor of `type` under `sharding`, with
/// explicit offsets normalised: an even static split without offsets gets
/// its offsets computed, so that equal splits compare equal.
FailureOr<SmallVector<DimSplit>> getDimSplits(RankedTensorType type,
                                              const Sharding &sharding,
                                              shard::GridOp grid) {
  SmallVector<DimSplit> splits(type.getRank());
  if (!sharding)
    return splits;
  if (!sharding.getStaticHaloSizes().empty() ||
      !sharding.getDynamicHaloSizes().empty() ||
      !sharding.getDynamicShardedDimsOffsets().empty())
    return failure();
  ArrayRef<int64_t> offsets = sharding.getStaticShardedDimsOffsets();
  size_t next = 0;
  for (auto [dim, axes] : llvm::enumerate(sharding.getSplitAxes())) {
    if (static_cast<int64_t>(dim) >= type.getRank())
      return failure();
    if (axes.empty())
      continue;
    splits[dim].axes.assign(axes.asArrayRef().begin(), axes.asArrayRef().end());
    int64_t shards = shard::collectiveProcessGroupSize(splits[dim].axes, grid);
    int64_t size = type.getDimSize(dim);
    if (!offsets.empty()) {
      if (ShapedType::isDynamic(shards) || next + shards + 1 > offsets.size())
        return failure();
      splits[dim].offsets.assign(offsets.begin() + next,
                                 offsets.begin() + next + shards + 1);
      next += shards + 1;
      continue;
    }
    if (ShapedType::isDynamic(shards) || ShapedType::isDynamic(size))
      continue;
    if (size % shards != 0)
      return failure(); // upstream would silently truncate the shards
    for (int64_t i = 0; i <= shards; ++i)
      splits[dim].offsets.push_back(i * (size / shards));
  }
  return splits;
}

/// The splits of the parallel loops (from every tensor dimension but the
/// gathered one of `data`) and of the gathered dimension.
struct LoopSplits {
  SmallVector<std::optional<DimSplit>> loops;
  DimSplit rows;
  /// The loops of the dimensions of `indices` that are not batch
  /// dimensions.
  SmallVector<int64_t> idLoops;
};

/// Assigns each tensor dimension's split to its loop; fails with the reason
/// in `reason` when two dimensions of one loop are split differently.
FailureOr<LoopSplits> assignLoops(GatherOp op, const GatherLoops &loops,
                                  ArrayRef<SmallVector<DimSplit>> splits,
                                  std::string &reason) {
  LoopSplits result;
  result.loops.resize(loops.resultRank());
  auto assign = [&](int64_t loop, const DimSplit &split) {
    if (!result.loops[loop]) {
      result.loops[loop] = split;
      return true;
    }
    return *result.loops[loop] == split;
  };
  for (int64_t dim = 0; dim < loops.dataRank; ++dim) {
    if (dim == loops.axis) {
      result.rows = splits[0][dim];
      continue;
    }
    if (!assign(loops.dataLoop(dim), splits[0][dim])) {
      reason = "data dimension " + std::to_string(dim) +
               " is split unlike the result";
      return failure();
    }
  }
  for (int64_t dim = 0; dim < loops.idxRank; ++dim) {
    if (dim >= loops.batchDims)
      result.idLoops.push_back(loops.indicesLoop(dim));
    if (!assign(loops.indicesLoop(dim), splits[1][dim])) {
      reason = "indices dimension " + std::to_string(dim) +
               " is split unlike the " +
               (dim < loops.batchDims ? "data" : "result");
      return failure();
    }
  }
  for (int64_t dim = 0; dim < loops.resultRank(); ++dim)
    if (!assign(dim, splits[2][dim])) {
      reason = "result dimension " + std::to_string(dim) +
               " is split unlike the operands";
      return failure();
    }
  return result;
}

/// Chooses the form from the loop splits; fails with the reason in `reason`.
FailureOr<ShardedForm> chooseForm(const LoopSplits &splits,
                                  std::string &reason) {
  SmallVector<GridAxis> usedAxes;
  std::optional<int64_t> rowAxesLoop;
  for (auto [loop, split] : llvm::enumerate(splits.loops)) {
    if (!split)
      continue;
    if (!split->axes.empty() && split->axes == splits.rows.axes &&
        llvm::is_contained(splits.idLoops, static_cast<int64_t>(loop)))
      rowAxesLoop = loop;
    for (GridAxis axis : split->axes) {
      if (llvm::is_contained(usedAxes, axis)) {
        reason =
            "grid axis " + std::to_string(axis) + " splits two different loops";
        return failure();
      }
      usedAxes.push_back(axis);
    }
  }
  if (splits.rows.axes.empty())
    return ShardedForm::Local;
  if (rowAxesLoop)
    return ShardedForm::Exchange;
  for (GridAxis axis : splits.rows.axes)
    if (llvm::is_contained(usedAxes, axis)) {
      reason = "grid axis " + std::to_string(axis) +
               " splits the rows of the table and another dimension; the "
               "ids must be split over exactly the grid axes of the rows";
      return failure();
    }
  return ShardedForm::AllReduce;
}

/// The common grid of the shardings, null when nothing is sharded.
FailureOr<FlatSymbolRefAttr> getCommonGrid(ArrayRef<Sharding> shardings) {
  FlatSymbolRefAttr gridName;
  for (const Sharding &sharding : shardings) {
    if (!sharding)
      continue;
    if (gridName && gridName != sharding.getGridAttr())
      return failure();
    gridName = sharding.getGridAttr();
  }
  return gridName;
}

BoundsCheck getBoundsCheck(GatherOp op) {
  auto attr =
      op->getAttrOfType<BoundsCheckAttr>(getGatherBoundsCheckAttrName());
  return attr ? attr.getValue() : BoundsCheck::Assert;
}

} // namespace

FailureOr<ShardingPlan>
mlir::gather::planSharding(GatherOp op, ArrayRef<Sharding> operandShardings,
                           ArrayRef<Sharding> resultShardings,
                           SymbolTableCollection &symbolTable) {
  auto error = [&](const Twine &reason) {
    return emitShardingError(op, operandShardings, resultShardings, reason);
  };
  ShardingPlan plan;
  plan.boundsCheck = getBoundsCheck(op);
  plan.localResultType = op.getResultType();
  SmallVector<Sharding, 3> all{operandShardings[0], operandShardings[1],
                               resultShardings[0]};
  plan.shardings = all;
  FailureOr<FlatSymbolRefAttr> gridName = getCommonGrid(all);
  if (failed(gridName))
    return error("the shardings name different grids");
  if (!*gridName)
    return plan;
  plan.grid = shard::getGridOrNull(op, *gridName, symbolTable);
  if (!plan.grid)
    return error("the grid is not defined");

  SmallVector<SmallVector<DimSplit>, 3> splits;
  SmallVector<RankedTensorType> types{op.getDataType(), op.getIndicesType(),
                                      op.getResultType()};
  for (auto [type, sharding] : llvm::zip(types, all)) {
    FailureOr<SmallVector<DimSplit>> dimSplits =
        getDimSplits(type, sharding, plan.grid);
    if (failed(dimSplits))
      return error("halos, dynamic offsets and uneven splits without "
                   "sharded_dims_offsets cannot be partitioned");
    splits.push_back(*dimSplits);
  }
  std::string reason;
  GatherLoops loops = getLoops(op);
  FailureOr<LoopSplits> loopSplits = assignLoops(op, loops, splits, reason);
  if (failed(loopSplits))
    return error(reason);
  FailureOr<ShardedForm> form = chooseForm(*loopSplits, reason);
  if (failed(form))
    return error(reason);
  plan.form = *form;
  plan.rowSplit = loopSplits->rows;
  plan.localResultType = cast<RankedTensorType>(
      shard::shardType(op.getResultType(), plan.grid, resultShardings[0]));
  return plan;
}

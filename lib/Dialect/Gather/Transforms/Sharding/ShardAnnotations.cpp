//===- ShardAnnotations.cpp - checks and rewrites of annotations ----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "ShardAnnotations.h"
#include "ShardingPlan.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::gather;
using shard::GridAxis;
using shard::Sharding;

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

/// Checks one `shard.sharding`: its grid, axes, halos and offsets.
static LogicalResult verifySharding(shard::ShardingOp op,
                                    SymbolTableCollection &symbols) {
  // (Upstream's verifier has checked that the grid exists, that no axis is
  // named twice and that offsets do not go down.)
  shard::GridOp grid = shard::getGridOrNull(op, op.getGridAttr(), symbols);
  ArrayRef<int64_t> shape = grid.getShape();
  for (auto [axis, size] : llvm::enumerate(shape)) {
    if (ShapedType::isDynamic(size))
      return op.emitError("the grid @")
             << op.getGrid() << " has a dynamic size along axis " << axis
             << ", which is not supported by gather-to-mpi because running "
                "over MPI needs a static grid";
    if (size < 1)
      return op.emitError("the grid @")
             << op.getGrid() << " has size " << size << " along axis " << axis
             << ": every axis needs at least one process";
  }
  for (shard::GridAxesAttr axes : op.getSplitAxes().getAxes())
    for (GridAxis axis : axes.asArrayRef())
      if (axis < 0 || axis >= static_cast<int64_t>(shape.size()))
        return op.emitError("split axis ")
               << axis << " is not supported by gather-to-mpi because the "
               << "grid @" << op.getGrid() << " has rank " << shape.size();
  if (!op.getStaticHaloSizes().empty() || !op.getDynamicHaloSizes().empty())
    return op.emitError("halo sizes are not supported by gather-to-mpi "
                        "because its partition of gather.gather exchanges no "
                        "halos");
  if (!op.getDynamicShardedDimsOffsets().empty())
    return op.emitError("dynamic sharded_dims_offsets are not supported by "
                        "gather-to-mpi because the partition needs the sizes "
                        "of the shards");
  return success();
}

/// Checks the split dimensions and the offsets of `op`'s sharding (written
/// as normalizeShardings writes it) against its tensor.
static LogicalResult verifyOffsets(shard::ShardOp op,
                                   shard::ShardingOp sharding,
                                   shard::GridOp grid) {
  auto type = cast<RankedTensorType>(op.getSrc().getType());
  ArrayRef<shard::GridAxesAttr> splitAxes = sharding.getSplitAxes().getAxes();
  // (Only the last list can be beyond the rank and not empty.)
  if (static_cast<int64_t>(splitAxes.size()) > type.getRank() &&
      !splitAxes.back().empty())
    return op.emitError("a split of dimension ")
           << splitAxes.size() - 1 << " of a tensor of rank " << type.getRank()
           << " is not supported by gather-to-mpi because the tensor has no "
              "such dimension";
  ArrayRef<int64_t> offsets = sharding.getStaticShardedDimsOffsets();
  if (offsets.empty())
    return success();
  size_t expected = 0;
  for (shard::GridAxesAttr axes : splitAxes)
    if (!axes.empty())
      expected +=
          shard::collectiveProcessGroupSize(axes.asArrayRef(), grid) + 1;
  if (offsets.size() != expected)
    return op.emitError("sharded_dims_offsets with ")
           << offsets.size()
           << " entries are not supported by gather-to-mpi because the split "
              "needs "
           << expected << " (one more than the shards of each split dimension)";
  size_t next = 0;
  for (auto [dim, axes] : llvm::enumerate(splitAxes)) {
    if (axes.empty())
      continue;
    int64_t shards = shard::collectiveProcessGroupSize(axes.asArrayRef(), grid);
    ArrayRef<int64_t> dimOffsets = offsets.slice(next, shards + 1);
    next += shards + 1;
    if (type.isDynamicDim(dim))
      return op.emitError("sharded_dims_offsets of dimension ")
             << dim
             << " are not supported by gather-to-mpi because its size is "
                "dynamic (the offsets must end at the size)";
    if (dimOffsets.front() != 0 || dimOffsets.back() != type.getDimSize(dim))
      return op.emitError("the offsets of dimension ")
             << dim << " run from " << dimOffsets.front() << " to "
             << dimOffsets.back()
             << ", which is not supported by gather-to-mpi because they must "
                "run from 0 to its size "
             << type.getDimSize(dim);
  }
  return success();
}

LogicalResult
mlir::gather::verifyShardAnnotations(func::FuncOp func,
                                     SymbolTableCollection &symbols) {
  bool ok = true;
  func.walk([&](shard::ShardingOp op) {
    ok &= succeeded(verifySharding(op, symbols));
  });
  if (!ok)
    return failure();
  func.walk([&](shard::ShardOp op) {
    auto sharding = op.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!sharding) {
      op.emitError("the sharding must be defined by shard.sharding in the "
                   "same function");
      ok = false;
      return;
    }
    shard::GridOp grid =
        shard::getGridOrNull(sharding, sharding.getGridAttr(), symbols);
    ok &= succeeded(verifyOffsets(op, sharding, grid));
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Rewrites
//===----------------------------------------------------------------------===//

/// Replaces the sharding of `op` by one with `splitAxes` and `offsets`.
static void setSharding(shard::ShardOp op, shard::ShardingOp old,
                        ArrayRef<shard::GridAxesAttr> splitAxes,
                        ArrayRef<int64_t> offsets) {
  OpBuilder builder(op);
  MLIRContext *ctx = op.getContext();
  // (The short builder of MLIR 22 stores its offsets as halo sizes.)
  auto sharding = shard::ShardingOp::create(
      builder, old.getLoc(), shard::ShardingType::get(ctx), old.getGridAttr(),
      shard::GridAxesArrayAttr::get(ctx, splitAxes),
      builder.getDenseI64ArrayAttr(offsets), ValueRange(),
      builder.getDenseI64ArrayAttr({}), ValueRange());
  op.getShardingMutable().assign(sharding.getResult());
}

void mlir::gather::normalizeShardings(func::FuncOp func) {
  func.walk([](shard::ShardingOp op) {
    ArrayRef<shard::GridAxesAttr> axes = op.getSplitAxes().getAxes();
    // (Propagation reads a sharding without lists as none at all: the
    // replicated one keeps its one empty list.)
    size_t kept = axes.size();
    while (kept > 1 && axes[kept - 1].empty())
      --kept;
    if (kept != axes.size())
      op.setSplitAxesAttr(shard::GridAxesArrayAttr::get(op.getContext(),
                                                        axes.take_front(kept)));
  });
  // A rank-0 tensor is replicated: its sharding gets no list, as
  // propagation writes it (upstream's propagation crashes on `[[]]` when an
  // op learns nothing else).
  func.walk([](shard::ShardOp op) {
    auto sharding = op.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!sharding || cast<RankedTensorType>(op.getType()).getRank() != 0 ||
        !llvm::all_of(sharding.getSplitAxes().getAxes(),
                      [](shard::GridAxesAttr axes) { return axes.empty(); }))
      return;
    if (!sharding.getSplitAxes().getAxes().empty())
      setSharding(op, sharding, {}, sharding.getStaticShardedDimsOffsets());
  });
}

bool mlir::gather::dropReplicatedAnnotations(func::FuncOp func) {
  bool splits = func.walk([](shard::ShardingOp op) {
                      return llvm::any_of(op.getSplitAxes().getAxes(),
                                          [](shard::GridAxesAttr axes) {
                                            return !axes.empty();
                                          })
                                 ? WalkResult::interrupt()
                                 : WalkResult::advance();
                    })
                    .wasInterrupted();
  if (splits)
    return false;
  func.walk([](shard::ShardOp op) {
    op.getResult().replaceAllUsesWith(op.getSrc());
    op.erase();
  });
  func.walk([](shard::ShardingOp op) {
    if (op->use_empty())
      op.erase();
  });
  return true;
}

void mlir::gather::dropUnitGridAxes(func::FuncOp func,
                                    SymbolTableCollection &symbols) {
  func.walk([&](shard::ShardOp op) {
    auto sharding = op.getSharding().getDefiningOp<shard::ShardingOp>();
    shard::GridOp grid =
        shard::getGridOrNull(sharding, sharding.getGridAttr(), symbols);
    ArrayRef<int64_t> shape = grid.getShape();
    ArrayRef<int64_t> offsets = sharding.getStaticShardedDimsOffsets();
    auto type = cast<RankedTensorType>(op.getSrc().getType());
    SmallVector<shard::GridAxesAttr> splitAxes;
    SmallVector<int64_t> newOffsets;
    bool changed = false, even = true;
    size_t next = 0;
    for (auto [dim, axes] :
         llvm::enumerate(sharding.getSplitAxes().getAxes())) {
      SmallVector<GridAxis> kept;
      for (GridAxis axis : axes.asArrayRef())
        if (shape[axis] != 1)
          kept.push_back(axis);
      changed |= static_cast<int64_t>(kept.size()) != axes.size();
      splitAxes.push_back(shard::GridAxesAttr::get(op.getContext(), kept));
      if (axes.empty() || offsets.empty())
        continue;
      int64_t shards =
          shard::collectiveProcessGroupSize(axes.asArrayRef(), grid);
      ArrayRef<int64_t> dimOffsets = offsets.slice(next, shards + 1);
      next += shards + 1;
      if (kept.empty())
        continue;
      llvm::append_range(newOffsets, dimOffsets);
      int64_t size = type.getDimSize(dim);
      for (int64_t j = 0; j <= shards; ++j)
        even &= size % shards == 0 && dimOffsets[j] == j * (size / shards);
    }
    // Offsets written for an even split are no different from none.
    if (!newOffsets.empty() && even) {
      newOffsets.clear();
      changed = true;
    }
    if (changed)
      setSharding(op, sharding, splitAxes, newOffsets);
  });
}

/// Returns the start of every shard of a dimension of `size` split into
/// `shards` parts, plus the end: the first `size % shards` shards hold one
/// element more than the others.
static SmallVector<int64_t> balancedOffsets(int64_t size, int64_t shards) {
  SmallVector<int64_t> offsets{0};
  for (int64_t i = 0; i < shards; ++i)
    offsets.push_back(offsets.back() + size / shards +
                      (i < size % shards ? 1 : 0));
  return offsets;
}

/// The split axes of `sharding`, one entry per dimension of a tensor of
/// rank `rank`.
static SmallVector<SmallVector<GridAxis>> getPaddedAxes(Sharding sharding,
                                                        int64_t rank) {
  SmallVector<SmallVector<GridAxis>> axes(rank);
  for (auto [dim, dimAxes] : llvm::enumerate(sharding.getSplitAxes()))
    if (static_cast<int64_t>(dim) < rank)
      axes[dim].assign(dimAxes.asArrayRef().begin(),
                       dimAxes.asArrayRef().end());
  return axes;
}

/// The shard ops chained to `op` (its source or its users) whose sharding
/// splits like `op`'s and has explicit offsets.
static shard::ShardingOp findChainedOffsets(shard::ShardOp op, int64_t rank) {
  Sharding mine(op.getSharding());
  SmallVector<shard::ShardOp> chained;
  if (auto source = op.getSrc().getDefiningOp<shard::ShardOp>())
    chained.push_back(source);
  for (Operation *user : op.getResult().getUsers())
    if (auto next = dyn_cast<shard::ShardOp>(user))
      chained.push_back(next);
  for (shard::ShardOp other : chained) {
    auto sharding = other.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!sharding || sharding.getStaticShardedDimsOffsets().empty())
      continue;
    if (getPaddedAxes(Sharding(sharding), rank) == getPaddedAxes(mine, rank))
      return sharding;
  }
  return {};
}

void mlir::gather::makeUnevenSplitsExplicit(func::FuncOp func,
                                            SymbolTableCollection &symbols) {
  func.walk([&](shard::ShardOp shardOp) {
    auto type = dyn_cast<RankedTensorType>(shardOp.getSrc().getType());
    auto shardingOp = shardOp.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!type || !shardingOp ||
        !shardingOp.getStaticShardedDimsOffsets().empty())
      return;
    if (shard::ShardingOp chained =
            findChainedOffsets(shardOp, type.getRank())) {
      setSharding(shardOp, shardingOp, shardingOp.getSplitAxes().getAxes(),
                  chained.getStaticShardedDimsOffsets());
      return;
    }
    shard::GridOp grid =
        shard::getGridOrNull(shardingOp, shardingOp.getGridAttr(), symbols);
    bool uneven = false;
    SmallVector<int64_t> offsets;
    for (auto [dim, axes] :
         llvm::enumerate(shardingOp.getSplitAxes().getAxes())) {
      if (axes.empty())
        continue;
      int64_t shards =
          shard::collectiveProcessGroupSize(axes.asArrayRef(), grid);
      if (type.isDynamicDim(dim))
        return;
      int64_t size = type.getDimSize(dim);
      uneven |= size % shards != 0;
      llvm::append_range(offsets, balancedOffsets(size, shards));
    }
    if (uneven)
      setSharding(shardOp, shardingOp, shardingOp.getSplitAxes().getAxes(),
                  offsets);
  });
}

/// Whether `to` adds (or, with `remove`, removes) one grid axis at the end
/// of the axes of one dimension of `from`, all else equal.
static bool changesLastAxisOfOneDim(ArrayRef<SmallVector<GridAxis>> from,
                                    ArrayRef<SmallVector<GridAxis>> to) {
  int64_t differing = 0;
  bool fits = true;
  for (auto [a, b] : llvm::zip(from, to)) {
    if (a == b)
      continue;
    ++differing;
    bool adds =
        b.size() == a.size() + 1 && ArrayRef(b).drop_back() == ArrayRef(a);
    bool removes =
        a.size() == b.size() + 1 && ArrayRef(a).drop_back() == ArrayRef(b);
    fits &= adds || removes;
  }
  return differing == 1 && fits;
}

LogicalResult mlir::gather::checkReshards(func::FuncOp func) {
  bool ok = true;
  func.walk([&](shard::ShardOp target) {
    auto source = target.getSrc().getDefiningOp<shard::ShardOp>();
    if (!source)
      return;
    Sharding from(source.getSharding()), to(target.getSharding());
    if (from == to ||
        (shard::isFullReplication(from) && shard::isFullReplication(to)))
      return;
    int64_t rank = cast<RankedTensorType>(target.getType()).getRank();
    bool hasOffsets = !from.getStaticShardedDimsOffsets().empty() ||
                      !to.getStaticShardedDimsOffsets().empty();
    if (!hasOffsets && changesLastAxisOfOneDim(getPaddedAxes(from, rank),
                                               getPaddedAxes(to, rank)))
      return;
    target.emitError("resharding from ")
        << describeSharding(from) << " to " << describeSharding(to)
        << " is not supported by gather-to-mpi because "
        << (hasOffsets ? "shards of unequal or explicit sizes cannot be "
                         "resharded"
                       : "only adding or removing the last grid axis of one "
                         "dimension can be built");
    ok = false;
  });
  return success(ok);
}

/// Whether the sharding of an operand of `op` splits one of its reduction
/// loops.
static bool splitsReductionLoop(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (OpOperand &operand : op->getOpOperands()) {
    auto shardOp = operand.get().getDefiningOp<shard::ShardOp>();
    if (!shardOp)
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    for (auto [dim, axes] :
         llvm::enumerate(Sharding(shardOp.getSharding()).getSplitAxes())) {
      if (axes.empty() || dim >= map.getNumResults())
        continue;
      auto loop = dyn_cast<AffineDimExpr>(map.getResult(dim));
      if (loop &&
          iterators[loop.getPosition()] == utils::IteratorType::reduction)
        return true;
    }
  }
  return false;
}

LogicalResult mlir::gather::checkSplitReductions(func::FuncOp func) {
  bool ok = true;
  func.walk([&](linalg::LinalgOp op) {
    SetVector<Value> captured;
    getUsedValuesDefinedAbove(op->getRegions(), captured);
    if (captured.empty() || !splitsReductionLoop(op))
      return;
    op->emitError("a split reduction loop of '")
        << op->getName()
        << "' whose body uses values defined outside it is not supported by "
           "gather-to-mpi because upstream partitioning loses those values "
           "(pass them as inputs)";
    ok = false;
  });
  return success(ok);
}

//===- ShardToMPISteps.cpp - the project's steps of gather-to-mpi ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The three passes that `gather-to-mpi` runs around upstream's
// sharding-propagation, shard-partition and convert-shard-to-mpi:
// gather-shard-partition (the checks and rewrites of ShardAnnotations.h,
// propagation and partitioning, the calls against the global types),
// gather-shard-init-mpi and gather-shard-finalize.
//
//===----------------------------------------------------------------------===//

#include "ShardAnnotations.h"
#include "ShardingPlan.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERSHARDPARTITION
#define GEN_PASS_DEF_GATHERSHARDINITMPI
#define GEN_PASS_DEF_GATHERSHARDFINALIZE
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;
using shard::GridAxis;

//===----------------------------------------------------------------------===//
// gather-shard-partition
//===----------------------------------------------------------------------===//

/// The record of the sharding defined by `shardOp`, or null.
static ShardingAttr recordSharding(shard::ShardOp shardOp) {
  auto shardingOp = shardOp.getSharding().getDefiningOp<shard::ShardingOp>();
  if (!shardingOp)
    return {};
  return ShardingAttr::get(shardOp.getContext(), shardingOp.getGridAttr(),
                           shardingOp.getSplitAxes().getAxes(),
                           shardingOp.getStaticShardedDimsOffsets());
}

/// Records the sharding of each annotated argument and result of `func` in
/// the argument and result attributes `gather.sharding`.
static void recordShardings(func::FuncOp func) {
  StringRef name = getGatherShardingAttrName();
  for (BlockArgument arg : func.getArguments())
    for (Operation *user : arg.getUsers())
      if (auto shardOp = dyn_cast<shard::ShardOp>(user))
        if (ShardingAttr record = recordSharding(shardOp)) {
          func.setArgAttr(arg.getArgNumber(), name, record);
          break;
        }
  func.walk([&](func::ReturnOp ret) {
    for (OpOperand &operand : ret->getOpOperands())
      if (auto shardOp = operand.get().getDefiningOp<shard::ShardOp>())
        if (ShardingAttr record = recordSharding(shardOp))
          func.setResultAttr(operand.getOperandNumber(), name, record);
  });
}

/// Whether `operand` needs a sharding for partitioning and has none.
static bool lacksSharding(OpOperand &operand) {
  auto type = dyn_cast<RankedTensorType>(operand.get().getType());
  return type && type.getRank() != 0 &&
         !operand.get().getDefiningOp<shard::ShardOp>();
}

/// Whether an op of `func` outside the shard dialect has a tensor operand
/// without a sharding.
static bool hasOperandWithoutSharding(func::FuncOp func) {
  return func
      .walk([](Operation *op) {
        if (isa<shard::ShardDialect>(op->getDialect()))
          return WalkResult::advance();
        return llvm::any_of(op->getOpOperands(), lacksSharding)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Fails with an error on each op of `func` that has a tensor operand without
/// a sharding after propagation (annotations that conflict), which upstream
/// partitioning requires (it would crash).
static LogicalResult checkFullyAnnotated(func::FuncOp func) {
  bool missing = false;
  func.walk([&](Operation *op) {
    if (isa<shard::ShardDialect>(op->getDialect()))
      return;
    for (OpOperand &operand : op->getOpOperands()) {
      if (!lacksSharding(operand))
        continue;
      std::string annotated;
      llvm::raw_string_ostream os(annotated);
      for (OpOperand &other : op->getOpOperands())
        if (auto shardOp = other.get().getDefiningOp<shard::ShardOp>()) {
          shard::Sharding sharding(shardOp.getSharding());
          os << ", operand " << other.getOperandNumber() << " is split as @"
             << sharding.getGrid() << " split_axes = [";
          llvm::interleaveComma(sharding.getSplitAxes(), os, [&](auto axes) {
            os << "[";
            llvm::interleaveComma(axes.asArrayRef(), os);
            os << "]";
          });
          os << "]";
        }
      op->emitError("sharding propagation found no sharding for operand ")
          << operand.getOperandNumber() << annotated
          << ": annotations that conflict are not supported by gather-to-mpi "
             "because partitioning needs a sharding of every operand";
      missing = true;
      return;
    }
  });
  return failure(missing);
}

/// Sets the MPI implementation of `module` to MPICH unless it names one.
static void setDefaultMPIImplementation(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  auto mpiKey = StringAttr::get(ctx, "MPI:Implementation");
  SmallVector<DataLayoutEntryInterface> entries;
  if (auto map = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName)) {
    if (succeeded(map.query(mpiKey)))
      return;
    llvm::append_range(entries, map.getEntries());
  } else if (module->hasAttr(DLTIDialect::kMapAttrName)) {
    return;
  }
  entries.push_back(
      DataLayoutEntryAttr::get(mpiKey, StringAttr::get(ctx, "MPICH")));
  module->setAttr(DLTIDialect::kMapAttrName, MapAttr::get(ctx, entries));
}

//===----------------------------------------------------------------------===//
// Calls of partitioned functions
//===----------------------------------------------------------------------===//

/// The grid that `record` names, looked up from `anchor`; null without a
/// record or such a grid.
static shard::GridOp getRecordedGrid(ShardingAttr record,
                                     SymbolTableCollection &symbols,
                                     Operation *anchor) {
  return record ? shard::getGridOrNull(anchor, record.getGrid(), symbols)
                : shard::GridOp();
}

/// Returns this process's block of the whole tensor `value` under the
/// sharding recorded in `record` over `grid`, cast to `targetType`; failure
/// when the shard sizes are not static or explicit.
static FailureOr<Value> sliceOwnBlock(OpBuilder &b, Location loc, Value value,
                                      ShardingAttr record, shard::GridOp grid,
                                      RankedTensorType targetType) {
  auto type = cast<RankedTensorType>(value.getType());
  ArrayRef<shard::GridAxesAttr> axesList = record.getSplitAxes();
  ArrayRef<int64_t> offsets = record.getOffsets();
  size_t next = 0;
  SmallVector<OpFoldResult> starts, sizes, strides;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    strides.push_back(b.getIndexAttr(1));
    shard::GridAxesAttr axes = dim < static_cast<int64_t>(axesList.size())
                                   ? axesList[dim]
                                   : shard::GridAxesAttr();
    if (!axes || axes.empty()) {
      starts.push_back(b.getIndexAttr(0));
      sizes.push_back(tensor::getMixedSize(b, loc, value, dim));
      continue;
    }
    int64_t shards = shard::collectiveProcessGroupSize(axes.asArrayRef(), grid);
    if (ShapedType::isDynamic(shards))
      return failure();
    Value shardIndex = getGroupIndex(b, loc, grid, axes.asArrayRef());
    if (!offsets.empty()) {
      if (next + shards + 1 > offsets.size())
        return failure();
      ArrayRef<int64_t> dimOffsets = offsets.slice(next, shards + 1);
      next += shards + 1;
      Value start = selectConstant(b, loc, dimOffsets.drop_back(), shardIndex);
      SmallVector<int64_t> lengths;
      for (int64_t i = 0; i < shards; ++i)
        lengths.push_back(dimOffsets[i + 1] - dimOffsets[i]);
      starts.push_back(start);
      sizes.push_back(selectConstant(b, loc, lengths, shardIndex));
      continue;
    }
    if (type.isDynamicDim(dim) || type.getDimSize(dim) % shards != 0)
      return failure();
    int64_t length = type.getDimSize(dim) / shards;
    Value start = arith::MulIOp::create(
        b, loc, shardIndex, arith::ConstantIndexOp::create(b, loc, length));
    starts.push_back(start);
    sizes.push_back(b.getIndexAttr(length));
  }
  Value block =
      tensor::ExtractSliceOp::create(b, loc, value, starts, sizes, strides);
  if (block.getType() != targetType)
    block = tensor::CastOp::create(b, loc, targetType, block);
  return block;
}

/// The sizes of the shards of the dimensions that `record` splits (per
/// dimension: its grid axes and the length of every shard); failure when
/// they are not static.
static FailureOr<
    SmallVector<std::pair<SmallVector<GridAxis>, SmallVector<int64_t>>>>
getShardLengths(ShardingAttr record, RankedTensorType globalType,
                shard::GridOp grid) {
  ArrayRef<int64_t> offsets = record.getOffsets();
  SmallVector<std::pair<SmallVector<GridAxis>, SmallVector<int64_t>>> dims(
      globalType.getRank());
  size_t next = 0;
  for (auto [dim, axes] : llvm::enumerate(record.getSplitAxes())) {
    if (!axes || axes.empty() ||
        static_cast<int64_t>(dim) >= globalType.getRank())
      continue;
    int64_t shards = shard::collectiveProcessGroupSize(axes.asArrayRef(), grid);
    if (ShapedType::isDynamic(shards) || globalType.isDynamicDim(dim))
      return failure();
    dims[dim].first.assign(axes.asArrayRef().begin(), axes.asArrayRef().end());
    for (int64_t j = 0; j < shards; ++j) {
      if (offsets.empty()) {
        if (globalType.getDimSize(dim) % shards != 0)
          return failure();
        dims[dim].second.push_back(globalType.getDimSize(dim) / shards);
        continue;
      }
      if (next + shards + 1 > offsets.size())
        return failure();
      dims[dim].second.push_back(offsets[next + j + 1] - offsets[next + j]);
    }
    if (!offsets.empty())
      next += shards + 1;
  }
  return dims;
}

/// Returns the whole tensor (of `globalType`) of which `block` is this
/// process's block under the sharding in `record` over `grid`: every split
/// dimension is padded to its longest shard, gathered (`shard.all_gather`)
/// and, where the shards differ in length, compacted again.
static FailureOr<Value> gatherBlocks(OpBuilder &b, Location loc, Value block,
                                     ShardingAttr record, shard::GridOp grid,
                                     RankedTensorType globalType) {
  auto dims = getShardLengths(record, globalType, grid);
  if (failed(dims))
    return failure();
  Type elem = globalType.getElementType();
  // Pad every split dimension to its longest shard.
  SmallVector<int64_t> padded(globalType.getShape());
  for (auto [dim, split] : llvm::enumerate(*dims))
    if (!split.first.empty())
      padded[dim] = *llvm::max_element(split.second);
  Value value = block;
  if (cast<RankedTensorType>(block.getType()).getShape() != ArrayRef(padded)) {
    Value empty = tensor::EmptyOp::create(b, loc, padded, elem);
    int64_t rank = globalType.getRank();
    SmallVector<OpFoldResult> zeros(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> ones(rank, b.getIndexAttr(1));
    value = tensor::InsertSliceOp::create(b, loc, block, empty, zeros,
                                          tensor::getMixedSizes(b, loc, block),
                                          ones);
  }
  // Gather along each split dimension; then keep each shard's part.
  for (auto [dim, split] : llvm::enumerate(*dims)) {
    if (split.first.empty())
      continue;
    int64_t longest = padded[dim];
    SmallVector<int64_t> shape(
        cast<RankedTensorType>(value.getType()).getShape());
    shape[dim] = longest * split.second.size();
    Value all = shard::AllGatherOp::create(
        b, loc, RankedTensorType::get(shape, elem), grid.getSymName(),
        split.first, value, APInt(64, dim));
    if (llvm::all_equal(split.second)) {
      value = all;
      continue;
    }
    shape[dim] = globalType.getDimSize(dim);
    Value whole = tensor::EmptyOp::create(b, loc, shape, elem);
    int64_t start = 0;
    for (auto [j, length] : llvm::enumerate(split.second)) {
      if (length == 0)
        continue;
      SmallVector<OpFoldResult> from(shape.size(), b.getIndexAttr(0));
      SmallVector<OpFoldResult> to(shape.size(), b.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes, ones(shape.size(), b.getIndexAttr(1));
      for (int64_t size : shape)
        sizes.push_back(b.getIndexAttr(size));
      from[dim] = b.getIndexAttr(j * longest);
      to[dim] = b.getIndexAttr(start);
      sizes[dim] = b.getIndexAttr(length);
      Value part =
          tensor::ExtractSliceOp::create(b, loc, all, from, sizes, ones);
      whole =
          tensor::InsertSliceOp::create(b, loc, part, whole, to, sizes, ones);
      start += length;
    }
    value = whole;
  }
  if (value.getType() != globalType)
    value = tensor::CastOp::create(b, loc, globalType, value);
  return value;
}

/// Makes the calls in `module` pass this process's block of each tensor that
/// the partitioned callee takes sharded, and gather each sharded result
/// back into the whole tensor the caller expects.
static LogicalResult bindCalls(ModuleOp module,
                               SymbolTableCollection &symbols) {
  bool failedAny = false;
  module.walk([&](func::CallOp call) {
    auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee)
      return;
    FunctionType calleeType = callee.getFunctionType();
    if (calleeType.getNumInputs() != call.getNumOperands() ||
        calleeType.getNumResults() != call.getNumResults())
      return;
    OpBuilder builder(call);
    for (OpOperand &operand : call->getOpOperands()) {
      unsigned index = operand.getOperandNumber();
      Type expected = calleeType.getInput(index);
      if (operand.get().getType() == expected)
        continue;
      auto record = callee.getArgAttrOfType<ShardingAttr>(
          index, getGatherShardingAttrName());
      auto targetType = dyn_cast<RankedTensorType>(expected);
      if (!record || !targetType ||
          !isa<RankedTensorType>(operand.get().getType())) {
        call.emitError("argument ")
            << index << " of the call to @" << callee.getSymName()
            << " has type " << operand.get().getType()
            << " but the partitioned function takes " << expected;
        failedAny = true;
        return;
      }
      FailureOr<Value> block = failure();
      if (shard::GridOp grid = getRecordedGrid(record, symbols, call))
        block = sliceOwnBlock(builder, call.getLoc(), operand.get(), record,
                              grid, targetType);
      if (failed(block)) {
        call.emitError("passing this process's block of argument ")
            << index << " to @" << callee.getSymName()
            << " is not supported by gather-to-mpi because its sharding "
               "needs a static grid and static or explicit shard sizes";
        failedAny = true;
        return;
      }
      operand.set(*block);
    }
    builder.setInsertionPointAfter(call);
    for (auto [index, result] : llvm::enumerate(call.getResults())) {
      Type global = result.getType();
      if (global == calleeType.getResult(index))
        continue;
      auto record = callee.getResultAttrOfType<ShardingAttr>(
          index, getGatherShardingAttrName());
      auto globalType = dyn_cast<RankedTensorType>(global);
      FailureOr<Value> whole = failure();
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : result.getUses())
        uses.push_back(&use);
      result.setType(calleeType.getResult(index));
      shard::GridOp grid = getRecordedGrid(record, symbols, call);
      if (grid && globalType)
        whole = gatherBlocks(builder, call.getLoc(), result, record, grid,
                             globalType);
      if (failed(whole)) {
        call.emitError("gathering result ")
            << index << " of the call to @" << callee.getSymName() << " ("
            << calleeType.getResult(index) << " per process) into " << global
            << " is not supported by gather-to-mpi because it needs the "
               "result's sharding with a static grid and static shard sizes";
        failedAny = true;
        return;
      }
      for (OpOperand *use : uses)
        use->set(*whole);
    }
  });
  // The records are no longer needed.
  module.walk([&](func::FuncOp func) {
    auto name = StringAttr::get(func.getContext(), getGatherShardingAttrName());
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      func.removeArgAttr(i, name);
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
      func.removeResultAttr(i, name);
  });
  return failure(failedAny);
}

/// Fails with an error naming each shard collective in `module` that
/// neither convert-shard-to-exchange nor upstream convert-shard-to-mpi
/// lowers.
static LogicalResult checkCollectivesLowerToMPI(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    if (!isa<shard::BroadcastOp, shard::GatherOp, shard::RecvOp,
             shard::ReduceOp, shard::ReduceScatterOp, shard::ScatterOp,
             shard::SendOp, shard::ShiftOp, shard::UpdateHaloOp>(op))
      return;
    op->emitError("'") << op->getName()
                       << "' is not supported by gather-to-mpi because it has "
                          "no MPI lowering, so this sharding cannot run over "
                          "MPI";
    found = true;
  });
  return failure(found);
}

//===----------------------------------------------------------------------===//
// gather-shard-init-mpi
//===----------------------------------------------------------------------===//

namespace {
struct GatherShardInitMPIPass
    : public mlir::gather::impl::GatherShardInitMPIBase<
          GatherShardInitMPIPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto entry = module.lookupSymbol<func::FuncOp>(entryPoint);
    if (!entry || entry.isExternal())
      return;
    bool initialised = false;
    entry.walk([&](mpi::InitOp) { initialised = true; });
    if (initialised)
      return;
    OpBuilder builder(&getContext());
    builder.setInsertionPointToStart(&entry.getBody().front());
    mpi::InitOp::create(builder, entry.getLoc(), Type());
    entry.walk([&](func::ReturnOp ret) {
      builder.setInsertionPoint(ret);
      mpi::FinalizeOp::create(builder, ret.getLoc(), Type());
    });
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// gather-shard-finalize
//===----------------------------------------------------------------------===//

namespace {
struct GatherShardFinalizePass
    : public mlir::gather::impl::GatherShardFinalizeBase<
          GatherShardFinalizePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool left = false;
    SmallVector<shard::GridOp> grids;
    module.walk(
        [&](Operation *op) {
          if (auto grid = dyn_cast<shard::GridOp>(op)) {
            grids.push_back(grid);
            return;
          }
          if (!isa<shard::ShardDialect>(op->getDialect()))
            return;
          op->emitError("'")
              << op->getName()
              << "' is left after convert-shard-to-mpi: it is not supported "
                 "by gather-to-mpi because MLIR's MPI lowering does not "
                 "handle it, so this sharding cannot run over MPI";
          left = true;
        });
    if (left)
      return signalPassFailure();
    for (shard::GridOp grid : grids)
      grid.erase();
  }
};
} // namespace

/// Tells the sharding model of every gather in `func` the lowering's bounds
/// check (the attribute of getGatherBoundsCheckAttrName).
static void markBoundsCheck(func::FuncOp func, BoundsCheck boundsCheck) {
  func.walk([&](GatherOp op) {
    op->setAttr(getGatherBoundsCheckAttrName(),
                BoundsCheckAttr::get(op.getContext(), boundsCheck));
  });
}

//===----------------------------------------------------------------------===//
// gather-shard-partition (the pass)
//===----------------------------------------------------------------------===//

namespace {
struct GatherShardPartitionPass
    : public mlir::gather::impl::GatherShardPartitionBase<
          GatherShardPartitionPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    setDefaultMPIImplementation(module);

    OpPassManager propagation(func::FuncOp::getOperationName());
    propagation.addPass(shard::createShardingPropagation());
    OpPassManager partition(func::FuncOp::getOperationName());
    partition.addPass(shard::createPartition());

    SmallVector<func::FuncOp> annotated;
    module.walk([&](func::FuncOp func) {
      if (!func.isExternal() &&
          func.walk([](shard::ShardOp) { return WalkResult::interrupt(); })
              .wasInterrupted())
        annotated.push_back(func);
    });
    // The sharding model of the bags (pool, then exchange the pooled rows)
    // is not written yet: a bag in a sharded function is an error rather
    // than a partition that may read rows of other processes.
    bool hasBag = false;
    for (func::FuncOp func : annotated)
      func.walk([&](EmbeddingBagOp op) {
        op.emitError("embedding bags in sharded functions are not supported "
                     "yet by gather-to-mpi (the function has shard "
                     "annotations)");
        hasBag = true;
      });
    if (hasBag)
      return signalPassFailure();
    for (func::FuncOp func : annotated) {
      normalizeShardings(func);
      if (failed(verifyShardAnnotations(func, symbols)))
        return signalPassFailure();
      dropUnitGridAxes(func, symbols);
      if (dropReplicatedAnnotations(func))
        continue;
      markBoundsCheck(func, boundsCheck);
      makeUnevenSplitsExplicit(func, symbols);
      if (failed(runPipeline(propagation, func)))
        return signalPassFailure();
      // Propagation visits each op once per direction: a value whose
      // sharding comes from a user that learns its own later in the forward
      // sweep (an init filled before the gather that feeds its reduction)
      // gets it from a second run.
      if (hasOperandWithoutSharding(func) &&
          failed(runPipeline(propagation, func)))
        return signalPassFailure();
      makeUnevenSplitsExplicit(func, symbols);
      if (failed(checkFullyAnnotated(func)) || failed(checkReshards(func)) ||
          failed(checkSplitReductions(func)))
        return signalPassFailure();
      recordShardings(func);
      if (failed(runPipeline(partition, func)))
        return signalPassFailure();
    }
    if (failed(bindCalls(module, symbols)) ||
        failed(checkCollectivesLowerToMPI(module)))
      return signalPassFailure();
  }
};
} // namespace

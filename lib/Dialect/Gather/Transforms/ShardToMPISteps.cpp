//===- ShardToMPISteps.cpp - the project's steps of gather-to-mpi ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The three passes that `gather-to-mpi` runs around upstream's
// sharding-propagation, shard-partition and convert-shard-to-mpi:
// gather-shard-prepare, gather-shard-bind-calls and gather-shard-finalize.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERSHARDPARTITION
#define GEN_PASS_DEF_GATHERSHARDINITMPI
#define GEN_PASS_DEF_GATHERSHARDFINALIZE
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;
using shard::GridAxis;

/// The discardable attribute that records a function argument's sharding.
static constexpr StringLiteral kShardingAttrName = "gather.sharding";

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

//===----------------------------------------------------------------------===//
// gather-shard-partition
//===----------------------------------------------------------------------===//

/// Gives every `shard.shard` in `root` that splits a static dimension
/// unevenly without offsets a sharding with explicit (balanced) offsets.
static void makeUnevenSplitsExplicit(Operation *root,
                                     SymbolTableCollection &symbols) {
  root->walk([&](shard::ShardOp shardOp) {
    auto type = dyn_cast<RankedTensorType>(shardOp.getSrc().getType());
    auto shardingOp = shardOp.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!type || !shardingOp ||
        !shardingOp.getStaticShardedDimsOffsets().empty() ||
        !shardingOp.getDynamicShardedDimsOffsets().empty() ||
        !shardingOp.getStaticHaloSizes().empty() ||
        !shardingOp.getDynamicHaloSizes().empty())
      return;
    shard::GridOp grid =
        shard::getGridOrNull(shardingOp, shardingOp.getGridAttr(), symbols);
    if (!grid)
      return;
    bool uneven = false;
    SmallVector<int64_t> offsets;
    for (auto [dim, axes] :
         llvm::enumerate(shardingOp.getSplitAxes().getAxes())) {
      if (axes.empty())
        continue;
      int64_t shards =
          shard::collectiveProcessGroupSize(axes.asArrayRef(), grid);
      if (static_cast<int64_t>(dim) >= type.getRank() ||
          ShapedType::isDynamic(shards) || type.isDynamicDim(dim))
        return;
      int64_t size = type.getDimSize(dim);
      uneven |= size % shards != 0;
      llvm::append_range(offsets, balancedOffsets(size, shards));
    }
    if (!uneven)
      return;
    OpBuilder builder(shardOp);
    // (The short builder of MLIR 22 stores its offsets as halo sizes.)
    auto explicitOp = shard::ShardingOp::create(
        builder, shardingOp.getLoc(),
        shard::ShardingType::get(root->getContext()), shardingOp.getGridAttr(),
        shardingOp.getSplitAxes(), builder.getDenseI64ArrayAttr(offsets),
        ValueRange(), builder.getDenseI64ArrayAttr({}), ValueRange());
    shardOp.getShardingMutable().assign(explicitOp.getResult());
  });
}

/// Records the sharding of each annotated argument of `func` in the
/// argument attribute `gather.sharding`.
static void recordArgumentShardings(func::FuncOp func) {
  MLIRContext *ctx = func.getContext();
  for (BlockArgument arg : func.getArguments()) {
    for (Operation *user : arg.getUsers()) {
      auto shardOp = dyn_cast<shard::ShardOp>(user);
      if (!shardOp)
        continue;
      auto shardingOp =
          shardOp.getSharding().getDefiningOp<shard::ShardingOp>();
      if (!shardingOp)
        continue;
      SmallVector<Attribute> axes(shardingOp.getSplitAxes().getAxes());
      NamedAttrList entries;
      entries.append("grid", shardingOp.getGridAttr());
      entries.append("split_axes", ArrayAttr::get(ctx, axes));
      entries.append("offsets", shardingOp.getStaticShardedDimsOffsetsAttr());
      func.setArgAttr(arg.getArgNumber(), kShardingAttrName,
                      entries.getDictionary(ctx));
      break;
    }
  }
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
      auto type = dyn_cast<RankedTensorType>(operand.get().getType());
      if (!type || type.getRank() == 0 ||
          operand.get().getDefiningOp<shard::ShardOp>())
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
          << ": the annotations conflict";
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

/// Returns the linear position of this process among the shards of a
/// dimension split on `axes` (the first axis varies slowest).
static Value getShardIndex(OpBuilder &b, Location loc, shard::GridOp grid,
                           ArrayRef<GridAxis> axes) {
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

/// Returns element `index` of the constant list `values`.
static Value selectConstant(OpBuilder &b, Location loc,
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

/// Returns this process's block of the whole tensor `value` under the
/// sharding recorded in `record`, cast to `targetType`; failure when the
/// record cannot be read.
static FailureOr<Value> sliceOwnBlock(OpBuilder &b, Location loc, Value value,
                                      DictionaryAttr record,
                                      RankedTensorType targetType,
                                      SymbolTableCollection &symbols,
                                      Operation *anchor) {
  auto gridName = dyn_cast_or_null<FlatSymbolRefAttr>(record.get("grid"));
  auto axesList = dyn_cast_or_null<ArrayAttr>(record.get("split_axes"));
  auto offsetsAttr = dyn_cast_or_null<DenseI64ArrayAttr>(record.get("offsets"));
  if (!gridName || !axesList || !offsetsAttr)
    return failure();
  shard::GridOp grid = shard::getGridOrNull(anchor, gridName, symbols);
  if (!grid)
    return failure();
  auto type = cast<RankedTensorType>(value.getType());
  ArrayRef<int64_t> offsets = offsetsAttr.asArrayRef();
  size_t next = 0;
  SmallVector<OpFoldResult> starts, sizes, strides;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    strides.push_back(b.getIndexAttr(1));
    auto axes = dim < static_cast<int64_t>(axesList.size())
                    ? dyn_cast<shard::GridAxesAttr>(axesList[dim])
                    : shard::GridAxesAttr();
    if (!axes || axes.empty()) {
      starts.push_back(b.getIndexAttr(0));
      sizes.push_back(tensor::getMixedSize(b, loc, value, dim));
      continue;
    }
    int64_t shards = shard::collectiveProcessGroupSize(axes.asArrayRef(), grid);
    if (ShapedType::isDynamic(shards))
      return failure();
    Value shardIndex = getShardIndex(b, loc, grid, axes.asArrayRef());
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

/// Makes the calls in `module` pass this process's block of each tensor that
/// the partitioned callee takes sharded.
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
    for (auto [index, result] : llvm::enumerate(call.getResults())) {
      if (result.getType() == calleeType.getResult(index))
        continue;
      call.emitError("result ")
          << index << " of the call to @" << callee.getSymName()
          << " is sharded (" << calleeType.getResult(index)
          << " per process instead of " << result.getType()
          << "): gathering it back needs shard.all_gather, which "
             "convert-shard-to-mpi does not lower; return it replicated";
      failedAny = true;
      return;
    }
    OpBuilder builder(call);
    for (OpOperand &operand : call->getOpOperands()) {
      unsigned index = operand.getOperandNumber();
      Type expected = calleeType.getInput(index);
      if (operand.get().getType() == expected)
        continue;
      auto record =
          callee.getArgAttrOfType<DictionaryAttr>(index, kShardingAttrName);
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
      FailureOr<Value> block =
          sliceOwnBlock(builder, call.getLoc(), operand.get(), record,
                        targetType, symbols, call);
      if (failed(block)) {
        call.emitError("cannot pass this process's block of argument ")
            << index << " to @" << callee.getSymName()
            << ": its sharding needs a static grid and static or explicit "
               "shard sizes";
        failedAny = true;
        return;
      }
      operand.set(*block);
    }
  });
  // The records are no longer needed.
  module.walk([&](func::FuncOp func) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      func.removeArgAttr(i, kShardingAttrName);
  });
  return failure(failedAny);
}

/// Fails with an error naming each shard collective in `module` that
/// `convert-shard-to-mpi` of MLIR 22 does not lower (partitioning emits
/// them to reshard a value from one sharding to another).
static LogicalResult checkCollectivesLowerToMPI(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    if (!isa<shard::AllGatherOp, shard::AllSliceOp, shard::AllToAllOp,
             shard::BroadcastOp, shard::GatherOp, shard::RecvOp,
             shard::ReduceOp, shard::ReduceScatterOp, shard::ScatterOp,
             shard::SendOp, shard::ShiftOp>(op))
      return;
    op->emitError("'") << op->getName()
                       << "' has no MPI lowering in convert-shard-to-mpi of "
                          "MLIR 22, so this sharding cannot run over MPI";
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
              << "' is left after convert-shard-to-mpi: MLIR's MPI lowering "
                 "does not handle it, so this sharding cannot run over MPI";
          left = true;
        });
    if (left)
      return signalPassFailure();
    for (shard::GridOp grid : grids)
      grid.erase();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// gather-shard-partition (the pass)
//===----------------------------------------------------------------------===//

namespace {
struct GatherShardPartitionPass
    : public mlir::gather::impl::GatherShardPartitionBase<
          GatherShardPartitionPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    setDefaultMPIImplementation(module);

    OpPassManager propagation(func::FuncOp::getOperationName());
    OpPassManager partition(func::FuncOp::getOperationName());
    if (failed(parsePassPipeline("sharding-propagation", propagation)) ||
        failed(parsePassPipeline("shard-partition", partition)))
      return signalPassFailure();

    SmallVector<func::FuncOp> annotated;
    module.walk([&](func::FuncOp func) {
      if (!func.isExternal() &&
          func.walk([](shard::ShardOp) { return WalkResult::interrupt(); })
              .wasInterrupted())
        annotated.push_back(func);
    });
    for (func::FuncOp func : annotated) {
      makeUnevenSplitsExplicit(func, symbols);
      if (failed(runPipeline(propagation, func)))
        return signalPassFailure();
      makeUnevenSplitsExplicit(func, symbols);
      if (failed(checkFullyAnnotated(func)))
        return signalPassFailure();
      recordArgumentShardings(func);
      if (failed(runPipeline(partition, func)))
        return signalPassFailure();
    }
    if (failed(bindCalls(module, symbols)) ||
        failed(checkCollectivesLowerToMPI(module)))
      return signalPassFailure();
  }
};
} // namespace

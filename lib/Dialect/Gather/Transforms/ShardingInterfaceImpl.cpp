//===- ShardingInterfaceImpl.cpp - sharding of gather.gather --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `gather.gather` as a structured op for MLIR's shard dialect.
//
// Loops: one parallel loop per result dimension, in result order
// (`D[:a] ++ I[b:] ++ D[a+1:]`), then one reduction loop `k` (kind sum) that
// runs over the gathered dimension of `data`. The gather is the sum over `k`
// of `data[..., k, ...]` masked by `indices[...] == k`, so that a table split
// along its gathered dimension is a sharded reduction: each process gathers
// the rows it holds, puts the additive identity where it holds none, and an
// all-reduce sum combines the parts.
//
// Indexing maps (loops `d0 .. d(R-1)` for the result, `dR` for `k`):
//   data:    D(i) -> d(i) for i < a, D(a) -> dR, D(i) -> d(a + q - b + i - a -
//   1)
//            for i > a;
//   indices: I(i) -> d(i) for i < b (batch), I(i) -> d(a + i - b) for i >= b;
//   result:  identity.
// Every map is a projected permutation, so upstream's default propagation
// (both ways) applies unchanged.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/Transforms/ShardingInterfaceImpl.h"
#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;
using shard::GridAxis;
using shard::Sharding;

namespace {

/// The loop structure of one gather (normalised attributes and ranks).
struct GatherLoops {
  int64_t axis;      ///< a
  int64_t batchDims; ///< b
  int64_t dataRank;  ///< r
  int64_t idxRank;   ///< q
  int64_t resultRank() const { return dataRank - 1 + idxRank - batchDims; }
  int64_t reductionLoop() const { return resultRank(); }

  /// The loop of dimension `dim` of `data`.
  int64_t dataLoop(int64_t dim) const {
    if (dim < axis)
      return dim;
    if (dim == axis)
      return reductionLoop();
    return axis + idxRank - batchDims + dim - axis - 1;
  }
  /// The loop of dimension `dim` of `indices`.
  int64_t indicesLoop(int64_t dim) const {
    return dim < batchDims ? dim : axis + dim - batchDims;
  }
};

GatherLoops getLoops(GatherOp op) {
  return {op.getNormalizedAxis(), op.getNormalizedBatchDims(),
          op.getDataType().getRank(), op.getIndicesType().getRank()};
}

/// Prints a sharding as it is written in the IR, for diagnostics.
std::string describe(const Sharding &sharding) {
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

/// How one tensor dimension is split: the grid axes and, when the split is
/// uneven or given explicitly, the start of every shard plus the end.
struct DimSplit {
  SmallVector<GridAxis> axes;
  SmallVector<int64_t> offsets;
  bool operator==(const DimSplit &other) const {
    return axes == other.axes && offsets == other.offsets;
  }
};

/// Returns the number of shards of a dimension split on `axes`, or kDynamic.
int64_t countShards(ArrayRef<GridAxis> axes, shard::GridOp grid) {
  return shard::collectiveProcessGroupSize(axes, grid);
}

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
    int64_t shards = countShards(splits[dim].axes, grid);
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

/// Creates `arith.constant` of an index value.
Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// Returns the linear position of this process among the shards of a
/// dimension split on `axes` (the first axis varies slowest).
Value getShardIndex(OpBuilder &b, Location loc, shard::GridOp grid,
                    ArrayRef<GridAxis> axes) {
  auto multi = shard::ProcessMultiIndexOp::create(b, loc, grid.getSymName(),
                                                  llvm::to_vector(axes));
  Value linear = multi.getResult()[0];
  for (auto [pos, axis] : llvm::enumerate(axes.drop_front())) {
    Value size = indexConstant(b, loc, grid.getShape()[axis]);
    linear = arith::MulIOp::create(b, loc, linear, size);
    linear = arith::AddIOp::create(b, loc, linear, multi.getResult()[pos + 1]);
  }
  return linear;
}

/// Returns the first global position of this process's shard of a split
/// dimension.
Value getShardOffset(OpBuilder &b, Location loc, shard::GridOp grid,
                     const DimSplit &split) {
  Value shardIndex = getShardIndex(b, loc, grid, split.axes);
  // Offsets in a constant table, one entry per shard.
  SmallVector<int64_t> starts(split.offsets.begin(),
                              std::prev(split.offsets.end()));
  auto tableType = RankedTensorType::get({static_cast<int64_t>(starts.size())},
                                         b.getIndexType());
  SmallVector<APInt> values;
  for (int64_t start : starts)
    values.push_back(APInt(64, start));
  Value table = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(tableType, ArrayRef<APInt>(values)));
  return tensor::ExtractOp::create(b, loc, table, ValueRange{shardIndex});
}

/// The additive identity used for the rows a process does not hold: -0.0 for
/// floats (x + -0.0 == x bit for bit, -0.0 included), 0 for integers.
TypedAttr getAdditiveIdentity(OpBuilder &b, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return b.getFloatAttr(
        floatType, APFloat::getZero(floatType.getFloatSemantics(), true));
  return b.getIntegerAttr(type, 0);
}

/// Element types that `convert-shard-to-mpi` can sum with MPI.
bool hasMPISum(Type type) {
  if (type.isF32() || type.isF64())
    return true;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() &&
           llvm::is_contained({8u, 16u, 32u, 64u}, intType.getWidth());
  return false;
}

/// Returns a `tensor.empty` shaped like `like` with element type `elemType`.
Value emptyLike(OpBuilder &b, Location loc, Value like, Type elemType) {
  return tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, like),
                                 elemType);
}

struct GatherShardingModel
    : public shard::ShardingInterface::ExternalModel<GatherShardingModel,
                                                     GatherOp> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    GatherLoops loops = getLoops(cast<GatherOp>(op));
    SmallVector<utils::IteratorType> types(loops.resultRank(),
                                           utils::IteratorType::parallel);
    types.push_back(utils::IteratorType::reduction);
    return types;
  }

  SmallVector<shard::ReductionKind>
  getReductionLoopIteratorKinds(Operation *op) const {
    return {shard::ReductionKind::Sum};
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    GatherLoops loops = getLoops(cast<GatherOp>(op));
    MLIRContext *ctx = op->getContext();
    unsigned numLoops = loops.resultRank() + 1;
    SmallVector<AffineExpr> dataExprs, indicesExprs;
    for (int64_t dim = 0; dim < loops.dataRank; ++dim)
      dataExprs.push_back(getAffineDimExpr(loops.dataLoop(dim), ctx));
    for (int64_t dim = 0; dim < loops.idxRank; ++dim)
      indicesExprs.push_back(getAffineDimExpr(loops.indicesLoop(dim), ctx));
    SmallVector<AffineExpr> resultExprs;
    for (int64_t dim = 0; dim < loops.resultRank(); ++dim)
      resultExprs.push_back(getAffineDimExpr(dim, ctx));
    return {AffineMap::get(numLoops, 0, dataExprs, ctx),
            AffineMap::get(numLoops, 0, indicesExprs, ctx),
            AffineMap::get(numLoops, 0, resultExprs, ctx)};
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto gatherOp = cast<GatherOp>(op);
    GatherLoops loops = getLoops(gatherOp);
    Sharding dataSharding = operandShardings[0];
    Sharding indicesSharding = operandShardings[1];
    Sharding resultSharding = resultShardings[0];

    auto unsupported = [&](const Twine &reason) {
      return op->emitOpError("cannot be partitioned with data sharding ")
             << describe(dataSharding) << ", indices sharding "
             << describe(indicesSharding) << " and result sharding "
             << describe(resultSharding) << ": " << reason;
    };

    // One grid for everything.
    FlatSymbolRefAttr gridName;
    for (const Sharding &sharding :
         {dataSharding, indicesSharding, resultSharding}) {
      if (!sharding)
        continue;
      if (gridName && gridName != sharding.getGridAttr())
        return unsupported("the shardings name different grids");
      gridName = sharding.getGridAttr();
    }
    if (!gridName) {
      partitionMap.map(op->getResult(0),
                       builder.clone(*op, partitionMap)->getResult(0));
      return success();
    }
    shard::GridOp grid = shard::getGridOrNull(op, gridName, symbolTable);
    if (!grid)
      return unsupported("the grid is not defined");

    // The split of every dimension of each tensor, gathered per loop.
    auto dataSplits = getDimSplits(gatherOp.getDataType(), dataSharding, grid);
    auto indicesSplits =
        getDimSplits(gatherOp.getIndicesType(), indicesSharding, grid);
    auto resultSplits =
        getDimSplits(gatherOp.getResultType(), resultSharding, grid);
    if (failed(dataSplits) || failed(indicesSplits) || failed(resultSplits))
      return unsupported("halos, dynamic offsets and uneven splits without "
                         "sharded_dims_offsets are not supported");

    int64_t numLoops = loops.resultRank() + 1;
    SmallVector<std::optional<DimSplit>> loopSplits(numLoops);
    auto assign = [&](int64_t loop, const DimSplit &split) {
      if (!loopSplits[loop]) {
        loopSplits[loop] = split;
        return true;
      }
      return *loopSplits[loop] == split;
    };
    for (int64_t dim = 0; dim < loops.dataRank; ++dim)
      if (!assign(loops.dataLoop(dim), (*dataSplits)[dim]))
        return unsupported("data dimension " + Twine(dim) +
                           " is split unlike the result");
    for (int64_t dim = 0; dim < loops.idxRank; ++dim)
      if (!assign(loops.indicesLoop(dim), (*indicesSplits)[dim]))
        return unsupported("indices dimension " + Twine(dim) +
                           " is split unlike the " +
                           (dim < loops.batchDims ? "data" : "result"));
    for (int64_t dim = 0; dim < loops.resultRank(); ++dim)
      if (!assign(dim, (*resultSplits)[dim]))
        return unsupported("result dimension " + Twine(dim) +
                           " is split unlike the operands");
    // A grid axis may split one loop only.
    SmallVector<GridAxis> usedAxes;
    for (const std::optional<DimSplit> &split : loopSplits) {
      if (!split)
        continue;
      for (GridAxis axis : split->axes) {
        if (llvm::is_contained(usedAxes, axis))
          return unsupported("grid axis " + Twine(axis) +
                             " splits two different loops");
        usedAxes.push_back(axis);
      }
    }

    Location loc = op->getLoc();
    Value localData = partitionedOperands[0];
    Value localIndices = partitionedOperands[1];
    RankedTensorType expectedType = cast<RankedTensorType>(
        shard::shardType(gatherOp.getResultType(), grid, resultSharding));

    // The local gather on the local operands: every loop but `k` is split
    // alike on all tensors, so each process computes its own result block.
    auto createLocalGather = [&](Value data, Value indices) -> Value {
      auto local = cast<GatherOp>(builder.clone(*op));
      local->setOperands({data, indices});
      SmallVector<Type> inferred;
      if (failed(GatherOp::inferReturnTypes(
              op->getContext(), loc, local->getOperands(),
              local->getAttrDictionary(), local->getPropertiesStorage(), {},
              inferred)))
        return {};
      Type resultType = inferred[0];
      if (GatherOp::isCompatibleReturnTypes(TypeRange{expectedType},
                                            TypeRange{resultType}))
        resultType = expectedType;
      local->getResult(0).setType(resultType);
      return local.getResult();
    };

    const std::optional<DimSplit> &rowSplit = loopSplits[loops.reductionLoop()];
    if (!rowSplit || rowSplit->axes.empty()) {
      Value result = createLocalGather(localData, localIndices);
      if (!result)
        return unsupported("the local gather has no valid type");
      partitionMap.map(op->getResult(0), result);
      return success();
    }

    // The table is split along the gathered dimension.
    int64_t globalRows = gatherOp.getDataType().getDimSize(loops.axis);
    Type elemType = gatherOp.getDataType().getElementType();
    Type idxElemType = gatherOp.getIndicesType().getElementType();
    if (ShapedType::isDynamic(globalRows))
      return unsupported("splitting the gathered dimension needs its size to "
                         "be static");
    if (rowSplit->offsets.empty())
      return unsupported("splitting the gathered dimension needs a static "
                         "grid");
    for (auto [start, end] :
         llvm::zip(ArrayRef(rowSplit->offsets).drop_back(),
                   ArrayRef(rowSplit->offsets).drop_front()))
      if (end <= start)
        return unsupported("splitting the gathered dimension leaves a process "
                           "without rows");
    if (!hasMPISum(elemType))
      return unsupported("splitting the gathered dimension needs an element "
                         "type that MPI sums (f32, f64, i8, i16, i32, i64)");
    if (!idxElemType.isSignlessInteger() && !idxElemType.isIndex())
      return unsupported("splitting the gathered dimension needs signless "
                         "integer or index indices");

    Value offset = getShardOffset(builder, loc, grid, *rowSplit);
    Value localRows =
        tensor::DimOp::create(builder, loc, localData, loops.axis);
    Type i64 = builder.getI64Type();
    Value offset64 = arith::IndexCastOp::create(builder, loc, i64, offset);
    Value localRows64 =
        arith::IndexCastOp::create(builder, loc, i64, localRows);

    // Per index: the local position (valid when this process holds the row,
    // 0 for a valid row held elsewhere, the index itself when it is out of
    // range, so that the local gather's bounds check sees it on every
    // process), and whether this process contributes the row.
    int64_t idxRank = loops.idxRank;
    MLIRContext *ctx = op->getContext();
    AffineMap idxIdentity = AffineMap::getMultiDimIdentityMap(idxRank, ctx);
    bool isIndex = idxElemType.isIndex();
    unsigned width = isIndex ? 64 : idxElemType.getIntOrFloatBitWidth();
    auto positions = linalg::GenericOp::create(
        builder, loc,
        TypeRange{
            RankedTensorType::get(
                cast<RankedTensorType>(localIndices.getType()).getShape(), i64),
            RankedTensorType::get(
                cast<RankedTensorType>(localIndices.getType()).getShape(),
                builder.getI1Type())},
        ValueRange{localIndices},
        ValueRange{emptyLike(builder, loc, localIndices, i64),
                   emptyLike(builder, loc, localIndices, builder.getI1Type())},
        SmallVector<AffineMap>(3, idxIdentity),
        SmallVector<utils::IteratorType>(idxRank,
                                         utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value k = args[0];
          if (isIndex)
            k = arith::IndexCastOp::create(b, l, i64, k);
          else if (width < 64)
            k = arith::ExtSIOp::create(b, l, i64, k);
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
          Value safe = arith::SelectOp::create(b, l, mine, local, zero);
          Value position = arith::SelectOp::create(b, l, inRange, safe, k);
          linalg::YieldOp::create(b, l, ValueRange{position, mine});
        });

    Value gathered = createLocalGather(localData, positions.getResult(0));
    if (!gathered)
      return unsupported("the local gather has no valid type");

    // Rows held elsewhere become the additive identity.
    auto gatheredType = cast<RankedTensorType>(gathered.getType());
    int64_t resultRank = loops.resultRank();
    SmallVector<AffineExpr> maskExprs;
    for (int64_t dim = 0; dim < idxRank; ++dim)
      maskExprs.push_back(getAffineDimExpr(loops.indicesLoop(dim), ctx));
    AffineMap resultIdentity =
        AffineMap::getMultiDimIdentityMap(resultRank, ctx);
    Value identity = arith::ConstantOp::create(
        builder, loc, getAdditiveIdentity(builder, elemType));
    auto masked = linalg::GenericOp::create(
        builder, loc, TypeRange{gatheredType},
        ValueRange{gathered, positions.getResult(1)},
        ValueRange{emptyLike(builder, loc, gathered, elemType)},
        {resultIdentity, AffineMap::get(resultRank, 0, maskExprs, ctx),
         resultIdentity},
        SmallVector<utils::IteratorType>(resultRank,
                                         utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value value =
              arith::SelectOp::create(b, l, args[1], args[0], identity);
          linalg::YieldOp::create(b, l, value);
        });

    auto reduced = shard::AllReduceOp::create(
        builder, loc, gatheredType, grid.getSymName(), rowSplit->axes,
        masked.getResult(0), shard::ReductionKind::Sum);
    partitionMap.map(op->getResult(0), reduced.getResult());
    return success();
  }
};

/// The memory effects of `mpi.allreduce`, which MLIR 22 does not declare:
/// it reads its send buffer and writes its receive buffer. With them, the
/// buffer deallocation of the CPU lowering accepts the MPI form of
/// `shard.all_reduce`.
struct AllReduceMemoryEffects
    : public MemoryEffectOpInterface::ExternalModel<AllReduceMemoryEffects,
                                                    mpi::AllReduceOp> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    auto allReduce = cast<mpi::AllReduceOp>(op);
    effects.emplace_back(MemoryEffects::Read::get(),
                         &allReduce.getSendbufMutable());
    effects.emplace_back(MemoryEffects::Read::get(),
                         &allReduce.getRecvbufMutable());
    effects.emplace_back(MemoryEffects::Write::get(),
                         &allReduce.getRecvbufMutable());
  }
};

} // namespace

void mlir::gather::registerShardingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, GatherDialect *) {
    ctx->loadDialect<arith::ArithDialect, linalg::LinalgDialect,
                     shard::ShardDialect, tensor::TensorDialect>();
    GatherOp::attachInterface<GatherShardingModel>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, mpi::MPIDialect *) {
    mpi::AllReduceOp::attachInterface<AllReduceMemoryEffects>(*ctx);
  });
}

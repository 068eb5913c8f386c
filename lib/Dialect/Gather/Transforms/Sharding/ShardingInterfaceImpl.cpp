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
// along its gathered dimension is a sharded reduction.
//
// Indexing maps (loops `d0 .. d(R-1)` for the result, `dR` for `k`):
//   data:    D(i) -> d(i) for i < a, D(a) -> dR,
//            D(i) -> d(a + q - b + i - a - 1) for i > a;
//   indices: I(i) -> d(i) for i < b (batch), I(i) -> d(a + i - b) for i >= b;
//   result:  identity.
// Every map is a projected permutation, so upstream's default propagation
// (both ways) applies unchanged, except for the exchange form (the rows and
// the ids split over the same grid axes), whose sharding option the model
// gives itself. The partition checks the shardings and builds one of the
// forms of ShardingPlan.h.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/Transforms/Sharding/ShardingInterfaceImpl.h"
#include "ShardingPlan.h"
#include "gather-mlir/Dialect/Exchange/IR/ExchangeDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::gather;
using shard::GridAxis;
using shard::Sharding;

namespace {

/// The sharding option of the exchange form, which upstream's default
/// derivation rejects because one grid axis splits two loops: the rows (the
/// reduction loop) and a dimension of the ids (with the matching dimension
/// of the result). Returns nothing when the shardings do not ask for it.
std::optional<shard::ShardingOption>
getExchangeOption(GatherOp op, ArrayRef<Sharding> operandShardings,
                  ArrayRef<Sharding> resultShardings) {
  GatherLoops loops = getLoops(op);
  Sharding data = operandShardings[0];
  if (!data)
    return std::nullopt;
  auto dataAxes = data.getSplitAxes();
  if (static_cast<int64_t>(dataAxes.size()) <= loops.axis ||
      dataAxes[loops.axis].empty())
    return std::nullopt;
  SmallVector<GridAxis> rowAxes(dataAxes[loops.axis].asArrayRef());
  shard::ShardingArray array(loops.resultRank() + 1);
  bool idsOnRows = false;
  bool conflict = false;
  auto fill = [&](int64_t loop, ArrayRef<GridAxis> axes, bool isIdLoop) {
    if (axes.empty())
      return;
    idsOnRows |= isIdLoop && axes == ArrayRef(rowAxes);
    if (array[loop].empty())
      array[loop].assign(axes.begin(), axes.end());
    else
      conflict |= ArrayRef(array[loop]) != axes;
  };
  for (auto [dim, axes] : llvm::enumerate(dataAxes))
    if (static_cast<int64_t>(dim) != loops.axis)
      fill(loops.dataLoop(dim), axes.asArrayRef(), false);
  auto isIdLoop = [&](int64_t loop) {
    return loop >= loops.axis &&
           loop < loops.axis + loops.idxRank - loops.batchDims;
  };
  if (Sharding ids = operandShardings[1]) {
    if (ids.getGridAttr() != data.getGridAttr())
      return std::nullopt;
    for (auto [dim, axes] : llvm::enumerate(ids.getSplitAxes()))
      fill(loops.indicesLoop(dim), axes.asArrayRef(),
           static_cast<int64_t>(dim) >= loops.batchDims);
  }
  if (Sharding result = resultShardings[0]) {
    if (result.getGridAttr() != data.getGridAttr())
      return std::nullopt;
    for (auto [dim, axes] : llvm::enumerate(result.getSplitAxes()))
      fill(dim, axes.asArrayRef(), isIdLoop(dim));
  }
  if (!idsOnRows || conflict)
    return std::nullopt;
  array.back() = rowAxes;
  return shard::ShardingOption(array, data.getGridAttr());
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

  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding> resultShardings) const {
    if (std::optional<shard::ShardingOption> option = getExchangeOption(
            cast<GatherOp>(op), operandShardings, resultShardings))
      return *option;
    return shard::detail::defaultGetShardingOption(op, operandShardings,
                                                   resultShardings);
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto gatherOp = cast<GatherOp>(op);
    FailureOr<ShardingPlan> plan =
        planSharding(gatherOp, operandShardings, resultShardings, symbolTable);
    if (failed(plan))
      return failure();
    Value data = partitionedOperands[0];
    Value indices = partitionedOperands[1];
    Value result;
    switch (plan->form) {
    case ShardedForm::Local:
      result = buildLocalGather(builder, gatherOp, data, indices,
                                plan->localResultType);
      if (!result)
        return emitShardingError(gatherOp, operandShardings, resultShardings,
                                 "the local gather has no valid type");
      break;
    case ShardedForm::AllReduce:
      result = buildAllReduceForm(builder, gatherOp, *plan, data, indices);
      break;
    case ShardedForm::Exchange:
      result = buildExchangeForm(builder, gatherOp, *plan, data, indices);
      break;
    }
    if (!result)
      return failure();
    partitionMap.map(op->getResult(0), result);
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
    ctx->loadDialect<arith::ArithDialect, exchange::ExchangeDialect,
                     linalg::LinalgDialect, scf::SCFDialect,
                     shard::ShardDialect, tensor::TensorDialect>();
    GatherOp::attachInterface<GatherShardingModel>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, mpi::MPIDialect *) {
    mpi::AllReduceOp::attachInterface<AllReduceMemoryEffects>(*ctx);
  });
}

//===- ShardingPlan.h - how a sharded gather.gather is partitioned -*- C++ -*-//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The partition of `gather.gather` in three steps (ShardingInterfaceImpl.cpp
// calls them): planSharding checks the shardings of the operands and result
// and chooses a form; buildLocalGather and buildAllReduceForm
// (ShardingForms.cpp) and buildExchangeForm (ShardingExchange.cpp) build it.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_SHARDING_SHARDINGPLAN_H
#define GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_SHARDING_SHARDINGPLAN_H

#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/Builders.h"

#include <optional>
#include <string>

namespace mlir::gather {

/// The loop structure of one gather (normalised attributes and ranks): one
/// parallel loop per result dimension, then the reduction loop `k` over the
/// gathered dimension of `data`.
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

GatherLoops getLoops(GatherOp op);

/// How one tensor dimension is split: the grid axes and, when the split is
/// uneven or given explicitly, the start of every shard plus the end.
struct DimSplit {
  SmallVector<shard::GridAxis> axes;
  SmallVector<int64_t> offsets;
  bool operator==(const DimSplit &other) const {
    return axes == other.axes && offsets == other.offsets;
  }
};

/// The form of the partitioned gather.
enum class ShardedForm {
  /// Every loop but `k` split alike on all tensors (or nothing split): the
  /// gather of the local blocks.
  Local,
  /// The table split by rows, the ids not split along those grid axes:
  /// each process gathers the rows it holds and an all-reduce sums.
  AllReduce,
  /// The table split by rows and the ids over the same grid axes: ids to
  /// the processes that hold their rows, rows back (all-to-all).
  Exchange,
};

/// What the partition of one gather builds.
struct ShardingPlan {
  ShardedForm form = ShardedForm::Local;
  /// (Op handles are used through non-const accessors.)
  mutable shard::GridOp grid;
  /// The split of the gathered dimension (AllReduce, Exchange).
  DimSplit rowSplit;
  /// The result type of this process's block.
  RankedTensorType localResultType;
  BoundsCheck boundsCheck = BoundsCheck::Assert;
  /// The shardings of data, indices and result, for diagnostics.
  SmallVector<shard::Sharding, 3> shardings;
};

/// Checks the shardings of `op` and chooses its form. Emits an error that
/// names the shardings when no form fits.
FailureOr<ShardingPlan> planSharding(GatherOp op,
                                     ArrayRef<shard::Sharding> operandShardings,
                                     ArrayRef<shard::Sharding> resultShardings,
                                     SymbolTableCollection &symbolTable);

/// Prints a sharding as it is written in the IR, for diagnostics.
std::string describeSharding(const shard::Sharding &sharding);

/// Emits "with data sharding ... is not supported by gather-to-mpi because
/// <reason>" on `op`.
InFlightDiagnostic emitShardingError(GatherOp op,
                                     ArrayRef<shard::Sharding> operandShardings,
                                     ArrayRef<shard::Sharding> resultShardings,
                                     const Twine &reason);
inline InFlightDiagnostic
emitShardingError(GatherOp op, const ShardingPlan &plan, const Twine &reason) {
  return emitShardingError(op, ArrayRef(plan.shardings).take_front(2),
                           ArrayRef(plan.shardings).drop_front(2), reason);
}

/// Returns the linear position of this process among the members of the
/// group of `axes` (the first axis varies slowest).
Value getGroupIndex(OpBuilder &b, Location loc, shard::GridOp grid,
                    ArrayRef<shard::GridAxis> axes);

/// Returns element `index` of the constant list `values` (index values).
Value selectConstant(OpBuilder &b, Location loc, ArrayRef<int64_t> values,
                     Value index);

/// A clone of `op` on `data` and `indices` with the inferred result type
/// (`expected` when compatible), or null when no type can be inferred.
Value buildLocalGather(OpBuilder &b, GatherOp op, Value data, Value indices,
                       RankedTensorType expected);

/// The all-reduce form (ShardedForm::AllReduce); null with an error when it
/// cannot be built.
Value buildAllReduceForm(OpBuilder &b, GatherOp op, const ShardingPlan &plan,
                         Value localData, Value localIndices);

/// The exchange form (ShardedForm::Exchange); null with an error when it
/// cannot be built.
Value buildExchangeForm(OpBuilder &b, GatherOp op, const ShardingPlan &plan,
                        Value localData, Value localIndices);

/// i64 value of the index `k` (of element type `type`, any signedness) for
/// the row arithmetic: sign-extended (signless, signed) or zero-extended
/// (unsigned).
Value extendIndexToI64(OpBuilder &b, Location loc, Value k, Type type);

/// `value` collapsed to one dimension (itself when it has one; a rank-0
/// tensor expanded to one element).
Value collapseToVector(OpBuilder &b, Location loc, Value value);

/// Stops every process of the group of `plan` with the out-of-bounds message
/// for `index` when `bad` holds (exchange.abort in an scf.if).
void emitGroupBoundsAbort(OpBuilder &b, Location loc, const ShardingPlan &plan,
                          Value bad, Value index, int64_t rows);

} // namespace mlir::gather

#endif // GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_SHARDING_SHARDINGPLAN_H

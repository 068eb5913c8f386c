//===- ShardAnnotations.h - checks and rewrites of annotations -*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What gather-shard-partition does to the shard annotations of a function
// around upstream propagation and partitioning (ShardToMPISteps.cpp), so
// that every sharding either partitions or gets a diagnostic: upstream's
// passes assume valid annotations and crash on others.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_SHARDING_SHARDANNOTATIONS_H
#define GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_SHARDING_SHARDANNOTATIONS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::gather {

/// Rewrites every sharding of `func` into the one spelling that the rest of
/// gather-shard-partition reads, as upstream's sharding propagation writes
/// its shardings: trailing empty split-axes lists are dropped
/// (`split_axes = [[0], []]` becomes `[[0]]`) down to the one empty list of
/// the shard dialect's replicated sharding, `[[]]`, and the replicated
/// sharding of a rank-0 tensor has no list at all. The offsets are kept:
/// they count the non-empty lists only.
void normalizeShardings(func::FuncOp func);

/// When no sharding of `func` splits anything (after dropUnitGridAxes),
/// removes its annotations and returns true: every process runs the whole
/// function, as without annotations.
bool dropReplicatedAnnotations(func::FuncOp func);

/// Fails with an error on each annotation of `func` that the partition
/// cannot take (beyond what upstream's verifiers reject), each saying why it
/// is not supported: a sharding whose grid has a dynamic size or a size of
/// 0, a split axis out of the grid's range, halo sizes, dynamic offsets; a
/// `shard.shard` that splits a dimension its tensor does not have (after
/// normalizeShardings), or whose `sharded_dims_offsets` do not run from 0 to
/// the dimension's size or have the wrong number of entries.
LogicalResult verifyShardAnnotations(func::FuncOp func,
                                     SymbolTableCollection &symbols);

/// Removes the grid axes of size 1 from every sharding of `func` (a split
/// over one process is no split), so that a grid of one process, or axes of
/// size 1, partition to the code of one process without collectives; and
/// drops `sharded_dims_offsets` that describe the even split.
void dropUnitGridAxes(func::FuncOp func, SymbolTableCollection &symbols);

/// Gives every `shard.shard` in `func` that splits a static dimension
/// unevenly without offsets a sharding with explicit offsets: those of the
/// annotation it is chained to when that one splits alike and has them (so
/// that offsets written by hand survive propagation), else balanced ones
/// (the first `size % n` shards hold one element more).
void makeUnevenSplitsExplicit(func::FuncOp func,
                              SymbolTableCollection &symbols);

/// Fails with an error on each pair of chained `shard.shard` ops (after
/// propagation) whose resharding upstream partitioning cannot build (it
/// would crash): anything but adding or removing the last grid axis of one
/// dimension, and any change of a sharding with explicit offsets.
LogicalResult checkReshards(func::FuncOp func);

/// Fails with an error on each linalg op of `func` (after propagation) whose
/// body uses values defined outside it and whose reduction loop an operand's
/// sharding splits: upstream partitioning clones such a body without those
/// values (it crashes).
LogicalResult checkSplitReductions(func::FuncOp func);

} // namespace mlir::gather

#endif // GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_SHARDING_SHARDANNOTATIONS_H

//===- ShardingInterfaceImpl.h - sharding of gather.gather ------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The `shard::ShardingInterface` external model of `gather.gather`, which
// lets MLIR's `sharding-propagation` and `shard-partition` passes split a
// gather's operands over a `shard.grid`.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_SHARDING_SHARDINGINTERFACEIMPL_H
#define GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_SHARDING_SHARDINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
namespace gather {

/// Attaches the sharding model to `gather.gather` (and declares the dialects
/// that its partitioned form uses).
void registerShardingInterfaceExternalModels(DialectRegistry &registry);

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_SHARDING_SHARDINGINTERFACEIMPL_H

//===- ShardToExchange.h - collectives on tensors to buffers ----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Lowers exchange.all_to_all_v and the shard collectives that upstream's
// convert-shard-to-mpi of MLIR 22 leaves (shard.all_to_all, shard.all_gather,
// shard.all_slice) from tensors to the buffer ops of the exchange dialect.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_SHARDTOEXCHANGE_SHARDTOEXCHANGE_H
#define GATHER_MLIR_CONVERSION_SHARDTOEXCHANGE_SHARDTOEXCHANGE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace gather {

#define GEN_PASS_DECL_CONVERTSHARDTOEXCHANGE
#include "gather-mlir/Conversion/Passes.h.inc"

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_CONVERSION_SHARDTOEXCHANGE_SHARDTOEXCHANGE_H

//===- GatherToMPI.cpp - the gather-to-mpi pipeline -----------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// gather-to-mpi: a module with shard annotations is partitioned into the
// program of one MPI process, its collectives become MPI calls, and it is
// lowered as by gather-to-llvm (docs/Sharding.md).
//
//===----------------------------------------------------------------------===//

#include "PipelineStages.h"
#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"

#include "mlir/Conversion/ShardToMPI/ShardToMPI.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::pipelines;

/// Adds the sharding part of gather-to-mpi: each annotated function becomes
/// the program of one process (upstream propagation and partitioning, uneven
/// splits made explicit); calls made against the global types pass this
/// process's blocks and gather sharded results back. Exchanges and the
/// collectives of resharding become exchange buffer ops, the all-reduce and
/// process indices MPI (upstream); what is left of the shard dialect is an
/// error, the grids go. The partition keeps the facts of
/// gather-prove-index-ranges on the local gathers it clones (the ids they
/// read are the global ones or in range of the local rows) and marks the
/// gathers of the exchange form in range itself.
static void addShardToMPI(OpPassManager &pm, const GatherCPUOptions &options) {
  pm.addPass(createGatherShardPartition(options.getShardPartitionOptions()));
  pm.addPass(createConvertShardToExchange());
  pm.addPass(createConvertShardToMPIPass());
  pm.addPass(createGatherShardFinalize());
}

LogicalResult mlir::gather::buildGatherToMPIPipeline(
    OpPassManager &pm, const GatherToMPIPipelineOptions &options,
    raw_ostream &errorStream) {
  return addPipelineFront(pm, options, [&](OpPassManager &modulePm) {
    addShardToMPI(modulePm, options);
    if (failed(addGatherToAffine(modulePm, options, errorStream)))
      return failure();
    // MPI_Init and MPI_Finalize go in after buffer deallocation, which does
    // not accept ops without declared memory effects.
    if (!options.entryPoint.empty())
      modulePm.addPass(
          createGatherShardInitMPI(options.getShardInitMPIOptions()));
    addAffineToLLVM(modulePm, options);
    return success();
  });
}

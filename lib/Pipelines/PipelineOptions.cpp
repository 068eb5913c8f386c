//===- PipelineOptions.cpp - the options the pipelines give their passes --===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Each pass of a pipeline takes its options from the pipeline's options
// struct through one method of it (Pipelines.h): the mapping from pipeline
// options to pass options is written here once.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Pipelines/Pipelines.h"

using namespace mlir;
using namespace mlir::gather;

GatherProveIndexRangesOptions
GatherCPUOptions::getProveIndexRangesOptions() const {
  GatherProveIndexRangesOptions options;
  options.outOfRangeError = boundsCheck != BoundsCheck::Clamp;
  return options;
}

ConvertGatherToLinalgOptions
GatherCPUOptions::getGatherToLinalgOptions(const CPUTarget &target) const {
  ConvertGatherToLinalgOptions options;
  // Embedding bags pool in the target's vectors.
  options.bagVectorBytes = target.vectorBytes;
  options.bagAccumulators = bagAccumulators;
  // The distance of the slice copies' row prefetch: on an AMD EPYC
  // (znver5), bench/bags/run.sh ran the sum, max and mean bags 1.1-1.3x
  // faster with 16 than with 8 (docs/EmbeddingBags.md).
  options.bagPrefetchDistance = bagPrefetchDistance != -1
                                    ? bagPrefetchDistance
                                    : target.slicePrefetchDistance;
  options.boundsCheck = boundsCheck;
  options.strategy = strategy;
  options.form = form;
  // The forms and wrap marks guide the code generator below; the last step
  // of each pipeline removes what it leaves of them (gather-strip-hints).
  options.hints = true;
  return options;
}

GatherLowerElementLoopsOptions
GatherCPUOptions::getElementLoopsOptions() const {
  GatherLowerElementLoopsOptions options;
  options.prefetchDistance = elementPrefetchDistance;
  options.targetCpu = targetCpu;
  options.localityHint = elementLocality;
  options.rowPrefetchDistance = rowPrefetchDistance;
  options.unroll = elementUnroll;
  options.innerUnroll = elementInnerUnroll;
  options.clampPrefetch = elementClampPrefetch;
  options.signCheck = signCheck;
  options.parallel = parallel;
  options.parallelThreshold = elementParallelThreshold;
  options.parallelChunks = parallelChunks;
  return options;
}

GatherLowerSliceCopiesOptions GatherCPUOptions::getSliceCopiesOptions() const {
  GatherLowerSliceCopiesOptions options;
  options.targetCpu = targetCpu;
  options.prefetchDistance = slicePrefetchDistance;
  options.prefetchBytes = slicePrefetchBytes;
  options.prefetchLocality = prefetchLocality;
  options.nontemporalThreshold = nontemporalThreshold;
  options.vectorBytes = sliceVectorBytes;
  options.maskedTails = maskedTails;
  options.inlinePrefetchDistance = inlinePrefetchDistance;
  options.clampPrefetch = sliceClampPrefetch;
  options.parallel = parallel;
  options.parallelThreshold = sliceParallelThreshold;
  return options;
}

GatherShardPartitionOptions GatherCPUOptions::getShardPartitionOptions() const {
  GatherShardPartitionOptions options;
  options.boundsCheck = boundsCheck;
  return options;
}

ConvertGatherToATBOptions
GatherToATBPipelineOptions::getGatherToATBOptions() const {
  ConvertGatherToATBOptions options;
  options.soc = soc;
  options.boundsCheck = boundsCheck;
  return options;
}

GatherShardInitMPIOptions
GatherToMPIPipelineOptions::getShardInitMPIOptions() const {
  GatherShardInitMPIOptions options;
  options.entryPoint = entryPoint;
  return options;
}

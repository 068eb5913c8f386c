//===- PipelineStages.h - stages shared by the pipelines --------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The stages that the pipelines of this folder (one pipeline per file)
// share: the front of every pipeline (PipelineFront.cpp), the CPU lowering
// of gather-to-affine (GatherToAffine.cpp) and the lowering to the LLVM
// dialect after it (GatherToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_PIPELINES_PIPELINESTAGES_H
#define GATHER_MLIR_LIB_PIPELINES_PIPELINESTAGES_H

#include "gather-mlir/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::gather::pipelines {

/// Adds to `pm` the front that every pipeline starts with, on each module of
/// the IR on its own, followed by the passes `lower` adds, and ends the
/// pipeline with gather-strip-hints (unless `hints`).
LogicalResult
addPipelineFront(OpPassManager &pm, const GatherCPUOptions &options,
                 function_ref<LogicalResult(OpPassManager &)> lower);

/// Adds the CPU lowering of gather-to-affine: convert-gather-to-linalg, then
/// tensor code to affine loops on memrefs. Fails, with the reason on
/// `errorStream`, for an unknown `target-cpu`.
LogicalResult addGatherToAffine(OpPassManager &pm,
                                const GatherCPUOptions &options,
                                raw_ostream &errorStream);

/// Adds what gather-to-llvm runs after gather-to-affine: everything to the
/// LLVM dialect.
void addAffineToLLVM(OpPassManager &pm, const GatherCPUOptions &options);

} // namespace mlir::gather::pipelines

#endif // GATHER_MLIR_LIB_PIPELINES_PIPELINESTAGES_H

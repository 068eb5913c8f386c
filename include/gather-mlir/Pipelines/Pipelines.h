//===- Pipelines.h - gather-mlir pass pipelines -----------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The CPU pipelines:
//
// * `gather-to-affine`: gather -> linalg/scf on tensors -> one-shot
//   bufferization (function boundaries) -> affine loops on memrefs.
// * `gather-to-llvm`: `gather-to-affine`, then affine -> scf -> cf and every
//   dialect to the LLVM dialect, ready for mlir-runner or mlir-translate.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_PIPELINES_PIPELINES_H
#define GATHER_MLIR_PIPELINES_PIPELINES_H

#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace gather {

/// Options shared by the CPU pipelines.
struct GatherPipelineOptions
    : public PassPipelineOptions<GatherPipelineOptions> {
  PassOptions::Option<BoundsCheck> boundsCheck{
      *this, "bounds-check",
      llvm::cl::desc("What the generated code does with an out-of-range "
                     "index"),
      llvm::cl::init(BoundsCheck::Assert),
      llvm::cl::values(
          clEnumValN(BoundsCheck::Assert, "assert",
                     "stop the program with an 'out of bounds' message"),
          clEnumValN(BoundsCheck::Clamp, "clamp",
                     "clamp the index to [0, size-1]"),
          clEnumValN(BoundsCheck::None, "none", "trust the input"))};
  PassOptions::Option<GatherLoweringStrategy> strategy{
      *this, "strategy", llvm::cl::desc("Shape of the generated gather code"),
      llvm::cl::init(GatherLoweringStrategy::Slices),
      llvm::cl::values(
          clEnumValN(GatherLoweringStrategy::Slices, "slices",
                     "one index load and check per slice, slices copied "
                     "whole"),
          clEnumValN(GatherLoweringStrategy::Generic, "generic",
                     "one linalg.generic with tensor.extract per element"))};

  PassOptions::Option<bool> parallel{
      *this, "parallel",
      llvm::cl::desc("Run the outer loops of large gathers on several threads "
                     "with OpenMP (the program then needs libomp)"),
      llvm::cl::init(false)};

  /// The options of the gather conversion these pipeline options imply.
  GatherToLinalgOptions getGatherToLinalgOptions() const {
    GatherToLinalgOptions options;
    options.boundsCheck = boundsCheck;
    options.strategy = strategy;
    return options;
  }
};

/// Adds the passes of `gather-to-affine` to `pm` (anchored on a module).
void buildGatherToAffinePipeline(OpPassManager &pm,
                                 const GatherPipelineOptions &options);

/// Adds the passes of `gather-to-llvm` to `pm` (anchored on a module).
void buildGatherToLLVMPipeline(OpPassManager &pm,
                               const GatherPipelineOptions &options);

/// Registers `gather-to-affine` and `gather-to-llvm` with the pass registry.
void registerGatherPipelines();

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_PIPELINES_PIPELINES_H

//===- Pipelines.cpp - gather-mlir pass pipelines -------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Pipelines/Pipelines.h"
#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;

/// Appends upstream passes given in textual form to `pm`. The texts are
/// constants of this file, so a parse failure is a bug of the build.
static void addPipeline(OpPassManager &pm, StringRef pipeline) {
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(parsePassPipeline(pipeline, pm, errorStream)))
    llvm::report_fatal_error(
        llvm::Twine("gather-mlir: bad built-in pipeline '") + pipeline +
        "': " + errors);
}

void mlir::gather::buildGatherToAffinePipeline(
    OpPassManager &pm, const GatherPipelineOptions &options) {
  // Function-level passes run nested on func.func so that the pass manager
  // spreads a module's functions over the available threads; module-level
  // work runs while the IR is still small where the order allows it.
  ConvertGatherToLinalgOptions convertOptions;
  convertOptions.boundsCheck = options.boundsCheck;
  convertOptions.strategy = options.strategy;
  pm.addPass(createConvertGatherToLinalg(convertOptions));
  // Elementwise arith/math ops on tensors become linalg.generic so that
  // they bufferize; math functions without an LLVM intrinsic become libm
  // calls and composite arith ops simple ones while the IR is small.
  addPipeline(pm, "func.func(convert-elementwise-to-linalg,arith-expand),"
                  "convert-math-to-libm");
  // A result that is written into a destination the caller provides
  // (bufferization.materialize_in_destination, tensor.insert_slice) is
  // computed in place there instead of in a new buffer that is then copied.
  addPipeline(pm, "eliminate-empty-tensors");
  // Whole-module bufferization: function signatures take identity-layout
  // memrefs so that callers outside MLIR pass plain row-major buffers.
  // Deallocation follows the steps of buffer-deallocation-pipeline, with the
  // function-level ones nested.
  addPipeline(pm, "one-shot-bufferize{bufferize-function-boundaries "
                  "function-boundary-type-conversion=identity-layout-map},"
                  "drop-equivalent-buffer-results,"
                  "ownership-based-buffer-deallocation,"
                  "func.func(canonicalize,buffer-deallocation-simplification),"
                  "bufferization-lower-deallocations,"
                  "convert-bufferization-to-memref,"
                  "func.func(cse,convert-linalg-to-affine-loops,"
                  "affine-loop-invariant-code-motion)");
  // The slice copies of the `slices` strategy become prefetched vector block
  // copies; the rows that its per-element form reads are prefetched.
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  if (options.strategy == GatherLoweringStrategy::Slices) {
    GatherLowerSliceCopiesOptions copyOptions;
    copyOptions.parallel = options.parallel;
    funcPm.addPass(createGatherLowerSliceCopies(copyOptions));
    funcPm.addPass(createGatherPrefetchRows());
  }
  funcPm.addPass(createCanonicalizerPass());
}

void mlir::gather::buildGatherToLLVMPipeline(
    OpPassManager &pm, const GatherPipelineOptions &options) {
  buildGatherToAffinePipeline(pm, options);
  addPipeline(pm, "func.func(lower-affine,scf-forall-to-parallel)");
  // Parallel loops become OpenMP worksharing loops, or else sequential ones.
  // The OpenMP loop bodies sit in memref.alloca_scope regions, which must be
  // inlined (memref to LLVM) while they are still single blocks.
  if (options.parallel)
    addPipeline(pm, "convert-scf-to-openmp,"
                    "func.func(expand-strided-metadata,lower-affine),"
                    "finalize-memref-to-llvm");
  // Everything else goes to the LLVM dialect in one conversion
  // (convert-to-llvm: cf, func, index, math, memref, ub and vector through
  // their dialect interfaces, arith before it in parallel over functions),
  // which is much cheaper on large modules than one pass per dialect.
  addPipeline(pm, "func.func(convert-scf-to-cf,expand-strided-metadata,"
                  "lower-affine,arith-expand,convert-arith-to-llvm),"
                  "convert-to-llvm");
  if (options.parallel)
    addPipeline(pm, "convert-openmp-to-llvm");
  addPipeline(pm, "reconcile-unrealized-casts");
}

void mlir::gather::registerGatherPipelines() {
  PassPipelineRegistration<GatherPipelineOptions>(
      "gather-to-affine",
      "Lower gather and tensor code to affine loops on memrefs",
      buildGatherToAffinePipeline);
  PassPipelineRegistration<GatherPipelineOptions>(
      "gather-to-llvm",
      "Lower a module of gather, tensor, linalg, memref, scf, affine, arith "
      "and func code to the LLVM dialect",
      buildGatherToLLVMPipeline);
}

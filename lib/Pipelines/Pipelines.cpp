//===- Pipelines.cpp - gather-mlir pass pipelines -------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Pipelines/Pipelines.h"
#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/ATB/IR/ATBDialect.h"
#include "gather-mlir/Dialect/ATB/Transforms/BufferizableOpInterfaceImpl.h"
#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
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

namespace {
/// The settings of the CPU part of every pipeline, as plain values.
struct CPUSettings {
  BoundsCheck boundsCheck;
  GatherLoweringStrategy strategy;
  GatherForm form;
  bool parallel;
};
} // namespace

/// Adds convert-gather-to-linalg.
static void addGatherToLinalg(OpPassManager &pm, const CPUSettings &settings) {
  ConvertGatherToLinalgOptions convertOptions;
  convertOptions.boundsCheck = settings.boundsCheck;
  convertOptions.strategy = settings.strategy;
  convertOptions.form = settings.form;
  pm.addPass(createConvertGatherToLinalg(convertOptions));
}

/// Adds what gather-to-affine runs after convert-gather-to-linalg: tensor
/// code to affine loops on memrefs.
static void addTensorToAffine(OpPassManager &pm, const CPUSettings &settings) {
  // Function-level passes run nested on func.func so that the pass manager
  // spreads a module's functions over the available threads; module-level
  // work runs while the IR is still small where the order allows it.
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
                  "func.func(cse)");
  // The element and inner-axis forms of the `slices` strategy become
  // prefetched, unrolled (and with `parallel`, chunked parallel) loops;
  // every other linalg op becomes affine loops.
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  if (settings.strategy == GatherLoweringStrategy::Slices) {
    GatherLowerElementLoopsOptions loopOptions;
    loopOptions.parallel = settings.parallel;
    funcPm.addPass(createGatherLowerElementLoops(loopOptions));
  }
  addPipeline(funcPm, "convert-linalg-to-affine-loops,"
                      "affine-loop-invariant-code-motion");
  // The slice copies of the `slices` strategy become prefetched vector block
  // or inline copies; the rows that an unmarked per-element form reads are
  // prefetched.
  if (settings.strategy == GatherLoweringStrategy::Slices) {
    GatherLowerSliceCopiesOptions copyOptions;
    copyOptions.parallel = settings.parallel;
    funcPm.addPass(createGatherLowerSliceCopies(copyOptions));
    funcPm.addPass(createGatherPrefetchRows());
  }
  funcPm.addPass(createCanonicalizerPass());
}

/// Adds what gather-to-llvm runs after gather-to-affine: everything to the
/// LLVM dialect.
static void addAffineToLLVM(OpPassManager &pm, const CPUSettings &settings) {
  addPipeline(pm, "func.func(lower-affine,scf-forall-to-parallel)");
  // Parallel loops become OpenMP worksharing loops, or else sequential ones.
  // The OpenMP loop bodies sit in memref.alloca_scope regions, which must be
  // inlined (memref to LLVM) while they are still single blocks.
  if (settings.parallel)
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
  if (settings.parallel)
    addPipeline(pm, "convert-openmp-to-llvm");
  addPipeline(pm, "reconcile-unrealized-casts");
}

template <typename Options>
static CPUSettings getCPUSettings(const Options &options) {
  return {options.boundsCheck, options.strategy, options.form,
          options.parallel};
}

void mlir::gather::buildGatherToAffinePipeline(
    OpPassManager &pm, const GatherPipelineOptions &options) {
  CPUSettings settings = getCPUSettings(options);
  addGatherToLinalg(pm, settings);
  addTensorToAffine(pm, settings);
}

void mlir::gather::buildGatherToLLVMPipeline(
    OpPassManager &pm, const GatherPipelineOptions &options) {
  CPUSettings settings = getCPUSettings(options);
  addGatherToLinalg(pm, settings);
  addTensorToAffine(pm, settings);
  addAffineToLLVM(pm, settings);
}

void mlir::gather::buildGatherToATBPipeline(
    OpPassManager &pm, const GatherToATBPipelineOptions &options) {
  CPUSettings settings = getCPUSettings(options);
  // Gathers that ATB runs become atb.gather (behind a run-time guard where
  // sizes are dynamic); the others, and the guards' CPU branches, take the
  // CPU path in the same module.
  ConvertGatherToATBOptions atbOptions;
  atbOptions.soc = options.soc;
  atbOptions.boundsCheck = options.boundsCheck;
  pm.addPass(createConvertGatherToATB(atbOptions));
  addGatherToLinalg(pm, settings);
  addTensorToAffine(pm, settings);
  // atb.gather is bufferized with the rest; its memref form becomes runtime
  // calls before everything goes to the LLVM dialect.
  pm.addPass(createConvertATBToRuntime());
  addAffineToLLVM(pm, settings);
}

void mlir::gather::registerGatherPipelineDialects(DialectRegistry &registry) {
  registry.insert<GatherDialect, atb::ATBDialect>();
  atb::registerBufferizableOpInterfaceExternalModels(registry);
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
  PassPipelineRegistration<GatherToATBPipelineOptions>(
      "gather-to-atb",
      "Like gather-to-llvm, but gathers that the Ascend ATB library accepts "
      "on the chosen SoC become calls of libgather_ascend_runtime.so",
      buildGatherToATBPipeline);
}

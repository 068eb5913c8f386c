//===- RegisterPipelines.cpp - the pipelines in the pass registry ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;

/// Registers a pipeline whose builder reports failures: the reason goes to
/// the error handler of the pass pipeline parser (which prints it with the
/// position in the pipeline text) instead of ending the process.
template <typename Options>
static void registerPipeline(StringRef arg, StringRef description,
                             LogicalResult (*builder)(OpPassManager &,
                                                      const Options &,
                                                      raw_ostream &)) {
  registerPassPipeline(
      arg, description,
      [builder](OpPassManager &pm, StringRef optionsText,
                function_ref<LogicalResult(const Twine &)> errorHandler) {
        Options options;
        if (failed(options.parseFromString(optionsText)))
          return failure();
        std::string errors;
        llvm::raw_string_ostream errorStream(errors);
        if (succeeded(builder(pm, options, errorStream)))
          return success();
        return errorHandler(StringRef(errors).rtrim());
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(Options());
      });
}

void mlir::gather::registerGatherPipelines() {
  registerPipeline<GatherPipelineOptions>(
      "gather-to-affine",
      "Lower gather and tensor code to affine loops on memrefs",
      buildGatherToAffinePipeline);
  registerPipeline<GatherPipelineOptions>(
      "gather-to-llvm",
      "Lower a module of gather, tensor, linalg, memref, scf, affine, arith "
      "and func code to the LLVM dialect",
      buildGatherToLLVMPipeline);
  registerPipeline<GatherToATBPipelineOptions>(
      "gather-to-atb",
      "Like gather-to-llvm, but gathers that the Ascend ATB library accepts "
      "on the chosen SoC become calls of libgather_ascend_runtime.so",
      buildGatherToATBPipeline);
  registerPipeline<GatherToMPIPipelineOptions>(
      "gather-to-mpi",
      "Partition a module with shard annotations into the program of one "
      "MPI process and lower it like gather-to-llvm, with MPI calls (MPICH "
      "ABI)",
      buildGatherToMPIPipeline);
}

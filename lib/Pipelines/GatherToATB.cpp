//===- GatherToATB.cpp - the gather-to-atb pipeline -----------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// gather-to-atb: gathers that the Ascend ATB library accepts on the chosen
// SoC become atb.gather and, after bufferization, calls of the Ascend
// runtime; everything else is lowered as by gather-to-llvm.
//
//===----------------------------------------------------------------------===//

#include "PipelineStages.h"
#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/ATB/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::pipelines;

LogicalResult mlir::gather::buildGatherToATBPipeline(
    OpPassManager &pm, const GatherToATBPipelineOptions &options,
    raw_ostream &errorStream) {
  return addPipelineFront(pm, options, [&](OpPassManager &modulePm) {
    // Gathers that ATB runs become atb.gather (behind a run-time guard
    // where sizes are dynamic); the others, and the guards' CPU branches,
    // take the CPU path in the same module.
    modulePm.addPass(createConvertGatherToATB(options.getGatherToATBOptions()));
    if (failed(addGatherToAffine(modulePm, options, errorStream)))
      return failure();
    // atb.gather is bufferized with the rest; its operands move to device
    // memory with copies at the boundary of the device region, and then
    // everything becomes runtime calls before it all goes to the LLVM
    // dialect.
    if (options.deviceResident)
      modulePm.addNestedPass<func::FuncOp>(atb::createATBPlaceTransfers());
    modulePm.addPass(createConvertATBToRuntime());
    addAffineToLLVM(modulePm, options);
    return success();
  });
}

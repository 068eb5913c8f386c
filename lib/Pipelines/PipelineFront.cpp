//===- PipelineFront.cpp - the front of every pipeline --------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PassManagerUtils.h"
#include "PipelineStages.h"
#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"

#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToSCF/TosaToSCF.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::pipelines;

/// Adds to `pm` (anchored on builtin.module) upstream's lowering of TOSA to
/// linalg, tensor, arith and scf on tensors, in the order of upstream's
/// TOSA pipelines: control flow to scf first, then tosa-to-linalg-pipeline
/// (decompositions, shape inference, broadcasts, named ops, constant
/// folding, validation, tosa-to-linalg), then what tosa-to-linalg leaves
/// (tosa.const, tosa.reshape, tosa.slice, tosa.concat, tosa.pad, ...).
static void addTosaLowering(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createTosaToSCFPass());
  tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions());
  pm.addNestedPass<func::FuncOp>(createTosaToArithPass());
  pm.addNestedPass<func::FuncOp>(createTosaToTensorPass());
}

/// Adds to `pm` the front that every pipeline starts with, on each module of
/// the IR on its own (createLowerEachModulePass), followed by the passes
/// `lower` adds: tosa.gather, single-dimension tensor.gather and the linalg
/// gather idiom become gather.gather (raise-to-gather); on modules that still
/// hold TOSA ops, the TOSA around the raised gathers is lowered by upstream's
/// passes; and gather-prove-index-ranges records what it proves about the
/// gathers' indices. Every pipeline ends with gather-strip-hints: the code
/// generator's hints do not leave it.
LogicalResult pipelines::addPipelineFront(
    OpPassManager &pm, const GatherCPUOptions &options,
    function_ref<LogicalResult(OpPassManager &)> lower) {
  return addForEachModule(pm, options.verifyEach, [&](OpPassManager &modulePm) {
    modulePm.addPass(createRaiseToGather());
    OpPassManager tosa(ModuleOp::getOperationName());
    addTosaLowering(tosa);
    addIfDialect(modulePm, "tosa", std::move(tosa));
    modulePm.addPass(
        createGatherProveIndexRanges(options.getProveIndexRangesOptions()));
    if (failed(lower(modulePm)))
      return failure();
    // The output holds upstream dialects (and this project's runtime calls)
    // only.
    if (!options.hints)
      modulePm.addPass(createGatherStripHints());
    return success();
  });
}

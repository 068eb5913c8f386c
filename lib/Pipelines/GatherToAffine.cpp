//===- GatherToAffine.cpp - the gather-to-affine pipeline -----------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// gather-to-affine: after the front of every pipeline, gathers become linalg
// and scf on tensors (convert-gather-to-linalg), the whole module is
// bufferized, and linalg becomes the code generator's loops and affine loops
// on memrefs. The other pipelines lower the CPU part of a module the same
// way (addGatherToAffine).
//
//===----------------------------------------------------------------------===//

#include "PassManagerUtils.h"
#include "PipelineStages.h"
#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/CodeGen/CPU/Target.h"
#include "gather-mlir/Conversion/Passes.h"

#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::pipelines;

/// Whether the tensor `value` may be a tensor.empty or be computed in the
/// place of one, which is what eliminate-empty-tensors looks for behind the
/// source of an insertion: a superset of the values it finds, following
/// every tensor operand back (it follows only the aliasing ones), and true
/// at ops with regions and at block arguments other than a function's.
static bool mayComeFromEmptyTensor(Value value) {
  SmallVector<Value> worklist{value};
  llvm::SmallPtrSet<void *, 8> seen;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (!seen.insert(next.getAsOpaquePointer()).second)
      continue;
    if (auto argument = dyn_cast<BlockArgument>(next)) {
      if (!isa<FunctionOpInterface>(argument.getOwner()->getParentOp()))
        return true;
      continue;
    }
    Operation *def = next.getDefiningOp();
    if (isa<tensor::EmptyOp>(def) || def->getNumRegions() > 0)
      return true;
    for (Value operand : def->getOperands())
      if (isa<TensorType>(operand.getType()))
        worklist.push_back(operand);
  }
  return false;
}

/// Adds convert-gather-to-linalg.
static LogicalResult addGatherToLinalg(OpPassManager &pm,
                                       const GatherCPUOptions &options,
                                       raw_ostream &errorStream) {
  std::string error;
  FailureOr<CPUTarget> target = getCPUTarget(options.targetCpu, error);
  if (failed(target)) {
    errorStream << error;
    return failure();
  }
  pm.addPass(
      createConvertGatherToLinalg(options.getGatherToLinalgOptions(*target)));
  return success();
}

/// The greedy rewrite settings of the canonicalizations of the pipelines:
/// one sweep. The driver's worklist already carries each sweep to the fixed
/// point of the patterns; the second sweep the default allows only confirms
/// it, at the cost of the first on large modules (on the modules of
/// `gather-bench --compile-scaling` the lowered code is the same).
static GreedyRewriteConfig getOneSweepConfig() {
  GreedyRewriteConfig config;
  config.setMaxIterations(1);
  return config;
}

/// The debug names of upstream's canonicalization pattern that inlines the
/// body of an `scf.forall` of one iteration (the type name, as clang and
/// GCC spell its anonymous namespace).
static SmallVector<std::string> getSingleIterationForallFolderNames() {
  return {"(anonymous namespace)::ForallOpSingleOrZeroIterationDimsFolder",
          "{anonymous}::ForallOpSingleOrZeroIterationDimsFolder"};
}

/// Adds what gather-to-affine runs after convert-gather-to-linalg: tensor
/// code to affine loops on memrefs.
static void addTensorToAffine(OpPassManager &pm,
                              const GatherCPUOptions &options) {
  // Function-level passes run nested on func.func so that the pass manager
  // spreads a module's functions over the available threads; module-level
  // work runs while the IR is still small where the order allows it.
  // Elementwise arith/math ops on tensors become linalg.generic so that
  // they bufferize; math functions without an LLVM intrinsic become libm
  // calls and composite arith ops simple ones while the IR is small.
  OpPassManager &elementwisePm = pm.nest<func::FuncOp>();
  elementwisePm.addPass(createConvertElementwiseToLinalgPass());
  elementwisePm.addPass(arith::createArithExpandOpsPass());
  OpPassManager libm(ModuleOp::getOperationName());
  libm.addPass(createGatherMathToLibm());
  addIfDialect(pm, "math", std::move(libm));
  // A result that is written into a destination the caller provides
  // (bufferization.materialize_in_destination, tensor.insert_slice) is
  // computed in place there instead of in a new buffer that is then copied.
  // The pass analyses the aliasing of every tensor of a function before it
  // looks for such ops (3% of the pipeline on the module of gather-bench
  // --compile-scaling, where it changes nothing): it runs on modules with an
  // insertion whose source may come from a tensor.empty.
  OpPassManager eliminate(ModuleOp::getOperationName());
  eliminate.addNestedPass<func::FuncOp>(
      bufferization::createEmptyTensorEliminationPass());
  pm.addPass(createIfAnyOpPass(
      [](Operation *op) {
        auto insertion = dyn_cast<SubsetInsertionOpInterface>(op);
        return insertion &&
               mayComeFromEmptyTensor(insertion.getSourceOperand().get());
      },
      std::move(eliminate), OpPassManager(ModuleOp::getOperationName())));
  // Whole-module bufferization: function signatures take identity-layout
  // memrefs so that callers outside MLIR pass plain row-major buffers.
  // Deallocation follows the steps of buffer-deallocation-pipeline, with the
  // function-level ones nested.
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addPass(bufferization::createDropEquivalentBufferResultsPass());
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  // The canonicalization keeps the gathers' single-iteration loops (a gather
  // of one index): the loop carries the form the code generator reads, and
  // its slice copy would otherwise be left to the generic memref.copy.
  // (Top-down, as the pass's textual options default to.)
  OpPassManager &deallocPm = pm.nest<func::FuncOp>();
  GreedyRewriteConfig topDown = getOneSweepConfig();
  topDown.setUseTopDownTraversal(true);
  deallocPm.addPass(
      createCanonicalizerPass(topDown, getSingleIterationForallFolderNames()));
  deallocPm.addPass(
      bufferization::createBufferDeallocationSimplificationPass());
  // convert-bufferization-to-memref lowers the deallocations (as
  // bufferization-lower-deallocations does) and the clones. It runs on each
  // function, in parallel, unless a deallocation of several buffers needs
  // the helper function that it adds to the module; on the module of
  // gather-bench --compile-scaling the two module-wide conversions it
  // replaces took 5% of the pipeline.
  OpPassManager moduleWide(ModuleOp::getOperationName());
  moduleWide.addPass(createConvertBufferizationToMemRefPass());
  moduleWide.addNestedPass<func::FuncOp>(createCSEPass());
  OpPassManager perFunction(ModuleOp::getOperationName());
  OpPassManager &perFunctionPm = perFunction.nest<func::FuncOp>();
  perFunctionPm.addPass(createConvertBufferizationToMemRefPass());
  perFunctionPm.addPass(createCSEPass());
  pm.addPass(createIfAnyOpPass(
      [](Operation *op) {
        auto dealloc = dyn_cast<bufferization::DeallocOp>(op);
        return dealloc && dealloc.getMemrefs().size() > 1;
      },
      std::move(moduleWide), std::move(perFunction)));
  // The element and inner-axis forms of the `slices` strategy become
  // prefetched, unrolled (and with `parallel`, chunked parallel) loops;
  // every other linalg op becomes affine loops (scf loops where sizes
  // defined inside non-affine loops, such as partial tiles, are no valid
  // affine bounds).
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  if (options.strategy == GatherLoweringStrategy::Slices)
    funcPm.addPass(
        createGatherLowerElementLoops(options.getElementLoopsOptions()));
  funcPm.addPass(createGatherLinalgToLoops());
  // The embedding bags' row writes (vector transfers) become vector stores.
  funcPm.addPass(createGatherLowerVectorTransfers());
  funcPm.addPass(affine::createAffineLoopInvariantCodeMotionPass());
  // The slice copies of the `slices` strategy become prefetched vector block
  // or inline copies; the rows that an unmarked per-element form reads are
  // prefetched.
  if (options.strategy == GatherLoweringStrategy::Slices) {
    funcPm.addPass(
        createGatherLowerSliceCopies(options.getSliceCopiesOptions()));
    funcPm.addPass(createGatherPrefetchRows());
  }
  // The loops are still structured (scf, affine) here: region
  // simplification, which looks for blocks to merge and dead blocks, finds
  // none and took a fifth of this canonicalization on the module of
  // gather-bench --compile-scaling (LLVM simplifies the blocks that lowering
  // makes).
  GreedyRewriteConfig lateConfig = getOneSweepConfig();
  lateConfig.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  funcPm.addPass(createCanonicalizerPass(lateConfig));
}

LogicalResult pipelines::addGatherToAffine(OpPassManager &pm,
                                           const GatherCPUOptions &options,
                                           raw_ostream &errorStream) {
  if (failed(addGatherToLinalg(pm, options, errorStream)))
    return failure();
  addTensorToAffine(pm, options);
  return success();
}

LogicalResult
mlir::gather::buildGatherToAffinePipeline(OpPassManager &pm,
                                          const GatherPipelineOptions &options,
                                          raw_ostream &errorStream) {
  return addPipelineFront(pm, options, [&](OpPassManager &modulePm) {
    return addGatherToAffine(modulePm, options, errorStream);
  });
}

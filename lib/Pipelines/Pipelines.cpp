//===- Pipelines.cpp - gather-mlir pass pipelines -------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Pipelines/Pipelines.h"
#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/CodeGen/CPU/Target.h"
#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/ATB/Transforms/Passes.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"
#include "gather-mlir/Registration.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Conversion/ShardToMPI/ShardToMPI.h"
#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToSCF/TosaToSCF.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;

namespace {
/// Forwards the pass and analysis events of a nested pass manager to the
/// instrumentation of the pass manager that runs the enclosing pass, so that
/// timing (`--mlir-timing`), IR printing and statistics see the nested passes
/// as if they ran in the outer pipeline.
class ForwardInstrumentation : public PassInstrumentation {
public:
  explicit ForwardInstrumentation(PassInstrumentor &outer) : outer(outer) {}

  void runBeforePipeline(std::optional<OperationName> name,
                         const PipelineParentInfo &parentInfo) override {
    outer.runBeforePipeline(name, parentInfo);
  }
  void runAfterPipeline(std::optional<OperationName> name,
                        const PipelineParentInfo &parentInfo) override {
    outer.runAfterPipeline(name, parentInfo);
  }
  void runBeforePass(Pass *pass, Operation *op) override {
    outer.runBeforePass(pass, op);
  }
  void runAfterPass(Pass *pass, Operation *op) override {
    outer.runAfterPass(pass, op);
  }
  void runAfterPassFailed(Pass *pass, Operation *op) override {
    outer.runAfterPassFailed(pass, op);
  }
  void runBeforeAnalysis(StringRef name, TypeID id, Operation *op) override {
    outer.runBeforeAnalysis(name, id, op);
  }
  void runAfterAnalysis(StringRef name, TypeID id, Operation *op) override {
    outer.runAfterAnalysis(name, id, op);
  }

private:
  PassInstrumentor &outer;
};

/// Runs a module pipeline on a module and on every module nested in it,
/// innermost first. The upstream module passes of the pipelines (one-shot
/// bufferization of function boundaries, buffer deallocation) work on the
/// functions of the module they run on and mishandle code in nested modules,
/// so each nested module is lowered on its own and set aside while its
/// parent is lowered.
///
/// Unless `verifyEach` is set, the IR is not verified between the passes of
/// the pipeline: on large modules the verification after each of its
/// thirty-odd passes took as long as the passes themselves. The pass manager
/// that runs this pass still verifies the lowered IR once (when its verifier
/// is on, the default).
class LowerEachModulePass
    : public PassWrapper<LowerEachModulePass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerEachModulePass)

  LowerEachModulePass(OpPassManager pipeline, bool verifyEach)
      : pipeline(std::move(pipeline)), verifyEach(verifyEach) {}
  LowerEachModulePass(const LowerEachModulePass &other)
      : PassWrapper(other), pipeline(other.pipeline),
        verifyEach(other.verifyEach) {}

  StringRef getArgument() const override { return "gather-lower-each-module"; }
  StringRef getDescription() const override {
    return "Run a gather-mlir pipeline on each module, innermost first";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registerGatherDialects(registry);
    pipeline.getDependentDialects(registry);
  }

  void runOnOperation() override {
    if (failed(lower(getOperation())))
      signalPassFailure();
  }

private:
  LogicalResult lower(ModuleOp module) {
    SmallVector<ModuleOp> nested(module.getBody()->getOps<ModuleOp>());
    for (ModuleOp inner : nested)
      if (failed(lower(inner)))
        return failure();
    for (ModuleOp inner : nested)
      inner->remove();
    LogicalResult result = runOn(module);
    for (ModuleOp inner : nested)
      module.getBody()->push_back(inner);
    return result;
  }

  /// Runs the pipeline on `module` (whose nested modules are set aside).
  LogicalResult runOn(ModuleOp module) {
    if (verifyEach)
      return runPipeline(pipeline, module);
    // A pass manager of its own, because the verification of a nested
    // pipeline follows the outer pass manager's.
    PassManager pm(module.getContext(), ModuleOp::getOperationName());
    static_cast<OpPassManager &>(pm) = pipeline;
    pm.enableVerifier(false);
    if (PassInstrumentor *outer = getAnalysisManager().getPassInstrumentor())
      pm.addInstrumentation(std::make_unique<ForwardInstrumentation>(*outer));
    return pm.run(module);
  }

  OpPassManager pipeline;
  bool verifyEach;
};
} // namespace

/// Runs one of two module pipelines: `then` on modules that hold an op for
/// which a predicate holds, `otherwise` (which may be empty) on the others.
/// For passes that walk the whole module to convert a few ops
/// (the calls of libm), which on large modules without such ops cost a
/// walk of dialect conversion for nothing, and for module passes that can
/// run on each function instead when no op needs what they add to the
/// module.
class IfAnyOpPass : public PassWrapper<IfAnyOpPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(IfAnyOpPass)

  IfAnyOpPass(std::function<bool(Operation *)> predicate, OpPassManager then,
              OpPassManager otherwise)
      : predicate(std::move(predicate)), then(std::move(then)),
        otherwise(std::move(otherwise)) {}
  IfAnyOpPass(const IfAnyOpPass &other)
      : PassWrapper(other), predicate(other.predicate), then(other.then),
        otherwise(other.otherwise) {}

  StringRef getArgument() const override { return "gather-if-any-op"; }
  StringRef getDescription() const override {
    return "Run one of two pipelines, chosen by the ops of the module";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    then.getDependentDialects(registry);
    otherwise.getDependentDialects(registry);
  }

  void runOnOperation() override {
    WalkResult found = getOperation().walk([&](Operation *op) {
      return predicate(op) ? WalkResult::interrupt() : WalkResult::advance();
    });
    OpPassManager &pipeline = found.wasInterrupted() ? then : otherwise;
    if (!pipeline.empty() && failed(runPipeline(pipeline, getOperation())))
      signalPassFailure();
  }

private:
  std::function<bool(Operation *)> predicate;
  OpPassManager then;
  OpPassManager otherwise;
};

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

/// Adds to `pm` the module pipeline `then` to run only on modules that hold
/// an op of `dialect`.
static void addIfDialect(OpPassManager &pm, StringRef dialect,
                         OpPassManager then) {
  std::string name = dialect.str();
  pm.addPass(std::make_unique<IfAnyOpPass>(
      [name](Operation *op) {
        return op->getName().getDialectNamespace() == name;
      },
      std::move(then), OpPassManager(ModuleOp::getOperationName())));
}

/// Adds to `pm` (anchored on builtin.module) the pipeline that `fill` adds to
/// a module pass manager, run on each module of the IR (see
/// LowerEachModulePass).
static LogicalResult
addForEachModule(OpPassManager &pm, bool verifyEach,
                 function_ref<LogicalResult(OpPassManager &)> fill) {
  OpPassManager pipeline(ModuleOp::getOperationName());
  if (failed(fill(pipeline)))
    return failure();
  pm.addPass(
      std::make_unique<LowerEachModulePass>(std::move(pipeline), verifyEach));
  return success();
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
  pm.addPass(std::make_unique<IfAnyOpPass>(
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
  pm.addPass(std::make_unique<IfAnyOpPass>(
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

/// Adds what gather-to-llvm runs after gather-to-affine: everything to the
/// LLVM dialect.
static void addAffineToLLVM(OpPassManager &pm,
                            const GatherCPUOptions &options) {
  // Loop versions that the slice copies mark for it become functions of
  // their own (register allocation of each apart from the others).
  pm.addPass(createGatherOutlineVersions());
  OpPassManager &affinePm = pm.nest<func::FuncOp>();
  affinePm.addPass(createLowerAffinePass());
  affinePm.addPass(createForallToParallelLoopPass());
  // Parallel loops become OpenMP worksharing loops, or else sequential ones.
  // The OpenMP loop bodies sit in memref.alloca_scope regions, which must be
  // inlined (memref to LLVM) while they are still single blocks.
  if (options.parallel) {
    pm.addPass(createConvertSCFToOpenMPPass());
    OpPassManager &inlinePm = pm.nest<func::FuncOp>();
    inlinePm.addPass(createGatherExpandStridedMetadata());
    inlinePm.addPass(createLowerAffinePass());
    pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  }
  // Everything else goes to the LLVM dialect in one conversion
  // (gather-convert-to-llvm: upstream convert-to-llvm's patterns for arith,
  // cf, func, index, math, memref, ub and vector, the functions' bodies in
  // parallel), which is much cheaper on large modules than one pass per
  // dialect; the casts it leaves between the functions and their bodies go
  // function by function. Views become descriptor arithmetic before it
  // (gather-expand-strided-metadata: upstream's patterns in one sweep, with
  // those of lower-affine and arith-expand for what they make).
  OpPassManager &cfPm = pm.nest<func::FuncOp>();
  cfPm.addPass(createSCFToControlFlowPass());
  GatherExpandStridedMetadataOptions expandOptions;
  expandOptions.lowerAffine = true;
  cfPm.addPass(createGatherExpandStridedMetadata(expandOptions));
  // math.ipowi has neither an LLVM intrinsic nor a libm function: it (and
  // math.fpowi beside it) becomes a call of a function that
  // convert-math-to-funcs adds, in unstructured control flow (hence this
  // late).
  OpPassManager powers(ModuleOp::getOperationName());
  ConvertMathToFuncsOptions powerOptions;
  powerOptions.convertCtlz = false;
  powers.addPass(createConvertMathToFuncs(powerOptions));
  pm.addPass(std::make_unique<IfAnyOpPass>(
      [](Operation *op) { return isa<math::IPowIOp>(op); }, std::move(powers),
      OpPassManager(ModuleOp::getOperationName())));
  pm.addPass(createGatherConvertToLLVM());
  if (options.parallel)
    pm.addPass(createConvertOpenMPToLLVMPass());
  // Function by function: the casts go, then the memref descriptors that
  // are built only to be read field by field (a third of the ops of a large
  // module, which translation to LLVM IR would otherwise go through).
  OpPassManager &llvmFuncPm = pm.nest<LLVM::LLVMFuncOp>();
  llvmFuncPm.addPass(createReconcileUnrealizedCastsPass());
  llvmFuncPm.addPass(createGatherFoldDescriptors());
}

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
/// the IR on its own (LowerEachModulePass), followed by the passes `lower`
/// adds: tosa.gather, single-dimension tensor.gather and the linalg gather
/// idiom become gather.gather (raise-to-gather); on modules that still hold
/// TOSA ops, the TOSA around the raised gathers is lowered by upstream's
/// passes; and gather-prove-index-ranges records what it proves about the
/// gathers' indices. Every pipeline ends with gather-strip-hints: the code
/// generator's hints do not leave it.
static LogicalResult
addPipelineFront(OpPassManager &pm, const GatherCPUOptions &options,
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
    // The output holds upstream dialects (and this
    // project's runtime calls) only.
    if (!options.hints)
      modulePm.addPass(createGatherStripHints());
    return success();
  });
}

/// Adds the CPU lowering of gather-to-affine: convert-gather-to-linalg, then
/// tensor code to affine loops on memrefs.
static LogicalResult addGatherToAffine(OpPassManager &pm,
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

LogicalResult
mlir::gather::buildGatherToLLVMPipeline(OpPassManager &pm,
                                        const GatherPipelineOptions &options,
                                        raw_ostream &errorStream) {
  return addPipelineFront(pm, options, [&](OpPassManager &modulePm) {
    if (failed(addGatherToAffine(modulePm, options, errorStream)))
      return failure();
    addAffineToLLVM(modulePm, options);
    return success();
  });
}

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

//===- gather-to-mpi ------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//

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

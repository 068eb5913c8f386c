//===- PassManagerUtils.cpp - passes that run pipelines -------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PassManagerUtils.h"
#include "gather-mlir/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"

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

std::unique_ptr<Pass>
pipelines::createLowerEachModulePass(OpPassManager pipeline, bool verifyEach) {
  return std::make_unique<LowerEachModulePass>(std::move(pipeline), verifyEach);
}

std::unique_ptr<Pass>
pipelines::createIfAnyOpPass(std::function<bool(Operation *)> predicate,
                             OpPassManager then, OpPassManager otherwise) {
  return std::make_unique<IfAnyOpPass>(std::move(predicate), std::move(then),
                                       std::move(otherwise));
}

void pipelines::addIfDialect(OpPassManager &pm, StringRef dialect,
                             OpPassManager then) {
  std::string name = dialect.str();
  pm.addPass(createIfAnyOpPass(
      [name](Operation *op) {
        return op->getName().getDialectNamespace() == name;
      },
      std::move(then), OpPassManager(ModuleOp::getOperationName())));
}

LogicalResult
pipelines::addForEachModule(OpPassManager &pm, bool verifyEach,
                            function_ref<LogicalResult(OpPassManager &)> fill) {
  OpPassManager pipeline(ModuleOp::getOperationName());
  if (failed(fill(pipeline)))
    return failure();
  pm.addPass(createLowerEachModulePass(std::move(pipeline), verifyEach));
  return success();
}

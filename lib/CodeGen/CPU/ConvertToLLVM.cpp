//===- ConvertToLLVM.cpp - convert-to-llvm with parallel function bodies --===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// gather-convert-to-llvm: upstream's conversion to the LLVM dialect through
// the dialects' ConvertToLLVMPatternInterface, with the ops inside functions
// converted in parallel before the module-wide conversion of what is left.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/CodeGen/CPU/Passes.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/DialectConversion.h"

#include <atomic>

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERCONVERTTOLLVM
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {

/// What the ops of one function need from the module.
struct FunctionNeeds {
  /// Whether an op's lowering may add a symbol that is not declared up front
  /// (malloc, free, memrefCopy are): the function waits for the module step.
  bool waitsForModule = false;
  bool malloc = false;
  bool free = false;
  bool copy = false;
};

/// The dialects whose ops convert without adding symbols to the module,
/// apart from the ops `addsSymbols` names (`func` ops are left to the step
/// that converts the functions). A function with an op of another dialect
/// waits for the module step.
bool isKnownDialect(StringRef name) {
  static const StringRef known[] = {"arith", "builtin", "cf",   "func",
                                    "index", "llvm",    "math", "memref",
                                    "ub",    "vector"};
  return llvm::is_contained(known, name);
}

/// Whether the lowering of `op` (of a known dialect) can add a symbol to the
/// module: a print function, an assertion message.
bool addsSymbols(Operation *op) {
  return isa<vector::PrintOp, cf::AssertOp>(op);
}

FunctionNeeds getNeeds(func::FuncOp func) {
  FunctionNeeds needs;
  func.walk([&](Operation *op) {
    if (op == func.getOperation())
      return WalkResult::advance();
    Dialect *dialect = op->getDialect();
    if (!dialect || !isKnownDialect(dialect->getNamespace()) ||
        addsSymbols(op)) {
      needs.waitsForModule = true;
      return WalkResult::interrupt();
    }
    needs.malloc |= isa<memref::AllocOp>(op);
    needs.free |= isa<memref::DeallocOp>(op);
    needs.copy |= isa<memref::CopyOp>(op);
    return WalkResult::advance();
  });
  return needs;
}

/// Which dialects' patterns a conversion has.
enum class Patterns { AllButFunc, FuncOnly, All };

/// The conversion of one step: target, type converter and the patterns of
/// the loaded dialects that `which` names.
struct Conversion {
  Conversion(MLIRContext *context, Patterns which)
      : target(*context), typeConverter(context) {
    target.addLegalDialect<LLVM::LLVMDialect>();
    RewritePatternSet set(context);
    for (Dialect *dialect : context->getLoadedDialects()) {
      bool isFunc = dialect->getNamespace() == "func";
      if ((which == Patterns::AllButFunc && isFunc) ||
          (which == Patterns::FuncOnly && !isFunc))
        continue;
      if (auto *iface = dyn_cast<ConvertToLLVMPatternInterface>(dialect))
        iface->populateConvertToLLVMConversionPatterns(target, typeConverter,
                                                       set);
    }
    if (which == Patterns::AllButFunc)
      target.addLegalDialect<func::FuncDialect>();
    patterns = FrozenRewritePatternSet(std::move(set));
  }

  ConversionTarget target;
  LLVMTypeConverter typeConverter;
  FrozenRewritePatternSet patterns;
};

/// Applies a conversion with the patterns `which` names to each op of
/// `roots`, the ops spread over the context's threads, each thread with a
/// conversion of its own (a type converter shares its cache under a lock).
/// Diagnostics reach the context's handler in the order of `roots`.
LogicalResult convertInParallel(MLIRContext *context,
                                ArrayRef<Operation *> roots, Patterns which) {
  unsigned numTasks = std::min<size_t>(
      roots.size(),
      context->isMultithreadingEnabled() ? context->getNumThreads() : 1);
  // No op is folded before its patterns apply: the canonicalization before
  // this pass folded what it could, and trying each op again took about a
  // third of the conversion's time (LLVM folds what is left).
  ConversionConfig config;
  config.foldingMode = DialectConversionFoldingMode::Never;
  std::atomic<bool> failedAny(false);
  ParallelDiagnosticHandler diagnostics(context);
  parallelFor(context, 0, numTasks, [&](size_t task) {
    Conversion conversion(context, which);
    for (size_t i = task; i < roots.size(); i += numTasks) {
      diagnostics.setOrderIDForThread(i);
      if (failed(applyPartialConversion(roots[i], conversion.target,
                                        conversion.patterns, config)))
        failedAny = true;
      diagnostics.eraseOrderIDForThread();
    }
  });
  return failure(failedAny);
}

/// Converts the function ops of `funcs` (their signatures, returns and
/// calls; the ops of their bodies are converted already) in parallel: each
/// function moves into a module of its own in its place, so that no task
/// changes the block the others' functions are in, and back out when it is
/// converted. Adds the ops that take the functions' places to `converted`.
LogicalResult convertFunctions(MLIRContext *context,
                               ArrayRef<func::FuncOp> funcs,
                               llvm::SmallPtrSetImpl<Operation *> &converted) {
  SmallVector<Operation *> wrappers;
  OpBuilder builder(context);
  for (func::FuncOp func : funcs) {
    builder.setInsertionPoint(func);
    auto wrapper = ModuleOp::create(builder, func.getLoc());
    func->moveBefore(wrapper.getBody(), wrapper.getBody()->end());
    wrappers.push_back(wrapper);
  }
  LogicalResult result =
      convertInParallel(context, wrappers, Patterns::FuncOnly);
  for (Operation *wrapper : wrappers) {
    Block *body = &wrapper->getRegion(0).front();
    for (Operation &op : *body)
      converted.insert(&op);
    wrapper->getBlock()->getOperations().splice(wrapper->getIterator(),
                                                body->getOperations());
    wrapper->erase();
  }
  return result;
}

/// Declares the runtime functions that the lowering of the ops of
/// `needs` calls, as the lowering would, and returns the declaration of
/// `memrefCopy` when this call added it (it is unused when every copy is
/// contiguous and becomes a `memcpy`).
FailureOr<LLVM::LLVMFuncOp>
declareRuntime(ModuleOp module, const FunctionNeeds &needs, Type indexType) {
  OpBuilder builder(module.getContext());
  if ((needs.malloc &&
       failed(LLVM::lookupOrCreateMallocFn(builder, module, indexType))) ||
      (needs.free && failed(LLVM::lookupOrCreateFreeFn(builder, module))))
    return failure();
  if (!needs.copy || module.lookupSymbol("memrefCopy"))
    return LLVM::LLVMFuncOp();
  Type ptrType = LLVM::LLVMPointerType::get(module.getContext());
  return LLVM::lookupOrCreateMemRefCopyFn(builder, module, indexType, ptrType);
}

/// Whether a function of `funcs` calls `callee`.
bool calls(ArrayRef<func::FuncOp> funcs, LLVM::LLVMFuncOp callee) {
  for (func::FuncOp func : funcs) {
    WalkResult result = func.walk([&](LLVM::CallOp call) {
      return call.getCallee() == callee.getName() ? WalkResult::interrupt()
                                                  : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return true;
  }
  return false;
}

struct GatherConvertToLLVMPass
    : public gather::impl::GatherConvertToLLVMBase<GatherConvertToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The functions whose ops convert on their own, and what they need
    // declared first so that no task adds a symbol.
    SmallVector<func::FuncOp> bodies, copying;
    FunctionNeeds all;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      FunctionNeeds needs = getNeeds(func);
      if (needs.waitsForModule)
        continue;
      bodies.push_back(func);
      if (needs.copy)
        copying.push_back(func);
      all.malloc |= needs.malloc;
      all.free |= needs.free;
      all.copy |= needs.copy;
    }
    llvm::SmallPtrSet<Operation *, 16> converted;
    if (!bodies.empty()) {
      Type indexType = LLVMTypeConverter(&getContext()).getIndexType();
      FailureOr<LLVM::LLVMFuncOp> copyFn =
          declareRuntime(module, all, indexType);
      SmallVector<Operation *> roots(bodies.begin(), bodies.end());
      if (failed(copyFn) ||
          failed(convertInParallel(&getContext(), roots, Patterns::AllButFunc)))
        return signalPassFailure();
      if (*copyFn && !calls(copying, *copyFn))
        copyFn->erase();
      if (failed(convertFunctions(&getContext(), bodies, converted)))
        return signalPassFailure();
    }
    // The functions left above and the other ops of the module (globals,
    // for example); the functions converted above are left out, as walking
    // their ops costs as much as converting what is left.
    SmallVector<Operation *> rest;
    for (Operation &op : module.getOps())
      if (!converted.contains(&op))
        rest.push_back(&op);
    Conversion moduleConversion(&getContext(), Patterns::All);
    if (failed(applyPartialConversion(rest, moduleConversion.target,
                                      moduleConversion.patterns)))
      signalPassFailure();
  }
};

} // namespace

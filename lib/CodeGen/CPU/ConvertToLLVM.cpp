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
  /// Whether an op's lowering may add a symbol other than malloc and free.
  bool addsSymbols = false;
  bool malloc = false;
  bool free = false;
  bool copy = false;
};

/// The dialects whose ops convert without adding symbols to the module,
/// apart from the ops `addsSymbols` names. Ops of other dialects are left
/// alone by the per-function step only if they are of `func`.
bool isKnownDialect(StringRef name) {
  static const StringRef known[] = {"arith",  "builtin", "cf", "func", "index", "llvm",
                                    "math",  "memref", "ub",   "vector"};
  return llvm::is_contained(known, name);
}

/// Whether the lowering of `op` (of a known dialect) can add a symbol to the
/// module: a print function, an assertion message.
bool addsSymbols(Operation *op) { return isa<vector::PrintOp, cf::AssertOp>(op); }

FunctionNeeds getNeeds(func::FuncOp func) {
  FunctionNeeds needs;
  func.walk([&](Operation *op) {
    if (op == func.getOperation())
      return WalkResult::advance();
    Dialect *dialect = op->getDialect();
    if (!dialect || !isKnownDialect(dialect->getNamespace()) ||
        addsSymbols(op)) {
      needs.addsSymbols = true;
      return WalkResult::interrupt();
    }
    needs.malloc |= isa<memref::AllocOp>(op);
    needs.free |= isa<memref::DeallocOp>(op);
    needs.copy |= isa<memref::CopyOp>(op);
    return WalkResult::advance();
  });
  return needs;
}

/// The conversion of one step: target, type converter and patterns of the
/// loaded dialects, all of them or all but `func`.
struct Conversion {
  Conversion(MLIRContext *context, bool withFunc)
      : target(*context), typeConverter(context) {
    target.addLegalDialect<LLVM::LLVMDialect>();
    RewritePatternSet set(context);
    for (Dialect *dialect : context->getLoadedDialects()) {
      if (!withFunc && dialect->getNamespace() == "func")
        continue;
      if (auto *iface = dyn_cast<ConvertToLLVMPatternInterface>(dialect))
        iface->populateConvertToLLVMConversionPatterns(target, typeConverter,
                                                       set);
    }
    if (!withFunc)
      target.addLegalDialect<func::FuncDialect>();
    patterns = FrozenRewritePatternSet(std::move(set));
  }

  ConversionTarget target;
  LLVMTypeConverter typeConverter;
  FrozenRewritePatternSet patterns;
};

/// Declares the runtime functions that the lowering of the ops of
/// `needs` calls, as the lowering would, and returns the declaration of
/// `memrefCopy` when this call added it (it is unused when every copy is
/// contiguous and becomes a `memcpy`).
FailureOr<LLVM::LLVMFuncOp> declareRuntime(ModuleOp module,
                                           const FunctionNeeds &needs,
                                           Type indexType) {
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

/// Converts the ops of each function of `bodies` but the function itself,
/// the functions spread over the context's threads, each thread with a
/// conversion of its own (a type converter shares its cache under a lock).
LogicalResult convertBodies(MLIRContext *context,
                            ArrayRef<func::FuncOp> bodies) {
  unsigned numTasks = std::min<size_t>(
      bodies.size(),
      context->isMultithreadingEnabled() ? context->getNumThreads() : 1);
  std::atomic<bool> failedAny(false);
  // Diagnostics reach the context's handler in the order of the functions.
  ParallelDiagnosticHandler diagnostics(context);
  parallelFor(context, 0, numTasks, [&](size_t task) {
    Conversion conversion(context, /*withFunc=*/false);
    for (size_t i = task; i < bodies.size(); i += numTasks) {
      diagnostics.setOrderIDForThread(i);
      if (failed(applyPartialConversion(bodies[i], conversion.target,
                                        conversion.patterns)))
        failedAny = true;
      diagnostics.eraseOrderIDForThread();
    }
  });
  return failure(failedAny);
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
      FunctionNeeds needs = getNeeds(func);
      if (func.isExternal() || needs.addsSymbols)
        continue;
      bodies.push_back(func);
      if (needs.copy)
        copying.push_back(func);
      all.malloc |= needs.malloc;
      all.free |= needs.free;
      all.copy |= needs.copy;
    }
    if (!bodies.empty()) {
      Type indexType = LLVMTypeConverter(&getContext()).getIndexType();
      FailureOr<LLVM::LLVMFuncOp> copyFn =
          declareRuntime(module, all, indexType);
      if (failed(copyFn) || failed(convertBodies(&getContext(), bodies)))
        return signalPassFailure();
      if (*copyFn && !calls(copying, *copyFn))
        copyFn->erase();
    }
    // The functions themselves, and the functions left above.
    Conversion moduleConversion(&getContext(), /*withFunc=*/true);
    if (failed(applyPartialConversion(module, moduleConversion.target,
                                      moduleConversion.patterns)))
      signalPassFailure();
  }
};

} // namespace

//===- JIT.cpp - lower a module in-process and JIT-compile it -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Harness/JIT.h"
#include "gather-mlir/InitGather.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::harness;

void harness::initialize() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  registerAllPasses();
}

std::unique_ptr<MLIRContext> harness::createContext(bool threaded) {
  DialectRegistry registry;
  registerGatherMLIRDialects(registry);
  registerAllToLLVMIRTranslations(registry);
  return std::make_unique<MLIRContext>(
      registry, threaded ? MLIRContext::Threading::ENABLED
                         : MLIRContext::Threading::DISABLED);
}

std::string Lowering::getSpelling() const {
  return "--" + pipeline + (options.empty() ? "" : "='" + options + "'");
}

namespace {
/// Collects the error diagnostics of `context` into `error` while alive.
class ErrorCollector {
public:
  ErrorCollector(MLIRContext *context, std::string &error)
      : stream(error), handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error)
            stream << diag.getLocation() << ": " << diag << "\n";
          return success();
        }) {}

private:
  llvm::raw_string_ostream stream;
  ScopedDiagnosticHandler handler;
};
} // namespace

OwningOpRef<ModuleOp> harness::parseModule(MLIRContext &context, StringRef text,
                                           std::string &error) {
  ErrorCollector collector(&context, error);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&context));
  if (!module)
    error += "the module does not parse or verify\n";
  return module;
}

LogicalResult harness::buildLowering(PassManager &pm, const Lowering &lowering,
                                     std::string &error) {
  llvm::raw_string_ostream stream(error);
  std::string text = lowering.pipeline;
  if (!lowering.options.empty())
    text += "{" + lowering.options + "}";
  if (succeeded(parsePassPipeline(text, pm, stream)))
    return success();
  stream << "\ncannot build " << lowering.getSpelling() << "\n";
  return failure();
}

LogicalResult harness::lowerModule(ModuleOp module, const Lowering &lowering,
                                   std::string &error, bool passTiming) {
  PassManager pm(module.getContext());
  if (failed(buildLowering(pm, lowering, error)))
    return failure();
  if (passTiming)
    pm.enableTiming();
  ErrorCollector collector(module.getContext(), error);
  if (succeeded(pm.run(module)))
    return success();
  error += lowering.getSpelling() + " failed\n";
  return failure();
}

JitModule::JitModule(std::unique_ptr<ExecutionEngine> engine)
    : engine(std::move(engine)) {}

JitModule::~JitModule() = default;

std::unique_ptr<JitModule> JitModule::create(ModuleOp module,
                                             const JitOptions &options,
                                             std::string &error) {
  llvm::CodeGenOptLevel level = options.optLevel >= 3
                                    ? llvm::CodeGenOptLevel::Aggressive
                                    : llvm::CodeGenOptLevel::Default;
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    error += "cannot detect the host: " + toString(builder.takeError()) + "\n";
    return nullptr;
  }
  builder->setCodeGenOptLevel(level);
  auto targetMachine = builder->createTargetMachine();
  if (!targetMachine) {
    error += "cannot create a target machine: " +
             toString(targetMachine.takeError()) + "\n";
    return nullptr;
  }
  // The engine runs the transformer while it is created and owns the target
  // machine afterwards.
  std::function<llvm::Error(llvm::Module *)> transformer =
      makeOptimizingTransformer(options.optLevel, /*sizeLevel=*/0,
                                targetMachine->get());
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = level;
  SmallVector<StringRef> libs(options.sharedLibs.begin(),
                              options.sharedLibs.end());
  engineOptions.sharedLibPaths = libs;
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = options.perfJitDump;
  auto engine =
      ExecutionEngine::create(module, engineOptions, std::move(*targetMachine));
  if (!engine) {
    error += "ExecutionEngine::create failed: " + toString(engine.takeError()) +
             "\n";
    return nullptr;
  }
  (*engine)->initialize();
  // The JIT compiles a module when one of its symbols is first looked up:
  // compile it now, once, not in every forked child that calls into it.
  std::string first;
  module.walk([&](LLVM::LLVMFuncOp func) {
    if (func.isExternal() || !first.empty() ||
        func.getLinkage() != LLVM::Linkage::External)
      return;
    first = func.getName().str();
  });
  if (!first.empty()) {
    auto symbol = (*engine)->lookup(first);
    if (!symbol) {
      error +=
          "cannot compile the module: " + toString(symbol.takeError()) + "\n";
      return nullptr;
    }
  }
  return std::unique_ptr<JitModule>(new JitModule(std::move(*engine)));
}

void *JitModule::lookupCInterface(StringRef function,
                                  std::string &error) const {
  auto symbol = engine->lookup(("_mlir_ciface_" + function).str());
  if (symbol)
    return *symbol;
  error += "no C interface of '" + function.str() +
           "': " + toString(symbol.takeError()) + "\n";
  return nullptr;
}

LogicalResult JitModule::invoke(StringRef function, ArrayRef<void *> arguments,
                                std::string &error) const {
  // The packed wrapper of the C interface takes the address of each
  // argument.
  SmallVector<void *> values(arguments.begin(), arguments.end());
  SmallVector<void *> packed;
  for (void *&value : values)
    packed.push_back(&value);
  llvm::Error status =
      engine->invokePacked(("_mlir_ciface_" + function).str(), packed);
  if (!status)
    return success();
  error += "cannot call '" + function.str() +
           "': " + toString(std::move(status)) + "\n";
  return failure();
}

//===- JIT.cpp - lower a module in-process and JIT-compile it -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Harness/JIT.h"
#include "gather-mlir/InitGather.h"
#include "gather-mlir/Pipelines/Pipelines.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
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
}

std::unique_ptr<MLIRContext> harness::createContext(bool threaded) {
  DialectRegistry registry;
  registerGatherMLIRDialects(registry);
  registerAllToLLVMIRTranslations(registry);
  return std::make_unique<MLIRContext>(
      registry, threaded ? MLIRContext::Threading::ENABLED
                         : MLIRContext::Threading::DISABLED);
}

namespace {
/// A pipeline builder of Pipelines.h.
template <typename Options>
using Builder = LogicalResult (*)(OpPassManager &, const Options &,
                                  raw_ostream &);

/// Builds with `build` from the options text `text`.
template <typename Options>
LogicalResult buildFromText(OpPassManager &pm, StringRef text,
                            Builder<Options> build, raw_ostream &errorStream) {
  Options options;
  if (failed(options.parseFromString(text, errorStream)))
    return failure();
  return build(pm, options, errorStream);
}

/// `options` spelled as gather-opt takes them, without the options whose
/// value is empty.
std::string spell(const ::mlir::detail::PassOptions &options) {
  std::string text;
  llvm::raw_string_ostream os(text);
  options.print(os);
  SmallVector<StringRef> words;
  StringRef(text).trim("{}").split(words, ' ', -1, false);
  std::string out;
  for (StringRef word : words)
    if (!word.ends_with("="))
      out += (out.empty() ? "" : " ") + word.str();
  return out;
}

/// A builder of `build` with a copy of `options`.
template <typename Options>
std::function<LogicalResult(OpPassManager &, raw_ostream &)>
bindOptions(const Options &options, Builder<Options> build) {
  auto copy = std::make_shared<Options>();
  copy->copyOptionValuesFrom(options);
  return [copy, build](OpPassManager &pm, raw_ostream &errorStream) {
    return build(pm, *copy, errorStream);
  };
}
} // namespace

Lowering::Lowering(std::string pipeline, std::string options)
    : name(std::move(pipeline)), optionsText(std::move(options)) {
  builder = [pipeline = name, text = optionsText](OpPassManager &pm,
                                                  raw_ostream &errorStream) {
    if (pipeline == "gather-to-llvm")
      return buildFromText<GatherPipelineOptions>(
          pm, text, buildGatherToLLVMPipeline, errorStream);
    if (pipeline == "gather-to-affine")
      return buildFromText<GatherPipelineOptions>(
          pm, text, buildGatherToAffinePipeline, errorStream);
    if (pipeline == "gather-to-atb")
      return buildFromText<GatherToATBPipelineOptions>(
          pm, text, buildGatherToATBPipeline, errorStream);
    if (pipeline == "gather-to-mpi")
      return buildFromText<GatherToMPIPipelineOptions>(
          pm, text, buildGatherToMPIPipeline, errorStream);
    errorStream << "'" << pipeline << "' is not a gather-mlir pipeline";
    return failure();
  };
}

Lowering::Lowering(const GatherPipelineOptions &options)
    : name("gather-to-llvm"), optionsText(spell(options)),
      builder(bindOptions(options, buildGatherToLLVMPipeline)) {}

Lowering::Lowering(const GatherToATBPipelineOptions &options)
    : name("gather-to-atb"), optionsText(spell(options)),
      builder(bindOptions(options, buildGatherToATBPipeline)) {}

std::string Lowering::getSpelling() const {
  return "--" + name + (optionsText.empty() ? "" : "='" + optionsText + "'");
}

LogicalResult Lowering::build(OpPassManager &pm,
                              raw_ostream &errorStream) const {
  return builder(pm, errorStream);
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
  if (succeeded(lowering.build(pm, stream)))
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

//===- JIT.h - lower a module in-process and JIT-compile it -----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The execution harness of gather-mlir's benchmarks and random testers:
// parse a module, lower it with a gather-mlir pipeline in-process
// (`mlir::PassManager`), JIT-compile it once with the MLIR ExecutionEngine
// for the host CPU and call its functions through their C interface
// (`llvm.emit_c_interface`) on memref descriptors (`Harness/MemRef.h`).
// `Harness/Run.h` times calls and runs calls that must stop the process in
// a forked child.
//
//   harness::initialize();
//   std::unique_ptr<MLIRContext> context = harness::createContext();
//   std::string error;
//   OwningOpRef<ModuleOp> module = harness::parseModule(*context, text, error);
//   GatherPipelineOptions options;
//   options.boundsCheck = BoundsCheck::Clamp;
//   harness::Lowering lowering(options);    // gather-to-llvm
//   if (!module || failed(harness::lowerModule(*module, lowering, error)))
//     ...;
//   std::unique_ptr<harness::JitModule> jit =
//       harness::JitModule::create(*module, harness::JitOptions(), error);
//   jit->invoke("gather", {result.get(), data.get(), indices.get()}, error);
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_HARNESS_JIT_H
#define GATHER_MLIR_HARNESS_JIT_H

#include "gather-mlir/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
class MLIRContext;
class OpPassManager;
class PassManager;
namespace gather {
namespace harness {

/// Where lowered code finds `memrefCopy` and the other C runner utilities.
constexpr const char *kCRunnerUtilsPath =
    "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so";
/// The OpenMP runtime that code lowered with `parallel=true` calls.
constexpr const char *kLibOmpPath = "/usr/lib/llvm-22/lib/libomp.so";

/// Loads the native target of the JIT. (The lowerings need no pass
/// registration: the pipelines are built from typed options.) Safe to call
/// more than once.
void initialize();

/// A context with every dialect and external model gather-mlir registers
/// and the translations to LLVM IR. Single-threaded unless `threaded`.
std::unique_ptr<MLIRContext> createContext(bool threaded = false);

/// A gather-mlir pipeline with its options: the typed options of
/// `gather-mlir/Pipelines/Pipelines.h`, or, for options that come as text (a
/// tool's command line), the pipeline's name and its options in gather-opt's
/// spelling, e.g. {"gather-to-llvm", "bounds-check=clamp strategy=generic"}.
class Lowering {
public:
  /// `pipeline` (gather-to-llvm, gather-to-affine, gather-to-atb or
  /// gather-to-mpi) with the options text `options`; an unknown pipeline or
  /// options text that does not parse fails when the lowering is built.
  Lowering(std::string pipeline = "gather-to-llvm", std::string options = "");
  /// gather-to-llvm with `options`.
  explicit Lowering(const GatherPipelineOptions &options);
  /// gather-to-atb with `options`.
  explicit Lowering(const GatherToATBPipelineOptions &options);

  /// The gather-opt flag: `--gather-to-llvm='bounds-check=clamp'` (typed
  /// options are spelled with every option that has a value).
  std::string getSpelling() const;

  /// Adds the passes of the pipeline to `pm` (anchored on a module); the
  /// reason on `errorStream` when it cannot.
  LogicalResult build(OpPassManager &pm, llvm::raw_ostream &errorStream) const;

private:
  std::string name;
  std::string optionsText;
  std::function<LogicalResult(OpPassManager &, llvm::raw_ostream &)> builder;
};

/// Parses and verifies `text`; null with the diagnostics in `error` when it
/// does not.
OwningOpRef<ModuleOp> parseModule(MLIRContext &context, StringRef text,
                                  std::string &error);

/// Adds the passes of `lowering` to `pm` (anchored on a module). Writes the
/// reason to `error` when the pipeline name or an option does not parse.
LogicalResult buildLowering(PassManager &pm, const Lowering &lowering,
                            std::string &error);

/// Lowers `module` in place with `lowering`; on failure the error
/// diagnostics in `error`. `passTiming` prints MLIR's per-pass timing
/// report to standard error.
LogicalResult lowerModule(ModuleOp module, const Lowering &lowering,
                          std::string &error, bool passTiming = false);

/// How the JIT compiles a lowered module.
struct JitOptions {
  /// LLVM optimisation level of the IR pipeline and of code generation
  /// (3: `CodeGenOptLevel::Aggressive`).
  unsigned optLevel = 3;
  /// Libraries the code may call.
  std::vector<std::string> sharedLibs = {kCRunnerUtilsPath};
  /// Registers the compiled code with perf's JIT interface: a
  /// `jit-PID.dump` under `$JITDUMPDIR` (else the current directory) that
  /// `perf inject --jit` turns into symbols, for `perf record -k 1`.
  bool perfJitDump = false;
};

/// A module of the LLVM dialect compiled for the host CPU and its features.
class JitModule {
public:
  /// Compiles `module` (already lowered to the LLVM dialect); null with the
  /// reason in `error` on failure.
  static std::unique_ptr<JitModule>
  create(ModuleOp module, const JitOptions &options, std::string &error);
  ~JitModule();

  /// The address of `_mlir_ciface_<function>`, or null with the reason in
  /// `error`. Callers that time calls cast it to the function's type.
  void *lookupCInterface(StringRef function, std::string &error) const;

  /// Calls `_mlir_ciface_<function>` with `arguments`, one pointer per
  /// parameter of the C interface (a memref result's descriptor first, then
  /// each memref argument's descriptor). Fails with the reason in `error`
  /// when there is no such function.
  LogicalResult invoke(StringRef function, ArrayRef<void *> arguments,
                       std::string &error) const;

private:
  explicit JitModule(std::unique_ptr<ExecutionEngine> engine);
  std::unique_ptr<ExecutionEngine> engine;
};

} // namespace harness
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_HARNESS_JIT_H

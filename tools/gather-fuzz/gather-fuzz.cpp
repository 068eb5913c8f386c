//===- gather-fuzz.cpp - libFuzzer target: parse, verify, lower -----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A libFuzzer target that treats its input as MLIR text. It parses and
// verifies the text with every dialect gather-opt knows; when the module
// verifies and holds only ops of the dialects the gather pipelines take as
// input (builtin, func, gather, arith, tensor), it runs, each on a fresh copy:
//   - convert-gather-to-linalg,
//   - gather-to-llvm with bounds-check, strategy and parallel chosen from a
//     hash of the input (every combination is reached across inputs),
//   - gather-to-atb with a SoC (and CPU options) chosen the same way,
// and verifies each result. Diagnostics are captured and dropped: a
// diagnostic is a correct answer to bad input, never a finding. A finding is
// a crash, a sanitizer report, a pipeline that fails without any error
// diagnostic, or a pipeline that succeeds with invalid output.
//
// Build: a sanitizer build with clang (cmake/GatherSanitize.cmake) builds
// build-sanitize/bin/gather-fuzz. Run: scripts/fuzz.sh (docs/Testing.md).
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/InitGather.h"
#include "gather-mlir/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

using namespace mlir;

namespace {

/// The registry of every context: the dialects and extensions of gather-opt.
DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    gather::registerGatherMLIRDialects(*r);
    return r;
  }();
  return *registry;
}

/// FNV-1a of the input: picks the pipeline options deterministically.
uint64_t hashInput(const uint8_t *data, size_t size) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < size; ++i)
    h = (h ^ data[i]) * 0x100000001b3ULL;
  return h;
}

/// Whether every op of `module` belongs to a dialect the pipelines take as
/// input. (Upstream passes on arbitrary other dialects are upstream's
/// concern, not this project's.)
bool hasPipelineInputOnly(ModuleOp module) {
  bool ok = true;
  module->walk([&](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns != "builtin" && ns != "func" && ns != "gather" && ns != "arith" &&
        ns != "tensor") {
      ok = false;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return ok;
}

/// Runs `build` on a clone of `module`. A failure must come with an error
/// diagnostic; a success must leave valid IR. Anything else aborts (a
/// finding).
template <typename BuildFn>
void runPipeline(ModuleOp module, const char *name, BuildFn build,
                 bool &sawError) {
  OwningOpRef<ModuleOp> copy = module.clone();
  PassManager pm(module.getContext());
  build(pm);
  sawError = false;
  if (failed(pm.run(*copy))) {
    if (!sawError) {
      llvm::errs() << "gather-fuzz: " << name
                   << " failed without an error diagnostic\n";
      std::abort();
    }
    return;
  }
  if (failed(verify(*copy))) {
    llvm::errs() << "gather-fuzz: " << name << " produced invalid IR\n";
    std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // The pipelines are built from typed options: no pass is registered.
  getRegistry();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Large inputs only slow the search down.
  if (size > 16384)
    return 0;
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  bool sawError = false;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      sawError = true;
    return success();
  });
  // MLIR's lexer reads the byte after the text, expecting the NUL that a
  // MemoryBuffer of a file carries (gather-opt's input always has it);
  // libFuzzer's buffer ends without one, and a symbol name at its very end
  // made the lexer read past it (heap-buffer-overflow in
  // Token::getSymbolReference). A std::string carries the NUL.
  std::string text(reinterpret_cast<const char *>(data), size);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  if (!module || !hasPipelineInputOnly(*module))
    return 0;

  uint64_t h = hashInput(data, size);
  runPipeline(
      *module, "convert-gather-to-linalg",
      [&](PassManager &pm) {
        gather::ConvertGatherToLinalgOptions options;
        options.boundsCheck = static_cast<gather::BoundsCheck>(h % 3);
        options.strategy =
            static_cast<gather::GatherLoweringStrategy>((h >> 2) % 2);
        pm.addPass(gather::createConvertGatherToLinalg(options));
      },
      sawError);
  runPipeline(
      *module, "gather-to-llvm",
      [&](PassManager &pm) {
        gather::GatherPipelineOptions options;
        options.boundsCheck = static_cast<gather::BoundsCheck>((h >> 4) % 3);
        options.strategy =
            static_cast<gather::GatherLoweringStrategy>((h >> 6) % 2);
        options.parallel = (h >> 7) % 2;
        if (failed(gather::buildGatherToLLVMPipeline(pm, options)))
          std::abort();
      },
      sawError);
  runPipeline(
      *module, "gather-to-atb",
      [&](PassManager &pm) {
        gather::GatherToATBPipelineOptions options;
        options.soc =
            static_cast<gather::AscendSoc>((h >> 8) % gather::kNumAscendSocs);
        options.boundsCheck = static_cast<gather::BoundsCheck>((h >> 11) % 3);
        options.strategy =
            static_cast<gather::GatherLoweringStrategy>((h >> 13) % 2);
        options.parallel = (h >> 14) % 2;
        if (failed(gather::buildGatherToATBPipeline(pm, options)))
          std::abort();
      },
      sawError);
  return 0;
}

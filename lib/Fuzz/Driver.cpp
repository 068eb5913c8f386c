//===- Driver.cpp - lower, run and check generated programs ---------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Driver.h"

#include "gather-mlir/Fuzz/Reference.h"
#include "gather-mlir/Harness/MemRef.h"
#include "gather-mlir/Harness/Run.h"
#include "gather-mlir/Pipelines/Pipelines.h"
#include "gather-mlir/Runtime/ATBGatherRules.h"

#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;
using namespace mlir::gather::harness;

/// The Ascend runtime that code lowered by gather-to-atb calls (the build's
/// libgather_ascend_runtime.so, built against the ATB emulator).
static constexpr const char *kAscendRuntime = GATHER_ASCEND_RUNTIME_PATH;

//===----------------------------------------------------------------------===//
// Configurations
//===----------------------------------------------------------------------===//

namespace {
/// Sets the CPU options of `options` from `config`.
void setCPUOptions(GatherCPUOptions &options, const Config &config) {
  options.boundsCheck = config.boundsCheck;
  options.strategy = config.strategy;
  options.parallel = config.parallel;
  options.bagAccumulators = config.bagAccumulators;
  options.bagPrefetchDistance = config.bagPrefetchDistance;
}
} // namespace

Lowering Config::getLowering() const {
  if (atb) {
    GatherToATBPipelineOptions options;
    setCPUOptions(options, *this);
    options.soc = soc;
    return Lowering(options);
  }
  GatherPipelineOptions options;
  setCPUOptions(options, *this);
  return Lowering(options);
}

std::string Config::getName() const {
  return getLowering().getSpelling() + " (JIT -O" + std::to_string(optLevel) +
         ")";
}

std::vector<Config> fuzz::getAllConfigs() {
  std::vector<Config> out;
  unsigned n = 0;
  for (BoundsCheck bounds :
       {BoundsCheck::Assert, BoundsCheck::Clamp, BoundsCheck::None})
    for (GatherLoweringStrategy strategy :
         {GatherLoweringStrategy::Slices, GatherLoweringStrategy::Generic})
      for (bool parallel : {false, true}) {
        Config c;
        c.boundsCheck = bounds;
        c.strategy = strategy;
        c.parallel = parallel;
        c.optLevel = n++ % 3 == 0 ? 3 : 2;
        out.push_back(c);
      }
  // Every SoC of the ATB rules, in the order of the AscendSoc enum.
  for (int s = 0; s < gather_atb_rules::kNumSocs; ++s)
    for (BoundsCheck bounds :
         {BoundsCheck::Assert, BoundsCheck::Clamp, BoundsCheck::None}) {
      Config c;
      c.atb = true;
      c.soc = static_cast<AscendSoc>(s);
      c.boundsCheck = bounds;
      c.strategy = n % 2 ? GatherLoweringStrategy::Generic
                         : GatherLoweringStrategy::Slices;
      c.parallel = n % 3 == 1;
      c.optLevel = 2;
      ++n;
      out.push_back(c);
    }
  return out;
}

//===----------------------------------------------------------------------===//
// Running one program
//===----------------------------------------------------------------------===//

namespace {

/// The argument buffers of a program and their descriptors.
struct Inputs {
  explicit Inputs(const Program &p) {
    for (const ProgramArgument &argument : getArguments(p)) {
      int64_t n = getNumElements(argument.shape.sizes);
      buffers.emplace_back(n * argument.elementBytes, 8);
      uint8_t *bytes = buffers.back().as<uint8_t>();
      for (int64_t i = 0; i < n; ++i) {
        if (argument.bits.empty())
          writeDataElement(p.element, i, bytes + i * argument.elementBytes);
        else
          std::memcpy(bytes + i * argument.elementBytes, &argument.bits[i],
                      argument.elementBytes);
      }
      descriptors.emplace_back(buffers.back().data(), argument.shape.sizes);
    }
  }

  /// The C interface's arguments: the result, then every input.
  std::vector<void *> getCallArguments(MemRefDescriptor &result) {
    std::vector<void *> out = {result.get()};
    for (MemRefDescriptor &d : descriptors)
      out.push_back(d.get());
    return out;
  }

  /// Whether `pointer` is one of the inputs (a result that aliases them is
  /// not freed).
  bool owns(void *pointer) const {
    for (const AlignedBuffer &b : buffers)
      if (b.data() == pointer)
        return true;
    return false;
  }

  std::vector<AlignedBuffer> buffers;
  std::vector<MemRefDescriptor> descriptors;
};

/// The message a program that must stop prints.
const char *getExpectedMessage(const Program &p) {
  if (p.expect != Expectation::SizeMismatch)
    return "out of bounds";
  return p.note.rfind("batch", 0) == 0 ? "gather: batch dimension"
                                       : "gather: result dimension";
}

/// Checks that `p` stops with status 1 and its message.
void checkExit(const JitModule &jit, const Program &p, Inputs &inputs,
               const std::function<void(const char *, std::string)> &report) {
  MemRefDescriptor result(p.steps.back().resultDeclared.size());
  std::string name = "gather_" + std::to_string(p.id);
  ChildResult child = runInChild([&] {
    std::string error;
    (void)jit.invoke(name, inputs.getCallArguments(result), error);
  });
  std::string message;
  if (const char *kind =
          checkExpectedExit(child, getExpectedMessage(p), message))
    report(kind, message);
}

/// Runs `p` and compares its result with the reference, in a child with
/// `fork`.
void checkResult(const JitModule &jit, const Program &p, Inputs &inputs,
                 bool fork,
                 const std::function<void(const char *, std::string)> &report) {
  std::vector<int64_t> shape;
  bool outOfRange = false;
  std::vector<uint8_t> expected = computeReference(p, shape, outOfRange);
  MemRefDescriptor result(p.steps.back().resultDeclared.size());
  std::string name = "gather_" + std::to_string(p.id);
  auto print = [&](const uint8_t *e) { return formatElement(p.element, e); };
  auto run = [&]() {
    std::string error;
    if (failed(jit.invoke(name, inputs.getCallArguments(result), error)))
      return error;
    return compareMemRef(result, shape, getByteSize(p.element), expected.data(),
                         print);
  };
  if (!fork) {
    std::string problems = run();
    void *allocated = result.getAllocated();
    if (allocated && !inputs.owns(allocated))
      std::free(allocated);
    if (!problems.empty())
      report("wrong-result", problems);
    return;
  }
  std::string message;
  if (const char *kind = runCheckInChild(run, "", message))
    report(kind, message);
}

/// Runs and checks one program of a compiled batch.
void runProgram(const JitModule &jit, const Program &p, const Config &config,
                bool forkAll, BatchResult &out) {
  if (p.expect != Expectation::Match &&
      config.boundsCheck == BoundsCheck::None) {
    ++out.skipped;
    return;
  }
  auto report = [&](const char *kind, std::string text) {
    if (!p.note.empty())
      text += "  run-time sizes break: " + p.note + "\n";
    out.findings.push_back(
        {kind, p.id,
         text + "  configuration: " + config.getName() + "\n" + describe(p)});
  };
  Inputs inputs(p);
  if (p.expect == Expectation::SizeMismatch ||
      (p.expect == Expectation::OutOfBounds &&
       config.boundsCheck == BoundsCheck::Assert)) {
    ++out.exits;
    checkExit(jit, p, inputs, report);
    return;
  }
  ++out.compared;
  // Programs whose indices a producer computes run in a child: a value the
  // code computes differently from the reference must not end the caller.
  checkResult(jit, p, inputs, forkAll || p.steps[0].producer, report);
}

//===----------------------------------------------------------------------===//
// Lowering a batch
//===----------------------------------------------------------------------===//

/// Whether `p` failing to lower with `error` is the documented compile-time
/// error of gather-prove-index-ranges: every index value is out of range,
/// and the bounds check is not `clamp` (which makes it a warning).
bool isDocumentedRejection(const Program &p, const Config &config,
                           const std::string &error) {
  return p.expect == Expectation::OutOfBounds && p.allOutOfRange &&
         config.boundsCheck != BoundsCheck::Clamp &&
         (error.find("every index value lies in") != std::string::npos ||
          error.find("every index is out of range") != std::string::npos);
}

/// Lowers and, unless `jit` is false, JIT-compiles `programs` as one module.
std::unique_ptr<JitModule>
compileBatch(MLIRContext &context, const std::vector<const Program *> &programs,
             const Config &config, bool jit, std::string &error) {
  OwningOpRef<ModuleOp> module =
      parseModule(context, getModuleText(programs), error);
  if (!module || failed(lowerModule(*module, config.getLowering(), error)))
    return nullptr;
  JitOptions options;
  options.optLevel = config.optLevel;
  if (config.atb)
    options.sharedLibs.push_back(kAscendRuntime);
  if (config.parallel)
    options.sharedLibs.push_back(kLibOmpPath);
  if (!jit) {
    // Compiled only: a module whose lowering succeeded.
    return std::unique_ptr<JitModule>();
  }
  return JitModule::create(*module, options, error);
}

/// Lowers (and, unless nested, runs) `programs`; splits the batch in two
/// when it fails to lower, down to single programs.
void lowerAndRun(MLIRContext &context,
                 const std::vector<const Program *> &programs,
                 const Config &config, bool forkAll, BatchResult &out) {
  if (programs.empty())
    return;
  bool nested = programs.front()->nested;
  std::string error;
  std::unique_ptr<JitModule> jit =
      compileBatch(context, programs, config, !nested, error);
  if (!error.empty() || (!nested && !jit)) {
    if (programs.size() == 1) {
      const Program &p = *programs[0];
      if (isDocumentedRejection(p, config, error)) {
        ++out.rejectedAsDocumented;
        return;
      }
      out.findings.push_back({"rejected", p.id,
                              "lowering failed: " + error +
                                  "  configuration: " + config.getName() +
                                  "\n" + describe(p)});
      return;
    }
    size_t half = programs.size() / 2;
    lowerAndRun(context, {programs.begin(), programs.begin() + half}, config,
                forkAll, out);
    lowerAndRun(context, {programs.begin() + half, programs.end()}, config,
                forkAll, out);
    return;
  }
  out.lowered += programs.size();
  if (nested) {
    out.compiledOnly += programs.size();
    return;
  }
  if (config.atb)
    setenv("GATHER_ATB_EMULATOR_SOC",
           getAscendSocName(config.soc).str().c_str(), 1);
  for (const Program *p : programs)
    runProgram(*jit, *p, config, forkAll, out);
}

} // namespace

BatchResult fuzz::runBatch(MLIRContext &context,
                           const std::vector<const Program *> &programs,
                           const Config &config, bool forkAll) {
  BatchResult out;
  std::vector<const Program *> plain, nested, alone;
  for (const Program *p : programs) {
    // A program whose values are all out of range may be rejected at
    // compile time as documented: lowered on its own, it does not make the
    // batch split.
    if (p->allOutOfRange)
      alone.push_back(p);
    else
      (p->nested ? nested : plain).push_back(p);
  }
  lowerAndRun(context, plain, config, forkAll, out);
  lowerAndRun(context, nested, config, forkAll, out);
  for (const Program *p : alone)
    lowerAndRun(context, {p}, config, forkAll, out);
  return out;
}

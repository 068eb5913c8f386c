//===- BagDriver.cpp - lower, run and check bag programs ------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Runs each bag program's op and its unfused reference (Bag.h) on the same
// buffers and compares the results bit for bit, or checks that the program
// stops with its message.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Bag.h"

#include "gather-mlir/Fuzz/Reference.h"
#include "gather-mlir/Harness/MemRef.h"
#include "gather-mlir/Harness/Run.h"

#include "gather-mlir/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;
using namespace mlir::gather::harness;

namespace {

/// The allocated pointer MLIR's lowering gives a memref of a global (a
/// constant result): it must not be freed.
const uintptr_t kGlobalAllocated = 0xdeadbeef;

/// The argument buffers of a bag program: those of `@bag_<id>`, then the
/// mask of `@bag_ref_<id>`.
struct BagInputs {
  explicit BagInputs(const BagProgram &p) {
    for (const ProgramArgument &argument : getBagArguments(p, true)) {
      int64_t n = getNumElements(argument.shape.sizes);
      buffers.emplace_back(n * argument.elementBytes, 64);
      uint8_t *bytes = buffers.back().as<uint8_t>();
      for (int64_t i = 0; i < n; ++i)
        std::memcpy(bytes + i * argument.elementBytes, &argument.bits[i],
                    argument.elementBytes);
      descriptors.emplace_back(buffers.back().data(), argument.shape.sizes);
    }
  }

  /// The C interface's arguments: the result, then every input (the mask
  /// only for the reference).
  std::vector<void *> getCallArguments(MemRefDescriptor &result,
                                       bool reference) {
    std::vector<void *> out = {result.get()};
    for (size_t k = 0; k + (reference ? 0 : 1) < descriptors.size(); ++k)
      out.push_back(descriptors[k].get());
    return out;
  }

  /// Frees a result the call allocated (not an input, not a global).
  void freeResult(const MemRefDescriptor &result) const {
    void *allocated = result.getAllocated();
    if (!allocated ||
        reinterpret_cast<uintptr_t>(allocated) == kGlobalAllocated)
      return;
    for (const AlignedBuffer &b : buffers)
      if (b.data() == allocated)
        return;
    std::free(allocated);
  }

  std::vector<AlignedBuffer> buffers;
  std::vector<MemRefDescriptor> descriptors;
};

/// The elements of `d` in row-major order.
std::vector<uint8_t> readRowMajor(const MemRefDescriptor &d,
                                  int64_t elementBytes) {
  std::vector<int64_t> sizes = d.getSizes();
  int64_t n = getNumElements(sizes);
  std::vector<uint8_t> out(n * elementBytes);
  std::vector<int64_t> position(sizes.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t offset = d.getOffset();
    for (size_t k = 0; k < sizes.size(); ++k)
      offset += position[k] * d.getStride(k);
    std::memcpy(out.data() + i * elementBytes,
                d.getAligned() + offset * elementBytes, elementBytes);
    for (int64_t k = static_cast<int64_t>(sizes.size()) - 1; k >= 0; --k) {
      if (++position[k] < sizes[k])
        break;
      position[k] = 0;
    }
  }
  return out;
}

/// The message a program that must stop prints.
const char *getExpectedMessage(const BagProgram &p) {
  switch (p.expect) {
  case BagExpectation::IdOutOfRange:
    return "out of bounds";
  case BagExpectation::BadOffsets:
    return "gather: embedding_bag";
  default:
    return "needs at least one offset";
  }
}

using Report = std::function<void(const char *, std::string)>;

/// Checks that the op of `p` stops with status 1 and its message.
void checkExit(const JitModule &jit, const BagProgram &p, BagInputs &inputs,
               const Report &report) {
  MemRefDescriptor result(p.resultDeclared.size());
  std::string name = "bag_" + std::to_string(p.id);
  ChildResult child = runInChild([&] {
    std::string error;
    (void)jit.invoke(name, inputs.getCallArguments(result, false), error);
  });
  std::string message;
  if (const char *kind =
          checkExpectedExit(child, getExpectedMessage(p), message))
    report(kind, message);
}

/// Runs the op and the reference of `p` and compares their results, in a
/// child with `fork`.
void checkResult(const JitModule &jit, const BagProgram &p, BagInputs &inputs,
                 bool fork, const Report &report) {
  int64_t rank = p.resultDeclared.size();
  MemRefDescriptor got(rank), want(rank);
  std::string id = std::to_string(p.id);
  int64_t elementBytes = getByteSize(p.element);
  auto print = [&](const uint8_t *e) { return formatElement(p.element, e); };
  auto run = [&]() -> std::string {
    std::string error;
    if (failed(jit.invoke("bag_" + id, inputs.getCallArguments(got, false),
                          error)) ||
        failed(jit.invoke("bag_ref_" + id, inputs.getCallArguments(want, true),
                          error)))
      return error;
    std::vector<int64_t> shape = want.getSizes();
    if (shape != p.getResultSizes())
      return "the reference has sizes " + formatShape(shape) + ", expected " +
             formatShape(p.getResultSizes()) + "\n";
    std::vector<uint8_t> expected = readRowMajor(want, elementBytes);
    return compareMemRef(got, shape, elementBytes, expected.data(), print);
  };
  if (!fork) {
    std::string problems = run();
    inputs.freeResult(got);
    inputs.freeResult(want);
    if (!problems.empty())
      report("wrong-result", "op against reference: " + problems);
    return;
  }
  std::string message;
  if (const char *kind =
          runCheckInChild(run, " (op against reference)", message))
    report(kind, message);
}

/// Runs and checks one program of a compiled batch.
void runProgram(const JitModule &jit, const BagProgram &p, const Config &config,
                bool forkAll, BatchResult &out) {
  BoundsCheck bounds = config.boundsCheck;
  bool exits = false, skip = false;
  switch (p.expect) {
  case BagExpectation::Match:
    break;
  case BagExpectation::IdOutOfRange:
    exits = bounds == BoundsCheck::Assert;
    // Clamped ids are compared only without padding_idx (whether a clamped
    // id counts as the padding row is not part of the op's contract).
    skip = bounds == BoundsCheck::None ||
           (bounds == BoundsCheck::Clamp && p.paddingIdx);
    break;
  case BagExpectation::BadOffsets:
    exits = bounds == BoundsCheck::Assert;
    break;
  case BagExpectation::NoOffsets:
    exits = bounds != BoundsCheck::None;
    break;
  }
  if (skip) {
    ++out.skipped;
    return;
  }
  auto report = [&](const char *kind, std::string text) {
    if (!p.note.empty())
      text += "  the program: " + p.note + "\n";
    out.findings.push_back(
        {kind, p.id,
         text + "  configuration: " + config.getName() + "\n" + describe(p)});
  };
  BagInputs inputs(p);
  if (exits) {
    ++out.exits;
    checkExit(jit, p, inputs, report);
    return;
  }
  ++out.compared;
  checkResult(jit, p, inputs, forkAll, report);
}

/// Reports each program whose reference `raise-to-gather` turns into a
/// `gather.embedding_bag`: it would no longer be the unfused form.
void checkReferencesStayUnfused(MLIRContext &context,
                                const std::vector<const BagProgram *> &programs,
                                BatchResult &out) {
  std::string error;
  OwningOpRef<ModuleOp> module =
      parseModule(context, getBagModuleText(programs), error);
  if (!module || failed(raiseBagModule(*module, error)))
    return; // The lowering below reports it.
  module->walk([&](func::FuncOp func) {
    if (!func.getSymName().starts_with("bag_ref_"))
      return;
    bool raised = false;
    func.walk([&](Operation *op) {
      raised |= op->getName().getStringRef() == "gather.embedding_bag";
    });
    if (!raised)
      return;
    unsigned id = std::stoul(func.getSymName().drop_front(8).str());
    for (const BagProgram *p : programs)
      if (p->id == id)
        out.findings.push_back(
            {"raised-reference", id,
             "raise-to-gather turned the reference into a bag\n" +
                 describe(*p)});
  });
}

/// Lowers and runs `programs`; splits the batch in two when it fails to
/// lower, down to single programs.
void lowerAndRun(MLIRContext &context,
                 const std::vector<const BagProgram *> &programs,
                 const Config &config, bool forkAll, BatchResult &out) {
  if (programs.empty())
    return;
  std::string error;
  OwningOpRef<ModuleOp> module =
      parseModule(context, getBagModuleText(programs), error);
  std::unique_ptr<JitModule> jit;
  if (module && succeeded(lowerModule(*module, config.getLowering(), error))) {
    JitOptions options;
    options.optLevel = config.optLevel;
    if (config.parallel)
      options.sharedLibs.push_back(kLibOmpPath);
    jit = JitModule::create(*module, options, error);
  }
  if (!jit) {
    if (programs.size() == 1) {
      out.findings.push_back({"rejected", programs[0]->id,
                              "lowering failed: " + error +
                                  "  configuration: " + config.getName() +
                                  "\n" + describe(*programs[0])});
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
  for (const BagProgram *p : programs)
    runProgram(*jit, *p, config, forkAll, out);
}

} // namespace

LogicalResult mlir::gather::fuzz::raiseBagModule(ModuleOp module,
                                                 std::string &error) {
  PassManager pm(module.getContext());
  pm.addPass(createRaiseToGather());
  // The pass's diagnostics go to `error`, not to the process's stderr.
  llvm::raw_string_ostream stream(error);
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &diag) {
    stream << diag << "\n";
    return success();
  });
  if (succeeded(pm.run(module)))
    return success();
  stream << "raise-to-gather failed\n";
  return failure();
}

BatchResult fuzz::runBagBatch(MLIRContext &context,
                              const std::vector<const BagProgram *> &programs,
                              const Config &config, bool forkAll) {
  BatchResult out;
  if (programs.empty())
    return out;
  checkReferencesStayUnfused(context, programs, out);
  lowerAndRun(context, programs, config, forkAll, out);
  return out;
}

//===- CompileScaling.cpp - compile-time scaling of gather-to-llvm --------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `gather-bench --compile-scaling`: how parsing, the gather-to-llvm pipeline
// and the translation to LLVM IR scale with the number of gather ops in a
// module (bench/README.md).
//
//===----------------------------------------------------------------------===//

#include "BenchOptions.h"

#include "gather-mlir/Harness/JIT.h"
#include "gather-mlir/Harness/Run.h"
#include "gather-mlir/Support/SplitMix64.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather::harness;
using namespace gather_bench;

namespace {

using Random = mlir::gather::SplitMix64;

/// `shape` in MLIR's `AxBxC` spelling, followed by `x`.
std::string formatDims(llvm::ArrayRef<int64_t> shape) {
  std::string text;
  for (int64_t d : shape)
    text += (d == ShapedType::kDynamic ? "?" : std::to_string(d)) + "x";
  return text;
}

/// A module of `numOps` valid gathers in functions of `perFunction` ops:
/// data ranks 1..4, index ranks 0..3, every axis, batch_dims, several element
/// and index types, negative axis/batch_dims spellings, dynamic dimensions.
std::string generateScalingModule(unsigned numOps, unsigned perFunction) {
  static const llvm::StringRef elementTypes[] = {"f32", "f16", "bf16",
                                                 "f64", "i8",  "i32"};
  static const llvm::StringRef indexTypes[] = {"i32", "i64", "si32", "ui32",
                                               "index"};
  Random rng(0x5ca1ab1eULL + numOps);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "module {\n";
  unsigned emitted = 0;
  for (unsigned f = 0; emitted < numOps; ++f) {
    unsigned count = std::min(perFunction, numOps - emitted);
    std::vector<std::string> args, results, body;
    for (unsigned k = 0; k < count; ++k) {
      int64_t r = rng.uniform(1, 4);
      int64_t a = rng.uniform(0, r - 1);
      int64_t q = rng.uniform(0, 3);
      int64_t b = rng.uniform(0, std::min(a, q));
      llvm::SmallVector<int64_t> data, idx;
      for (int64_t i = 0; i < r; ++i)
        data.push_back(rng.uniform(1, 8));
      for (int64_t i = 0; i < q; ++i)
        idx.push_back(i < b ? data[i] : rng.uniform(1, 6));
      for (int64_t &d : data)
        if (rng.chance(15))
          d = ShapedType::kDynamic;
      for (int64_t &d : idx)
        if (rng.chance(15))
          d = ShapedType::kDynamic;
      // Declared result: D[:a] ++ I[b:] ++ D[a+1:], compatible with the
      // inferred type.
      llvm::SmallVector<int64_t> res(data.begin(), data.begin() + a);
      res.append(idx.begin() + b, idx.end());
      res.append(data.begin() + a + 1, data.end());

      llvm::StringRef elt = rng.pick(llvm::ArrayRef(elementTypes));
      llvm::StringRef ity = rng.pick(llvm::ArrayRef(indexTypes));
      std::string dataType = "tensor<" + formatDims(data) + elt.str() + ">";
      std::string idxType = "tensor<" + formatDims(idx) + ity.str() + ">";
      std::string resType = "tensor<" + formatDims(res) + elt.str() + ">";
      int64_t axisAttr = rng.chance(30) ? a - r : a;
      int64_t batchAttr = (b < q && rng.chance(30)) ? b - q : b;
      std::string n = std::to_string(k);
      args.push_back("%d" + n + ": " + dataType);
      args.push_back("%i" + n + ": " + idxType);
      body.push_back("    %r" + n + " = \"gather.gather\"(%d" + n + ", %i" + n +
                     ") <{axis = " + std::to_string(axisAttr) +
                     " : i64, batch_dims = " + std::to_string(batchAttr) +
                     " : i64}> : (" + dataType + ", " + idxType + ") -> " +
                     resType);
      results.push_back(resType);
    }
    os << "  func.func @f" << f << "(" << llvm::join(args, ", ") << ") -> ("
       << llvm::join(results, ", ") << ") {\n";
    for (const std::string &line : body)
      os << line << "\n";
    os << "    return";
    for (unsigned k = 0; k < count; ++k)
      os << (k ? ", " : " ") << "%r" << k;
    os << " : " << llvm::join(results, ", ") << "\n  }\n";
    emitted += count;
  }
  os << "}\n";
  return text;
}

/// The seconds of each phase for one module size.
struct Timing {
  unsigned ops;
  double parse, pipeline, translate;
};

/// Times parsing, lowering and translating a generated module of `numOps`
/// gathers in a fresh context with every dialect loaded.
Timing timeOneSize(unsigned numOps, const BenchOptions &options,
                   const Lowering &lowering, size_t &bytes) {
  std::string source = generateScalingModule(numOps, options.opsPerFunction);
  bytes = source.size();
  if (!options.writeModules.empty()) {
    std::string path =
        options.writeModules + "/scaling-" + std::to_string(numOps) + ".mlir";
    std::error_code error;
    llvm::raw_fd_ostream file(path, error);
    if (error)
      fail("cannot write " + path + ": " + error.message());
    file << source;
  }
  std::unique_ptr<MLIRContext> context = createContext(/*threaded=*/true);
  context->loadAllAvailableDialects();
  std::string error;
  Clock::time_point start = Clock::now();
  OwningOpRef<ModuleOp> module = parseModule(*context, source, error);
  if (!module)
    fail("cannot parse the generated module: " + error);
  double parseSeconds = secondsSince(start);
  start = Clock::now();
  if (failed(lowerModule(*module, lowering, error, options.passTiming)))
    fail("gather-to-llvm failed on the generated module of " +
         llvm::Twine(numOps) + " ops: " + error);
  double pipelineSeconds = secondsSince(start);
  start = Clock::now();
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule)
    fail("translation to LLVM IR failed");
  return {numOps, parseSeconds, pipelineSeconds, secondsSince(start)};
}

} // namespace

int gather_bench::runCompileScaling(const BenchOptions &options) {
  Lowering lowering{"gather-to-llvm", options.pipelineOptions};
  llvm::raw_ostream &os = llvm::outs();
  os << "compile-time scaling: gather-to-llvm{" << options.pipelineOptions
     << "}, " << options.opsPerFunction << " gather ops per function\n";
  os << llvm::format("%8s %9s %10s %9s %10s %11s %9s\n", "ops", "functions",
                     "MLIR bytes", "parse s", "pipeline s", "translate s",
                     "total s");
  std::vector<Timing> timings;
  for (unsigned numOps : options.scalingSizes) {
    size_t bytes = 0;
    Timing t = timeOneSize(numOps, options, lowering, bytes);
    unsigned functions =
        (numOps + options.opsPerFunction - 1) / options.opsPerFunction;
    os << llvm::format("%8u %9u %10zu %9.3f %10.3f %11.3f %9.3f\n", numOps,
                       functions, bytes, t.parse, t.pipeline, t.translate,
                       t.parse + t.pipeline + t.translate);
    os.flush();
    timings.push_back(t);
  }
  for (size_t i = 1; i < timings.size(); ++i) {
    const Timing &lo = timings[i - 1], &hi = timings[i];
    double opRatio = static_cast<double>(hi.ops) / lo.ops;
    os << llvm::format(
        "ratio %u/%u ops (x%.1f): parse x%.2f, pipeline x%.2f, translate "
        "x%.2f, total x%.2f\n",
        hi.ops, lo.ops, opRatio, hi.parse / lo.parse, hi.pipeline / lo.pipeline,
        hi.translate / lo.translate,
        (hi.parse + hi.pipeline + hi.translate) /
            (lo.parse + lo.pipeline + lo.translate));
  }
  return 0;
}

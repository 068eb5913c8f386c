//===- RunTime.cpp - the run-time benchmark of gather-bench ---------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Every workload is lowered in-process with `gather-to-llvm` and
// JIT-compiled at -O3 for the host CPU through the execution harness
// (gather-mlir/Harness), called through its C interface on buffers owned by
// the benchmark, compared byte for byte with the C output, then timed side
// by side with the baselines (bench/README.md).
//
//===----------------------------------------------------------------------===//

#include "Baselines.h"
#include "BenchOptions.h"
#include "Workloads.h"

#include "gather-mlir/Harness/JIT.h"
#include "gather-mlir/Harness/MemRef.h"
#include "gather-mlir/Harness/Run.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <functional>
#include <memory>
#include <thread>

using namespace mlir;
using namespace mlir::gather::harness;
using namespace gather_bench;

namespace {

enum class VariantKind {
  Ours,
  OursParallel,
  Memcpy,
  MemcpyParallel,
  Hand,
  Tuned,
  TunedWrapped,
  Generic
};

/// A variant of ours: what to compile and how to label it.
struct CompiledSpec {
  std::string label;
  VariantKind kind;
  /// The MLIR of the measured function.
  std::string module;
  /// gather-to-llvm's options.
  std::string pipelineOptions;
  /// The sizes the measured function declares dynamic.
  DynamicSizes dynamic = DynamicSizes::None;
  /// The gather written as the linalg idiom.
  bool idiom = false;
};

/// One timed implementation of a workload. `run` writes the whole output.
struct Variant {
  std::string label;
  VariantKind kind;
  std::function<void()> run;
  std::vector<double> samples;
  double median = 0;
  DynamicSizes dynamic = DynamicSizes::None;
  bool idiom = false;
};

/// One printed row.
struct ResultRow {
  std::string workload, label;
  double seconds, minSeconds, gbPerSecond;
  bool micro;
};

/// One printed ratio line: time of the baseline / time of this variant (0:
/// does not apply). The generic lowering is the one with the same declared
/// types; `vsOurs` is the first static variant of ours, `vsGather` the
/// gather.gather variant of ours with the same types (for the idiom).
struct RatioRow {
  std::string workload, label;
  double vsMemcpy, vsHand, vsGeneric, vsTuned, vsOurs, vsGather;
};

/// The compiled variants of `w`: ours with each bounds check, the
/// `--variant`s, ours with parallel=true, and (c) the generic lowering; with
/// `--dynamic`, ours, the `--variant`s and (c) again with the measured
/// function's sizes dynamic; with `--idiom`, ours on the linalg idiom for each
/// of these type modes. Add a compiled variant here.
std::vector<CompiledSpec> getCompiledSpecs(const Workload &w,
                                           const BenchOptions &options) {
  std::string mark = options.pipelineOptions.empty() ? "" : "*";
  const std::string &first = w.oursChecks.front();
  auto text = [&](llvm::StringRef check, llvm::StringRef rest) {
    return ("bounds-check=" + check + " strategy=" + rest + " " +
            options.pipelineOptions)
        .str();
  };
  auto module = [&](DynamicSizes dynamic, bool idiom) {
    FunctionTypes types;
    types.unsignedIndices = options.unsignedIndices;
    types.dynamic = dynamic;
    types.idiom = idiom;
    return getWorkloadModule(w, types);
  };
  std::string staticModule = module(DynamicSizes::None, false);
  std::vector<CompiledSpec> specs;
  for (const std::string &check : w.oursChecks)
    specs.push_back({"ours (" + check + ")" + mark, VariantKind::Ours,
                     staticModule, text(check, "slices")});
  for (const auto &[label, extra] : options.variants)
    specs.push_back({"ours (" + first + ") " + label + mark, VariantKind::Ours,
                     staticModule, text(first, "slices " + extra)});
  if (options.threads > 1)
    specs.push_back({"ours (" + first + ") " + std::to_string(options.threads) +
                         " thr" + mark,
                     VariantKind::OursParallel, staticModule,
                     text(first, "slices parallel=true")});
  SmallVector<DynamicSizes> modes = {DynamicSizes::None};
  if (options.dynamic != DynamicSizes::None)
    modes.push_back(options.dynamic);
  for (DynamicSizes dynamic : modes) {
    std::string suffix = dynamic == DynamicSizes::None
                             ? ""
                             : (" dyn-" + getDynamicSizesName(dynamic)).str();
    if (dynamic != DynamicSizes::None) {
      specs.push_back({"ours (" + first + ")" + suffix + mark,
                       VariantKind::Ours, module(dynamic, false),
                       text(first, "slices"), dynamic});
      for (const auto &[label, extra] : options.variants)
        specs.push_back({"ours (" + first + ")" + suffix + " " + label + mark,
                         VariantKind::Ours, module(dynamic, false),
                         text(first, "slices " + extra), dynamic});
    }
    if (options.idiom)
      specs.push_back({"idiom (" + first + ")" + suffix + mark,
                       VariantKind::Ours, module(dynamic, true),
                       text(first, "slices"), dynamic, /*idiom=*/true});
    specs.push_back({"(c) generic (" + first + ")" + suffix + mark,
                     VariantKind::Generic, module(dynamic, false),
                     text(first, "generic"), dynamic});
  }
  return specs;
}

/// A compiled gather: `fn(data, indices, out)` takes memref descriptors.
struct CompiledGather {
  std::unique_ptr<JitModule> jit;
  void (*fn)(void *, void *, void *) = nullptr;
  double lowerSeconds = 0, jitSeconds = 0;
  /// Call sites of heap allocation functions, and of `memrefCopy` (the
  /// runtime's element-by-element copy), in the lowered module.
  unsigned allocSites = 0, memrefCopySites = 0;
};

/// Counts the allocation and memrefCopy call sites of a lowered module.
void countCallSites(ModuleOp module, CompiledGather &result) {
  module->walk([&](LLVM::CallOp call) {
    std::optional<llvm::StringRef> callee = call.getCallee();
    if (!callee)
      return;
    if (llvm::is_contained({"malloc", "aligned_alloc", "calloc",
                            "_mlir_memref_to_llvm_alloc",
                            "_mlir_memref_to_llvm_aligned_alloc"},
                           *callee))
      ++result.allocSites;
    if (*callee == "memrefCopy")
      ++result.memrefCopySites;
  });
}

/// Lowers `spec` and JIT-compiles it at -O3 for the host CPU.
CompiledGather compile(MLIRContext &context, const CompiledSpec &spec,
                       const BenchOptions &options) {
  CompiledGather result;
  std::string error;
  Clock::time_point start = Clock::now();
  OwningOpRef<ModuleOp> module = parseModule(context, spec.module, error);
  Lowering lowering{"gather-to-llvm", spec.pipelineOptions};
  if (!module || failed(lowerModule(*module, lowering, error)))
    fail(error + "on:\n" + spec.module);
  result.lowerSeconds = secondsSince(start);
  countCallSites(*module, result);
  start = Clock::now();
  JitOptions jitOptions;
  jitOptions.perfJitDump = options.perfJit;
  jitOptions.sharedLibs.insert(jitOptions.sharedLibs.end(),
                               options.sharedLibs.begin(),
                               options.sharedLibs.end());
  result.jit = JitModule::create(*module, jitOptions, error);
  void *fn =
      result.jit ? result.jit->lookupCInterface("gather", error) : nullptr;
  if (!fn)
    fail(error);
  result.fn = reinterpret_cast<void (*)(void *, void *, void *)>(fn);
  result.jitSeconds = secondsSince(start);
  return result;
}

/// `shape` as `[a, b, c]`.
std::string join(llvm::ArrayRef<int64_t> shape) { return formatShape(shape); }

/// The buffers, variants and results of one workload.
class WorkloadRun {
public:
  WorkloadRun(const Workload &w, const BenchOptions &options)
      : w(w), options(options),
        data(getNumElements(w.dataShape) * w.getElementBytes(), 4096),
        indices(getNumElements(w.indicesShape) * (w.indexBits / 8), 4096),
        out(w.getOutputBytes(), 4096), reference(w.getOutputBytes(), 4096),
        dataDesc(data.data(), w.dataShape),
        indicesDesc(indices.data(), w.indicesShape),
        outDesc(out.data(), w.getOutputShape()) {
    fillInputs(w, data, indices);
    // The output of (b): the reference of the verification and the source
    // of the memcpy baseline.
    runBaseline(w, data, indices, reference.as<char>(), /*tuned=*/false);
  }

  void addCompiled(MLIRContext &context);
  void addBaselines();
  void verify();
  void time();
  void report(std::vector<ResultRow> &rows,
              std::vector<RatioRow> &ratios) const;

private:
  const Variant *find(VariantKind kind) const {
    for (const Variant &v : variants)
      if (v.kind == kind)
        return &v;
    return nullptr;
  }
  void add(std::string label, VariantKind kind, std::function<void()> run,
           DynamicSizes dynamic = DynamicSizes::None, bool idiom = false) {
    variants.push_back(
        {std::move(label), kind, std::move(run), {}, 0, dynamic, idiom});
  }
  /// The first variant of `kind` with the types `dynamic` (and not the
  /// idiom).
  const Variant *find(VariantKind kind, DynamicSizes dynamic) const {
    for (const Variant &v : variants)
      if (v.kind == kind && v.dynamic == dynamic && !v.idiom)
        return &v;
    return nullptr;
  }

  const Workload &w;
  const BenchOptions &options;
  AlignedBuffer data, indices, out, reference;
  MemRefDescriptor dataDesc, indicesDesc, outDesc;
  std::vector<CompiledGather> compiled;
  std::vector<Variant> variants;
};

/// The line that names `w`, its sizes and its output.
void printHeader(const Workload &w) {
  int64_t outBytes = w.getOutputBytes();
  llvm::outs() << "\n"
               << w.name << " (" << w.description << "): data " << w.elementType
               << " " << join(w.dataShape) << ", indices i" << w.indexBits
               << " " << join(w.indicesShape) << ", axis " << w.axis
               << ", batch_dims " << w.batchDims << " -> "
               << join(w.getOutputShape()) << ", "
               << (outBytes >= 1048576
                       ? llvm::formatv("{0:f1} MiB", outBytes / 1048576.0).str()
                       : llvm::formatv("{0:f1} KiB", outBytes / 1024.0).str())
               << " out\n";
  llvm::outs().flush();
}

void WorkloadRun::addCompiled(MLIRContext &context) {
  std::vector<CompiledSpec> specs = getCompiledSpecs(w, options);
  compiled.reserve(specs.size());
  for (const CompiledSpec &spec : specs) {
    compiled.push_back(compile(context, spec, options));
    const CompiledGather &c = compiled.back();
    llvm::outs() << "  compiled " << spec.label << " {"
                 << llvm::StringRef(spec.pipelineOptions).trim() << "}: lower "
                 << llvm::format("%.3f", c.lowerSeconds) << " s, jit -O3 "
                 << llvm::format("%.3f", c.jitSeconds)
                 << " s; lowered code: " << c.allocSites
                 << " heap allocation site(s), " << c.memrefCopySites
                 << " memrefCopy call site(s)\n";
    llvm::outs().flush();
    add(
        spec.label, spec.kind,
        [fn = c.fn, this]() {
          fn(dataDesc.get(), indicesDesc.get(), outDesc.get());
          escape(out.data());
        },
        spec.dynamic, spec.idiom);
  }
}

void WorkloadRun::addBaselines() {
  add("(a) memcpy", VariantKind::Memcpy, [this]() {
    std::memcpy(out.data(), reference.data(), out.size());
    escape(out.data());
  });
  // With --threads N > 1 and a large output: the memcpy split over N
  // threads, what N threads can gain on this machine at this moment.
  unsigned n = options.threads;
  if (n > 1 && w.getOutputBytes() >= (1 << 20))
    add("(a) memcpy " + std::to_string(n) + " thr", VariantKind::MemcpyParallel,
        [this, n]() {
          size_t part = (out.size() / n + 63) / 64 * 64;
          std::vector<std::thread> threads;
          for (unsigned t = 0; t < n; ++t) {
            size_t begin = std::min(out.size(), t * part);
            size_t end = std::min(out.size(), begin + part);
            threads.emplace_back([this, begin, end]() {
              std::memcpy(out.as<char>() + begin, reference.as<char>() + begin,
                          end - begin);
            });
          }
          for (std::thread &thread : threads)
            thread.join();
          escape(out.data());
        });
  add(w.kernel == HandKernel::InnerAxis ? "(b) C++ loops" : "(b) C++ row copy",
      VariantKind::Hand,
      [this]() { runBaseline(w, data, indices, out.as<char>(), false); });
  add("(d) C++ tuned", VariantKind::Tuned,
      [this]() { runBaseline(w, data, indices, out.as<char>(), true); });
  // W6 (i64 indices that the lowering wraps): the tuned C with the wrap, to
  // show what the wrap costs.
  if (w.kernel == HandKernel::Element && !options.unsignedIndices)
    add("(e) C++ tuned + wrap", VariantKind::TunedWrapped, [this]() {
      runTunedWrappedElementGather(w, data, indices, out.as<char>());
    });
}

void WorkloadRun::verify() {
  // Every variant against (b), byte for byte, from a poisoned output; this
  // also warms up.
  for (Variant &v : variants) {
    std::memset(out.data(), 0xA5, out.size());
    v.run();
    std::string problems =
        compareMemRef(outDesc, w.getOutputShape(), w.getElementBytes(),
                      reference.as<uint8_t>(), nullptr, /*maxReported=*/1);
    if (!problems.empty())
      fail(w.name + ": variant '" + v.label + "' differs from (b):\n" +
           problems);
  }
}

void WorkloadRun::time() {
  std::vector<std::function<void()>> runs;
  for (const Variant &v : variants)
    runs.push_back(v.run);
  std::vector<std::vector<double>> samples =
      timeInterleaved(runs, options.reps, w.callsPerSample);
  for (size_t k = 0; k < variants.size(); ++k) {
    variants[k].samples = std::move(samples[k]);
    variants[k].median = getMedian(variants[k].samples);
  }
}

void WorkloadRun::report(std::vector<ResultRow> &rows,
                         std::vector<RatioRow> &ratios) const {
  // Rows in a fixed order: ours, ours parallel, (a), (a) parallel, (b),
  // (d), (e), (c).
  for (VariantKind kind :
       {VariantKind::Ours, VariantKind::OursParallel, VariantKind::Memcpy,
        VariantKind::MemcpyParallel, VariantKind::Hand, VariantKind::Tuned,
        VariantKind::TunedWrapped, VariantKind::Generic})
    for (const Variant &v : variants)
      if (v.kind == kind)
        rows.push_back({w.name, v.label, v.median,
                        *std::min_element(v.samples.begin(), v.samples.end()),
                        2.0 * w.getOutputBytes() / v.median / 1e9,
                        w.callsPerSample > 1});
  double memcpyTime = find(VariantKind::Memcpy)->median;
  double handTime = find(VariantKind::Hand)->median;
  double tunedTime = find(VariantKind::Tuned)->median;
  double oursTime = find(VariantKind::Ours)->median;
  auto ratioOf = [&](const Variant &v) {
    const Variant *generic = find(VariantKind::Generic, v.dynamic);
    const Variant *gather = find(VariantKind::Ours, v.dynamic);
    return RatioRow{w.name,
                    v.label,
                    memcpyTime / v.median,
                    handTime / v.median,
                    generic ? generic->median / v.median : 0,
                    tunedTime / v.median,
                    oursTime / v.median,
                    v.idiom && gather ? gather->median / v.median : 0};
  };
  for (const Variant &v : variants)
    if (v.kind == VariantKind::Ours || v.kind == VariantKind::OursParallel)
      ratios.push_back(ratioOf(v));
  if (const Variant *wrapped = find(VariantKind::TunedWrapped))
    ratios.push_back(ratioOf(*wrapped));
  if (const Variant *split = find(VariantKind::MemcpyParallel))
    ratios.push_back({w.name, split->label, memcpyTime / split->median, 0, 0, 0,
                      memcpyTime / split->median, 0});
}

/// Prints the result table and the ratio table.
void printTables(const std::vector<ResultRow> &rows,
                 const std::vector<RatioRow> &ratios, unsigned reps) {
  llvm::raw_ostream &os = llvm::outs();
  os << "\nmedian of " << reps
     << " samples per variant (variants interleaved); GB/s = 2 x output "
        "bytes / time\n";
  os << llvm::format("%-8s %-30s %14s %14s %8s\n", "workload", "variant",
                     "median", "min", "GB/s");
  for (const ResultRow &r : rows) {
    double scale = r.micro ? 1e6 : 1e3;
    const char *unit = r.micro ? "us" : "ms";
    os << llvm::format("%-8s %-30s %11.3f %s %11.3f %s %8.2f\n",
                       r.workload.c_str(), r.label.c_str(), r.seconds * scale,
                       unit, r.minSeconds * scale, unit, r.gbPerSecond);
  }
  os << "\nratios of ours (higher is better for ours):\n"
     << "  ours/(a) = ours GB/s / memcpy GB/s (1.0: copy speed)\n"
     << "  (b)/ours = time (b) / time ours (speedup over hand-written C++)\n"
     << "  (c)/ours = time (c) / time ours (speedup over the generic "
        "lowering)\n"
     << "  (d)/ours = time (d) / time ours (speedup over hand-tuned C++)\n"
     << "  seq/ours = time of the first ours / time ours (speedup of "
        "parallel=true; for dyn-... rows: of the static types; for '(a) "
        "memcpy N thr': time (a) / its time)\n"
     << "  gath/ours = time of ours on gather.gather / time of the idiom "
        "with the same types\n"
     << "  (c) is the generic lowering with the same types as the row\n"
     << "  the row of '(e) C++ tuned + wrap' gives the same ratios for (e) in "
        "place of ours\n";
  os << llvm::format("%-8s %-30s %9s %9s %9s %9s %9s %9s\n", "workload",
                     "variant", "ours/(a)", "(b)/ours", "(d)/ours", "(c)/ours",
                     "seq/ours", "gath/ours");
  auto cell = [](double ratio) {
    return ratio == 0 ? std::string("-")
                      : llvm::formatv("{0:f2}x", ratio).str();
  };
  for (const RatioRow &r : ratios)
    os << llvm::format("%-8s %-30s %9.2f %9s %9s %9s %9s %9s\n",
                       r.workload.c_str(), r.label.c_str(), r.vsMemcpy,
                       cell(r.vsHand).c_str(), cell(r.vsTuned).c_str(),
                       cell(r.vsGeneric).c_str(), cell(r.vsOurs).c_str(),
                       cell(r.vsGather).c_str());
}

/// The workloads `options` selects, exiting on an unknown name.
std::vector<Workload> selectWorkloads(const BenchOptions &options) {
  std::vector<Workload> all = getWorkloads(options.smallCalls);
  if (options.workloads.empty())
    return all;
  std::vector<Workload> selected;
  for (const std::string &name : options.workloads) {
    auto it = llvm::find_if(all, [&](const Workload &w) {
      return llvm::StringRef(w.name).equals_insensitive(name);
    });
    if (it == all.end())
      fail("unknown workload '" + name + "' (known: W1..W7)");
    selected.push_back(*it);
  }
  return selected;
}

} // namespace

int gather_bench::runTimeBenchmark(const BenchOptions &options) {
  std::vector<Workload> selected = selectWorkloads(options);
  std::unique_ptr<MLIRContext> context = createContext(/*threaded=*/true);
  context->loadAllAvailableDialects();
  // Fail on bad option text before any work.
  std::string error;
  PassManager pm(context.get());
  if (failed(buildLowering(pm, {"gather-to-llvm", options.pipelineOptions},
                           error)))
    fail("bad gather-to-llvm options '" + options.pipelineOptions +
         "': " + error);
  llvm::outs() << "reps=" << options.reps
               << ", W4 calls per sample=" << options.smallCalls
               << ", pipeline options appended: \"" << options.pipelineOptions
               << "\"";
  if (!options.pipelineOptions.empty())
    llvm::outs() << " (labels of variants compiled with them end in *)";
  llvm::outs() << "\n";
  std::vector<ResultRow> rows;
  std::vector<RatioRow> ratios;
  for (const Workload &w : selected) {
    if (options.unsignedIndices && w.negativeQuarter)
      continue;
    printHeader(w);
    WorkloadRun run(w, options);
    run.addCompiled(*context);
    run.addBaselines();
    run.verify();
    run.time();
    run.report(rows, ratios);
  }
  printTables(rows, ratios, options.reps);
  return 0;
}

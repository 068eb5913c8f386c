//===- GatherBench.cpp - run-time and compile-time benchmark of gather ----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `gather-bench` times the CPU lowering of `gather.gather` against the
// machine's copy bandwidth and against hand-written C++, in one process
// (RunTime.cpp: the workloads of Workloads.cpp, the C++ baselines of
// Baselines.cpp), through the execution harness (gather-mlir/Harness).
//
// `gather-bench --compile-scaling` instead times how lowering scales with the
// number of gather ops in a module (CompileScaling.cpp).
//
// bench/README.md explains the workloads, the variants and the table.
//
//===----------------------------------------------------------------------===//

#include "BenchOptions.h"

#include "gather-mlir/CodeGen/CPU/Target.h"
#include "gather-mlir/Harness/JIT.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace gather_bench;

void gather_bench::fail(const llvm::Twine &message) {
  llvm::errs() << "gather-bench: " << message << "\n";
  std::exit(1);
}

namespace {

static constexpr const char *kUsage = R"(usage: gather-bench [options]

Times the gather-to-llvm lowering of gather.gather against memcpy,
hand-written C++ and the generic lowering (see bench/README.md).

  --reps N                 timed samples per variant, median reported (10)
  --workloads W1,W3        workloads to run (default W1..W7)
  --pipeline-options TEXT  appended to gather-to-llvm's options of every
                           compiled variant; later options win
                           (e.g. "bounds-check=clamp")
  --threads N              with N > 1: one more variant of ours compiled with
                           parallel=true, run with OMP_NUM_THREADS=N (libomp
                           is loaded; the baselines stay single-threaded)
  --shared-libs A.so,B.so  extra shared libraries for the JIT
  --small-calls N          calls per timed sample for W4 (2000)
  --variant LABEL:OPTIONS  one more variant of ours with OPTIONS appended to
                           its gather-to-llvm options, for A/B runs (may
                           be repeated), e.g. "nosign:sign-check=false";
                           with --dynamic also on the dynamic types
  --unsigned-indices       declare the indices ui32/ui64 (no wrap; W5 skipped)
  --perf-jit               register the compiled code with perf (a jit-PID.dump
                           in $JITDUMPDIR): perf record -k 1, then
                           perf inject --jit, names each variant's code
  --dynamic ids|all        also time ours and (c) with the measured function's
                           index sizes (ids) or every size (all) dynamic
  --idiom                  also time ours on the linalg idiom of torch-mlir
                           and StableHLO (linalg.generic + tensor.extract)
  --compile-scaling        time lowering of generated modules instead
  --scaling-sizes 1000,10000
                           op counts for --compile-scaling
  --ops-per-function N     gather ops per function for --compile-scaling (10)
  --pass-timing            with --compile-scaling: print the time of each pass
  --write-modules DIR      with --compile-scaling: write the generated modules
                           to DIR/scaling-N.mlir
  --help                   this text
)";

/// `argument` quoted for a POSIX shell when it needs quoting.
std::string shellQuote(llvm::StringRef argument) {
  bool plain = !argument.empty() && llvm::all_of(argument, [](char c) {
    return llvm::isAlnum(c) || llvm::StringRef("_./=,:+-").contains(c);
  });
  if (plain)
    return argument.str();
  std::string quoted = "'";
  for (char c : argument)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

/// The CPU model reported by /proc/cpuinfo.
std::string getCpuModel() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    llvm::StringRef ref(line);
    if (!ref.starts_with("model name"))
      continue;
    auto [key, value] = ref.split(':');
    return value.trim().str();
  }
  return "unknown";
}

/// Prints the machine, the command and the settings of this run.
void printHeader(int argc, char **argv) {
  llvm::raw_ostream &os = llvm::outs();
  os << "machine: nproc=" << sysconf(_SC_NPROCESSORS_ONLN) << ", cpu=\""
     << getCpuModel() << "\", llvm host cpu=" << llvm::sys::getHostCPUName();
  // The target the code generator tunes for (target-cpu=host).
  std::string error;
  mlir::FailureOr<mlir::gather::CPUTarget> target =
      mlir::gather::getCPUTarget("host", error);
  if (succeeded(target))
    os << ", vector width " << target->vectorBytes
       << " bytes, slice prefetch locality " << target->slicePrefetchLocality
       << ", element prefetch locality " << target->elementPrefetchLocality;
  os << "\n";
  os << "command:";
  for (int i = 0; i < argc; ++i)
    os << " " << shellQuote(argv[i]);
  os << "\n";
  if (const char *ompThreads = std::getenv("OMP_NUM_THREADS"))
    os << "OMP_NUM_THREADS=" << ompThreads << "\n";
}

/// Parses an unsigned number of option `name`, exiting on an error.
unsigned parseUnsigned(llvm::StringRef name, llvm::StringRef text) {
  unsigned value;
  if (text.getAsInteger(10, value))
    fail("option " + name + " wants a number, not '" + text + "'");
  return value;
}

/// Fills `config` from the command line, exiting on an error.
BenchOptions parseArguments(int argc, char **argv) {
  BenchOptions config;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--help" || arg == "-help" || arg == "-h") {
      llvm::outs() << kUsage;
      std::exit(0);
    }
    if (arg == "--compile-scaling") {
      config.compileScaling = true;
      continue;
    }
    if (arg == "--unsigned-indices") {
      config.unsignedIndices = true;
      continue;
    }
    if (arg == "--perf-jit") {
      config.perfJit = true;
      continue;
    }
    if (arg == "--pass-timing") {
      config.passTiming = true;
      continue;
    }
    if (arg == "--idiom") {
      config.idiom = true;
      continue;
    }
    // Every other option takes a value: `--name value` or `--name=value`.
    auto [name, value] = arg.split('=');
    if (!llvm::is_contained({"--reps", "--workloads", "--pipeline-options",
                             "--threads", "--shared-libs", "--small-calls",
                             "--scaling-sizes", "--ops-per-function",
                             "--variant", "--write-modules", "--dynamic"},
                            name))
      fail("unknown option '" + arg + "' (see --help)");
    if (!arg.contains('=')) {
      if (i + 1 >= argc)
        fail("option " + arg + " wants a value (see --help)");
      value = argv[++i];
    }
    llvm::SmallVector<llvm::StringRef> items;
    value.split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    if (name == "--reps") {
      config.reps = parseUnsigned(name, value);
    } else if (name == "--workloads") {
      config.workloads.clear();
      for (llvm::StringRef item : items)
        config.workloads.push_back(item.trim().str());
    } else if (name == "--pipeline-options") {
      config.pipelineOptions = value.str();
    } else if (name == "--threads") {
      config.threads = parseUnsigned(name, value);
    } else if (name == "--shared-libs") {
      for (llvm::StringRef item : items)
        config.sharedLibs.push_back(item.str());
    } else if (name == "--small-calls") {
      config.smallCalls = parseUnsigned(name, value);
    } else if (name == "--scaling-sizes") {
      config.scalingSizes.clear();
      for (llvm::StringRef item : items)
        config.scalingSizes.push_back(parseUnsigned(name, item.trim()));
    } else if (name == "--variant") {
      auto [label, options] = value.split(':');
      if (label.trim().empty() || !value.contains(':'))
        fail("--variant wants LABEL:OPTIONS (see --help)");
      config.variants.emplace_back(label.trim().str(), options.str());
    } else if (name == "--dynamic") {
      if (value == "ids")
        config.dynamic = DynamicSizes::Ids;
      else if (value == "all")
        config.dynamic = DynamicSizes::All;
      else
        fail("--dynamic takes ids or all, not '" + value + "'");
    } else if (name == "--write-modules") {
      config.writeModules = value.str();
    } else if (name == "--ops-per-function") {
      config.opsPerFunction = parseUnsigned(name, value);
    }
  }
  if (config.reps == 0 || config.smallCalls == 0 || config.opsPerFunction == 0)
    fail("--reps, --small-calls and --ops-per-function must be at least 1");
  for (unsigned size : config.scalingSizes)
    if (size == 0)
      fail("--scaling-sizes must be at least 1");
  return config;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  BenchOptions options = parseArguments(argc, argv);
  mlir::gather::harness::initialize();
  if (options.threads > 0)
    setenv("OMP_NUM_THREADS", std::to_string(options.threads).c_str(), 1);
  if (options.threads > 1 &&
      llvm::none_of(options.sharedLibs, [](const std::string &lib) {
        return llvm::StringRef(lib).contains("omp");
      }))
    options.sharedLibs.push_back(mlir::gather::harness::kLibOmpPath);
  printHeader(argc, argv);
  if (options.compileScaling)
    return runCompileScaling(options);
  return runTimeBenchmark(options);
}

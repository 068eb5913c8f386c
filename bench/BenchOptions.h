//===- BenchOptions.h - the settings of a gather-bench run ------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_BENCH_BENCHOPTIONS_H
#define GATHER_MLIR_BENCH_BENCHOPTIONS_H

#include "llvm/ADT/Twine.h"

#include "Workloads.h"

#include <string>
#include <utility>
#include <vector>

namespace gather_bench {

/// The settings of a run. Parsed by hand rather than with llvm::cl, whose
/// global registry (shared with libLLVM.so) already owns names like
/// `threads`.
struct BenchOptions {
  /// Timed samples per variant; the median is reported.
  unsigned reps = 10;
  /// Workloads to run, by name; empty means all.
  std::vector<std::string> workloads;
  /// Text appended to the gather-to-llvm options of every compiled variant.
  std::string pipelineOptions;
  /// OMP_NUM_THREADS for generated code that runs in parallel; 0 leaves the
  /// environment alone.
  unsigned threads = 0;
  /// Extra shared libraries for the JIT.
  std::vector<std::string> sharedLibs;
  /// Calls per timed sample for the small workload W4.
  unsigned smallCalls = 2000;
  /// Declare the indices of the compiled variants unsigned (`ui32`/`ui64`:
  /// no wrap of negative values); W5, whose indices are negative, is
  /// skipped.
  bool unsignedIndices = false;
  /// `--perf-jit`: register the compiled variants with perf's JIT interface.
  bool perfJit = false;
  /// More variants of ours (`--variant LABEL:OPTIONS`): the first
  /// bounds-check setting of each workload with OPTIONS appended, labelled
  /// `ours (...) LABEL`; for A/B measurements of pass options.
  std::vector<std::pair<std::string, std::string>> variants;
  /// `--dynamic ids|all`: ours and (c) again with these sizes of the
  /// measured function dynamic.
  DynamicSizes dynamic = DynamicSizes::None;
  /// `--idiom`: ours on the linalg idiom (raise-to-gather) too.
  bool idiom = false;
  /// Run the compile-time scaling benchmark instead.
  bool compileScaling = false;
  /// Op counts of --compile-scaling.
  std::vector<unsigned> scalingSizes = {1000, 10000};
  /// Gather ops per function of --compile-scaling.
  unsigned opsPerFunction = 10;
  /// Print MLIR's per-pass timing report in --compile-scaling.
  bool passTiming = false;
  /// With --compile-scaling: also write each generated module to this
  /// directory (scaling-N.mlir), to lower it with gather-opt.
  std::string writeModules;
};

/// Prints `message` to stderr and exits with status 1.
[[noreturn]] void fail(const llvm::Twine &message);

/// The run-time benchmark (RunTime.cpp).
int runTimeBenchmark(const BenchOptions &options);

/// The compile-time scaling benchmark (CompileScaling.cpp).
int runCompileScaling(const BenchOptions &options);

} // namespace gather_bench

#endif // GATHER_MLIR_BENCH_BENCHOPTIONS_H

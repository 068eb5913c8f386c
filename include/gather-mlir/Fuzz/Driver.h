//===- Driver.h - lower, run and check generated programs -------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Lowers a batch of programs as one module in-process (gather-to-llvm or
// gather-to-atb with any options), JIT-compiles it once and runs every
// program through the harness (gather-mlir/Harness):
//   - in-range values: the result must equal the reference bit for bit;
//   - out-of-range values: `clamp` must equal the clamping reference,
//     `assert` must exit with status 1 and an `out of bounds` message (or,
//     when every value is out of range, the program may be rejected at
//     compile time with gather-prove-index-ranges' diagnostic);
//   - run-time sizes that break a rule: `assert` and `clamp` must exit with
//     status 1 and the `gather: batch dimension` / `gather: result
//     dimension` message before reading memory.
// Programs that must end the process run in a forked child. `none` runs
// only consistent, in-range programs. A valid program must always lower.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_FUZZ_DRIVER_H
#define GATHER_MLIR_FUZZ_DRIVER_H

#include "gather-mlir/Conversion/GatherToATB/GatherToATB.h"
#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather-mlir/Fuzz/Program.h"
#include "gather-mlir/Harness/JIT.h"

namespace mlir {
class MLIRContext;
namespace gather {
namespace fuzz {

/// A lowering configuration.
struct Config {
  /// gather-to-atb (with `soc`) instead of gather-to-llvm.
  bool atb = false;
  BoundsCheck boundsCheck = BoundsCheck::Assert;
  GatherLoweringStrategy strategy = GatherLoweringStrategy::Slices;
  bool parallel = false;
  AscendSoc soc = AscendSoc::Ascend910B;
  /// LLVM optimisation level of the JIT.
  unsigned optLevel = 2;
  /// The pipelines' embedding-bag options (their defaults unless a bag
  /// batch varies them).
  int64_t bagAccumulators = 8, bagPrefetchDistance = -1;

  /// The pipeline and its options, spelled by the pipeline's own options.
  harness::Lowering getLowering() const;
  /// The gather-opt spelling and the JIT level, for reports.
  std::string getName() const;
};

/// Every configuration worth running: gather-to-llvm with every bounds-check,
/// strategy and parallel value, and gather-to-atb on every SoC with every
/// bounds-check (alternating strategy and parallel).
std::vector<Config> getAllConfigs();

/// A failed check.
struct Finding {
  /// `rejected` (a valid program failed to lower), `wrong-result`,
  /// `missing-exit` (should have exited 1), `wrong-exit`, `crash`.
  std::string kind;
  /// The program's id, or -1 for the whole batch.
  int64_t program = -1;
  std::string text;
};

/// The outcome of one batch under one configuration.
struct BatchResult {
  /// Programs lowered (and run or compiled only).
  unsigned lowered = 0;
  /// Programs whose result was compared with the reference.
  unsigned compared = 0;
  /// Programs whose expected exit was checked.
  unsigned exits = 0;
  /// Programs rejected at compile time because every index value is out of
  /// range (the documented error of gather-prove-index-ranges).
  unsigned rejectedAsDocumented = 0;
  /// Programs not run under this configuration (`none` on bad input).
  unsigned skipped = 0;
  /// Programs lowered but not run (in nested modules).
  unsigned compiledOnly = 0;
  std::vector<Finding> findings;
};

/// Lowers `programs` as one module with `config`, JIT-compiles it and runs
/// and checks every program. A module that fails to lower is split to name
/// the programs that fail. `forkAll` runs every program in a child process
/// (slower; survives crashes). Call harness::initialize() first.
BatchResult runBatch(MLIRContext &context,
                     const std::vector<const Program *> &programs,
                     const Config &config, bool forkAll = false);

} // namespace fuzz
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_FUZZ_DRIVER_H

//===- Run.h - time calls, run calls that must stop the process -*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// How the harness runs compiled code: timed side by side (the benchmark:
// variants interleaved round-robin, medians), or in a forked child whose exit
// status and output are collected (programs that must stop with a message,
// or that might crash).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_HARNESS_RUN_H
#define GATHER_MLIR_HARNESS_RUN_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace mlir {
namespace gather {
namespace harness {

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

using Clock = std::chrono::steady_clock;

/// Seconds elapsed since `start`.
double secondsSince(Clock::time_point start);

/// The median of `values` (the mean of the middle two for an even count; 0
/// when empty).
double getMedian(std::vector<double> values);

/// Tells the compiler that the memory behind `pointer` is read, so that
/// stores into it are not removed.
inline void escape(void *pointer) {
  asm volatile("" : : "g"(pointer) : "memory");
}

/// Times `runs` side by side: `reps` rounds, each calling every run
/// `callsPerSample` times in turn, in an order shuffled each round (the
/// same orders in every process), so that no run always follows the same
/// other run; each sample follows one untimed call of its own run.
/// Returns the seconds per call of each sample, per run.
std::vector<std::vector<double>>
timeInterleaved(ArrayRef<std::function<void()>> runs, unsigned reps,
                unsigned callsPerSample);

//===----------------------------------------------------------------------===//
// Forked children
//===----------------------------------------------------------------------===//

/// The exit status of a child whose body returned.
constexpr int kChildReturned = 77;

/// What a child did.
struct ChildResult {
  /// Its exit status; 128 + the signal that ended it; kChildReturned when
  /// the body returned; -1 when it could not be started.
  int status = -1;
  /// Its standard output and error, interleaved (at most 64 KiB).
  std::string output;
};

/// Runs `body` in a forked child with standard output and error captured;
/// a child still running after `timeoutSeconds` is ended by SIGALRM
/// (status 128 + 14). The child must not return into the caller's work:
/// after `body` it exits with kChildReturned.
ChildResult runInChild(llvm::function_ref<void()> body,
                       unsigned timeoutSeconds = 120);

/// Checks that `child` stopped with exit status 1 and `want` in its output,
/// as a program stopped by a run-time check does. Returns null when it did;
/// otherwise the kind of the difference ("missing-exit": it returned,
/// "crash": a signal ended it, "wrong-exit") and in `message` what
/// happened, with the start of its output.
const char *checkExpectedExit(const ChildResult &child, llvm::StringRef want,
                              std::string &message);

/// Runs `check`, which returns what it found wrong (empty: nothing), in a
/// forked child. Returns null when it found nothing; otherwise the kind
/// ("wrong-result", or "crash" when the child did not get to report) and in
/// `message` the child's status, `label` and its output.
const char *runCheckInChild(llvm::function_ref<std::string()> check,
                            llvm::StringRef label, std::string &message);

} // namespace harness
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_HARNESS_RUN_H

//===- SplitMix64.h - deterministic random numbers --------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A small generator (splitmix64) whose sequence depends on nothing but the
// seed, unlike the standard distributions, which vary by library. The
// randomized tests and the benchmarks use it so that a seed reproduces a run.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_SUPPORT_SPLITMIX64_H
#define GATHER_MLIR_SUPPORT_SPLITMIX64_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace mlir::gather {

/// The splitmix64 generator.
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state(seed) {}

  /// The next 64 random bits.
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  /// A value in [lo, hi].
  int64_t uniform(int64_t lo, int64_t hi) {
    return lo +
           static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
  }

  /// True with probability `percent` / 100.
  bool chance(unsigned percent) { return next() % 100 < percent; }

  /// One of `choices`, which must not be empty.
  template <typename T> const T &pick(llvm::ArrayRef<T> choices) {
    return choices[next() % choices.size()];
  }

private:
  uint64_t state;
};

} // namespace mlir::gather

#endif // GATHER_MLIR_SUPPORT_SPLITMIX64_H

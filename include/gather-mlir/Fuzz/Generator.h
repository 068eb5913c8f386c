//===- Generator.h - draw random valid gather programs ----------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Draws valid programs (Program.h): data ranks 1..4, indices ranks 0..4,
// every axis and batch_dims in both spellings, static, dynamic and empty
// sizes, every index and element type, `tensor.cast` producers of the data
// and of the indices, chains of two gathers, nested modules, out-of-range
// values (extremes of the type included), run-time sizes that break a rule
// (unequal dynamic batch dimensions; a declared static result size the run
// does not have, behind a dynamic argument or a `tensor.cast` of a static
// one), and index producers (Producer.h) whose values are out of range in a
// chosen fraction of programs. Each program depends only on (seed, id).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_FUZZ_GENERATOR_H
#define GATHER_MLIR_FUZZ_GENERATOR_H

#include "gather-mlir/Fuzz/Program.h"
#include "gather-mlir/Support/SplitMix64.h"

#include <memory>

namespace mlir {
namespace gather {
namespace fuzz {

/// Which parts of the space the generator draws from.
struct GeneratorOptions {
  bool casts = true;
  bool chains = true;
  bool nestedModules = true;
  bool outOfBounds = true;
  bool sizeMismatches = true;
  bool zeroSizes = true;
  bool producers = true;
  /// Percent of programs with each feature.
  unsigned castPercent = 8, chainPercent = 10, nestedPercent = 3,
           outOfBoundsPercent = 12, mismatchPercent = 6, producerPercent = 35;
  /// Percent of the programs with a producer whose values are out of range
  /// (or, for unsigned index types, read as such).
  unsigned producerOutOfRangePercent = 40;
  /// Percent of programs whose result is at least 1 MiB (large enough for
  /// `parallel=true` to run them on OpenMP threads).
  unsigned largePercent = 2;
};

/// Programs `first` .. `first + count - 1` of the stream of `seed`.
std::vector<Program> generatePrograms(uint64_t seed, unsigned first,
                                      unsigned count,
                                      const GeneratorOptions &options);

/// Program `id` of the stream of `seed`.
Program generateProgram(uint64_t seed, unsigned id,
                        const GeneratorOptions &options);

/// A producer of indices of `shape` and type `index` for a gathered size
/// `size`, whose values are out of range (some of them) exactly when
/// `outOfRange`.
std::shared_ptr<Producer> generateProducer(SplitMix64 &rng,
                                           const std::vector<int64_t> &shape,
                                           IndexKind index, int64_t size,
                                           bool outOfRange);

} // namespace fuzz
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_FUZZ_GENERATOR_H

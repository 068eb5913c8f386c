//===- GatherProgram.h - random valid gather programs and their check -----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A structure-aware generator of valid `gather.gather` programs, an
// independent reference gather (written from DESIGN.md section 1, including
// the `clamp` rule), and a driver that lowers a batch of programs in-process
// (gather-to-llvm or gather-to-atb with any options), JIT-compiles it once
// with the MLIR ExecutionEngine and runs every program on generated inputs:
//   - consistent inputs with in-range indices: the result must equal the
//     reference element for element (bit for bit);
//   - out-of-range indices: `clamp` must equal the clamping reference,
//     `assert` must exit with status 1 and an `out of bounds` message;
//   - run-time sizes that break a rule (unequal dynamic batch dimensions, a
//     declared static result size the run does not have): `assert` and
//     `clamp` must exit with status 1 and a `gather: ` message before reading
//     memory.
// Programs that must end the process run in a forked child. `none` runs only
// consistent, in-range programs.
//
// Used by the differential unit test (fixed seeds) and by gather-gen (many
// random programs).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_TOOLS_GATHER_FUZZ_GATHERPROGRAM_H
#define GATHER_MLIR_TOOLS_GATHER_FUZZ_GATHERPROGRAM_H

#include "gather-mlir/Conversion/GatherToATB/GatherToATB.h"
#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
namespace gather {
namespace fuzz {

/// Element types of the data.
enum class ElementKind { F16, BF16, F32, F64, I1, I8, I32, I64 };
constexpr int kNumElementKinds = 8;
/// Index types.
enum class IndexKind { I32, I64, SI32, SI64, UI32, UI64, Index };
constexpr int kNumIndexKinds = 7;

const char *getName(ElementKind kind);
const char *getName(IndexKind kind);
int64_t getByteSize(ElementKind kind);
int64_t getByteSize(IndexKind kind);
bool isUnsigned(IndexKind kind);

/// Marks a dynamic size in a declared shape.
constexpr int64_t kDynamic = -1;

/// A tensor: its sizes at run time and its declared type's sizes (each equal
/// to the run-time size or kDynamic in a consistent program).
struct TensorShape {
  std::vector<int64_t> sizes;
  std::vector<int64_t> declared;
};

/// One `gather.gather`.
struct GatherStep {
  /// As written in the IR (possibly negative) and normalised.
  int64_t axisAttr = 0, batchDimsAttr = 0, axis = 0, batchDims = 0;
  IndexKind index = IndexKind::I64;
  TensorShape indices;
  /// The index values in row-major order as stored: two's complement bits
  /// of the index type's width.
  std::vector<uint64_t> indexBits;
  /// The declared sizes of the result type (kDynamic or a size).
  std::vector<int64_t> resultDeclared;
};

/// What a program's run must do.
enum class Expectation {
  /// Equal the reference.
  Match,
  /// Holds out-of-range index values: `clamp` equals the clamping reference,
  /// `assert` exits 1 with `out of bounds`, `none` is not run.
  OutOfBounds,
  /// Its run-time sizes break a rule: `assert` and `clamp` exit 1 with a
  /// `gather: ` message, `none` is not run.
  SizeMismatch,
};

/// One program: a function taking the data and one indices tensor per
/// gather, returning the last gather's result.
struct Program {
  unsigned id = 0;
  ElementKind element = ElementKind::F32;
  TensorShape data;
  /// Non-empty: the data goes through `tensor.cast` to these declared sizes
  /// (more dynamic sizes) before the first gather.
  std::vector<int64_t> castTo;
  /// One gather, or a chain whose later gathers take the previous result as
  /// data.
  std::vector<GatherStep> steps;
  /// Lowered inside a nested `module @inner_<id>`; compiled, not run.
  bool nested = false;
  Expectation expect = Expectation::Match;
  /// Which feature made it a mismatch, for the report.
  std::string note;
};

/// Which parts of the space the generator draws from.
struct GeneratorOptions {
  bool casts = true;
  bool chains = true;
  bool nestedModules = true;
  bool outOfBounds = true;
  bool sizeMismatches = true;
  bool zeroSizes = true;
  /// Percent of programs with each feature.
  unsigned castPercent = 8, chainPercent = 10, nestedPercent = 3,
           outOfBoundsPercent = 12, mismatchPercent = 6;
  /// Percent of programs whose result is at least 1 MiB (large enough for
  /// `parallel=true` to run them on OpenMP threads).
  unsigned largePercent = 2;
};

/// Programs `first` .. `first + count - 1` of the stream of `seed`. Each
/// program depends only on (seed, id).
std::vector<Program> generatePrograms(uint64_t seed, unsigned first,
                                      unsigned count,
                                      const GeneratorOptions &options);

/// Program `id` of the stream of `seed`.
Program generateProgram(uint64_t seed, unsigned id,
                        const GeneratorOptions &options);

/// The reference result of `p` on the generated inputs (data element n is
/// the pattern of its element kind; out-of-range values clamped), as bytes,
/// and its sizes in `shape`.
std::vector<uint8_t> computeReference(const Program &p,
                                      std::vector<int64_t> &shape);

/// The MLIR text of `programs` as one module (nested ones in their own
/// nested modules). Function of program N: `@gather_N`.
std::string getModuleText(const std::vector<const Program *> &programs);

/// Everything needed to reproduce `program`, with its MLIR text.
std::string describe(const Program &program);

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

  /// The gather-opt spelling: `--gather-to-llvm='bounds-check=...'`.
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
  /// Programs not run under this configuration (`none` on bad input).
  unsigned skipped = 0;
  std::vector<Finding> findings;
};

/// Loads the native JIT target and registers the passes the pipelines find
/// by name. Call once before runBatch.
void initialize();

/// A context with the gather dialect, every upstream dialect and extension
/// and the LLVM IR translations; single-threaded.
std::unique_ptr<MLIRContext> makeContext();

/// Lowers `programs` as one module with `config`, JIT-compiles it and runs
/// and checks every program. A module that fails to lower is split to name
/// the programs that fail. `forkAll` runs every program in a child process
/// (slower; survives crashes).
BatchResult runBatch(MLIRContext &context,
                     const std::vector<const Program *> &programs,
                     const Config &config, bool forkAll = false);

} // namespace fuzz
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_TOOLS_GATHER_FUZZ_GATHERPROGRAM_H

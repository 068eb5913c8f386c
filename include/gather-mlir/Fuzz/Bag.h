//===- Bag.h - random embedding-bag programs of gather-gen ------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Random `gather.embedding_bag` programs (docs/EmbeddingBags.md) and their
// differential check. Each program is two functions in one module:
//
//   @bag_<id>      the bag op on the table, ids, offsets and weights;
//   @bag_ref_<id>  the unfused form of the same pooling, written with
//                  upstream ops: `gather.gather` of the rows, then a
//                  `linalg.generic` that pools them under a mask of the
//                  bag (an i8 argument the generator computes: 1 where a
//                  position belongs to the bag and is not a padding row),
//                  in f32 for f16 and bf16 (sums from -0.0, or +0.0
//                  with from_positive_zero; `arith.maximumf` or `maxsi`
//                  from the smallest value for max), counting the rows
//                  pooled, and a second `linalg.generic` that divides by
//                  the count for `mean`, rounds, and gives zeros for empty
//                  bags.
//
// The reference's pooling body is a `select` on the mask, which
// `raise-to-gather` does not raise to a bag (the driver checks that no
// `gather.embedding_bag` appears in a reference after the raising). Both
// functions are lowered by the same pipeline and run on the same buffers;
// the data are small integers (and -0.0), so every sum is exact in any
// order and the results must agree bit for bit.
//
// Programs draw fixed bags (ids [B, L], and [P, B, L] with batch_dims = 1
// on a [P, V, D] table), ragged bags with offsets (include_last_offset both
// ways, empty bags, ids before the first or after the last offset), sum,
// mean (both from -0.0 and with from_positive_zero) and max, weights,
// padding_idx in both spellings, negative ids,
// tables of f16, bf16, f32, f64, i8, i32 and i64 with rows of rank 0 to 2
// (and sometimes a static table of at least 1 MiB, whose rows the vector
// form prefetches), ids and offsets of every index type, static and dynamic
// sizes, empty tables, bags and rows. Some must stop under `assert`: an
// id out of range (`out of bounds`), malformed offsets (`gather:
// embedding_bag ...`), no offsets with include_last_offset; under `clamp`
// and `none` the offsets are clamped (compared with the mask of the
// clamped bounds).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_FUZZ_BAG_H
#define GATHER_MLIR_FUZZ_BAG_H

#include "gather-mlir/Fuzz/Driver.h"
#include "gather-mlir/Fuzz/Program.h"

#include <optional>

namespace mlir {
class MLIRContext;
namespace gather {
namespace fuzz {

/// The pooling modes, in the order of the `PoolingMode` enum.
enum class BagMode { Sum, Mean, Max };

const char *getName(BagMode mode);

/// What a bag program's run must do.
enum class BagExpectation {
  /// Its result equals the reference's under every bounds check.
  Match,
  /// An id that a bag reads is out of range: `assert` exits 1 with `out of
  /// bounds`; `clamp` equals the reference with clamped ids (programs
  /// without padding_idx; with it, not run); `none` is not run.
  IdOutOfRange,
  /// Offsets that break a rule and are read: `assert` exits 1 with
  /// `gather: embedding_bag`; `clamp` and `none` equal the reference over
  /// the clamped bounds.
  BadOffsets,
  /// include_last_offset with no offsets (dynamic): `assert` and `clamp`
  /// exit 1 with `needs at least one offset`; `none` gives no bags.
  NoOffsets,
};

/// One generated bag program.
struct BagProgram {
  unsigned id = 0;
  /// Never i1.
  ElementKind element = ElementKind::F32;
  BagMode mode = BagMode::Sum;
  bool ragged = false, includeLastOffset = false, weights = false;
  /// `from_positive_zero`: float sums start from +0.0 (sum and mean).
  bool fromPositiveZero = false;
  /// 0, or 1 for fixed bags on a batched table.
  int64_t batchDims = 0;
  /// As written in the op (possibly negative).
  std::optional<int64_t> paddingIdx;
  IndexKind idKind = IndexKind::I64, offsetKind = IndexKind::I64;
  /// `[P?, V, D...]`; ids `[P?, B, L]` or `[N]`; offsets `[B]` or `[B + 1]`.
  TensorShape table, ids, offsets;
  /// The declared sizes of the weights (their run-time sizes are the ids').
  std::vector<int64_t> weightsDeclared;
  std::vector<int64_t> resultDeclared;
  /// Elements, row-major, as stored (bits of their type).
  std::vector<uint64_t> tableBits, idBits, offsetBits, weightBits;
  BagExpectation expect = BagExpectation::Match;
  /// What made it stop, for the report.
  std::string note;

  /// The number of rows of the table, `V`.
  int64_t getNumRows() const { return table.sizes[batchDims]; }
  /// The sizes of a table row, `D...`.
  std::vector<int64_t> getRowSizes() const;
  /// The number of bags, `B` (0 without offsets under include_last_offset).
  int64_t getNumBags() const;
  /// The result sizes `[P?, B, D...]`.
  std::vector<int64_t> getResultSizes() const;
};

/// The bag programs among the program ids of gather-gen, and what they draw.
struct BagOptions {
  /// Percent of the program ids of a seed that are bag programs (0: none;
  /// the other ids keep the gather program they have without bags).
  unsigned percent = 25;
  /// Percent of bag programs with an id out of range, with malformed
  /// offsets (ragged bags), with no offsets (ragged, include_last_offset).
  unsigned outOfRangePercent = 8, badOffsetsPercent = 12, noOffsetsPercent = 2;
};

/// Whether program `id` of the stream of `seed` is a bag program.
bool isBagProgram(uint64_t seed, unsigned id, const BagOptions &options);

/// Bag program `id` of the stream of `seed`.
BagProgram generateBagProgram(uint64_t seed, unsigned id,
                              const BagOptions &options);

/// The mask of the reference, `[P?, B, L]` (fixed) or `[B, N]` (ragged):
/// 1 where the bag pools the id at that position. Offsets are clamped as
/// the lowering reads them (start into [0, N], end into [start, N]); ids
/// are wrapped once and clamped into [0, V) before they are compared with
/// the padding row.
std::vector<uint8_t> getBagMask(const BagProgram &p);

/// The mask's sizes.
std::vector<int64_t> getBagMaskSizes(const BagProgram &p);

/// The arguments of `@bag_<id>`: table, ids, then offsets and weights when
/// present; `@bag_ref_<id>` takes the mask after them.
std::vector<ProgramArgument> getBagArguments(const BagProgram &p,
                                             bool reference);

/// The module of `programs`: the bag function and its reference each.
std::string getBagModuleText(const std::vector<const BagProgram *> &programs);

/// Everything needed to reproduce `p`, with its MLIR text.
std::string describe(const BagProgram &p);

/// Runs `raise-to-gather` on `module` (what every pipeline runs first), so
/// that callers can check which functions became bags; fills `error` on
/// failure.
LogicalResult raiseBagModule(ModuleOp module, std::string &error);

/// Lowers `programs` as one module with `config` (gather-to-llvm), checks
/// that no reference was raised to a bag, JIT-compiles the module and runs
/// and checks every program as BagExpectation says. Findings name the
/// program's id.
BatchResult runBagBatch(MLIRContext &context,
                        const std::vector<const BagProgram *> &programs,
                        const Config &config, bool forkAll = false);

} // namespace fuzz
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_FUZZ_BAG_H

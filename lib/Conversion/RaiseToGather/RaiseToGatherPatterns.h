//===- RaiseToGatherPatterns.h - parts of raise-to-gather -------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the source files of raise-to-gather share: one pattern per source form
// (RaiseToGather.cpp: tosa.gather and tensor.gather; RaiseLinalgGather.cpp:
// the linalg.generic + tensor.extract idiom; RaiseBags.cpp: a gather pooled
// per bag; RaiseRaggedBags.cpp: torch-mlir's ragged bags) and the helpers
// they have in common.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_CONVERSION_RAISETOGATHER_RAISETOGATHERPATTERNS_H
#define GATHER_MLIR_LIB_CONVERSION_RAISETOGATHER_RAISETOGATHERPATTERNS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <optional>

namespace mlir {
class RewritePatternSet;

namespace gather::detail {

/// Adds the pattern that raises the gather idiom of frontends on linalg
/// (`linalg.generic` reading one table with `tensor.extract`).
void populateRaiseLinalgGatherPatterns(RewritePatternSet &patterns);

/// Adds the patterns that raise a gather whose rows are summed per bag (by
/// `linalg.reduce` or `linalg.generic`, weighted or not, divided by the bag
/// length or not) into `gather.embedding_bag` (RaiseBags.cpp).
void populateRaiseBagPatterns(RewritePatternSet &patterns);

/// Adds the pattern that raises torch-mlir's ragged `embedding_bag`
/// generic (offsets and a mask over every id) into `gather.embedding_bag`
/// with offsets (RaiseRaggedBags.cpp).
void populateRaiseRaggedBagPatterns(RewritePatternSet &patterns);

/// How the init of a raised sum starts it: from the op's own start (-0.0
/// for floats, 0 for integers) or from +0.0 (the op's `from_positive_zero`).
enum class FillKind { Exact, PositiveZero };

/// Returns true for the element types whose sum the op computes in the
/// element type itself: f32, f64 and signless integers of 8 to 64 bits.
bool isRaisableSumElementType(Type type);

/// Returns how the `linalg.fill` producing `init` starts a sum: -0.0 or
/// integer 0 exactly, +0.0 up to the sign of zero; nothing otherwise.
std::optional<FillKind> matchSumFill(Value init);

/// Returns `source` transposed by `linalg.transpose` into a new
/// `tensor.empty`: dimension `d` of the result is dimension
/// `permutation[d]` of `source`.
Value transposeTensor(OpBuilder &builder, Location loc, Value source,
                      ArrayRef<int64_t> permutation);

} // namespace gather::detail
} // namespace mlir

#endif // GATHER_MLIR_LIB_CONVERSION_RAISETOGATHER_RAISETOGATHERPATTERNS_H

//===- RaiseToGatherPatterns.h - parts of raise-to-gather -------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the source files of raise-to-gather share: one pattern per source form
// (RaiseToGather.cpp: tosa.gather and tensor.gather; RaiseLinalgGather.cpp:
// the linalg.generic + tensor.extract idiom; RaiseBags.cpp: a gather pooled
// per bag) and the helpers they have in common.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_CONVERSION_RAISETOGATHER_RAISETOGATHERPATTERNS_H
#define GATHER_MLIR_LIB_CONVERSION_RAISETOGATHER_RAISETOGATHERPATTERNS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

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

/// Returns `source` transposed by `linalg.transpose` into a new
/// `tensor.empty`: dimension `d` of the result is dimension
/// `permutation[d]` of `source`.
Value transposeTensor(OpBuilder &builder, Location loc, Value source,
                      ArrayRef<int64_t> permutation);

} // namespace gather::detail
} // namespace mlir

#endif // GATHER_MLIR_LIB_CONVERSION_RAISETOGATHER_RAISETOGATHERPATTERNS_H

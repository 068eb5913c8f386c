//===- RaiseToGather.h - upstream gathers to gather.gather ------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_RAISETOGATHER_RAISETOGATHER_H
#define GATHER_MLIR_CONVERSION_RAISETOGATHER_RAISETOGATHER_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace gather {

#define GEN_PASS_DECL_RAISETOGATHER
#include "gather-mlir/Conversion/Passes.h.inc"

/// Adds the patterns that rewrite `tosa.gather`, single-dimension
/// `tensor.gather` and the linalg gather idiom of frontends into
/// `gather.gather` (see the description of `raise-to-gather`).
void populateRaiseToGatherPatterns(RewritePatternSet &patterns);

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_CONVERSION_RAISETOGATHER_RAISETOGATHER_H

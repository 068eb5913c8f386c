//===- GatherToLinalg.h - gather to linalg conversion -----------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H
#define GATHER_MLIR_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
class ModuleOp;
namespace gather {

/// What generated code does with an index outside `[0, s)` after wrapping.
enum class BoundsCheck {
  /// Stop the program with an "out of bounds" message.
  Assert,
  /// Clamp to `[0, s-1]`.
  Clamp,
  /// Trust the input.
  None,
};

/// The shape of the code `convert-gather-to-linalg` generates.
enum class GatherLoweringStrategy {
  /// One index load and check per slice; slices copied whole.
  Slices,
  /// One linalg.generic with a tensor.extract per element.
  Generic,
};

/// Options of the gather to linalg lowering.
struct GatherToLinalgOptions {
  BoundsCheck boundsCheck = BoundsCheck::Assert;
  GatherLoweringStrategy strategy = GatherLoweringStrategy::Slices;
};

/// Adds the pattern lowering `gather.gather` to `patterns`. The patterns may
/// add the out-of-bounds reporting function to the module around the op.
void populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                    const GatherToLinalgOptions &options);

#define GEN_PASS_DECL_CONVERTGATHERTOLINALG
#include "gather-mlir/Conversion/Passes.h.inc"

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H

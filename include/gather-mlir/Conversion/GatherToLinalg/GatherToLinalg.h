//===- GatherToLinalg.h - gather to linalg conversion -----------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H
#define GATHER_MLIR_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace gather {
class GatherOp;

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

/// The form of the code generated for one gather under the `slices`
/// strategy (docs/Performance.md). The form is recorded on the generated loop
/// or linalg.generic as the discardable attribute `gather.form`
/// (getGatherFormAttrName) with the value getGatherFormName gives; the
/// memref-level passes read it.
enum class GatherForm {
  /// Chosen by planGatherForm from the sizes.
  Auto,
  /// scf.forall over slices, each copied by a loop of vector copies.
  BlockCopy,
  /// scf.forall over slices, each copied by straight-line vector copies
  /// (masked tail), for short slices.
  InlineCopy,
  /// One fused loop per element: load, wrap, check and read in one pass.
  Element,
  /// Positions computed once, then a loop per data row reading them: the
  /// gathered axis innermost with several rows per index.
  InnerAxis,
};

/// The name of the discardable attribute that records the form.
inline StringRef getGatherFormAttrName() { return "gather.form"; }

/// The spelling of `form` in the `form` option and the `gather.form`
/// attribute.
StringRef getGatherFormName(GatherForm form);

/// Options of the gather to linalg lowering.
struct GatherToLinalgOptions {
  BoundsCheck boundsCheck = BoundsCheck::Assert;
  GatherLoweringStrategy strategy = GatherLoweringStrategy::Slices;
  /// The form of every gather; `Auto` lets planGatherForm choose.
  GatherForm form = GatherForm::Auto;
  /// Slices of at most this many bytes (static) are copied inline.
  int64_t inlineMaxBytes = 128;
};

/// Adds the pattern lowering `gather.gather` to `patterns`. Checked gathers
/// call an out-of-bounds report function by name; once the patterns have
/// run, addGatherReportFunctions adds the functions they call.
void populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                    const GatherToLinalgOptions &options);

/// Builds, with one elementwise linalg.generic over the indices of `op`, the
/// positions they select along the gathered dimension: values converted to
/// `elementType` (`index`, or an integer type at least as wide as the index
/// type), negative values of signed types wrapped, and the bounds checked as
/// `boundsCheck` says (call addGatherReportFunctions once the module is
/// converted). Returns the indices themselves when there is nothing to do.
Value buildGatherPositions(OpBuilder &builder, GatherOp op,
                           BoundsCheck boundsCheck, Type elementType);

/// Creates the report functions (llvm.func) that the report calls of the
/// generated checks need, in the symbol table nearest to each call, under
/// names no other symbol uses (materializeExitingReports). Fails when a
/// `dprintf` or `exit` symbol there is not the C library's.
LogicalResult addGatherReportFunctions(ModuleOp module);

/// Emits an error on each `dprintf` or `exit` symbol, in the symbol tables
/// nearest to the gathers of `module`, that is not an external llvm.func of
/// the C library's type (the report functions call them). Passes that may
/// emit checks call it first.
LogicalResult checkGatherReportSymbols(ModuleOp module);

#define GEN_PASS_DECL_CONVERTGATHERTOLINALG
#include "gather-mlir/Conversion/Passes.h.inc"

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H

//===- GatherToLinalg.h - gather to linalg conversion -----------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H
#define GATHER_MLIR_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H

#include "gather-mlir/Dialect/Gather/IR/GatherEnums.h"
#include "gather-mlir/Support/EnumOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace gather {
class GatherOp;

/// Options of the gather to linalg lowering.
struct GatherToLinalgOptions {
  BoundsCheck boundsCheck = BoundsCheck::Assert;
  GatherLoweringStrategy strategy = GatherLoweringStrategy::Slices;
  /// The form of every gather; `Auto` lets planGatherForm choose.
  GatherForm form = GatherForm::Auto;
  /// Slices of at most this many bytes (static) are copied inline.
  int64_t inlineMaxBytes = 128;
  /// Embedding bags whose rows are one static dimension are pooled in
  /// vectors of this many bytes (0: in the generic elementwise loops).
  int64_t bagVectorBytes = 0;
  /// At most this many vectors of a row are pooled in one loop over a bag's
  /// ids (the accumulators that stay in registers).
  int64_t bagAccumulators = 8;
  /// The rows of the id this many positions ahead are prefetched (0: none).
  int64_t bagPrefetchDistance = 8;
  /// For tables that may not fit in the caches (over 32 MiB, or of dynamic
  /// size), the distance grows so that at least this many bytes of rows are
  /// prefetched ahead: the memory's latency times the bandwidth one core
  /// draws, rather than a number of rows.
  int64_t bagPrefetchBytes = 12288;
};

/// Adds the patterns lowering `gather.gather` and `gather.embedding_bag` to
/// `patterns`. Checked gathers
/// call an out-of-bounds report function by name; once the patterns have
/// run, addGatherReportFunctions adds the functions they call.
void populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                    const GatherToLinalgOptions &options);

/// Adds the pattern lowering `gather.embedding_bag` to `patterns`: one
/// scf.forall over the bags whose body pools the rows of its ids as it reads
/// them (the gathered rows are never a tensor). Offsets are checked under
/// `assert` and clamped to the ids under every policy; ids are checked as
/// the gather's indices.
void populateEmbeddingBagToLinalgPatterns(RewritePatternSet &patterns,
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

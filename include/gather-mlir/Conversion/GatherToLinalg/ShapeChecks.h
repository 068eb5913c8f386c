//===- ShapeChecks.h - run-time shape checks of gather.gather ---*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The shape rules of `gather.gather` that depend on dynamic sizes (equal batch
// dimensions, a declared static result size equal to the actual one) cannot
// be checked by the verifier. The lowerings check them at run time, before
// the gather reads any memory, with the functions of this file.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_GATHERTOLINALG_SHAPECHECKS_H
#define GATHER_MLIR_CONVERSION_GATHERTOLINALG_SHAPECHECKS_H

#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"

#include "mlir/IR/Builders.h"

namespace mlir::gather {

struct ExitingReport;

/// Emits `if (lhs != rhs) report(dim, lhs, rhs)` (a report of three `%lld`
/// arguments) unless the sizes fold to equal constants. A pair that folds to
/// different constants always reports.
void emitSizeCheck(OpBuilder &builder, Location loc,
                   const ExitingReport &report, int64_t dim, OpFoldResult lhs,
                   OpFoldResult rhs);

/// Emits at the insertion point of `builder` the run-time checks of the shape
/// rules of `op` that the static types leave open:
///
/// * each batch dimension `i < batch_dims` has the same size in data and
///   indices;
/// * each result dimension that the result type declares static has that
///   size in the operand it comes from.
///
/// A broken rule stops the program with exit status 1 after printing, for
/// example, `gather: batch dimension 0 has size 6 in data but 1 in indices`
/// (calls made with createExitingReportCall: call addGatherReportFunctions
/// once the module is converted). Rules that the static sizes decide emit
/// nothing; under BoundsCheck::None nothing is emitted at all.
void emitGatherShapeChecks(OpBuilder &builder, GatherOp op,
                           BoundsCheck boundsCheck);

/// Emits an error at `op` and fails when data, indices or the result of `op`
/// hold more than 2^63 - 1 bytes by their static sizes alone: such tensors
/// cannot be addressed by the generated code.
LogicalResult checkGatherSizesLowerable(GatherOp op);

} // namespace mlir::gather

#endif // GATHER_MLIR_CONVERSION_GATHERTOLINALG_SHAPECHECKS_H

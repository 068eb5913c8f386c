//===- GatherShape.h - gather shape rules -----------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The rank, axis and batch_dims rules of `gather.gather` and its result shape,
// as plain functions over shapes so that the verifier, type inference, the
// lowerings and the unit tests share one implementation.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHERSHAPE_H
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHERSHAPE_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace mlir::gather {

/// `axis` and `batch_dims` after the negative values were normalised:
/// `0 <= batchDims <= axis < dataRank` and `batchDims <= indicesRank`.
struct GatherParams {
  int64_t axis = 0;
  int64_t batchDims = 0;
};

/// Callback producing a diagnostic to which the caller streams a message; a
/// null callback makes the checks silent.
using EmitErrorFn = function_ref<InFlightDiagnostic()>;

/// Checks `axis` and `batch_dims` against the ranks of data and indices and
/// returns them normalised. Reports the first broken rule through `emitError`.
FailureOr<GatherParams> normalizeGatherParams(int64_t dataRank,
                                              int64_t indicesRank, int64_t axis,
                                              int64_t batchDims,
                                              EmitErrorFn emitError = nullptr);

/// Returns the result shape `D[:a] ++ I[b:] ++ D[a+1:]` for the given data and
/// indices shapes (`ShapedType::kDynamic` marks a dynamic size) and the
/// un-normalised `axis` and `batch_dims`. Also checks that the leading
/// `batch_dims` sizes agree where both are static; a batch size that is
/// dynamic on one side takes the static size of the other.
FailureOr<SmallVector<int64_t>>
inferGatherShape(ArrayRef<int64_t> dataShape, ArrayRef<int64_t> indicesShape,
                 int64_t axis, int64_t batchDims,
                 EmitErrorFn emitError = nullptr);

/// Where a result dimension comes from.
struct GatherDimSource {
  /// True when the size is that of `indices`, false when it is `data`'s.
  bool fromIndices;
  /// The dimension of `indices` or `data` that gives the size.
  int64_t dim;
};

/// Returns the source of result dimension `resultDim` for normalised `params`
/// and data of rank `dataRank` (indices of rank `indicesRank`). Batch
/// dimensions are reported as coming from `data`.
GatherDimSource getResultDimSource(const GatherParams &params, int64_t dataRank,
                                   int64_t indicesRank, int64_t resultDim);

} // namespace mlir::gather

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHERSHAPE_H

//===- GatherShape.cpp - gather shape rules -------------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherShape.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"

using namespace mlir;
using namespace mlir::gather;

FailureOr<GatherParams>
mlir::gather::normalizeGatherParams(int64_t dataRank, int64_t indicesRank,
                                    int64_t axis, int64_t batchDims,
                                    EmitErrorFn emitError) {
  auto fail = [&](auto &&streamMessage) -> FailureOr<GatherParams> {
    if (emitError) {
      InFlightDiagnostic diag = emitError();
      streamMessage(diag);
    }
    return failure();
  };

  if (dataRank < 1)
    return fail([&](InFlightDiagnostic &d) {
      d << "data must have rank >= 1, but has rank " << dataRank;
    });
  // Compare before adding anything so that no value of `axis` or
  // `batch_dims` (INT64_MIN and INT64_MAX included) can overflow.
  if (axis < -dataRank || axis >= dataRank)
    return fail([&](InFlightDiagnostic &d) {
      d << "axis (" << axis << ") must be in [" << -dataRank << ", "
        << dataRank - 1 << "] for data of rank " << dataRank;
    });
  if (batchDims > indicesRank)
    return fail([&](InFlightDiagnostic &d) {
      d << "batch_dims (" << batchDims << ") must not exceed the rank of "
        << "indices (" << indicesRank << ")";
    });
  if (batchDims < -indicesRank)
    return fail([&](InFlightDiagnostic &d) {
      d << "batch_dims (" << batchDims << ") must be >= " << -indicesRank
        << ", minus the rank of indices";
    });

  GatherParams params;
  params.axis = axis < 0 ? axis + dataRank : axis;
  params.batchDims = batchDims < 0 ? batchDims + indicesRank : batchDims;
  if (params.batchDims > params.axis)
    return fail([&](InFlightDiagnostic &d) {
      d << "batch_dims (" << params.batchDims << ") must not exceed axis ("
        << params.axis << ")";
      if (params.axis != axis || params.batchDims != batchDims)
        d << " after normalisation of batch_dims = " << batchDims
          << " and axis = " << axis;
    });
  return params;
}

FailureOr<SmallVector<int64_t>>
mlir::gather::inferGatherShape(ArrayRef<int64_t> dataShape,
                               ArrayRef<int64_t> indicesShape, int64_t axis,
                               int64_t batchDims, EmitErrorFn emitError) {
  int64_t dataRank = dataShape.size();
  int64_t indicesRank = indicesShape.size();
  FailureOr<GatherParams> params =
      normalizeGatherParams(dataRank, indicesRank, axis, batchDims, emitError);
  if (failed(params))
    return failure();

  SmallVector<int64_t> shape;
  shape.reserve(dataRank + indicesRank - params->batchDims - 1);
  for (int64_t i = 0; i < params->batchDims; ++i) {
    int64_t d = dataShape[i];
    int64_t n = indicesShape[i];
    if (!ShapedType::isDynamic(d) && !ShapedType::isDynamic(n) && d != n) {
      if (emitError)
        emitError() << "batch dimension " << i << " must have the same size "
                    << "in data (" << d << ") and indices (" << n << ")";
      return failure();
    }
    shape.push_back(ShapedType::isDynamic(d) ? n : d);
  }
  for (int64_t i = params->batchDims; i < params->axis; ++i)
    shape.push_back(dataShape[i]);
  for (int64_t i = params->batchDims; i < indicesRank; ++i)
    shape.push_back(indicesShape[i]);
  for (int64_t i = params->axis + 1; i < dataRank; ++i)
    shape.push_back(dataShape[i]);
  return shape;
}

GatherDimSource mlir::gather::getResultDimSource(const GatherParams &params,
                                                 int64_t dataRank,
                                                 int64_t indicesRank,
                                                 int64_t resultDim) {
  (void)dataRank;
  if (resultDim < params.axis)
    return {/*fromIndices=*/false, resultDim};
  int64_t gathered = indicesRank - params.batchDims;
  if (resultDim < params.axis + gathered)
    return {/*fromIndices=*/true, resultDim - params.axis + params.batchDims};
  return {/*fromIndices=*/false, resultDim - gathered + 1};
}

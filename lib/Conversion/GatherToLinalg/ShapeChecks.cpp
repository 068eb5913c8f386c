//===- ShapeChecks.cpp - run-time shape checks of gather.gather -----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/GatherToLinalg/ShapeChecks.h"
#include "gather-mlir/Conversion/Utils/ExitingReport.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"
#include "gather-mlir/Dialect/Gather/IR/GatherShape.h"
#include "gather-mlir/Support/TypeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// The reports of a broken shape rule.
constexpr ExitingReport kBatchSizeReport = {
    "__gather_mlir_batch_size_mismatch",
    "gather: batch dimension %lld has size %lld in data but %lld in indices",
    3};
constexpr ExitingReport kResultSizeReport = {
    "__gather_mlir_result_size_mismatch",
    "gather: result dimension %lld is declared with size %lld but the data "
    "and indices give %lld",
    3};

} // namespace

void mlir::gather::emitSizeCheck(OpBuilder &builder, Location loc,
                                 const ExitingReport &report, int64_t dim,
                                 OpFoldResult lhs, OpFoldResult rhs) {
  std::optional<int64_t> lhsConstant = getConstantIntValue(lhs);
  std::optional<int64_t> rhsConstant = getConstantIntValue(rhs);
  if (lhsConstant && rhsConstant && *lhsConstant == *rhsConstant)
    return;
  Value lhsValue = getValueOrCreateConstantIndexOp(builder, loc, lhs);
  Value rhsValue = getValueOrCreateConstantIndexOp(builder, loc, rhs);
  Value differ = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                                       lhsValue, rhsValue);
  auto ifOp = scf::IfOp::create(builder, loc, differ, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  Type i64 = builder.getI64Type();
  Value dimValue = arith::ConstantIntOp::create(builder, loc, i64, dim);
  Value lhsI64 = arith::IndexCastOp::create(builder, loc, i64, lhsValue);
  Value rhsI64 = arith::IndexCastOp::create(builder, loc, i64, rhsValue);
  createExitingReportCall(builder, loc, report,
                          ValueRange{dimValue, lhsI64, rhsI64});
}

void mlir::gather::emitGatherShapeChecks(OpBuilder &builder, GatherOp op,
                                         BoundsCheck boundsCheck) {
  if (boundsCheck == BoundsCheck::None)
    return;
  Location loc = op.getLoc();
  Value data = op.getData(), indices = op.getIndices();
  RankedTensorType dataType = op.getDataType();
  RankedTensorType indicesType = op.getIndicesType();
  RankedTensorType resultType = op.getResultType();
  int64_t batchDims = op.getNormalizedBatchDims();

  // Batch dimensions: static on both sides, the verifier has compared them.
  for (int64_t dim = 0; dim < batchDims; ++dim) {
    if (!dataType.isDynamicDim(dim) && !indicesType.isDynamicDim(dim))
      continue;
    OpFoldResult dataSize = tensor::getMixedSize(builder, loc, data, dim);
    OpFoldResult indicesSize = tensor::getMixedSize(builder, loc, indices, dim);
    emitSizeCheck(builder, loc, kBatchSizeReport, dim, dataSize, indicesSize);
  }

  // Result dimensions declared static where the operands are dynamic.
  FailureOr<SmallVector<int64_t>> inferred =
      inferGatherShape(dataType.getShape(), indicesType.getShape(),
                       static_cast<int64_t>(op.getAxis()),
                       static_cast<int64_t>(op.getBatchDims()));
  assert(succeeded(inferred) && "verified gather has a result shape");
  GatherParams params{op.getNormalizedAxis(), batchDims};
  for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
    if (resultType.isDynamicDim(dim) ||
        !ShapedType::isDynamic((*inferred)[dim]))
      continue;
    GatherDimSource source = getResultDimSource(params, dataType.getRank(),
                                                indicesType.getRank(), dim);
    Value tensor = source.fromIndices ? indices : data;
    emitSizeCheck(builder, loc, kResultSizeReport, dim,
                  builder.getIndexAttr(resultType.getDimSize(dim)),
                  tensor::getMixedSize(builder, loc, tensor, source.dim));
  }
}

LogicalResult mlir::gather::checkGatherSizesLowerable(GatherOp op) {
  for (auto [name, type] :
       {std::pair(StringRef("data"), op.getDataType()),
        std::pair(StringRef("indices"), op.getIndicesType()),
        std::pair(StringRef("the result"), op.getResultType())}) {
    // From the innermost dimension out, so that every stride in bytes is
    // checked too (a size 0 further out does not make them smaller).
    // An element takes at least one byte here (as many as it stores, or one
    // for types without a storage size).
    std::optional<int64_t> bytes = std::max<int64_t>(
        1, getElementStorageBytes(type.getElementType()).value_or(1));
    for (int64_t size : llvm::reverse(type.getShape()))
      if (bytes && !ShapedType::isDynamic(size))
        bytes = llvm::checkedMul(*bytes, size);
    if (bytes)
      continue;
    return op.emitOpError("is too large to lower: ")
           << name << " of type " << type
           << " spans more than 2^63 - 1 bytes by its static sizes";
  }
  return success();
}

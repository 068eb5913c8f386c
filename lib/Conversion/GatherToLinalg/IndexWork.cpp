//===- IndexWork.cpp - conversion, wrap and check of index values ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/GatherToLinalg/IndexWork.h"
#include "gather-mlir/Conversion/Utils/ExitingReport.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// The reports of an out-of-range index: one prints the index as signed, the
/// other as unsigned.
constexpr ExitingReport kSignedReport = {
    "__gather_mlir_index_out_of_bounds",
    "gather: index %lld is out of bounds for a dimension of size %lld", 2};
constexpr ExitingReport kUnsignedReport = {
    "__gather_mlir_unsigned_index_out_of_bounds",
    "gather: index %llu is out of bounds for a dimension of size %lld", 2};

} // namespace

/// Converts an index value of element type i32/i64/si*/ui*/index to `index`:
/// zero-extended when unsigned, sign-extended otherwise.
Value mlir::gather::castToIndex(OpBuilder &builder, Location loc, Value raw) {
  Type type = raw.getType();
  if (type.isIndex())
    return raw;
  auto intType = cast<IntegerType>(type);
  Value value = raw;
  // arith works on signless integers only; the bits are the same.
  if (!intType.isSignless())
    value = UnrealizedConversionCastOp::create(
                builder, loc, builder.getIntegerType(intType.getWidth()), raw)
                .getResult(0);
  if (intType.isUnsigned())
    return arith::IndexCastUIOp::create(builder, loc, builder.getIndexType(),
                                        value);
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    value);
}

/// Emits the conversion, wrap and check of one raw index value against the
/// gathered size `size` (an `index` value) and returns the position to read.
Value mlir::gather::emitIndexWork(OpBuilder &builder, Location loc, Value raw,
                                  Value size, const IndexPlan &plan,
                                  BoundsCheck boundsCheck) {
  Value original = castToIndex(builder, loc, raw);
  Value position = original;
  auto zero = [&]() -> Value {
    return arith::ConstantIndexOp::create(builder, loc, 0);
  };
  if (plan.wrap) {
    Value isNegative = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::slt, position, zero());
    Value wrapped = arith::AddIOp::create(builder, loc, position, size);
    auto select =
        arith::SelectOp::create(builder, loc, isNegative, wrapped, position);
    // The code generator drops the wrap where it proves the index
    // non-negative (gather-lower-element-loops).
    select->setAttr(getGatherWrapAttrName(), builder.getUnitAttr());
    position = select;
  }
  if (!plan.check)
    return position;

  auto emitReportIf = [&](Value condition) {
    auto ifOp = scf::IfOp::create(builder, loc, condition,
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    Type i64 = builder.getI64Type();
    Value index = arith::IndexCastOp::create(builder, loc, i64, original);
    Value sizeI64 = arith::IndexCastOp::create(builder, loc, i64, size);
    createExitingReportCall(builder, loc,
                            plan.isUnsigned ? kUnsignedReport : kSignedReport,
                            ValueRange{index, sizeI64});
  };

  if (boundsCheck == BoundsCheck::Assert) {
    // One unsigned comparison rejects both negative and too large values.
    Value outOfBounds = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::uge, position, size);
    emitReportIf(outOfBounds);
    return position;
  }

  // Clamp. An empty gathered dimension has no element to clamp to.
  std::optional<int64_t> constantSize = getConstantIntValue(size);
  if (!constantSize || *constantSize == 0) {
    Value isEmpty = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::eq, size, zero());
    emitReportIf(isEmpty);
  }
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value last = arith::SubIOp::create(builder, loc, size, one);
  if (plan.isUnsigned)
    return arith::MinUIOp::create(builder, loc, position, last);
  position = arith::MaxSIOp::create(builder, loc, position, zero());
  return arith::MinSIOp::create(builder, loc, position, last);
}

/// Converts a position of type `index` to `type`: `index` or an integer type
/// (zero-extended bits for unsigned types, sign-extended otherwise).
Value mlir::gather::castFromIndex(OpBuilder &builder, Location loc,
                                  Value position, Type type) {
  if (type.isIndex())
    return position;
  auto intType = cast<IntegerType>(type);
  Type bits = builder.getIntegerType(intType.getWidth());
  Value value = intType.isUnsigned()
                    ? arith::IndexCastUIOp::create(builder, loc, bits, position)
                          .getResult()
                    : arith::IndexCastOp::create(builder, loc, bits, position)
                          .getResult();
  if (intType.isSignless())
    return value;
  return UnrealizedConversionCastOp::create(builder, loc, type, value)
      .getResult(0);
}

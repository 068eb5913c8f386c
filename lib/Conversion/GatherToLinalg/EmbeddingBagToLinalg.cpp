//===- EmbeddingBagToLinalg.cpp - lower gather.embedding_bag --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Lowers `gather.embedding_bag` to destination-style tensor code that never
// builds the gathered rows as a tensor:
//
//   scf.forall over (batch..., bag):
//     [start, end) of the bag (0 and L for fixed bags; the offsets, checked
//     and clamped to [0, N], for ragged ones)
//     accumulator row = identity of the mode (in f32 for f16 and bf16)
//     scf.for over the ids of the bag, counting the rows pooled:
//       id -> row position (converted, wrapped and checked as the gather's
//       indices, IndexWork.h); padding rows skipped
//       accumulator row op= table row (times the weight)
//     the bag's result row = 0 for an empty bag, else the accumulator
//     (divided by the count for mean), rounded to the table's type
//
// The rows are read as tensor.extract_slice of the table, which bufferizes to
// views: no row is copied.
//
//===----------------------------------------------------------------------===//

#include "BagVectorLoop.h"

#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather-mlir/Conversion/GatherToLinalg/IndexWork.h"
#include "gather-mlir/Conversion/GatherToLinalg/ShapeChecks.h"
#include "gather-mlir/Conversion/Utils/ExitingReport.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// The reports of malformed offsets and of sizes that differ at run time.
constexpr ExitingReport kFirstOffsetReport = {
    "__gather_mlir_bag_first_offset",
    "gather: embedding_bag offsets must start at 0 without "
    "include_last_offset, but offsets[0] is %lld",
    1};
constexpr ExitingReport kStartReport = {
    "__gather_mlir_bag_start_out_of_range",
    "gather: embedding_bag bag %lld starts at offset %lld, outside [0, %lld] "
    "(the number of ids)",
    3};
constexpr ExitingReport kEndReport = {
    "__gather_mlir_bag_end_out_of_range",
    "gather: embedding_bag bag %lld ends at offset %lld, outside [0, %lld] "
    "(the number of ids)",
    3};
constexpr ExitingReport kDecreaseReport = {
    "__gather_mlir_bag_offsets_decrease",
    "gather: embedding_bag offsets decrease at bag %lld: it starts at %lld "
    "but ends at %lld",
    3};
constexpr ExitingReport kNoOffsetReport = {
    "__gather_mlir_bag_no_offset",
    "gather: embedding_bag with include_last_offset needs at least one "
    "offset, but has %lld",
    1};
constexpr ExitingReport kBatchSizeReport = {
    "__gather_mlir_bag_batch_size_mismatch",
    "gather: embedding_bag batch dimension %lld has size %lld in the table "
    "but %lld in the ids",
    3};
constexpr ExitingReport kWeightsSizeReport = {
    "__gather_mlir_bag_weights_size_mismatch",
    "gather: embedding_bag weights dimension %lld has size %lld but the ids "
    "have %lld",
    3};
constexpr ExitingReport kResultSizeReport = {
    "__gather_mlir_bag_result_size_mismatch",
    "gather: embedding_bag result dimension %lld is declared with size %lld "
    "but the operands give %lld",
    3};
constexpr ExitingReport kPaddingReport = {
    "__gather_mlir_bag_padding_out_of_range",
    "gather: embedding_bag padding_idx %lld is out of range for a table of "
    "%lld rows",
    2};

/// Emits `if (condition) report(args)`.
void emitReportIf(OpBuilder &builder, Location loc, Value condition,
                  const ExitingReport &report, ArrayRef<Value> indexArgs) {
  auto ifOp = scf::IfOp::create(builder, loc, condition,
                                /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  SmallVector<Value> args;
  for (Value arg : indexArgs)
    args.push_back(
        arith::IndexCastOp::create(builder, loc, builder.getI64Type(), arg));
  createExitingReportCall(builder, loc, report, args);
}

Value cmp(OpBuilder &builder, Location loc, arith::CmpIPredicate predicate,
          Value lhs, Value rhs) {
  return arith::CmpIOp::create(builder, loc, predicate, lhs, rhs);
}

Value constantIndex(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

/// Returns the size of dimension `dim` of `tensor` as an `index` value.
Value dimValue(OpBuilder &builder, Location loc, Value tensor, int64_t dim) {
  return getValueOrCreateConstantIndexOp(
      builder, loc, tensor::getMixedSize(builder, loc, tensor, dim));
}

/// The type rows are accumulated in: f32 for f16 and bf16, the table's
/// element type otherwise.
Type getAccumulatorType(Type elementType) {
  if (elementType.isF16() || elementType.isBF16())
    return Float32Type::get(elementType.getContext());
  return elementType;
}

/// Converts `value` (of the table's element type) to the accumulator type.
Value extend(OpBuilder &builder, Location loc, Value value, Type accType) {
  if (value.getType() == accType)
    return value;
  return arith::ExtFOp::create(builder, loc, accType, value);
}

/// Lowers one gather.embedding_bag.
struct EmbeddingBagLowering : public OpConversionPattern<EmbeddingBagOp> {
  EmbeddingBagLowering(MLIRContext *context,
                       const GatherToLinalgOptions &options)
      : OpConversionPattern<EmbeddingBagOp>(context), options(options) {}

  LogicalResult
  matchAndRewrite(EmbeddingBagOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BoundsCheck boundsCheck = options.boundsCheck;
    bool checks = boundsCheck != BoundsCheck::None;
    Value table = adaptor.getTable();
    Value ids = adaptor.getIds();
    Value offsets = adaptor.getOffsets();
    Value weights = adaptor.getWeights();
    int64_t batchDims = op.getRowDim();
    int64_t rowRank = op.getRowRank();
    RankedTensorType resultType = op.getResultType();
    Type elementType = resultType.getElementType();

    // Sizes: batch dimensions follow the ids, rows the table.
    SmallVector<OpFoldResult> batchSizes;
    for (int64_t dim = 0; dim < batchDims; ++dim)
      batchSizes.push_back(tensor::getMixedSize(rewriter, loc, ids, dim));
    SmallVector<OpFoldResult> rowSizes;
    for (int64_t i = 0; i < rowRank; ++i)
      rowSizes.push_back(
          tensor::getMixedSize(rewriter, loc, table, batchDims + 1 + i));
    Value numRows = dimValue(rewriter, loc, table, batchDims);
    Value numIds = op.isRagged() ? dimValue(rewriter, loc, ids, 0) : Value();
    Value numOffsets =
        op.isRagged() ? dimValue(rewriter, loc, offsets, 0) : Value();
    OpFoldResult numBags = getNumBags(rewriter, loc, op, ids, numOffsets);

    if (checks)
      emitShapeChecks(rewriter, op, table, ids, weights, numOffsets, batchSizes,
                      numBags, rowSizes);
    Value paddingRow = getPaddingRow(rewriter, op, numRows);

    SmallVector<OpFoldResult> resultSizes(batchSizes);
    resultSizes.push_back(numBags);
    resultSizes.append(rowSizes);
    Value init =
        tensor::EmptyOp::create(rewriter, loc, resultSizes, elementType);

    // Rows of one static dimension are pooled in vector values, read
    // through a read-only buffer of the table (BagVectorLoop.h).
    Value tableBuffer;
    if (canBuildVectorBag(op, options))
      tableBuffer = getReadOnlyBuffer(rewriter, loc, table);

    auto forall = scf::ForallOp::create(
        rewriter, loc, ArrayRef(resultSizes).take_front(batchDims + 1),
        ValueRange{init}, std::nullopt);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(forall.getBody());
      SmallVector<Value> ivs(forall.getInductionVars());
      auto [start, end] =
          op.isRagged()
              ? getRaggedBounds(rewriter, loc, op, ivs.back(), offsets,
                                numOffsets, numIds)
              : std::pair(constantIndex(rewriter, loc, 0),
                          dimValue(rewriter, loc, ids, batchDims + 1));
      Value row;
      if (tableBuffer) {
        VectorBagOperands operands{tableBuffer,
                                   ids,
                                   weights,
                                   ivs,
                                   start,
                                   end,
                                   numRows,
                                   paddingRow,
                                   getBagRow(rewriter, loc, op, ivs, rowSizes,
                                             forall.getRegionIterArgs()[0])};
        row = buildVectorBag(rewriter, loc, op, options, operands);
      } else {
        row = buildBag(rewriter, loc, op, table, ids, weights, ivs, start, end,
                       numRows, paddingRow, rowSizes,
                       forall.getRegionIterArgs()[0]);
      }
      SmallVector<OpFoldResult> offsetsOut(ivs.begin(), ivs.end());
      SmallVector<OpFoldResult> sizesOut(ivs.size(), rewriter.getIndexAttr(1));
      for (OpFoldResult size : rowSizes) {
        offsetsOut.push_back(rewriter.getIndexAttr(0));
        sizesOut.push_back(size);
      }
      SmallVector<OpFoldResult> strides(offsetsOut.size(),
                                        rewriter.getIndexAttr(1));
      rewriter.setInsertionPointToStart(forall.getTerminator().getBody());
      tensor::ParallelInsertSliceOp::create(rewriter, loc, row,
                                            forall.getRegionIterArgs()[0],
                                            offsetsOut, sizesOut, strides);
    }
    Value result = forall.getResult(0);
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  /// `table` as a read-only buffer whose layout takes any strides (the
  /// innermost 1).
  static Value getReadOnlyBuffer(OpBuilder &builder, Location loc,
                                 Value table) {
    auto tableType = cast<RankedTensorType>(table.getType());
    SmallVector<int64_t> strides(tableType.getRank(), ShapedType::kDynamic);
    strides.back() = 1;
    auto layout = StridedLayoutAttr::get(builder.getContext(),
                                         ShapedType::kDynamic, strides);
    auto type = MemRefType::get(tableType.getShape(),
                                tableType.getElementType(), layout);
    return bufferization::ToBufferOp::create(builder, loc, type, table,
                                             /*read_only=*/true);
  }

  /// The row of bag `ivs` of `out` (a tensor of the row's shape).
  static Value getBagRow(OpBuilder &builder, Location loc, EmbeddingBagOp op,
                         ArrayRef<Value> ivs, ArrayRef<OpFoldResult> rowSizes,
                         Value out) {
    SmallVector<OpFoldResult> offsets(ivs.begin(), ivs.end());
    SmallVector<OpFoldResult> sizes(ivs.size(), builder.getIndexAttr(1));
    SmallVector<int64_t> rowShape;
    for (OpFoldResult size : rowSizes) {
      offsets.push_back(builder.getIndexAttr(0));
      sizes.push_back(size);
      rowShape.push_back(
          getConstantIntValue(size).value_or(ShapedType::kDynamic));
    }
    SmallVector<OpFoldResult> strides(offsets.size(), builder.getIndexAttr(1));
    return tensor::ExtractSliceOp::create(
        builder, loc,
        RankedTensorType::get(rowShape, op.getResultType().getElementType()),
        out, offsets, sizes, strides);
  }

  /// The number of bags: the bag dimension of the ids, or the number of
  /// offsets (minus one with include_last_offset; under `assert` and `clamp`
  /// zero offsets are then reported, under `none` they give no bags).
  OpFoldResult getNumBags(OpBuilder &builder, Location loc, EmbeddingBagOp op,
                          Value ids, Value numOffsets) const {
    if (!op.isRagged())
      return tensor::getMixedSize(builder, loc, ids, op.getRowDim());
    if (!op.getIncludeLastOffset())
      return getAsOpFoldResult(numOffsets);
    if (std::optional<int64_t> count = getConstantIntValue(numOffsets))
      return builder.getIndexAttr(std::max<int64_t>(*count - 1, 0));
    Value zero = constantIndex(builder, loc, 0);
    if (options.boundsCheck != BoundsCheck::None)
      emitReportIf(
          builder, loc,
          cmp(builder, loc, arith::CmpIPredicate::eq, numOffsets, zero),
          kNoOffsetReport, {numOffsets});
    Value minusOne = arith::SubIOp::create(builder, loc, numOffsets,
                                           constantIndex(builder, loc, 1));
    return arith::MaxSIOp::create(builder, loc, minusOne, zero).getResult();
  }

  /// Checks the sizes that the static types leave open: batch dimensions of
  /// the table and the ids, the weights against the ids, and declared static
  /// result sizes against the operands.
  static void emitShapeChecks(OpBuilder &builder, EmbeddingBagOp op,
                              Value table, Value ids, Value weights,
                              Value numOffsets,
                              ArrayRef<OpFoldResult> batchSizes,
                              OpFoldResult numBags,
                              ArrayRef<OpFoldResult> rowSizes) {
    Location loc = op.getLoc();
    for (auto [dim, size] : llvm::enumerate(batchSizes))
      emitSizeCheck(builder, loc, kBatchSizeReport, dim,
                    tensor::getMixedSize(builder, loc, table, dim), size);
    if (weights)
      for (int64_t dim = 0; dim < op.getIdsType().getRank(); ++dim)
        emitSizeCheck(builder, loc, kWeightsSizeReport, dim,
                      tensor::getMixedSize(builder, loc, weights, dim),
                      tensor::getMixedSize(builder, loc, ids, dim));
    SmallVector<OpFoldResult> sizes(batchSizes);
    sizes.push_back(numBags);
    sizes.append(rowSizes.begin(), rowSizes.end());
    RankedTensorType resultType = op.getResultType();
    for (auto [dim, size] : llvm::enumerate(sizes))
      if (!resultType.isDynamicDim(dim))
        emitSizeCheck(builder, loc, kResultSizeReport, dim,
                      builder.getIndexAttr(resultType.getDimSize(dim)), size);
  }

  /// The row that padding_idx names, normalised by the number of rows (an
  /// `index` value), or null without padding_idx. A padding_idx outside
  /// `[-V, V)` of a dynamic `V` is reported under `assert` and `clamp`.
  Value getPaddingRow(OpBuilder &builder, EmbeddingBagOp op,
                      Value numRows) const {
    std::optional<int64_t> padding = op.getPaddingIdx();
    if (!padding)
      return nullptr;
    Location loc = op.getLoc();
    if (std::optional<int64_t> row = op.getStaticPaddingRow())
      return constantIndex(builder, loc, *row);
    Value raw = constantIndex(builder, loc, *padding);
    if (options.boundsCheck != BoundsCheck::None) {
      Value tooLarge = cmp(
          builder, loc,
          *padding < 0 ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::sge,
          *padding < 0 ? arith::SubIOp::create(
                             builder, loc, constantIndex(builder, loc, 0), raw)
                             .getResult()
                       : raw,
          numRows);
      emitReportIf(builder, loc, tooLarge, kPaddingReport, {raw, numRows});
    }
    if (*padding >= 0)
      return raw;
    return arith::AddIOp::create(builder, loc, raw, numRows);
  }

  /// Returns the bounds `[start, end)` of ragged bag `bag` in the ids, read
  /// from the offsets, checked under `assert` and always clamped so that
  /// `0 <= start <= end <= N`.
  std::pair<Value, Value> getRaggedBounds(OpBuilder &builder, Location loc,
                                          EmbeddingBagOp op, Value bag,
                                          Value offsets, Value numOffsets,
                                          Value numIds) const {
    using Pred = arith::CmpIPredicate;
    Value zero = constantIndex(builder, loc, 0);
    Value one = constantIndex(builder, loc, 1);
    bool includeLast = op.getIncludeLastOffset();
    Value start = castToIndex(
        builder, loc, tensor::ExtractOp::create(builder, loc, offsets, bag));
    // The end is the next offset; without include_last_offset the last bag
    // ends at N (the offset read then is clamped into the offsets and its
    // value unused).
    Value next = arith::AddIOp::create(builder, loc, bag, one);
    Value nextIndex =
        includeLast ? next
                    : arith::MinSIOp::create(
                          builder, loc, next,
                          arith::SubIOp::create(builder, loc, numOffsets, one))
                          .getResult();
    Value end = castToIndex(
        builder, loc,
        tensor::ExtractOp::create(builder, loc, offsets, nextIndex));
    Value endFromOffsets =
        includeLast
            ? arith::ConstantIntOp::create(builder, loc, builder.getI1Type(), 1)
                  .getResult()
            : cmp(builder, loc, Pred::slt, next, numOffsets);
    end = arith::SelectOp::create(builder, loc, endFromOffsets, end, numIds);

    if (options.boundsCheck == BoundsCheck::Assert) {
      if (!includeLast) {
        Value isFirst = cmp(builder, loc, Pred::eq, bag, zero);
        Value notZero = cmp(builder, loc, Pred::ne, start, zero);
        emitReportIf(builder, loc,
                     arith::AndIOp::create(builder, loc, isFirst, notZero),
                     kFirstOffsetReport, {start});
      }
      auto outside = [&](Value offset) {
        return arith::OrIOp::create(
                   builder, loc, cmp(builder, loc, Pred::slt, offset, zero),
                   cmp(builder, loc, Pred::sgt, offset, numIds))
            .getResult();
      };
      emitReportIf(builder, loc, outside(start), kStartReport,
                   {bag, start, numIds});
      emitReportIf(builder, loc, outside(end), kEndReport, {bag, end, numIds});
      emitReportIf(builder, loc, cmp(builder, loc, Pred::slt, end, start),
                   kDecreaseReport, {bag, start, end});
    }
    // Never read outside the ids, whatever the offsets hold.
    start = arith::MinSIOp::create(
        builder, loc, arith::MaxSIOp::create(builder, loc, start, zero),
        numIds);
    end = arith::MinSIOp::create(
        builder, loc, arith::MaxSIOp::create(builder, loc, end, start), numIds);
    return {start, end};
  }

  /// Builds the pooling of one bag (ids `[start, end)` of the ids at batch
  /// and bag positions `ivs`) and returns its result row, written into the
  /// bag's slice of `out`.
  Value buildBag(OpBuilder &builder, Location loc, EmbeddingBagOp op,
                 Value table, Value ids, Value weights, ArrayRef<Value> ivs,
                 Value start, Value end, Value numRows, Value paddingRow,
                 ArrayRef<OpFoldResult> rowSizes, Value out) const {
    MLIRContext *ctx = builder.getContext();
    int64_t batchDims = op.getRowDim();
    int64_t rowRank = op.getRowRank();
    PoolingMode mode = op.getMode();
    Type elementType = op.getResultType().getElementType();
    Type accType = getAccumulatorType(elementType);
    bool isFloat = isa<FloatType>(accType);

    IndexPlan plan;
    plan.isUnsigned = op.getIdsType().getElementType().isUnsignedInteger();
    plan.wrap = !plan.isUnsigned;
    plan.check = options.boundsCheck != BoundsCheck::None;

    Value identity = arith::ConstantOp::create(
        builder, loc, getBagIdentity(builder, op, accType));
    Value accInit = tensor::EmptyOp::create(builder, loc, rowSizes, accType);
    accInit =
        linalg::FillOp::create(builder, loc, identity, accInit).getResult(0);
    Value zero = constantIndex(builder, loc, 0);
    Value one = constantIndex(builder, loc, 1);

    AffineMap identityMap = AffineMap::getMultiDimIdentityMap(rowRank, ctx);
    SmallVector<utils::IteratorType> iterators(rowRank,
                                               utils::IteratorType::parallel);

    auto loop = scf::ForOp::create(
        builder, loc, start, end, one, ValueRange{accInit, zero},
        [&](OpBuilder &b, Location l, Value position, ValueRange iterArgs) {
          Value acc = iterArgs[0], count = iterArgs[1];
          // The ids (and weights) of this bag at this position.
          SmallVector<Value> idCoords(ivs.begin(), ivs.end());
          if (op.isRagged())
            idCoords.assign({position});
          else
            idCoords.push_back(position);
          Value raw = tensor::ExtractOp::create(b, l, ids, idCoords);
          Value rowIndex =
              emitIndexWork(b, l, raw, numRows, plan, options.boundsCheck);
          auto accumulate = [&](OpBuilder &nb, Location nl) {
            SmallVector<OpFoldResult> offsets(ivs.begin(),
                                              ivs.begin() + batchDims);
            offsets.push_back(rowIndex);
            SmallVector<OpFoldResult> sizes(batchDims + 1, nb.getIndexAttr(1));
            for (OpFoldResult size : rowSizes) {
              offsets.push_back(nb.getIndexAttr(0));
              sizes.push_back(size);
            }
            SmallVector<OpFoldResult> strides(offsets.size(),
                                              nb.getIndexAttr(1));
            SmallVector<int64_t> rowShape;
            for (OpFoldResult size : rowSizes)
              rowShape.push_back(
                  getConstantIntValue(size).value_or(ShapedType::kDynamic));
            auto rowType = RankedTensorType::get(rowShape, elementType);
            Value row = tensor::ExtractSliceOp::create(nb, nl, rowType, table,
                                                       offsets, sizes, strides);
            Value weight;
            if (weights)
              weight = extend(
                  nb, nl, tensor::ExtractOp::create(nb, nl, weights, idCoords),
                  accType);
            auto generic = linalg::GenericOp::create(
                nb, nl, TypeRange{acc.getType()}, ValueRange{row},
                ValueRange{acc},
                SmallVector<AffineMap>{identityMap, identityMap}, iterators,
                [&](OpBuilder &gb, Location gl, ValueRange args) {
                  Value value = extend(gb, gl, args[0], accType);
                  if (weight)
                    value = isFloat
                                ? arith::MulFOp::create(gb, gl, value, weight)
                                      .getResult()
                                : arith::MulIOp::create(gb, gl, value, weight)
                                      .getResult();
                  Value combined;
                  if (mode == PoolingMode::Max)
                    combined = combineBagMax(gb, gl, args[1], value);
                  else
                    combined =
                        isFloat ? arith::AddFOp::create(gb, gl, args[1], value)
                                      .getResult()
                                : arith::AddIOp::create(gb, gl, args[1], value)
                                      .getResult();
                  linalg::YieldOp::create(gb, gl, combined);
                });
            Value nextCount = arith::AddIOp::create(nb, nl, count, one);
            return SmallVector<Value>{generic.getResult(0), nextCount};
          };
          if (!paddingRow) {
            scf::YieldOp::create(b, l, accumulate(b, l));
            return;
          }
          Value isPadding =
              cmp(b, l, arith::CmpIPredicate::eq, rowIndex, paddingRow);
          auto ifOp = scf::IfOp::create(
              b, l, isPadding,
              [&](OpBuilder &nb, Location nl) {
                scf::YieldOp::create(nb, nl, ValueRange{acc, count});
              },
              [&](OpBuilder &nb, Location nl) {
                scf::YieldOp::create(nb, nl, accumulate(nb, nl));
              });
          scf::YieldOp::create(b, l, ifOp.getResults());
        });
    Value acc = loop.getResult(0);
    Value count = loop.getResult(1);

    // The bag's slice of the result, written in place.
    Value dest = getBagRow(builder, loc, op, ivs, rowSizes, out);

    Value isEmpty = cmp(builder, loc, arith::CmpIPredicate::eq, count, zero);
    Value divisor;
    if (mode == PoolingMode::Mean) {
      Value countI64 =
          arith::IndexCastOp::create(builder, loc, builder.getI64Type(), count);
      divisor = arith::SIToFPOp::create(builder, loc, accType, countI64);
    }
    Value resultZero = arith::ConstantOp::create(
        builder, loc, builder.getZeroAttr(elementType));
    auto finish = linalg::GenericOp::create(
        builder, loc, TypeRange{dest.getType()}, ValueRange{acc},
        ValueRange{dest}, SmallVector<AffineMap>{identityMap, identityMap},
        iterators, [&](OpBuilder &gb, Location gl, ValueRange args) {
          Value value = args[0];
          if (divisor)
            value = arith::DivFOp::create(gb, gl, value, divisor);
          if (value.getType() != elementType)
            value = arith::TruncFOp::create(gb, gl, elementType, value);
          value = arith::SelectOp::create(gb, gl, isEmpty, resultZero, value);
          linalg::YieldOp::create(gb, gl, value);
        });
    return finish.getResult(0);
  }

  GatherToLinalgOptions options;
};

} // namespace

void mlir::gather::populateEmbeddingBagToLinalgPatterns(
    RewritePatternSet &patterns, const GatherToLinalgOptions &options) {
  patterns.add<EmbeddingBagLowering>(patterns.getContext(), options);
}

TypedAttr mlir::gather::getBagIdentity(OpBuilder &builder, EmbeddingBagOp op,
                                       Type accType) {
  PoolingMode mode = op.getMode();
  if (auto floatType = dyn_cast<FloatType>(accType)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    APFloat value = mode == PoolingMode::Max
                        ? APFloat::getInf(semantics, /*Negative=*/true)
                        : APFloat::getZero(semantics, /*Negative=*/
                                           !op.getFromPositiveZero());
    return builder.getFloatAttr(accType, value);
  }
  unsigned width = accType.getIntOrFloatBitWidth();
  APInt value = mode == PoolingMode::Max ? APInt::getSignedMinValue(width)
                                         : APInt::getZero(width);
  return builder.getIntegerAttr(accType, value);
}

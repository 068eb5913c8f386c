//===- GatherToLinalg.cpp - lower gather.gather to linalg/tensor/scf ------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Lowers `gather.gather` to destination-style tensor code:
//
// * `slices`: planGatherForm picks one form per gather from the sizes and
//   one builder per form emits it (docs/Performance.md):
//   - block-copy / inline-copy (buildSliceCopies): an scf.forall over the
//     outer positions D[:a] ++ I[b:] that loads, converts, wraps and checks
//     one index and copies the whole inner slice data[p, k, :] with
//     tensor.extract_slice/parallel_insert_slice;
//   - element (buildElementLoop): one fused linalg.generic per element;
//   - inner-axis (buildInnerAxis): positions first, then a linalg.generic
//     reading them.
//   The form is recorded as the attribute `gather.form` for the
//   memref-level passes.
// * `generic`: one linalg.generic over the result whose body does the index
//   work and a tensor.extract per element (the reference lowering).
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather-mlir/Conversion/GatherToLinalg/IndexWork.h"
#include "gather-mlir/Conversion/GatherToLinalg/ShapeChecks.h"
#include "gather-mlir/Conversion/Utils/Elementwise.h"
#include "gather-mlir/Conversion/Utils/ExitingReport.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"
#include "gather-mlir/Dialect/Gather/IR/GatherShape.h"
#include "gather-mlir/Support/TypeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Threading.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::gather {
#define GEN_PASS_DEF_CONVERTGATHERTOLINALG
#include "gather-mlir/Conversion/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Decides which index work the gather needs: indices proved non-negative
/// (`indices_nonnegative`) or constant and all non-negative need no wrap;
/// indices proved in range (`indices_in_range`) or constant and all in range
/// of a static size need no check.
IndexPlan planIndexWork(GatherOp op, BoundsCheck boundsCheck) {
  IndexPlan plan;
  Type elementType = op.getIndicesType().getElementType();
  plan.isUnsigned = elementType.isUnsignedInteger();
  plan.wrap = !plan.isUnsigned;
  plan.check = boundsCheck != BoundsCheck::None;
  // Facts that gather-prove-index-ranges proved about the index values.
  plan.wrap &= !op.getIndicesNonnegative();
  plan.check &= !op.getIndicesInRange();

  DenseIntElementsAttr constant;
  if (!matchPattern(op.getIndices(), m_Constant(&constant)))
    return plan;
  int64_t size = op.getDataType().getDimSize(op.getNormalizedAxis());
  bool allNonNegative = true, allInRange = !ShapedType::isDynamic(size);
  for (const APInt &value : constant.getValues<APInt>()) {
    bool negative = !plan.isUnsigned && value.isNegative();
    allNonNegative &= !negative;
    if (!allInRange)
      continue;
    // Range of the value after wrapping, compared without overflow.
    if (plan.isUnsigned)
      allInRange = value.getActiveBits() <= 63 &&
                   static_cast<int64_t>(value.getZExtValue()) < size;
    else
      allInRange = value.getSignificantBits() <= 64 &&
                   value.getSExtValue() >= -size && value.getSExtValue() < size;
  }
  plan.wrap &= !allNonNegative;
  plan.check &= !allInRange;
  return plan;
}

/// Builds the positions of `indices` as a tensor of `elementType`: one
/// elementwise linalg.generic that converts, wraps and checks each value.
Value buildIndexPositions(
    OpBuilder &builder, Location loc, Value indices, Type elementType,
    function_ref<Value(OpBuilder &, Location, Value)> emitIndex) {
  return buildElementwiseGeneric(
      builder, loc, indices, elementType,
      [&](OpBuilder &nested, Location nestedLoc, Value raw) {
        Value position = emitIndex(nested, nestedLoc, raw);
        return castFromIndex(nested, nestedLoc, position, elementType);
      });
}

/// Returns the size of the gathered dimension of `op` as an `index` value.
Value getGatheredSize(OpBuilder &builder, Location loc, GatherOp op) {
  int64_t axis = op.getNormalizedAxis();
  RankedTensorType dataType = op.getDataType();
  if (dataType.isDynamicDim(axis))
    return tensor::DimOp::create(builder, loc, op.getData(), axis);
  return arith::ConstantIndexOp::create(builder, loc,
                                        dataType.getDimSize(axis));
}

/// Returns the sizes of the result of `op` as its operands give them:
/// `D[:a] ++ I[b:] ++ D[a+1:]`, a constant where that operand's dimension is
/// static (or folds to a constant), `tensor.dim` of the operand otherwise.
/// Batch dimensions follow `indices`, which the per-element form reads through
/// an indexing map that ties them to the loops (data is read through
/// `tensor.extract`).
SmallVector<OpFoldResult> getOperandResultSizes(OpBuilder &builder,
                                                Location loc, GatherOp op,
                                                Value data, Value indices) {
  GatherParams params{op.getNormalizedAxis(), op.getNormalizedBatchDims()};
  int64_t dataRank = op.getDataType().getRank();
  int64_t indicesRank = op.getIndicesType().getRank();
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0, e = op.getResultType().getRank(); dim < e; ++dim) {
    GatherDimSource source =
        getResultDimSource(params, dataRank, indicesRank, dim);
    bool fromIndices = source.fromIndices || dim < params.batchDims;
    OpFoldResult size = tensor::getMixedSize(
        builder, loc, fromIndices ? indices : data, source.dim);
    // A size that folded to a constant (a tensor.cast producer, say) becomes
    // an attribute, so that the types built from it are static exactly
    // where the ops infer static sizes.
    if (auto value = dyn_cast<Value>(size))
      size = getAsOpFoldResult(value);
    sizes.push_back(size);
  }
  return sizes;
}

/// Casts `value` to `type`, which may differ from it in static sizes. Where
/// both are static and differ, the declared size contradicts the operands:
/// under `assert` and `clamp` the shape check before the gather stops every
/// run (its condition folds to true), under `none` the program is in error.
/// No value of `type` can then be computed (a cast between contradicting
/// static shapes does not verify, nor does what canonicalisation folds a
/// detour into), so the result is a tensor.empty of `type`, which no run
/// reads.
Value castToDeclaredType(OpBuilder &builder, Location loc, Value value,
                         RankedTensorType type) {
  auto actual = cast<RankedTensorType>(value.getType());
  if (actual == type)
    return value;
  if (tensor::CastOp::areCastCompatible(actual, type))
    return tensor::CastOp::create(builder, loc, type, value);
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(tensor::DimOp::create(builder, loc, value, dim));
  return tensor::EmptyOp::create(builder, loc, type, dynamicSizes);
}

/// The form of one gather and where its index work runs.
struct FormPlan {
  GatherForm form = GatherForm::BlockCopy;
  /// Convert, wrap and check every index once, in a first pass producing
  /// positions, instead of at each use.
  bool positionsFirst = false;
  /// Set when the static sizes do not decide between the inline and the
  /// block copy: the run copies slices of at most this many bytes inline
  /// (recorded as gather.inline_max_bytes for the code generator).
  std::optional<int64_t> inlineMaxBytesAtRunTime;
};

/// Picks the form of `op` under the `slices` strategy from its static sizes
/// (or takes the one `options.form` forces) and decides whether positions
/// are computed first. `plan` is the index work planIndexWork decided.
///
/// - The gathered axis innermost (no slice to copy): `element` when each
///   index serves one data row, `inner-axis` when it serves several (or
///   may: a dynamic size between the batch dimensions and the axis).
/// - Otherwise slices: `inline-copy` when a slice has a static size of at
///   most `inlineMaxBytes` bytes, `block-copy` when its static size is
///   larger, and `block-copy` with the choice left to the run
///   (inlineMaxBytesAtRunTime) when its size is dynamic.
/// Positions are computed first only when each serves several slices (or
/// rows) and there is index work to share.
FormPlan planGatherForm(GatherOp op, const GatherToLinalgOptions &options,
                        const IndexPlan &plan) {
  RankedTensorType dataType = op.getDataType();
  int64_t axis = op.getNormalizedAxis();
  int64_t batchDims = op.getNormalizedBatchDims();
  // Each index serves one slice per position of the data dimensions
  // between the batch dimensions and the axis.
  ArrayRef<int64_t> repeatShape =
      dataType.getShape().slice(batchDims, axis - batchDims);
  bool usedOnce = llvm::all_of(repeatShape, [](int64_t d) { return d == 1; });
  ArrayRef<int64_t> innerShape = dataType.getShape().drop_front(axis + 1);
  bool innerIsScalar =
      llvm::all_of(innerShape, [](int64_t d) { return d == 1; });
  bool innerIsEmpty = llvm::is_contained(innerShape, 0);

  FormPlan result;
  result.form = options.form;
  if (result.form == GatherForm::Auto) {
    if (innerIsScalar || innerIsEmpty) {
      result.form = usedOnce ? GatherForm::Element : GatherForm::InnerAxis;
    } else {
      std::optional<int64_t> bytes =
          getElementStorageBytes(dataType.getElementType());
      bool isStatic = true;
      for (int64_t d : innerShape) {
        isStatic &= !ShapedType::isDynamic(d);
        if (bytes && !ShapedType::isDynamic(d))
          bytes = llvm::checkedMul(*bytes, d);
      }
      result.form = bytes && isStatic && *bytes <= options.inlineMaxBytes
                        ? GatherForm::InlineCopy
                        : GatherForm::BlockCopy;
      // The static part of the slice may already exceed the bound.
      if (!isStatic && bytes && *bytes <= options.inlineMaxBytes)
        result.inlineMaxBytesAtRunTime = options.inlineMaxBytes;
    }
  }
  // A statically empty slice has nothing to copy (and no valid slice
  // offset): the per-element form loops over the empty result. A gather of
  // rank-0 indices at axis 0 is one slice, which the slice forms would copy
  // outside any loop (where no memref-level pass finds it): the per-element
  // form copies it.
  bool oneSlice = axis == 0 && op.getIndicesType().getRank() == 0;
  if ((innerIsEmpty || oneSlice) && (result.form == GatherForm::BlockCopy ||
                                     result.form == GatherForm::InlineCopy)) {
    result.form = GatherForm::Element;
    result.inlineMaxBytesAtRunTime.reset();
  }

  bool hasIndexWork = plan.wrap || plan.check;
  result.positionsFirst =
      hasIndexWork && (result.form == GatherForm::InnerAxis ||
                       (!usedOnce && result.form != GatherForm::Element));
  return result;
}

/// Lowers one gather.gather.
struct GatherOpLowering : public OpConversionPattern<GatherOp> {
  GatherOpLowering(MLIRContext *context, const GatherToLinalgOptions &options)
      : OpConversionPattern<GatherOp>(context), options(options) {}

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType resultType = op.getResultType();

    // Shape rules that depend on dynamic sizes, before any memory is read.
    emitGatherShapeChecks(rewriter, op, options.boundsCheck);
    IndexPlan plan = planIndexWork(op, options.boundsCheck);

    Value data = adaptor.getData();
    Value indices = adaptor.getIndices();
    Value size = getGatheredSize(rewriter, loc, op);

    // Every op is built on the sizes the operands give, never on the
    // declared result type: a declared static size that contradicts a
    // dynamic operand is reported at run time by the shape checks above,
    // and must not make an op invalid once canonicalisation propagates the
    // operand's static size. One tensor.cast gives the declared type.
    SmallVector<OpFoldResult> resultSizes =
        getOperandResultSizes(rewriter, loc, op, data, indices);
    Value init =
        buildInit(rewriter, loc, resultSizes, resultType.getElementType());

    auto emitIndex = [&](OpBuilder &builder, Location nestedLoc, Value raw) {
      return emitIndexWork(builder, nestedLoc, raw, size, plan,
                           options.boundsCheck);
    };

    // The form of this gather, and whether the conversion, wrap and check
    // run once per index in a first pass that produces positions of type
    // `index` rather than once per use. (The `generic` strategy stays the
    // obvious per-element lowering, unmarked.)
    bool isGeneric = options.strategy == GatherLoweringStrategy::Generic;
    FormPlan formPlan = isGeneric ? FormPlan{GatherForm::Element, false}
                                  : planGatherForm(op, options, plan);
    bool positionsFirst = formPlan.positionsFirst;

    if (!positionsFirst && plan.check &&
        options.boundsCheck == BoundsCheck::Assert)
      checkIndicesOfEmptyResults(rewriter, loc, op, data, indices, emitIndex);

    if (positionsFirst) {
      indices = buildIndexPositions(rewriter, loc, indices,
                                    rewriter.getIndexType(), emitIndex);
      plan = IndexPlan{/*isUnsigned=*/false, /*wrap=*/false, /*check=*/false};
    }

    // One builder per form.
    Value result;
    switch (formPlan.form) {
    case GatherForm::Auto:
    case GatherForm::Element:
      result = buildElementLoop(rewriter, loc, op, data, indices, init,
                                emitIndex, !isGeneric);
      break;
    case GatherForm::InnerAxis:
      result =
          buildInnerAxis(rewriter, loc, op, data, indices, init, emitIndex);
      break;
    case GatherForm::BlockCopy:
    case GatherForm::InlineCopy:
      result = buildSliceCopies(rewriter, loc, op, data, indices, init,
                                resultSizes, emitIndex, formPlan);
      break;
    }
    rewriter.replaceOp(op,
                       castToDeclaredType(rewriter, loc, result, resultType));
    return success();
  }

private:
  /// The tensor.empty of the result on the sizes `resultSizes`.
  static Value buildInit(OpBuilder &builder, Location loc,
                         ArrayRef<OpFoldResult> resultSizes, Type elementType) {
    SmallVector<int64_t> actualShape;
    SmallVector<Value> dynamicSizes;
    for (OpFoldResult size : resultSizes) {
      std::optional<int64_t> constant = getConstantIntValue(size);
      actualShape.push_back(constant.value_or(ShapedType::kDynamic));
      if (!constant)
        dynamicSizes.push_back(cast<Value>(size));
    }
    auto actualType = RankedTensorType::get(actualShape, elementType);
    return tensor::EmptyOp::create(builder, loc, actualType, dynamicSizes);
  }

  /// Under `assert` every index is checked, also when the result is empty
  /// because a data dimension outside the batch dimensions and the axis is
  /// 0 (the gather then reads no index at all). Such results get a
  /// check-only pass over the indices, behind a run-time test of the sizes
  /// when they are dynamic. (A first pass of positions visits every index
  /// anyway and needs none.)
  static void checkIndicesOfEmptyResults(
      OpBuilder &builder, Location loc, GatherOp op, Value data, Value indices,
      function_ref<Value(OpBuilder &, Location, Value)> emitIndex) {
    RankedTensorType dataType = op.getDataType();
    int64_t axis = op.getNormalizedAxis();
    SmallVector<int64_t> otherDims;
    for (int64_t dim = op.getNormalizedBatchDims(); dim < dataType.getRank();
         ++dim)
      if (dim != axis && dataType.getDimSize(dim) != 1)
        otherDims.push_back(dim);
    bool isEmpty = llvm::any_of(
        otherDims, [&](int64_t dim) { return dataType.getDimSize(dim) == 0; });
    Value mayBeEmpty;
    for (int64_t dim : otherDims) {
      if (!dataType.isDynamicDim(dim))
        continue;
      Value size = tensor::DimOp::create(builder, loc, data, dim);
      Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
      Value isZero = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::eq, size, zero);
      mayBeEmpty = mayBeEmpty
                       ? arith::OrIOp::create(builder, loc, mayBeEmpty, isZero)
                             .getResult()
                       : isZero;
    }
    if (isEmpty) {
      buildIndexPositions(builder, loc, indices, builder.getIndexType(),
                          emitIndex);
    } else if (mayBeEmpty) {
      auto ifOp = scf::IfOp::create(builder, loc, mayBeEmpty,
                                    /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifOp.thenBlock());
      buildIndexPositions(builder, loc, indices, builder.getIndexType(),
                          emitIndex);
    }
  }

  /// Builds the `element` form: the per-element linalg.generic, marked as
  /// such when `mark` is set (the `generic` strategy leaves it unmarked).
  static Value
  buildElementLoop(OpBuilder &builder, Location loc, GatherOp op, Value data,
                   Value indices, Value init,
                   function_ref<Value(OpBuilder &, Location, Value)> emitIndex,
                   bool mark) {
    Value result =
        buildGeneric(builder, loc, op, data, indices, init, emitIndex);
    if (mark)
      setGatherForm(result.getDefiningOp(), GatherForm::Element);
    return result;
  }

  /// Builds the `inner-axis` form: the per-element linalg.generic reading
  /// positions computed before (or indices that need no work), marked so
  /// that gather-lower-element-loops prefetches the rows it reads.
  static Value
  buildInnerAxis(OpBuilder &builder, Location loc, GatherOp op, Value data,
                 Value positions, Value init,
                 function_ref<Value(OpBuilder &, Location, Value)> emitIndex) {
    Value result =
        buildGeneric(builder, loc, op, data, positions, init, emitIndex);
    setGatherForm(result.getDefiningOp(), GatherForm::InnerAxis);
    return result;
  }

  /// Builds the `block-copy` and `inline-copy` forms: an scf.forall over the
  /// outer positions that copies one whole inner slice per index, marked
  /// with the planned form (the two differ after bufferization, in
  /// gather-lower-slice-copies) and, where the run decides between them,
  /// the inline bound.
  static Value
  buildSliceCopies(OpBuilder &rewriter, Location loc, GatherOp op, Value data,
                   Value indices, Value init,
                   ArrayRef<OpFoldResult> resultSizes,
                   function_ref<Value(OpBuilder &, Location, Value)> emitIndex,
                   const FormPlan &formPlan) {
    RankedTensorType dataType = op.getDataType();
    int64_t axis = op.getNormalizedAxis();
    int64_t batchDims = op.getNormalizedBatchDims();
    int64_t indicesRank = op.getIndicesType().getRank();
    int64_t outerRank = axis + indicesRank - batchDims;

    SmallVector<OpFoldResult> innerSizes(resultSizes.begin() + outerRank,
                                         resultSizes.end());
    // Slices with a dimension of size 0 copy nothing; a slice at offset 0 of
    // a static dimension of size 0 would not even be valid IR (the sizes are
    // static here when a tensor.cast hides them from the types).
    if (llvm::any_of(innerSizes, [](OpFoldResult size) {
          return isConstantIntValue(size, 0);
        }))
      return init;
    SmallVector<int64_t> sliceShape;
    for (OpFoldResult ofr : innerSizes)
      sliceShape.push_back(
          getConstantIntValue(ofr).value_or(ShapedType::kDynamic));
    auto sliceType =
        RankedTensorType::get(sliceShape, dataType.getElementType());
    OpFoldResult zeroAttr = rewriter.getIndexAttr(0);
    OpFoldResult oneAttr = rewriter.getIndexAttr(1);

    // Offsets, sizes and strides of a slice that is one element wide at the
    // `leading` positions and takes the whole inner dimensions after them.
    struct SliceParams {
      SmallVector<OpFoldResult> offsets, sizes, strides;
    };
    auto sliceParams = [&](ArrayRef<OpFoldResult> leading) {
      SliceParams params;
      params.offsets.assign(leading.begin(), leading.end());
      params.sizes.assign(leading.size(), oneAttr);
      for (OpFoldResult size : innerSizes) {
        params.offsets.push_back(zeroAttr);
        params.sizes.push_back(size);
      }
      params.strides.assign(params.offsets.size(), oneAttr);
      return params;
    };
    // The slice of data at outer positions `outer` (the first `axis`
    // dimensions) and gathered position `position`.
    auto dataSlice = [&](OpBuilder &builder, Location nestedLoc,
                         ArrayRef<Value> outer, Value position) {
      SmallVector<OpFoldResult> leading(outer.begin(), outer.end());
      leading.push_back(position);
      SliceParams params = sliceParams(leading);
      return tensor::ExtractSliceOp::create(builder, nestedLoc, sliceType, data,
                                            params.offsets, params.sizes,
                                            params.strides)
          .getResult();
    };

    SmallVector<OpFoldResult> outerSizes(resultSizes.begin(),
                                         resultSizes.begin() + outerRank);
    auto forall = scf::ForallOp::create(rewriter, loc, outerSizes,
                                        ValueRange{init}, std::nullopt);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(forall.getBody());
      SmallVector<Value> ivs(forall.getInductionVars());
      SmallVector<Value> indexCoords;
      for (int64_t i = 0; i < batchDims; ++i)
        indexCoords.push_back(ivs[i]);
      for (int64_t i = axis; i < outerRank; ++i)
        indexCoords.push_back(ivs[i]);
      Value raw =
          tensor::ExtractOp::create(rewriter, loc, indices, indexCoords);
      Value position = emitIndex(rewriter, loc, raw);
      Value slice =
          dataSlice(rewriter, loc, ArrayRef(ivs).take_front(axis), position);

      SliceParams params =
          sliceParams(SmallVector<OpFoldResult>(ivs.begin(), ivs.end()));
      rewriter.setInsertionPointToStart(forall.getTerminator().getBody());
      tensor::ParallelInsertSliceOp::create(
          rewriter, loc, slice, forall.getRegionIterArgs()[0], params.offsets,
          params.sizes, params.strides);
    }
    setGatherForm(forall, formPlan.form);
    if (formPlan.inlineMaxBytesAtRunTime)
      forall->setAttr(
          getGatherInlineMaxBytesAttrName(),
          rewriter.getI64IntegerAttr(*formPlan.inlineMaxBytesAtRunTime));
    return forall.getResult(0);
  }

  /// Builds the per-element form: one linalg.generic over the result that
  /// reads `indices` through an indexing map and `data` with tensor.extract.
  static Value
  buildGeneric(OpBuilder &builder, Location loc, GatherOp op, Value data,
               Value indices, Value init,
               function_ref<Value(OpBuilder &, Location, Value)> emitIndex) {
    MLIRContext *ctx = builder.getContext();
    int64_t axis = op.getNormalizedAxis();
    int64_t batchDims = op.getNormalizedBatchDims();
    int64_t dataRank = op.getDataType().getRank();
    int64_t indicesRank = op.getIndicesType().getRank();
    int64_t resultRank = op.getResultType().getRank();
    int64_t gathered = indicesRank - batchDims;

    SmallVector<AffineExpr> indexExprs;
    for (int64_t i = 0; i < batchDims; ++i)
      indexExprs.push_back(getAffineDimExpr(i, ctx));
    for (int64_t i = 0; i < gathered; ++i)
      indexExprs.push_back(getAffineDimExpr(axis + i, ctx));
    SmallVector<AffineMap> maps = {
        AffineMap::get(resultRank, 0, indexExprs, ctx),
        AffineMap::getMultiDimIdentityMap(resultRank, ctx)};
    SmallVector<utils::IteratorType> iterators(resultRank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        builder, loc, TypeRange{init.getType()}, ValueRange{indices},
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Value position = emitIndex(nested, nestedLoc, args[0]);
          SmallVector<Value> coords;
          for (int64_t i = 0; i < axis; ++i)
            coords.push_back(linalg::IndexOp::create(nested, nestedLoc, i));
          coords.push_back(position);
          for (int64_t t = axis + 1; t < dataRank; ++t)
            coords.push_back(
                linalg::IndexOp::create(nested, nestedLoc, t - 1 + gathered));
          Value element =
              tensor::ExtractOp::create(nested, nestedLoc, data, coords);
          linalg::YieldOp::create(nested, nestedLoc, element);
        });
    return generic.getResult(0);
  }

  GatherToLinalgOptions options;
};

struct ConvertGatherToLinalgPass
    : public gather::impl::ConvertGatherToLinalgBase<
          ConvertGatherToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    constexpr int64_t kMaxDistance = (int64_t(1) << 31) - 1;
    if (bagVectorBytes < 0 || bagAccumulators < 1 || bagPrefetchDistance < 0 ||
        bagPrefetchDistance > kMaxDistance || bagPrefetchBytes < 0 ||
        bagPrefetchBytes > kMaxDistance) {
      module.emitError() << "convert-gather-to-linalg: bag-vector-bytes must "
                            "be at least 0 (is "
                         << static_cast<int64_t>(bagVectorBytes)
                         << "), bag-accumulators at least 1 (is "
                         << static_cast<int64_t>(bagAccumulators)
                         << "), bag-prefetch-distance in [0, 2^31 - 1] (is "
                         << static_cast<int64_t>(bagPrefetchDistance)
                         << ") and bag-prefetch-bytes in [0, 2^31 - 1] (is "
                         << static_cast<int64_t>(bagPrefetchBytes) << ")";
      return signalPassFailure();
    }
    if (boundsCheck != BoundsCheck::None && failed(checkReportSymbols(module)))
      return signalPassFailure();
    // The ops of the module that hold gathers (functions, mostly) are
    // lowered in parallel: the patterns change nothing outside the gather
    // they rewrite; the report functions and strings that the module gets
    // are made afterwards, for all of it. A gather in the module's own body
    // (which lowering it changes) makes the module the one root.
    bool lowerable = true;
    SmallVector<Operation *> roots;
    for (Operation &op : module.getOps()) {
      bool holdsGather = false;
      op.walk([&](Operation *nested) {
        if (auto gather = dyn_cast<GatherOp>(nested)) {
          holdsGather = true;
          lowerable &= succeeded(checkGatherSizesLowerable(gather));
        } else if (isa<EmbeddingBagOp>(nested)) {
          holdsGather = true;
        }
      });
      if (holdsGather)
        roots.push_back(&op);
    }
    if (!lowerable)
      return signalPassFailure();
    if (llvm::any_of(roots, [](Operation *op) {
          return isa<GatherOp, EmbeddingBagOp>(op);
        }))
      roots.assign({module.getOperation()});

    ConversionTarget target(*ctx);
    target.addIllegalDialect<GatherDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });

    GatherToLinalgOptions options;
    options.boundsCheck = boundsCheck;
    options.strategy = strategy;
    options.form = form;
    options.inlineMaxBytes = inlineMaxBytes;
    options.bagVectorBytes = bagVectorBytes;
    options.bagAccumulators = bagAccumulators;
    options.bagPrefetchDistance = bagPrefetchDistance;
    options.bagPrefetchBytes = bagPrefetchBytes;
    RewritePatternSet patterns(ctx);
    populateGatherToLinalgPatterns(patterns, options);
    FrozenRewritePatternSet frozen(std::move(patterns));
    if (failed(failableParallelForEach(ctx, roots,
                                       [&](Operation *root) {
                                         return applyPartialConversion(
                                             root, target, frozen);
                                       })) ||
        failed(addGatherReportFunctions(module)))
      return signalPassFailure();
    if (!hints)
      stripGatherHints(module);
  }

  /// Reports a symbol of the module that would clash with the functions the
  /// out-of-bounds report defines or calls.
  static LogicalResult checkReportSymbols(ModuleOp module) {
    bool hasGather = false;
    module.walk([&](Operation *op) {
      if (!isa<GatherOp, EmbeddingBagOp>(op))
        return WalkResult::advance();
      hasGather = true;
      return WalkResult::interrupt();
    });
    if (!hasGather)
      return success();
    return checkGatherReportSymbols(module);
  }
};

} // namespace

Value mlir::gather::buildGatherPositions(OpBuilder &builder, GatherOp op,
                                         BoundsCheck boundsCheck,
                                         Type elementType) {
  Location loc = op.getLoc();
  IndexPlan plan = planIndexWork(op, boundsCheck);
  Type indexType = op.getIndicesType().getElementType();
  if (!plan.wrap && !plan.check && elementType == indexType)
    return op.getIndices();
  Value size = getGatheredSize(builder, loc, op);
  return buildIndexPositions(
      builder, loc, op.getIndices(), elementType,
      [&](OpBuilder &nested, Location nestedLoc, Value raw) {
        return emitIndexWork(nested, nestedLoc, raw, size, plan, boundsCheck);
      });
}

LogicalResult mlir::gather::checkGatherReportSymbols(ModuleOp module) {
  // The reports are created in the symbol table nearest to each gather.
  SetVector<Operation *> scopes;
  module.walk([&](Operation *op) {
    if (!isa<GatherOp, EmbeddingBagOp>(op))
      return;
    if (Operation *scope = SymbolTable::getNearestSymbolTable(op))
      scopes.insert(scope);
  });
  bool ok = true;
  for (Operation *scope : scopes)
    ok &= succeeded(checkExitingReportLibcSymbols(scope));
  return success(ok);
}

LogicalResult mlir::gather::addGatherReportFunctions(ModuleOp module) {
  return materializeExitingReports(module);
}

void mlir::gather::populateGatherToLinalgPatterns(
    RewritePatternSet &patterns, const GatherToLinalgOptions &options) {
  patterns.add<GatherOpLowering>(patterns.getContext(), options);
  populateEmbeddingBagToLinalgPatterns(patterns, options);
}

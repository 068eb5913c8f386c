//===- BagVectorLoop.cpp - register-resident pooling of one bag -----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// For a bag whose rows are `D` elements (static), the columns are cut into
// groups of at most `bagAccumulators` vectors of `bagVectorBytes` bytes of
// the accumulator type (the last vector of a row may be shorter). Each group
// is one loop over the bag's ids that carries its vectors as loop values:
//
//   scf.for %j = %start to %end iter_args(%acc0, %acc1, ...) {
//     %row = id %j converted, wrapped and checked (IndexWork.h)
//     memref.prefetch the group's cache lines of the row of id
//       min(%j + distance, %end - 1)  (wrapped and clamped into the table)
//     %v0 = vector.load %table[%row, %c0] ... (extended to f32 for f16/bf16,
//       times the weight)
//     %acc0' = %acc0 + %v0 (max: maximumf / maxsi)   ... (padding: select)
//   }
//   vector.transfer_write of the group's pooled vectors into the bag's row
//
// The rows are read through a read-only buffer of the table (no row is
// copied) and the pooled row is written once; the accumulation order per
// element is that of the generic lowering (acc + row, ids in order), so both
// give the same bits.
//
//===----------------------------------------------------------------------===//

#include "BagVectorLoop.h"
#include "gather-mlir/Conversion/GatherToLinalg/IndexWork.h"
#include "gather-mlir/Support/TypeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::gather;

/// The bytes of one cache line: the step of the prefetches.
static constexpr int64_t kCacheLineBytes = 64;

/// Tables smaller than this stay in the caches: their rows are not
/// prefetched.
static constexpr int64_t kPrefetchMinTableBytes = 1 << 20;

/// Tables of at most this many bytes are taken to stay in the last-level
/// cache between bags: their rows are prefetched bagPrefetchDistance ids
/// ahead, not bagPrefetchBytes.
static constexpr int64_t kCacheResidentTableBytes = 32 << 20;

/// The type rows are accumulated in: f32 for f16 and bf16.
static Type getAccumulatorType(Type elementType) {
  if (elementType.isF16() || elementType.isBF16())
    return Float32Type::get(elementType.getContext());
  return elementType;
}

/// The bytes of one element of `type` (the op's element types are whole
/// bytes, so getElementStorageBytes always has a value for them).
static int64_t getElementBytes(Type type) {
  return getElementStorageBytes(type).value_or(1);
}

Value mlir::gather::combineBagMax(OpBuilder &builder, Location loc, Value acc,
                                  Value value) {
  Type type = acc.getType();
  auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  if (!floatType)
    return arith::MaxSIOp::create(builder, loc, acc, value);
  // Written out rather than as arith.maximumf, whose expansion by
  // arith-expand (in the pipelines) orders -0.0 and +0.0 by position: take
  // the value where it is greater or NaN, or equal to an accumulator of
  // -0.0 (its sign bit set).
  using arith::CmpFPredicate;
  Value greater =
      arith::CmpFOp::create(builder, loc, CmpFPredicate::OGT, value, acc);
  Value isNaN =
      arith::CmpFOp::create(builder, loc, CmpFPredicate::UNO, value, value);
  Value equal =
      arith::CmpFOp::create(builder, loc, CmpFPredicate::OEQ, value, acc);
  Type bitsType = builder.getIntegerType(floatType.getWidth());
  if (auto vectorType = dyn_cast<VectorType>(type))
    bitsType = vectorType.clone(bitsType);
  Value bits = arith::BitcastOp::create(builder, loc, bitsType, acc);
  Value zero = arith::ConstantOp::create(builder, loc, bitsType,
                                         builder.getZeroAttr(bitsType));
  Value negative = arith::CmpIOp::create(builder, loc,
                                         arith::CmpIPredicate::slt, bits, zero);
  // One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.
  Value either = arith::OrIOp::create(builder, loc, greater, isNaN);
  Value zeros = arith::AndIOp::create(builder, loc, equal, negative);
  Value take = arith::OrIOp::create(builder, loc, either, zeros);
  return arith::SelectOp::create(builder, loc, take, value, acc);
}

bool mlir::gather::canBuildVectorBag(EmbeddingBagOp op,
                                     const GatherToLinalgOptions &options) {
  if (options.bagVectorBytes <= 0 || options.bagAccumulators <= 0 ||
      op.getRowRank() != 1)
    return false;
  RankedTensorType tableType = op.getTableType();
  int64_t width = tableType.getShape().back();
  // A row of one element takes the generic form: the bag's slice of the
  // result is then all unit dimensions, and its rank-reduced buffer may
  // keep the stride of a batch dimension (`memref<1xf32, strided<[B]>>`),
  // which a vector store cannot write (found by gather-gen's bags).
  if (ShapedType::isDynamic(width) || width <= 1)
    return false;
  Type elementType = tableType.getElementType();
  return isa<FloatType>(elementType) ||
         (elementType.isSignlessInteger() &&
          elementType.getIntOrFloatBitWidth() >= 8);
}

namespace {
/// The columns of one vector: `[offset, offset + size)`.
struct ColumnVector {
  int64_t offset, size;
};

/// Emits the pooling of one bag as described at the top of the file.
class VectorBagBuilder {
public:
  VectorBagBuilder(OpBuilder &builder, Location loc, EmbeddingBagOp op,
                   const GatherToLinalgOptions &options,
                   const VectorBagOperands &operands)
      : b(builder), loc(loc), op(op), options(options), in(operands),
        elementType(op.getTableType().getElementType()),
        accType(getAccumulatorType(elementType)),
        isFloat(isa<FloatType>(accType)), mode(op.getMode()) {}

  Value build() {
    int64_t width = op.getTableType().getShape().back();
    int64_t lanes =
        std::max<int64_t>(1, options.bagVectorBytes / getElementBytes(accType));
    SmallVector<ColumnVector> vectors;
    for (int64_t offset = 0; offset < width; offset += lanes)
      vectors.push_back({offset, std::min(lanes, width - offset)});
    Value dest = in.dest;
    for (size_t first = 0; first < vectors.size();
         first += options.bagAccumulators) {
      ArrayRef<ColumnVector> group = ArrayRef(vectors).slice(
          first,
          std::min<size_t>(options.bagAccumulators, vectors.size() - first));
      dest = buildGroup(group, dest);
    }
    return dest;
  }

private:
  Value constantIndex(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  VectorType getVectorType(int64_t size, Type type) {
    return VectorType::get({size}, type);
  }

  /// A vector of `size` copies of `attr`.
  Value splat(int64_t size, TypedAttr attr) {
    auto type = getVectorType(size, attr.getType());
    return arith::ConstantOp::create(b, loc, type,
                                     DenseElementsAttr::get(type, attr));
  }

  /// The coordinates of position `j` of the bag in the ids (and weights).
  SmallVector<Value> getIdCoords(Value j) {
    if (op.isRagged())
      return {j};
    SmallVector<Value> coords(in.ivs);
    coords.push_back(j);
    return coords;
  }

  /// The coordinates of column `column` of row `row` in the table.
  SmallVector<Value> getTableCoords(Value row, Value column) {
    SmallVector<Value> coords(in.ivs.take_front(op.getRowDim()));
    coords.push_back(row);
    coords.push_back(column);
    return coords;
  }

  /// Whether the rows are prefetched: on, and the table may be larger than
  /// the caches.
  bool shouldPrefetch() {
    if (options.bagPrefetchDistance <= 0)
      return false;
    RankedTensorType tableType = op.getTableType();
    if (!tableType.hasStaticShape())
      return true;
    return tableType.getNumElements() * getElementBytes(elementType) >=
           kPrefetchMinTableBytes;
  }

  /// How many ids ahead rows are prefetched: bagPrefetchDistance, or, for a
  /// table that may not fit in the caches, enough ids to cover
  /// bagPrefetchBytes of rows if that is more.
  int64_t getPrefetchDistance() {
    int64_t distance = options.bagPrefetchDistance;
    RankedTensorType tableType = op.getTableType();
    int64_t rowBytes =
        tableType.getShape().back() * getElementBytes(elementType);
    bool mayExceedCaches =
        !tableType.hasStaticShape() ||
        tableType.getNumElements() * getElementBytes(elementType) >
            kCacheResidentTableBytes;
    if (mayExceedCaches && rowBytes > 0)
      distance = std::max<int64_t>(
          distance, llvm::divideCeil(options.bagPrefetchBytes, rowBytes));
    return distance;
  }

  /// Sets flatIds (the ids as one dimension), flatBase (the flat position
  /// of the bag's first id, ragged: 0) and flatLast (the last flat
  /// position) for the prefetches, which look ahead past the bag's end into
  /// the next bags' ids.
  void prepareFlatIds() {
    auto idsType = cast<RankedTensorType>(in.ids.getType());
    int64_t rank = idsType.getRank();
    flatIds = in.ids;
    if (rank > 1) {
      SmallVector<ReassociationIndices> all(1);
      for (int64_t dim = 0; dim < rank; ++dim)
        all[0].push_back(dim);
      flatIds = tensor::CollapseShapeOp::create(b, loc, in.ids, all);
    }
    auto size = [&](int64_t dim) -> Value {
      return tensor::DimOp::create(b, loc, in.ids, dim);
    };
    Value total = tensor::DimOp::create(b, loc, flatIds, 0);
    flatLast = arith::SubIOp::create(b, loc, total, constantIndex(1));
    if (op.isRagged()) {
      flatBase = constantIndex(0);
      return;
    }
    // ((iv0 * size1 + iv1) * size2 + ...) * L over the batch and bag
    // positions.
    Value linear = in.ivs.front();
    for (int64_t dim = 1; dim < static_cast<int64_t>(in.ivs.size()); ++dim)
      linear = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, linear, size(dim)),
          in.ivs[dim]);
    flatBase = arith::MulIOp::create(b, loc, linear, size(rank - 1));
  }

  /// Prefetches the cache lines of `group` of the row of the id `distance`
  /// positions after `j` in the flat ids (the last id at their end).
  void emitPrefetch(OpBuilder &nb, Location nl, Value j,
                    ArrayRef<ColumnVector> group) {
    Value ahead = arith::AddIOp::create(
        nb, nl, arith::AddIOp::create(nb, nl, flatBase, j),
        constantIndex(getPrefetchDistance()));
    ahead = arith::MinSIOp::create(nb, nl, ahead, flatLast);
    Value raw = tensor::ExtractOp::create(nb, nl, flatIds, ValueRange{ahead});
    // Any id gives an address inside the table: an unsigned minimum with
    // the last row (a negative id, which the read wraps, prefetches the last
    // row instead: a hint, not a read).
    Value row = castToIndex(nb, nl, raw);
    Value lastRow = arith::SubIOp::create(nb, nl, in.numRows, constantIndex(1));
    row = arith::MinUIOp::create(nb, nl, row, lastRow);
    int64_t perLine =
        std::max<int64_t>(1, kCacheLineBytes / getElementBytes(elementType));
    int64_t begin = group.front().offset;
    int64_t end = group.back().offset + group.back().size;
    for (int64_t column = begin; column < end; column += perLine)
      memref::PrefetchOp::create(
          nb, nl, in.tableBuffer, getTableCoords(row, constantIndex(column)),
          /*isWrite=*/false, /*localityHint=*/3, /*isDataCache=*/true);
  }

  /// The loaded vector `value` (f16 or bf16) in f32. A bf16 is the upper
  /// half of the bits of the f32 of the same value, and is widened so, not
  /// by `arith.extf`: from an extension LLVM narrows `max`'s comparisons to
  /// bf16 vectors, which its X86 backend fails to compile for AVX512-BF16
  /// targets at 9 (and 17, 25, ...) lanes ("Do not know how to soft promote
  /// this operator's operand"; found by gather-gen's bags).
  Value extend(OpBuilder &nb, Location nl, Value value) {
    int64_t size = cast<VectorType>(value.getType()).getNumElements();
    if (!elementType.isBF16())
      return arith::ExtFOp::create(nb, nl, getVectorType(size, accType), value);
    Value bits = arith::BitcastOp::create(
        nb, nl, getVectorType(size, nb.getI16Type()), value);
    Value wide = arith::ExtUIOp::create(
        nb, nl, getVectorType(size, nb.getI32Type()), bits);
    Value shifted = arith::ShLIOp::create(
        nb, nl, wide, splat(size, nb.getI32IntegerAttr(16)));
    return arith::BitcastOp::create(nb, nl, getVectorType(size, accType),
                                    shifted);
  }

  /// `acc` combined with `value` as the mode says (max: combineMax).
  Value combine(OpBuilder &nb, Location nl, Value acc, Value value) {
    if (mode == PoolingMode::Max)
      return combineBagMax(nb, nl, acc, value);
    return isFloat ? arith::AddFOp::create(nb, nl, acc, value).getResult()
                   : arith::AddIOp::create(nb, nl, acc, value).getResult();
  }

  /// One loop over the bag's ids pooling the columns of `group`; writes them
  /// into `dest` and returns it.
  Value buildGroup(ArrayRef<ColumnVector> group, Value dest) {
    TypedAttr identity = getBagIdentity(b, op, accType);
    SmallVector<Value> inits;
    for (const ColumnVector &vector : group)
      inits.push_back(splat(vector.size, identity));
    // The rows pooled are counted only where padding may skip some.
    bool counts = static_cast<bool>(in.paddingRow);
    if (counts)
      inits.push_back(constantIndex(0));
    bool prefetch = shouldPrefetch();
    if (prefetch && !flatIds)
      prepareFlatIds();
    IndexPlan plan;
    plan.isUnsigned = op.getIdsType().getElementType().isUnsignedInteger();
    plan.wrap = !plan.isUnsigned;
    plan.check = options.boundsCheck != BoundsCheck::None;

    auto loop = scf::ForOp::create(
        b, loc, in.start, in.end, constantIndex(1), inits,
        [&](OpBuilder &nb, Location nl, Value j, ValueRange accs) {
          if (prefetch)
            emitPrefetch(nb, nl, j, group);
          SmallVector<Value> idCoords = getIdCoords(j);
          Value raw = tensor::ExtractOp::create(nb, nl, in.ids, idCoords);
          Value row =
              emitIndexWork(nb, nl, raw, in.numRows, plan, options.boundsCheck);
          Value weight;
          if (in.weights) {
            weight = tensor::ExtractOp::create(nb, nl, in.weights, idCoords);
            if (weight.getType() != accType)
              weight = arith::ExtFOp::create(nb, nl, accType, weight);
          }
          Value isPadding;
          if (in.paddingRow)
            isPadding = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq,
                                              row, in.paddingRow);
          SmallVector<Value> next;
          for (auto [vector, acc] : llvm::zip(group, accs)) {
            Value value = vector::LoadOp::create(
                nb, nl, getVectorType(vector.size, elementType), in.tableBuffer,
                getTableCoords(row, constantIndex(vector.offset)));
            if (elementType != accType)
              value = extend(nb, nl, value);
            if (weight) {
              Value weights = vector::BroadcastOp::create(
                  nb, nl, getVectorType(vector.size, accType), weight);
              value = isFloat ? arith::MulFOp::create(nb, nl, value, weights)
                                    .getResult()
                              : arith::MulIOp::create(nb, nl, value, weights)
                                    .getResult();
            }
            Value combined = combine(nb, nl, acc, value);
            if (isPadding)
              combined =
                  arith::SelectOp::create(nb, nl, isPadding, acc, combined);
            next.push_back(combined);
          }
          if (counts) {
            Value one = arith::SelectOp::create(
                nb, nl, isPadding, constantIndex(0), constantIndex(1));
            next.push_back(arith::AddIOp::create(nb, nl, accs.back(), one));
          }
          scf::YieldOp::create(nb, nl, next);
        });

    Value count =
        counts ? loop.getResults().back()
               : arith::SubIOp::create(b, loc, in.end, in.start).getResult();
    Value isEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          count, constantIndex(0));
    Value divisor;
    if (mode == PoolingMode::Mean) {
      Value count64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), count);
      divisor = arith::SIToFPOp::create(b, loc, accType, count64);
    }
    for (auto [vector, pooled] : llvm::zip(group, loop.getResults())) {
      Value value = pooled;
      if (divisor)
        value = arith::DivFOp::create(
            b, loc, value,
            vector::BroadcastOp::create(
                b, loc, getVectorType(vector.size, accType), divisor));
      if (accType != elementType)
        value = arith::TruncFOp::create(
            b, loc, getVectorType(vector.size, elementType), value);
      Value zeros = splat(vector.size, b.getZeroAttr(elementType));
      value = arith::SelectOp::create(b, loc, isEmpty, zeros, value);
      dest = vector::TransferWriteOp::create(
                 b, loc, value, dest, ValueRange{constantIndex(vector.offset)},
                 ArrayRef<bool>{true})
                 .getResult();
    }
    return dest;
  }

  OpBuilder &b;
  Location loc;
  EmbeddingBagOp op;
  const GatherToLinalgOptions &options;
  const VectorBagOperands &in;
  Type elementType, accType;
  bool isFloat;
  PoolingMode mode;
  /// The flat ids and positions of the prefetches (prepareFlatIds).
  Value flatIds, flatBase, flatLast;
};
} // namespace

Value mlir::gather::buildVectorBag(OpBuilder &builder, Location loc,
                                   EmbeddingBagOp op,
                                   const GatherToLinalgOptions &options,
                                   const VectorBagOperands &operands) {
  return VectorBagBuilder(builder, loc, op, options, operands).build();
}

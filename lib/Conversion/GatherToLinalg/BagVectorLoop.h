//===- BagVectorLoop.h - register-resident pooling of one bag ---*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The code of one embedding bag whose rows are one static dimension: each
// group of columns accumulated in vector values (registers) over the bag's
// ids, the rows read with vector loads and prefetched some ids ahead, the
// pooled row written once.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_CONVERSION_GATHERTOLINALG_BAGVECTORLOOP_H
#define GATHER_MLIR_LIB_CONVERSION_GATHERTOLINALG_BAGVECTORLOOP_H

#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/IR/Builders.h"

namespace mlir::gather {

/// Whether buildVectorBag lowers `op` under `options`: vector pooling is on
/// (`bagVectorBytes > 0`), rows are one static dimension of at least two
/// elements and the element type is a float or integer type the op takes.
bool canBuildVectorBag(EmbeddingBagOp op, const GatherToLinalgOptions &options);

/// What buildVectorBag needs of one bag.
struct VectorBagOperands {
  /// The table as a read-only buffer (bufferization.to_buffer).
  Value tableBuffer;
  /// The ids and the weights (null without) as tensors.
  Value ids, weights;
  /// The forall's induction variables: batch positions, then the bag.
  ArrayRef<Value> ivs;
  /// The bag's ids are `[start, end)` of its id row (ragged: of the ids).
  Value start, end;
  /// The number of table rows (`index`) and the padding row (null without).
  Value numRows, paddingRow;
  /// The bag's row of the result (a tensor of the row's shape).
  Value dest;
};

/// The maximum of embedding bags, of scalars or vectors: that of
/// `arith.maximumf` for floats (a NaN propagates, -0.0 is below +0.0; a NaN
/// accumulator stays), the signed maximum of integers. Both lowerings use
/// it, so that they give the same bits.
Value combineBagMax(OpBuilder &builder, Location loc, Value acc, Value value);

/// The value the pooling of `op` starts from, of the accumulator type
/// `accType`: -0.0 for float sums (so that a row of -0.0 stays -0.0), +0.0
/// with `from_positive_zero`, -inf or the smallest integer for max, 0 for
/// integer sums. Both lowerings use it.
TypedAttr getBagIdentity(OpBuilder &builder, EmbeddingBagOp op, Type accType);

/// Pools one bag into `operands.dest` and returns the written row.
Value buildVectorBag(OpBuilder &builder, Location loc, EmbeddingBagOp op,
                     const GatherToLinalgOptions &options,
                     const VectorBagOperands &operands);

} // namespace mlir::gather

#endif // GATHER_MLIR_LIB_CONVERSION_GATHERTOLINALG_BAGVECTORLOOP_H

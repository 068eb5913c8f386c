//===- IndexWork.h - conversion, wrap and check of index values -*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The index work that the lowerings of `gather.gather` and
// `gather.embedding_bag` emit for each index (id) they read: conversion to
// `index`, the wrap of negative values and the bounds check chosen by the
// `bounds-check` option (a report call under `assert`, a clamp under
// `clamp`).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_GATHERTOLINALG_INDEXWORK_H
#define GATHER_MLIR_CONVERSION_GATHERTOLINALG_INDEXWORK_H

#include "gather-mlir/Dialect/Gather/IR/GatherEnums.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace mlir::gather {

/// What the generated code does with each index value.
struct IndexPlan {
  /// The index element type is unsigned: values are zero-extended and never
  /// wrapped.
  bool isUnsigned = false;
  /// Emit the select that wraps negative values.
  bool wrap = true;
  /// Emit the bounds check (assert or clamp, as the options say).
  bool check = true;
};

/// Converts an index value of element type i32/i64/si*/ui*/index to `index`:
/// zero-extended when unsigned, sign-extended otherwise.
Value castToIndex(OpBuilder &builder, Location loc, Value raw);

/// Converts a position of type `index` to `type`: `index` or an integer type
/// (zero-extended bits for unsigned types, sign-extended otherwise).
Value castFromIndex(OpBuilder &builder, Location loc, Value position,
                    Type type);

/// Emits the conversion, wrap and check of one raw index value against the
/// size `size` (an `index` value) of the dimension it selects in, and returns
/// the position to read. Under `assert` an out-of-range value stops the
/// program with `gather: index <k> is out of bounds for a dimension of size
/// <s>`; under `clamp` it is clamped to `[0, size)` (an empty dimension is
/// reported).
Value emitIndexWork(OpBuilder &builder, Location loc, Value raw, Value size,
                    const IndexPlan &plan, BoundsCheck boundsCheck);

} // namespace mlir::gather

#endif // GATHER_MLIR_CONVERSION_GATHERTOLINALG_INDEXWORK_H

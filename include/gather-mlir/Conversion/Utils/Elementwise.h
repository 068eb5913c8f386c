//===- Elementwise.h - elementwise linalg.generic over a tensor -*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_UTILS_ELEMENTWISE_H
#define GATHER_MLIR_CONVERSION_UTILS_ELEMENTWISE_H

#include "mlir/IR/Builders.h"

namespace mlir::gather {

/// Returns the tensor of the shape of the ranked tensor `input` with elements
/// of `elementType` that one elementwise `linalg.generic` (identity maps,
/// parallel loops, a new `tensor.empty` as its init) computes from the
/// elements of `input`: `body` builds the ops of one element at the builder's
/// insertion point and returns the value to yield.
Value buildElementwiseGeneric(
    OpBuilder &builder, Location loc, Value input, Type elementType,
    function_ref<Value(OpBuilder &, Location, Value)> body);

} // namespace mlir::gather

#endif // GATHER_MLIR_CONVERSION_UTILS_ELEMENTWISE_H

//===- GatherOps.h - gather dialect operations ------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_H
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_H

#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherEnums.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h.inc"

namespace mlir::gather {

/// Returns `k` when `value` is `select(k < 0, k + s, k)`, the explicit wrap
/// of negative indices that frontends emit (on tensors, with splat
/// constants, or on scalars), where `isSize(s)` holds; also spelled
/// `select(k >= 0, k, k + s)`, with `0 > k` or `0 <= k`, and `s + k`.
/// Returns null otherwise.
Value matchNegativeWrap(Value value, llvm::function_ref<bool(Value)> isSize);

} // namespace mlir::gather

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_H

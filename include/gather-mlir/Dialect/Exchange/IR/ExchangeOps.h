//===- ExchangeOps.h - exchange dialect operations --------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEOPS_H
#define GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEOPS_H

#include "gather-mlir/Dialect/Exchange/IR/ExchangeDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::exchange {

/// The bytes of one element of an exchanged buffer: 1, 2, 4 or 8 for
/// integers and floats of 8, 16, 32 or 64 bits and for `index` (8); 0 for
/// every other type, which the exchanges do not move.
int64_t getElementByteSize(Type type);

/// The number of processes of the group of `axes` in a grid of `shape`, or
/// failure (with an error on `op`) when an axis is out of range or repeated,
/// or a size along them is not static and at least 1.
FailureOr<int64_t> verifyGroup(Operation *op, ArrayRef<int64_t> shape,
                               ArrayRef<int16_t> axes);

} // namespace mlir::exchange

#define GET_OP_CLASSES
#include "gather-mlir/Dialect/Exchange/IR/ExchangeOps.h.inc"

#endif // GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEOPS_H

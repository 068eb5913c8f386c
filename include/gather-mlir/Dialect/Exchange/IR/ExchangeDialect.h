//===- ExchangeDialect.h - exchange dialect ---------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEDIALECT_H
#define GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEDIALECT_H

#include "mlir/IR/Dialect.h"

#include "gather-mlir/Dialect/Exchange/IR/ExchangeOpsDialect.h.inc"

#endif // GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEDIALECT_H

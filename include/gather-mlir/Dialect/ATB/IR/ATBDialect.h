//===- ATBDialect.h - atb dialect -------------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_ATB_IR_ATBDIALECT_H
#define GATHER_MLIR_DIALECT_ATB_IR_ATBDIALECT_H

#include "mlir/IR/Dialect.h"

#include "gather-mlir/Dialect/ATB/IR/ATBOpsDialect.h.inc"

#endif // GATHER_MLIR_DIALECT_ATB_IR_ATBDIALECT_H

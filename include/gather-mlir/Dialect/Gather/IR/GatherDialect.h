//===- GatherDialect.h - gather dialect -------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHERDIALECT_H
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHERDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"

#include "gather-mlir/Dialect/Gather/IR/GatherOpsDialect.h.inc"

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHERDIALECT_H

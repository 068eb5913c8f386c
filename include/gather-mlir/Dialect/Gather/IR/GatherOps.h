//===- GatherOps.h - gather dialect operations ------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_H
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_H

#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h.inc"

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_H

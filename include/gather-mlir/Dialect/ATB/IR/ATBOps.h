//===- ATBOps.h - atb dialect operations ------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_ATB_IR_ATBOPS_H
#define GATHER_MLIR_DIALECT_ATB_IR_ATBOPS_H

#include "gather-mlir/Dialect/ATB/IR/ATBDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::atb {

/// Largest rank of an ATB tensor (`atb::MAX_DIM`).
constexpr int64_t kMaxRank = 8;

/// Returns true for the element types of ATB GatherOperation data (x and
/// output) on at least one product: f16, bf16, f32, i32 (signless or
/// signed), ui32 and i64 (signless or signed).
bool isGatherDataElementType(Type type);

/// Returns true for the element types of ATB GatherOperation indices on at
/// least one product: i32 (signless or signed), i64 (signless or signed) and
/// ui32.
bool isGatherIndexElementType(Type type);

/// The memory space of memrefs in the Ascend device's memory.
constexpr int64_t kDeviceMemorySpace = 1;

/// Whether `type` is a memref in memory space kDeviceMemorySpace.
bool isDeviceMemRef(Type type);

} // namespace mlir::atb

#define GET_OP_CLASSES
#include "gather-mlir/Dialect/ATB/IR/ATBOps.h.inc"

#endif // GATHER_MLIR_DIALECT_ATB_IR_ATBOPS_H

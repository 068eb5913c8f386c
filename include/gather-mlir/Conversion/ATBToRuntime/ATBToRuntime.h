//===- ATBToRuntime.h - atb to Ascend runtime calls -------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Lowers `atb.gather` on memrefs to calls of the C ABI of
// libgather_ascend_runtime.so (include/gather-mlir/Runtime/AscendRuntime.h).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_ATBTORUNTIME_ATBTORUNTIME_H
#define GATHER_MLIR_CONVERSION_ATBTORUNTIME_ATBTORUNTIME_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace mlir {
namespace gather {

/// Returns the name of the runtime entry point that gathers data of element
/// type `dataType` with indices of element type `indicesType`
/// (`gatherAtbGather_<x>_<i>`), or an empty string when the runtime has none.
std::string getATBGatherFunctionName(Type dataType, Type indicesType);

#define GEN_PASS_DECL_CONVERTATBTORUNTIME
#include "gather-mlir/Conversion/Passes.h.inc"

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_CONVERSION_ATBTORUNTIME_ATBTORUNTIME_H

//===- Passes.h - gather-mlir conversion passes -----------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_PASSES_H
#define GATHER_MLIR_CONVERSION_PASSES_H

#include "gather-mlir/Conversion/ATBToRuntime/ATBToRuntime.h"
#include "gather-mlir/Conversion/ExchangeToLLVM/ExchangeToLLVM.h"
#include "gather-mlir/Conversion/GatherToATB/GatherToATB.h"
#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather-mlir/Conversion/RaiseToGather/RaiseToGather.h"
#include "gather-mlir/Conversion/ShardToExchange/ShardToExchange.h"

namespace mlir::gather {

#define GEN_PASS_REGISTRATION
#include "gather-mlir/Conversion/Passes.h.inc"

} // namespace mlir::gather

#endif // GATHER_MLIR_CONVERSION_PASSES_H

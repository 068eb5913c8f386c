//===- Passes.h - atb dialect passes ----------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_ATB_TRANSFORMS_PASSES_H
#define GATHER_MLIR_DIALECT_ATB_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"

namespace mlir::atb {

#define GEN_PASS_DECL
#include "gather-mlir/Dialect/ATB/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gather-mlir/Dialect/ATB/Transforms/Passes.h.inc"

} // namespace mlir::atb

#endif // GATHER_MLIR_DIALECT_ATB_TRANSFORMS_PASSES_H

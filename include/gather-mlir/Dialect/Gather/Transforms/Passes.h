//===- Passes.h - gather dialect transformation passes ----------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_PASSES_H
#define GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_PASSES_H

#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather-mlir/Dialect/Exchange/IR/ExchangeDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir::gather {

#define GEN_PASS_DECL
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h.inc"

} // namespace mlir::gather

#endif // GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_PASSES_H

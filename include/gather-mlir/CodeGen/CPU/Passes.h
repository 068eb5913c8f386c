//===- Passes.h - the CPU code generator's passes ---------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CODEGEN_CPU_PASSES_H
#define GATHER_MLIR_CODEGEN_CPU_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::gather {

#define GEN_PASS_DECL
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"

} // namespace mlir::gather

#endif // GATHER_MLIR_CODEGEN_CPU_PASSES_H

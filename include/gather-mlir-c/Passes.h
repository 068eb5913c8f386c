//===- Passes.h - C API of the gather-mlir passes -----------------*- C -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Registration of the passes and pipelines of gather-mlir, so that
// `mlirParsePassPipeline` accepts, for example,
// `builtin.module(gather-to-llvm{bounds-check=clamp})`. Link
// GatherMLIR::CAPI.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_C_PASSES_H
#define GATHER_MLIR_C_PASSES_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers the passes and pipelines of gather-mlir (`gather-to-llvm`,
/// `gather-to-affine`, `gather-to-atb`, `convert-gather-to-linalg`, ...) and
/// the upstream passes the pipelines are made of (the C form of
/// `mlir::gather::registerAllPasses`). Safe to call more than once.
MLIR_CAPI_EXPORTED void mlirRegisterGatherPasses(void);

#ifdef __cplusplus
}
#endif

#endif // GATHER_MLIR_C_PASSES_H

//===- Dialects.h - C API of the gather-mlir dialects -------------*- C -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The dialect handles of the gather and atb dialects, in the style of the
// upstream MLIR C API (`mlir-c/Dialect/*.h`), and the registration of
// everything the pipelines of gather-mlir need. Link GatherMLIR::CAPI.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_C_DIALECTS_H
#define GATHER_MLIR_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The `gather` dialect: `mlirGetDialectHandle__gather__()`.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Gather, gather);

/// The `atb` dialect (calls of the Ascend ATB library):
/// `mlirGetDialectHandle__atb__()`.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(ATB, atb);

/// Adds to `registry` the gather and atb dialects with their external models
/// and every upstream dialect and dialect extension the pipelines of
/// gather-mlir need (the C form of `mlir::gather::registerGatherMLIRDialects`).
/// A context created with this registry parses gather and upstream code and
/// runs `gather-to-llvm` and `gather-to-atb`.
MLIR_CAPI_EXPORTED void
mlirGatherRegisterAllDialects(MlirDialectRegistry registry);

#ifdef __cplusplus
}
#endif

#endif // GATHER_MLIR_C_DIALECTS_H

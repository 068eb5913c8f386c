//===- Dialects.cpp - C API of the gather-mlir dialects -------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir-c/Dialects.h"

#include "gather-mlir/Dialect/ATB/IR/ATBDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/InitGather.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Gather, gather,
                                      mlir::gather::GatherDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(ATB, atb, mlir::atb::ATBDialect)

void mlirGatherRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::gather::registerGatherMLIRDialects(*unwrap(registry));
}

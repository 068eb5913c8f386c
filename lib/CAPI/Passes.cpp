//===- Passes.cpp - C API of the gather-mlir passes -----------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir-c/Passes.h"

#include "gather-mlir/InitGather.h"

void mlirRegisterGatherPasses(void) { mlir::gather::registerAllPasses(); }

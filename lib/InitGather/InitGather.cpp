//===- InitGather.cpp - register everything gather-mlir needs -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/InitGather.h"
#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/ATB/Transforms/Passes.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"
#include "gather-mlir/Pipelines/Pipelines.h"
#include "gather-mlir/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

#include <mutex>

void mlir::gather::registerGatherMLIRDialects(DialectRegistry &registry) {
  // This project's dialects and their external models.
  registerGatherDialects(registry);

  // The pipelines run upstream passes over func, arith, math, tensor, linalg,
  // bufferization, memref, scf, affine, cf, vector, omp and llvm code; their
  // bufferization and to-LLVM interfaces are dialect extensions. Every
  // upstream dialect is registered (loading stays lazy), so that a module
  // mixing gathers with any upstream dialect parses.
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
}

void mlir::gather::registerGatherPasses() {
  // The pass registry rejects a second registration of a pipeline name, so
  // everything is registered once per process.
  static std::once_flag once;
  std::call_once(once, [] {
    registerGatherConversionPasses();
    registerGatherTransformsPasses();
    registerGatherCPUCodeGenPasses();
    atb::registerATBTransformsPasses();
    registerGatherPipelines();
  });
}

void mlir::gather::registerAllPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Every upstream pass, for pass pipeline texts that name them.
    mlir::registerAllPasses();
    registerGatherPasses();
  });
}

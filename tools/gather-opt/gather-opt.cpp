//===- gather-opt.cpp - gather-mlir optimizer driver ----------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// An opt-style driver: parses MLIR, runs the requested passes and pipelines,
// and prints the result. Knows the gather dialect, the upstream dialects an ML
// compiler combines it with, their passes and this project's passes.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"
#include "gather-mlir/Dialect/Gather/Transforms/ShardingInterfaceImpl.h"
#include "gather-mlir/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::gather::registerGatherConversionPasses();
  mlir::gather::registerGatherTransformsPasses();
  mlir::gather::registerGatherPipelines();

  mlir::DialectRegistry registry;
  mlir::gather::registerGatherPipelineDialects(registry);
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::gather::registerShardingInterfaceExternalModels(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "gather-mlir optimizer driver\n", registry));
}

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

#include "gather-mlir/InitGather.h"
#include "gather-mlir/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::gather::test {
void registerTestDynamicOperandsPass();
} // namespace mlir::gather::test

int main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter(mlir::gather::printVersion);
  mlir::gather::registerAllPasses();
  // Test passes (test/lib).
  mlir::gather::test::registerTestDynamicOperandsPass();

  mlir::DialectRegistry registry;
  mlir::gather::registerGatherMLIRDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "gather-mlir optimizer driver\n", registry));
}

//===- gather-lsp-server.cpp - gather-mlir language server ----------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The MLIR language server (diagnostics, hover, go-to-definition, completion
// over the Language Server Protocol) for files with gather-mlir and upstream
// dialects. Editors start it like `mlir-lsp-server`.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/InitGather.h"
#include "gather-mlir/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter(mlir::gather::printVersion);
  mlir::DialectRegistry registry;
  mlir::gather::registerGatherMLIRDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}

//===- gather-reduce.cpp - gather-mlir test case reducer ------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `mlir-reduce` for files with gather-mlir and upstream dialects: shrinks a
// module while an "interesting" test (a script that exits with 1) keeps
// holding, for example to isolate the gather that makes a pipeline fail.
//
//   gather-reduce in.mlir -reduction-tree='traversal-mode=0 test=check.sh'
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/InitGather.h"
#include "gather-mlir/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter(mlir::gather::printVersion);
  // The reduction passes (-opt-reduction-pass) may run any registered pass.
  mlir::gather::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::gather::registerGatherMLIRDialects(registry);
  mlir::MLIRContext context(registry);

  return mlir::failed(mlir::mlirReduceMain(argc, argv, context)) ? 1 : 0;
}

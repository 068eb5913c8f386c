//===- main.cpp - embeds gather-mlir in a C++ program ---------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Parses a module with a gather (from the file given as argument, or a built-in
// one), lowers it to the LLVM dialect with the `gather-to-llvm` pipeline and
// prints the result. Everything it registers comes from
// gather-mlir/InitGather.h.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/InitGather.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

/// An embedding lookup: rows of a [6, 4] table picked by [2, 3] ids.
static const char *const kModule = R"mlir(
func.func @lookup(%table: tensor<6x4xf32>, %ids: tensor<2x3xi64>)
    -> tensor<2x3x4xf32> {
  %rows = gather.gather %table[%ids] : tensor<6x4xf32>, tensor<2x3xi64>
  return %rows : tensor<2x3x4xf32>
}
)mlir";

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::gather::registerGatherMLIRDialects(registry);
  mlir::gather::registerAllPasses();
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      argc > 1 ? mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context)
               : mlir::parseSourceString<mlir::ModuleOp>(kModule, &context);
  if (!module)
    return 1; // The parser has reported the error.

  // The pipeline runs on the module itself: the pass manager is anchored on
  // builtin.module (the default anchor, any op, would run it only on modules
  // nested in this one). Options go in braces: "gather-to-llvm{parallel=1}".
  auto pm = mlir::PassManager::on<mlir::ModuleOp>(&context);
  if (mlir::failed(mlir::parsePassPipeline("gather-to-llvm", pm, llvm::errs())))
    return 1;
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}

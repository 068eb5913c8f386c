//===- main.c - embeds gather-mlir in a C program -----------------*- C -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The C counterpart of ../cpp/main.cpp: parses a module with a gather,
// verifies it, lowers it with `gather-to-llvm` and prints the result, all
// through the MLIR C API and gather-mlir-c.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir-c/Dialects.h"
#include "gather-mlir-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>

/// An embedding lookup: rows of a [6, 4] table picked by [2, 3] ids.
static const char *const kModule =
    "func.func @lookup(%table: tensor<6x4xf32>, %ids: tensor<2x3xi64>)\n"
    "    -> tensor<2x3x4xf32> {\n"
    "  %rows = gather.gather %table[%ids] : tensor<6x4xf32>, tensor<2x3xi64>\n"
    "  return %rows : tensor<2x3x4xf32>\n"
    "}\n";

static void print(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

int main(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirGatherRegisterAllDialects(registry);
  mlirRegisterGatherPasses();
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);

  int status = 1;
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module))
    goto done; // The parser has reported the error.
  MlirOperation op = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(op))
    goto destroyModule;

  MlirPassManager pm = mlirPassManagerCreate(context);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString("builtin.module(gather-to-llvm)"),
          print, stderr))) {
    fprintf(stderr, "\n");
  } else if (mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op))) {
    mlirOperationPrint(op, print, stdout);
    printf("\n");
    status = 0;
  }
  mlirPassManagerDestroy(pm);
destroyModule:
  mlirModuleDestroy(module);
done:
  mlirContextDestroy(context);
  return status;
}

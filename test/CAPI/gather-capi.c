//===- gather-capi.c - test of the gather-mlir C API --------------*- C -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

// RUN: gather-capi-test | FileCheck %s

#include "gather-mlir-c/Dialects.h"
#include "gather-mlir-c/Passes.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

/* Prints every diagnostic as `diagnostic: <message>`. */
static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static void testDialectHandles(void) {
  MlirDialectHandle gather = mlirGetDialectHandle__gather__();
  MlirDialectHandle atb = mlirGetDialectHandle__atb__();
  MlirStringRef gatherName = mlirDialectHandleGetNamespace(gather);
  MlirStringRef atbName = mlirDialectHandleGetNamespace(atb);
  printf("handles: %.*s %.*s\n", (int)gatherName.length, gatherName.data,
         (int)atbName.length, atbName.data);

  /* A context that knows only the gather dialect loads it by handle. */
  MlirContext context = mlirContextCreate();
  mlirDialectHandleRegisterDialect(gather, context);
  MlirDialect loaded = mlirContextGetOrLoadDialect(context, str("gather"));
  printf("loaded gather: %d\n", !mlirDialectIsNull(loaded));
  mlirContextDestroy(context);
}

static const char *kModule =
    "func.func @pick(%d: tensor<2x3xf32>, %i: tensor<2x2xi64>)\n"
    "    -> tensor<2x2xf32> {\n"
    "  %r = gather.gather %d[%i] axis = 1 batch_dims = 1\n"
    "      : tensor<2x3xf32>, tensor<2x2xi64>\n"
    "  return %r : tensor<2x2xf32>\n"
    "}\n";

static MlirContext createContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirGatherRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(context, printDiagnostic, NULL, NULL);
  return context;
}

static int runPipeline(MlirContext context, MlirModule module,
                       const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  printf("pipeline '%s': ", pipeline);
  MlirLogicalResult parsed =
      mlirParsePassPipeline(opm, str(pipeline), printToStdout, NULL);
  if (mlirLogicalResultIsFailure(parsed)) {
    printf("\nparse failed\n");
    mlirPassManagerDestroy(pm);
    return 1;
  }
  printf("parsed\n");
  MlirLogicalResult ran =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  mlirPassManagerDestroy(pm);
  printf("run: %s\n", mlirLogicalResultIsSuccess(ran) ? "success" : "failure");
  return mlirLogicalResultIsFailure(ran);
}

static int testLowering(void) {
  MlirContext context = createContext();
  MlirModule module = mlirModuleCreateParse(context, str(kModule));
  if (mlirModuleIsNull(module)) {
    printf("cannot parse the module\n");
    return 1;
  }
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  printf("verified: %d\n", mlirOperationVerify(moduleOp));
  mlirOperationPrint(moduleOp, printToStdout, NULL);
  printf("\n");

  /* The pipelines are unknown until they are registered. */
  runPipeline(context, module, "builtin.module(gather-to-llvm)");
  mlirRegisterGatherPasses();
  mlirRegisterGatherPasses(); /* a second call is harmless */
  /* Options are checked. */
  runPipeline(context, module,
              "builtin.module(gather-to-llvm{bounds-check=sometimes})");
  int status = runPipeline(
      context, module, "builtin.module(gather-to-llvm{bounds-check=clamp})");
  mlirOperationPrint(moduleOp, printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return status;
}
// tensor<2x3xf32>, tensor<2x2xi64>
// {{.*}}'gather-to-llvm' does not refer to a registered pass or pass pipeline
// 'builtin.module(gather-to-llvm{bounds-check=sometimes})': {{.*}}sometimes

static void testInvalid(void) {
  MlirContext context = createContext();
  MlirModule module = mlirModuleCreateParse(
      context, str("func.func @f(%d: tensor<4x5xf32>, %i: tensor<2xi64>) {\n"
                   "  %r = gather.gather %d[%i] axis = 2\n"
                   "      : tensor<4x5xf32>, tensor<2xi64>\n"
                   "  return\n"
                   "}\n"));
  printf("invalid module parsed: %d\n", !mlirModuleIsNull(module));
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(context);
}

/* Embedding bags through the C API: a ragged mean parses, verifies and
   lowers (the passes are registered by testLowering); a mean of an integer
   table is rejected by the verifier. */
static int testBags(void) {
  MlirContext context = createContext();
  MlirModule module = mlirModuleCreateParse(
      context,
      str("func.func @bags(%t: tensor<100x16xf32>, %i: tensor<?xi64>,\n"
          "                %o: tensor<8xi64>) -> tensor<8x16xf32> {\n"
          "  %r = gather.embedding_bag mean %t[%i] offsets(%o : "
          "tensor<8xi64>)\n"
          "      {padding_idx = 0 : i64}\n"
          "      : tensor<100x16xf32>, tensor<?xi64> -> tensor<8x16xf32>\n"
          "  return %r : tensor<8x16xf32>\n"
          "}\n"));
  if (mlirModuleIsNull(module)) {
    printf("cannot parse the bag module\n");
    return 1;
  }
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  printf("bags verified: %d\n", mlirOperationVerify(moduleOp));
  int status = runPipeline(context, module, "builtin.module(gather-to-llvm)");
  mlirOperationPrint(moduleOp, printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(module);

  MlirModule invalid = mlirModuleCreateParse(
      context,
      str("func.func @f(%t: tensor<10x4xi32>, %i: tensor<2x3xi64>) {\n"
          "  %r = gather.embedding_bag mean %t[%i]\n"
          "      : tensor<10x4xi32>, tensor<2x3xi64> -> tensor<2x4xi32>\n"
          "  return\n"
          "}\n"));
  printf("invalid bag module parsed: %d\n", !mlirModuleIsNull(invalid));
  if (!mlirModuleIsNull(invalid))
    mlirModuleDestroy(invalid);
  mlirContextDestroy(context);
  return status;
}

int main(void) {
  testDialectHandles();
  int status = testLowering();
  testInvalid();
  status |= testBags();
  return status;
}

// clang-format off
// CHECK-LABEL: handles: gather atb
// CHECK-NEXT:  loaded gather: 1
//
// CHECK-LABEL: verified: 1
// CHECK:       func.func @pick
// CHECK:       gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 : tensor<2x3xf32>, tensor<2x2xi64>
//
// CHECK:       pipeline 'builtin.module(gather-to-llvm)': {{.*}}'gather-to-llvm' does not refer to a registered pass or pass pipeline
// CHECK:       parse failed
// CHECK-NEXT:  pipeline 'builtin.module(gather-to-llvm{bounds-check=sometimes})': {{.*}}sometimes
// CHECK:       parse failed
// CHECK-NEXT:  pipeline 'builtin.module(gather-to-llvm{bounds-check=clamp})': parsed
// CHECK-NEXT:  run: success
// CHECK-NOT:   gather.gather
// CHECK:       llvm.func @pick(
// CHECK-NOT:   gather.gather
// CHECK-NOT:   func.func
//
// CHECK-LABEL: diagnostic: 'gather.gather' op axis (2) must be in [-2, 1] for data of rank 2
// CHECK-NEXT:  invalid module parsed: 0
//
// CHECK-LABEL: bags verified: 1
// CHECK-NEXT:  pipeline 'builtin.module(gather-to-llvm)': parsed
// CHECK-NEXT:  run: success
// CHECK-NOT:   gather.embedding_bag
// CHECK:       llvm.func @bags(
// CHECK-NOT:   gather.embedding_bag
// CHECK:       diagnostic: 'gather.embedding_bag' op {{.*}}mean
// CHECK-NEXT:  invalid bag module parsed: 0
// clang-format on

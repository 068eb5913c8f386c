//===- ExchangeDialect.cpp - exchange dialect -----------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Exchange/IR/ExchangeDialect.h"
#include "gather-mlir/Dialect/Exchange/IR/ExchangeOps.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"

using namespace mlir;
using namespace mlir::exchange;

#include "gather-mlir/Dialect/Exchange/IR/ExchangeOpsDialect.cpp.inc"

void ExchangeDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "gather-mlir/Dialect/Exchange/IR/ExchangeOps.cpp.inc"
      >();
  // The lowering to LLVM lives in Conversion/ExchangeToLLVM.
  declarePromisedInterface<ConvertToLLVMPatternInterface, ExchangeDialect>();
}

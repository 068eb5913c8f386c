//===- ATBDialect.cpp - atb dialect ---------------------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/ATB/IR/ATBDialect.h"
#include "gather-mlir/Dialect/ATB/IR/ATBOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"

using namespace mlir;
using namespace mlir::atb;

#include "gather-mlir/Dialect/ATB/IR/ATBOpsDialect.cpp.inc"

void ATBDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "gather-mlir/Dialect/ATB/IR/ATBOps.cpp.inc"
      >();
  // The model lives in a separate library (ATB transforms); one-shot
  // bufferization reports a missing registration instead of skipping the op.
  declarePromisedInterface<bufferization::BufferizableOpInterface, GatherOp>();
}

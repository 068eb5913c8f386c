//===- GatherDialect.cpp - gather dialect ---------------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

using namespace mlir;
using namespace mlir::gather;

#include "gather-mlir/Dialect/Gather/IR/GatherOpsDialect.cpp.inc"

void GatherDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "gather-mlir/Dialect/Gather/IR/GatherOps.cpp.inc"
      >();
}

Operation *GatherDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  // The folder of gather.gather produces dense elements attributes.
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===- CodeGenUtils.cpp - shared parts of the CPU code generator ----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "CodeGenUtils.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::gather;

FailureOr<SmallVector<Value>>
mlir::gather::cloneAhead(OpBuilder &builder, Operation *scope, Value iv,
                         ValueRange values, Value ahead) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.filter = [&](Operation *op) { return scope->isProperAncestor(op); };
  for (Value value : values)
    if (Operation *def = value.getDefiningOp())
      if (scope->isProperAncestor(def) &&
          failed(getBackwardSlice(def, &slice, options)))
        return failure();
  for (Operation *op : slice)
    if (op->getNumRegions() != 0 ||
        !(isa<memref::LoadOp>(op) || isMemoryEffectFree(op)))
      return failure();
  IRMapping mapping;
  mapping.map(iv, ahead);
  for (Operation *op : slice)
    builder.clone(*op, mapping);
  SmallVector<Value> result;
  for (Value value : values)
    result.push_back(mapping.lookupOrDefault(value));
  return result;
}

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

LLVM::LoopAnnotationAttr
mlir::gather::getUnrollAnnotation(MLIRContext *context,
                                  std::optional<int64_t> count) {
  IntegerAttr countAttr =
      count ? IntegerAttr::get(IntegerType::get(context, 32), *count)
            : IntegerAttr();
  BoolAttr full = count ? BoolAttr() : BoolAttr::get(context, true);
  auto unroll = LLVM::LoopUnrollAttr::get(
      context, /*disable=*/nullptr, countAttr, /*runtimeDisable=*/nullptr, full,
      /*followupUnrolled=*/nullptr, /*followupRemainder=*/nullptr,
      /*followupAll=*/nullptr);
  return LLVM::LoopAnnotationAttr::get(
      context, /*disableNonforced=*/nullptr, /*vectorize=*/nullptr,
      /*interleave=*/nullptr, unroll, /*unrollAndJam=*/nullptr,
      /*licm=*/nullptr, /*distribute=*/nullptr, /*pipeline=*/nullptr,
      /*peeled=*/nullptr, /*unswitch=*/nullptr, /*mustProgress=*/nullptr,
      /*isVectorized=*/nullptr, /*startLoc=*/nullptr, /*endLoc=*/nullptr,
      /*parallelAccesses=*/{});
}

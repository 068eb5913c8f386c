//===- RaiseToGatherUtils.cpp - helpers of the raise patterns -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the patterns of raise-to-gather build alike, whichever source form
// they raise (declared in RaiseToGatherPatterns.h).
//
//===----------------------------------------------------------------------===//

#include "RaiseToGatherPatterns.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

Value mlir::gather::detail::transposeTensor(OpBuilder &builder, Location loc,
                                            Value source,
                                            ArrayRef<int64_t> permutation) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, source);
  SmallVector<OpFoldResult> permutedSizes;
  for (int64_t dim : permutation)
    permutedSizes.push_back(sizes[dim]);
  Value init = tensor::EmptyOp::create(
      builder, loc, permutedSizes,
      cast<RankedTensorType>(source.getType()).getElementType());
  return linalg::TransposeOp::create(builder, loc, source, init, permutation)
      .getResult()
      .front();
}

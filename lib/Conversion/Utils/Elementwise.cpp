//===- Elementwise.cpp - elementwise linalg.generic over a tensor ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/Utils/Elementwise.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

Value mlir::gather::buildElementwiseGeneric(
    OpBuilder &builder, Location loc, Value input, Type elementType,
    function_ref<Value(OpBuilder &, Location, Value)> body) {
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, input);
  Value init = tensor::EmptyOp::create(builder, loc, sizes, elementType);
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(rank, builder.getContext());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{init.getType()}, ValueRange{input},
      ValueRange{init}, SmallVector<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value result = body(nested, nestedLoc, args[0]);
        linalg::YieldOp::create(nested, nestedLoc, result);
      });
  return generic.getResult(0);
}

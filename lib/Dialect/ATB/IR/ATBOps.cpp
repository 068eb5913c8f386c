//===- ATBOps.cpp - atb dialect operations --------------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/ATB/IR/ATBOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::atb;

#define GET_OP_CLASSES
#include "gather-mlir/Dialect/ATB/IR/ATBOps.cpp.inc"

/// Returns true for i32 or i64 of any signedness but unsigned (`ui32` is
/// allowed separately by the callers).
static bool isSignedOrSignless(Type type, unsigned width) {
  auto intType = dyn_cast<IntegerType>(type);
  return intType && intType.getWidth() == width && !intType.isUnsigned();
}

/// Returns true for ui32.
static bool isUnsigned32(Type type) {
  auto intType = dyn_cast<IntegerType>(type);
  return intType && intType.getWidth() == 32 && intType.isUnsigned();
}

bool mlir::atb::isGatherDataElementType(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() ||
         isSignedOrSignless(type, 32) || isUnsigned32(type) ||
         isSignedOrSignless(type, 64);
}

bool mlir::atb::isGatherIndexElementType(Type type) {
  return isSignedOrSignless(type, 32) || isSignedOrSignless(type, 64) ||
         isUnsigned32(type);
}

LogicalResult GatherOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  // Destination style: the tensor form returns a value of the init type, the
  // memref form returns nothing.
  GatherOp::Adaptor adaptor(operands, attributes, properties, regions);
  if (isa<RankedTensorType>(adaptor.getInit().getType()))
    inferredReturnTypes.push_back(adaptor.getInit().getType());
  return success();
}

void GatherOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Only the memref form touches memory: it reads x and indices and writes
  // the whole of init without reading it.
  if (isa<MemRefType>(getX().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getXMutable(),
                         /*stage=*/0, /*effectOnFullRegion=*/true,
                         SideEffects::DefaultResource::get());
  if (isa<MemRefType>(getIndices().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getIndicesMutable(),
                         /*stage=*/0, /*effectOnFullRegion=*/true,
                         SideEffects::DefaultResource::get());
  if (isa<MemRefType>(getInit().getType()))
    effects.emplace_back(MemoryEffects::Write::get(), &getInitMutable(),
                         /*stage=*/0, /*effectOnFullRegion=*/true,
                         SideEffects::DefaultResource::get());
}

LogicalResult GatherOp::verify() {
  ShapedType xType = getXType();
  ShapedType indicesType = getIndicesType();
  ShapedType initType = getInitType();

  bool xIsTensor = isa<TensorType>(xType);
  if (isa<TensorType>(indicesType) != xIsTensor ||
      isa<TensorType>(initType) != xIsTensor)
    return emitOpError("x, indices and init must be all tensors or all "
                       "memrefs, but are ")
           << xType << ", " << indicesType << " and " << initType;

  int64_t axis = getAxis();
  int64_t batchDims = getBatchDims();
  if (axis < 0)
    return emitOpError("axis (") << axis << ") must be non-negative";
  if (batchDims < 0)
    return emitOpError("batch_dims (") << batchDims << ") must be non-negative";
  if (batchDims > axis)
    return emitOpError("batch_dims (")
           << batchDims << ") must not exceed axis (" << axis << ")";

  // ATB tensors have rank 1 to atb::MAX_DIM.
  for (auto [name, type] : {std::pair(StringRef("x"), xType),
                            std::pair(StringRef("indices"), indicesType),
                            std::pair(StringRef("init"), initType)})
    if (type.getRank() < 1 || type.getRank() > kMaxRank)
      return emitOpError() << name << " must have rank 1 to " << kMaxRank
                           << ", but has rank " << type.getRank();

  int64_t xRank = xType.getRank();
  int64_t indicesRank = indicesType.getRank();
  if (axis >= xRank)
    return emitOpError("axis (")
           << axis << ") must be less than the rank of x (" << xRank << ")";
  if (batchDims > indicesRank)
    return emitOpError("batch_dims (")
           << batchDims << ") must not exceed the rank of indices ("
           << indicesRank << ")";

  if (!isGatherDataElementType(xType.getElementType()))
    return emitOpError("x element type ")
           << xType.getElementType()
           << " is not an ATB gather data type (f16, bf16, f32, i32, si32, "
              "ui32, i64, si64)";
  if (!isGatherIndexElementType(indicesType.getElementType()))
    return emitOpError("indices element type ")
           << indicesType.getElementType()
           << " is not an ATB gather index type (i32, si32, ui32, i64, si64)";
  if (initType.getElementType() != xType.getElementType())
    return emitOpError("init element type ")
           << initType.getElementType() << " differs from the x element type "
           << xType.getElementType();

  ArrayRef<int64_t> xShape = xType.getShape();
  ArrayRef<int64_t> indicesShape = indicesType.getShape();
  for (int64_t i = 0; i < batchDims; ++i)
    if (!ShapedType::isDynamic(xShape[i]) &&
        !ShapedType::isDynamic(indicesShape[i]) && xShape[i] != indicesShape[i])
      return emitOpError("batch dimension ")
             << i << " has size " << xShape[i] << " in x but "
             << indicesShape[i] << " in indices";

  // The output shape x[:axis] ++ indices[batch_dims:] ++ x[axis+1:], with
  // the operand and dimension each size comes from.
  struct Source {
    StringRef name;
    int64_t dim;
    int64_t size;
  };
  SmallVector<Source> expected;
  for (int64_t i = 0; i < axis; ++i)
    expected.push_back({"x", i, xShape[i]});
  for (int64_t i = batchDims; i < indicesRank; ++i)
    expected.push_back({"indices", i, indicesShape[i]});
  for (int64_t i = axis + 1; i < xRank; ++i)
    expected.push_back({"x", i, xShape[i]});
  if (initType.getRank() != static_cast<int64_t>(expected.size()))
    return emitOpError("init must have rank ")
           << expected.size()
           << " (x[:axis] ++ indices[batch_dims:] ++ x[axis+1:]), but has "
              "rank "
           << initType.getRank();
  for (auto [dim, source] : llvm::enumerate(expected)) {
    int64_t size = initType.getDimSize(dim);
    if (ShapedType::isDynamic(size) || ShapedType::isDynamic(source.size) ||
        size == source.size)
      continue;
    return emitOpError("init dimension ")
           << dim << " has size " << size << ", but " << source.name
           << " dimension " << source.dim << " has size " << source.size;
  }
  return success();
}

bool mlir::atb::isDeviceMemRef(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  if (!memref)
    return false;
  auto space = dyn_cast_or_null<IntegerAttr>(memref.getMemorySpace());
  return space && space.getInt() == kDeviceMemorySpace;
}

LogicalResult AllocDeviceOp::verify() {
  auto type = cast<MemRefType>(getMemref().getType());
  if (!isDeviceMemRef(type))
    return emitOpError("result must be in device memory (memory space ")
           << kDeviceMemorySpace << "), but has type " << type;
  if (!type.getLayout().isIdentity())
    return emitOpError("result must have an identity layout, but has type ")
           << type;
  if (static_cast<int64_t>(getDynamicSizes().size()) !=
      static_cast<int64_t>(type.getNumDynamicDims()))
    return emitOpError("needs ")
           << type.getNumDynamicDims() << " dynamic sizes for " << type
           << ", but has " << getDynamicSizes().size();
  return success();
}

LogicalResult CopyOp::verify() {
  auto source = cast<MemRefType>(getSource().getType());
  auto target = cast<MemRefType>(getTarget().getType());
  if (isDeviceMemRef(source) == isDeviceMemRef(target))
    return emitOpError("copies between host and device memory: exactly one "
                       "of ")
           << source << " and " << target << " must be in memory space "
           << kDeviceMemorySpace;
  if (!source.getLayout().isIdentity() || !target.getLayout().isIdentity())
    return emitOpError("source and target must have identity layouts, but "
                       "are ")
           << source << " and " << target;
  if (source.getElementType() != target.getElementType() ||
      failed(verifyCompatibleShape(source.getShape(), target.getShape())))
    return emitOpError("source ")
           << source << " and target " << target
           << " must have the same element type and shape";
  return success();
}

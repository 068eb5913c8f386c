//===- ATBElementTypes.h - ATB element types as MLIR types ------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The rows of gather-mlir/Runtime/ATBElementTypes.def as MLIR types: which
// element types the Ascend path moves (convert-gather-to-atb), as which ACL
// data type, and under which suffix and declared type the runtime's entry
// points take them (convert-atb-to-runtime).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_UTILS_ATBELEMENTTYPES_H
#define GATHER_MLIR_CONVERSION_UTILS_ATBELEMENTTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir::gather {

/// An element type of the Ascend path (a row of ATBElementTypes.def).
struct ATBElementType {
  /// The suffix of the runtime's entry points
  /// (`gatherAtbGather_<data>_<indices>`).
  StringRef suffix;
  /// The aclDataType value of the type.
  int32_t aclDataType;
  /// The element type that the runtime's entry points declare.
  Type declaredType;
};

/// Every element type of the Ascend path, in the order of the table.
inline SmallVector<ATBElementType> getATBElementTypes(MLIRContext *ctx) {
  return {
#define GATHER_ATB_ELEMENT_TYPE(Name, Acl, Value, Suffix, Bytes, MlirType)     \
  {#Suffix, Value, MlirType},
#include "gather-mlir/Runtime/ATBElementTypes.def"
  };
}

/// The element type of the Ascend path that values of `type` travel as: the
/// one that declares `type`, or for a signed integer type the one that
/// declares the signless type of its width; nothing when ATB has no data
/// type for `type`.
inline std::optional<ATBElementType> getATBElementType(Type type) {
  Type declared = type;
  if (auto intType = dyn_cast<IntegerType>(type); intType && intType.isSigned())
    declared = IntegerType::get(type.getContext(), intType.getWidth());
  for (const ATBElementType &row : getATBElementTypes(type.getContext()))
    if (row.declaredType == declared)
      return row;
  return std::nullopt;
}

} // namespace mlir::gather

#endif // GATHER_MLIR_CONVERSION_UTILS_ATBELEMENTTYPES_H

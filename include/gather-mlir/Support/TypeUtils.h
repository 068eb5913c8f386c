//===- TypeUtils.h - facts about element types ------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_SUPPORT_TYPEUTILS_H
#define GATHER_MLIR_SUPPORT_TYPEUTILS_H

#include "mlir/IR/BuiltinTypes.h"

#include <cstdint>
#include <optional>

namespace mlir::gather {

/// The bytes one element of `type` takes in a memref (on the 64-bit targets
/// the lowerings produce code for): integers and floats their width rounded
/// up to whole bytes (i1 and other widths that are not a whole number of
/// bytes take ceil(width / 8)), `index` 8, `complex<T>` twice T; nothing
/// for any other type.
inline std::optional<int64_t> getElementStorageBytes(Type type) {
  if (type.isIntOrFloat())
    return (static_cast<int64_t>(type.getIntOrFloatBitWidth()) + 7) / 8;
  if (type.isIndex())
    return 8;
  if (auto complex = dyn_cast<ComplexType>(type))
    if (std::optional<int64_t> part =
            getElementStorageBytes(complex.getElementType()))
      return 2 * *part;
  return std::nullopt;
}

/// Returns true when vectors of `type` have the memory layout of a memref of
/// `type` (integers and floats of whole bytes; a vector of i1 is packed in
/// bits, complex numbers make no vectors).
inline bool isVectorCopyable(Type type) {
  return type.isIntOrFloat() && type.getIntOrFloatBitWidth() % 8 == 0;
}

} // namespace mlir::gather

#endif // GATHER_MLIR_SUPPORT_TYPEUTILS_H

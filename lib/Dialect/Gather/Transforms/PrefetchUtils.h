//===- PrefetchUtils.h - shared facts of the prefetching passes -*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_PREFETCHUTILS_H
#define GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_PREFETCHUTILS_H

#include "mlir/IR/BuiltinTypes.h"

#include <cstdint>

namespace mlir::gather {

/// Bytes of a cache line: one prefetch per line.
constexpr int64_t kCacheLineBytes = 64;

/// Tables smaller than this stay in the caches and get no prefetch.
constexpr int64_t kPrefetchMinTableBytes = 1 << 20;

/// Returns true when `type` is statically known to be smaller than
/// kPrefetchMinTableBytes (`elementBytes` bytes per element).
inline bool isCacheResident(MemRefType type, int64_t elementBytes) {
  return type.hasStaticShape() &&
         type.getNumElements() * elementBytes < kPrefetchMinTableBytes;
}

} // namespace mlir::gather

#endif // GATHER_MLIR_LIB_DIALECT_GATHER_TRANSFORMS_PREFETCHUTILS_H

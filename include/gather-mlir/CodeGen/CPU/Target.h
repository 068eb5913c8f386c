//===- Target.h - what the CPU code generator takes from the CPU -*- C++
//-*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The parameters of the generated code that depend on the CPU it runs on,
// chosen from the CPU's name and features: the host's by default
// (`target-cpu=host`), or those of a named CPU for cross-compilation
// (`target-cpu=znver3`). docs/Performance.md gives where each value comes
// from.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CODEGEN_CPU_TARGET_H
#define GATHER_MLIR_CODEGEN_CPU_TARGET_H

#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <string>

namespace mlir::gather {

/// The CPU-dependent parameters of the generated code.
struct CPUTarget {
  /// The LLVM name of the CPU (`znver5`), `host` resolved.
  std::string cpu;
  /// The widest vector registers, in bytes: 64 with AVX-512, 32 with AVX or
  /// AVX2, 16 otherwise. The copies move vectors of this size.
  int64_t vectorBytes = 16;
  /// Locality hint (0 to 3) of the prefetch of the slice that a block copy
  /// reads some iterations ahead: 3 (to all cache levels) on AVX-512
  /// parts, 0 (non-temporal, `prefetchnta`) on the others, whose copies of
  /// large tables gained from keeping the prefetched rows out of the outer
  /// caches.
  int64_t slicePrefetchLocality = 3;
};

/// The parameters for the CPU named `cpu` (an LLVM x86 CPU name, or `host`
/// for the machine the compiler runs on). Fails, with the reason in
/// `error`, for an unknown name.
FailureOr<CPUTarget> getCPUTarget(StringRef cpu, std::string &error);

} // namespace mlir::gather

#endif // GATHER_MLIR_CODEGEN_CPU_TARGET_H

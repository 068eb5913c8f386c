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
  /// reads some iterations ahead: 0 (non-temporal, `prefetchnta`) on AMD
  /// parts without AVX-512 (Zen 1 to 3), whose copies of large tables
  /// gained from keeping the prefetched rows out of the outer caches; 3 (to
  /// all cache levels) on the others. On an Intel Xeon (emeraldrapids),
  /// `prefetchnta` ran W1 and W3 of gather-bench at 0.37-0.49x of the speed
  /// with 3 (docs/Performance.md, "On an Intel Xeon").
  int64_t slicePrefetchLocality = 3;
  /// Locality hint (0 to 3) of the prefetch of the data element that the
  /// element form reads some iterations ahead: 0 on AMD parts (on Zen 5, 3
  /// ran at 0.93-0.98x), 3 on the others (on an Intel Xeon, emeraldrapids,
  /// 0 ran W6 at 0.62x of 3, slower than no prefetch at all).
  int64_t elementPrefetchLocality = 3;
  /// How many iterations ahead a block copy prefetches the row it will
  /// copy: 16 on AVX-512 parts, 8 on the others. On an AMD EPYC (znver5),
  /// in six runs with the other distance as a `gather-bench --variant`, 16
  /// made W3 (512-byte rows from a 128 MiB table) with dynamic sizes 5-24%
  /// faster in all six, W3 static faster in four, and left W1, W5 and W7
  /// within 4% either way (docs/Performance.md).
  int64_t slicePrefetchDistance = 8;
  /// Masked vector loads and stores are native and fast for elements of at
  /// least this many bits: 8 with AVX-512BW, 32 with AVX-512F only, none
  /// (0) without AVX-512. AVX2 has no masked moves of 8- or 16-bit
  /// elements (LLVM splits them into one branch per lane), and its 32-bit
  /// masked stores are microcoded on AMD Zen 1 to 3; the copies take the
  /// tails of their rows with overlapping unmasked vectors there.
  int64_t minMaskedElementBits = 0;
};

/// The parameters for the CPU named `cpu` (an LLVM x86 CPU name, or `host`
/// for the machine the compiler runs on). Fails, with the reason in
/// `error`, for an unknown name.
FailureOr<CPUTarget> getCPUTarget(StringRef cpu, std::string &error);

} // namespace mlir::gather

#endif // GATHER_MLIR_CODEGEN_CPU_TARGET_H

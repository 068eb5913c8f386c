//===- CodeGenUtils.h - shared parts of the CPU code generator -*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_CODEGEN_CPU_CODEGENUTILS_H
#define GATHER_MLIR_LIB_CODEGEN_CPU_CODEGENUTILS_H

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <cstdint>
#include <optional>

namespace mlir::gather {

/// Bytes of a cache line: one prefetch per line.
constexpr int64_t kCacheLineBytes = 64;

/// The largest prefetch distance the passes take: `iv + distance` then
/// cannot overflow for any loop of fewer than 2^62 iterations.
constexpr int64_t kMaxPrefetchDistance = (int64_t(1) << 31) - 1;

/// Tables smaller than this stay in the caches and get no prefetch.
constexpr int64_t kPrefetchMinTableBytes = 1 << 20;

/// Returns true when `type` is statically known to be smaller than
/// kPrefetchMinTableBytes (`elementBytes` bytes per element).
/// The byte size is computed with overflow checks: a table of more than
/// 2^63 - 1 bytes is not cache resident.
inline bool isCacheResident(MemRefType type, int64_t elementBytes) {
  if (!type.hasStaticShape())
    return false;
  if (llvm::is_contained(type.getShape(), 0))
    return true;
  std::optional<int64_t> bytes = elementBytes;
  for (int64_t size : type.getShape())
    if (bytes)
      bytes = llvm::checkedMul(*bytes, size);
  return bytes && *bytes < kPrefetchMinTableBytes;
}

/// Emits an error at `op` unless `value`, the value of the option `option`
/// of the pass `pass`, lies in `[min, max]`.
inline LogicalResult checkOptionInRange(Operation *op, StringRef pass,
                                        StringRef option, int64_t value,
                                        int64_t min, int64_t max) {
  if (value >= min && value <= max)
    return success();
  return op->emitError() << pass << ": option " << option << " must be in ["
                         << min << ", " << max << "], but is " << value;
}

/// Clones into the insertion point of `builder` the ops inside `scope` that
/// compute `values`, with `iv` (an induction variable of a loop in or at
/// `scope`) replaced by `ahead`: the address computation of a later
/// iteration, for a prefetch. Values defined outside `scope` are used as
/// they are. Fails, cloning nothing, when the computation involves anything
/// but loads and side-effect free ops without regions.
FailureOr<SmallVector<Value>> cloneAhead(OpBuilder &builder, Operation *scope,
                                         Value iv, ValueRange values,
                                         Value ahead);

/// The annotation (`loop_annotation` of an scf.for, kept down to LLVM) that
/// asks LLVM to unroll a loop `count` times, or fully without a count.
LLVM::LoopAnnotationAttr getUnrollAnnotation(MLIRContext *context,
                                             std::optional<int64_t> count);

} // namespace mlir::gather

#endif // GATHER_MLIR_LIB_CODEGEN_CPU_CODEGENUTILS_H

//===- Reference.h - the reference result of a program ----------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// An independent reference of `gather.gather`, written from DESIGN.md
// section 1 (negative values of signed index types wrap once, unsigned ones
// never do) with the `clamp` rule of the lowering (a value out of range is
// clamped to [0, s-1]), and the data the driver passes: element n of the
// data is a fixed pattern of n for its element kind. The values of index
// producers come from evaluating them (evaluateProducer, Producer.h).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_FUZZ_REFERENCE_H
#define GATHER_MLIR_FUZZ_REFERENCE_H

#include "gather-mlir/Fuzz/Program.h"

namespace mlir {
namespace gather {
namespace fuzz {

/// Writes data element `n` of `kind` to `out`: distinct bit patterns for
/// every kind but i1 and i8, finite for the float kinds.
void writeDataElement(ElementKind kind, int64_t n, uint8_t *out);

/// The position an index selects in a dimension of `size`: wraps negative
/// values of signed types once, then clamps to [0, size-1]. Sets
/// `outOfRange` when the value is not in [-size, size-1] (signed) or
/// [0, size-1] (unsigned).
int64_t selectPosition(IndexKind kind, uint64_t bits, int64_t size,
                       bool &outOfRange);

/// The reference result of `p` (out-of-range values clamped) as row-major
/// bytes, its sizes in `shape`; `outOfRange` tells whether a value was out
/// of range.
std::vector<uint8_t> computeReference(const Program &p,
                                      std::vector<int64_t> &shape,
                                      bool &outOfRange);

/// An element for a report: the value of float kinds, hexadecimal bits
/// otherwise.
std::string formatElement(ElementKind kind, const uint8_t *element);

} // namespace fuzz
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_FUZZ_REFERENCE_H

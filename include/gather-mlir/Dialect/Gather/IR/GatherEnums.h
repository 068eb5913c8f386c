//===- GatherEnums.h - the enums of the gather lowering ---------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// BoundsCheck, GatherLoweringStrategy, GatherForm and PoolingMode (with its
// attribute PoolingModeAttr) with their spellings
// (stringify*, symbolize*), generated from GatherEnums.td.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHERENUMS_H
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHERENUMS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

#include "gather-mlir/Dialect/Gather/IR/GatherEnums.h.inc"

namespace mlir::gather {

/// One line describing each value, for the option parsers and the pass
/// documentation (every value of GatherEnums.td has one).
StringRef getDescription(BoundsCheck value);
StringRef getDescription(GatherLoweringStrategy value);
StringRef getDescription(GatherForm value);
StringRef getDescription(PoolingMode value);

} // namespace mlir::gather

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHERENUMS_H

//===- Version.h - the version of gather-mlir -------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_VERSION_H
#define GATHER_MLIR_VERSION_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
namespace gather {

/// The version of gather-mlir (`major.minor.patch`), as set by the project
/// version of its CMake build.
llvm::StringRef getVersion();

/// Prints what `--version` prints in the tools of this project: the project,
/// its version and the LLVM/MLIR version it was built with.
void printVersion(llvm::raw_ostream &os);

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_VERSION_H

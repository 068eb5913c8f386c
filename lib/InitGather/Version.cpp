//===- Version.cpp - the version of gather-mlir ---------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

#ifndef GATHER_MLIR_VERSION_STRING
#error                                                                         \
    "the build defines GATHER_MLIR_VERSION_STRING (the CMake project version)"
#endif

llvm::StringRef mlir::gather::getVersion() {
  return GATHER_MLIR_VERSION_STRING;
}

void mlir::gather::printVersion(llvm::raw_ostream &os) {
  os << "gather-mlir version " << getVersion() << "\n"
     << "  built with LLVM/MLIR " << LLVM_VERSION_STRING << "\n";
}

// The tools name the project and its version (the CMake project version) and
// the LLVM/MLIR they were built with.
//
// RUN: gather-opt --version | FileCheck %s
// RUN: gather-reduce --version | FileCheck %s
// RUN: gather-lsp-server --version | FileCheck %s

// CHECK:      gather-mlir version {{[0-9]+\.[0-9]+\.[0-9]+$}}
// CHECK-NEXT:   built with LLVM/MLIR 22.

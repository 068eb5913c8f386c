// The passes whose parameters come from the target CPU reject a CPU that
// LLVM does not know, at each function.

// RUN: gather-opt %s --gather-lower-slice-copies=target-cpu=no-such-cpu -verify-diagnostics
// RUN: gather-opt %s --gather-lower-element-loops=target-cpu=no-such-cpu -verify-diagnostics
// RUN: gather-opt %s --gather-lower-element-loops=target-cpu=znver5 | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK:         return

// expected-error @+1 {{unknown CPU 'no-such-cpu' (expected 'host' or an x86-64 CPU name of LLVM, such as 'znver3', 'znver5', 'x86-64-v3')}}
func.func @f() {
  return
}

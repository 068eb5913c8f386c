// The passes of a pipeline run without verification in between unless
// verify-each is set; either way they report to the pass manager's
// instrumentation (here the timing report names the nested passes) and give
// the same code.
// RUN: gather-opt %s --gather-to-llvm --mlir-timing 2>%t.timing | FileCheck %s
// RUN: FileCheck %s --input-file=%t.timing --check-prefix=TIMING
// RUN: gather-opt %s --gather-to-llvm="verify-each=true" --mlir-timing 2>%t.timing.each | FileCheck %s
// RUN: FileCheck %s --input-file=%t.timing.each --check-prefix=TIMING
// RUN: not gather-opt %s --gather-to-llvm="verify-each=maybe" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK:     llvm.func @g(
// CHECK-NOT: gather.gather
// TIMING:    LowerEachModulePass
// TIMING:    ConvertGatherToLinalg
// TIMING:    OneShotBufferize
// TIMING:    GatherConvertToLLVM
// BAD:       verify-each
func.func @g(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}

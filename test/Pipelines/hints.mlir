// The pipelines end with gather-strip-hints: their output names nothing of
// the gather dialect and upstream mlir-opt parses it; hints=true keeps the
// code generator's hints for inspection.
// RUN: gather-opt %s --gather-to-affine | FileCheck %s --implicit-check-not='gather.'
// RUN: gather-opt %s --gather-to-affine | mlir-opt | FileCheck %s --implicit-check-not='gather.'
// RUN: gather-opt %s --gather-to-llvm | mlir-opt | FileCheck %s --check-prefix=LLVM --implicit-check-not='gather.'
// RUN: gather-opt %s --gather-to-affine=hints=true | FileCheck %s --check-prefix=HINTS

// CHECK-LABEL: func.func @rows
// CHECK:         scf.forall
// CHECK:           vector.load
// CHECK:           vector.store
// LLVM-LABEL: llvm.func @rows
// HINTS-LABEL: func.func @rows
// HINTS:         } {gather.form = #gather.form<"inline-copy">}
func.func @rows(%d: tensor<1000x16xf32>, %i: tensor<64xi64>) -> tensor<64x16xf32> {
  %r = gather.gather %d[%i] : tensor<1000x16xf32>, tensor<64xi64>
  return %r : tensor<64x16xf32>
}

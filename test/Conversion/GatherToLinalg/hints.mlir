// convert-gather-to-linalg hands out upstream dialects only: the code
// generator's hints (the form of each gather's loop nest, the select that
// wraps a negative index) are kept only with hints=true, and upstream
// mlir-opt, which does not load the gather dialect, parses the default
// output but not the hints.
// RUN: gather-opt %s --convert-gather-to-linalg | FileCheck %s --implicit-check-not='gather.'
// RUN: gather-opt %s --convert-gather-to-linalg | mlir-opt | FileCheck %s --implicit-check-not='gather.'
// RUN: gather-opt %s --convert-gather-to-linalg=strategy=generic | mlir-opt | FileCheck %s --check-prefix=GENERIC --implicit-check-not='gather.'
// RUN: gather-opt %s --convert-gather-to-linalg=hints=true | FileCheck %s --check-prefix=HINTS
// RUN: gather-opt %s --convert-gather-to-linalg=hints=true | not mlir-opt 2>&1 | FileCheck %s --check-prefix=UPSTREAM

// CHECK-LABEL: func.func @rows
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK:         scf.forall
// CHECK:         tensor.parallel_insert_slice
// CHECK-LABEL: func.func @elements
// CHECK:         linalg.generic
// CHECK:         tensor.extract
// HINTS-LABEL: func.func @rows
// HINTS:         arith.select %{{.*}}, %{{.*}}, %{{.*}} {gather.wrap} : index
// HINTS:         } {gather.form = #gather.form<"inline-copy">}
// HINTS-LABEL: func.func @elements
// HINTS:         attrs = {gather.form = #gather.form<element>}
// GENERIC-LABEL: func.func @rows
// GENERIC:         linalg.generic
// GENERIC-LABEL: func.func @elements
// UPSTREAM: error: {{.*}}unregistered dialect
func.func @rows(%d: tensor<8x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] : tensor<8x4xf32>, tensor<3xi64>
  return %r : tensor<3x4xf32>
}

func.func @elements(%d: tensor<8xf32>, %i: tensor<5xi32>) -> tensor<5xf32> {
  %r = gather.gather %d[%i] : tensor<8xf32>, tensor<5xi32>
  return %r : tensor<5xf32>
}

// The generated reference of the pipelines (docs target) lists each pipeline
// with its description and every option with its values; an unknown name is
// an error.
//
// RUN: gather-pipeline-doc gather-to-llvm gather-to-atb | FileCheck %s
// RUN: not gather-pipeline-doc gather-to-nowhere 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// CHECK:      # gather-mlir pass pipelines
// CHECK:      ## `gather-to-llvm`
// CHECK:      Lower a module of gather, tensor, linalg, memref, scf, affine, arith and func code to the LLVM dialect.
// CHECK:      ```text
// CHECK:      --gather-to-llvm
// CHECK:        --bounds-check=<value>
// CHECK-SAME:     What the generated code does with an out-of-range index
// CHECK-NEXT:     =assert
// CHECK-NEXT:     =clamp
// CHECK-NEXT:     =none
// CHECK:        --parallel
// CHECK:        --strategy=<value>
// CHECK-NEXT:     =slices
// CHECK-NEXT:     =generic
// CHECK:      ```
// CHECK:      ## `gather-to-atb`
// CHECK:        --soc=<value>
// CHECK:          =ascend910b

// UNKNOWN: gather-pipeline-doc: 'gather-to-nowhere' is not a registered pass pipeline

// The tuning options of the CPU pipelines pass their text to the form
// passes: a valid setting changes the generated code, a bad one is an
// error naming the pass, with exit status 1.
// RUN: gather-opt %s --gather-to-affine=target-cpu=znver5 | FileCheck %s --check-prefix=DEFAULT
// RUN: gather-opt %s --gather-to-affine=target-cpu=znver3 | FileCheck %s --check-prefix=AVX2
// RUN: gather-opt %s --gather-to-affine="element-loop-options={sign-check=false unroll=4}" | FileCheck %s --check-prefix=TUNED
// RUN: gather-opt %s --gather-to-affine="slice-copy-options={vector-bytes=16}" | FileCheck %s --check-prefix=COPY
// RUN: not gather-opt %s --gather-to-llvm="element-loop-options={no-such-option=1}" 2>&1 | FileCheck %s --check-prefix=BAD-LOOPS
// RUN: not gather-opt %s --gather-to-affine="slice-copy-options={vector-bytes=x}" 2>&1 | FileCheck %s --check-prefix=BAD-COPIES
// RUN: not gather-opt %s --gather-to-atb="slice-copy-options={vector-bytes=3}" 2>&1 | FileCheck %s --check-prefix=BAD-VALUE

// DEFAULT-LABEL: func.func @element
// DEFAULT:         scf.for %{{.*}} step %c16
// DEFAULT:           vector.reduction <or>
// DEFAULT-LABEL: func.func @rows
// DEFAULT:         vector.load %{{.*}} : memref<{{.*}}>, vector<16xf32>

// AVX2-LABEL: func.func @rows
// AVX2:         vector.load %{{.*}} : memref<{{.*}}>, vector<8xf32>

// TUNED-LABEL:   func.func @element
// TUNED-NOT:       vector.reduction
// TUNED:           scf.for %{{.*}} step %c4
// TUNED-NOT:       vector.reduction
// TUNED-LABEL:   func.func @rows

// COPY-LABEL:    func.func @rows
// COPY:            vector.load %{{.*}} : memref<{{.*}}>, vector<4xf32>

// BAD-LOOPS: no such option no-such-option
// BAD-LOOPS: invalid options for gather-lower-element-loops: 'no-such-option=1'
// BAD-COPIES: invalid options for gather-lower-slice-copies: 'vector-bytes=x'
// BAD-VALUE: error: gather-lower-slice-copies: option vector-bytes must be 0 (from the target) or a power of two in [1, 1024], but is 3

func.func @element(%d: tensor<4096xf32>, %i: tensor<1024xi64>) -> tensor<1024xf32> {
  %r = gather.gather %d[%i] : tensor<4096xf32>, tensor<1024xi64>
  return %r : tensor<1024xf32>
}

func.func @rows(%d: tensor<512x64xf32>, %i: tensor<16xi64>) -> tensor<16x64xf32> {
  %r = gather.gather %d[%i] : tensor<512x64xf32>, tensor<16xi64>
  return %r : tensor<16x64xf32>
}

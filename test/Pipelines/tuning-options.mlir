// The typed tuning options of the CPU pipelines set the options of the form
// passes: a valid setting changes the generated code, a value that does not
// parse or that the pass refuses is an error, with exit status 1.
// RUN: gather-opt %s --gather-to-affine=target-cpu=znver5 | FileCheck %s --check-prefix=DEFAULT
// RUN: gather-opt %s --gather-to-affine=target-cpu=znver3 | FileCheck %s --check-prefix=AVX2
// RUN: gather-opt %s --gather-to-affine="sign-check=false element-unroll=4" | FileCheck %s --check-prefix=TUNED
// RUN: gather-opt %s --gather-to-affine="slice-vector-bytes=16" | FileCheck %s --check-prefix=COPY
// RUN: not gather-opt %s --gather-to-llvm="element-unroll=x" 2>&1 | FileCheck %s --check-prefix=BAD-LOOPS
// RUN: not gather-opt %s --gather-to-affine="slice-vector-bytes=x" 2>&1 | FileCheck %s --check-prefix=BAD-COPIES
// RUN: not gather-opt %s --gather-to-atb="slice-vector-bytes=3" 2>&1 | FileCheck %s --check-prefix=BAD-VALUE
// RUN: not gather-opt %s --gather-to-llvm="element-unroll=1000" 2>&1 | FileCheck %s --check-prefix=BAD-UNROLL
// RUN: not gather-opt %s --gather-to-mpi="prefetch-locality=7" 2>&1 | FileCheck %s --check-prefix=BAD-LOCALITY

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

// BAD-LOOPS: for the --element-unroll option: 'x' value invalid for long argument!
// BAD-COPIES: for the --slice-vector-bytes option: 'x' value invalid for long argument!
// BAD-VALUE: error: gather-lower-slice-copies: option vector-bytes must be 0 (from the target) or a power of two in [1, 1024], but is 3
// BAD-UNROLL: error: gather-lower-element-loops: option unroll must be in [1, 256], but is 1000
// BAD-LOCALITY: error: gather-lower-slice-copies: option prefetch-locality must be in [-1, 3], but is 7

func.func @element(%d: tensor<4096xf32>, %i: tensor<1024xi64>) -> tensor<1024xf32> {
  %r = gather.gather %d[%i] : tensor<4096xf32>, tensor<1024xi64>
  return %r : tensor<1024xf32>
}

func.func @rows(%d: tensor<512x64xf32>, %i: tensor<16xi64>) -> tensor<16x64xf32> {
  %r = gather.gather %d[%i] : tensor<512x64xf32>, tensor<16xi64>
  return %r : tensor<16x64xf32>
}

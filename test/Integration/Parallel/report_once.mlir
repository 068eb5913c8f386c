// Under parallel=true several OpenMP threads may find an out-of-range index
// at the same time: exactly one message is printed and the program exits
// with status 1 (before the fix, concurrent exit() calls hung or corrupted
// the heap). Every index is out of range, so every thread reports.
// RUN: gather-opt %s --gather-to-llvm=parallel=true \
// RUN:   | env OMP_NUM_THREADS=4 not mlir-runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp 2>&1 \
// RUN:   | FileCheck %s

// CHECK: gather: index {{[0-9]+}} is out of bounds for a dimension of size 4096 (at {{.*}}report_once.mlir:[[# @LINE + 4]]:8)
// CHECK-NOT: out of bounds

func.func @gather(%d: tensor<4096x64xf32>, %i: tensor<4096xi64>) -> tensor<4096x64xf32> {
  %r = gather.gather %d[%i] : tensor<4096x64xf32>, tensor<4096xi64>
  return %r : tensor<4096x64xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %d = arith.constant dense<1.0> : tensor<4096x64xf32>
  %e = tensor.empty() : tensor<4096xi64>
  // Indices 4096 + k for k in [0, 4096): all out of range.
  %i = linalg.generic {indexing_maps = [affine_map<(k) -> (k)>],
                       iterator_types = ["parallel"]} outs(%e : tensor<4096xi64>) {
  ^bb0(%out: i64):
    %k = linalg.index 0 : index
    %c = arith.constant 4096 : index
    %v = arith.addi %k, %c : index
    %w = arith.index_cast %v : index to i64
    linalg.yield %w : i64
  } -> tensor<4096xi64>
  %r = call @gather(%d, %i) : (tensor<4096x64xf32>, tensor<4096xi64>) -> tensor<4096x64xf32>
  %u = tensor.cast %r : tensor<4096x64xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

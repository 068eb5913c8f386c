// gather-to-llvm leaves nothing but the LLVM dialect and the builtin module.
// RUN: gather-opt %s --gather-to-llvm | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp" | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="bounds-check=none" | FileCheck %s --check-prefix=NONE

// CHECK-NOT:   {{(gather|tensor|linalg|memref|scf|affine|arith|func|cf|bufferization|math|vector|complex|index)\.[a-z_]+}}
// CHECK:       llvm.func @main
// CHECK-NOT:   {{(gather|tensor|linalg|memref|scf|affine|arith|func|cf|bufferization|math|vector|complex|index)\.[a-z_]+}}
// CHECK:       llvm.func internal @__gather_mlir_index_out_of_bounds
// CHECK-NOT:   {{(gather|tensor|linalg|memref|scf|affine|arith|func|cf|bufferization|math|vector|complex|index)\.[a-z_]+}}

// NONE-NOT:    __gather_mlir_index_out_of_bounds
// NONE:        llvm.func @main
// NONE-NOT:    __gather_mlir_index_out_of_bounds

func.func @main(%d: tensor<?x?x4xf32>, %i: tensor<?x3xui32>, %j: tensor<2xsi64>, %k: tensor<index>) -> (tensor<?x3x4xf32>, tensor<?x2x4xf32>, tensor<?x4xf32>) {
  %a = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x?x4xf32>, tensor<?x3xui32>
  %b = gather.gather %d[%j] axis = -2 : tensor<?x?x4xf32>, tensor<2xsi64>
  %c = gather.gather %d[%k] axis = 1 : tensor<?x?x4xf32>, tensor<index>
  %e = math.exp %c : tensor<?x4xf32>
  return %a, %b, %e : tensor<?x3x4xf32>, tensor<?x2x4xf32>, tensor<?x4xf32>
}

// The deallocation steps of the pipelines: convert-bufferization-to-memref
// lowers the deallocations on each function unless one of them frees
// several buffers, which needs the helper function that the module-wide
// conversion adds. Both cases lower every bufferization op, and the code
// frees the buffer that it does not return.
// RUN: gather-opt %s --split-input-file --gather-to-affine=target-cpu=znver5 | FileCheck %s
// RUN: gather-opt %s --split-input-file --gather-to-llvm | FileCheck %s --check-prefix=LLVM
// test/Integration/CPU/deallocation.mlir runs the first case.

// One of two gathers is returned: the buffer of the other is freed under a
// condition computed at run time (a deallocation of two buffers).
// CHECK-LABEL: func.func @select
// CHECK:         call @dealloc_helper
// CHECK:         memref.dealloc
// CHECK:       func.func private @dealloc_helper
// CHECK-NOT:   bufferization.
// LLVM-LABEL:  llvm.func @select
// LLVM:          llvm.call @dealloc_helper
// LLVM:          llvm.call @free
// LLVM-NOT:    bufferization.
func.func @select(%c: i1, %d: tensor<4x3xf32>, %i: tensor<2xi64>, %j: tensor<2xi64>) -> tensor<2x3xf32> {
  %a = gather.gather %d[%i] : tensor<4x3xf32>, tensor<2xi64>
  %b = gather.gather %d[%j] : tensor<4x3xf32>, tensor<2xi64>
  %r = scf.if %c -> tensor<2x3xf32> {
    scf.yield %a : tensor<2x3xf32>
  } else {
    scf.yield %b : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// -----

// A temporary buffer of the wrapped index (a deallocation of one buffer):
// freed in place, no helper function.
// CHECK-LABEL: func.func @temporary
// CHECK:         %[[TMP:.*]] = memref.alloc() {{.*}} : memref<index>
// CHECK:         memref.dealloc %[[TMP]] : memref<index>
// CHECK-NOT:   dealloc_helper
// CHECK-NOT:   bufferization.
// LLVM-LABEL:  llvm.func @temporary
// LLVM:          llvm.call @free
// LLVM-NOT:    dealloc_helper
// LLVM-NOT:    bufferization.
func.func @temporary(%d: tensor<8x?x3xi8>, %i: tensor<i32>) -> tensor<8x3xi8> {
  %r = gather.gather %d[%i] axis = 1 : tensor<8x?x3xi8>, tensor<i32>
  return %r : tensor<8x3xi8>
}

// A region marked gather.outline that writes a buffer the caller allocated
// (an operand-free op that is not pure): gather-to-llvm outlines it into a
// function of its own, which must write the caller's buffer, not a copy of
// the allocation. The caller first fills the buffer with -1; the region
// then stores 2.5 in every element.
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm | FileCheck %s --check-prefix=OUTLINED

// OUTLINED: llvm.call @fill__gather_version(
// OUTLINED: llvm.func internal @fill__gather_version(

func.func private @printMemrefF32(memref<*xf32>)

func.func @fill(%v: f32) -> memref<4xf32> {
  %zero = arith.constant 0 : index
  %four = arith.constant 4 : index
  %one = arith.constant 1 : index
  %minus = arith.constant -1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  scf.for %j = %zero to %four step %one {
    memref.store %minus, %m[%j] : memref<4xf32>
  }
  scf.execute_region no_inline {
    scf.for %j = %zero to %four step %one {
      memref.store %v, %m[%j] : memref<4xf32>
    }
    scf.yield
  } {gather.outline}
  return %m : memref<4xf32>
}

// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [2.5,  2.5,  2.5,  2.5]
func.func @main() {
  %v = arith.constant 2.5 : f32
  %m = call @fill(%v) : (f32) -> memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

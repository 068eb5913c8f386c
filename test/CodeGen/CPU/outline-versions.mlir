// gather-outline-versions moves the body of each `scf.execute_region
// no_inline` marked `gather.outline` into a private function with internal
// linkage that neither MLIR nor LLVM inlines, called in the region's place
// with the values the region uses from outside it; constants and addresses
// of globals are cloned into it instead. Unmarked regions, and marked ones
// with results, stay.
// RUN: gather-opt %s --gather-outline-versions --split-input-file | FileCheck %s
// The lowered function calls it; LLVM keeps it apart (noinline):
// RUN: gather-opt %s --gather-outline-versions --split-input-file --gather-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @versions(
// CHECK-SAME:      %[[M:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[C:.*]]: i1)
// CHECK:         scf.if %[[C]] {
// CHECK-NEXT:      %[[V:.*]] = arith.constant 2.0
// CHECK-NEXT:      memref.store %[[V]], %[[M]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      func.call @versions__gather_version(%[[M]], %[[N]]) : (memref<?xf32>, index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.execute_region no_inline {
// CHECK:         return
// CHECK:       func.func private @versions__gather_version(
// CHECK-SAME:      %[[FM:.*]]: memref<?xf32>, %[[FN:.*]]: index)
// CHECK-SAME:      attributes {llvm.linkage = #llvm.linkage<internal>, no_inline, passthrough = ["noinline"]}
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.0
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:         scf.for %[[J:.*]] = %[[ZERO]] to %[[FN]]
// CHECK-NEXT:      memref.store %[[ONE]], %[[FM]][%[[J]]]
// CHECK:         return
// CHECK-NOT:   func.func

// LLVM:        llvm.func @versions(
// LLVM:          llvm.call @versions__gather_version(
// LLVM:        llvm.func internal @versions__gather_version(
// LLVM-SAME:     passthrough = ["noinline"]
func.func @versions(%m: memref<?xf32>, %n: index, %c: i1) {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %v1 = arith.constant 1.0 : f32
  scf.if %c {
    %v2 = arith.constant 2.0 : f32
    memref.store %v2, %m[%zero] : memref<?xf32>
  } else {
    scf.execute_region no_inline {
      scf.for %j = %zero to %n step %one {
        memref.store %v1, %m[%j] : memref<?xf32>
      }
      scf.yield
    } {gather.outline}
  }
  // Not marked: stays.
  scf.execute_region no_inline {
    memref.store %v1, %m[%one] : memref<?xf32>
    scf.yield
  }
  return
}

// -----

// Two marked regions of one function get distinct names; a marked region
// with results stays.
// CHECK-LABEL: func.func @two(
// CHECK:         call @two__gather_version(
// CHECK:         call @two__gather_version_0(
// CHECK:         %[[R:.*]] = scf.execute_region -> index no_inline {
// CHECK:         } {gather.outline}
// CHECK:       func.func private @two__gather_version_0(
// CHECK:       func.func private @two__gather_version(
func.func @two(%m: memref<?xf32>) -> index {
  %zero = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  scf.execute_region no_inline {
    memref.store %v, %m[%zero] : memref<?xf32>
    scf.yield
  } {gather.outline}
  scf.execute_region no_inline {
    memref.store %v, %m[%zero] : memref<?xf32>
    scf.yield
  } {gather.outline}
  %r = scf.execute_region -> index no_inline {
    scf.yield %zero : index
  } {gather.outline}
  return %r : index
}

// -----

// An operand-free op that is not pure (an allocation) is passed to the
// function, not cloned into it: the region writes the caller's buffer.
// (test/Integration/CPU/outline_versions.mlir runs it.)
// CHECK-LABEL: func.func @alloc_outside(
// CHECK-SAME:      %[[V:.*]]: f32)
// CHECK:         %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    call @alloc_outside__gather_version(%[[V]], %[[A]]) : (f32, memref<4xf32>) -> ()
// CHECK-NEXT:    return %[[A]]
// CHECK:       func.func private @alloc_outside__gather_version(
// CHECK-SAME:      %[[FV:.*]]: f32, %[[FA:.*]]: memref<4xf32>)
// CHECK-NOT:     memref.alloc
// CHECK:         memref.store %[[FV]], %[[FA]][%{{.*}}] : memref<4xf32>
// CHECK:         return
func.func @alloc_outside(%v: f32) -> memref<4xf32> {
  %zero = arith.constant 0 : index
  %four = arith.constant 4 : index
  %one = arith.constant 1 : index
  %m = memref.alloc() : memref<4xf32>
  scf.execute_region no_inline {
    scf.for %j = %zero to %four step %one {
      memref.store %v, %m[%j] : memref<4xf32>
    }
    scf.yield
  } {gather.outline}
  return %m : memref<4xf32>
}

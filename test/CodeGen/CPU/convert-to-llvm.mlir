// gather-convert-to-llvm converts each function's ops on their own (in
// parallel) and then the functions: the result equals upstream
// convert-to-llvm's once the casts between the steps are reconciled.
// RUN: gather-opt %s --split-input-file --gather-convert-to-llvm \
// RUN:   --reconcile-unrealized-casts > %t.ours
// RUN: mlir-opt %s --split-input-file --convert-to-llvm \
// RUN:   --reconcile-unrealized-casts > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: FileCheck %s < %t.ours
// The same with one thread.
// RUN: gather-opt %s --split-input-file --gather-convert-to-llvm \
// RUN:   --reconcile-unrealized-casts --mlir-disable-threading | \
// RUN:   diff - %t.upstream

// Functions that allocate, free, branch with memref block arguments, call,
// copy a strided memref (the generic memrefCopy) and print (converted with
// the module, since printing declares functions).

// CHECK-LABEL: module
// CHECK-COUNT-1: llvm.func @printNewline()
// CHECK-COUNT-1: llvm.func @printF32(f32)
// CHECK-COUNT-1: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
// CHECK-COUNT-1: llvm.func @free(!llvm.ptr)
// CHECK-COUNT-1: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NOT: llvm.func @malloc
// CHECK-LABEL: llvm.func @alloc(
// CHECK: llvm.call @malloc
// CHECK: llvm.call @free
// CHECK-LABEL: llvm.func @branch(
// CHECK: llvm.cond_br
// CHECK: llvm.call @callee(
// CHECK-LABEL: llvm.func @strided(
// CHECK: llvm.call @memrefCopy(
// CHECK-LABEL: llvm.func @prints(
// CHECK: llvm.call @printF32(
// CHECK-NOT: builtin.unrealized_conversion_cast
// CHECK-NOT: memref.
func.func @alloc(%n: index, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %m = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %m[%c0] : memref<?xf32>
  %v = memref.load %m[%c0] : memref<?xf32>
  memref.dealloc %m : memref<?xf32>
  %r = arith.addf %v, %f : f32
  return %r : f32
}

func.func @branch(%c: i1, %a: memref<4xf32>, %b: memref<4xf32>) -> memref<4xf32> {
  cf.cond_br %c, ^bb1(%a : memref<4xf32>), ^bb1(%b : memref<4xf32>)
^bb1(%m: memref<4xf32>):
  %r = call @callee(%m) : (memref<4xf32>) -> memref<4xf32>
  return %r : memref<4xf32>
}

func.func private @callee(memref<4xf32>) -> memref<4xf32>

func.func @strided(%a: memref<4x2xf32, strided<[4, 2]>>, %b: memref<4x2xf32>) {
  memref.copy %a, %b : memref<4x2xf32, strided<[4, 2]>> to memref<4x2xf32>
  return
}

func.func @prints(%f: f32) {
  vector.print %f : f32
  return
}

// -----

// A function with a C interface (its wrapper is made beside it) reading a
// global (converted with the module).

// CHECK-LABEL: module
// CHECK: llvm.mlir.global private constant @table
// CHECK-LABEL: llvm.func @interface(
// CHECK: llvm.mlir.addressof @table
// CHECK-LABEL: llvm.func @_mlir_ciface_interface(
// CHECK: llvm.call @interface(
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @interface(%i: index) -> f32 attributes {llvm.emit_c_interface} {
  %t = memref.get_global @table : memref<4xf32>
  %v = memref.load %t[%i] : memref<4xf32>
  return %v : f32
}

// -----

// A contiguous copy is a memcpy: no memrefCopy is declared for it.

// CHECK-LABEL: module
// CHECK-NOT: @memrefCopy
// CHECK: "llvm.intr.memcpy"
// CHECK-NOT: @memrefCopy
func.func @contiguous(%a: memref<4x2xf32>, %b: memref<4x2xf32>) {
  memref.copy %a, %b : memref<4x2xf32> to memref<4x2xf32>
  return
}

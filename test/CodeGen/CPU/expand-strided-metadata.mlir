// gather-expand-strided-metadata rewrites views as upstream
// expand-strided-metadata does, in one sweep of its patterns: the same IR up
// to where constants are placed (both canonicalized before they are
// compared), chains of views included.
// RUN: gather-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(gather-expand-strided-metadata))' > %t.ours
// RUN: mlir-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(expand-strided-metadata))' > %t.upstream
// RUN: mlir-opt %t.ours --split-input-file --canonicalize > %t.ours.canonical
// RUN: mlir-opt %t.upstream --split-input-file --canonicalize > %t.upstream.canonical
// RUN: diff %t.ours.canonical %t.upstream.canonical
// RUN: FileCheck %s < %t.ours
// With lower-affine=true the same sweep lowers the affine ops the expansion
// makes (and expands composite arith ops): the IR of upstream
// expand-strided-metadata, lower-affine and arith-expand, no affine op left.
// RUN: gather-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(gather-expand-strided-metadata{lower-affine=true}))' > %t.lowered
// RUN: mlir-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(expand-strided-metadata,lower-affine,arith-expand))' > %t.upstream.lowered
// RUN: mlir-opt %t.lowered --split-input-file --canonicalize > %t.lowered.canonical
// RUN: mlir-opt %t.upstream.lowered --split-input-file --canonicalize > %t.upstream.lowered.canonical
// RUN: diff %t.lowered.canonical %t.upstream.lowered.canonical
// RUN: FileCheck %s --check-prefix=LOWERED < %t.lowered
// LOWERED-NOT: affine.
// LOWERED: arith.muli
// LOWERED-NOT: affine.

// CHECK-LABEL: func.func @chain(
// CHECK-NOT: memref.subview
// CHECK-NOT: memref.expand_shape
// CHECK-NOT: memref.collapse_shape
// CHECK: memref.reinterpret_cast
// CHECK: return
func.func @chain(%m: memref<?x?xf32>, %i: index, %n: index) -> memref<2x?xf32, strided<[?, 1], offset: ?>> {
  %a = memref.subview %m[%i, 1] [%n, 8] [1, 1] : memref<?x?xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  %b = memref.subview %a[1, 2] [4, 4] [2, 1] : memref<?x8xf32, strided<[?, 1], offset: ?>> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  %c = memref.subview %b[0, 0] [2, %n] [1, 1] : memref<4x4xf32, strided<[?, 1], offset: ?>> to memref<2x?xf32, strided<[?, 1], offset: ?>>
  return %c : memref<2x?xf32, strided<[?, 1], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @reshapes(
// CHECK-NOT: memref.expand_shape
// CHECK-NOT: memref.collapse_shape
// CHECK: return
func.func @reshapes(%m: memref<4x6xf32>) -> (memref<2x2x6xf32>, memref<24xf32>, index) {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 2, 6] : memref<4x6xf32> into memref<2x2x6xf32>
  %c = memref.collapse_shape %m [[0, 1]] : memref<4x6xf32> into memref<24xf32>
  %a = memref.alloc() : memref<3x5xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<3x5xf32> -> memref<f32>, index, index, index, index, index
  return %e, %c, %strides#0 : memref<2x2x6xf32>, memref<24xf32>, index
}

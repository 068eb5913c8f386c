// RUN: gather-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(gather-linalg-to-loops))" \
// RUN:   | FileCheck %s

// Static sizes: affine loops.
// CHECK-LABEL: func.func @static
// CHECK:         affine.for %{{.*}} = 0 to 5 {
// CHECK:           affine.store
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     scf.for
func.func @static(%buf: memref<5xf32>, %f: f32) {
  linalg.fill ins(%f : f32) outs(%buf : memref<5xf32>)
  return
}

// -----

// A dynamic size of a function argument is a valid symbol: affine loops.
// CHECK-LABEL: func.func @dynamic_argument
// CHECK-SAME:    (%[[BUF:.*]]: memref<?xf32>
// CHECK:         %[[N:.*]] = memref.dim %[[BUF]]
// CHECK:         affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #{{.*}}(%[[N]]) {
// CHECK-NOT:     scf.for
func.func @dynamic_argument(%buf: memref<?xf32>, %f: f32) {
  linalg.fill ins(%f : f32) outs(%buf : memref<?xf32>)
  return
}

// -----

// A partial tile: the size of the subview is defined inside an scf.for, so
// it is no valid affine dimension; the fill becomes an scf.for loop.
// CHECK-LABEL: func.func @partial_tile
// CHECK:         scf.for %[[I:.*]] =
// CHECK:           %[[N:.*]] = affine.min
// CHECK:           %[[TILE:.*]] = memref.subview
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK:             memref.store %{{.*}}, %[[TILE]][%{{.*}}]
// CHECK-NOT:     affine.for
// CHECK-NOT:     linalg.fill
func.func @partial_tile(%buf: memref<5xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c2 {
    %n = affine.min affine_map<(d0) -> (2, -d0 + 5)>(%i)
    %tile = memref.subview %buf[%i] [%n] [1]
        : memref<5xf32> to memref<?xf32, strided<[1], offset: ?>>
    linalg.fill ins(%f : f32) outs(%tile : memref<?xf32, strided<[1], offset: ?>>)
  }
  return
}

// -----

// Ops on tensors are left alone.
// CHECK-LABEL: func.func @tensor
// CHECK:         linalg.fill
func.func @tensor(%t: tensor<5xf32>, %f: f32) -> tensor<5xf32> {
  %r = linalg.fill ins(%f : f32) outs(%t : tensor<5xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

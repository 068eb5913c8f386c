// gather-to-affine stops at loops on memrefs: the per-element form becomes
// an affine.for nest, the slices form an scf.forall that copies subviews.
// RUN: gather-opt %s --gather-to-affine | FileCheck %s
// RUN: gather-opt %s --gather-to-affine=strategy=generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @test_gather_2d_indices
// CHECK-SAME:    (%[[D:.*]]: memref<3x3xf32>, %[[I:.*]]: memref<1x2xi64>) -> memref<3x1x2xf32>
// CHECK:         %[[OUT:.*]] = memref.alloc() {{.*}} : memref<3x1x2xf32>
// CHECK:         affine.for %[[P:.*]] = 0 to 3 {
// CHECK-NEXT:      affine.for %[[J0:.*]] = 0 to 1 {
// CHECK-NEXT:        affine.for %[[J1:.*]] = 0 to 2 {
// CHECK-NEXT:          %[[RAW:.*]] = affine.load %[[I]][%[[J0]], %[[J1]]] : memref<1x2xi64>
// CHECK:               %[[POS:.*]] = arith.select
// CHECK:               arith.cmpi uge, %[[POS]]
// CHECK:               %[[V:.*]] = memref.load %[[D]][%[[P]], %[[POS]]] : memref<3x3xf32>
// CHECK:               affine.store %[[V]], %[[OUT]][%[[P]], %[[J0]], %[[J1]]] : memref<3x1x2xf32>
// CHECK-NOT:     tensor.
// CHECK-NOT:     gather.gather
func.func @test_gather_2d_indices(%data: tensor<3x3xf32>, %indices: tensor<1x2xi64>) -> tensor<3x1x2xf32> {
  %r = gather.gather %data[%indices] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>
  return %r : tensor<3x1x2xf32>
}

// CHECK-LABEL: func.func @rows
// CHECK-SAME:    (%[[D:.*]]: memref<?x8xf32>, %[[I:.*]]: memref<?xi32>) -> memref<?x8xf32>
// CHECK:         %[[N:.*]] = memref.dim %[[I]]
// CHECK:         %[[OUT:.*]] = memref.alloc(%[[N]])
// CHECK:         scf.forall (%[[J:.*]]) in (%[[N]]) {
// CHECK:           memref.load %[[I]][%[[J]]] : memref<?xi32>
// CHECK:           %[[SRC:.*]] = memref.subview %[[D]][%{{.*}}, 0] [1, 8] [1, 1]
// CHECK:           %[[DST:.*]] = memref.subview %[[OUT]][%[[J]], 0] [1, 8] [1, 1]
// CHECK:           memref.copy %[[SRC]], %[[DST]]

// The per-element form, after affine loop-invariant code motion, loads the
// index outside the loop over the row.
// GENERIC-LABEL: func.func @rows
// GENERIC-NOT:     scf.forall
// GENERIC:         affine.for %[[J:.*]] = 0 to %{{.*}} {
// GENERIC-NEXT:      affine.load %{{.*}}[%[[J]]] : memref<?xi32>
// GENERIC:           affine.for %[[T:.*]] = 0 to 8 {
// GENERIC:             memref.load %{{.*}}[%{{.*}}, %[[T]]] : memref<?x8xf32>
func.func @rows(%data: tensor<?x8xf32>, %indices: tensor<?xi32>) -> tensor<?x8xf32> {
  %r = gather.gather %data[%indices] : tensor<?x8xf32>, tensor<?xi32>
  return %r : tensor<?x8xf32>
}

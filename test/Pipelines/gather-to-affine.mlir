// gather-to-affine stops at loops on memrefs: the per-element forms become
// loop nests, the slices form an scf.forall of block copies.
// RUN: gather-opt %s --gather-to-affine=target-cpu=znver5 | FileCheck %s
// RUN: gather-opt %s --gather-to-affine="strategy=generic target-cpu=znver5" | FileCheck %s --check-prefix=GENERIC

// Each of the 2 indices is used for all 3 rows: its position is computed and
// checked once in a first loop nest, then the per-element nest only loads.
// CHECK-LABEL: func.func @test_gather_2d_indices
// CHECK-SAME:    (%[[D:.*]]: memref<3x3xf32>, %[[I:.*]]: memref<1x2xi64>) -> memref<3x1x2xf32>
// CHECK-DAG:     %[[OUT:.*]] = memref.alloc() {{.*}} : memref<3x1x2xf32>
// CHECK-DAG:     %[[POS:.*]] = memref.alloc() {{.*}} : memref<1x2xindex>
// CHECK:         affine.for %[[A:.*]] = 0 to 1 {
// CHECK-NEXT:      affine.for %[[B:.*]] = 0 to 2 {
// CHECK-NEXT:        %[[RAW:.*]] = affine.load %[[I]][%[[A]], %[[B]]] : memref<1x2xi64>
// CHECK:             %[[W:.*]] = arith.select
// CHECK:             arith.cmpi uge, %[[W]]
// CHECK:             llvm.call @__gather_mlir_index_out_of_bounds
// CHECK:             affine.store %[[W]], %[[POS]][%[[A]], %[[B]]] : memref<1x2xindex>
// The loop nest that reads them is the inner-axis form, which
// gather-lower-element-loops turns into scf.for loops (a table this small
// gets no prefetch, a loop this short no unrolling).
// CHECK:         scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:      scf.for %[[J1:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:        %[[K:.*]] = memref.load %[[POS]][%{{.*}}, %[[J1]]] : memref<1x2xindex>
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[D]][%[[P]], %[[K]]] : memref<3x3xf32>
// CHECK-NEXT:        memref.store %[[V]], %[[OUT]][%[[P]], %{{.*}}, %[[J1]]] : memref<3x1x2xf32>
// CHECK:         memref.dealloc %[[POS]]
// CHECK-NOT:     tensor.
// CHECK-NOT:     gather.gather

// The obvious lowering checks each index once per element.
// GENERIC-LABEL: func.func @test_gather_2d_indices
// GENERIC:         affine.for %{{.*}} = 0 to 3 {
// GENERIC:           affine.for
// GENERIC:             affine.for
// GENERIC:               affine.load
// GENERIC:               arith.cmpi uge
// GENERIC:               memref.load
func.func @test_gather_2d_indices(%data: tensor<3x3xf32>, %indices: tensor<1x2xi64>) -> tensor<3x1x2xf32> {
  %r = gather.gather %data[%indices] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>
  return %r : tensor<3x1x2xf32>
}

// The slices form: an scf.forall that loads and checks one index, prefetches
// the row of iteration j + 8 and copies the 40-element row as two 16-lane
// vectors (non-temporal when the gather is large and the row aligned) and a
// scalar tail of 8.
// CHECK-LABEL: func.func @rows
// CHECK-SAME:    (%[[D:.*]]: memref<?x40xf32>, %[[I:.*]]: memref<?xi32>) -> memref<?x40xf32>
// CHECK:         %[[N:.*]] = memref.dim %[[I]]
// CHECK:         %[[OUT:.*]] = memref.alloc(%[[N]])
// CHECK:         %[[SRC:.*]] = memref.collapse_shape %[[D]] {{\[\[}}0, 1]] : memref<?x40xf32> into memref<?xf32>
// CHECK:         %[[DST:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : memref<?x40xf32> into memref<?xf32>
// CHECK:         scf.forall (%[[J:.*]]) in (%[[N]]) {
// CHECK:           memref.load %[[I]][%[[J]]] : memref<?xi32>
// CHECK:           llvm.call @__gather_mlir_index_out_of_bounds
// CHECK:           %[[AHEAD:.*]] = arith.minsi
// CHECK:           memref.load %[[I]][%[[AHEAD]]] : memref<?xi32>
// CHECK:           memref.prefetch %[[SRC]][%{{.*}}], read, locality<3>, data
// CHECK:           scf.if %{{.*}} {
// CHECK:             scf.for
// CHECK:               vector.load %[[SRC]][%{{.*}}] : memref<?xf32>, vector<16xf32>
// CHECK:               vector.store %{{.*}}, %[[DST]][%{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<?xf32>, vector<16xf32>
// CHECK:           } else {
// CHECK:             scf.for
// CHECK:               vector.load %[[SRC]][%{{.*}}] : memref<?xf32>, vector<16xf32>
// CHECK:               vector.store %{{.*}}, %[[DST]][%{{.*}}] : memref<?xf32>, vector<16xf32>
// CHECK:           }
// CHECK:           scf.for %{{.*}} = %c32 to %c40 step %c1 {
// CHECK:             memref.load %[[SRC]]
// CHECK:             memref.store %{{.*}}, %[[DST]]
// CHECK-NOT:       memref.copy

// The per-element form, after affine loop-invariant code motion, loads the
// index outside the loop over the row.
// GENERIC-LABEL: func.func @rows
// GENERIC-NOT:     scf.forall
// GENERIC:         affine.for %[[J:.*]] = 0 to %{{.*}} {
// GENERIC-NEXT:      affine.load %{{.*}}[%[[J]]] : memref<?xi32>
// GENERIC:           affine.for %[[T:.*]] = 0 to 40 {
// GENERIC:             memref.load %{{.*}}[%{{.*}}, %[[T]]] : memref<?x40xf32>
func.func @rows(%data: tensor<?x40xf32>, %indices: tensor<?xi32>) -> tensor<?x40xf32> {
  %r = gather.gather %data[%indices] : tensor<?x40xf32>, tensor<?xi32>
  return %r : tensor<?x40xf32>
}

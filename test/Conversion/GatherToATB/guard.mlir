// Gathers whose ATB rules depend on dynamic sizes get a run-time guard: an
// scf.if on the actual sizes that calls ATB when the rules hold and keeps a
// gather.gather (for the CPU path) when they do not. The guard checks that
// no dimension is 0, that each tensor has at most 256 GiB (the product of
// its sizes at most 2^38 / element bytes, tested without overflow as
// p <= limit / size before each multiplication) and, with 32-bit indices,
// that the gathered dimension has at most 2^31 - 1 elements.
// RUN: gather-opt %s --convert-gather-to-atb=bounds-check=none -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @dynamic_rows(
// CHECK-SAME:      %[[D:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<?xi64>)
// CHECK:         %[[ROWS:.*]] = tensor.dim %[[D]], %{{.*}} : tensor<?x4xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?xi64>
// CHECK:         %[[NONEMPTY_D:.*]] = arith.cmpi ne, %[[ROWS]], %[[C0:c0[_0-9]*]] : index
// CHECK:         %[[NONEMPTY_I:.*]] = arith.cmpi ne, %[[N]], %[[C0]] : index
// CHECK:         %[[G1:.*]] = arith.andi %[[NONEMPTY_D]], %[[NONEMPTY_I]] : i1
//   data: 4 * rows f32 elements, at most 2^36.
// CHECK:         %[[ROWS1:.*]] = arith.maxui %[[ROWS]], %[[C1:c1[_0-9]*]] : index
// CHECK:         %[[BOUND_D:.*]] = arith.divui %[[F32LIMIT:c68719476736[_0-9]*]], %[[ROWS1]] : index
// CHECK:         %[[FITS_D:.*]] = arith.cmpi ule, %[[C4:c4[_0-9]*]], %[[BOUND_D]] : index
// CHECK:         %[[G2:.*]] = arith.andi %[[G1]], %[[FITS_D]] : i1
//   indices: n i64 elements, at most 2^35.
// CHECK:         %[[N1:.*]] = arith.maxui %[[N]], %[[C1]] : index
// CHECK:         %[[BOUND_I:.*]] = arith.divui %c34359738368{{[_0-9]*}}, %[[N1]] : index
// CHECK:         %[[FITS_I:.*]] = arith.cmpi ule, %[[C1]], %[[BOUND_I]] : index
// CHECK:         %[[G3:.*]] = arith.andi %[[G2]], %[[FITS_I]] : i1
//   result: n * 4 f32 elements.
// CHECK:         %[[N2:.*]] = arith.maxui %[[N]], %[[C1]] : index
// CHECK:         %[[BOUND_R:.*]] = arith.divui %[[F32LIMIT]], %[[N2]] : index
// CHECK:         %[[FITS_R:.*]] = arith.cmpi ule, %[[C4]], %[[BOUND_R]] : index
// CHECK:         %[[GUARD:.*]] = arith.andi %[[G3]], %[[FITS_R]] : i1
// CHECK-NOT:     2147483647
// CHECK:         %[[R:.*]] = scf.if %[[GUARD]] -> (tensor<?x4xf32>) {
// CHECK:           %[[ATB:.*]] = atb.gather %[[D]][%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<?x4xf32>, tensor<?xi64> into tensor<?x4xf32>
// CHECK:           scf.yield %[[ATB]] : tensor<?x4xf32>
// CHECK:         } else {
// CHECK:           %[[CPU:.*]] = gather.gather %[[D]][%[[I]]] : tensor<?x4xf32>, tensor<?xi64>
// CHECK:           scf.yield %[[CPU]] : tensor<?x4xf32>
// CHECK:         }
// CHECK:         return %[[R]] : tensor<?x4xf32>
func.func @dynamic_rows(%d: tensor<?x4xf32>, %i: tensor<?xi64>) -> tensor<?x4xf32> {
  %r = gather.gather %d[%i] : tensor<?x4xf32>, tensor<?xi64>
  return %r : tensor<?x4xf32>
}

// Two dynamic sizes in one tensor: the running product is multiplied
// after the first check.
// CHECK-LABEL: func.func @two_dynamic_sizes(
// CHECK-SAME:      %[[D:.*]]: tensor<?x?xf16>
// CHECK:         %[[D0:.*]] = tensor.dim %[[D]], %{{.*}} : tensor<?x?xf16>
// CHECK:         %[[D1:.*]] = tensor.dim %[[D]], %{{.*}} : tensor<?x?xf16>
// CHECK:         %[[M0:.*]] = arith.maxui %[[D0]], %[[C1:c1[_0-9]*]] : index
// CHECK:         %[[B0:.*]] = arith.divui %[[F16LIMIT:c137438953472[_0-9]*]], %[[M0]] : index
// CHECK:         arith.cmpi ule, %[[C1]], %[[B0]] : index
// CHECK:         %[[P:.*]] = arith.muli %[[C1]], %[[D0]] : index
// CHECK:         %[[M1:.*]] = arith.maxui %[[D1]], %[[C1]] : index
// CHECK:         %[[B1:.*]] = arith.divui %[[F16LIMIT]], %[[M1]] : index
// CHECK:         arith.cmpi ule, %[[P]], %[[B1]] : index
//   i64 indices: no 32-bit check.
// CHECK-NOT:     2147483647
// CHECK:         scf.if
// CHECK:           atb.gather
// CHECK:         } else {
// CHECK:           gather.gather
func.func @two_dynamic_sizes(%d: tensor<?x?xf16>, %i: tensor<3xi64>) -> tensor<?x3xf16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf16>, tensor<3xi64>
  return %r : tensor<?x3xf16>
}

// 32-bit indices into a dynamic gathered dimension.
// CHECK-LABEL: func.func @i32_dynamic_axis(
// CHECK-SAME:      %[[D:.*]]: tensor<3x?xf16>, %[[I:.*]]: tensor<2xi32>)
// CHECK:         %[[S:.*]] = tensor.dim %[[D]], %{{.*}} : tensor<3x?xf16>
// CHECK:         %[[FITS32:.*]] = arith.cmpi ule, %[[S]], %c2147483647{{[_0-9]*}} : index
// CHECK:         %[[GUARD:.*]] = arith.andi %{{.*}}, %[[FITS32]] : i1
// CHECK:         scf.if %[[GUARD]] -> (tensor<3x2xf16>) {
// CHECK:           atb.gather %[[D]]
// CHECK:         } else {
// CHECK:           gather.gather %[[D]][%[[I]]] axis = 1
func.func @i32_dynamic_axis(%d: tensor<3x?xf16>, %i: tensor<2xi32>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<3x?xf16>, tensor<2xi32>
  return %r : tensor<3x2xf16>
}

// ui32 indices too.
// CHECK-LABEL: func.func @ui32_dynamic_axis(
// CHECK:         arith.constant 2147483647 : index
// CHECK:         scf.if
func.func @ui32_dynamic_axis(%d: tensor<?xi32>, %i: tensor<2xui32>) -> tensor<2xi32> {
  %r = gather.gather %d[%i] : tensor<?xi32>, tensor<2xui32>
  return %r : tensor<2xi32>
}

// A batch dimension dynamic in data but static in indices: the result takes
// the static size.
// CHECK-LABEL: func.func @batch_dims_dynamic(
// CHECK-SAME:      %[[D:.*]]: tensor<?x5xf32>, %[[I:.*]]: tensor<3x2xi64>)
// CHECK:         scf.if %{{.*}} -> (tensor<3x2xf32>) {
// CHECK:           atb.gather %[[D]][%{{.*}}] axis = 1 batch_dims = 1 into %{{.*}} : tensor<?x5xf32>, tensor<3x2xi64> into tensor<3x2xf32>
// CHECK:         } else {
// CHECK:           gather.gather %[[D]][%[[I]]] axis = 1 batch_dims = 1
func.func @batch_dims_dynamic(%d: tensor<?x5xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<?x5xf32>, tensor<3x2xi64>
  return %r : tensor<3x2xf32>
}

// Static shapes need no guard.
// CHECK-LABEL: func.func @static(
// CHECK-NOT:     tensor.dim
// CHECK-NOT:     scf.if
// CHECK:         atb.gather
// CHECK-NOT:     gather.gather
// CHECK:         return
func.func @static(%d: tensor<4x3xf32>, %i: tensor<2xui32>) -> tensor<2x3xf32> {
  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<2xui32>
  return %r : tensor<2x3xf32>
}

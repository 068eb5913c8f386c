// One-shot bufferization of atb.gather: the tensor form becomes the memref
// form writing into the buffer of init; init is written, never read.
// RUN: gather-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @into_empty(
// CHECK-SAME:      %[[X:.*]]: memref<3x3xf32>, %[[I:.*]]: memref<2xi64>) -> memref<3x2xf32>
// CHECK:         %[[OUT:.*]] = memref.alloc() {{.*}}: memref<3x2xf32>
// CHECK-NEXT:    atb.gather %[[X]][%[[I]]] axis = 1 batch_dims = 0 into %[[OUT]] : memref<3x3xf32>, memref<2xi64> into memref<3x2xf32>
// CHECK-NEXT:    return %[[OUT]] : memref<3x2xf32>
func.func @into_empty(%x: tensor<3x3xf32>, %i: tensor<2xi64>) -> tensor<3x2xf32> {
  %e = tensor.empty() : tensor<3x2xf32>
  %r = atb.gather %x[%i] axis = 1 batch_dims = 0 into %e : tensor<3x3xf32>, tensor<2xi64> into tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// The old value of %init is still returned, so the gather writes a new
// buffer; since atb.gather does not read init, nothing is copied into it.
// CHECK-LABEL: func.func @init_still_used(
// CHECK-SAME:      %[[X:.*]]: memref<4x2xf16>, %[[I:.*]]: memref<3xui32>, %[[INIT:.*]]: memref<3x2xf16>)
// CHECK-NOT:     memref.copy
// CHECK:         %[[OUT:.*]] = memref.alloc() {{.*}}: memref<3x2xf16>
// CHECK-NOT:     memref.copy
// CHECK:         atb.gather %[[X]][%[[I]]] axis = 0 batch_dims = 0 into %[[OUT]]
// CHECK-NOT:     memref.copy
// CHECK:         return %[[OUT]], %[[INIT]]
func.func @init_still_used(%x: tensor<4x2xf16>, %i: tensor<3xui32>, %init: tensor<3x2xf16>) -> (tensor<3x2xf16>, tensor<3x2xf16>) {
  %r = atb.gather %x[%i] axis = 0 batch_dims = 0 into %init : tensor<4x2xf16>, tensor<3xui32> into tensor<3x2xf16>
  return %r, %init : tensor<3x2xf16>, tensor<3x2xf16>
}

// -----

// The gather writes in place into a writable init that is not used again.
// It reads x, so the write into x that comes before it goes to a copy.
// CHECK-LABEL: func.func @in_place(
// CHECK-SAME:      %[[X:.*]]: memref<?x4xbf16>, %[[I:.*]]: memref<?x1xi32>, %[[INIT:.*]]: memref<?x1xbf16>
// CHECK:         %[[X2:.*]] = memref.alloc
// CHECK:         memref.copy %[[X]], %[[X2]]
// CHECK:         memref.store {{.*}}, %[[X2]]
// CHECK:         atb.gather %[[X]][%[[I]]] axis = 1 batch_dims = 1 into %[[INIT]] : memref<?x4xbf16>, memref<?x1xi32> into memref<?x1xbf16>
// CHECK:         return %[[INIT]], %[[X2]]
func.func @in_place(%x: tensor<?x4xbf16>, %i: tensor<?x1xi32>, %init: tensor<?x1xbf16>, %v: bf16) -> (tensor<?x1xbf16>, tensor<?x4xbf16>) {
  %c0 = arith.constant 0 : index
  %x2 = tensor.insert %v into %x[%c0, %c0] : tensor<?x4xbf16>
  %r = atb.gather %x[%i] axis = 1 batch_dims = 1 into %init : tensor<?x4xbf16>, tensor<?x1xi32> into tensor<?x1xbf16>
  return %r, %x2 : tensor<?x1xbf16>, tensor<?x4xbf16>
}

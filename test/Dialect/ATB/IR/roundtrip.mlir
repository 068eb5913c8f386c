// The custom and generic forms of atb.gather parse, print and parse again.
// RUN: gather-opt %s | FileCheck %s
// RUN: gather-opt %s | gather-opt | FileCheck %s
// RUN: gather-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: gather-opt %s -mlir-print-op-generic | gather-opt | FileCheck %s

// CHECK-LABEL: func.func @tensor_form(
// CHECK:         %[[R:.*]] = atb.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 0 into %{{.*}} : tensor<3x3xf32>, tensor<2xi64> into tensor<3x2xf32>
// CHECK-NEXT:    return %[[R]] : tensor<3x2xf32>
// GENERIC-LABEL: sym_name = "tensor_form"
// GENERIC:         "atb.gather"(%{{.*}}, %{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<2xi64>, tensor<3x2xf32>) -> tensor<3x2xf32>
func.func @tensor_form(%x: tensor<3x3xf32>, %i: tensor<2xi64>, %init: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %r = atb.gather %x[%i] axis = 1 batch_dims = 0 into %init : tensor<3x3xf32>, tensor<2xi64> into tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// The memref form has no result.
// CHECK-LABEL: func.func @memref_form(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 into %{{.*}} : memref<3x3xf16>, memref<3x1xi32> into memref<3x1xf16>
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "memref_form"
// GENERIC:         "atb.gather"(%{{.*}}, %{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 1 : i64}> : (memref<3x3xf16>, memref<3x1xi32>, memref<3x1xf16>) -> ()
func.func @memref_form(%x: memref<3x3xf16>, %i: memref<3x1xi32>, %out: memref<3x1xf16>) {
  atb.gather %x[%i] axis = 1 batch_dims = 1 into %out : memref<3x3xf16>, memref<3x1xi32> into memref<3x1xf16>
  return
}

// Every ATB element type, dynamic sizes, rank 8, strided memrefs.
// CHECK-LABEL: func.func @types_and_shapes(
// CHECK:         atb.gather {{.*}} : tensor<?x4xbf16>, tensor<?x2x3xui32> into tensor<?x2x3xbf16>
// CHECK:         atb.gather {{.*}} : tensor<5xsi32>, tensor<1xsi64> into tensor<1xsi32>
// CHECK:         atb.gather {{.*}} : tensor<5xui32>, tensor<7xi32> into tensor<7xui32>
// CHECK:         atb.gather {{.*}} axis = 7 batch_dims = 0 {{.*}} : tensor<1x1x1x1x1x1x1x6xi64>, tensor<2xi64> into tensor<1x1x1x1x1x1x1x2xi64>
// CHECK:         atb.gather {{.*}} : tensor<5xsi64>, tensor<3xsi32> into tensor<3xsi64>
// CHECK:         atb.gather {{.*}} : memref<4x3xf32, strided<[6, 1]>>, memref<2xi64, strided<[2]>> into memref<2x3xf32, strided<[?, 1], offset: ?>>
func.func @types_and_shapes(%x0: tensor<?x4xbf16>, %i0: tensor<?x2x3xui32>, %o0: tensor<?x2x3xbf16>,
                            %x1: tensor<5xsi32>, %i1: tensor<1xsi64>, %o1: tensor<1xsi32>,
                            %x2: tensor<5xui32>, %i2: tensor<7xi32>, %o2: tensor<7xui32>,
                            %x3: tensor<1x1x1x1x1x1x1x6xi64>, %i3: tensor<2xi64>, %o3: tensor<1x1x1x1x1x1x1x2xi64>,
                            %x4: tensor<5xsi64>, %i4: tensor<3xsi32>, %o4: tensor<3xsi64>,
                            %x5: memref<4x3xf32, strided<[6, 1]>>, %i5: memref<2xi64, strided<[2]>>, %o5: memref<2x3xf32, strided<[?, 1], offset: ?>>) {
  %r0 = atb.gather %x0[%i0] axis = 1 batch_dims = 1 into %o0 : tensor<?x4xbf16>, tensor<?x2x3xui32> into tensor<?x2x3xbf16>
  %r1 = atb.gather %x1[%i1] axis = 0 batch_dims = 0 into %o1 : tensor<5xsi32>, tensor<1xsi64> into tensor<1xsi32>
  %r2 = atb.gather %x2[%i2] axis = 0 batch_dims = 0 into %o2 : tensor<5xui32>, tensor<7xi32> into tensor<7xui32>
  %r3 = atb.gather %x3[%i3] axis = 7 batch_dims = 0 into %o3 : tensor<1x1x1x1x1x1x1x6xi64>, tensor<2xi64> into tensor<1x1x1x1x1x1x1x2xi64>
  %r4 = atb.gather %x4[%i4] axis = 0 batch_dims = 0 into %o4 : tensor<5xsi64>, tensor<3xsi32> into tensor<3xsi64>
  atb.gather %x5[%i5] axis = 0 batch_dims = 0 into %o5 : memref<4x3xf32, strided<[6, 1]>>, memref<2xi64, strided<[2]>> into memref<2x3xf32, strided<[?, 1], offset: ?>>
  return
}

// CHECK-LABEL: func.func @device_memory(
// CHECK:         %[[D:.*]] = atb.alloc_device(%{{.*}}) : memref<?x8xf32, 1>
// CHECK-NEXT:    atb.copy %{{.*}}, %[[D]] : memref<?x8xf32> to memref<?x8xf32, 1>
// CHECK-NEXT:    atb.copy %[[D]], %{{.*}} : memref<?x8xf32, 1> to memref<?x8xf32>
// CHECK-NEXT:    atb.synchronize
// CHECK-NEXT:    atb.dealloc_device %[[D]] : memref<?x8xf32, 1>
func.func @device_memory(%h: memref<?x8xf32>, %n: index) {
  %d = atb.alloc_device(%n) : memref<?x8xf32, 1>
  atb.copy %h, %d : memref<?x8xf32> to memref<?x8xf32, 1>
  atb.copy %d, %h : memref<?x8xf32, 1> to memref<?x8xf32>
  atb.synchronize
  atb.dealloc_device %d : memref<?x8xf32, 1>
  return
}

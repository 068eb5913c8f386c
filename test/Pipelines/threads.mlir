// The pipelines lower a module's functions in parallel (convert-gather-to-linalg,
// the per-function passes, gather-convert-to-llvm): the result does not depend
// on the threads. Eight functions of ten mixed gathers each, as
// `gather-bench --compile-scaling --write-modules` generates them (ranks 1..4,
// dynamic dims, several element and index types).
// RUN: gather-opt %s --gather-to-llvm > %t.threads
// RUN: gather-opt %s --gather-to-llvm --mlir-disable-threading > %t.one
// RUN: diff %t.threads %t.one
// RUN: FileCheck %s < %t.threads
// RUN: gather-opt %s --gather-to-llvm="bounds-check=none" > %t.none.threads
// RUN: gather-opt %s --gather-to-llvm="bounds-check=none" --mlir-disable-threading | diff %t.none.threads -

// CHECK-COUNT-8: llvm.func @f{{[0-7]}}(
// CHECK-NOT: builtin.unrealized_conversion_cast
// CHECK-NOT: func.func
module {
  func.func @f0(%d0: tensor<2x3xi32>, %i0: tensor<si32>, %d1: tensor<8x?x3xi8>, %i1: tensor<i32>, %d2: tensor<1x4xi8>, %i2: tensor<1xsi32>, %d3: tensor<8x4x?xbf16>, %i3: tensor<1xi64>, %d4: tensor<7x?xbf16>, %i4: tensor<si32>, %d5: tensor<?x5x5x6xbf16>, %i5: tensor<i32>, %d6: tensor<5xf16>, %i6: tensor<si32>, %d7: tensor<?xf16>, %i7: tensor<5xi64>, %d8: tensor<8x2xf16>, %i8: tensor<2xsi32>, %d9: tensor<7xi8>, %i9: tensor<4x5x5xsi32>) -> (tensor<3xi32>, tensor<8x3xi8>, tensor<1x1xi8>, tensor<8x1x?xbf16>, tensor<?xbf16>, tensor<?x5x6xbf16>, tensor<f16>, tensor<5xf16>, tensor<2x2xf16>, tensor<4x5x5xi8>) {
    %r0 = "gather.gather"(%d0, %i0) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<2x3xi32>, tensor<si32>) -> tensor<3xi32>
    %r1 = "gather.gather"(%d1, %i1) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<8x?x3xi8>, tensor<i32>) -> tensor<8x3xi8>
    %r2 = "gather.gather"(%d2, %i2) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<1x4xi8>, tensor<1xsi32>) -> tensor<1x1xi8>
    %r3 = "gather.gather"(%d3, %i3) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<8x4x?xbf16>, tensor<1xi64>) -> tensor<8x1x?xbf16>
    %r4 = "gather.gather"(%d4, %i4) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<7x?xbf16>, tensor<si32>) -> tensor<?xbf16>
    %r5 = "gather.gather"(%d5, %i5) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<?x5x5x6xbf16>, tensor<i32>) -> tensor<?x5x6xbf16>
    %r6 = "gather.gather"(%d6, %i6) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<5xf16>, tensor<si32>) -> tensor<f16>
    %r7 = "gather.gather"(%d7, %i7) <{axis = 0 : i64, batch_dims = -1 : i64}> : (tensor<?xf16>, tensor<5xi64>) -> tensor<5xf16>
    %r8 = "gather.gather"(%d8, %i8) <{axis = 0 : i64, batch_dims = -1 : i64}> : (tensor<8x2xf16>, tensor<2xsi32>) -> tensor<2x2xf16>
    %r9 = "gather.gather"(%d9, %i9) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<7xi8>, tensor<4x5x5xsi32>) -> tensor<4x5x5xi8>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : tensor<3xi32>, tensor<8x3xi8>, tensor<1x1xi8>, tensor<8x1x?xbf16>, tensor<?xbf16>, tensor<?x5x6xbf16>, tensor<f16>, tensor<5xf16>, tensor<2x2xf16>, tensor<4x5x5xi8>
  }
  func.func @f1(%d0: tensor<1x6x3xi8>, %i0: tensor<i32>, %d1: tensor<?x3x6x7xi32>, %i1: tensor<4x2xi32>, %d2: tensor<6x5xi32>, %i2: tensor<i32>, %d3: tensor<7x?xi8>, %i3: tensor<1x3x6xi32>, %d4: tensor<3x8x?x3xi8>, %i4: tensor<i32>, %d5: tensor<2x4x3x7xf16>, %i5: tensor<2xi64>, %d6: tensor<2x2x7x8xf64>, %i6: tensor<i64>, %d7: tensor<8x6xi32>, %i7: tensor<5x2xindex>, %d8: tensor<?x8x6xf32>, %i8: tensor<ui32>, %d9: tensor<1xi32>, %i9: tensor<index>) -> (tensor<1x6xi8>, tensor<?x3x4x2x7xi32>, tensor<6xi32>, tensor<1x3x6x?xi8>, tensor<3x?x3xi8>, tensor<2x4x3xf16>, tensor<2x7x8xf64>, tensor<8x5x2xi32>, tensor<8x6xf32>, tensor<i32>) {
    %r0 = "gather.gather"(%d0, %i0) <{axis = 2 : i64, batch_dims = 0 : i64}> : (tensor<1x6x3xi8>, tensor<i32>) -> tensor<1x6xi8>
    %r1 = "gather.gather"(%d1, %i1) <{axis = 2 : i64, batch_dims = 0 : i64}> : (tensor<?x3x6x7xi32>, tensor<4x2xi32>) -> tensor<?x3x4x2x7xi32>
    %r2 = "gather.gather"(%d2, %i2) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<6x5xi32>, tensor<i32>) -> tensor<6xi32>
    %r3 = "gather.gather"(%d3, %i3) <{axis = 0 : i64, batch_dims = -3 : i64}> : (tensor<7x?xi8>, tensor<1x3x6xi32>) -> tensor<1x3x6x?xi8>
    %r4 = "gather.gather"(%d4, %i4) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x8x?x3xi8>, tensor<i32>) -> tensor<3x?x3xi8>
    %r5 = "gather.gather"(%d5, %i5) <{axis = -1 : i64, batch_dims = 1 : i64}> : (tensor<2x4x3x7xf16>, tensor<2xi64>) -> tensor<2x4x3xf16>
    %r6 = "gather.gather"(%d6, %i6) <{axis = -3 : i64, batch_dims = 0 : i64}> : (tensor<2x2x7x8xf64>, tensor<i64>) -> tensor<2x7x8xf64>
    %r7 = "gather.gather"(%d7, %i7) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<8x6xi32>, tensor<5x2xindex>) -> tensor<8x5x2xi32>
    %r8 = "gather.gather"(%d8, %i8) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<?x8x6xf32>, tensor<ui32>) -> tensor<8x6xf32>
    %r9 = "gather.gather"(%d9, %i9) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<1xi32>, tensor<index>) -> tensor<i32>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : tensor<1x6xi8>, tensor<?x3x4x2x7xi32>, tensor<6xi32>, tensor<1x3x6x?xi8>, tensor<3x?x3xi8>, tensor<2x4x3xf16>, tensor<2x7x8xf64>, tensor<8x5x2xi32>, tensor<8x6xf32>, tensor<i32>
  }
  func.func @f2(%d0: tensor<3x8x5xf64>, %i0: tensor<4x?xui32>, %d1: tensor<1x4x8xf32>, %i1: tensor<index>, %d2: tensor<5xf32>, %i2: tensor<si32>, %d3: tensor<4xf64>, %i3: tensor<4x6x?xindex>, %d4: tensor<5x?x3xi8>, %i4: tensor<i32>, %d5: tensor<1x2x?xbf16>, %i5: tensor<1x3xui32>, %d6: tensor<8xi32>, %i6: tensor<6x?xindex>, %d7: tensor<7x7x1xbf16>, %i7: tensor<7x2x1xi32>, %d8: tensor<7x4xi8>, %i8: tensor<7xsi32>, %d9: tensor<8x6x4x2xi8>, %i9: tensor<?x3xi32>) -> (tensor<4x?x8x5xf64>, tensor<1x4xf32>, tensor<f32>, tensor<4x6x?xf64>, tensor<5x3xi8>, tensor<1x2x3xbf16>, tensor<6x?xi32>, tensor<7x2x1x1xbf16>, tensor<7xi8>, tensor<8x6x3x2xi8>) {
    %r0 = "gather.gather"(%d0, %i0) <{axis = 0 : i64, batch_dims = -2 : i64}> : (tensor<3x8x5xf64>, tensor<4x?xui32>) -> tensor<4x?x8x5xf64>
    %r1 = "gather.gather"(%d1, %i1) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<1x4x8xf32>, tensor<index>) -> tensor<1x4xf32>
    %r2 = "gather.gather"(%d2, %i2) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<5xf32>, tensor<si32>) -> tensor<f32>
    %r3 = "gather.gather"(%d3, %i3) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<4xf64>, tensor<4x6x?xindex>) -> tensor<4x6x?xf64>
    %r4 = "gather.gather"(%d4, %i4) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<5x?x3xi8>, tensor<i32>) -> tensor<5x3xi8>
    %r5 = "gather.gather"(%d5, %i5) <{axis = 2 : i64, batch_dims = 1 : i64}> : (tensor<1x2x?xbf16>, tensor<1x3xui32>) -> tensor<1x2x3xbf16>
    %r6 = "gather.gather"(%d6, %i6) <{axis = 0 : i64, batch_dims = -2 : i64}> : (tensor<8xi32>, tensor<6x?xindex>) -> tensor<6x?xi32>
    %r7 = "gather.gather"(%d7, %i7) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<7x7x1xbf16>, tensor<7x2x1xi32>) -> tensor<7x2x1x1xbf16>
    %r8 = "gather.gather"(%d8, %i8) <{axis = -1 : i64, batch_dims = 1 : i64}> : (tensor<7x4xi8>, tensor<7xsi32>) -> tensor<7xi8>
    %r9 = "gather.gather"(%d9, %i9) <{axis = -2 : i64, batch_dims = -1 : i64}> : (tensor<8x6x4x2xi8>, tensor<?x3xi32>) -> tensor<8x6x3x2xi8>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : tensor<4x?x8x5xf64>, tensor<1x4xf32>, tensor<f32>, tensor<4x6x?xf64>, tensor<5x3xi8>, tensor<1x2x3xbf16>, tensor<6x?xi32>, tensor<7x2x1x1xbf16>, tensor<7xi8>, tensor<8x6x3x2xi8>
  }
  func.func @f3(%d0: tensor<7x8xi8>, %i0: tensor<?x2xsi32>, %d1: tensor<4x?xf64>, %i1: tensor<?x6x6xi32>, %d2: tensor<7x?x1x?xf32>, %i2: tensor<7x3xindex>, %d3: tensor<2x5x?x3xi8>, %i3: tensor<2x1xi32>, %d4: tensor<?x1xf16>, %i4: tensor<?x4xindex>, %d5: tensor<1x1x?x3xbf16>, %i5: tensor<1x6x2xsi32>, %d6: tensor<7x3xf32>, %i6: tensor<7xindex>, %d7: tensor<6x5x7x5xbf16>, %i7: tensor<6x5x4xindex>, %d8: tensor<?x2x8x3xf32>, %i8: tensor<3x4x4xindex>, %d9: tensor<1x5x5x3xbf16>, %i9: tensor<1x2xui32>) -> (tensor<7x?x2xi8>, tensor<4x?x6x6xf64>, tensor<7x?x3x?xf32>, tensor<2x1x?x3xi8>, tensor<?x?x4xf16>, tensor<1x1x6x2x3xbf16>, tensor<7xf32>, tensor<6x5x4x5xbf16>, tensor<?x4x4x8x3xf32>, tensor<1x2x5x3xbf16>) {
    %r0 = "gather.gather"(%d0, %i0) <{axis = 1 : i64, batch_dims = -2 : i64}> : (tensor<7x8xi8>, tensor<?x2xsi32>) -> tensor<7x?x2xi8>
    %r1 = "gather.gather"(%d1, %i1) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<4x?xf64>, tensor<?x6x6xi32>) -> tensor<4x?x6x6xf64>
    %r2 = "gather.gather"(%d2, %i2) <{axis = 2 : i64, batch_dims = 1 : i64}> : (tensor<7x?x1x?xf32>, tensor<7x3xindex>) -> tensor<7x?x3x?xf32>
    %r3 = "gather.gather"(%d3, %i3) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<2x5x?x3xi8>, tensor<2x1xi32>) -> tensor<2x1x?x3xi8>
    %r4 = "gather.gather"(%d4, %i4) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<?x1xf16>, tensor<?x4xindex>) -> tensor<?x?x4xf16>
    %r5 = "gather.gather"(%d5, %i5) <{axis = 2 : i64, batch_dims = -2 : i64}> : (tensor<1x1x?x3xbf16>, tensor<1x6x2xsi32>) -> tensor<1x1x6x2x3xbf16>
    %r6 = "gather.gather"(%d6, %i6) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<7x3xf32>, tensor<7xindex>) -> tensor<7xf32>
    %r7 = "gather.gather"(%d7, %i7) <{axis = -2 : i64, batch_dims = 2 : i64}> : (tensor<6x5x7x5xbf16>, tensor<6x5x4xindex>) -> tensor<6x5x4x5xbf16>
    %r8 = "gather.gather"(%d8, %i8) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<?x2x8x3xf32>, tensor<3x4x4xindex>) -> tensor<?x4x4x8x3xf32>
    %r9 = "gather.gather"(%d9, %i9) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<1x5x5x3xbf16>, tensor<1x2xui32>) -> tensor<1x2x5x3xbf16>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : tensor<7x?x2xi8>, tensor<4x?x6x6xf64>, tensor<7x?x3x?xf32>, tensor<2x1x?x3xi8>, tensor<?x?x4xf16>, tensor<1x1x6x2x3xbf16>, tensor<7xf32>, tensor<6x5x4x5xbf16>, tensor<?x4x4x8x3xf32>, tensor<1x2x5x3xbf16>
  }
  func.func @f4(%d0: tensor<4xi32>, %i0: tensor<index>, %d1: tensor<4x4x3x1xf16>, %i1: tensor<?x6x?xi32>, %d2: tensor<7x2xi8>, %i2: tensor<2x2x2xi64>, %d3: tensor<7x6xf16>, %i3: tensor<3x3xi32>, %d4: tensor<3xf16>, %i4: tensor<3x2x5xui32>, %d5: tensor<5xi8>, %i5: tensor<si32>, %d6: tensor<4xi8>, %i6: tensor<6x?xi32>, %d7: tensor<8x3x?x7xf16>, %i7: tensor<i64>, %d8: tensor<5x4x?xi8>, %i8: tensor<5x5xi64>, %d9: tensor<6x8xi32>, %i9: tensor<index>) -> (tensor<i32>, tensor<4x4x?x6x?x1xf16>, tensor<2x2x2x2xi8>, tensor<3x3x6xf16>, tensor<3x2x5xf16>, tensor<i8>, tensor<6x?xi8>, tensor<8x3x7xf16>, tensor<5x5x?xi8>, tensor<6xi32>) {
    %r0 = "gather.gather"(%d0, %i0) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<4xi32>, tensor<index>) -> tensor<i32>
    %r1 = "gather.gather"(%d1, %i1) <{axis = 2 : i64, batch_dims = 0 : i64}> : (tensor<4x4x3x1xf16>, tensor<?x6x?xi32>) -> tensor<4x4x?x6x?x1xf16>
    %r2 = "gather.gather"(%d2, %i2) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<7x2xi8>, tensor<2x2x2xi64>) -> tensor<2x2x2x2xi8>
    %r3 = "gather.gather"(%d3, %i3) <{axis = -2 : i64, batch_dims = -2 : i64}> : (tensor<7x6xf16>, tensor<3x3xi32>) -> tensor<3x3x6xf16>
    %r4 = "gather.gather"(%d4, %i4) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<3xf16>, tensor<3x2x5xui32>) -> tensor<3x2x5xf16>
    %r5 = "gather.gather"(%d5, %i5) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<5xi8>, tensor<si32>) -> tensor<i8>
    %r6 = "gather.gather"(%d6, %i6) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<4xi8>, tensor<6x?xi32>) -> tensor<6x?xi8>
    %r7 = "gather.gather"(%d7, %i7) <{axis = -2 : i64, batch_dims = 0 : i64}> : (tensor<8x3x?x7xf16>, tensor<i64>) -> tensor<8x3x7xf16>
    %r8 = "gather.gather"(%d8, %i8) <{axis = -2 : i64, batch_dims = 1 : i64}> : (tensor<5x4x?xi8>, tensor<5x5xi64>) -> tensor<5x5x?xi8>
    %r9 = "gather.gather"(%d9, %i9) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<6x8xi32>, tensor<index>) -> tensor<6xi32>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : tensor<i32>, tensor<4x4x?x6x?x1xf16>, tensor<2x2x2x2xi8>, tensor<3x3x6xf16>, tensor<3x2x5xf16>, tensor<i8>, tensor<6x?xi8>, tensor<8x3x7xf16>, tensor<5x5x?xi8>, tensor<6xi32>
  }
  func.func @f5(%d0: tensor<6x5x?x6xf32>, %i0: tensor<ui32>, %d1: tensor<5x2x?x8xf32>, %i1: tensor<5xindex>, %d2: tensor<4x7x5xf64>, %i2: tensor<4x7xsi32>, %d3: tensor<2x7xf32>, %i3: tensor<2x?xi32>, %d4: tensor<7x?x5xi32>, %i4: tensor<?x2x2xindex>, %d5: tensor<7xf64>, %i5: tensor<6x?xi32>, %d6: tensor<3x1x3xf32>, %i6: tensor<ui32>, %d7: tensor<?x1x?xf64>, %i7: tensor<1x1x?xindex>, %d8: tensor<8x?x8xf64>, %i8: tensor<4x3xindex>, %d9: tensor<1x7xbf16>, %i9: tensor<i32>) -> (tensor<6x5x6xf32>, tensor<5x?x8xf32>, tensor<4x7xf64>, tensor<2x?xf32>, tensor<?x2x2x?x5xi32>, tensor<6x?xf64>, tensor<3x3xf32>, tensor<?x1x?xf64>, tensor<4x3x?x8xf64>, tensor<7xbf16>) {
    %r0 = "gather.gather"(%d0, %i0) <{axis = -2 : i64, batch_dims = 0 : i64}> : (tensor<6x5x?x6xf32>, tensor<ui32>) -> tensor<6x5x6xf32>
    %r1 = "gather.gather"(%d1, %i1) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<5x2x?x8xf32>, tensor<5xindex>) -> tensor<5x?x8xf32>
    %r2 = "gather.gather"(%d2, %i2) <{axis = -1 : i64, batch_dims = 2 : i64}> : (tensor<4x7x5xf64>, tensor<4x7xsi32>) -> tensor<4x7xf64>
    %r3 = "gather.gather"(%d3, %i3) <{axis = 1 : i64, batch_dims = -1 : i64}> : (tensor<2x7xf32>, tensor<2x?xi32>) -> tensor<2x?xf32>
    %r4 = "gather.gather"(%d4, %i4) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<7x?x5xi32>, tensor<?x2x2xindex>) -> tensor<?x2x2x?x5xi32>
    %r5 = "gather.gather"(%d5, %i5) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<7xf64>, tensor<6x?xi32>) -> tensor<6x?xf64>
    %r6 = "gather.gather"(%d6, %i6) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x1x3xf32>, tensor<ui32>) -> tensor<3x3xf32>
    %r7 = "gather.gather"(%d7, %i7) <{axis = 2 : i64, batch_dims = -1 : i64}> : (tensor<?x1x?xf64>, tensor<1x1x?xindex>) -> tensor<?x1x?xf64>
    %r8 = "gather.gather"(%d8, %i8) <{axis = -3 : i64, batch_dims = 0 : i64}> : (tensor<8x?x8xf64>, tensor<4x3xindex>) -> tensor<4x3x?x8xf64>
    %r9 = "gather.gather"(%d9, %i9) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<1x7xbf16>, tensor<i32>) -> tensor<7xbf16>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : tensor<6x5x6xf32>, tensor<5x?x8xf32>, tensor<4x7xf64>, tensor<2x?xf32>, tensor<?x2x2x?x5xi32>, tensor<6x?xf64>, tensor<3x3xf32>, tensor<?x1x?xf64>, tensor<4x3x?x8xf64>, tensor<7xbf16>
  }
  func.func @f6(%d0: tensor<6x3x5xf64>, %i0: tensor<?x4xi64>, %d1: tensor<2x?x7x1xf32>, %i1: tensor<i64>, %d2: tensor<7xf32>, %i2: tensor<1x?x3xindex>, %d3: tensor<7x3x?x1xi8>, %i3: tensor<6xui32>, %d4: tensor<2x1x5xbf16>, %i4: tensor<5x?x4xi64>, %d5: tensor<?x6x7xbf16>, %i5: tensor<i64>, %d6: tensor<5x1x?x4xf64>, %i6: tensor<5xi32>, %d7: tensor<7x6x8x4xf32>, %i7: tensor<ui32>, %d8: tensor<2xi8>, %i8: tensor<6x?x4xui32>, %d9: tensor<6x?x5xf32>, %i9: tensor<?x4xui32>) -> (tensor<?x4x3x5xf64>, tensor<2x?x1xf32>, tensor<1x?x3xf32>, tensor<7x3x6x1xi8>, tensor<2x1x5x?x4xbf16>, tensor<6x7xbf16>, tensor<5x?x4xf64>, tensor<7x8x4xf32>, tensor<6x?x4xi8>, tensor<?x4x?x5xf32>) {
    %r0 = "gather.gather"(%d0, %i0) <{axis = -3 : i64, batch_dims = -2 : i64}> : (tensor<6x3x5xf64>, tensor<?x4xi64>) -> tensor<?x4x3x5xf64>
    %r1 = "gather.gather"(%d1, %i1) <{axis = -2 : i64, batch_dims = 0 : i64}> : (tensor<2x?x7x1xf32>, tensor<i64>) -> tensor<2x?x1xf32>
    %r2 = "gather.gather"(%d2, %i2) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<7xf32>, tensor<1x?x3xindex>) -> tensor<1x?x3xf32>
    %r3 = "gather.gather"(%d3, %i3) <{axis = 2 : i64, batch_dims = 0 : i64}> : (tensor<7x3x?x1xi8>, tensor<6xui32>) -> tensor<7x3x6x1xi8>
    %r4 = "gather.gather"(%d4, %i4) <{axis = 2 : i64, batch_dims = 0 : i64}> : (tensor<2x1x5xbf16>, tensor<5x?x4xi64>) -> tensor<2x1x5x?x4xbf16>
    %r5 = "gather.gather"(%d5, %i5) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<?x6x7xbf16>, tensor<i64>) -> tensor<6x7xbf16>
    %r6 = "gather.gather"(%d6, %i6) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<5x1x?x4xf64>, tensor<5xi32>) -> tensor<5x?x4xf64>
    %r7 = "gather.gather"(%d7, %i7) <{axis = -3 : i64, batch_dims = 0 : i64}> : (tensor<7x6x8x4xf32>, tensor<ui32>) -> tensor<7x8x4xf32>
    %r8 = "gather.gather"(%d8, %i8) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<2xi8>, tensor<6x?x4xui32>) -> tensor<6x?x4xi8>
    %r9 = "gather.gather"(%d9, %i9) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<6x?x5xf32>, tensor<?x4xui32>) -> tensor<?x4x?x5xf32>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : tensor<?x4x3x5xf64>, tensor<2x?x1xf32>, tensor<1x?x3xf32>, tensor<7x3x6x1xi8>, tensor<2x1x5x?x4xbf16>, tensor<6x7xbf16>, tensor<5x?x4xf64>, tensor<7x8x4xf32>, tensor<6x?x4xi8>, tensor<?x4x?x5xf32>
  }
  func.func @f7(%d0: tensor<4x7x1x6xbf16>, %i0: tensor<i64>, %d1: tensor<2xf32>, %i1: tensor<1x2xi64>, %d2: tensor<8x2x1xi8>, %i2: tensor<8xindex>, %d3: tensor<?x2x6x5xi8>, %i3: tensor<index>, %d4: tensor<?x1x6x8xf64>, %i4: tensor<5x3xsi32>, %d5: tensor<6xf16>, %i5: tensor<5x4xi32>, %d6: tensor<8x5xi8>, %i6: tensor<8x4x3xi32>, %d7: tensor<5x?x4xbf16>, %i7: tensor<3x5xi64>, %d8: tensor<2x1x5x5xbf16>, %i8: tensor<2x1x3xsi32>, %d9: tensor<?x1xf64>, %i9: tensor<2x3x4xi32>) -> (tensor<7x1x6xbf16>, tensor<1x2xf32>, tensor<8x1xi8>, tensor<?x2x5xi8>, tensor<5x3x1x6x8xf64>, tensor<5x4xf16>, tensor<8x4x3xi8>, tensor<3x5x?x4xbf16>, tensor<2x1x3x5xbf16>, tensor<2x3x4x1xf64>) {
    %r0 = "gather.gather"(%d0, %i0) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<4x7x1x6xbf16>, tensor<i64>) -> tensor<7x1x6xbf16>
    %r1 = "gather.gather"(%d1, %i1) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<2xf32>, tensor<1x2xi64>) -> tensor<1x2xf32>
    %r2 = "gather.gather"(%d2, %i2) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<8x2x1xi8>, tensor<8xindex>) -> tensor<8x1xi8>
    %r3 = "gather.gather"(%d3, %i3) <{axis = 2 : i64, batch_dims = 0 : i64}> : (tensor<?x2x6x5xi8>, tensor<index>) -> tensor<?x2x5xi8>
    %r4 = "gather.gather"(%d4, %i4) <{axis = 0 : i64, batch_dims = -2 : i64}> : (tensor<?x1x6x8xf64>, tensor<5x3xsi32>) -> tensor<5x3x1x6x8xf64>
    %r5 = "gather.gather"(%d5, %i5) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<6xf16>, tensor<5x4xi32>) -> tensor<5x4xf16>
    %r6 = "gather.gather"(%d6, %i6) <{axis = 1 : i64, batch_dims = -2 : i64}> : (tensor<8x5xi8>, tensor<8x4x3xi32>) -> tensor<8x4x3xi8>
    %r7 = "gather.gather"(%d7, %i7) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<5x?x4xbf16>, tensor<3x5xi64>) -> tensor<3x5x?x4xbf16>
    %r8 = "gather.gather"(%d8, %i8) <{axis = 2 : i64, batch_dims = 2 : i64}> : (tensor<2x1x5x5xbf16>, tensor<2x1x3xsi32>) -> tensor<2x1x3x5xbf16>
    %r9 = "gather.gather"(%d9, %i9) <{axis = 0 : i64, batch_dims = -3 : i64}> : (tensor<?x1xf64>, tensor<2x3x4xi32>) -> tensor<2x3x4x1xf64>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : tensor<7x1x6xbf16>, tensor<1x2xf32>, tensor<8x1xi8>, tensor<?x2x5xi8>, tensor<5x3x1x6x8xf64>, tensor<5x4xf16>, tensor<8x4x3xi8>, tensor<3x5x?x4xbf16>, tensor<2x1x3x5xbf16>, tensor<2x3x4x1xf64>
  }
}

// convert-gather-to-atb for the Atlas 350 accelerator cards (ascend950),
// where ATB runs gather through aclnnGatherV3: its data list has no uint32
// and its index list is int32/int64, so ui32 data and ui32 indices stay on
// the CPU.
// RUN: gather-opt %s --convert-gather-to-atb=soc=ascend950 -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @data_f16(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf16>, tensor<3xi64> into tensor<3x2xf16>
// CHECK-NOT:     gather.gather
func.func @data_f16(%d: tensor<5x2xf16>, %i: tensor<3xi64>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] : tensor<5x2xf16>, tensor<3xi64>
  return %r : tensor<3x2xf16>
}

// CHECK-LABEL: func.func @data_bf16(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xbf16>, tensor<3xi64> into tensor<3x2xbf16>
// CHECK-NOT:     gather.gather
func.func @data_bf16(%d: tensor<5x2xbf16>, %i: tensor<3xi64>) -> tensor<3x2xbf16> {
  %r = gather.gather %d[%i] : tensor<5x2xbf16>, tensor<3xi64>
  return %r : tensor<3x2xbf16>
}

// CHECK-LABEL: func.func @data_f32(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf32>, tensor<3xi64> into tensor<3x2xf32>
// CHECK-NOT:     gather.gather
func.func @data_f32(%d: tensor<5x2xf32>, %i: tensor<3xi64>) -> tensor<3x2xf32> {
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xi64>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @data_i32(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xi32>, tensor<3xi64> into tensor<3x2xi32>
// CHECK-NOT:     gather.gather
func.func @data_i32(%d: tensor<5x2xi32>, %i: tensor<3xi64>) -> tensor<3x2xi32> {
  %r = gather.gather %d[%i] : tensor<5x2xi32>, tensor<3xi64>
  return %r : tensor<3x2xi32>
}

// CHECK-LABEL: func.func @data_si32(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xsi32>, tensor<3xi64> into tensor<3x2xsi32>
// CHECK-NOT:     gather.gather
func.func @data_si32(%d: tensor<5x2xsi32>, %i: tensor<3xi64>) -> tensor<3x2xsi32> {
  %r = gather.gather %d[%i] : tensor<5x2xsi32>, tensor<3xi64>
  return %r : tensor<3x2xsi32>
}

// CHECK-LABEL: func.func @data_ui32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_ui32(%d: tensor<5x2xui32>, %i: tensor<3xi64>) -> tensor<3x2xui32> {
  // expected-remark @+1 {{gather stays on the CPU: ascend950 does not support 'ui32' data (aclnnGatherV3 takes f16, bf16, f32, i32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xui32>, tensor<3xi64>
  return %r : tensor<3x2xui32>
}

// CHECK-LABEL: func.func @data_i64(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xi64>, tensor<3xi64> into tensor<3x2xi64>
// CHECK-NOT:     gather.gather
func.func @data_i64(%d: tensor<5x2xi64>, %i: tensor<3xi64>) -> tensor<3x2xi64> {
  %r = gather.gather %d[%i] : tensor<5x2xi64>, tensor<3xi64>
  return %r : tensor<3x2xi64>
}

// CHECK-LABEL: func.func @data_si64(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xsi64>, tensor<3xi64> into tensor<3x2xsi64>
// CHECK-NOT:     gather.gather
func.func @data_si64(%d: tensor<5x2xsi64>, %i: tensor<3xi64>) -> tensor<3x2xsi64> {
  %r = gather.gather %d[%i] : tensor<5x2xsi64>, tensor<3xi64>
  return %r : tensor<3x2xsi64>
}

// CHECK-LABEL: func.func @indices_i32(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf32>, tensor<3xi32> into tensor<3x2xf32>
// CHECK-NOT:     gather.gather
func.func @indices_i32(%d: tensor<5x2xf32>, %i: tensor<3xi32>) -> tensor<3x2xf32> {
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xi32>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @indices_si32(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf32>, tensor<3xsi32> into tensor<3x2xf32>
// CHECK-NOT:     gather.gather
func.func @indices_si32(%d: tensor<5x2xf32>, %i: tensor<3xsi32>) -> tensor<3x2xf32> {
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xsi32>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @indices_ui32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @indices_ui32(%d: tensor<5x2xf32>, %i: tensor<3xui32>) -> tensor<3x2xf32> {
  // expected-remark @+1 {{gather stays on the CPU: ascend950 does not support 'ui32' indices (aclnnGatherV3 takes i32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xui32>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @indices_i64(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf32>, tensor<3xi64> into tensor<3x2xf32>
// CHECK-NOT:     gather.gather
func.func @indices_i64(%d: tensor<5x2xf32>, %i: tensor<3xi64>) -> tensor<3x2xf32> {
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xi64>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @indices_si64(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf32>, tensor<3xsi64> into tensor<3x2xf32>
// CHECK-NOT:     gather.gather
func.func @indices_si64(%d: tensor<5x2xf32>, %i: tensor<3xsi64>) -> tensor<3x2xf32> {
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xsi64>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @bf16_ui32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @bf16_ui32(%d: tensor<5x2xbf16>, %i: tensor<3xui32>) -> tensor<3x2xbf16> {
  // expected-remark @+1 {{gather stays on the CPU: ascend950 does not support 'ui32' indices (aclnnGatherV3 takes i32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xbf16>, tensor<3xui32>
  return %r : tensor<3x2xbf16>
}

// CHECK-LABEL: func.func @data_ui32_i32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_ui32_i32(%d: tensor<5x2xui32>, %i: tensor<3xi32>) -> tensor<3x2xui32> {
  // expected-remark @+1 {{gather stays on the CPU: ascend950 does not support 'ui32' data (aclnnGatherV3 takes f16, bf16, f32, i32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xui32>, tensor<3xi32>
  return %r : tensor<3x2xui32>
}


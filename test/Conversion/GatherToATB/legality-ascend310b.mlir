// convert-gather-to-atb for the Atlas 200I/500 A2 inference products
// (ascend310b): f16 data only, with any ATB index type.
// RUN: gather-opt %s --convert-gather-to-atb=soc=ascend310b -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @data_f16(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf16>, tensor<3xi64> into tensor<3x2xf16>
// CHECK-NOT:     gather.gather
func.func @data_f16(%d: tensor<5x2xf16>, %i: tensor<3xi64>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] : tensor<5x2xf16>, tensor<3xi64>
  return %r : tensor<3x2xf16>
}

// CHECK-LABEL: func.func @data_bf16(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_bf16(%d: tensor<5x2xbf16>, %i: tensor<3xi64>) -> tensor<3x2xbf16> {
  // expected-remark @+1 {{gather stays on the CPU: ascend310b supports only f16 data, not 'bf16'}}
  %r = gather.gather %d[%i] : tensor<5x2xbf16>, tensor<3xi64>
  return %r : tensor<3x2xbf16>
}

// CHECK-LABEL: func.func @data_f32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_f32(%d: tensor<5x2xf32>, %i: tensor<3xi64>) -> tensor<3x2xf32> {
  // expected-remark @+1 {{gather stays on the CPU: ascend310b supports only f16 data, not 'f32'}}
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xi64>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @data_i32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_i32(%d: tensor<5x2xi32>, %i: tensor<3xi64>) -> tensor<3x2xi32> {
  // expected-remark @+1 {{gather stays on the CPU: ascend310b supports only f16 data, not 'i32'}}
  %r = gather.gather %d[%i] : tensor<5x2xi32>, tensor<3xi64>
  return %r : tensor<3x2xi32>
}

// CHECK-LABEL: func.func @data_si32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_si32(%d: tensor<5x2xsi32>, %i: tensor<3xi64>) -> tensor<3x2xsi32> {
  // expected-remark @+1 {{gather stays on the CPU: ascend310b supports only f16 data, not 'si32'}}
  %r = gather.gather %d[%i] : tensor<5x2xsi32>, tensor<3xi64>
  return %r : tensor<3x2xsi32>
}

// CHECK-LABEL: func.func @data_ui32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_ui32(%d: tensor<5x2xui32>, %i: tensor<3xi64>) -> tensor<3x2xui32> {
  // expected-remark @+1 {{gather stays on the CPU: ascend310b supports only f16 data, not 'ui32'}}
  %r = gather.gather %d[%i] : tensor<5x2xui32>, tensor<3xi64>
  return %r : tensor<3x2xui32>
}

// CHECK-LABEL: func.func @data_i64(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_i64(%d: tensor<5x2xi64>, %i: tensor<3xi64>) -> tensor<3x2xi64> {
  // expected-remark @+1 {{gather stays on the CPU: ascend310b supports only f16 data, not 'i64'}}
  %r = gather.gather %d[%i] : tensor<5x2xi64>, tensor<3xi64>
  return %r : tensor<3x2xi64>
}

// CHECK-LABEL: func.func @data_si64(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_si64(%d: tensor<5x2xsi64>, %i: tensor<3xi64>) -> tensor<3x2xsi64> {
  // expected-remark @+1 {{gather stays on the CPU: ascend310b supports only f16 data, not 'si64'}}
  %r = gather.gather %d[%i] : tensor<5x2xsi64>, tensor<3xi64>
  return %r : tensor<3x2xsi64>
}

// CHECK-LABEL: func.func @indices_i32(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf16>, tensor<3xi32> into tensor<3x2xf16>
// CHECK-NOT:     gather.gather
func.func @indices_i32(%d: tensor<5x2xf16>, %i: tensor<3xi32>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] : tensor<5x2xf16>, tensor<3xi32>
  return %r : tensor<3x2xf16>
}

// CHECK-LABEL: func.func @indices_si32(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf16>, tensor<3xsi32> into tensor<3x2xf16>
// CHECK-NOT:     gather.gather
func.func @indices_si32(%d: tensor<5x2xf16>, %i: tensor<3xsi32>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] : tensor<5x2xf16>, tensor<3xsi32>
  return %r : tensor<3x2xf16>
}

// CHECK-LABEL: func.func @indices_ui32(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf16>, tensor<3xui32> into tensor<3x2xf16>
// CHECK-NOT:     gather.gather
func.func @indices_ui32(%d: tensor<5x2xf16>, %i: tensor<3xui32>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] : tensor<5x2xf16>, tensor<3xui32>
  return %r : tensor<3x2xf16>
}

// CHECK-LABEL: func.func @indices_i64(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf16>, tensor<3xi64> into tensor<3x2xf16>
// CHECK-NOT:     gather.gather
func.func @indices_i64(%d: tensor<5x2xf16>, %i: tensor<3xi64>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] : tensor<5x2xf16>, tensor<3xi64>
  return %r : tensor<3x2xf16>
}

// CHECK-LABEL: func.func @indices_si64(
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf16>, tensor<3xsi64> into tensor<3x2xf16>
// CHECK-NOT:     gather.gather
func.func @indices_si64(%d: tensor<5x2xf16>, %i: tensor<3xsi64>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] : tensor<5x2xf16>, tensor<3xsi64>
  return %r : tensor<3x2xf16>
}

// CHECK-LABEL: func.func @f32_ui32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @f32_ui32(%d: tensor<5x2xf32>, %i: tensor<3xui32>) -> tensor<3x2xf32> {
  // expected-remark @+1 {{gather stays on the CPU: ascend310b supports only f16 data, not 'f32'}}
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xui32>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @data_f64(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_f64(%d: tensor<5x2xf64>, %i: tensor<3xi64>) -> tensor<3x2xf64> {
  // expected-remark @+1 {{gather stays on the CPU: ATB does not support data of type 'f64' (only f16, bf16, f32, i32, ui32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xf64>, tensor<3xi64>
  return %r : tensor<3x2xf64>
}

// CHECK-LABEL: func.func @f16_index(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @f16_index(%d: tensor<5x2xf16>, %i: tensor<3xindex>) -> tensor<3x2xf16> {
  // expected-remark @+1 {{gather stays on the CPU: ATB does not support indices of type 'index' (only i32, i64 and ui32)}}
  %r = gather.gather %d[%i] : tensor<5x2xf16>, tensor<3xindex>
  return %r : tensor<3x2xf16>
}


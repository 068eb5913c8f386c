// convert-gather-to-atb for the Atlas training products of the 910A class
// (ascend910): every ATB element type but bf16 data, which
// TensorCheck::CheckBF16 rejects at Setup.
// RUN: gather-opt %s --convert-gather-to-atb=soc=ascend910 -verify-diagnostics | FileCheck %s

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
  // expected-remark @+1 {{gather stays on the CPU: ascend910 does not support bf16 data}}
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
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xui32>, tensor<3xi64> into tensor<3x2xui32>
// CHECK-NOT:     gather.gather
func.func @data_ui32(%d: tensor<5x2xui32>, %i: tensor<3xi64>) -> tensor<3x2xui32> {
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

// CHECK-LABEL: func.func @bf16_ui32(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @bf16_ui32(%d: tensor<5x2xbf16>, %i: tensor<3xui32>) -> tensor<3x2xbf16> {
  // expected-remark @+1 {{gather stays on the CPU: ascend910 does not support bf16 data}}
  %r = gather.gather %d[%i] : tensor<5x2xbf16>, tensor<3xui32>
  return %r : tensor<3x2xbf16>
}

// CHECK-LABEL: func.func @data_f64(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_f64(%d: tensor<5x2xf64>, %i: tensor<3xi64>) -> tensor<3x2xf64> {
  // expected-remark @+1 {{gather stays on the CPU: ATB does not support data of type 'f64' (only f16, bf16, f32, i32, ui32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xf64>, tensor<3xi64>
  return %r : tensor<3x2xf64>
}


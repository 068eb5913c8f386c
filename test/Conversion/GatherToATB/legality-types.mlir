// convert-gather-to-atb on the Atlas A2/A3 products: every ATB
// data type (f16, bf16, f32, i32/si32, ui32, i64/si64) with i64 indices and
// every ATB index type (i32/si32, ui32, i64/si64) with f32 data become
// atb.gather; other element types stay on the CPU with a remark.
// RUN: gather-opt %s --convert-gather-to-atb -verify-diagnostics | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-atb=soc=ascend910b -verify-diagnostics | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-atb=soc=ascend910_93 -verify-diagnostics | FileCheck %s

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
// CHECK:         atb.gather %{{.*}}[%{{.*}}] axis = 0 batch_dims = 0 into %{{.*}} : tensor<5x2xf32>, tensor<3xui32> into tensor<3x2xf32>
// CHECK-NOT:     gather.gather
func.func @indices_ui32(%d: tensor<5x2xf32>, %i: tensor<3xui32>) -> tensor<3x2xf32> {
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

// CHECK-LABEL: func.func @data_f64(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_f64(%d: tensor<5x2xf64>, %i: tensor<3xi64>) -> tensor<3x2xf64> {
  // expected-remark @+1 {{gather stays on the CPU: ATB does not support data of type 'f64' (only f16, bf16, f32, i32, ui32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xf64>, tensor<3xi64>
  return %r : tensor<3x2xf64>
}

// CHECK-LABEL: func.func @data_i8(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_i8(%d: tensor<5x2xi8>, %i: tensor<3xi32>) -> tensor<3x2xi8> {
  // expected-remark @+1 {{gather stays on the CPU: ATB does not support data of type 'i8' (only f16, bf16, f32, i32, ui32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xi8>, tensor<3xi32>
  return %r : tensor<3x2xi8>
}

// CHECK-LABEL: func.func @data_ui64(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_ui64(%d: tensor<5x2xui64>, %i: tensor<3xi64>) -> tensor<3x2xui64> {
  // expected-remark @+1 {{gather stays on the CPU: ATB does not support data of type 'ui64' (only f16, bf16, f32, i32, ui32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xui64>, tensor<3xi64>
  return %r : tensor<3x2xui64>
}

// CHECK-LABEL: func.func @data_complex(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @data_complex(%d: tensor<5x2xcomplex<f32>>, %i: tensor<3xi64>) -> tensor<3x2xcomplex<f32>> {
  // expected-remark @+1 {{gather stays on the CPU: ATB does not support data of type 'complex<f32>' (only f16, bf16, f32, i32, ui32 and i64)}}
  %r = gather.gather %d[%i] : tensor<5x2xcomplex<f32>>, tensor<3xi64>
  return %r : tensor<3x2xcomplex<f32>>
}

// CHECK-LABEL: func.func @indices_index(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @indices_index(%d: tensor<5x2xf32>, %i: tensor<3xindex>) -> tensor<3x2xf32> {
  // expected-remark @+1 {{gather stays on the CPU: ATB does not support indices of type 'index' (only i32, i64 and ui32)}}
  %r = gather.gather %d[%i] : tensor<5x2xf32>, tensor<3xindex>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @indices_ui64(
// CHECK-NOT:     atb.gather
// CHECK:         gather.gather
func.func @indices_ui64(%d: tensor<5x2xf16>, %i: tensor<3xui64>) -> tensor<3x2xf16> {
  // expected-remark @+1 {{gather stays on the CPU: ATB does not support indices of type 'ui64' (only i32, i64 and ui32)}}
  %r = gather.gather %d[%i] : tensor<5x2xf16>, tensor<3xui64>
  return %r : tensor<3x2xf16>
}


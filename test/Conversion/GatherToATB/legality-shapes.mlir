// The rank, size and 32-bit index rules of convert-gather-to-atb (the same
// on every SoC), decided on static shapes: accepted gathers become
// atb.gather, the others stay on the CPU with a remark naming the rule.
// RUN: gather-opt %s --convert-gather-to-atb -verify-diagnostics | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-atb=soc=ascend310p -verify-diagnostics | FileCheck %s

// rank(data) = 8 and rank(indices) = 1: a result of rank 8, the most the
// rule rank(x) + rank(indices) - 1 - batchDims <= 8 admits.
// CHECK-LABEL: func.func @rank_8_plus_1(
// CHECK:         atb.gather {{.*}} : tensor<2x1x1x1x1x1x1x3xf16>, tensor<4xi64> into tensor<2x1x1x1x1x1x1x4xf16>
func.func @rank_8_plus_1(%d: tensor<2x1x1x1x1x1x1x3xf16>, %i: tensor<4xi64>) -> tensor<2x1x1x1x1x1x1x4xf16> {
  %r = gather.gather %d[%i] axis = 7 : tensor<2x1x1x1x1x1x1x3xf16>, tensor<4xi64>
  return %r : tensor<2x1x1x1x1x1x1x4xf16>
}

// CHECK-LABEL: func.func @rank_4_plus_5(
// CHECK:         atb.gather {{.*}} axis = 3 batch_dims = 2 {{.*}} : tensor<2x3x4x5xf32>, tensor<2x3x1x1x2xi32> into tensor<2x3x4x1x1x2xf32>
func.func @rank_4_plus_5(%d: tensor<2x3x4x5xf32>, %i: tensor<2x3x1x1x2xi32>) -> tensor<2x3x4x1x1x2xf32> {
  %r = gather.gather %d[%i] axis = 3 batch_dims = 2 : tensor<2x3x4x5xf32>, tensor<2x3x1x1x2xi32>
  return %r : tensor<2x3x4x1x1x2xf32>
}

// Rank-0 indices count as rank 1 (they are reshaped to [1]).
// CHECK-LABEL: func.func @rank_8_plus_0(
// CHECK:         atb.gather {{.*}} : tensor<2x1x1x1x1x1x1x3xf16>, tensor<1xi64> into tensor<2x1x1x1x1x1x1x1xf16>
func.func @rank_8_plus_0(%d: tensor<2x1x1x1x1x1x1x3xf16>, %i: tensor<i64>) -> tensor<2x1x1x1x1x1x1xf16> {
  %r = gather.gather %d[%i] axis = 7 : tensor<2x1x1x1x1x1x1x3xf16>, tensor<i64>
  return %r : tensor<2x1x1x1x1x1x1xf16>
}

// CHECK-LABEL: func.func @rank_9_data(
// CHECK-NOT:     atb.gather
func.func @rank_9_data(%d: tensor<2x1x1x1x1x1x1x1x3xf16>, %i: tensor<i64>) -> tensor<2x1x1x1x1x1x1x1xf16> {
  // expected-remark @+1 {{gather stays on the CPU: data has rank 9, more than the 8 ATB supports}}
  %r = gather.gather %d[%i] axis = 8 : tensor<2x1x1x1x1x1x1x1x3xf16>, tensor<i64>
  return %r : tensor<2x1x1x1x1x1x1x1xf16>
}

// CHECK-LABEL: func.func @rank_9_indices(
// CHECK-NOT:     atb.gather
func.func @rank_9_indices(%d: tensor<4xf32>, %i: tensor<1x1x1x1x1x1x1x1x2xi32>) -> tensor<1x1x1x1x1x1x1x1x2xf32> {
  // expected-remark @+1 {{gather stays on the CPU: indices have rank 9, more than the 8 ATB supports}}
  %r = gather.gather %d[%i] : tensor<4xf32>, tensor<1x1x1x1x1x1x1x1x2xi32>
  return %r : tensor<1x1x1x1x1x1x1x1x2xf32>
}

// rank(x) + rank(indices) - 1 - batch_dims = 5 + 5 - 1 - 4 = 5 <= 8: ATB
// (the older rule rank(x) + rank(indices) <= 9 refused it).
// CHECK-LABEL: func.func @rank_sum_10(
// CHECK:         atb.gather {{.*}} axis = 4 batch_dims = 4 {{.*}} : tensor<2x3x4x5x6xf32>, tensor<2x3x4x5x1xi64> into tensor<2x3x4x5x1xf32>
func.func @rank_sum_10(%d: tensor<2x3x4x5x6xf32>, %i: tensor<2x3x4x5x1xi64>) -> tensor<2x3x4x5x1xf32> {
  %r = gather.gather %d[%i] axis = 4 batch_dims = 4 : tensor<2x3x4x5x6xf32>, tensor<2x3x4x5x1xi64>
  return %r : tensor<2x3x4x5x1xf32>
}

// 5 + 5 - 1 - 1 = 8: the largest result, reached only with batch_dims.
// CHECK-LABEL: func.func @rank_5_plus_5_batch_1(
// CHECK:         atb.gather {{.*}} axis = 1 batch_dims = 1 {{.*}} : tensor<2x3x1x1x1xf32>, tensor<2x1x1x1x2xi32> into tensor<2x1x1x1x2x1x1x1xf32>
func.func @rank_5_plus_5_batch_1(%d: tensor<2x3x1x1x1xf32>, %i: tensor<2x1x1x1x2xi32>) -> tensor<2x1x1x1x2x1x1x1xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x3x1x1x1xf32>, tensor<2x1x1x1x2xi32>
  return %r : tensor<2x1x1x1x2x1x1x1xf32>
}

// 5 + 5 - 1 - 0 = 9: a result of rank 9, which ATB cannot describe.
// CHECK-LABEL: func.func @rank_5_plus_5(
// CHECK-NOT:     atb.gather
func.func @rank_5_plus_5(%d: tensor<2x3x1x1x1xf32>, %i: tensor<2x1x1x1x2xi32>) -> tensor<2x2x1x1x1x2x1x1x1xf32> {
  // expected-remark @+1 {{gather stays on the CPU: rank(data) + rank(indices) - 1 - batch_dims = 9 exceeds 8 (the rank of the ATB result)}}
  %r = gather.gather %d[%i] axis = 1 : tensor<2x3x1x1x1xf32>, tensor<2x1x1x1x2xi32>
  return %r : tensor<2x2x1x1x1x2x1x1x1xf32>
}

// CHECK-LABEL: func.func @empty_data(
// CHECK-NOT:     atb.gather
func.func @empty_data(%d: tensor<3x0xf32>, %i: tensor<2xi64>) -> tensor<2x0xf32> {
  // expected-remark @+1 {{gather stays on the CPU: dimension 1 of data has size 0 (ATB rejects empty tensors)}}
  %r = gather.gather %d[%i] : tensor<3x0xf32>, tensor<2xi64>
  return %r : tensor<2x0xf32>
}

// CHECK-LABEL: func.func @empty_indices(
// CHECK-NOT:     atb.gather
func.func @empty_indices(%d: tensor<3x4xf32>, %i: tensor<2x0xi64>) -> tensor<3x2x0xf32> {
  // expected-remark @+1 {{gather stays on the CPU: dimension 1 of indices has size 0 (ATB rejects empty tensors)}}
  %r = gather.gather %d[%i] axis = 1 : tensor<3x4xf32>, tensor<2x0xi64>
  return %r : tensor<3x2x0xf32>
}

// A zero-sized dimension is refused even when other sizes are dynamic.
// CHECK-LABEL: func.func @empty_and_dynamic(
// CHECK-NOT:     atb.gather
// CHECK-NOT:     scf.if
func.func @empty_and_dynamic(%d: tensor<?x0xf32>, %i: tensor<?xi64>) -> tensor<?x0xf32> {
  // expected-remark @+1 {{gather stays on the CPU: dimension 1 of data has size 0 (ATB rejects empty tensors)}}
  %r = gather.gather %d[%i] : tensor<?x0xf32>, tensor<?xi64>
  return %r : tensor<?x0xf32>
}

// 2^36 f32 elements are exactly 256 GiB: accepted (with 64-bit indices,
// which can address the dimension).
// CHECK-LABEL: func.func @data_256_gib(
// CHECK:         atb.gather {{.*}} : tensor<68719476736xf32>, tensor<2xi64> into tensor<2xf32>
func.func @data_256_gib(%d: tensor<68719476736xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  %r = gather.gather %d[%i] : tensor<68719476736xf32>, tensor<2xi64>
  return %r : tensor<2xf32>
}

// CHECK-LABEL: func.func @data_over_256_gib(
// CHECK-NOT:     atb.gather
func.func @data_over_256_gib(%d: tensor<68719476737xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  // expected-remark @+1 {{gather stays on the CPU: the byte size of data (274877906948) exceeds the 274877906944 bytes (256 GiB) ATB accepts per tensor}}
  %r = gather.gather %d[%i] : tensor<68719476737xf32>, tensor<2xi64>
  return %r : tensor<2xf32>
}

// The static part alone is too large: refused whatever the dynamic size.
// CHECK-LABEL: func.func @data_over_256_gib_dynamic(
// CHECK-NOT:     atb.gather
func.func @data_over_256_gib_dynamic(%d: tensor<?x137438953473xf16>, %i: tensor<2xi64>) -> tensor<2x137438953473xf16> {
  // expected-remark @+1 {{gather stays on the CPU: the byte size of data (at least 274877906946) exceeds the 274877906944 bytes (256 GiB) ATB accepts per tensor}}
  %r = gather.gather %d[%i] : tensor<?x137438953473xf16>, tensor<2xi64>
  return %r : tensor<2x137438953473xf16>
}

// CHECK-LABEL: func.func @indices_over_256_gib(
// CHECK-NOT:     atb.gather
func.func @indices_over_256_gib(%d: tensor<4xi32>, %i: tensor<2x17179869185xi64>) -> tensor<2x17179869185xi32> {
  // expected-remark @+1 {{gather stays on the CPU: the byte size of indices (274877906960) exceeds the 274877906944 bytes (256 GiB) ATB accepts per tensor}}
  %r = gather.gather %d[%i] : tensor<4xi32>, tensor<2x17179869185xi64>
  return %r : tensor<2x17179869185xi32>
}

// A small table and small indices can still make a result above 256 GiB:
// [2^20 + 1] positions of rows of 2^16 f32 values.
// CHECK-LABEL: func.func @result_over_256_gib(
// CHECK-NOT:     atb.gather
func.func @result_over_256_gib(%d: tensor<1024x65536xf32>, %i: tensor<1048577xi64>) -> tensor<1048577x65536xf32> {
  // expected-remark @+1 {{gather stays on the CPU: the byte size of the result (274878169088) exceeds the 274877906944 bytes (256 GiB) ATB accepts per tensor}}
  %r = gather.gather %d[%i] : tensor<1024x65536xf32>, tensor<1048577xi64>
  return %r : tensor<1048577x65536xf32>
}

// CHECK-LABEL: func.func @result_256_gib(
// CHECK:         atb.gather {{.*}} into tensor<1048576x65536xf32>
func.func @result_256_gib(%d: tensor<1024x65536xf32>, %i: tensor<1048576xi64>) -> tensor<1048576x65536xf32> {
  %r = gather.gather %d[%i] : tensor<1024x65536xf32>, tensor<1048576xi64>
  return %r : tensor<1048576x65536xf32>
}

// 32-bit indices address at most 2^31 - 1 positions.
// CHECK-LABEL: func.func @i32_max_size(
// CHECK:         atb.gather {{.*}} : tensor<2x2147483647xf16>, tensor<3xi32> into tensor<2x3xf16>
func.func @i32_max_size(%d: tensor<2x2147483647xf16>, %i: tensor<3xi32>) -> tensor<2x3xf16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<2x2147483647xf16>, tensor<3xi32>
  return %r : tensor<2x3xf16>
}

// CHECK-LABEL: func.func @i32_too_large(
// CHECK-NOT:     atb.gather
func.func @i32_too_large(%d: tensor<2x2147483648xf16>, %i: tensor<3xi32>) -> tensor<2x3xf16> {
  // expected-remark @+1 {{gather stays on the CPU: 32-bit indices cannot address dimension 1 of data, of size 2147483648 (more than 2147483647)}}
  %r = gather.gather %d[%i] axis = 1 : tensor<2x2147483648xf16>, tensor<3xi32>
  return %r : tensor<2x3xf16>
}

// ui32 indices above 2^31 - 1 are probably undefined on ATB: the same rule.
// CHECK-LABEL: func.func @ui32_too_large(
// CHECK-NOT:     atb.gather
func.func @ui32_too_large(%d: tensor<2147483648xf16>, %i: tensor<3xui32>) -> tensor<3xf16> {
  // expected-remark @+1 {{gather stays on the CPU: 32-bit indices cannot address dimension 0 of data, of size 2147483648 (more than 2147483647)}}
  %r = gather.gather %d[%i] : tensor<2147483648xf16>, tensor<3xui32>
  return %r : tensor<3xf16>
}

// 64-bit indices address it.
// CHECK-LABEL: func.func @i64_large(
// CHECK:         atb.gather {{.*}} : tensor<2147483648xf16>, tensor<3xi64> into tensor<3xf16>
func.func @i64_large(%d: tensor<2147483648xf16>, %i: tensor<3xi64>) -> tensor<3xf16> {
  %r = gather.gather %d[%i] : tensor<2147483648xf16>, tensor<3xi64>
  return %r : tensor<3xf16>
}

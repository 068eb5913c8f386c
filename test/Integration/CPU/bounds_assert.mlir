// bounds-check=assert (the default): an out-of-range index prints "gather: index <k> is out of bounds for a dimension of size <s>" to stderr and stops the program with a failure status before the result is used.

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=ASSERT --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=ASSERT --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_negative -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NEG --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_negative -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NEG --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_ui32 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UI32 --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_ui32 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UI32 --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_ui64 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UI64 --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_ui64 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=UI64 --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_si64_min -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=SI64MIN --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_si64_min -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=SI64MIN --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_index -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=INDEX --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_index -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=INDEX --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_innermost -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=INNER --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_innermost -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=INNER --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_batch -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BATCH --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_batch -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BATCH --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_rank0 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RANK0 --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_rank0 -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RANK0 --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_const -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=CONST --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_const -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=CONST --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_empty_dim -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EMPTYDIM --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm="bounds-check=assert strategy=generic" | not mlir-runner -e main_empty_dim -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=EMPTYDIM --implicit-check-not=Unranked
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main_in_range -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main_in_range -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=OK

func.func private @printMemrefF32(tensor<*xf32>)

func.func @gather_0(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_1(%d: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {
  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<2xi32>
  return %r : tensor<2x3xf32>
}
func.func @gather_2(%d: tensor<?x?xf32>, %i: tensor<?xui32>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xui32>
  return %r : tensor<?x?xf32>
}
func.func @gather_3(%d: tensor<4x3xf32>, %i: tensor<1xui64>) -> tensor<1x3xf32> {
  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<1xui64>
  return %r : tensor<1x3xf32>
}
func.func @gather_4(%d: tensor<?x?xf32>, %i: tensor<?xsi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xsi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_5(%d: tensor<?x?xf32>, %i: tensor<?xindex>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xindex>
  return %r : tensor<?x?xf32>
}
func.func @gather_6(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_7(%d: tensor<2x4x3xf32>, %i: tensor<2x1xi64>) -> tensor<2x1x3xf32> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x4x3xf32>, tensor<2x1xi64>
  return %r : tensor<2x1x3xf32>
}
func.func @gather_8(%d: tensor<4x3xf32>, %i: tensor<i64>) -> tensor<3xf32> {
  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<i64>
  return %r : tensor<3xf32>
}
func.func @gather_10(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_11(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @gather_12(%d: tensor<?x?xf32>, %i: tensor<?xui32>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xui32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  // i64 index 5, axis 0 of [4,3] (slices path), dynamic shapes
  %d0 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i0 = arith.constant dense<[1, 5]> : tensor<2xi64>
  %dd0 = tensor.cast %d0 : tensor<4x3xf32> to tensor<?x?xf32>
  %id0 = tensor.cast %i0 : tensor<2xi64> to tensor<?xi64>
  %r0 = call @gather_0(%dd0, %id0) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u0 = tensor.cast %r0 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // ASSERT: gather: index 5 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:31:8){{$}}
  return
}

func.func @main_negative() {
  // i32 index -5 (too negative), axis 0 of [4,3]
  %d1 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i1 = arith.constant dense<[-4, -5]> : tensor<2xi32>
  %r1 = call @gather_1(%d1, %i1) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %u1 = tensor.cast %r1 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // NEG: gather: index -5 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:35:8){{$}}
  return
}

func.func @main_ui32() {
  // ui32 index 4294967295 (would be -1 if read as signed)
  %d2 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i2 = arith.constant dense<[2, 4294967295]> : tensor<2xui32>
  %dd2 = tensor.cast %d2 : tensor<4x3xf32> to tensor<?x?xf32>
  %id2 = tensor.cast %i2 : tensor<2xui32> to tensor<?xui32>
  %r2 = call @gather_2(%dd2, %id2) : (tensor<?x?xf32>, tensor<?xui32>) -> tensor<?x?xf32>
  %u2 = tensor.cast %r2 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // UI32: gather: index 4294967295 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:39:8){{$}}
  return
}

func.func @main_ui64() {
  // ui64 index 2^64-1 (would be -1 if read as signed)
  %d3 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i3 = arith.constant dense<[18446744073709551615]> : tensor<1xui64>
  %r3 = call @gather_3(%d3, %i3) : (tensor<4x3xf32>, tensor<1xui64>) -> tensor<1x3xf32>
  %u3 = tensor.cast %r3 : tensor<1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // UI64: gather: index 18446744073709551615 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:43:8){{$}}
  return
}

func.func @main_si64_min() {
  // si64 index -2^63 (adding the size must not bring it in range)
  %d4 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i4 = arith.constant dense<[-9223372036854775808]> : tensor<1xsi64>
  %dd4 = tensor.cast %d4 : tensor<4x3xf32> to tensor<?x?xf32>
  %id4 = tensor.cast %i4 : tensor<1xsi64> to tensor<?xsi64>
  %r4 = call @gather_4(%dd4, %id4) : (tensor<?x?xf32>, tensor<?xsi64>) -> tensor<?x?xf32>
  %u4 = tensor.cast %r4 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  // SI64MIN: gather: index -9223372036854775808 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:47:8){{$}}
  return
}

func.func @main_index() {
  // index-typed index 4
  %d5 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i5 = arith.constant dense<[3, 4]> : tensor<2xindex>
  %dd5 = tensor.cast %d5 : tensor<4x3xf32> to tensor<?x?xf32>
  %id5 = tensor.cast %i5 : tensor<2xindex> to tensor<?xindex>
  %r5 = call @gather_5(%dd5, %id5) : (tensor<?x?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
  %u5 = tensor.cast %r5 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
  // INDEX: gather: index 4 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:51:8){{$}}
  return
}

func.func @main_innermost() {
  // i64 index 4 on the innermost axis of [3,4]
  %d6 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %i6 = arith.constant dense<[0, 4]> : tensor<2xi64>
  %dd6 = tensor.cast %d6 : tensor<3x4xf32> to tensor<?x?xf32>
  %id6 = tensor.cast %i6 : tensor<2xi64> to tensor<?xi64>
  %r6 = call @gather_6(%dd6, %id6) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u6 = tensor.cast %r6 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u6) : (tensor<*xf32>) -> ()
  // INNER: gather: index 4 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:55:8){{$}}
  return
}

func.func @main_batch() {
  // axis 1, batch_dims 1 on [2,4,3], index -5 in the second batch
  %d7 = arith.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0], [15.0, 16.0, 17.0], [18.0, 19.0, 20.0], [21.0, 22.0, 23.0]]]> : tensor<2x4x3xf32>
  %i7 = arith.constant dense<[[0], [-5]]> : tensor<2x1xi64>
  %r7 = call @gather_7(%d7, %i7) : (tensor<2x4x3xf32>, tensor<2x1xi64>) -> tensor<2x1x3xf32>
  %u7 = tensor.cast %r7 : tensor<2x1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u7) : (tensor<*xf32>) -> ()
  // BATCH: gather: index -5 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:59:8){{$}}
  return
}

func.func @main_rank0() {
  // rank-0 index 7
  %d8 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i8 = arith.constant dense<7> : tensor<i64>
  %r8 = call @gather_8(%d8, %i8) : (tensor<4x3xf32>, tensor<i64>) -> tensor<3xf32>
  %u8 = tensor.cast %r8 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u8) : (tensor<*xf32>) -> ()
  // RANK0: gather: index 7 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:63:8){{$}}
  return
}

func.func @main_const() {
  // constant indices [0, 5] in main: no static elision of the check
  %d9 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i9 = arith.constant dense<[0, 5]> : tensor<2xi64>
  %r9 = gather.gather %d9[%i9] : tensor<4x3xf32>, tensor<2xi64>
  %u9 = tensor.cast %r9 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u9) : (tensor<*xf32>) -> ()
  // CONST: gather: index 5 is out of bounds for a dimension of size 4 (at {{.*}}bounds_assert.mlir:192:9){{$}}
  return
}

func.func @main_empty_dim() {
  // any index into an empty gathered dim [0,3]
  %d10 = arith.constant dense<> : tensor<0x3xf32>
  %i10 = arith.constant dense<[0]> : tensor<1xi64>
  %dd10 = tensor.cast %d10 : tensor<0x3xf32> to tensor<?x?xf32>
  %id10 = tensor.cast %i10 : tensor<1xi64> to tensor<?xi64>
  %r10 = call @gather_10(%dd10, %id10) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u10 = tensor.cast %r10 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u10) : (tensor<*xf32>) -> ()
  // EMPTYDIM: gather: index 0 is out of bounds for a dimension of size 0 (at {{.*}}bounds_assert.mlir:67:8){{$}}
  return
}

func.func @main_in_range() {
  // control: the same function with the extreme in-range values -4 and 3
  %d11 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i11 = arith.constant dense<[-4, 3]> : tensor<2xi64>
  %dd11 = tensor.cast %d11 : tensor<4x3xf32> to tensor<?x?xf32>
  %id11 = tensor.cast %i11 : tensor<2xi64> to tensor<?xi64>
  %r11 = call @gather_11(%dd11, %id11) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %u11 = tensor.cast %r11 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u11) : (tensor<*xf32>) -> ()
  // OK: rank = 2 offset = {{[0-9]+}} sizes = [2, 3] strides = [{{.*}}] data =
  // OK-NEXT: {{\[\[}}0, 1, 2],
  // OK-NEXT: [9, 10, 11]]
  // control: ui32 3
  %d12 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i12 = arith.constant dense<[2, 3]> : tensor<2xui32>
  %dd12 = tensor.cast %d12 : tensor<4x3xf32> to tensor<?x?xf32>
  %id12 = tensor.cast %i12 : tensor<2xui32> to tensor<?xui32>
  %r12 = call @gather_12(%dd12, %id12) : (tensor<?x?xf32>, tensor<?xui32>) -> tensor<?x?xf32>
  %u12 = tensor.cast %r12 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u12) : (tensor<*xf32>) -> ()
  // OK: rank = 2 offset = {{[0-9]+}} sizes = [2, 3] strides = [{{.*}}] data =
  // OK-NEXT: {{\[\[}}6, 7, 8],
  // OK-NEXT: [9, 10, 11]]
  return
}

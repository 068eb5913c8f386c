// The planner of the `slices` strategy: the form chosen for each shape,
// recorded as `gather.form`, and the form option forcing one.
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=none hints=true" --split-input-file | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=none inline-max-bytes=32 hints=true" --split-input-file | FileCheck %s --check-prefix=SMALL
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=none form=element hints=true" --split-input-file | FileCheck %s --check-prefix=ELEMENT
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=none form=inner-axis hints=true" --split-input-file | FileCheck %s --check-prefix=INNER
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=none form=block-copy hints=true" --split-input-file | FileCheck %s --check-prefix=BLOCK
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=none form=inline-copy hints=true" --split-input-file | FileCheck %s --check-prefix=INLINE
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=none strategy=generic hints=true" --split-input-file | FileCheck %s --check-prefix=GENERIC

// Long rows (1 KiB): block copies.
// CHECK-LABEL: func.func @long_rows
// CHECK:         scf.forall
// CHECK:           tensor.extract_slice
// CHECK:         } {gather.form = #gather.form<"block-copy">}
// ELEMENT-LABEL: func.func @long_rows
// ELEMENT-NOT:     scf.forall
// ELEMENT:         linalg.generic {{.*}} attrs = {gather.form = #gather.form<element>}
// ELEMENT:           tensor.extract %arg0
// INNER-LABEL:   func.func @long_rows
// INNER:           linalg.generic {{.*}} attrs = {gather.form = #gather.form<"inner-axis">}
// BLOCK-LABEL:   func.func @long_rows
// BLOCK:           } {gather.form = #gather.form<"block-copy">}
// INLINE-LABEL:  func.func @long_rows
// INLINE:          } {gather.form = #gather.form<"inline-copy">}
// GENERIC-LABEL: func.func @long_rows
// GENERIC-NOT:     gather.form
// GENERIC:         return
func.func @long_rows(%d: tensor<1000x256xf32>, %i: tensor<64xi64>) -> tensor<64x256xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<1000x256xf32>, tensor<64xi64>
  return %r : tensor<64x256xf32>
}

// -----

// Short rows (64 bytes of f16): inline copies, unless inline-max-bytes is
// smaller.
// CHECK-LABEL: func.func @short_rows
// CHECK:         } {gather.form = #gather.form<"inline-copy">}
// SMALL-LABEL: func.func @short_rows
// SMALL:         } {gather.form = #gather.form<"block-copy">}
func.func @short_rows(%d: tensor<1000x32xf16>, %i: tensor<64xi64>) -> tensor<64x32xf16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<1000x32xf16>, tensor<64xi64>
  return %r : tensor<64x32xf16>
}

// -----

// A row of dynamic size: block copies, with the choice of inline copies for
// rows of at most inline-max-bytes left to the run. A dynamic row whose
// static part already exceeds the bound (2 x 32 f32 = 256 bytes before the
// dynamic dimension, more than 128) needs no run-time choice.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK:         } {gather.form = #gather.form<"block-copy">, gather.inline_max_bytes = 128 : i64}
// CHECK-LABEL: func.func @dynamic_long_rows
// CHECK:         } {gather.form = #gather.form<"block-copy">}
// SMALL-LABEL: func.func @dynamic_rows
// SMALL:         } {gather.form = #gather.form<"block-copy">, gather.inline_max_bytes = 32 : i64}
// SMALL-LABEL: func.func @dynamic_long_rows
// SMALL:         } {gather.form = #gather.form<"block-copy">}
func.func @dynamic_rows(%d: tensor<1000x?xf32>, %i: tensor<64xi64>) -> tensor<64x?xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<1000x?xf32>, tensor<64xi64>
  return %r : tensor<64x?xf32>
}
func.func @dynamic_long_rows(%d: tensor<1000x2x32x?xf32>, %i: tensor<64xi64>) -> tensor<64x2x32x?xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<1000x2x32x?xf32>, tensor<64xi64>
  return %r : tensor<64x2x32x?xf32>
}

// -----

// Complex elements of 8 bytes, rows of 16 bytes: inline copies.
// CHECK-LABEL: func.func @complex_rows
// CHECK:         } {gather.form = #gather.form<"inline-copy">}
func.func @complex_rows(%d: tensor<10x2xcomplex<f32>>, %i: tensor<4xi64>) -> tensor<4x2xcomplex<f32>> {
  %r = gather.gather %d[%i] axis = 0 : tensor<10x2xcomplex<f32>>, tensor<4xi64>
  return %r : tensor<4x2xcomplex<f32>>
}

// -----

// One element per index, each serving one data row (numpy.take on a
// vector): the fused element form, index work in the body, no positions.
// CHECK-LABEL: func.func @elements
// CHECK-SAME:    %[[D:.*]]: tensor<4096xf32>, %[[I:.*]]: tensor<512xi64>
// CHECK-NOT:     tensor<512xindex>
// CHECK:         linalg.generic {{.*}} ins(%[[I]] : tensor<512xi64>) {{.*}} attrs = {gather.form = #gather.form<element>}
// CHECK:           arith.index_cast
// CHECK:           arith.select
// CHECK:           tensor.extract %[[D]]
// BLOCK-LABEL:   func.func @elements
// BLOCK:           scf.forall
// BLOCK:             tensor.extract_slice %{{.*}}[%{{.*}}] [1] [1] : tensor<4096xf32> to tensor<f32>
// BLOCK:           } {gather.form = #gather.form<"block-copy">}
// INNER-LABEL:   func.func @elements
// INNER:           %[[P:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<512xindex>)
// INNER:           linalg.generic {{.*}} ins(%[[P]] : tensor<512xindex>) {{.*}} attrs = {gather.form = #gather.form<"inner-axis">}
func.func @elements(%d: tensor<4096xf32>, %i: tensor<512xi64>) -> tensor<512xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4096xf32>, tensor<512xi64>
  return %r : tensor<512xf32>
}

// -----

// The gathered axis innermost, each index serving 16 rows: positions
// computed once, then the inner-axis form reads them.
// CHECK-LABEL: func.func @inner_axis
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<64xi64>) outs(%{{.*}} : tensor<64xindex>)
// CHECK:           arith.select
// CHECK:           linalg.yield
// CHECK:         linalg.generic {{.*}} ins(%[[P]] : tensor<64xindex>) outs(%{{.*}} : tensor<16x64xf32>) attrs = {gather.form = #gather.form<"inner-axis">}
// CHECK-NOT:       arith.select
// CHECK:           tensor.extract
// ELEMENT-LABEL: func.func @inner_axis
// ELEMENT-NOT:     tensor<64xindex>
// ELEMENT:         linalg.generic {{.*}} ins(%{{.*}} : tensor<64xi64>) {{.*}} attrs = {gather.form = #gather.form<element>}
func.func @inner_axis(%d: tensor<16x1024xf32>, %i: tensor<64xi64>) -> tensor<16x64xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<16x1024xf32>, tensor<64xi64>
  return %r : tensor<16x64xf32>
}

// -----

// Constant in-range, non-negative indices need no index work: no positions
// pass even for the inner-axis form.
// CHECK-LABEL: func.func @inner_axis_constant
// CHECK-NOT:     tensor<2xindex>
// CHECK:         linalg.generic {{.*}} attrs = {gather.form = #gather.form<"inner-axis">}
func.func @inner_axis_constant(%d: tensor<16x1024xf32>) -> tensor<16x2xf32> {
  %i = arith.constant dense<[5, 7]> : tensor<2xi64>
  %r = gather.gather %d[%i] axis = 1 : tensor<16x1024xf32>, tensor<2xi64>
  return %r : tensor<16x2xf32>
}

// -----

// A statically empty slice: nothing to copy, a forced copy form takes the
// element form.
// BLOCK-LABEL: func.func @empty_slices
// BLOCK-NOT:     scf.forall
// BLOCK:         linalg.generic {{.*}} attrs = {gather.form = #gather.form<element>}
func.func @empty_slices(%d: tensor<10x0xf32>, %i: tensor<4xi64>) -> tensor<4x0xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<10x0xf32>, tensor<4xi64>
  return %r : tensor<4x0xf32>
}

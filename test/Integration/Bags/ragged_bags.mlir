// Ragged bags (ids [N], offsets) of every mode through gather-to-llvm:
// empty bags, include_last_offset both ways (with ids before the first and
// after the last offset), padding_idx, negative ids, weights, i32/i64/index/
// unsigned ids and offsets, dynamic sizes. The table's row r is
// [r + 1, 10 (r + 1)]; every expected row is summed by hand from the bags
// written beside it.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=none | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="parallel=true" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @sum(%t: tensor<5x2xf32>, %i: tensor<9xi64>, %o: tensor<4xi64>) -> tensor<4x2xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<4xi64>) : tensor<5x2xf32>, tensor<9xi64> -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
func.func @sum_last(%t: tensor<5x2xf32>, %i: tensor<9xi64>, %o: tensor<5xi64>) -> tensor<4x2xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<5xi64>) {include_last_offset} : tensor<5x2xf32>, tensor<9xi64> -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
func.func @mean_padding(%t: tensor<5x2xf32>, %i: tensor<9xi32>, %o: tensor<4xi32>) -> tensor<4x2xf32> {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<4xi32>) {padding_idx = 2 : i64} : tensor<5x2xf32>, tensor<9xi32> -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
func.func @max(%t: tensor<5x2xf32>, %i: tensor<9xi64>, %o: tensor<4xi64>) -> tensor<4x2xf32> {
  %r = gather.embedding_bag max %t[%i] offsets(%o : tensor<4xi64>) : tensor<5x2xf32>, tensor<9xi64> -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
func.func @weighted_last(%t: tensor<5x2xf32>, %i: tensor<9xi64>, %o: tensor<4xi64>, %w: tensor<9xf32>) -> tensor<3x2xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<4xi64>) weights(%w : tensor<9xf32>) {include_last_offset} : tensor<5x2xf32>, tensor<9xi64> -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
func.func @sum_dynamic(%t: tensor<?x?xf32>, %i: tensor<?xui32>, %o: tensor<?xindex>) -> tensor<?x?xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xindex>) : tensor<?x?xf32>, tensor<?xui32> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @mean_last_dynamic(%t: tensor<?x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x2xf32> {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset, padding_idx = -3 : i64} : tensor<?x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

func.func @print(%r: tensor<?x2xf32>) {
  %u = tensor.cast %r : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %t = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [5.0, 50.0]]> : tensor<5x2xf32>
  %neg = arith.constant dense<[[-1.0, -10.0], [-2.0, -20.0], [-3.0, -30.0], [-4.0, -40.0], [-5.0, -50.0]]> : tensor<5x2xf32>
  // Rows 0 1 2 4 4 4 3 0 2 (-1 is 4, -5 is 0).
  %i = arith.constant dense<[0, 1, 2, 4, 4, -1, 3, -5, 2]> : tensor<9xi64>
  %i32 = arith.constant dense<[0, 1, 2, 4, 4, -1, 3, -5, 2]> : tensor<9xi32>
  // Bags [0, 3), [3, 3) (empty), [3, 6), [6, 9).
  %o = arith.constant dense<[0, 3, 3, 6]> : tensor<4xi64>
  %o32 = arith.constant dense<[0, 3, 3, 6]> : tensor<4xi32>

  %s = call @sum(%t, %i, %o) : (tensor<5x2xf32>, tensor<9xi64>, tensor<4xi64>) -> tensor<4x2xf32>
  %sd = tensor.cast %s : tensor<4x2xf32> to tensor<?x2xf32>
  call @print(%sd) : (tensor<?x2xf32>) -> ()
  // CHECK:      sizes = [4, 2]
  // CHECK-NEXT: {{\[\[}}6,   60],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [15,   150],
  // CHECK-NEXT:  [8,   80]]

  // include_last_offset with the same bags.
  %ol = arith.constant dense<[0, 3, 3, 6, 9]> : tensor<5xi64>
  %sl = call @sum_last(%t, %i, %ol) : (tensor<5x2xf32>, tensor<9xi64>, tensor<5xi64>) -> tensor<4x2xf32>
  %sld = tensor.cast %sl : tensor<4x2xf32> to tensor<?x2xf32>
  call @print(%sld) : (tensor<?x2xf32>) -> ()
  // CHECK:      sizes = [4, 2]
  // CHECK-NEXT: {{\[\[}}6,   60],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [15,   150],
  // CHECK-NEXT:  [8,   80]]

  // include_last_offset from 1 to 8: bags {1, 2}, {}, {4, 4, 4}, {3, 0}.
  %ol2 = arith.constant dense<[1, 3, 3, 6, 8]> : tensor<5xi64>
  %sl2 = call @sum_last(%t, %i, %ol2) : (tensor<5x2xf32>, tensor<9xi64>, tensor<5xi64>) -> tensor<4x2xf32>
  %sl2d = tensor.cast %sl2 : tensor<4x2xf32> to tensor<?x2xf32>
  call @print(%sl2d) : (tensor<?x2xf32>) -> ()
  // CHECK:      sizes = [4, 2]
  // CHECK-NEXT: {{\[\[}}5,   50],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [15,   150],
  // CHECK-NEXT:  [5,   50]]

  // Row 2 is padding: bags {0, 1}, {}, {4, 4, 4}, {3, 0}.
  %mp = call @mean_padding(%t, %i32, %o32) : (tensor<5x2xf32>, tensor<9xi32>, tensor<4xi32>) -> tensor<4x2xf32>
  %mpd = tensor.cast %mp : tensor<4x2xf32> to tensor<?x2xf32>
  call @print(%mpd) : (tensor<?x2xf32>) -> ()
  // CHECK:      sizes = [4, 2]
  // CHECK-NEXT: {{\[\[}}1.5,   15],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [5,   50],
  // CHECK-NEXT:  [2.5,   25]]

  // Max of the negated rows; the empty bag gives 0.
  %x = call @max(%neg, %i, %o) : (tensor<5x2xf32>, tensor<9xi64>, tensor<4xi64>) -> tensor<4x2xf32>
  %xd = tensor.cast %x : tensor<4x2xf32> to tensor<?x2xf32>
  call @print(%xd) : (tensor<?x2xf32>) -> ()
  // CHECK:      sizes = [4, 2]
  // CHECK-NEXT: {{\[\[}}-1,   -10],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [-5,   -50],
  // CHECK-NEXT:  [-1,   -10]]

  // Bags [0, 2), [2, 2), [2, 9) with weights 1 2 | 1 0 0 0 0 1 -1:
  // [1, 10] + 2 [2, 20]; 0; [3, 30] + [1, 10] - [3, 30].
  %ow = arith.constant dense<[0, 2, 2, 9]> : tensor<4xi64>
  %w = arith.constant dense<[1.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, -1.0]> : tensor<9xf32>
  %ws = call @weighted_last(%t, %i, %ow, %w) : (tensor<5x2xf32>, tensor<9xi64>, tensor<4xi64>, tensor<9xf32>) -> tensor<3x2xf32>
  %wsd = tensor.cast %ws : tensor<3x2xf32> to tensor<?x2xf32>
  call @print(%wsd) : (tensor<?x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}5,   50],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [1,   10]]

  // Dynamic sizes, unsigned ids, index offsets: bags {0, 1, 2}, {4, 4, 4},
  // {3, 0, 2} and an empty last bag (offset 9 = N).
  %td = tensor.cast %t : tensor<5x2xf32> to tensor<?x?xf32>
  %iu = arith.constant dense<[0, 1, 2, 4, 4, 4, 3, 0, 2]> : tensor<9xui32>
  %iud = tensor.cast %iu : tensor<9xui32> to tensor<?xui32>
  %ox = arith.constant dense<[0, 3, 6, 9]> : tensor<4xindex>
  %oxd = tensor.cast %ox : tensor<4xindex> to tensor<?xindex>
  %sdyn = call @sum_dynamic(%td, %iud, %oxd) : (tensor<?x?xf32>, tensor<?xui32>, tensor<?xindex>) -> tensor<?x?xf32>
  %sdyn2 = tensor.cast %sdyn : tensor<?x?xf32> to tensor<?x2xf32>
  call @print(%sdyn2) : (tensor<?x2xf32>) -> ()
  // CHECK:      sizes = [4, 2]
  // CHECK-NEXT: {{\[\[}}6,   60],
  // CHECK-NEXT:  [15,   150],
  // CHECK-NEXT:  [8,   80],
  // CHECK-NEXT:  [0,   0]]

  // Dynamic, include_last_offset, padding_idx -3 (row 2): bags [0, 3)
  // = {0, 1}, [3, 9) = {4, 4, 4, 3, 0}: [20, 200] / 5.
  %t2 = tensor.cast %t : tensor<5x2xf32> to tensor<?x2xf32>
  %id = tensor.cast %i : tensor<9xi64> to tensor<?xi64>
  %o3 = arith.constant dense<[0, 3, 9]> : tensor<3xi64>
  %o3d = tensor.cast %o3 : tensor<3xi64> to tensor<?xi64>
  %ml = call @mean_last_dynamic(%t2, %id, %o3d) : (tensor<?x2xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x2xf32>
  call @print(%ml) : (tensor<?x2xf32>) -> ()
  // CHECK:      sizes = [2, 2]
  // CHECK-NEXT: {{\[\[}}1.5,   15],
  // CHECK-NEXT:  [4,   40]]
  return
}

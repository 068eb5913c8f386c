// Fixed bags (ids [B, L]) of every mode through gather-to-llvm, with weights,
// padding_idx (positive and negative), negative ids, i32/index ids,
// batch_dims and dynamic sizes. The table's row r is [r + 1, 10 (r + 1)]
// (batch 1 of the batched table: the negated rows); every expected row is
// summed by hand from the ids written beside it.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=none | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="parallel=true" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @sum(%t: tensor<5x2xf32>, %i: tensor<3x3xi64>) -> tensor<3x2xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<5x2xf32>, tensor<3x3xi64> -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
func.func @mean(%t: tensor<5x2xf32>, %i: tensor<3x3xi32>) -> tensor<3x2xf32> {
  %r = gather.embedding_bag mean %t[%i] : tensor<5x2xf32>, tensor<3x3xi32> -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
func.func @max(%t: tensor<5x2xf32>, %i: tensor<3x3xindex>) -> tensor<3x2xf32> {
  %r = gather.embedding_bag max %t[%i] : tensor<5x2xf32>, tensor<3x3xindex> -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
func.func @weighted(%t: tensor<5x2xf32>, %i: tensor<3x3xi64>, %w: tensor<3x3xf32>) -> tensor<3x2xf32> {
  %r = gather.embedding_bag sum %t[%i] weights(%w : tensor<3x3xf32>) : tensor<5x2xf32>, tensor<3x3xi64> -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
func.func @sum_padding(%t: tensor<5x2xf32>, %i: tensor<3x3xi64>) -> tensor<3x2xf32> {
  %r = gather.embedding_bag sum %t[%i] {padding_idx = 4 : i64} : tensor<5x2xf32>, tensor<3x3xi64> -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
func.func @mean_padding(%t: tensor<5x2xf32>, %i: tensor<3x3xi64>) -> tensor<3x2xf32> {
  %r = gather.embedding_bag mean %t[%i] {padding_idx = -1 : i64} : tensor<5x2xf32>, tensor<3x3xi64> -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
func.func @max_padding(%t: tensor<?x?xf32>, %i: tensor<?x3xi64>) -> tensor<?x?xf32> {
  %r = gather.embedding_bag max %t[%i] {padding_idx = -1 : i64} : tensor<?x?xf32>, tensor<?x3xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @sum_dynamic(%t: tensor<?x?xf32>, %i: tensor<?x?xi64>) -> tensor<?x?xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<?x?xf32>, tensor<?x?xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @batched(%t: tensor<2x5x2xf32>, %i: tensor<2x2x2xi64>) -> (tensor<2x2x2xf32>, tensor<2x2x2xf32>) {
  %s = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<2x5x2xf32>, tensor<2x2x2xi64> -> tensor<2x2x2xf32>
  %m = gather.embedding_bag max %t[%i] batch_dims = 1 : tensor<2x5x2xf32>, tensor<2x2x2xi64> -> tensor<2x2x2xf32>
  return %s, %m : tensor<2x2x2xf32>, tensor<2x2x2xf32>
}
func.func @batched_dynamic(%t: tensor<?x5x2xf32>, %i: tensor<?x2x2xi64>) -> tensor<?x2x2xf32> {
  %m = gather.embedding_bag mean %t[%i] batch_dims = 1 : tensor<?x5x2xf32>, tensor<?x2x2xi64> -> tensor<?x2x2xf32>
  return %m : tensor<?x2x2xf32>
}

func.func @print(%r: tensor<3x2xf32>) {
  %u = tensor.cast %r : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %t = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [5.0, 50.0]]> : tensor<5x2xf32>
  // Bags: rows {0, 1, 2}, {4, 4, 4} (-1 is 4), {3, 0, 2} (-5 is 0).
  %i = arith.constant dense<[[0, 1, 2], [4, 4, -1], [3, -5, 2]]> : tensor<3x3xi64>
  %i32 = arith.constant dense<[[0, 1, 2], [4, 4, -1], [3, -5, 2]]> : tensor<3x3xi32>
  %ix = arith.constant dense<[[0, 1, 2], [4, 4, 4], [3, 0, 2]]> : tensor<3x3xindex>

  %s = call @sum(%t, %i) : (tensor<5x2xf32>, tensor<3x3xi64>) -> tensor<3x2xf32>
  call @print(%s) : (tensor<3x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}6,   60],
  // CHECK-NEXT:  [15,   150],
  // CHECK-NEXT:  [8,   80]]

  %m = call @mean(%t, %i32) : (tensor<5x2xf32>, tensor<3x3xi32>) -> tensor<3x2xf32>
  call @print(%m) : (tensor<3x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}2,   20],
  // CHECK-NEXT:  [5,   50],
  // CHECK-NEXT:  [2.66667,   26.6667]]

  %x = call @max(%t, %ix) : (tensor<5x2xf32>, tensor<3x3xindex>) -> tensor<3x2xf32>
  call @print(%x) : (tensor<3x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}3,   30],
  // CHECK-NEXT:  [5,   50],
  // CHECK-NEXT:  [4,   40]]

  // 1 [1, 10] + 2 [2, 20] + 0.5 [3, 30]; [5, 50] - [5, 50] + 2 [5, 50];
  // 3 [3, 30].
  %w = arith.constant dense<[[1.0, 2.0, 0.5], [1.0, -1.0, 2.0], [0.0, 0.0, 3.0]]> : tensor<3x3xf32>
  %ws = call @weighted(%t, %i, %w) : (tensor<5x2xf32>, tensor<3x3xi64>, tensor<3x3xf32>) -> tensor<3x2xf32>
  call @print(%ws) : (tensor<3x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}6.5,   65],
  // CHECK-NEXT:  [10,   100],
  // CHECK-NEXT:  [9,   90]]

  // Row 4 is padding: bag 1 holds only padding (zeros), the others none.
  %sp = call @sum_padding(%t, %i) : (tensor<5x2xf32>, tensor<3x3xi64>) -> tensor<3x2xf32>
  call @print(%sp) : (tensor<3x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}6,   60],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [8,   80]]

  // padding_idx -1 is row 4; bag {0, 4, 2} counts two rows.
  %ip = arith.constant dense<[[0, 4, 2], [4, -1, 4], [3, -5, 2]]> : tensor<3x3xi64>
  %mp = call @mean_padding(%t, %ip) : (tensor<5x2xf32>, tensor<3x3xi64>) -> tensor<3x2xf32>
  call @print(%mp) : (tensor<3x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}2,   20],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [2.66667,   26.6667]]

  // Max of negated rows: an all-padding bag gives 0, not -inf.
  %neg = arith.constant dense<[[-1.0, -10.0], [-2.0, -20.0], [-3.0, -30.0], [-4.0, -40.0], [-5.0, -50.0]]> : tensor<5x2xf32>
  %negd = tensor.cast %neg : tensor<5x2xf32> to tensor<?x?xf32>
  %ipd = tensor.cast %ip : tensor<3x3xi64> to tensor<?x3xi64>
  %xp = call @max_padding(%negd, %ipd) : (tensor<?x?xf32>, tensor<?x3xi64>) -> tensor<?x?xf32>
  %xps = tensor.cast %xp : tensor<?x?xf32> to tensor<3x2xf32>
  call @print(%xps) : (tensor<3x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}-1,   -10],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [-1,   -10]]

  // Dynamic sizes: 3 bags of 3, then 3 bags of 0 ids (zeros).
  %td = tensor.cast %t : tensor<5x2xf32> to tensor<?x?xf32>
  %id = tensor.cast %i : tensor<3x3xi64> to tensor<?x?xi64>
  %sd = call @sum_dynamic(%td, %id) : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?xf32>
  %sds = tensor.cast %sd : tensor<?x?xf32> to tensor<3x2xf32>
  call @print(%sds) : (tensor<3x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}6,   60],
  // CHECK-NEXT:  [15,   150],
  // CHECK-NEXT:  [8,   80]]
  %e = tensor.empty() : tensor<3x0xi64>
  %ed = tensor.cast %e : tensor<3x0xi64> to tensor<?x?xi64>
  %se = call @sum_dynamic(%td, %ed) : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?xf32>
  %ses = tensor.cast %se : tensor<?x?xf32> to tensor<3x2xf32>
  call @print(%ses) : (tensor<3x2xf32>) -> ()
  // CHECK:      sizes = [3, 2]
  // CHECK-NEXT: {{\[\[}}0,   0],
  // CHECK-NEXT:  [0,   0],
  // CHECK-NEXT:  [0,   0]]

  // batch_dims = 1: batch 0 the rows above, batch 1 their negation.
  // Batch 0 bags {0, 1}, {2, 3}; batch 1 bags {0, 4} (-1 is 4), {1, 1}.
  %tb = arith.constant dense<[[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [5.0, 50.0]], [[-1.0, -10.0], [-2.0, -20.0], [-3.0, -30.0], [-4.0, -40.0], [-5.0, -50.0]]]> : tensor<2x5x2xf32>
  %ib = arith.constant dense<[[[0, 1], [2, 3]], [[0, -1], [1, 1]]]> : tensor<2x2x2xi64>
  %bs, %bm = call @batched(%tb, %ib) : (tensor<2x5x2xf32>, tensor<2x2x2xi64>) -> (tensor<2x2x2xf32>, tensor<2x2x2xf32>)
  %ubs = tensor.cast %bs : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%ubs) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [2, 2, 2]
  // CHECK-NEXT: {{\[\[\[}}3,   30],
  // CHECK-NEXT:   [7,   70]],
  // CHECK-NEXT:  {{\[\[}}-6,   -60],
  // CHECK-NEXT:   [-4,   -40]]]
  %ubm = tensor.cast %bm : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%ubm) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [2, 2, 2]
  // CHECK-NEXT: {{\[\[\[}}2,   20],
  // CHECK-NEXT:   [4,   40]],
  // CHECK-NEXT:  {{\[\[}}-1,   -10],
  // CHECK-NEXT:   [-2,   -20]]]

  // A dynamic batch dimension: means of the same bags.
  %tbd = tensor.cast %tb : tensor<2x5x2xf32> to tensor<?x5x2xf32>
  %ibd = tensor.cast %ib : tensor<2x2x2xi64> to tensor<?x2x2xi64>
  %bmd = call @batched_dynamic(%tbd, %ibd) : (tensor<?x5x2xf32>, tensor<?x2x2xi64>) -> tensor<?x2x2xf32>
  %ubmd = tensor.cast %bmd : tensor<?x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%ubmd) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [2, 2, 2]
  // CHECK-NEXT: {{\[\[\[}}1.5,   15],
  // CHECK-NEXT:   [3.5,   35]],
  // CHECK-NEXT:  {{\[\[}}-3,   -30],
  // CHECK-NEXT:   [-2,   -20]]]
  return
}

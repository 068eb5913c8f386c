// Embedding bags against the same pooling written the unfused way
// (gather.gather, then linalg.reduce / linalg.generic over the gathered
// axis) on a generated 37 x 5 table of small integers and 50 bags of 7 ids
// (negative ids included): sum, weighted sum, mean, max, and ragged bags of
// the same ids given by offsets with and without include_last_offset. Every
// value is an exact small integer (or that divided by 7 in both forms), so the
// results must be equal element for element: each line prints the number of
// elements that differ (0) and the number of non-zero elements of the
// reference (so that two empty results cannot agree by accident).

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bc3 = affine_map<(d0, d1, d2) -> (d0, d1)>

func.func private @printMemrefI32(tensor<*xi32>)

func.func @table() -> tensor<37x5xf32> {
  %e = tensor.empty() : tensor<37x5xf32>
  %t = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<37x5xf32>) {
  ^bb0(%o: f32):
    %r = linalg.index 0 : index
    %c = linalg.index 1 : index
    %c13 = arith.constant 13 : index
    %c7 = arith.constant 7 : index
    %c23 = arith.constant 23 : index
    %c11 = arith.constant 11 : index
    %a = arith.muli %r, %c13 : index
    %b = arith.muli %c, %c7 : index
    %s = arith.addi %a, %b : index
    %m = arith.remui %s, %c23 : index
    %v = arith.subi %m, %c11 : index
    %i = arith.index_cast %v : index to i64
    %f = arith.sitofp %i : i64 to f32
    linalg.yield %f : f32
  } -> tensor<37x5xf32>
  return %t : tensor<37x5xf32>
}

// ids[b, l] = (31 b + 17 l) mod 74 - 37, in [-37, 36].
func.func @ids() -> tensor<50x7xi64> {
  %e = tensor.empty() : tensor<50x7xi64>
  %t = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<50x7xi64>) {
  ^bb0(%o: i64):
    %b = linalg.index 0 : index
    %l = linalg.index 1 : index
    %c31 = arith.constant 31 : index
    %c17 = arith.constant 17 : index
    %c74 = arith.constant 74 : index
    %c37 = arith.constant 37 : index
    %x = arith.muli %b, %c31 : index
    %y = arith.muli %l, %c17 : index
    %s = arith.addi %x, %y : index
    %m = arith.remui %s, %c74 : index
    %v = arith.subi %m, %c37 : index
    %i = arith.index_cast %v : index to i64
    linalg.yield %i : i64
  } -> tensor<50x7xi64>
  return %t : tensor<50x7xi64>
}

// weights[b, l] = l - 3.
func.func @weights() -> tensor<50x7xf32> {
  %e = tensor.empty() : tensor<50x7xf32>
  %t = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<50x7xf32>) {
  ^bb0(%o: f32):
    %l = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %v = arith.subi %l, %c3 : index
    %i = arith.index_cast %v : index to i64
    %f = arith.sitofp %i : i64 to f32
    linalg.yield %f : f32
  } -> tensor<50x7xf32>
  return %t : tensor<50x7xf32>
}

// offsets[b] = 7 b for b < n.
func.func @offsets(%n: index) -> tensor<?xi64> {
  %e = tensor.empty(%n) : tensor<?xi64>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<?xi64>) {
  ^bb0(%o: i64):
    %b = linalg.index 0 : index
    %c7 = arith.constant 7 : index
    %v = arith.muli %b, %c7 : index
    %i = arith.index_cast %v : index to i64
    linalg.yield %i : i64
  } -> tensor<?xi64>
  return %t : tensor<?xi64>
}

func.func @reduce(%g: tensor<50x7x5xf32>, %init: f32, %max: i1) -> tensor<50x5xf32> {
  %e = tensor.empty() : tensor<50x5xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<50x5xf32>) -> tensor<50x5xf32>
  %r = linalg.reduce ins(%g : tensor<50x7x5xf32>) outs(%f : tensor<50x5xf32>) dimensions = [1]
    (%a: f32, %o: f32) {
      %s = arith.addf %o, %a : f32
      %m = arith.maximumf %o, %a : f32
      %v = arith.select %max, %m, %s : f32
      linalg.yield %v : f32
    }
  return %r : tensor<50x5xf32>
}

// Prints [differing elements, non-zero elements of the reference].
func.func @compare(%a: tensor<50x5xf32>, %ref: tensor<50x5xf32>) {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2xi32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c50 = arith.constant 50 : index
  %c5 = arith.constant 5 : index
  %counts = scf.for %i = %c0 to %c50 step %c1 iter_args(%acc = %init) -> tensor<2xi32> {
    %inner = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc2 = %acc) -> tensor<2xi32> {
      %x = tensor.extract %a[%i, %j] : tensor<50x5xf32>
      %y = tensor.extract %ref[%i, %j] : tensor<50x5xf32>
      %fz = arith.constant 0.0 : f32
      %ne = arith.cmpf une, %x, %y : f32
      %nz = arith.cmpf une, %y, %fz : f32
      %d0 = tensor.extract %acc2[%c0] : tensor<2xi32>
      %d1 = tensor.extract %acc2[%c1] : tensor<2xi32>
      %ne32 = arith.extui %ne : i1 to i32
      %nz32 = arith.extui %nz : i1 to i32
      %n0 = arith.addi %d0, %ne32 : i32
      %n1 = arith.addi %d1, %nz32 : i32
      %t0 = tensor.insert %n0 into %acc2[%c0] : tensor<2xi32>
      %t1 = tensor.insert %n1 into %t0[%c1] : tensor<2xi32>
      scf.yield %t1 : tensor<2xi32>
    }
    scf.yield %inner : tensor<2xi32>
  }
  %u = tensor.cast %counts : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %t = call @table() : () -> tensor<37x5xf32>
  %i = call @ids() : () -> tensor<50x7xi64>
  %w = call @weights() : () -> tensor<50x7xf32>
  %g = gather.gather %t[%i] : tensor<37x5xf32>, tensor<50x7xi64>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %false = arith.constant false
  %true = arith.constant true

  // Sum.
  %ref_sum = call @reduce(%g, %zero, %false) : (tensor<50x7x5xf32>, f32, i1) -> tensor<50x5xf32>
  %sum = gather.embedding_bag sum %t[%i] : tensor<37x5xf32>, tensor<50x7xi64> -> tensor<50x5xf32>
  call @compare(%sum, %ref_sum) : (tensor<50x5xf32>, tensor<50x5xf32>) -> ()
  // CHECK:      sizes = [2]
  // CHECK-NEXT: [0,  {{[1-9][0-9]*}}]

  // Max.
  %ref_max = call @reduce(%g, %ninf, %true) : (tensor<50x7x5xf32>, f32, i1) -> tensor<50x5xf32>
  %max = gather.embedding_bag max %t[%i] : tensor<37x5xf32>, tensor<50x7xi64> -> tensor<50x5xf32>
  call @compare(%max, %ref_max) : (tensor<50x5xf32>, tensor<50x5xf32>) -> ()
  // CHECK:      sizes = [2]
  // CHECK-NEXT: [0,  {{[1-9][0-9]*}}]

  // Mean: the reference sum divided by 7.
  %e = tensor.empty() : tensor<50x5xf32>
  %seven = arith.constant 7.0 : f32
  %ref_mean = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%ref_sum : tensor<50x5xf32>) outs(%e : tensor<50x5xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.divf %a, %seven : f32
    linalg.yield %d : f32
  } -> tensor<50x5xf32>
  %mean = gather.embedding_bag mean %t[%i] : tensor<37x5xf32>, tensor<50x7xi64> -> tensor<50x5xf32>
  call @compare(%mean, %ref_mean) : (tensor<50x5xf32>, tensor<50x5xf32>) -> ()
  // CHECK:      sizes = [2]
  // CHECK-NEXT: [0,  {{[1-9][0-9]*}}]

  // Weighted sum: the gathered rows scaled by their weights, then summed.
  %e3 = tensor.empty() : tensor<50x7x5xf32>
  %gw = linalg.generic {indexing_maps = [#id3, #bc3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g, %w : tensor<50x7x5xf32>, tensor<50x7xf32>) outs(%e3 : tensor<50x7x5xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<50x7x5xf32>
  %ref_weighted = call @reduce(%gw, %zero, %false) : (tensor<50x7x5xf32>, f32, i1) -> tensor<50x5xf32>
  %weighted = gather.embedding_bag sum %t[%i] weights(%w : tensor<50x7xf32>) : tensor<37x5xf32>, tensor<50x7xi64> -> tensor<50x5xf32>
  call @compare(%weighted, %ref_weighted) : (tensor<50x5xf32>, tensor<50x5xf32>) -> ()
  // CHECK:      sizes = [2]
  // CHECK-NEXT: [0,  {{[1-9][0-9]*}}]

  // Ragged bags of the flattened ids at offsets 0, 7, ..., 343 (and 350
  // with include_last_offset): the same bags.
  %flat = tensor.collapse_shape %i [[0, 1]] : tensor<50x7xi64> into tensor<350xi64>
  %flatd = tensor.cast %flat : tensor<350xi64> to tensor<?xi64>
  %c50 = arith.constant 50 : index
  %c51 = arith.constant 51 : index
  %o50 = call @offsets(%c50) : (index) -> tensor<?xi64>
  %o51 = call @offsets(%c51) : (index) -> tensor<?xi64>
  %rs = gather.embedding_bag sum %t[%flatd] offsets(%o50 : tensor<?xi64>) : tensor<37x5xf32>, tensor<?xi64> -> tensor<50x5xf32>
  call @compare(%rs, %ref_sum) : (tensor<50x5xf32>, tensor<50x5xf32>) -> ()
  // CHECK:      sizes = [2]
  // CHECK-NEXT: [0,  {{[1-9][0-9]*}}]
  %rm = gather.embedding_bag max %t[%flatd] offsets(%o51 : tensor<?xi64>) {include_last_offset} : tensor<37x5xf32>, tensor<?xi64> -> tensor<50x5xf32>
  call @compare(%rm, %ref_max) : (tensor<50x5xf32>, tensor<50x5xf32>) -> ()
  // CHECK:      sizes = [2]
  // CHECK-NEXT: [0,  {{[1-9][0-9]*}}]
  return
}

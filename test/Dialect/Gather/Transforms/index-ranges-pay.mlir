// The facts that gather-prove-index-ranges proves pay: for each producer of
// index values that the analysis models, the bounds check (and the wrap of
// negative values) is dropped from the lowered gather, and next to it a small
// change to the same producer that puts a value out of range keeps the check.
// The gathered dimension has size 5 (the iota: the number of positions).
// RUN: gather-opt %s --gather-prove-index-ranges --convert-gather-to-linalg --split-input-file 2>/dev/null | FileCheck %s

// a dense constant.
// CHECK-LABEL: func.func @constant_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @constant_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @constant_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %i = arith.constant dense<[0, 4]> : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @constant_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %i = arith.constant dense<[0, 5]> : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// arith.remui by a constant (arith on tensors).
// CHECK-LABEL: func.func @remui_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @remui_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @remui_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %i = arith.remui %x, %c : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @remui_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<6> : tensor<2xi64>
  %i = arith.remui %x, %c : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// an arith.andi mask.
// CHECK-LABEL: func.func @andi_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @andi_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @andi_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<3> : tensor<2xi64>
  %i = arith.andi %x, %c : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @andi_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<7> : tensor<2xi64>
  %i = arith.andi %x, %c : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// arith.maxsi and arith.minsi.
// CHECK-LABEL: func.func @clamp_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @clamp_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @clamp_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %lo = arith.constant dense<0> : tensor<2xi64>
  %hi = arith.constant dense<4> : tensor<2xi64>
  %a = arith.maxsi %x, %lo : tensor<2xi64>
  %i = arith.minsi %a, %hi : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @clamp_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %lo = arith.constant dense<0> : tensor<2xi64>
  %hi = arith.constant dense<5> : tensor<2xi64>
  %a = arith.maxsi %x, %lo : tensor<2xi64>
  %i = arith.minsi %a, %hi : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// arith.extui of a narrower value.
// CHECK-LABEL: func.func @extui_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @extui_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @extui_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<4> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %t = arith.trunci %r : tensor<2xi64> to tensor<2xi3>
  %i = arith.extui %t : tensor<2xi3> to tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @extui_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<8> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %t = arith.trunci %r : tensor<2xi64> to tensor<2xi3>
  %i = arith.extui %t : tensor<2xi3> to tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// tensor.from_elements.
// CHECK-LABEL: func.func @from_elements_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @from_elements_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @from_elements_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant 5 : i64
  %s = arith.remui %y, %c : i64
  %one = arith.constant 1 : i64
  %i = tensor.from_elements %s, %one : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @from_elements_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant 6 : i64
  %s = arith.remui %y, %c : i64
  %one = arith.constant 1 : i64
  %i = tensor.from_elements %s, %one : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// tensor.splat.
// CHECK-LABEL: func.func @splat_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @splat_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @splat_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant 5 : i64
  %s = arith.remui %y, %c : i64
  %i = tensor.splat %s : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @splat_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant 6 : i64
  %s = arith.remui %y, %c : i64
  %i = tensor.splat %s : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// tensor.concat.
// CHECK-LABEL: func.func @concat_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @concat_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @concat_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<3x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %k = arith.constant dense<[4]> : tensor<1xi64>
  %i = tensor.concat dim(0) %r, %k : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}
func.func @concat_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<3x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %k = arith.constant dense<[5]> : tensor<1xi64>
  %i = tensor.concat dim(0) %r, %k : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

// tensor.insert.
// CHECK-LABEL: func.func @insert_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @insert_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @insert_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %k = arith.constant 4 : i64
  %c0 = arith.constant 0 : index
  %i = tensor.insert %k into %r[%c0] : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @insert_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %k = arith.constant 5 : i64
  %c0 = arith.constant 0 : index
  %i = tensor.insert %k into %r[%c0] : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// tensor.insert_slice.
// CHECK-LABEL: func.func @insert_slice_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @insert_slice_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @insert_slice_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %k = arith.constant dense<[4]> : tensor<1xi64>
  %i = tensor.insert_slice %k into %r[1] [1] [1] : tensor<1xi64> into tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @insert_slice_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %k = arith.constant dense<[5]> : tensor<1xi64>
  %i = tensor.insert_slice %k into %r[1] [1] [1] : tensor<1xi64> into tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// tensor.extract.
// CHECK-LABEL: func.func @extract_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @extract_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @extract_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %c1 = arith.constant 1 : index
  %e = tensor.extract %r[%c1] : tensor<2xi64>
  %i = tensor.from_elements %e, %e : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @extract_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<6> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %c1 = arith.constant 1 : index
  %e = tensor.extract %r[%c1] : tensor<2xi64>
  %i = tensor.from_elements %e, %e : tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// tensor.extract_slice.
// CHECK-LABEL: func.func @extract_slice_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @extract_slice_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @extract_slice_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<3xi64>
  %w = tensor.from_elements %y, %y, %y : tensor<3xi64>
  %r = arith.remui %w, %c : tensor<3xi64>
  %i = tensor.extract_slice %r[0] [2] [1] : tensor<3xi64> to tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @extract_slice_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<6> : tensor<3xi64>
  %w = tensor.from_elements %y, %y, %y : tensor<3xi64>
  %r = arith.remui %w, %c : tensor<3xi64>
  %i = tensor.extract_slice %r[0] [2] [1] : tensor<3xi64> to tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// tensor.cast.
// CHECK-LABEL: func.func @cast_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @cast_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @cast_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<?x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %i = tensor.cast %r : tensor<2xi64> to tensor<?xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<?xi64>
  return %g : tensor<?x4xf32>
}
func.func @cast_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<?x4xf32> {
  %c = arith.constant dense<6> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %i = tensor.cast %r : tensor<2xi64> to tensor<?xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<?xi64>
  return %g : tensor<?x4xf32>
}

// -----

// tensor.expand_shape, tensor.collapse_shape and tensor.reshape.
// CHECK-LABEL: func.func @reshapes_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @reshapes_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @reshapes_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %e = tensor.expand_shape %r [[0, 1]] output_shape [1, 2] : tensor<2xi64> into tensor<1x2xi64>
  %f = tensor.collapse_shape %e [[0, 1]] : tensor<1x2xi64> into tensor<2xi64>
  %shape = arith.constant dense<[2]> : tensor<1xindex>
  %i = tensor.reshape %f(%shape) : (tensor<2xi64>, tensor<1xindex>) -> tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @reshapes_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<6> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  %e = tensor.expand_shape %r [[0, 1]] output_shape [1, 2] : tensor<2xi64> into tensor<1x2xi64>
  %f = tensor.collapse_shape %e [[0, 1]] : tensor<1x2xi64> into tensor<2xi64>
  %shape = arith.constant dense<[2]> : tensor<1xindex>
  %i = tensor.reshape %f(%shape) : (tensor<2xi64>, tensor<1xindex>) -> tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// a parallel linalg.generic (a clamp in its body).
// CHECK-LABEL: func.func @generic_body_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @generic_body_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @generic_body_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2xi64>
  %i = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%x : tensor<2xi64>) outs(%e : tensor<2xi64>) {
  ^bb0(%in: i64, %out: i64):
    %lo = arith.constant 0 : i64
    %hi = arith.constant 4 : i64
    %a = arith.maxsi %in, %lo : i64
    %b = arith.minsi %a, %hi : i64
    linalg.yield %b : i64
  } -> tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @generic_body_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2xi64>
  %i = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]} ins(%x : tensor<2xi64>) outs(%e : tensor<2xi64>) {
  ^bb0(%in: i64, %out: i64):
    %lo = arith.constant 0 : i64
    %hi = arith.constant 5 : i64
    %a = arith.maxsi %in, %lo : i64
    %b = arith.minsi %a, %hi : i64
    linalg.yield %b : i64
  } -> tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// linalg.index in a linalg.generic (an iota).
// CHECK-LABEL: func.func @generic_index_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @generic_index_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @generic_index_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<5x4xf32> {
  %e = tensor.empty() : tensor<5xi64>
  %i = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e : tensor<5xi64>) {
  ^bb0(%out: i64):
    %ix = linalg.index 0 : index
    %v = arith.index_cast %ix : index to i64
    linalg.yield %v : i64
  } -> tensor<5xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<5xi64>
  return %g : tensor<5x4xf32>
}
func.func @generic_index_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<6x4xf32> {
  %e = tensor.empty() : tensor<6xi64>
  %i = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e : tensor<6xi64>) {
  ^bb0(%out: i64):
    %ix = linalg.index 0 : index
    %v = arith.index_cast %ix : index to i64
    linalg.yield %v : i64
  } -> tensor<6xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<6xi64>
  return %g : tensor<6x4xf32>
}

// -----

// a reduction in a linalg.generic (maximum; a sum is not bounded).
// CHECK-LABEL: func.func @generic_reduction_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @generic_reduction_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @generic_reduction_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<2x3xi64>
  %w = tensor.from_elements %y, %y, %y, %y, %y, %y : tensor<2x3xi64>
  %r = arith.remui %w, %c : tensor<2x3xi64>
  %z = arith.constant dense<0> : tensor<2xi64>
  %i = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]} ins(%r : tensor<2x3xi64>) outs(%z : tensor<2xi64>) {
  ^bb0(%in: i64, %out: i64):
    %m = arith.maxsi %in, %out : i64
    linalg.yield %m : i64
  } -> tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @generic_reduction_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %c = arith.constant dense<5> : tensor<2x3xi64>
  %w = tensor.from_elements %y, %y, %y, %y, %y, %y : tensor<2x3xi64>
  %r = arith.remui %w, %c : tensor<2x3xi64>
  %z = arith.constant dense<0> : tensor<2xi64>
  %i = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]} ins(%r : tensor<2x3xi64>) outs(%z : tensor<2xi64>) {
  ^bb0(%in: i64, %out: i64):
    %m = arith.addi %in, %out : i64
    linalg.yield %m : i64
  } -> tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// the induction variable of scf.for (upstream).
// CHECK-LABEL: func.func @scf_for_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @scf_for_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @scf_for_dropped(%d: tensor<5x4xf32>, %acc: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 5 : index
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%a = %acc) -> tensor<1x4xf32> {
    %i = tensor.from_elements %iv : tensor<1xindex>
    %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<1xindex>
    scf.yield %g : tensor<1x4xf32>
  }
  return %r : tensor<1x4xf32>
}
func.func @scf_for_kept(%d: tensor<5x4xf32>, %acc: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 6 : index
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%a = %acc) -> tensor<1x4xf32> {
    %i = tensor.from_elements %iv : tensor<1xindex>
    %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<1xindex>
    scf.yield %g : tensor<1x4xf32>
  }
  return %r : tensor<1x4xf32>
}

// -----

// the results of scf.if (upstream region control flow).
// CHECK-LABEL: func.func @scf_if_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @scf_if_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @scf_if_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %t = scf.if %flag -> tensor<2xi64> {
    %p = arith.constant dense<[0, 1]> : tensor<2xi64>
    scf.yield %p : tensor<2xi64>
  } else {
    %q = arith.constant dense<[3, 4]> : tensor<2xi64>
    scf.yield %q : tensor<2xi64>
  }
  %i = tensor.cast %t : tensor<2xi64> to tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func @scf_if_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>, %y: i64, %flag: i1) -> tensor<2x4xf32> {
  %t = scf.if %flag -> tensor<2xi64> {
    %p = arith.constant dense<[0, 1]> : tensor<2xi64>
    scf.yield %p : tensor<2xi64>
  } else {
    %q = arith.constant dense<[3, 5]> : tensor<2xi64>
    scf.yield %q : tensor<2xi64>
  }
  %i = tensor.cast %t : tensor<2xi64> to tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

// -----

// the result of a call (the solver is interprocedural).
// CHECK-LABEL: func.func @call_dropped
// CHECK-NOT:     arith.select
// CHECK-NOT:     @__gather_mlir_index_out_of_bounds
// CHECK:         return
// CHECK-LABEL: func.func @call_kept
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func private @ids_dropped(%x: tensor<2xi64>) -> tensor<2xi64> {
  %c = arith.constant dense<5> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  return %r : tensor<2xi64>
}
func.func @call_dropped(%d: tensor<5x4xf32>, %x: tensor<2xi64>) -> tensor<2x4xf32> {
  %i = call @ids_dropped(%x) : (tensor<2xi64>) -> tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}
func.func private @ids_kept(%x: tensor<2xi64>) -> tensor<2xi64> {
  %c = arith.constant dense<6> : tensor<2xi64>
  %r = arith.remui %x, %c : tensor<2xi64>
  return %r : tensor<2xi64>
}
func.func @call_kept(%d: tensor<5x4xf32>, %x: tensor<2xi64>) -> tensor<2x4xf32> {
  %i = call @ids_kept(%x) : (tensor<2xi64>) -> tensor<2xi64>
  %g = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  return %g : tensor<2x4xf32>
}

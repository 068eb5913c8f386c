// Folding and canonicalisation of gather.gather: each rewrite with cases where
// it fires and cases where it must not. Expected constants are computed by
// hand from the op's definition.
// RUN: gather-opt %s --canonicalize --split-input-file | FileCheck %s

// Constant data and constant indices (one negative) fold to a constant:
// rows 2 and -3 + 3 = 0.
// CHECK-LABEL: func.func @fold_constant
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[}}5.000000e+00, 6.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:    return %[[C]]
func.func @fold_constant() -> tensor<2x2xf32> {
  %d = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %i = arith.constant dense<[2, -3]> : tensor<2xi64>
  %r = gather.gather %d[%i] : tensor<3x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// axis 1, batch_dims 1 (the ATB example): [[1, 3], [5, 4]].
// CHECK-LABEL: func.func @fold_constant_batch_dims
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[}}1, 3], [5, 4]]> : tensor<2x2xi32>
// CHECK-NEXT:    return %[[C]]
func.func @fold_constant_batch_dims() -> tensor<2x2xi32> {
  %d = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %i = arith.constant dense<[[0, 2], [1, 0]]> : tensor<2x2xi32>
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x3xi32>, tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

// -----

// axis 1 with 2-D indices and unsigned index values:
// out[p, j0, j1] = d[p, i[j0, j1]], i = [[2], [0]].
// CHECK-LABEL: func.func @fold_constant_axis1_unsigned
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[\[}}3], [1]], {{\[\[}}6], [4]]]> : tensor<2x2x1xi64>
// CHECK-NEXT:    return %[[C]]
func.func @fold_constant_axis1_unsigned() -> tensor<2x2x1xi64> {
  %d = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %i = arith.constant dense<[[2], [0]]> : tensor<2x1xui32>
  %r = gather.gather %d[%i] axis = 1 : tensor<2x3xi64>, tensor<2x1xui32>
  return %r : tensor<2x2x1xi64>
}

// -----

// An out-of-range constant index (3 for a dimension of 3, or -4) is never
// folded.
// CHECK-LABEL: func.func @no_fold_out_of_range
// CHECK:         gather.gather
// CHECK:         gather.gather
func.func @no_fold_out_of_range() -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %d = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %i = arith.constant dense<[0, 3]> : tensor<2xi64>
  %r = gather.gather %d[%i] : tensor<3x2xf32>, tensor<2xi64>
  %j = arith.constant dense<[-4, 0]> : tensor<2xi64>
  %s = gather.gather %d[%j] : tensor<3x2xf32>, tensor<2xi64>
  return %r, %s : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// The fold is capped at 65536 result elements: 65536 folds (into a splat,
// since every index is 0), 65537 does not.
// CHECK-LABEL: func.func @fold_cap
// CHECK-DAG:     arith.constant dense<1.000000e+00> : tensor<65536xf32>
// CHECK-DAG:     %[[BIG:.*]] = gather.gather %{{.*}}[%{{.*}}] : tensor<2xf32>, tensor<65537xi64>
func.func @fold_cap() -> (tensor<65536xf32>, tensor<65537xf32>) {
  %d = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %i = arith.constant dense<0> : tensor<65536xi64>
  %r = gather.gather %d[%i] : tensor<2xf32>, tensor<65536xi64>
  %j = arith.constant dense<0> : tensor<65537xi64>
  %s = gather.gather %d[%j] : tensor<2xf32>, tensor<65537xi64>
  return %r, %s : tensor<65536xf32>, tensor<65537xf32>
}

// -----

// A dynamic result type is not folded into a constant.
// CHECK-LABEL: func.func @no_fold_dynamic_result
// CHECK:         gather.gather
func.func @no_fold_dynamic_result() -> tensor<?x2xf32> {
  %d = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %i = arith.constant dense<[1, 0]> : tensor<2xi64>
  %r = gather.gather %d[%i] : tensor<3x2xf32>, tensor<2xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

// -----

// Splat data with constant in-range indices folds to a splat of any size;
// with indices proved in range (indices_in_range) too.
// CHECK-LABEL: func.func @fold_splat
// CHECK-DAG:     %[[A:.*]] = arith.constant dense<7.000000e+00> : tensor<100000x3xf32>
// CHECK-DAG:     %[[B:.*]] = arith.constant dense<7.000000e+00> : tensor<2x3xf32>
// CHECK-NOT:     gather.gather
// CHECK:         return %[[A]], %[[B]]
func.func @fold_splat(%k: tensor<2xi64>) -> (tensor<100000x3xf32>, tensor<2x3xf32>) {
  %d = arith.constant dense<7.0> : tensor<4x3xf32>
  %i = arith.constant dense<-1> : tensor<100000xi64>
  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<100000xi64>
  %s = gather.gather %d[%k] {indices_in_range} : tensor<4x3xf32>, tensor<2xi64>
  return %r, %s : tensor<100000x3xf32>, tensor<2x3xf32>
}

// -----

// Splat data with indices not known to be in range keeps the gather (its
// bounds check still reports a bad index), and so do out-of-range constant
// indices.
// CHECK-LABEL: func.func @no_fold_splat
// CHECK:         gather.gather
// CHECK:         gather.gather
func.func @no_fold_splat(%k: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %d = arith.constant dense<7.0> : tensor<4x3xf32>
  %r = gather.gather %d[%k] : tensor<4x3xf32>, tensor<2xi64>
  %i = arith.constant dense<[0, 4]> : tensor<2xi64>
  %s = gather.gather %d[%i] : tensor<4x3xf32>, tensor<2xi64>
  return %r, %s : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Indices that are the identity sequence along the axis (also spelled with
// negative values) fold to the data.
// CHECK-LABEL: func.func @fold_identity
// CHECK-SAME:    %[[D:[^:]*]]: tensor<2x3xf32>
// CHECK-NOT:     gather.gather
// CHECK:         return %[[D]], %[[D]]
func.func @fold_identity(%d: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %i = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  %r = gather.gather %d[%i] axis = 1 : tensor<2x3xf32>, tensor<3xi64>
  %j = arith.constant dense<[-3, -2, -1]> : tensor<3xi32>
  %s = gather.gather %d[%j] axis = 1 : tensor<2x3xf32>, tensor<3xi32>
  return %r, %s : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Not the identity: a permutation, a prefix, 2-D indices, batch dimensions.
// CHECK-LABEL: func.func @no_fold_identity
// CHECK-COUNT-4: gather.gather
func.func @no_fold_identity(%d: tensor<2x3xf32>, %e: tensor<2x2xf32>)
    -> (tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x1x3xf32>, tensor<2x2xf32>) {
  %i = arith.constant dense<[0, 2, 1]> : tensor<3xi64>
  %r = gather.gather %d[%i] axis = 1 : tensor<2x3xf32>, tensor<3xi64>
  %j = arith.constant dense<[0, 1]> : tensor<2xi64>
  %s = gather.gather %d[%j] axis = 1 : tensor<2x3xf32>, tensor<2xi64>
  %k = arith.constant dense<[[0, 1, 2]]> : tensor<1x3xi64>
  %t = gather.gather %d[%k] axis = 1 : tensor<2x3xf32>, tensor<1x3xi64>
  %l = arith.constant dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>
  %u = gather.gather %e[%l] axis = 1 batch_dims = 1 : tensor<2x2xf32>, tensor<2x2xi64>
  return %r, %s, %t, %u : tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x1x3xf32>, tensor<2x2xf32>
}

// -----

// A single constant index is a slice of the data: 1-D indices keep a unit
// dimension, rank-0 indices drop it (-1 wraps to 3), 2-D indices expand it.
// CHECK-LABEL: func.func @single_index
// CHECK-SAME:    %[[D:[^:]*]]: tensor<3x4xf32>, %[[E:[^:]*]]: tensor<?x4xf32>
// CHECK-DAG:     %[[A:.*]] = tensor.extract_slice %[[D]][1, 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<1x4xf32>
// CHECK-DAG:     %[[B:.*]] = tensor.extract_slice %[[D]][0, 3] [3, 1] [1, 1] : tensor<3x4xf32> to tensor<3xf32>
// CHECK-DAG:     %[[DIM:.*]] = tensor.dim %[[E]], %{{.*}} : tensor<?x4xf32>
// CHECK-DAG:     %[[S:.*]] = tensor.extract_slice %[[E]][0, 2] [%[[DIM]], 1] [1, 1] : tensor<?x4xf32> to tensor<?x1xf32>
// CHECK-DAG:     %[[C:.*]] = tensor.expand_shape %[[S]] {{\[\[}}0], [1, 2]] output_shape [%{{.*}}, 1, 1] : tensor<?x1xf32> into tensor<?x1x1xf32>
// CHECK-NOT:     gather.gather
// CHECK:         return %[[A]], %[[B]], %[[C]]
func.func @single_index(%d: tensor<3x4xf32>, %e: tensor<?x4xf32>)
    -> (tensor<1x4xf32>, tensor<3xf32>, tensor<?x1x1xf32>) {
  %i = arith.constant dense<1> : tensor<1xi64>
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<1xi64>
  %j = arith.constant dense<-1> : tensor<i32>
  %s = gather.gather %d[%j] axis = 1 : tensor<3x4xf32>, tensor<i32>
  %k = arith.constant dense<2> : tensor<1x1xi64>
  %t = gather.gather %e[%k] axis = 1 : tensor<?x4xf32>, tensor<1x1xi64>
  return %r, %s, %t : tensor<1x4xf32>, tensor<3xf32>, tensor<?x1x1xf32>
}

// -----

// Not a slice: an out-of-range index, a dynamic gathered dimension (the range
// is unknown), batch dimensions.
// CHECK-LABEL: func.func @no_single_index
// CHECK-NOT:     tensor.extract_slice
// CHECK-COUNT-3: gather.gather
func.func @no_single_index(%d: tensor<3x4xf32>, %e: tensor<?x4xf32>, %f: tensor<1x4xf32>)
    -> (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x1xf32>) {
  %i = arith.constant dense<3> : tensor<1xi64>
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<1xi64>
  %j = arith.constant dense<0> : tensor<1xi64>
  %s = gather.gather %e[%j] : tensor<?x4xf32>, tensor<1xi64> -> tensor<1x4xf32>
  %k = arith.constant dense<1> : tensor<1x1xi64>
  %t = gather.gather %f[%k] axis = 1 batch_dims = 1 : tensor<1x4xf32>, tensor<1x1xi64>
  return %r, %s, %t : tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x1xf32>
}

// -----

// A gather of a gather along the same axis gathers once, at the inner indices
// gathered by the outer ones (which keep their i32 type against the i64 inner
// indices); proofs carry over to the matching gather.
// CHECK-LABEL: func.func @gather_of_gather
// CHECK-SAME:    %[[X:[^:]*]]: tensor<2x5xf32>, %[[K:[^:]*]]: tensor<3xi64>, %[[J:[^:]*]]: tensor<4xi32>
// CHECK-NEXT:    %[[KJ:.*]] = gather.gather %[[K]][%[[J]]] {indices_in_range} : tensor<3xi64>, tensor<4xi32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[X]][%[[KJ]]] axis = 1 {indices_nonnegative} : tensor<2x5xf32>, tensor<4xi64>
// CHECK-NEXT:    return %[[R]]
func.func @gather_of_gather(%x: tensor<2x5xf32>, %k: tensor<3xi64>, %j: tensor<4xi32>) -> tensor<2x4xf32> {
  %g = gather.gather %x[%k] axis = 1 {indices_nonnegative} : tensor<2x5xf32>, tensor<3xi64>
  %r = gather.gather %g[%j] axis = 1 {indices_in_range} : tensor<2x3xf32>, tensor<4xi32>
  return %r : tensor<2x4xf32>
}

// -----

// With 2-D outer indices and dynamic sizes; the declared result type is kept.
// CHECK-LABEL: func.func @gather_of_gather_dynamic
// CHECK-SAME:    %[[X:[^:]*]]: tensor<?x?xf32>, %[[K:[^:]*]]: tensor<?xindex>, %[[J:[^:]*]]: tensor<2x3xi64>
// CHECK-NEXT:    %[[KJ:.*]] = gather.gather %[[K]][%[[J]]] : tensor<?xindex>, tensor<2x3xi64>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[X]][%[[KJ]]] : tensor<?x?xf32>, tensor<2x3xindex>
// CHECK-NEXT:    return %[[R]] : tensor<2x3x?xf32>
func.func @gather_of_gather_dynamic(%x: tensor<?x?xf32>, %k: tensor<?xindex>, %j: tensor<2x3xi64>) -> tensor<2x3x?xf32> {
  %g = gather.gather %x[%k] : tensor<?x?xf32>, tensor<?xindex>
  %r = gather.gather %g[%j] : tensor<?x?xf32>, tensor<2x3xi64>
  return %r : tensor<2x3x?xf32>
}

// -----

// Not composed: different axes, batch dimensions, 2-D inner indices.
// CHECK-LABEL: func.func @no_gather_of_gather
// CHECK-COUNT-6: gather.gather
// CHECK-NOT:     gather.gather
func.func @no_gather_of_gather(%x: tensor<4x5xf32>, %k: tensor<3xi64>, %j: tensor<2xi64>,
                               %b: tensor<4x3xi64>, %c: tensor<4x2xi64>, %m: tensor<2x3xi64>)
    -> (tensor<2x3xf32>, tensor<4x2xf32>, tensor<2x3x5xf32>) {
  %g0 = gather.gather %x[%k] axis = 1 : tensor<4x5xf32>, tensor<3xi64>
  %r0 = gather.gather %g0[%j] axis = 0 : tensor<4x3xf32>, tensor<2xi64>
  %g1 = gather.gather %x[%b] axis = 1 batch_dims = 1 : tensor<4x5xf32>, tensor<4x3xi64>
  %r1 = gather.gather %g1[%c] axis = 1 batch_dims = 1 : tensor<4x3xf32>, tensor<4x2xi64>
  %g2 = gather.gather %x[%m] : tensor<4x5xf32>, tensor<2x3xi64>
  %r2 = gather.gather %g2[%j] : tensor<2x3x5xf32>, tensor<2xi64>
  return %r0, %r1, %r2 : tensor<2x3xf32>, tensor<4x2xf32>, tensor<2x3x5xf32>
}

// -----

// Not composed although the shapes would fit: the inner gather picks columns
// (axis 1) of a square table, the outer one rows (axis 0); composing them
// would pick rows k[j] instead of the columns k of rows j.
// CHECK-LABEL: func.func @no_gather_of_gather_axes
// CHECK:         %[[G:.*]] = gather.gather %{{[^ ]+}} axis = 1 : tensor<4x4xf32>, tensor<4xi64>
// CHECK:         gather.gather %[[G]][%{{[^ ]+}}] : tensor<4x4xf32>, tensor<2xi64>
func.func @no_gather_of_gather_axes(%x: tensor<4x4xf32>, %k: tensor<4xi64>, %j: tensor<2xi64>)
    -> tensor<2x4xf32> {
  %g = gather.gather %x[%k] axis = 1 : tensor<4x4xf32>, tensor<4xi64>
  %r = gather.gather %g[%j] : tensor<4x4xf32>, tensor<2xi64>
  return %r : tensor<2x4xf32>
}

// -----

// tensor.cast producers that only erase static sizes are absorbed; a cast
// back gives the declared result type.
// CHECK-LABEL: func.func @absorb_cast
// CHECK-SAME:    %[[D:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2xi64>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[D]][%[[I]]] {indices_in_range} : tensor<3x4xf32>, tensor<2xi64>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[R]] : tensor<2x4xf32> to tensor<?x?xf32>
// CHECK-NEXT:    return %[[C]]
func.func @absorb_cast(%d: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<?x?xf32> {
  %cd = tensor.cast %d : tensor<3x4xf32> to tensor<?x?xf32>
  %ci = tensor.cast %i : tensor<2xi64> to tensor<?xi64>
  %r = gather.gather %cd[%ci] {indices_in_range} : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}

// -----

// Not absorbed: a cast that adds static sizes (a run-time assertion), and a
// cast whose static source contradicts a batch dimension of the indices
// (3 vs 2: an error for the run time to report, not a verifier failure).
// CHECK-LABEL: func.func @no_absorb_cast
// CHECK:         tensor.cast
// CHECK:         gather.gather
// CHECK:         tensor.cast
// CHECK:         gather.gather
func.func @no_absorb_cast(%d: tensor<?x4xf32>, %i: tensor<2xi64>, %e: tensor<3x4xf32>, %j: tensor<2x2xi64>)
    -> (tensor<2x4xf32>, tensor<2x2xf32>) {
  %cd = tensor.cast %d : tensor<?x4xf32> to tensor<3x4xf32>
  %r = gather.gather %cd[%i] : tensor<3x4xf32>, tensor<2xi64>
  %ce = tensor.cast %e : tensor<3x4xf32> to tensor<?x4xf32>
  %s = gather.gather %ce[%j] axis = 1 batch_dims = 1 : tensor<?x4xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  return %r, %s : tensor<2x4xf32>, tensor<2x2xf32>
}

// -----

// The explicit wrap of negative indices against the gathered size (3) is
// absorbed: on tensors (two spellings) and as a linalg.generic; proofs about
// the wrapped values are dropped.
// CHECK-LABEL: func.func @absorb_wrap
// CHECK-SAME:    %[[D:[^:]*]]: tensor<3x4xf32>, %[[K:[^:]*]]: tensor<2xi64>, %[[L:[^:]*]]: tensor<2xi32>
// CHECK-NOT:     arith.select
// CHECK-NOT:     linalg.generic
// CHECK:         %[[A:.*]] = gather.gather %[[D]][%[[K]]] : tensor<3x4xf32>, tensor<2xi64>
// CHECK:         %[[B:.*]] = gather.gather %[[D]][%[[K]]] : tensor<3x4xf32>, tensor<2xi64>
// CHECK:         %[[C:.*]] = gather.gather %[[D]][%[[L]]] : tensor<3x4xf32>, tensor<2xi32>
// CHECK:         return %[[A]], %[[B]], %[[C]]
func.func @absorb_wrap(%d: tensor<3x4xf32>, %k: tensor<2xi64>, %l: tensor<2xi32>)
    -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %zero = arith.constant dense<0> : tensor<2xi64>
  %s = arith.constant dense<3> : tensor<2xi64>
  %neg = arith.cmpi slt, %k, %zero : tensor<2xi64>
  %add = arith.addi %k, %s : tensor<2xi64>
  %w = arith.select %neg, %add, %k : tensor<2xi1>, tensor<2xi64>
  %a = gather.gather %d[%w] {indices_in_range, indices_nonnegative} : tensor<3x4xf32>, tensor<2xi64>
  // k >= 0 ? k : s + k
  %pos = arith.cmpi sle, %zero, %k : tensor<2xi64>
  %add2 = arith.addi %s, %k : tensor<2xi64>
  %w2 = arith.select %pos, %k, %add2 : tensor<2xi1>, tensor<2xi64>
  %b = gather.gather %d[%w2] : tensor<3x4xf32>, tensor<2xi64>
  %e = tensor.empty() : tensor<2xi32>
  %w3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                        iterator_types = ["parallel"]}
      ins(%l : tensor<2xi32>) outs(%e : tensor<2xi32>) {
  ^bb0(%in: i32, %out: i32):
    %c0 = arith.constant 0 : i32
    %c3 = arith.constant 3 : i32
    %n = arith.cmpi slt, %in, %c0 : i32
    %p = arith.addi %in, %c3 : i32
    %v = arith.select %n, %p, %in : i32
    linalg.yield %v : i32
  } -> tensor<2xi32>
  %c = gather.gather %d[%w3] : tensor<3x4xf32>, tensor<2xi32>
  return %a, %b, %c : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Not absorbed: a wrap against another size (4), arms swapped (not a wrap),
// a dynamic gathered dimension, a generic that reads its output.
// CHECK-LABEL: func.func @no_absorb_wrap
// CHECK:         %[[W1:.*]] = arith.select
// CHECK-NEXT:    gather.gather %{{.*}}[%[[W1]]]
// CHECK:         %[[W2:.*]] = arith.select
// CHECK-NEXT:    gather.gather %{{.*}}[%[[W2]]]
// CHECK:         %[[W3:.*]] = arith.select
// CHECK-NEXT:    gather.gather %{{.*}}[%[[W3]]]
// CHECK:         %[[W4:.*]] = linalg.generic
// CHECK:         gather.gather %{{.*}}[%[[W4]]]
func.func @no_absorb_wrap(%d: tensor<3x4xf32>, %k: tensor<2xi64>, %f: tensor<?x4xf32>, %l: tensor<2xi32>)
    -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %zero = arith.constant dense<0> : tensor<2xi64>
  %s4 = arith.constant dense<4> : tensor<2xi64>
  %neg = arith.cmpi slt, %k, %zero : tensor<2xi64>
  %add4 = arith.addi %k, %s4 : tensor<2xi64>
  %w = arith.select %neg, %add4, %k : tensor<2xi1>, tensor<2xi64>
  %a = gather.gather %d[%w] : tensor<3x4xf32>, tensor<2xi64>
  %s = arith.constant dense<3> : tensor<2xi64>
  %add = arith.addi %k, %s : tensor<2xi64>
  %w2 = arith.select %neg, %k, %add : tensor<2xi1>, tensor<2xi64>
  %b = gather.gather %d[%w2] : tensor<3x4xf32>, tensor<2xi64>
  %w3 = arith.select %neg, %add, %k : tensor<2xi1>, tensor<2xi64>
  %c = gather.gather %f[%w3] : tensor<?x4xf32>, tensor<2xi64> -> tensor<2x4xf32>
  %e = arith.constant dense<1> : tensor<2xi32>
  %w4 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                        iterator_types = ["parallel"]}
      ins(%l : tensor<2xi32>) outs(%e : tensor<2xi32>) {
  ^bb0(%in: i32, %out: i32):
    %c0 = arith.constant 0 : i32
    %c3 = arith.constant 3 : i32
    %n = arith.cmpi slt, %in, %c0 : i32
    %p = arith.addi %in, %c3 : i32
    %v = arith.select %n, %p, %out : i32
    linalg.yield %v : i32
  } -> tensor<2xi32>
  %g = gather.gather %d[%w4] : tensor<3x4xf32>, tensor<2xi32>
  return %a, %b, %c, %g : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Not absorbed: comparisons that are not `k < 0`: `k <= 0` (0 would become s,
// out of range), `k > 0` and `0 < k` with the wrapped arm for positive
// values, and an unsigned comparison.
// CHECK-LABEL: func.func @no_absorb_wrap_predicates
// CHECK-COUNT-4: arith.select
// CHECK-NOT:     gather.gather %{{[^ ]+}}[%{{arg[0-9]+}}]
func.func @no_absorb_wrap_predicates(%d: tensor<3x4xf32>, %k: tensor<2xi64>)
    -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %zero = arith.constant dense<0> : tensor<2xi64>
  %s = arith.constant dense<3> : tensor<2xi64>
  %add = arith.addi %k, %s : tensor<2xi64>
  %le = arith.cmpi sle, %k, %zero : tensor<2xi64>
  %w1 = arith.select %le, %add, %k : tensor<2xi1>, tensor<2xi64>
  %a = gather.gather %d[%w1] : tensor<3x4xf32>, tensor<2xi64>
  %gt = arith.cmpi sgt, %k, %zero : tensor<2xi64>
  %w2 = arith.select %gt, %add, %k : tensor<2xi1>, tensor<2xi64>
  %b = gather.gather %d[%w2] : tensor<3x4xf32>, tensor<2xi64>
  %lt = arith.cmpi slt, %zero, %k : tensor<2xi64>
  %w3 = arith.select %lt, %add, %k : tensor<2xi1>, tensor<2xi64>
  %c = gather.gather %d[%w3] : tensor<3x4xf32>, tensor<2xi64>
  %ult = arith.cmpi ult, %k, %zero : tensor<2xi64>
  %w4 = arith.select %ult, %add, %k : tensor<2xi1>, tensor<2xi64>
  %e = gather.gather %d[%w4] : tensor<3x4xf32>, tensor<2xi64>
  return %a, %b, %c, %e : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// An iota over the whole gathered dimension (index or i32 elements) also
// folds to the data.
// CHECK-LABEL: func.func @iota_identity
// CHECK-SAME:    %[[D:[^:]*]]: tensor<2x3xf32>
// CHECK-NOT:     gather.gather
// CHECK:         return %[[D]], %[[D]]
#id = affine_map<(d0) -> (d0)>
func.func @iota_identity(%d: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<3xindex>
  %i = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e : tensor<3xindex>) {
  ^bb0(%out: index):
    %ix = linalg.index 0 : index
    linalg.yield %ix : index
  } -> tensor<3xindex>
  %r = gather.gather %d[%i] axis = 1 : tensor<2x3xf32>, tensor<3xindex>
  %f = tensor.empty() : tensor<3xi32>
  %j = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%f : tensor<3xi32>) {
  ^bb0(%out: i32):
    %ix = linalg.index 0 : index
    %v = arith.index_cast %ix : index to i32
    linalg.yield %v : i32
  } -> tensor<3xi32>
  %s = gather.gather %d[%j] axis = 1 : tensor<2x3xf32>, tensor<3xi32>
  return %r, %s : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Not the identity: an iota over fewer positions than the dimension, and one
// offset by 1.
// CHECK-LABEL: func.func @no_iota_identity
// CHECK-COUNT-2: gather.gather
#id = affine_map<(d0) -> (d0)>
func.func @no_iota_identity(%d: tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<2xindex>
  %i = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e : tensor<2xindex>) {
  ^bb0(%out: index):
    %ix = linalg.index 0 : index
    linalg.yield %ix : index
  } -> tensor<2xindex>
  %r = gather.gather %d[%i] axis = 1 : tensor<2x3xf32>, tensor<2xindex>
  %f = tensor.empty() : tensor<3xindex>
  %j = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%f : tensor<3xindex>) {
  ^bb0(%out: index):
    %ix = linalg.index 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.addi %ix, %c1 : index
    linalg.yield %v : index
  } -> tensor<3xindex>
  %s = gather.gather %d[%j] axis = 1 : tensor<2x3xf32>, tensor<3xindex>
  return %r, %s : tensor<2x2xf32>, tensor<2x3xf32>
}

// -----

// Edge cases that fold to empty constants or not at all, without a crash:
// splat data with empty indices, and empty data with empty indices.
// CHECK-LABEL: func.func @empty
// CHECK-DAG:     arith.constant dense<> : tensor<0x3xf32>
// CHECK-DAG:     arith.constant dense<> : tensor<0x0xf32>
func.func @empty() -> (tensor<0x3xf32>, tensor<0x0xf32>) {
  %d = arith.constant dense<7.0> : tensor<4x3xf32>
  %i = arith.constant dense<> : tensor<0xi64>
  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<0xi64>
  %e = arith.constant dense<> : tensor<0x0xf32>
  %s = gather.gather %e[%i] axis = 1 : tensor<0x0xf32>, tensor<0xi64>
  return %r, %s : tensor<0x3xf32>, tensor<0x0xf32>
}

// -----

// An unsigned constant index equal to the size (3 for a dimension of 3) is
// out of range: never folded (nor read from the constant).
// CHECK-LABEL: func.func @no_fold_unsigned_equal_size
// CHECK:         %[[R:.*]] = gather.gather
// CHECK-NEXT:    return %[[R]]
func.func @no_fold_unsigned_equal_size() -> tensor<2xi64> {
  %d = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  %i = arith.constant dense<[0, 3]> : tensor<2xui32>
  %r = gather.gather %d[%i] : tensor<3xi64>, tensor<2xui32>
  return %r : tensor<2xi64>
}

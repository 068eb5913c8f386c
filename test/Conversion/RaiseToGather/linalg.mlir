// RUN: gather-opt %s -split-input-file --raise-to-gather | FileCheck %s
// RUN: gather-opt %s -split-input-file --raise-to-gather --gather-prove-index-ranges | FileCheck %s --check-prefix=PROVED

// The linalg gather idiom as frontends emit it (see the execution tests in
// test/Integration/Raise for the same forms run against upstream MLIR), and
// look-alikes that are no gather and stay as they are.

// torch-mlir aten.embedding: the range asserts on the id move, with the
// cast of the id, into an elementwise generic over the ids before the
// gather; the gather reads every position as non-negative.
// CHECK-LABEL: func.func @torch_embedding
// CHECK-SAME:    (%[[W:.*]]: tensor<50x16xf32>, %[[I:.*]]: tensor<4x6xi64>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x6xindex>
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<4x6xi64>) outs(%[[E]] : tensor<4x6xindex>)
// CHECK:           %[[K:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:           cf.assert %{{.*}}, "index must be smaller than dim size"
// CHECK:           cf.assert %{{.*}}, "index must be larger or equal to 0"
// CHECK:           linalg.yield %[[K]] : index
// CHECK:         %[[G:.*]] = gather.gather %[[W]][%[[P]]] {indices_nonnegative} : tensor<50x16xf32>, tensor<4x6xindex>
// CHECK:         %[[C:.*]] = tensor.cast %[[G]]
// CHECK:         return %[[C]]
func.func @torch_embedding(%weight: tensor<50x16xf32>, %ids: tensor<4x6xi64>) -> tensor<4x6x16xf32> {
  %0 = tensor.empty() : tensor<4x6x16xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<4x6xi64>) outs(%0 : tensor<4x6x16xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 2 : index
    %4 = arith.index_cast %in : i64 to index
    %c0 = arith.constant 0 : index
    %c50 = arith.constant 50 : index
    %5 = arith.cmpi slt, %4, %c50 : index
    cf.assert %5, "index must be smaller than dim size"
    %c0_i64 = arith.constant 0 : i64
    %6 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %6, "index must be larger or equal to 0"
    %extracted = tensor.extract %weight[%2, %3] : tensor<50x16xf32>
    linalg.yield %extracted : f32
  } -> tensor<4x6x16xf32>
  %cast = tensor.cast %1 : tensor<4x6x16xf32> to tensor<4x6x16xf32>
  return %cast : tensor<4x6x16xf32>
}

// -----

// The same with dynamic sizes: the asserts hold vacuously when a row has
// no element (the idiom never evaluates them then).
// CHECK-LABEL: func.func @torch_embedding_dynamic
// CHECK-SAME:    (%[[W:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?xi64>)
// CHECK:         %[[OUT:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK:         %[[COLS:.*]] = tensor.dim %[[OUT]], %{{.*}} : tensor<?x?xf32>
// CHECK:         %[[NONE:.*]] = arith.cmpi eq, %[[COLS]], %{{.*}} : index
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<?xi64>) outs(%{{.*}} : tensor<?xindex>)
// CHECK:           %[[LT:.*]] = arith.cmpi slt
// CHECK:           %[[OK:.*]] = arith.ori %[[LT]], %[[NONE]] : i1
// CHECK:           cf.assert %[[OK]], "index must be smaller than dim size"
// CHECK:         gather.gather %[[W]][%[[P]]] {indices_nonnegative} : tensor<?x?xf32>, tensor<?xindex>
func.func @torch_embedding_dynamic(%weight: tensor<?x?xf32>, %ids: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %ids, %c0 : tensor<?xi64>
  %c1 = arith.constant 1 : index
  %dim1 = tensor.dim %weight, %c1 : tensor<?x?xf32>
  %0 = tensor.empty(%dim, %dim1) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi64>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %4 = arith.index_cast %in : i64 to index
    %c0_1 = arith.constant 0 : index
    %dim2 = tensor.dim %weight, %c0_1 : tensor<?x?xf32>
    %5 = arith.cmpi slt, %4, %dim2 : index
    cf.assert %5, "index must be smaller than dim size"
    %extracted = tensor.extract %weight[%2, %3] : tensor<?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// An assert on a value defined outside the generic moves too (and holds
// when no element is computed).
// CHECK-LABEL: func.func @assert_outer
// CHECK-SAME:    (%{{.*}}: tensor<?x?xf32>, %{{.*}}: tensor<?xi64>, %[[OK:.*]]: i1)
// CHECK:         %[[NONE:.*]] = arith.cmpi eq
// CHECK:         linalg.generic
// CHECK:           %[[HOLDS:.*]] = arith.ori %[[OK]], %[[NONE]] : i1
// CHECK:           cf.assert %[[HOLDS]], "outer"
// CHECK:         gather.gather
func.func @assert_outer(%weight: tensor<?x?xf32>, %ids: tensor<?xi64>, %ok: i1) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dim = tensor.dim %ids, %c0 : tensor<?xi64>
  %dim1 = tensor.dim %weight, %c1 : tensor<?x?xf32>
  %0 = tensor.empty(%dim, %dim1) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi64>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    cf.assert %ok, "outer"
    %extracted = tensor.extract %weight[%2, %3] : tensor<?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// torch-mlir aten.index_select along dimension 1 (with the unused index of
// the gathered loop): the ids as they are.
// CHECK-LABEL: func.func @torch_index_select
// CHECK-SAME:    (%[[X:.*]]: tensor<3x7x5xf32>, %[[I:.*]]: tensor<4xi64>)
// CHECK-NOT:     linalg.generic
// CHECK:         %[[G:.*]] = gather.gather %[[X]][%[[I]]] axis = 1 {indices_nonnegative} : tensor<3x7x5xf32>, tensor<4xi64>
// CHECK-NOT:     linalg.generic
// CHECK:         tensor.cast %[[G]]
func.func @torch_index_select(%x: tensor<3x7x5xf32>, %ids: tensor<4xi64>) -> tensor<3x4x5xf32> {
  %0 = tensor.empty() : tensor<3x4x5xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<4xi64>) outs(%0 : tensor<3x4x5xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 0 : index
    %4 = linalg.index 1 : index
    %5 = linalg.index 2 : index
    %extracted = tensor.extract %x[%3, %2, %5] : tensor<3x7x5xf32>
    linalg.yield %extracted : f32
  } -> tensor<3x4x5xf32>
  %cast = tensor.cast %1 : tensor<3x4x5xf32> to tensor<3x4x5xf32>
  return %cast : tensor<3x4x5xf32>
}

// -----

// torch-mlir aten.index.Tensor: the wrap of negative ids against the size 8
// in i64 before the cast is the gather's own (no indices_nonnegative), the
// unit ids dimension mapped to 0 is a dimension of the ids.
// CHECK-LABEL: func.func @torch_index_tensor
// CHECK-SAME:    (%[[X:.*]]: tensor<5x8x3xf32>, %[[I:.*]]: tensor<1x4xi64>)
// CHECK-NEXT:    %[[G:.*]] = gather.gather %[[X]][%[[I]]] axis = 1 : tensor<5x8x3xf32>, tensor<1x4xi64>
// CHECK-NEXT:    return %[[G]] : tensor<5x1x4x3xf32>
func.func @torch_index_tensor(%x: tensor<5x8x3xf32>, %ids: tensor<1x4xi64>) -> tensor<5x1x4x3xf32> {
  %0 = tensor.empty() : tensor<5x1x4x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ids : tensor<1x4xi64>) outs(%0 : tensor<5x1x4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = linalg.index 0 : index
    %c0_i64 = arith.constant 0 : i64
    %3 = arith.cmpi slt, %in, %c0_i64 : i64
    %c8_i64 = arith.constant 8 : i64
    %4 = arith.addi %in, %c8_i64 : i64
    %5 = arith.select %3, %4, %in : i64
    %6 = arith.index_cast %5 : i64 to index
    %7 = linalg.index 3 : index
    %extracted = tensor.extract %x[%2, %6, %7] : tensor<5x8x3xf32>
    linalg.yield %extracted : f32
  } -> tensor<5x1x4x3xf32>
  return %1 : tensor<5x1x4x3xf32>
}

// -----

// The wrap after the cast against a dynamic size (tensor.dim of the table),
// spelled select(k >= 0, k, s + k).
// CHECK-LABEL: func.func @wrap_dynamic
// CHECK-SAME:    (%[[W:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?xi32>)
// CHECK-NOT:     linalg.generic
// CHECK:         gather.gather %[[W]][%[[I]]] : tensor<?x?xf32>, tensor<?xi32>
func.func @wrap_dynamic(%w: tensor<?x?xf32>, %ids: tensor<?xi32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = tensor.dim %ids, %c0 : tensor<?xi32>
  %n1 = tensor.dim %w, %c1 : tensor<?x?xf32>
  %s = tensor.dim %w, %c0 : tensor<?x?xf32>
  %0 = tensor.empty(%n0, %n1) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi32>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %n = arith.cmpi sge, %2, %c0 : index
    %p = arith.addi %s, %2 : index
    %k = arith.select %n, %2, %p : index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%k, %3] : tensor<?x?xf32>
    linalg.yield %a : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// A wrap in i32 against a dynamic size: the size cast to i32 could be
// truncated, so the body's wrap is computed first as it is.
// CHECK-LABEL: func.func @wrap_i32_dynamic
// CHECK:         %[[P:.*]] = linalg.generic
// CHECK:           arith.index_cast %{{.*}} : index to i32
// CHECK:           arith.select
// CHECK:         gather.gather %{{.*}}[%[[P]]] {indices_nonnegative} : tensor<?x4xf32>, tensor<6xindex>
func.func @wrap_i32_dynamic(%w: tensor<?x4xf32>, %ids: tensor<6xi32>) -> tensor<6x4xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi32>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %d = tensor.dim %w, %c0i : tensor<?x4xf32>
    %s = arith.index_cast %d : index to i32
    %n = arith.cmpi slt, %in, %c0 : i32
    %p = arith.addi %in, %s : i32
    %k = arith.select %n, %p, %in : i32
    %2 = arith.index_cast %k : i32 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<?x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// A wrap in i32 against a static size of 2^31: the size cast to i32 is
// -2^31, so the body's wrap gives a negative subscript for a negative id
// (undefined in the idiom) where gather.gather would read row k + 2^31. The
// wrap is computed first as it is, and the bounds check sees its result.
// CHECK-LABEL: func.func @wrap_i32_static_2pow31
// CHECK:         %[[P:.*]] = linalg.generic
// CHECK:           arith.index_cast %{{.*}} : index to i32
// CHECK:           arith.select
// CHECK:         gather.gather %{{.*}}[%[[P]]] {indices_nonnegative} : tensor<2147483648x4xf32>, tensor<6xindex>
func.func @wrap_i32_static_2pow31(%w: tensor<2147483648x4xf32>, %ids: tensor<6xi32>) -> tensor<6x4xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi32>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %d = tensor.dim %w, %c0i : tensor<2147483648x4xf32>
    %s = arith.index_cast %d : index to i32
    %n = arith.cmpi slt, %in, %c0 : i32
    %p = arith.addi %in, %s : i32
    %k = arith.select %n, %p, %in : i32
    %2 = arith.index_cast %k : i32 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<2147483648x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// The same below 2^32 (3 * 2^30): the size cast to i32 is negative too.
// CHECK-LABEL: func.func @wrap_i32_static_3gi
// CHECK:         %[[P:.*]] = linalg.generic
// CHECK:         gather.gather %{{.*}}[%[[P]]] {indices_nonnegative} : tensor<3221225472x4xf32>, tensor<6xindex>
func.func @wrap_i32_static_3gi(%w: tensor<3221225472x4xf32>, %ids: tensor<6xi32>) -> tensor<6x4xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi32>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %d = tensor.dim %w, %c0i : tensor<3221225472x4xf32>
    %s = arith.index_cast %d : index to i32
    %n = arith.cmpi slt, %in, %c0 : i32
    %p = arith.addi %in, %s : i32
    %k = arith.select %n, %p, %in : i32
    %2 = arith.index_cast %k : i32 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<3221225472x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Just below 2^31 the size fits in i32: the wrap is the gather's own.
// CHECK-LABEL: func.func @wrap_i32_static_below_2pow31
// CHECK-SAME:    (%[[W:.*]]: tensor<2147483647x4xf32>, %[[I:.*]]: tensor<6xi32>)
// CHECK-NOT:     linalg.generic
// CHECK:         gather.gather %[[W]][%[[I]]] : tensor<2147483647x4xf32>, tensor<6xi32>
func.func @wrap_i32_static_below_2pow31(%w: tensor<2147483647x4xf32>, %ids: tensor<6xi32>) -> tensor<6x4xf32> {
  %c0 = arith.constant 0 : i32
  %c0i = arith.constant 0 : index
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi32>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %d = tensor.dim %w, %c0i : tensor<2147483647x4xf32>
    %s = arith.index_cast %d : index to i32
    %n = arith.cmpi slt, %in, %c0 : i32
    %p = arith.addi %in, %s : i32
    %k = arith.select %n, %p, %in : i32
    %2 = arith.index_cast %k : i32 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<2147483647x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// A wrap against another size than the gathered dimension's is arithmetic
// on the id: computed first, not absorbed.
// CHECK-LABEL: func.func @wrap_other_size
// CHECK:         %[[P:.*]] = linalg.generic
// CHECK:           arith.addi %{{.*}}, %{{.*}} : i64
// CHECK:         gather.gather %{{.*}}[%[[P]]] {indices_nonnegative} : tensor<10x4xf32>, tensor<6xindex>
func.func @wrap_other_size(%w: tensor<10x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %c0 = arith.constant 0 : i64
  %c9 = arith.constant 9 : i64
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %n = arith.cmpi slt, %in, %c0 : i64
    %p = arith.addi %in, %c9 : i64
    %k = arith.select %n, %p, %in : i64
    %2 = arith.index_cast %k : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// StableHLO torch_index_select: the dummy input of the slice's shape is
// dropped; the constant 0 into the unit dimension 1 takes the loop of size 1.
// CHECK-LABEL: func.func @stablehlo_index_select
// CHECK-SAME:    (%[[T:.*]]: tensor<5x1x5xi32>, %[[I:.*]]: tensor<2xi32>)
// CHECK-NEXT:    %[[G:.*]] = gather.gather %[[T]][%[[I]]] {indices_nonnegative} : tensor<5x1x5xi32>, tensor<2xi32>
// CHECK-NEXT:    return %[[G]] : tensor<2x1x5xi32>
func.func @stablehlo_index_select(%arg0: tensor<5x1x5xi32>, %arg1: tensor<2xi32>) -> tensor<2x1x5xi32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<1x5xi32>
  %1 = tensor.empty() : tensor<2x1x5xi32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %0 : tensor<2xi32>, tensor<1x5xi32>) outs(%1 : tensor<2x1x5xi32>) {
  ^bb0(%in: i32, %in_0: i32, %out: i32):
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%3, %c0, %4] : tensor<5x1x5xi32>
    linalg.yield %extracted : i32
  } -> tensor<2x1x5xi32>
  return %2 : tensor<2x1x5xi32>
}

// -----

// StableHLO torch_index_select with batch_dims = 1 and dynamic sizes.
// CHECK-LABEL: func.func @stablehlo_batch_dynamic
// CHECK-SAME:    (%[[T:.*]]: tensor<?x?x?x?xf32>, %[[I:.*]]: tensor<?x?xi32>)
// CHECK-NEXT:    %[[G:.*]] = gather.gather %[[T]][%[[I]]] axis = 2 batch_dims = 1 {indices_nonnegative} : tensor<?x?x?x?xf32>, tensor<?x?xi32>
// CHECK-NEXT:    return %[[G]]
func.func @stablehlo_batch_dynamic(%input: tensor<?x?x?x?xf32>, %index: tensor<?x?xi32>) -> tensor<?x?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d0 = tensor.dim %input, %c0 : tensor<?x?x?x?xf32>
  %d1 = tensor.dim %input, %c1 : tensor<?x?x?x?xf32>
  %d2 = tensor.dim %index, %c1 : tensor<?x?xi32>
  %d3 = tensor.dim %input, %c3 : tensor<?x?x?x?xf32>
  %d4 = tensor.dim %input, %c0 : tensor<?x?x?x?xf32>
  %d5 = tensor.dim %input, %c1 : tensor<?x?x?x?xf32>
  %d6 = tensor.dim %input, %c3 : tensor<?x?x?x?xf32>
  %0 = tensor.empty(%d4, %d5, %d6) : tensor<?x?x?xf32>
  %1 = tensor.empty(%d0, %d1, %d2, %d3) : tensor<?x?x?x?xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%index, %0 : tensor<?x?xi32>, tensor<?x?x?xf32>) outs(%1 : tensor<?x?x?x?xf32>) {
  ^bb0(%in: i32, %in_0: f32, %out: f32):
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 0 : index
    %5 = linalg.index 1 : index
    %6 = linalg.index 3 : index
    %extracted = tensor.extract %input[%4, %5, %3, %6] : tensor<?x?x?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?x?x?xf32>
  return %2 : tensor<?x?x?x?xf32>
}

// -----

// StableHLO torch_index_select with rank-0 ids.
// CHECK-LABEL: func.func @stablehlo_scalar
// CHECK:         gather.gather %{{.*}} {indices_nonnegative} : tensor<4x8xf32>, tensor<i32>
func.func @stablehlo_scalar(%arg0: tensor<4x8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
  %0 = tensor.empty() : tensor<8xf32>
  %1 = tensor.empty() : tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg1, %0 : tensor<i32>, tensor<8xf32>) outs(%1 : tensor<8xf32>) {
  ^bb0(%in: i32, %in_0: f32, %out: f32):
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 0 : index
    %extracted = tensor.extract %arg0[%3, %4] : tensor<4x8xf32>
    linalg.yield %extracted : f32
  } -> tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// A clamp of the id (as stablehlo.gather's lowering clamps start indices)
// is computed first, so that an id out of range reads the row the idiom
// reads.
// CHECK-LABEL: func.func @clamp
// CHECK-SAME:    (%[[W:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<6xi64>)
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<6xi64>)
// CHECK:           %[[K:.*]] = arith.index_cast
// CHECK:           %[[LO:.*]] = arith.maxsi %{{.*}}, %[[K]] : index
// CHECK:           %[[HI:.*]] = arith.minsi %[[LO]], %{{.*}} : index
// CHECK:           linalg.yield %[[HI]] : index
// CHECK:         gather.gather %[[W]][%[[P]]] {indices_nonnegative} : tensor<10x4xf32>, tensor<6xindex>
// The clamped positions are then proved in range: no bounds check.
// PROVED-LABEL: func.func @clamp
// PROVED:         gather.gather %{{.*}} {indices_in_range, indices_nonnegative} : tensor<10x4xf32>, tensor<6xindex>
func.func @clamp(%w: tensor<10x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = linalg.index 1 : index
    %3 = arith.index_cast %in : i64 to index
    %4 = arith.maxsi %c0, %3 : index
    %5 = arith.minsi %4, %c9 : index
    %extracted = tensor.extract %w[%5, %2] : tensor<10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// tt-mlir ttir.embedding with f32 ids: the conversion of the id is computed
// first.
// CHECK-LABEL: func.func @tt_embedding_f32
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<2x3xindex>)
// CHECK:           arith.fptosi
// CHECK:         gather.gather %{{.*}}[%[[P]]] {indices_nonnegative} : tensor<10x4xf32>, tensor<2x3xindex>
func.func @tt_embedding_f32(%ids: tensor<2x3xf32>, %w: tensor<10x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.empty() : tensor<2x3x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<2x3xf32>) outs(%0 : tensor<2x3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %2 = arith.fptosi %in : f32 to i32
    %3 = arith.index_cast %2 : i32 to index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %w[%3, %4] : tensor<10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// tosa-to-linalg of tosa.gather: the batch dimension is the loop that the
// ids and the first subscript share.
// CHECK-LABEL: func.func @tosa_to_linalg
// CHECK:         gather.gather %{{.*}} axis = 1 batch_dims = 1 {indices_nonnegative} : tensor<2x5x3xf32>, tensor<2x4xi32>
func.func @tosa_to_linalg(%arg0: tensor<2x5x3xf32>, %arg1: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = tensor.empty() : tensor<2x4x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<2x4xi32>) outs(%0 : tensor<2x4x3xf32>) {
  ^bb0(%in: i32, %out: f32):
    %2 = linalg.index 0 : index
    %3 = arith.index_cast %in : i32 to index
    %4 = linalg.index 2 : index
    %extracted = tensor.extract %arg0[%2, %3, %4] : tensor<2x5x3xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x4x3xf32>
  return %1 : tensor<2x4x3xf32>
}

// -----

// `index` ids, rank-0 result.
// CHECK-LABEL: func.func @index_ids_rank0
// CHECK-SAME:    (%[[W:.*]]: tensor<10xf16>, %[[I:.*]]: tensor<index>)
// CHECK-NEXT:    %[[G:.*]] = gather.gather %[[W]][%[[I]]] {indices_nonnegative} : tensor<10xf16>, tensor<index>
// CHECK-NEXT:    return %[[G]] : tensor<f16>
func.func @index_ids_rank0(%w: tensor<10xf16>, %ids: tensor<index>) -> tensor<f16> {
  %0 = tensor.empty() : tensor<f16>
  %1 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%ids : tensor<index>) outs(%0 : tensor<f16>) {
  ^bb0(%in: index, %out: f16):
    %a = tensor.extract %w[%in] : tensor<10xf16>
    linalg.yield %a : f16
  } -> tensor<f16>
  return %1 : tensor<f16>
}

// -----

// Loops in another order than the gather's result: out[j, i] = x[i, ids[j]]
// is the gather along axis 1 ([3, 4]) transposed.
// CHECK-LABEL: func.func @transposed
// CHECK:         %[[G:.*]] = gather.gather %{{.*}} axis = 1 {indices_nonnegative} : tensor<3x7xf32>, tensor<4xi64>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[G]] : tensor<3x4xf32>) outs(%[[E]] : tensor<4x3xf32>) permutation = [1, 0]
// CHECK:         return %[[T]]
func.func @transposed(%x: tensor<3x7xf32>, %ids: tensor<4xi64>) -> tensor<4x3xf32> {
  %0 = tensor.empty() : tensor<4x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4xi64>) outs(%0 : tensor<4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %extracted = tensor.extract %x[%3, %2] : tensor<3x7xf32>
    linalg.yield %extracted : f32
  } -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}

// -----

// A result map that is a permutation: the same.
// CHECK-LABEL: func.func @output_permuted
// CHECK:         %[[G:.*]] = gather.gather %{{.*}} {indices_nonnegative} : tensor<10x4xf32>, tensor<6xi64>
// CHECK:         linalg.transpose ins(%[[G]] : tensor<6x4xf32>) outs(%{{.*}} : tensor<4x6xf32>) permutation = [1, 0]
func.func @output_permuted(%w: tensor<10x4xf32>, %ids: tensor<6xi64>) -> tensor<4x6xf32> {
  %0 = tensor.empty() : tensor<4x6xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<4x6xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// -----

// A dequantisation tail: a generic over the same loops after the gather,
// with the per-column scale and the constant zero point.
// CHECK-LABEL: func.func @dequantize
// CHECK-SAME:    (%[[W:.*]]: tensor<10x4xi8>, %[[I:.*]]: tensor<6xi32>, %[[S:.*]]: tensor<4xf32>)
// CHECK:         %[[ZP:.*]] = arith.constant 3.000000e+00 : f32
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<6x4xf32>
// CHECK:         %[[G:.*]] = gather.gather %[[W]][%[[I]]] {indices_nonnegative} : tensor<10x4xi8>, tensor<6xi32>
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID:.*]], #[[COL:.*]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[G]], %[[S]] : tensor<6x4xi8>, tensor<4xf32>) outs(%[[E]] : tensor<6x4xf32>)
// CHECK-NEXT:    ^bb0(%[[Q:.*]]: i8, %[[SC:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[Q]] : i8 to f32
// CHECK-NEXT:      %[[Z:.*]] = arith.subf %[[F]], %[[ZP]] : f32
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[Z]], %[[SC]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
// CHECK:         return %[[R]]
func.func @dequantize(%w: tensor<10x4xi8>, %ids: tensor<6xi32>, %scale: tensor<4xf32>) -> tensor<6x4xf32> {
  %zp = arith.constant 3.0 : f32
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids, %scale : tensor<6xi32>, tensor<4xf32>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i32, %s: f32, %out: f32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 1 : index
    %extracted = tensor.extract %w[%2, %3] : tensor<10x4xi8>
    %f = arith.sitofp %extracted : i8 to f32
    %z = arith.subf %f, %zp : f32
    %r = arith.mulf %z, %s : f32
    linalg.yield %r : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// A tail after loops in the other order that also reads the id (a padding
// id reads 0) and accumulates into the output: the gathered [3, 4] is read
// through the transposed map, the ids and the output as before.
// CHECK-DAG:   #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @padding_accumulate
// CHECK-SAME:    (%[[X:.*]]: tensor<3x7xf16>, %[[I:.*]]: tensor<4xi64>, %[[ACC:.*]]: tensor<4x3xf32>)
// CHECK:         %[[G:.*]] = gather.gather %[[X]][%[[I]]] axis = 1 {indices_nonnegative} : tensor<3x7xf16>, tensor<4xi64>
// CHECK:         linalg.generic {indexing_maps = [#[[T]], #[[ROW]], #[[ID]]], {{.*}} ins(%[[G]], %[[I]] : tensor<3x4xf16>, tensor<4xi64>) outs(%[[ACC]] : tensor<4x3xf32>)
// CHECK-NEXT:    ^bb0(%[[V:.*]]: f16, %[[K:.*]]: i64, %[[OUT:.*]]: f32):
// CHECK-NEXT:      %[[E:.*]] = arith.extf %[[V]] : f16 to f32
// CHECK-NEXT:      %[[PAD:.*]] = arith.cmpi eq, %[[K]], %{{.*}} : i64
// CHECK-NEXT:      %[[M:.*]] = arith.select %[[PAD]], %{{.*}}, %[[E]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[M]], %[[OUT]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @padding_accumulate(%x: tensor<3x7xf16>, %ids: tensor<4xi64>, %acc: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %pad = arith.constant 2 : i64
  %zero = arith.constant 0.0 : f32
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4xi64>) outs(%acc : tensor<4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %x[%3, %2] : tensor<3x7xf16>
    %e = arith.extf %a : f16 to f32
    %isPad = arith.cmpi eq, %in, %pad : i64
    %v = arith.select %isPad, %zero, %e : f32
    %s = arith.addf %v, %out : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}

// -----

// Not raised: the id in two subscripts.
// CHECK-LABEL: func.func @id_twice
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract %{{.*}}[%[[K:.*]], %[[K]]]
func.func @id_twice(%w: tensor<10x10xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %a = tensor.extract %w[%2, %2] : tensor<10x10xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: the id subscript depends on a loop index (k + j).
// CHECK-LABEL: func.func @id_plus_loop
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @id_plus_loop(%w: tensor<10x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %4 = arith.addi %2, %3 : index
    %a = tensor.extract %w[%4, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: the id subscript depends on another input (k + offset[j]).
// CHECK-LABEL: func.func @id_two_inputs
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @id_two_inputs(%w: tensor<10x4xf32>, %ids: tensor<6xi64>, %off: tensor<4xi64>) -> tensor<6x4xf32> {
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids, %off : tensor<6xi64>, tensor<4xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %o: i64, %out: f32):
    %s = arith.addi %in, %o : i64
    %2 = arith.index_cast %s : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: an id read from the output.
// CHECK-LABEL: func.func @id_from_output
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @id_from_output(%w: tensor<10x4xf32>, %init: tensor<6x4xi64>) -> tensor<6x4xi64> {
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<6x4xi64>) {
  ^bb0(%out: i64):
    %2 = arith.index_cast %out : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    %b = arith.fptosi %a : f32 to i64
    linalg.yield %b : i64
  } -> tensor<6x4xi64>
  return %1 : tensor<6x4xi64>
}

// -----

// Not raised: an id divided by a value that may be 0 (not speculatable, so
// not computed once per id).
// CHECK-LABEL: func.func @id_divided
// CHECK-NOT:     gather.gather
// CHECK:         arith.divsi
// CHECK:         tensor.extract
func.func @id_divided(%w: tensor<10x4xf32>, %ids: tensor<6xi64>, %d: i64) -> tensor<6x4xf32> {
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %q = arith.divsi %in, %d : i64
    %2 = arith.index_cast %q : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: arithmetic on a loop index in another subscript (j + 1).
// CHECK-LABEL: func.func @shifted_column
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @shifted_column(%w: tensor<10x5xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %c1 = arith.constant 1 : index
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %4 = arith.addi %3, %c1 : index
    %a = tensor.extract %w[%2, %4] : tensor<10x5xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: a constant subscript into a dimension of size 3 (one column).
// CHECK-LABEL: func.func @one_column
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @one_column(%w: tensor<10x3xf32>, %ids: tensor<6xi64>) -> tensor<6xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<6xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %a = tensor.extract %w[%2, %c0] : tensor<10x3xf32>
    linalg.yield %a : f32
  } -> tensor<6xf32>
  return %1 : tensor<6xf32>
}

// -----

// Not raised: fewer columns than the table has (a part of each row).
// CHECK-LABEL: func.func @narrow
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @narrow(%w: tensor<10x8xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x8xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: a dynamic number of columns not provably the table's.
// CHECK-LABEL: func.func @unrelated_size
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @unrelated_size(%w: tensor<10x?xf32>, %ids: tensor<6xi64>, %init: tensor<6x?xf32>) -> tensor<6x?xf32> {
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%init : tensor<6x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x?xf32>
    linalg.yield %a : f32
  } -> tensor<6x?xf32>
  return %1 : tensor<6x?xf32>
}

// -----

// Not raised: two tables read.
// CHECK-LABEL: func.func @two_tables
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
// CHECK:         tensor.extract
func.func @two_tables(%w: tensor<10x4xf32>, %v: tensor<10x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    %b = tensor.extract %v[%2, %3] : tensor<10x4xf32>
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: the ids read with tensor.extract in the body, as
// stablehlo.gather's lowering does (two reads).
// CHECK-LABEL: func.func @ids_extracted
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
// CHECK:         tensor.extract
func.func @ids_extracted(%w: tensor<10x4xf32>, %ids: tensor<6x1xi64>) -> tensor<6x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<6x4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = tensor.extract %ids[%i, %c0] : tensor<6x1xi64>
    %2 = arith.index_cast %k : i64 to index
    %a = tensor.extract %w[%2, %j] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: a read inside a region (a masked gather).
// CHECK-LABEL: func.func @masked
// CHECK-NOT:     gather.gather
// CHECK:         scf.if
// CHECK:           tensor.extract
func.func @masked(%w: tensor<10x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %ok = arith.cmpi sge, %2, %c0 : index
    %r = scf.if %ok -> f32 {
      %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
      scf.yield %a : f32
    } else {
      scf.yield %zero : f32
    }
    linalg.yield %r : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: a reduction (an embedding bag).
// CHECK-LABEL: func.func @bag
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @bag(%w: tensor<10x4xf32>, %ids: tensor<6xi64>) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    %s = arith.addf %a, %out : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Not raised: a loop that indexes nothing (a broadcast of the gather).
// CHECK-LABEL: func.func @broadcast
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @broadcast(%w: tensor<10xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %a = tensor.extract %w[%2] : tensor<10xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: a loop that indexes both the ids (not as a batch dimension)
// and the table (ids[d1, d0] against table subscripts [d0, k, d1]).
// CHECK-LABEL: func.func @batch_other_order
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @batch_other_order(%w: tensor<4x10x4xf32>, %ids: tensor<4x4xi64>) -> tensor<4x4xf32> {
  %0 = tensor.empty() : tensor<4x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4x4xi64>) outs(%0 : tensor<4x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 0 : index
    %4 = linalg.index 1 : index
    %a = tensor.extract %w[%3, %2, %4] : tensor<4x10x4xf32>
    linalg.yield %a : f32
  } -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

// Not raised: batch dimensions of the ids in another order than the
// table's (ids[d1, d0] against table subscripts [d0, d1, k, d2]).
// CHECK-LABEL: func.func @batch_transposed
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @batch_transposed(%w: tensor<4x4x10x3xf32>, %ids: tensor<4x4xi64>) -> tensor<4x4x3xf32> {
  %0 = tensor.empty() : tensor<4x4x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<4x4xi64>) outs(%0 : tensor<4x4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 0 : index
    %4 = linalg.index 1 : index
    %5 = linalg.index 2 : index
    %a = tensor.extract %w[%3, %4, %2, %5] : tensor<4x4x10x3xf32>
    linalg.yield %a : f32
  } -> tensor<4x4x3xf32>
  return %1 : tensor<4x4x3xf32>
}

// -----

// Not raised: a constant 0 into a unit dimension of the table whose loop
// has the size 3 (each row read three times: a broadcast).
// CHECK-LABEL: func.func @unit_broadcast
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @unit_broadcast(%t: tensor<5x1x5xi32>, %ids: tensor<2xi32>) -> tensor<2x3x5xi32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<2x3x5xi32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : tensor<2xi32>) outs(%0 : tensor<2x3x5xi32>) {
  ^bb0(%in: i32, %out: i32):
    %2 = arith.index_cast %in : i32 to index
    %3 = linalg.index 2 : index
    %a = tensor.extract %t[%2, %c0, %3] : tensor<5x1x5xi32>
    linalg.yield %a : i32
  } -> tensor<2x3x5xi32>
  return %1 : tensor<2x3x5xi32>
}

// -----

// Not raised: a unit ids dimension mapped to 0 whose loop has the size 3
// (each id read three times: a broadcast).
// CHECK-LABEL: func.func @unit_ids_broadcast
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @unit_ids_broadcast(%x: tensor<5x8x3xf32>, %ids: tensor<1x4xi64>) -> tensor<5x3x4x3xf32> {
  %0 = tensor.empty() : tensor<5x3x4x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ids : tensor<1x4xi64>) outs(%0 : tensor<5x3x4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = linalg.index 0 : index
    %3 = arith.index_cast %in : i64 to index
    %4 = linalg.index 3 : index
    %a = tensor.extract %x[%2, %3, %4] : tensor<5x8x3xf32>
    linalg.yield %a : f32
  } -> tensor<5x3x4x3xf32>
  return %1 : tensor<5x3x4x3xf32>
}

// -----

// Not raised: an id that is a scalar input (one row: a slice).
// CHECK-LABEL: func.func @scalar_id
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @scalar_id(%w: tensor<10x4xf32>, %k: i64) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%k : i64) outs(%0 : tensor<4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 0 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Not raised: an assert on the element of another input than the ids.
// CHECK-LABEL: func.func @assert_other_input
// CHECK-NOT:     gather.gather
// CHECK:         cf.assert %{{.*}}, "mask"
func.func @assert_other_input(%w: tensor<10x4xf32>, %ids: tensor<6xi64>, %mask: tensor<4xi1>) -> tensor<6x4xf32> {
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids, %mask : tensor<6xi64>, tensor<4xi1>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %m: i1, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    cf.assert %m, "mask"
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: ids read through a map that is no projection (a window).
// CHECK-LABEL: func.func @ids_window
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @ids_window(%w: tensor<10x4xf32>, %ids: tensor<9xi64>) -> tensor<6x4xf32> {
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<9xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// Not raised: an assert on a loop index, and an assert on the read value
// (ops with memory effects other than asserts on the id alone).
// CHECK-LABEL: func.func @other_asserts
// CHECK-NOT:     gather.gather
// CHECK:         cf.assert %{{.*}}, "column"
// CHECK:         cf.assert %{{.*}}, "negative"
func.func @other_asserts(%w: tensor<10x4xf32>, %ids: tensor<6xi64>) -> (tensor<6x4xf32>, tensor<6x4xf32>) {
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<6x4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %ok = arith.cmpi slt, %3, %c3 : index
    cf.assert %ok, "column"
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<6xi64>) outs(%0 : tensor<6x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    %ok = arith.cmpf oge, %a, %zero : f32
    cf.assert %ok, "negative"
    linalg.yield %a : f32
  } -> tensor<6x4xf32>
  return %1, %4 : tensor<6x4xf32>, tensor<6x4xf32>
}

// -----

// Not raised: a generic on memrefs.
// CHECK-LABEL: func.func @buffers
// CHECK-NOT:     gather.gather
// CHECK:         tensor.extract
func.func @buffers(%w: tensor<10x4xf32>, %ids: memref<6xi64>, %out: memref<6x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : memref<6xi64>) outs(%out : memref<6x4xf32>) {
  ^bb0(%in: i64, %o: f32):
    %2 = arith.index_cast %in : i64 to index
    %3 = linalg.index 1 : index
    %a = tensor.extract %w[%2, %3] : tensor<10x4xf32>
    linalg.yield %a : f32
  }
  return
}

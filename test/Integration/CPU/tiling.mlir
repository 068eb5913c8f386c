// Tiled and fused gathers run through gather-to-llvm and give the values of
// the untiled gather: the transform schedule in Inputs/tiling-schedule.mlir
// tiles @consumer (gather tiled, producer of its indices fused in),
// @producer (elementwise consumer tiled, gather fused in) and @batch
// (batch_dims = 1, scf.for loops); @consumer_ref and @batch_ref are the same
// code untransformed. Expected values by hand from data[i][j][k] =
// 100 i + 10 j + k. Inputs/tiling-schedule-partial.mlir tiles with sizes
// that do not divide the sizes (partial tiles, dynamic sizes inside the tile
// loops, which gather-linalg-to-loops lowers to scf loops).

// RUN: gather-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tiling-schedule.mlir --transform-interpreter --canonicalize \
// RUN:   | gather-opt --gather-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tiling-schedule.mlir --transform-interpreter --canonicalize \
// RUN:   | gather-opt --gather-to-affine=target-cpu=znver5 | FileCheck %s --check-prefix=AFFINE
// RUN: gather-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tiling-schedule.mlir --transform-interpreter --canonicalize \
// RUN:   | gather-opt --gather-to-llvm=target-cpu=znver5 | FileCheck %s --check-prefix=LLVM
// RUN: gather-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tiling-schedule.mlir --transform-interpreter --canonicalize \
// RUN:   | gather-opt --gather-to-affine=target-cpu=znver3 | FileCheck %s --check-prefix=AVX2

// Partial tiles (Inputs/tiling-schedule-partial.mlir) through gather-to-llvm:
// RUN: gather-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tiling-schedule-partial.mlir --transform-interpreter --canonicalize \
// RUN:   | gather-opt --gather-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// The tiles bufferize in place and take the slice form: each row tile of
// @consumer is a view of the data (whole along the gathered axis) and of the
// result, each index is loaded, wrapped and checked once, and the 5-element
// slice is copied whole into the result buffer (no buffer per tile). The
// views of the tiles are strided: the copy addresses them through their base
// buffers (strided metadata) with the same vector copies as untiled slices,
// no memref.copy and no library call.
// AFFINE-LABEL: func.func @consumer
// AFFINE-SAME:    (%[[DATA:.*]]: memref<3x4x5xf32>, %[[RAW:.*]]: memref<3xi32>) -> memref<3x3x5xf32>
// AFFINE:         %[[OUT:.*]] = memref.alloc() {{.*}} : memref<3x3x5xf32>
// AFFINE:         scf.forall (%[[I:.*]]) in (3) {
// AFFINE:           %[[DT:.*]] = memref.subview %[[DATA]][%[[I]], 0, 0] [1, 4, 5] [1, 1, 1]
// AFFINE:           %[[IDX:.*]] = memref.alloc() {{.*}} : memref<3xi32>
// AFFINE:           arith.subi
// AFFINE:           %[[OT:.*]] = memref.subview %[[OUT]][%[[I]], 0, 0] [1, 3, 5] [1, 1, 1]
// AFFINE:           %{{[^,]*}}, %[[DOFF:[^,]*]], %{{.*}} = memref.extract_strided_metadata %[[DT]]
// AFFINE:           %[[DFLAT:.*]] = memref.reinterpret_cast %[[DT]] to offset: [0]
// AFFINE:           %{{[^,]*}}, %[[OOFF:[^,]*]], %{{.*}} = memref.extract_strided_metadata %[[OT]]
// AFFINE:           %[[OFLAT:.*]] = memref.reinterpret_cast %[[OT]] to offset: [0]
// AFFINE:           scf.forall (%[[W:.*]]) in (3) {
// AFFINE:             memref.load %[[IDX]][%[[W]]] : memref<3xi32>
// AFFINE:             %[[K:.*]] = arith.select
// AFFINE:             llvm.call @__gather_mlir_index_out_of_bounds
// AFFINE:             %[[KROW:.*]] = arith.muli %[[K]], %c5
// AFFINE:             %[[FROM:.*]] = arith.addi %[[DOFF]], %[[KROW]]
// AFFINE:             %[[WROW:.*]] = arith.muli %[[W]], %c5
// AFFINE:             %[[TO:.*]] = arith.addi %[[OOFF]], %[[WROW]]
// AFFINE:             %[[V:.*]] = vector.maskedload %[[DFLAT]][%[[FROM]]]
// AFFINE:             vector.maskedstore %[[OFLAT]][%[[TO]]], %{{.*}}, %[[V]]
// AFFINE-NOT:     memref.copy
// AFFINE-NOT:     memref.alloc() {{.*}} : memref<1x3x5xf32>
// AFFINE:         return %[[OUT]]

// Without AVX-512 (znver3: 8-lane vectors, no fast masked moves) the
// 5-element rows are two overlapping unmasked 4-lane vectors, elements 0-3
// and 1-4.
// AVX2-LABEL: func.func @consumer
// AVX2-NOT:     vector.masked
// AVX2:         scf.forall (%{{.*}}) in (3) {
// AVX2:           %[[V0:.*]] = vector.load %{{.*}}[%[[FROM0:.*]]] : memref<?xf32>, vector<4xf32>
// AVX2:           vector.store %[[V0]], %{{.*}}[%[[TO0:.*]]] : memref<?xf32>, vector<4xf32>
// AVX2:           %[[FROM1:.*]] = arith.addi %[[FROM0]], %c1
// AVX2:           %[[TO1:.*]] = arith.addi %[[TO0]], %c1
// AVX2:           %[[V1:.*]] = vector.load %{{.*}}[%[[FROM1]]] : memref<?xf32>, vector<4xf32>
// AVX2:           vector.store %[[V1]], %{{.*}}[%[[TO1]]] : memref<?xf32>, vector<4xf32>
// AVX2-NOT:     vector.masked
// AVX2:         return

// In the LLVM dialect no tile copies through the library or memcpy.
// LLVM-NOT:     memrefCopy
// LLVM-NOT:     llvm.intr.memcpy
// LLVM-LABEL: llvm.func @consumer(
// LLVM:         llvm.intr.masked.load
// LLVM-LABEL: llvm.func @consumer_ref(
// LLVM-LABEL: llvm.func @producer(
// LLVM:         llvm.intr.masked.load
// LLVM-LABEL: llvm.func @batch(
// LLVM:         llvm.intr.masked.load

// The fused producer: each tile of the gather (the slice form, data viewed
// whole along the gathered axis) goes to a tile-sized intermediate buffer
// that the fused consumer reads while writing its tile of the result buffer
// in place.
// AFFINE-LABEL: func.func @producer
// AFFINE-SAME:    (%[[DATA:.*]]: memref<3x4x5xf32>, %[[IDX:.*]]: memref<3xi64>) -> memref<3x3x5xf32>
// AFFINE:         %[[OUT:.*]] = memref.alloc() {{.*}} : memref<3x3x5xf32>
// AFFINE:         scf.forall (%[[I:.*]]) in (3) {
// AFFINE:           %[[DT:.*]] = memref.subview %[[DATA]][%[[I]], 0, 0] [1, 4, 5] [1, 1, 1]
// AFFINE:           %[[TMP:.*]] = memref.alloc() {{.*}} : memref<1x3x5xf32>
// AFFINE:           scf.forall (%[[W:.*]]) in (3) {
// AFFINE:             vector.maskedload
// AFFINE:             vector.maskedstore
// AFFINE:           %[[OT:.*]] = memref.subview %[[OUT]][%[[I]], 0, 0] [1, 3, 5] [1, 1, 1]
// AFFINE:           affine.for
// AFFINE:             affine.load %[[TMP]]
// AFFINE:             arith.addf
// AFFINE:             affine.store %{{.*}}, %[[OT]]
// AFFINE:           memref.dealloc %[[TMP]]
// AFFINE:         return %[[OUT]]

// CHECK: rank = 3 offset = 0 sizes = [3, 3, 5] strides = [15, 5, 1] data =
// CHECK-NEXT: {{\[\[\[}}20,    21,    22,    23,    24],
// CHECK-NEXT: [30,    31,    32,    33,    34],
// CHECK-NEXT: [0,    1,    2,    3,    4]],
// CHECK-NEXT: {{\[\[}}120,    121,    122,    123,    124],
// CHECK-NEXT: [130,    131,    132,    133,    134],
// CHECK-NEXT: [100,    101,    102,    103,    104]],
// CHECK-NEXT: {{\[\[}}220,    221,    222,    223,    224],
// CHECK-NEXT: [230,    231,    232,    233,    234],
// CHECK-NEXT: [200,    201,    202,    203,    204]]]
// CHECK: rank = 3 offset = 0 sizes = [3, 3, 5] strides = [15, 5, 1] data =
// CHECK-NEXT: {{\[\[\[}}20,    21,    22,    23,    24],
// CHECK-NEXT: [30,    31,    32,    33,    34],
// CHECK-NEXT: [0,    1,    2,    3,    4]],
// CHECK-NEXT: {{\[\[}}120,    121,    122,    123,    124],
// CHECK-NEXT: [130,    131,    132,    133,    134],
// CHECK-NEXT: [100,    101,    102,    103,    104]],
// CHECK-NEXT: {{\[\[}}220,    221,    222,    223,    224],
// CHECK-NEXT: [230,    231,    232,    233,    234],
// CHECK-NEXT: [200,    201,    202,    203,    204]]]
// CHECK: rank = 3 offset = 0 sizes = [3, 3, 5] strides = [15, 5, 1] data =
// CHECK-NEXT: {{\[\[\[}}20,    22,    24,    26,    28],
// CHECK-NEXT: [0,    2,    4,    6,    8],
// CHECK-NEXT: [60,    62,    64,    66,    68]],
// CHECK-NEXT: {{\[\[}}220,    222,    224,    226,    228],
// CHECK-NEXT: [200,    202,    204,    206,    208],
// CHECK-NEXT: [260,    262,    264,    266,    268]],
// CHECK-NEXT: {{\[\[}}420,    422,    424,    426,    428],
// CHECK-NEXT: [400,    402,    404,    406,    408],
// CHECK-NEXT: [460,    462,    464,    466,    468]]]
// CHECK: rank = 3 offset = 0 sizes = [3, 2, 5] strides = [10, 5, 1] data =
// CHECK-NEXT: {{\[\[\[}}30,    31,    32,    33,    34],
// CHECK-NEXT: [0,    1,    2,    3,    4]],
// CHECK-NEXT: {{\[\[}}130,    131,    132,    133,    134],
// CHECK-NEXT: [110,    111,    112,    113,    114]],
// CHECK-NEXT: {{\[\[}}220,    221,    222,    223,    224],
// CHECK-NEXT: [220,    221,    222,    223,    224]]]
// CHECK: rank = 3 offset = 0 sizes = [3, 2, 5] strides = [10, 5, 1] data =
// CHECK-NEXT: {{\[\[\[}}30,    31,    32,    33,    34],
// CHECK-NEXT: [0,    1,    2,    3,    4]],
// CHECK-NEXT: {{\[\[}}130,    131,    132,    133,    134],
// CHECK-NEXT: [110,    111,    112,    113,    114]],
// CHECK-NEXT: {{\[\[}}220,    221,    222,    223,    224],
// CHECK-NEXT: [220,    221,    222,    223,    224]]]

func.func private @printMemrefF32(tensor<*xf32>)

#id1 = affine_map<(i) -> (i)>
#id3 = affine_map<(i, j, k) -> (i, j, k)>

// data[i][j][k] = 100 i + 10 j + k, a 3x4x5 table.
func.func @table() -> tensor<3x4x5xf32> {
  %e = tensor.empty() : tensor<3x4x5xf32>
  %t = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<3x4x5xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %j, %c10 : index
    %s0 = arith.addi %a, %b : index
    %s = arith.addi %s0, %k : index
    %si = arith.index_cast %s : index to i64
    %f = arith.sitofp %si : i64 to f32
    linalg.yield %f : f32
  } -> tensor<3x4x5xf32>
  return %t : tensor<3x4x5xf32>
}

// gather(data, raw - 1) along axis 1.
func.func @consumer(%data: tensor<3x4x5xf32>, %raw: tensor<3xi32>) -> tensor<3x3x5xf32> {
  %e = tensor.empty() : tensor<3xi32>
  %one = arith.constant 1 : i32
  %idx = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%raw : tensor<3xi32>) outs(%e : tensor<3xi32>) {
  ^bb0(%in: i32, %out: i32):
    %s = arith.subi %in, %one : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  %r = gather.gather %data[%idx] axis = 1 : tensor<3x4x5xf32>, tensor<3xi32>
  return %r : tensor<3x3x5xf32>
}
// The same, untransformed.
func.func @consumer_ref(%data: tensor<3x4x5xf32>, %raw: tensor<3xi32>) -> tensor<3x3x5xf32> {
  %e = tensor.empty() : tensor<3xi32>
  %one = arith.constant 1 : i32
  %idx = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%raw : tensor<3xi32>) outs(%e : tensor<3xi32>) {
  ^bb0(%in: i32, %out: i32):
    %s = arith.subi %in, %one : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  %r = gather.gather %data[%idx] axis = 1 : tensor<3x4x5xf32>, tensor<3xi32>
  return %r : tensor<3x3x5xf32>
}

// 2 * gather(data, idx) along axis 1.
func.func @producer(%data: tensor<3x4x5xf32>, %idx: tensor<3xi64>) -> tensor<3x3x5xf32> {
  %g = gather.gather %data[%idx] axis = 1 : tensor<3x4x5xf32>, tensor<3xi64>
  %e = tensor.empty() : tensor<3x3x5xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g : tensor<3x3x5xf32>) outs(%e : tensor<3x3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %in : f32
    linalg.yield %a : f32
  } -> tensor<3x3x5xf32>
  return %r : tensor<3x3x5xf32>
}

// out[b][w][k] = data[b][idx[b][w]][k].
func.func @batch(%data: tensor<3x4x5xf32>, %idx: tensor<3x2xi64>) -> tensor<3x2x5xf32> {
  %r = gather.gather %data[%idx] axis = 1 batch_dims = 1 : tensor<3x4x5xf32>, tensor<3x2xi64>
  return %r : tensor<3x2x5xf32>
}
func.func @batch_ref(%data: tensor<3x4x5xf32>, %idx: tensor<3x2xi64>) -> tensor<3x2x5xf32> {
  %r = gather.gather %data[%idx] axis = 1 batch_dims = 1 : tensor<3x4x5xf32>, tensor<3x2xi64>
  return %r : tensor<3x2x5xf32>
}

func.func @main() {
  %data = call @table() : () -> tensor<3x4x5xf32>
  // raw - 1 = [2, -1, 0]: rows 2, 3 (wrapped) and 0.
  %raw = arith.constant dense<[3, 0, 1]> : tensor<3xi32>
  %a = call @consumer(%data, %raw) : (tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<3x3x5xf32>
  %ua = tensor.cast %a : tensor<3x3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %ar = call @consumer_ref(%data, %raw) : (tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<3x3x5xf32>
  %uar = tensor.cast %ar : tensor<3x3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%uar) : (tensor<*xf32>) -> ()

  %idx = arith.constant dense<[1, -4, 3]> : tensor<3xi64>
  %b = call @producer(%data, %idx) : (tensor<3x4x5xf32>, tensor<3xi64>) -> tensor<3x3x5xf32>
  %ub = tensor.cast %b : tensor<3x3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()

  %bidx = arith.constant dense<[[3, 0], [-1, 1], [2, 2]]> : tensor<3x2xi64>
  %c = call @batch(%data, %bidx) : (tensor<3x4x5xf32>, tensor<3x2xi64>) -> tensor<3x2x5xf32>
  %uc = tensor.cast %c : tensor<3x2x5xf32> to tensor<*xf32>
  call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  %cr = call @batch_ref(%data, %bidx) : (tensor<3x4x5xf32>, tensor<3x2xi64>) -> tensor<3x2x5xf32>
  %ucr = tensor.cast %cr : tensor<3x2x5xf32> to tensor<*xf32>
  call @printMemrefF32(%ucr) : (tensor<*xf32>) -> ()
  return
}

// The forms of the linalg gather idiom beyond the frontends' own: `index`
// ids, rank-0 and rank-3 ids, the wrap of negative ids before and after the
// cast (absorbed by the gather, or computed first when the size might not
// fit the id's type), arithmetic on the id, loops in another order than the
// gather's result, and element-wise tails (a cast and a scale, a
// dequantisation, a padding mask accumulated into the output), static and
// with dynamic types: raised by gather-to-llvm and lowered by upstream MLIR
// alone, the outputs (bit patterns) must be equal.

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=RAISED
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: %upstream_to_llvm %s | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: FileCheck %s --check-prefix=VALUES < %t.raised

// RAISED-NOT:   tensor.extract
// RAISED-LABEL: func.func @element(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<10xf16>, tensor<6xindex>
// RAISED-LABEL: func.func @element_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?xf16>, tensor<?xindex>
// RAISED-LABEL: func.func @rank0(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<10xf32>, tensor<i64>
// RAISED-LABEL: func.func @rank0_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?xf32>, tensor<i64>
// RAISED-LABEL: func.func @ids_rank3(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<6x2xf32>, tensor<2x2x2xi32>
// RAISED-LABEL: func.func @ids_rank3_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xf32>, tensor<?x?x?xi32>
// RAISED-LABEL: func.func @wrap_index(
// RAISED-NOT:     linalg.generic
// RAISED:         gather.gather %{{.*}} : tensor<10x3xf32>, tensor<5xi64>
// RAISED-LABEL: func.func @wrap_index_dynamic(
// RAISED-NOT:     linalg.generic
// RAISED:         gather.gather %{{.*}} : tensor<?x?xf32>, tensor<?xi64>
// RAISED-LABEL: func.func @wrap_i32(
// RAISED-NOT:     linalg.generic
// RAISED:         gather.gather %{{.*}} : tensor<10x3xf32>, tensor<5xi32>
// RAISED-LABEL: func.func @wrap_i32_dynamic(
// RAISED:         linalg.generic
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xf32>, tensor<?xindex>
// RAISED-LABEL: func.func @wrap_other_size(
// RAISED:         linalg.generic
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<10x3xf32>, tensor<5xindex>
// RAISED-LABEL: func.func @wrap_other_size_dynamic(
// RAISED:         linalg.generic
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xf32>, tensor<?xindex>
// RAISED-LABEL: func.func @id_arith(
// RAISED:         linalg.generic
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<10x3xf32>, tensor<4xindex>
// RAISED-LABEL: func.func @id_arith_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xf32>, tensor<?xindex>
// RAISED-LABEL: func.func @transposed(
// RAISED:         gather.gather %{{.*}} axis = 1 {indices_nonnegative} : tensor<3x7xf32>, tensor<4xi64>
// RAISED:         linalg.transpose
// RAISED-LABEL: func.func @transposed_dynamic(
// RAISED:         gather.gather %{{.*}} axis = 1 {indices_nonnegative} : tensor<?x?xf32>, tensor<?xi64>
// RAISED:         linalg.transpose
// RAISED-LABEL: func.func @cast_scale(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<8x4xf16>, tensor<5xi32>
// RAISED:         linalg.generic
// RAISED-LABEL: func.func @cast_scale_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xf16>, tensor<?xi32>
// RAISED:         linalg.generic
// RAISED-LABEL: func.func @dequantize(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<8x4xi8>, tensor<5xi64>
// RAISED:         linalg.generic
// RAISED-LABEL: func.func @dequantize_dynamic(
// RAISED:         gather.gather %{{.*}} {indices_nonnegative} : tensor<?x?xi8>, tensor<?xi64>
// RAISED:         linalg.generic
// RAISED-LABEL: func.func @padding_accumulate(
// RAISED:         gather.gather %{{.*}} axis = 1 {indices_nonnegative} : tensor<3x7xf16>, tensor<4xi64>
// RAISED:         linalg.generic
// RAISED-LABEL: func.func @padding_accumulate_dynamic(
// RAISED:         gather.gather %{{.*}} axis = 1 {indices_nonnegative} : tensor<?x?xf16>, tensor<?xi64>
// RAISED:         linalg.generic
// RAISED-NOT:   tensor.extract

#p1 = affine_map<(d0) -> (d0)>
#p2 = affine_map<(d0, d1) -> (d0)>
#i2 = affine_map<(d0, d1) -> (d0, d1)>
#c2 = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefI32(tensor<*xi32>)

// An element gather with `index` ids (numpy.take on a vector).
func.func @element(%t: tensor<10xf16>, %ids: tensor<6xindex>) -> tensor<6xf16> {
  %0 = tensor.empty() : tensor<6xf16>
  %1 = linalg.generic {indexing_maps = [#p1, #p1], iterator_types = ["parallel"]} ins(%ids : tensor<6xindex>) outs(%0 : tensor<6xf16>) {
  ^bb0(%in: index, %out: f16):
    %v = tensor.extract %t[%in] : tensor<10xf16>
    linalg.yield %v : f16
  } -> tensor<6xf16>
  return %1 : tensor<6xf16>
}

func.func @element_dynamic(%t: tensor<?xf16>, %ids: tensor<?xindex>) -> tensor<?xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %ids, %c0 : tensor<?xindex>
  %0 = tensor.empty(%n) : tensor<?xf16>
  %1 = linalg.generic {indexing_maps = [#p1, #p1], iterator_types = ["parallel"]} ins(%ids : tensor<?xindex>) outs(%0 : tensor<?xf16>) {
  ^bb0(%in: index, %out: f16):
    %v = tensor.extract %t[%in] : tensor<?xf16>
    linalg.yield %v : f16
  } -> tensor<?xf16>
  return %1 : tensor<?xf16>
}

// Rank-0 ids and a rank-0 result (no loop).
func.func @rank0(%t: tensor<10xf32>, %id: tensor<i64>) -> tensor<f32> {
  %0 = tensor.empty() : tensor<f32>
  %1 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%id : tensor<i64>) outs(%0 : tensor<f32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %v = tensor.extract %t[%k] : tensor<10xf32>
    linalg.yield %v : f32
  } -> tensor<f32>
  return %1 : tensor<f32>
}

func.func @rank0_dynamic(%t: tensor<?xf32>, %id: tensor<i64>) -> tensor<f32> {
  %0 = tensor.empty() : tensor<f32>
  %1 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%id : tensor<i64>) outs(%0 : tensor<f32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %v = tensor.extract %t[%k] : tensor<?xf32>
    linalg.yield %v : f32
  } -> tensor<f32>
  return %1 : tensor<f32>
}

// Ids of rank 3.
func.func @ids_rank3(%t: tensor<6x2xf32>, %ids: tensor<2x2x2xi32>) -> tensor<2x2x2x2xf32> {
  %0 = tensor.empty() : tensor<2x2x2x2xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ids : tensor<2x2x2xi32>) outs(%0 : tensor<2x2x2x2xf32>) {
  ^bb0(%in: i32, %out: f32):
    %k = arith.index_cast %in : i32 to index
    %j = linalg.index 3 : index
    %v = tensor.extract %t[%k, %j] : tensor<6x2xf32>
    linalg.yield %v : f32
  } -> tensor<2x2x2x2xf32>
  return %1 : tensor<2x2x2x2xf32>
}

func.func @ids_rank3_dynamic(%t: tensor<?x?xf32>, %ids: tensor<?x?x?xi32>) -> tensor<?x?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %ids, %c0 : tensor<?x?x?xi32>
  %d1 = tensor.dim %ids, %c1 : tensor<?x?x?xi32>
  %d2 = tensor.dim %ids, %c2 : tensor<?x?x?xi32>
  %d3 = tensor.dim %t, %c1 : tensor<?x?xf32>
  %0 = tensor.empty(%d0, %d1, %d2, %d3) : tensor<?x?x?x?xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ids : tensor<?x?x?xi32>) outs(%0 : tensor<?x?x?x?xf32>) {
  ^bb0(%in: i32, %out: f32):
    %k = arith.index_cast %in : i32 to index
    %j = linalg.index 3 : index
    %v = tensor.extract %t[%k, %j] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?x?x?xf32>
  return %1 : tensor<?x?x?x?xf32>
}

// The ONNX wrap after the cast, spelled select(k >= 0, k, s + k).
func.func @wrap_index(%t: tensor<10x3xf32>, %ids: tensor<5xi64>) -> tensor<5x3xf32> {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %0 = tensor.empty() : tensor<5x3xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<5xi64>) outs(%0 : tensor<5x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %nonneg = arith.cmpi sge, %k, %c0 : index
    %w = arith.addi %c10, %k : index
    %p = arith.select %nonneg, %k, %w : index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%p, %j] : tensor<10x3xf32>
    linalg.yield %v : f32
  } -> tensor<5x3xf32>
  return %1 : tensor<5x3xf32>
}

func.func @wrap_index_dynamic(%t: tensor<?x?xf32>, %ids: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %ids, %c0 : tensor<?xi64>
  %m = tensor.dim %t, %c1 : tensor<?x?xf32>
  %s = tensor.dim %t, %c0 : tensor<?x?xf32>
  %0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi64>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %nonneg = arith.cmpi sge, %k, %c0 : index
    %w = arith.addi %s, %k : index
    %p = arith.select %nonneg, %k, %w : index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%p, %j] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// The wrap in i32 before the cast: absorbed for the static size 10; for a
// dynamic size, whose cast to i32 could truncate it, computed first.
func.func @wrap_i32(%t: tensor<10x3xf32>, %ids: tensor<5xi32>) -> tensor<5x3xf32> {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %0 = tensor.empty() : tensor<5x3xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<5xi32>) outs(%0 : tensor<5x3xf32>) {
  ^bb0(%in: i32, %out: f32):
    %neg = arith.cmpi slt, %in, %c0 : i32
    %w = arith.addi %in, %c10 : i32
    %p = arith.select %neg, %w, %in : i32
    %k = arith.index_cast %p : i32 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%k, %j] : tensor<10x3xf32>
    linalg.yield %v : f32
  } -> tensor<5x3xf32>
  return %1 : tensor<5x3xf32>
}

func.func @wrap_i32_dynamic(%t: tensor<?x?xf32>, %ids: tensor<?xi32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : i32
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %n = tensor.dim %ids, %i0 : tensor<?xi32>
  %m = tensor.dim %t, %i1 : tensor<?x?xf32>
  %0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi32>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i32, %out: f32):
    %s = tensor.dim %t, %i0 : tensor<?x?xf32>
    %s32 = arith.index_cast %s : index to i32
    %neg = arith.cmpi slt, %in, %c0 : i32
    %w = arith.addi %in, %s32 : i32
    %p = arith.select %neg, %w, %in : i32
    %k = arith.index_cast %p : i32 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%k, %j] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// A wrap against another size than the table's (9 rows of 10): arithmetic
// on the id, computed first, not the gather's own wrap.
func.func @wrap_other_size(%t: tensor<10x3xf32>, %ids: tensor<5xi64>) -> tensor<5x3xf32> {
  %c0 = arith.constant 0 : i64
  %c9 = arith.constant 9 : i64
  %0 = tensor.empty() : tensor<5x3xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<5xi64>) outs(%0 : tensor<5x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %neg = arith.cmpi slt, %in, %c0 : i64
    %w = arith.addi %in, %c9 : i64
    %p = arith.select %neg, %w, %in : i64
    %k = arith.index_cast %p : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%k, %j] : tensor<10x3xf32>
    linalg.yield %v : f32
  } -> tensor<5x3xf32>
  return %1 : tensor<5x3xf32>
}

func.func @wrap_other_size_dynamic(%t: tensor<?x?xf32>, %ids: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : i64
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %n = tensor.dim %ids, %i0 : tensor<?xi64>
  %m = tensor.dim %t, %i1 : tensor<?x?xf32>
  %s = tensor.dim %t, %i0 : tensor<?x?xf32>
  %s1 = arith.subi %s, %i1 : index
  %s64 = arith.index_cast %s1 : index to i64
  %0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi64>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %neg = arith.cmpi slt, %in, %c0 : i64
    %w = arith.addi %in, %s64 : i64
    %p = arith.select %neg, %w, %in : i64
    %k = arith.index_cast %p : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%k, %j] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// Arithmetic on the id: row 2 k + 1.
func.func @id_arith(%t: tensor<10x3xf32>, %ids: tensor<4xi64>) -> tensor<4x3xf32> {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %0 = tensor.empty() : tensor<4x3xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4xi64>) outs(%0 : tensor<4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %d = arith.muli %in, %c2 : i64
    %r = arith.addi %d, %c1 : i64
    %k = arith.index_cast %r : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%k, %j] : tensor<10x3xf32>
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}

func.func @id_arith_dynamic(%t: tensor<?x?xf32>, %ids: tensor<?xi64>) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %n = tensor.dim %ids, %i0 : tensor<?xi64>
  %m = tensor.dim %t, %i1 : tensor<?x?xf32>
  %0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi64>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %d = arith.muli %in, %c2 : i64
    %r = arith.addi %d, %c1 : i64
    %k = arith.index_cast %r : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%k, %j] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// out[j, i] = x[i, ids[j]]: the gather along axis 1, transposed.
func.func @transposed(%x: tensor<3x7xf32>, %ids: tensor<4xi64>) -> tensor<4x3xf32> {
  %0 = tensor.empty() : tensor<4x3xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4xi64>) outs(%0 : tensor<4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %i = linalg.index 1 : index
    %v = tensor.extract %x[%i, %k] : tensor<3x7xf32>
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}

func.func @transposed_dynamic(%x: tensor<?x?xf32>, %ids: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %ids, %c0 : tensor<?xi64>
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi64>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %i = linalg.index 1 : index
    %v = tensor.extract %x[%i, %k] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// A tail: f16 rows cast to f32 and scaled.
func.func @cast_scale(%t: tensor<8x4xf16>, %ids: tensor<5xi32>, %scale: f32) -> tensor<5x4xf32> {
  %0 = tensor.empty() : tensor<5x4xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<5xi32>) outs(%0 : tensor<5x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %k = arith.index_cast %in : i32 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%k, %j] : tensor<8x4xf16>
    %e = arith.extf %v : f16 to f32
    %s = arith.mulf %e, %scale : f32
    linalg.yield %s : f32
  } -> tensor<5x4xf32>
  return %1 : tensor<5x4xf32>
}

func.func @cast_scale_dynamic(%t: tensor<?x?xf16>, %ids: tensor<?xi32>, %scale: f32) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %ids, %c0 : tensor<?xi32>
  %m = tensor.dim %t, %c1 : tensor<?x?xf16>
  %0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi32>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i32, %out: f32):
    %k = arith.index_cast %in : i32 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%k, %j] : tensor<?x?xf16>
    %e = arith.extf %v : f16 to f32
    %s = arith.mulf %e, %scale : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// A dequantisation: i8 rows, a zero point and a scale per column.
func.func @dequantize(%t: tensor<8x4xi8>, %ids: tensor<5xi64>, %scale: tensor<4xf32>) -> tensor<5x4xf32> {
  %zp = arith.constant 3 : i32
  %0 = tensor.empty() : tensor<5x4xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #c2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids, %scale : tensor<5xi64>, tensor<4xf32>) outs(%0 : tensor<5x4xf32>) {
  ^bb0(%in: i64, %s: f32, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %j = linalg.index 1 : index
    %q = tensor.extract %t[%k, %j] : tensor<8x4xi8>
    %w = arith.extsi %q : i8 to i32
    %z = arith.subi %w, %zp : i32
    %f = arith.sitofp %z : i32 to f32
    %r = arith.mulf %f, %s : f32
    linalg.yield %r : f32
  } -> tensor<5x4xf32>
  return %1 : tensor<5x4xf32>
}

func.func @dequantize_dynamic(%t: tensor<?x?xi8>, %ids: tensor<?xi64>, %scale: tensor<?xf32>) -> tensor<?x?xf32> {
  %zp = arith.constant 3 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %ids, %c0 : tensor<?xi64>
  %m = tensor.dim %t, %c1 : tensor<?x?xi8>
  %0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #c2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids, %scale : tensor<?xi64>, tensor<?xf32>) outs(%0 : tensor<?x?xf32>) {
  ^bb0(%in: i64, %s: f32, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %j = linalg.index 1 : index
    %q = tensor.extract %t[%k, %j] : tensor<?x?xi8>
    %w = arith.extsi %q : i8 to i32
    %z = arith.subi %w, %zp : i32
    %f = arith.sitofp %z : i32 to f32
    %r = arith.mulf %f, %s : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// Loops in the other order and a tail that reads the id (a padding id
// reads 0) and the output (accumulated into).
func.func @padding_accumulate(%x: tensor<3x7xf16>, %ids: tensor<4xi64>, %acc: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %pad = arith.constant 2 : i64
  %zero = arith.constant 0.0 : f32
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4xi64>) outs(%acc : tensor<4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %i = linalg.index 1 : index
    %v = tensor.extract %x[%i, %k] : tensor<3x7xf16>
    %e = arith.extf %v : f16 to f32
    %isPad = arith.cmpi eq, %in, %pad : i64
    %m = arith.select %isPad, %zero, %e : f32
    %s = arith.addf %m, %out : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}

func.func @padding_accumulate_dynamic(%x: tensor<?x?xf16>, %ids: tensor<?xi64>, %acc: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %pad = arith.constant 2 : i64
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %ids, %c0 : tensor<?xi64>
  %m = tensor.dim %x, %c0 : tensor<?x?xf16>
  %init = tensor.cast %acc : tensor<?x?xf32> to tensor<?x?xf32>
  %e0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %sum = linalg.generic {indexing_maps = [#i2, #i2], iterator_types = ["parallel", "parallel"]} ins(%init : tensor<?x?xf32>) outs(%e0 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %out: f32):
    linalg.yield %a : f32
  } -> tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#p2, #i2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<?xi64>) outs(%sum : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %k = arith.index_cast %in : i64 to index
    %i = linalg.index 1 : index
    %v = tensor.extract %x[%i, %k] : tensor<?x?xf16>
    %e = arith.extf %v : f16 to f32
    %isPad = arith.cmpi eq, %in, %pad : i64
    %mm = arith.select %isPad, %zero, %e : f32
    %s = arith.addf %mm, %out : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// Prints `t` (f32) as bit patterns.
func.func @print2(%t: tensor<?x?xf32>) {
  %b = arith.bitcast %t : tensor<?x?xf32> to tensor<?x?xi32>
  %u = tensor.cast %b : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

// t[r][c] = 10 r + c + 0.5 (f32); ids [3, -1, 0, -10, 9] wrap to
// [3, 9, 0, 0, 9]: the first rows are t[3] = 30.5, 31.5, 32.5 (0x41F40000,
// 0x41FC0000, 0x42020000) and t[9] = 90.5, 91.5, 92.5 (0x42B50000,
// 0x42B70000, 0x42B90000).
// VALUES:      sizes = [5, 3] strides = [3, 1] data =
// VALUES-NEXT: {{\[\[}}1106509824,   1107034112,   1107427328],
// VALUES-NEXT: [1119158272,   1119289344,   1119420416],
func.func @main() {
  %c0 = arith.constant 0 : index
  %t = arith.constant dense<[[0.5, 1.5, 2.5], [10.5, 11.5, 12.5], [20.5, 21.5, 22.5], [30.5, 31.5, 32.5], [40.5, 41.5, 42.5], [50.5, 51.5, 52.5], [60.5, 61.5, 62.5], [70.5, 71.5, 72.5], [80.5, 81.5, 82.5], [90.5, 91.5, 92.5]]> : tensor<10x3xf32>
  %td = tensor.cast %t : tensor<10x3xf32> to tensor<?x?xf32>
  %wi = arith.constant dense<[3, -1, 0, -10, 9]> : tensor<5xi64>
  %wid = tensor.cast %wi : tensor<5xi64> to tensor<?xi64>
  %w1 = call @wrap_index(%t, %wi) : (tensor<10x3xf32>, tensor<5xi64>) -> tensor<5x3xf32>
  %w1d = tensor.cast %w1 : tensor<5x3xf32> to tensor<?x?xf32>
  call @print2(%w1d) : (tensor<?x?xf32>) -> ()
  %w2 = call @wrap_index_dynamic(%td, %wid) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print2(%w2) : (tensor<?x?xf32>) -> ()
  %wi32 = arith.constant dense<[3, -1, 0, -10, 9]> : tensor<5xi32>
  %wi32d = tensor.cast %wi32 : tensor<5xi32> to tensor<?xi32>
  %w3 = call @wrap_i32(%t, %wi32) : (tensor<10x3xf32>, tensor<5xi32>) -> tensor<5x3xf32>
  %w3d = tensor.cast %w3 : tensor<5x3xf32> to tensor<?x?xf32>
  call @print2(%w3d) : (tensor<?x?xf32>) -> ()
  %w4 = call @wrap_i32_dynamic(%td, %wi32d) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  call @print2(%w4) : (tensor<?x?xf32>) -> ()

  %oi = arith.constant dense<[3, -1, 0, -9, 8]> : tensor<5xi64>
  %oid = tensor.cast %oi : tensor<5xi64> to tensor<?xi64>
  %o1 = call @wrap_other_size(%t, %oi) : (tensor<10x3xf32>, tensor<5xi64>) -> tensor<5x3xf32>
  %o1d = tensor.cast %o1 : tensor<5x3xf32> to tensor<?x?xf32>
  call @print2(%o1d) : (tensor<?x?xf32>) -> ()
  %o2 = call @wrap_other_size_dynamic(%td, %oid) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print2(%o2) : (tensor<?x?xf32>) -> ()

  %ai = arith.constant dense<[4, 0, 2, 3]> : tensor<4xi64>
  %aid = tensor.cast %ai : tensor<4xi64> to tensor<?xi64>
  %a1 = call @id_arith(%t, %ai) : (tensor<10x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  %a1d = tensor.cast %a1 : tensor<4x3xf32> to tensor<?x?xf32>
  call @print2(%a1d) : (tensor<?x?xf32>) -> ()
  %a2 = call @id_arith_dynamic(%td, %aid) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print2(%a2) : (tensor<?x?xf32>) -> ()

  %e = arith.constant dense<[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]> : tensor<10xf16>
  %ei = arith.constant dense<[9, 0, 3, 3, 7, 1]> : tensor<6xindex>
  %e1 = call @element(%e, %ei) : (tensor<10xf16>, tensor<6xindex>) -> tensor<6xf16>
  %e1b = arith.bitcast %e1 : tensor<6xf16> to tensor<6xi16>
  %e1x = arith.extui %e1b : tensor<6xi16> to tensor<6xi32>
  %e1u = tensor.cast %e1x : tensor<6xi32> to tensor<*xi32>
  call @printMemrefI32(%e1u) : (tensor<*xi32>) -> ()
  %ed = tensor.cast %e : tensor<10xf16> to tensor<?xf16>
  %eid = tensor.cast %ei : tensor<6xindex> to tensor<?xindex>
  %e2 = call @element_dynamic(%ed, %eid) : (tensor<?xf16>, tensor<?xindex>) -> tensor<?xf16>
  %e2b = arith.bitcast %e2 : tensor<?xf16> to tensor<?xi16>
  %e2x = arith.extui %e2b : tensor<?xi16> to tensor<?xi32>
  %e2u = tensor.cast %e2x : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%e2u) : (tensor<*xi32>) -> ()

  %v = arith.constant dense<[0.25, 1.25, 2.25, 3.25, 4.25, 5.25, 6.25, 7.25, 8.25, 9.25]> : tensor<10xf32>
  %vd = tensor.cast %v : tensor<10xf32> to tensor<?xf32>
  %r0i = arith.constant dense<6> : tensor<i64>
  %r1 = call @rank0(%v, %r0i) : (tensor<10xf32>, tensor<i64>) -> tensor<f32>
  %r1b = arith.bitcast %r1 : tensor<f32> to tensor<i32>
  %r1u = tensor.cast %r1b : tensor<i32> to tensor<*xi32>
  call @printMemrefI32(%r1u) : (tensor<*xi32>) -> ()
  %r2 = call @rank0_dynamic(%vd, %r0i) : (tensor<?xf32>, tensor<i64>) -> tensor<f32>
  %r2b = arith.bitcast %r2 : tensor<f32> to tensor<i32>
  %r2u = tensor.cast %r2b : tensor<i32> to tensor<*xi32>
  call @printMemrefI32(%r2u) : (tensor<*xi32>) -> ()

  %t6 = arith.constant dense<[[0.5, 1.5], [10.5, 11.5], [20.5, 21.5], [30.5, 31.5], [40.5, 41.5], [50.5, 51.5]]> : tensor<6x2xf32>
  %t6d = tensor.cast %t6 : tensor<6x2xf32> to tensor<?x?xf32>
  %i3 = arith.constant dense<[[[5, 0], [1, 1]], [[4, 2], [3, 5]]]> : tensor<2x2x2xi32>
  %i3d = tensor.cast %i3 : tensor<2x2x2xi32> to tensor<?x?x?xi32>
  %g1 = call @ids_rank3(%t6, %i3) : (tensor<6x2xf32>, tensor<2x2x2xi32>) -> tensor<2x2x2x2xf32>
  %g1b = arith.bitcast %g1 : tensor<2x2x2x2xf32> to tensor<2x2x2x2xi32>
  %g1u = tensor.cast %g1b : tensor<2x2x2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%g1u) : (tensor<*xi32>) -> ()
  %g2 = call @ids_rank3_dynamic(%t6d, %i3d) : (tensor<?x?xf32>, tensor<?x?x?xi32>) -> tensor<?x?x?x?xf32>
  %g2b = arith.bitcast %g2 : tensor<?x?x?x?xf32> to tensor<?x?x?x?xi32>
  %g2u = tensor.cast %g2b : tensor<?x?x?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%g2u) : (tensor<*xi32>) -> ()

  %x = arith.constant dense<[[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5], [10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5], [20.5, 21.5, 22.5, 23.5, 24.5, 25.5, 26.5]]> : tensor<3x7xf32>
  %xd = tensor.cast %x : tensor<3x7xf32> to tensor<?x?xf32>
  %xi = arith.constant dense<[6, 0, 2, 2]> : tensor<4xi64>
  %xid = tensor.cast %xi : tensor<4xi64> to tensor<?xi64>
  %x1 = call @transposed(%x, %xi) : (tensor<3x7xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  %x1d = tensor.cast %x1 : tensor<4x3xf32> to tensor<?x?xf32>
  call @print2(%x1d) : (tensor<?x?xf32>) -> ()
  %x2 = call @transposed_dynamic(%xd, %xid) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print2(%x2) : (tensor<?x?xf32>) -> ()

  %h = arith.constant dense<[[0.5, 1.5, 2.5, 3.5], [10.5, 11.5, 12.5, 13.5], [20.5, 21.5, 22.5, 23.5], [30.5, 31.5, 32.5, 33.5], [40.5, 41.5, 42.5, 43.5], [50.5, 51.5, 52.5, 53.5], [60.5, 61.5, 62.5, 63.5], [70.5, 71.5, 72.5, 73.5]]> : tensor<8x4xf16>
  %hd = tensor.cast %h : tensor<8x4xf16> to tensor<?x?xf16>
  %hi = arith.constant dense<[7, 0, 5, 5, 1]> : tensor<5xi32>
  %hid = tensor.cast %hi : tensor<5xi32> to tensor<?xi32>
  %scale = arith.constant 0.1 : f32
  %c1r = call @cast_scale(%h, %hi, %scale) : (tensor<8x4xf16>, tensor<5xi32>, f32) -> tensor<5x4xf32>
  %c1d = tensor.cast %c1r : tensor<5x4xf32> to tensor<?x?xf32>
  call @print2(%c1d) : (tensor<?x?xf32>) -> ()
  %c2r = call @cast_scale_dynamic(%hd, %hid, %scale) : (tensor<?x?xf16>, tensor<?xi32>, f32) -> tensor<?x?xf32>
  call @print2(%c2r) : (tensor<?x?xf32>) -> ()

  %q = arith.constant dense<[[0, 1, 2, 3], [-10, 11, -12, 13], [20, -21, 22, -23], [127, -128, 1, 0], [40, 41, 42, 43], [-50, -51, -52, -53], [60, 61, 62, 63], [70, 71, 72, 73]]> : tensor<8x4xi8>
  %qd = tensor.cast %q : tensor<8x4xi8> to tensor<?x?xi8>
  %qi = arith.constant dense<[3, 5, 1, 7, 0]> : tensor<5xi64>
  %qid = tensor.cast %qi : tensor<5xi64> to tensor<?xi64>
  %qs = arith.constant dense<[0.5, 0.25, 0.125, 3.0]> : tensor<4xf32>
  %qsd = tensor.cast %qs : tensor<4xf32> to tensor<?xf32>
  %d1 = call @dequantize(%q, %qi, %qs) : (tensor<8x4xi8>, tensor<5xi64>, tensor<4xf32>) -> tensor<5x4xf32>
  %d1d = tensor.cast %d1 : tensor<5x4xf32> to tensor<?x?xf32>
  call @print2(%d1d) : (tensor<?x?xf32>) -> ()
  %d2 = call @dequantize_dynamic(%qd, %qid, %qsd) : (tensor<?x?xi8>, tensor<?xi64>, tensor<?xf32>) -> tensor<?x?xf32>
  call @print2(%d2) : (tensor<?x?xf32>) -> ()

  %hx = arith.constant dense<[[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5], [10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5], [20.5, 21.5, 22.5, 23.5, 24.5, 25.5, 26.5]]> : tensor<3x7xf16>
  %hxd = tensor.cast %hx : tensor<3x7xf16> to tensor<?x?xf16>
  %acc = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>
  %accd = tensor.cast %acc : tensor<4x3xf32> to tensor<?x?xf32>
  %p1 = call @padding_accumulate(%hx, %xi, %acc) : (tensor<3x7xf16>, tensor<4xi64>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %p1d = tensor.cast %p1 : tensor<4x3xf32> to tensor<?x?xf32>
  call @print2(%p1d) : (tensor<?x?xf32>) -> ()
  %p2 = call @padding_accumulate_dynamic(%hxd, %xid, %accd) : (tensor<?x?xf16>, tensor<?xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  call @print2(%p2) : (tensor<?x?xf32>) -> ()
  return
}

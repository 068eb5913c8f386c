// RUN: gather-opt %s --raise-to-gather --split-input-file | FileCheck %s

// torch-mlir's embedding_bag generic (TorchToLinalg, mode sum) becomes
// gather.embedding_bag sum with offsets, and its forms that compute the same
// mask; look-alikes with another mask, body or type stay as they are.
// test/Integration/Raise/torch_embedding_bag.mlir runs the raised forms.


// -----

// The form TorchToLinalg builds (constants folded, the last bag's read of
// offsets moved to offsets[0]); its fill of +0.0 is from_positive_zero.
// CHECK-LABEL: func.func @torch(
// CHECK-SAME:      %[[T:.*]]: tensor<6x2xf32>, %[[I:.*]]: tensor<10xi64>, %[[O:.*]]: tensor<5xi64>)
// CHECK:         %[[B:.*]] = gather.embedding_bag sum %[[T]][%[[I]]] offsets(%[[O]] : tensor<5xi64>) {from_positive_zero} : tensor<6x2xf32>, tensor<10xi64> -> tensor<5x2xf32>
// CHECK-NEXT:    return %[[B]]
func.func @torch(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// The older form reads offsets[b + 1] on every bag and selects the last
// bag's read away.
// CHECK-LABEL: func.func @unguarded_read(
// CHECK:         gather.embedding_bag sum
// CHECK-NOT:     tensor.extract
func.func @unguarded_read(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%6] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// From a fill of -0.0: the op's own start.
// CHECK-LABEL: func.func @negative_zero_fill(
// CHECK:         %[[B:.*]] = gather.embedding_bag sum
// CHECK-NOT:       from_positive_zero
// CHECK-NEXT:    return %[[B]]
func.func @negative_zero_fill(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant -0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// One-op comparisons: start <= j as sle, j < end as sgt.
// CHECK-LABEL: func.func @one_op_comparisons(
// CHECK:         gather.embedding_bag sum
func.func @one_op_comparisons(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.cmpi sle, %in_3, %13 : i64
    %17 = arith.cmpi sgt, %11, %13 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// Dynamic sizes, read by tensor.dim.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         gather.embedding_bag sum %{{.*}}[%{{.*}}] offsets(%{{.*}} : tensor<?xi64>) {from_positive_zero} : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
func.func @dynamic(%weight: tensor<?x?xf32>, %indices: tensor<?xi64>, %offsets: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dim = tensor.dim %weight, %c1 : tensor<?x?xf32>
  %dim_0 = tensor.dim %offsets, %c0 : tensor<?xi64>
  %dim_1 = tensor.dim %offsets, %c0 : tensor<?xi64>
  %dim_2 = tensor.dim %indices, %c0 : tensor<?xi64>
  %0 = tensor.empty(%dim_0, %dim) : tensor<?x?xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<?xi64>, tensor<?xi64>) outs(%1 : tensor<?x?xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %7 = arith.index_cast %dim_1 : index to i64
    %8 = arith.cmpi eq, %7, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.index_cast %dim_2 : index to i64
    %extracted = tensor.extract %offsets[%9] : tensor<?xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<?x?xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

// j <= end: one id more per bag.
// CHECK-LABEL: func.func @end_inclusive(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @end_inclusive(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi sle, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// start < j: the first id of each bag left out.
// CHECK-LABEL: func.func @start_exclusive(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @start_exclusive(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %14, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// The end read at offsets[b], not offsets[b + 1].
// CHECK-LABEL: func.func @end_at_own_offset(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @end_at_own_offset(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%3] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// The last bag ends at 9, not at the number of ids (10).
// CHECK-LABEL: func.func @last_end_not_ids(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @last_end_not_ids(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 9 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// The last bag tested as b == 5, not b + 1 == 5.
// CHECK-LABEL: func.func @last_test_on_bag(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @last_test_on_bag(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %4 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// f16 rows: the op would accumulate in f32.
// CHECK-LABEL: func.func @f16_rows(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @f16_rows(%weight: tensor<6x2xf16>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf16> {
  %0 = tensor.empty() : tensor<5x2xf16>
  %cst = arith.constant 0.0 : f16
  %1 = linalg.fill ins(%cst : f16) outs(%0 : tensor<5x2xf16>) -> tensor<5x2xf16>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf16>) {
  ^bb0(%in: i64, %in_3: i64, %out: f16):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf16>
    %21 = arith.addf %extracted_5, %out : f16
    %22 = arith.select %18, %21, %out : f16
    linalg.yield %22 : f16
  } -> tensor<5x2xf16>
  return %2 : tensor<5x2xf16>
}

// -----

// Fast-math flags on the add.
// CHECK-LABEL: func.func @fast_math(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @fast_math(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out fastmath<reassoc> : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// The mask selects the accumulator, and the sum outside the bag.
// CHECK-LABEL: func.func @select_swapped(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @select_swapped(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %out, %21 : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// The table read at the bag position instead of the column.
// CHECK-LABEL: func.func @column_from_bag(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @column_from_bag(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %3] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// A fill of 1.0.
// CHECK-LABEL: func.func @fill_one(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @fill_one(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 1.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// A difference, not a sum.
// CHECK-LABEL: func.func @subtract(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @subtract(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in_3, %13 : i64
    %15 = arith.cmpi eq, %in_3, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.subf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

// -----

// The start compared is the id, not the offset.
// CHECK-LABEL: func.func @start_from_ids(
// CHECK-NOT:     gather.embedding_bag
// CHECK:         linalg.generic
func.func @start_from_ids(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
  %0 = tensor.empty() : tensor<5x2xf32>
  %cst = arith.constant 0.0 : f32
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xf32>) {
  ^bb0(%in: i64, %in_3: i64, %out: f32):
    %3 = linalg.index 0 : index
    %4 = arith.index_cast %3 : index to i64
    %c1_i64 = arith.constant 1 : i64
    %5 = arith.addi %4, %c1_i64 : i64
    %6 = arith.index_cast %5 : i64 to index
    %c5_i64 = arith.constant 5 : i64
    %8 = arith.cmpi eq, %c5_i64, %5 : i64
    %c0_4 = arith.constant 0 : index
    %9 = arith.select %8, %c0_4, %6 : index
    %10 = arith.constant 10 : i64
    %extracted = tensor.extract %offsets[%9] : tensor<5xi64>
    %11 = arith.select %8, %10, %extracted : i64
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.cmpi slt, %in, %13 : i64
    %15 = arith.cmpi eq, %in, %13 : i64
    %16 = arith.ori %14, %15 : i1
    %17 = arith.cmpi slt, %13, %11 : i64
    %18 = arith.andi %16, %17 : i1
    %19 = arith.index_cast %in : i64 to index
    %20 = linalg.index 2 : index
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xf32>
    %21 = arith.addf %extracted_5, %out : f32
    %22 = arith.select %18, %21, %out : f32
    linalg.yield %22 : f32
  } -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}

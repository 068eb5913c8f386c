// torch-mlir's lowering of aten.embedding_bag.padding_idx (TorchToLinalg,
// mode sum, include_last_offset false), written as its
// ConvertAtenEmbeddingBagPaddingIdxOp builds it (sizes folded to constants
// where static, tensor.dim where dynamic), for an f32 table (static and
// dynamic) and an i32 table: raised to gather.embedding_bag by
// gather-to-llvm and lowered by upstream MLIR alone, the printed outputs
// must be equal, and equal to sums taken by hand. The f32 table's row 5 is
// [-0.0, -0.0]: a bag of that row alone sums to +0.0 from the generic's fill
// of +0.0, as the raised bag (from_positive_zero) gives. Offsets that
// PyTorch rejects (decreasing, past the ids) mean the same under
// bounds-check=clamp and none as in the generic, and stop the raised program
// under assert.

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=RAISED
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: %upstream_to_llvm %s | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: FileCheck %s < %t.raised
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e malformed -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.clamp
// RUN: gather-opt %s --gather-to-llvm=bounds-check=none | mlir-runner -e malformed -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.none
// RUN: %upstream_to_llvm %s | mlir-runner -e malformed -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream-malformed
// RUN: diff %t.clamp %t.upstream-malformed
// RUN: diff %t.none %t.upstream-malformed
// RUN: FileCheck %s --check-prefix=MALFORMED < %t.clamp
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e malformed -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=ASSERT

// RAISED-LABEL: func.func @bag_static(
// RAISED-NOT:     linalg.generic {{.*}}reduction
// RAISED:         %[[BAG:.*]] = gather.embedding_bag sum %{{.*}}[%{{.*}}] offsets(%{{.*}} : tensor<5xi64>) {from_positive_zero} : tensor<6x2xf32>, tensor<10xi64> -> tensor<5x2xf32>
// RAISED-NEXT:    return %[[BAG]]
// RAISED-LABEL: func.func @bag_dynamic(
// RAISED:         gather.embedding_bag sum %{{.*}}[%{{.*}}] offsets(%{{.*}} : tensor<?xi64>) {from_positive_zero} : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
// RAISED-LABEL: func.func @bag_int(
// RAISED:         %[[IBAG:.*]] = gather.embedding_bag sum %{{.*}}[%{{.*}}] offsets(%{{.*}} : tensor<5xi64>) : tensor<6x2xi32>, tensor<10xi64> -> tensor<5x2xi32>
// RAISED-NEXT:    return %[[IBAG]]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @print(%r: tensor<?x?xf32>) {
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @bag_static(%weight: tensor<6x2xf32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xf32> {
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

func.func @bag_dynamic(%weight: tensor<?x?xf32>, %indices: tensor<?xi64>, %offsets: tensor<?xi64>) -> tensor<?x?xf32> {
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

func.func @bag_int(%weight: tensor<6x2xi32>, %indices: tensor<10xi64>, %offsets: tensor<5xi64>) -> tensor<5x2xi32> {
  %0 = tensor.empty() : tensor<5x2xi32>
  %cst = arith.constant 0 : i32
  %1 = linalg.fill ins(%cst : i32) outs(%0 : tensor<5x2xi32>) -> tensor<5x2xi32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%indices, %offsets : tensor<10xi64>, tensor<5xi64>) outs(%1 : tensor<5x2xi32>) {
  ^bb0(%in: i64, %in_3: i64, %out: i32):
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
    %extracted_5 = tensor.extract %weight[%19, %20] : tensor<6x2xi32>
    %21 = arith.addi %extracted_5, %out : i32
    %22 = arith.select %18, %21, %out : i32
    linalg.yield %22 : i32
  } -> tensor<5x2xi32>
  return %2 : tensor<5x2xi32>
}

func.func @main() {
  %t = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [5.0, 50.0], [-0.0, -0.0]]> : tensor<6x2xf32>
  %ids = arith.constant dense<[0, 1, 2, 3, 4, 5, 0, 5, 2, 1]> : tensor<10xi64>

  // Bags [0, 2), [2, 2), [2, 5), [5, 9), [9, 10): ids 0 1 | | 2 3 4 |
  // 5 0 5 2 | 1.
  // CHECK: [3,   30]
  // CHECK-NEXT: [0,   0]
  // CHECK-NEXT: [12,   120]
  // CHECK-NEXT: [4,   40]
  // CHECK-NEXT: [2,   20]
  %a = arith.constant dense<[0, 2, 2, 5, 9]> : tensor<5xi64>
  %ra = call @bag_static(%t, %ids, %a) : (tensor<6x2xf32>, tensor<10xi64>, tensor<5xi64>) -> tensor<5x2xf32>
  %rad = tensor.cast %ra : tensor<5x2xf32> to tensor<?x?xf32>
  call @print(%rad) : (tensor<?x?xf32>) -> ()

  // Bags [0, 5), [5, 6), [6, 8), [8, 10), [10, 10): the second holds the
  // -0.0 row alone (+0.0 in the generic), the last is empty.
  // CHECK: [15,   150]
  // CHECK-NEXT: [0,   0]
  // CHECK-NEXT: [1,   10]
  // CHECK-NEXT: [5,   50]
  // CHECK-NEXT: [0,   0]
  %b = arith.constant dense<[0, 5, 6, 8, 10]> : tensor<5xi64>
  %rb = call @bag_static(%t, %ids, %b) : (tensor<6x2xf32>, tensor<10xi64>, tensor<5xi64>) -> tensor<5x2xf32>
  %rbd = tensor.cast %rb : tensor<5x2xf32> to tensor<?x?xf32>
  call @print(%rbd) : (tensor<?x?xf32>) -> ()

  // Dynamic sizes, three bags [0, 0), [0, 4), [4, 10).
  // CHECK: [0,   0]
  // CHECK-NEXT: [10,   100]
  // CHECK-NEXT: [11,   110]
  %c = arith.constant dense<[0, 0, 4]> : tensor<3xi64>
  %td = tensor.cast %t : tensor<6x2xf32> to tensor<?x?xf32>
  %idsd = tensor.cast %ids : tensor<10xi64> to tensor<?xi64>
  %cd = tensor.cast %c : tensor<3xi64> to tensor<?xi64>
  %rc = call @bag_dynamic(%td, %idsd, %cd) : (tensor<?x?xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print(%rc) : (tensor<?x?xf32>) -> ()

  // The i32 table's row r is [r + 1, 10 (r + 1)]; the bags of %a.
  // CHECK: [3,   30]
  // CHECK-NEXT: [0,   0]
  // CHECK-NEXT: [12,   120]
  // CHECK-NEXT: [16,   160]
  // CHECK-NEXT: [2,   20]
  %ti = arith.constant dense<[[1, 10], [2, 20], [3, 30], [4, 40], [5, 50], [6, 60]]> : tensor<6x2xi32>
  %ri = call @bag_int(%ti, %ids, %a) : (tensor<6x2xi32>, tensor<10xi64>, tensor<5xi64>) -> tensor<5x2xi32>
  %riu = tensor.cast %ri : tensor<5x2xi32> to tensor<*xi32>
  call @printMemrefI32(%riu) : (tensor<*xi32>) -> ()
  return
}

// Offsets 0 5 3 8 12 over 10 ids: bags [0, 5), [5, 3) (empty), [3, 8),
// [8, 12) (ids 8 and 9), [12, 10) (empty).
// MALFORMED: [15,   150]
// MALFORMED-NEXT: [0,   0]
// MALFORMED-NEXT: [10,   100]
// MALFORMED-NEXT: [5,   50]
// MALFORMED-NEXT: [0,   0]
// ASSERT: gather: embedding_bag offsets decrease at bag 1: it starts at 5 but ends at 3
func.func @malformed() {
  %t = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [5.0, 50.0], [-0.0, -0.0]]> : tensor<6x2xf32>
  %ids = arith.constant dense<[0, 1, 2, 3, 4, 5, 0, 5, 2, 1]> : tensor<10xi64>
  %o = arith.constant dense<[0, 5, 3, 8, 12]> : tensor<5xi64>
  %r = call @bag_static(%t, %ids, %o) : (tensor<6x2xf32>, tensor<10xi64>, tensor<5xi64>) -> tensor<5x2xf32>
  %rd = tensor.cast %r : tensor<5x2xf32> to tensor<?x?xf32>
  call @print(%rd) : (tensor<?x?xf32>) -> ()
  return
}

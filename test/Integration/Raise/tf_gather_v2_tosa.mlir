// TensorFlow's GatherV2 legalised to TOSA, as TF-to-TOSA emits it (params
// [13, 21, 3] reshaped to [1, 13, 63], the 49 ids a [1, 49] tosa.const,
// the [1, 49, 63] result reshaped to [7, 7, 21, 3]), alone and with other
// TOSA ops around it: gather-to-llvm raises the tosa.gather and lowers the
// TOSA around it with upstream's TOSA passes; the same module lowered by
// upstream MLIR alone (tosa-to-linalg-pipeline, tosa-to-arith and
// tosa-to-tensor first) gives the same output (diff), and the values
// computed by hand from v[i][j][k] = 1000 i + 10 j + k.

// RUN: gather-opt %s --raise-to-gather | FileCheck %s --check-prefix=RAISED
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.raised
// RUN: mlir-opt %s --pass-pipeline="builtin.module(tosa-to-linalg-pipeline,func.func(tosa-to-arith,tosa-to-tensor))" | %upstream_to_llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.upstream
// RUN: diff %t.raised %t.upstream
// RUN: FileCheck %s --check-prefix=VALUES < %t.raised

// RAISED-LABEL: func.func @gather_v2(
// RAISED:         gather.gather %{{.*}} axis = 1 batch_dims = 1 : tensor<1x13x63xf32>, tensor<1x49xi32>
// RAISED-LABEL: func.func @gather_v2_around(
// RAISED:         gather.gather %{{.*}} axis = 1 batch_dims = 1 : tensor<1x13x63xf32>, tensor<1x49xi32>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @gather_v2(%arg0: tensor<13x21x3xf32>) -> tensor<7x7x21x3xf32> {
  %0 = "tosa.const"() <{values = dense<[[5, 2, 6, 10, 0, 1, 8, 1, 5, 9, 0, 8, 3, 0, 1, 6, 6, 1, 3, 1, 8, 6, 0, 9, 1, 3, 10, 10, 9, 0, 9, 9, 6, 0, 3, 0, 8, 2, 4, 6, 2, 8, 1, 9, 4, 8, 10, 2, 1]]> : tensor<1x49xi32>}> : () -> tensor<1x49xi32>
  %1 = tosa.const_shape {values = dense<[1, 13, 63]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %2 = tosa.const_shape {values = dense<[7, 7, 21, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %3 = tosa.reshape %arg0, %1 : (tensor<13x21x3xf32>, !tosa.shape<3>) -> tensor<1x13x63xf32>
  %4 = tosa.gather %3, %0 : (tensor<1x13x63xf32>, tensor<1x49xi32>) -> tensor<1x49x63xf32>
  %5 = tosa.reshape %4, %2 : (tensor<1x49x63xf32>, !tosa.shape<4>) -> tensor<7x7x21x3xf32>
  return %5 : tensor<7x7x21x3xf32>
}

// The same with a broadcast add before the gather and a maximum with a
// constant after it.
func.func @gather_v2_around(%arg0: tensor<13x21x3xf32>, %arg1: tensor<1x1x3xf32>) -> tensor<7x7x21x3xf32> {
  %0 = "tosa.const"() <{values = dense<[[5, 2, 6, 10, 0, 1, 8, 1, 5, 9, 0, 8, 3, 0, 1, 6, 6, 1, 3, 1, 8, 6, 0, 9, 1, 3, 10, 10, 9, 0, 9, 9, 6, 0, 3, 0, 8, 2, 4, 6, 2, 8, 1, 9, 4, 8, 10, 2, 1]]> : tensor<1x49xi32>}> : () -> tensor<1x49xi32>
  %floor = "tosa.const"() <{values = dense<3000.0> : tensor<1x49x63xf32>}> : () -> tensor<1x49x63xf32>
  %1 = tosa.const_shape {values = dense<[1, 13, 63]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %2 = tosa.const_shape {values = dense<[7, 7, 21, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %added = tosa.add %arg0, %arg1 : (tensor<13x21x3xf32>, tensor<1x1x3xf32>) -> tensor<13x21x3xf32>
  %3 = tosa.reshape %added, %1 : (tensor<13x21x3xf32>, !tosa.shape<3>) -> tensor<1x13x63xf32>
  %4 = tosa.gather %3, %0 : (tensor<1x13x63xf32>, tensor<1x49xi32>) -> tensor<1x49x63xf32>
  %max = tosa.maximum %4, %floor : (tensor<1x49x63xf32>, tensor<1x49x63xf32>) -> tensor<1x49x63xf32>
  %5 = tosa.reshape %max, %2 : (tensor<1x49x63xf32>, !tosa.shape<4>) -> tensor<7x7x21x3xf32>
  return %5 : tensor<7x7x21x3xf32>
}

// Result [i][j][k][c] = v[ids[7 i + j]][k][c]: ids 5, 2, ..., 1.
// VALUES:      rank = 4 offset = 0 sizes = [7, 7, 21, 3] strides = [441, 63, 3, 1] data =
// VALUES-NEXT: {{\[\[\[\[}}5000,     5001,     5002],
// VALUES-NEXT: [5010,     5011,     5012],
// VALUES:      [5200,     5201,     5202]],
// VALUES-NEXT: {{\[\[}}2000,     2001,     2002],
// VALUES:      [1200,     1201,     1202]]]]
// With v + [0.5, 0.25, 100] and the floor 3000 (every element of the rows
// of ids 0, 1 and 2 is below it).
// VALUES:      rank = 4 offset = 0 sizes = [7, 7, 21, 3] strides = [441, 63, 3, 1] data =
// VALUES-NEXT: {{\[\[\[\[}}5000.5,     5001.25,     5102],
// VALUES:      [5200.5,     5201.25,     5302]],
// VALUES-NEXT: {{\[\[}}3000,     3000,     3000],
// VALUES:      {{\[\[}}6000.5,     6001.25,     6102],
// VALUES:      [3000,     3000,     3000]]]]
func.func @main() {
  %v = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c1000 = arith.constant 1000 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c1000 : index
    %b = arith.muli %j, %c10 : index
    %s = arith.addi %a, %b : index
    %t = arith.addi %s, %k : index
    %ti = arith.index_cast %t : index to i32
    %f = arith.sitofp %ti : i32 to f32
    tensor.yield %f : f32
  } : tensor<13x21x3xf32>
  %r = call @gather_v2(%v) : (tensor<13x21x3xf32>) -> tensor<7x7x21x3xf32>
  %u = tensor.cast %r : tensor<7x7x21x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %offsets = arith.constant dense<[[[0.5, 0.25, 100.0]]]> : tensor<1x1x3xf32>
  %r2 = call @gather_v2_around(%v, %offsets) : (tensor<13x21x3xf32>, tensor<1x1x3xf32>) -> tensor<7x7x21x3xf32>
  %u2 = tensor.cast %r2 : tensor<7x7x21x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}

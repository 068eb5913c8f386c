// The non-trivial canonicalisations of gather.gather give the same values as
// the gathers they replace: a gather of a gather with negative indices at
// both levels (i64 inner, i32 outer), and an absorbed explicit wrap of
// negative indices. Expected values computed by hand.

// RUN: gather-opt %s --canonicalize | FileCheck %s --check-prefix=IR
// RUN: gather-opt %s --canonicalize --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --canonicalize --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

// IR-LABEL: func.func @gather_of_gather
// IR-SAME:    %[[X:[^:]*]]: tensor<2x5xf32>, %[[K:[^:]*]]: tensor<3xi64>, %[[J:[^:]*]]: tensor<4xi32>
// IR-NEXT:    %[[KJ:.*]] = gather.gather %[[K]][%[[J]]] : tensor<3xi64>, tensor<4xi32>
// IR-NEXT:    gather.gather %[[X]][%[[KJ]]] axis = 1 : tensor<2x5xf32>, tensor<4xi64>
func.func @gather_of_gather(%x: tensor<2x5xf32>, %k: tensor<3xi64>, %j: tensor<4xi32>) -> tensor<2x4xf32> {
  %g = gather.gather %x[%k] axis = 1 : tensor<2x5xf32>, tensor<3xi64>
  %r = gather.gather %g[%j] axis = 1 : tensor<2x3xf32>, tensor<4xi32>
  return %r : tensor<2x4xf32>
}

// IR-LABEL: func.func @explicit_wrap
// IR-SAME:    %[[D:[^:]*]]: tensor<3x2xf32>, %[[K:[^:]*]]: tensor<4xi64>
// IR-NEXT:    gather.gather %[[D]][%[[K]]] : tensor<3x2xf32>, tensor<4xi64>
func.func @explicit_wrap(%d: tensor<3x2xf32>, %k: tensor<4xi64>) -> tensor<4x2xf32> {
  %zero = arith.constant dense<0> : tensor<4xi64>
  %s = arith.constant dense<3> : tensor<4xi64>
  %neg = arith.cmpi slt, %k, %zero : tensor<4xi64>
  %add = arith.addi %k, %s : tensor<4xi64>
  %w = arith.select %neg, %add, %k : tensor<4xi1>, tensor<4xi64>
  %r = gather.gather %d[%w] : tensor<3x2xf32>, tensor<4xi64>
  return %r : tensor<4x2xf32>
}

func.func @main() {
  // inner = x[:, wrap([-1, 0, 3])] = x[:, [4, 0, 3]];
  // outer = inner[:, wrap([-1, 2, -3, 1])] = inner[:, [2, 2, 0, 1]]
  //       = x[:, [3, 3, 4, 0]].
  %x = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0], [10.0, 11.0, 12.0, 13.0, 14.0]]> : tensor<2x5xf32>
  %k = arith.constant dense<[-1, 0, 3]> : tensor<3xi64>
  %j = arith.constant dense<[-1, 2, -3, 1]> : tensor<4xi32>
  %r = call @gather_of_gather(%x, %k, %j) : (tensor<2x5xf32>, tensor<3xi64>, tensor<4xi32>) -> tensor<2x4xf32>
  %u = tensor.cast %r : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}3, 3, 4, 0],
  // CHECK-NEXT: [13, 13, 14, 10]]

  // wrap([-1, 2, -3, 0]) = [2, 2, 0, 0].
  %d = arith.constant dense<[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0]]> : tensor<3x2xf32>
  %i = arith.constant dense<[-1, 2, -3, 0]> : tensor<4xi64>
  %s = call @explicit_wrap(%d, %i) : (tensor<3x2xf32>, tensor<4xi64>) -> tensor<4x2xf32>
  %v = tensor.cast %s : tensor<4x2xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [4, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}20, 21],
  // CHECK-NEXT: [20, 21],
  // CHECK-NEXT: [0, 1],
  // CHECK-NEXT: [0, 1]]
  return
}

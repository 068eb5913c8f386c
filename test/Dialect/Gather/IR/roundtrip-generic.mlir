// A declared result type that differs from the inferred one but is
// compatible with it (static where inference gives `?`, `?` where inference
// gives a static size) is accepted and kept as declared. The custom form
// prints such a type after an arrow, so both forms round-trip it.
//
// RUN: gather-opt %s --mlir-print-op-generic | gather-opt --mlir-print-op-generic | FileCheck %s
// RUN: gather-opt %s | gather-opt --mlir-print-op-generic | FileCheck %s
// RUN: gather-opt %s | FileCheck %s --check-prefix=CUSTOM

// CUSTOM-LABEL: func.func @declared_static_inferred_dynamic
// CUSTOM:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<3x3xf32>, tensor<?x2xi64> -> tensor<3x5x2xf32>
// CUSTOM-LABEL: func.func @declared_dynamic_inferred_static
// CUSTOM:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64> -> tensor<?x?x?xf32>
// CUSTOM-LABEL: func.func @declared_static_batch_dim
// CUSTOM:         gather.gather %{{.*}}[%{{.*}}] axis = -1 batch_dims = -1 : tensor<?x3xf32>, tensor<?x4xi32> -> tensor<6x4xf32>

// CHECK-LABEL: sym_name = "declared_static_inferred_dynamic"
// CHECK:       %[[R:.*]] = "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<?x2xi64>) -> tensor<3x5x2xf32>
// CHECK:       "func.return"(%[[R]]) : (tensor<3x5x2xf32>) -> ()
func.func @declared_static_inferred_dynamic(%d: tensor<3x3xf32>, %i: tensor<?x2xi64>) -> tensor<3x5x2xf32> {
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<?x2xi64>) -> tensor<3x5x2xf32>
  return %r : tensor<3x5x2xf32>
}

// CHECK-LABEL: sym_name = "declared_dynamic_inferred_static"
// CHECK:       %[[R:.*]] = "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<1x2xi64>) -> tensor<?x?x?xf32>
// CHECK:       "func.return"(%[[R]]) : (tensor<?x?x?xf32>) -> ()
func.func @declared_dynamic_inferred_static(%d: tensor<3x3xf32>, %i: tensor<1x2xi64>) -> tensor<?x?x?xf32> {
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<1x2xi64>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// A batch dimension dynamic on both sides may be declared static.
// CHECK-LABEL: sym_name = "declared_static_batch_dim"
// CHECK:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -1 : i64, batch_dims = -1 : i64}> : (tensor<?x3xf32>, tensor<?x4xi32>) -> tensor<6x4xf32>
func.func @declared_static_batch_dim(%d: tensor<?x3xf32>, %i: tensor<?x4xi32>) -> tensor<6x4xf32> {
  %r = "gather.gather"(%d, %i) <{axis = -1 : i64, batch_dims = -1 : i64}> : (tensor<?x3xf32>, tensor<?x4xi32>) -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// Properties omitted in the generic form take their default values.
// CHECK-LABEL: sym_name = "generic_defaults"
// CHECK:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<3x2xf32>, tensor<4xi64>) -> tensor<4x2xf32>
// CHECK:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<3x2xf32>, tensor<4xi64>) -> tensor<4x2xf32>
// CHECK:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x2xf32>, tensor<4xi64>) -> tensor<3x4xf32>
func.func @generic_defaults(%d: tensor<3x2xf32>, %i: tensor<4xi64>) {
  %r0 = "gather.gather"(%d, %i) : (tensor<3x2xf32>, tensor<4xi64>) -> tensor<4x2xf32>
  %r1 = "gather.gather"(%d, %i) <{}> : (tensor<3x2xf32>, tensor<4xi64>) -> tensor<4x2xf32>
  %r2 = "gather.gather"(%d, %i) <{axis = 1 : i64}> : (tensor<3x2xf32>, tensor<4xi64>) -> tensor<3x4xf32>
  return
}

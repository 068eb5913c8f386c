// The proved-index properties indices_nonnegative and indices_in_range
// round-trip through the custom form (in the attribute dictionary, beside
// discardable attributes) and the generic form (as properties).
// RUN: gather-opt %s | FileCheck %s
// RUN: gather-opt %s | gather-opt | FileCheck %s
// RUN: gather-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: gather-opt %s --mlir-print-op-generic | gather-opt | FileCheck %s

// CHECK-LABEL: func.func @flags
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 {indices_in_range, indices_nonnegative} : tensor<2x3xf32>, tensor<2xi64>
// CHECK:         gather.gather %{{.*}}[%{{.*}}] {indices_in_range} : tensor<2x3xf32>, tensor<2xi64>
// CHECK:         gather.gather %{{.*}}[%{{.*}}] {note = "x", indices_nonnegative} : tensor<2x3xf32>, tensor<2xi64>
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<2x3xf32>, tensor<2xi64>
// GENERIC: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64, indices_in_range, indices_nonnegative}>
// GENERIC: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64, indices_in_range}>
// GENERIC: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64, indices_nonnegative}> {note = "x"}
// GENERIC: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}>
func.func @flags(%d: tensor<2x3xf32>, %i: tensor<2xi64>)
    -> (tensor<2x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = gather.gather %d[%i] axis = 1 {indices_nonnegative, indices_in_range} : tensor<2x3xf32>, tensor<2xi64>
  %b = gather.gather %d[%i] {indices_in_range} : tensor<2x3xf32>, tensor<2xi64>
  %c = gather.gather %d[%i] {note = "x", indices_nonnegative} : tensor<2x3xf32>, tensor<2xi64>
  %e = gather.gather %d[%i] : tensor<2x3xf32>, tensor<2xi64>
  return %a, %b, %c, %e : tensor<2x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// The front of every pipeline raises tosa.gather and then, only on modules
// that still hold TOSA ops, lowers the TOSA around the gathers with
// upstream's passes (tosa-to-scf, tosa-to-linalg-pipeline, tosa-to-arith,
// tosa-to-tensor). A module without TOSA runs none of them (the pass
// timing lists no TOSA pass), nor does a module whose only TOSA op is a
// tosa.gather (raised before the test); a module with TOSA ops around the
// gather runs them all and keeps no TOSA op.
// RUN: gather-opt %s --split-input-file --gather-to-affine | FileCheck %s --implicit-check-not='= tosa.' --implicit-check-not=gather.form --implicit-check-not='"tosa.'
// RUN: gather-opt %s --split-input-file --gather-to-llvm --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASSES

// PASSES:      Execution time report
// PASSES-NOT:  Tosa
// PASSES:      RaiseToGather
// PASSES-NOT:  Tosa
// PASSES:      Execution time report
// PASSES-NOT:  Tosa
// PASSES:      RaiseToGather
// PASSES-NOT:  Tosa
// PASSES:      Execution time report
// PASSES-DAG:  TosaToSCFPass
// PASSES-DAG:  TosaOptionalDecompositionsPass
// PASSES-DAG:  TosaInferShapesPass
// PASSES-DAG:  TosaMakeBroadcastablePass
// PASSES-DAG:  TosaToLinalgNamed
// PASSES-DAG:  TosaLayerwiseConstantFoldPass
// PASSES-DAG:  TosaValidation
// PASSES-DAG:  TosaToLinalg
// PASSES-DAG:  TosaToArithPass
// PASSES-DAG:  TosaToTensorPass
// PASSES-DAG:  RaiseToGather

// CHECK-LABEL: func.func @no_tosa(
// CHECK-SAME:      %{{.*}}: memref<5x4xf32>, %{{.*}}: memref<3xi64>) -> memref<3x4xf32>
func.func @no_tosa(%d: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  return %r : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @tosa_gather_only(
// CHECK-SAME:      %{{.*}}: memref<2x4x3xf32>, %{{.*}}: memref<2x5xi32>) -> memref<2x5x3xf32>
func.func @tosa_gather_only(%v: tensor<2x4x3xf32>, %i: tensor<2x5xi32>) -> tensor<2x5x3xf32> {
  %r = tosa.gather %v, %i : (tensor<2x4x3xf32>, tensor<2x5xi32>) -> tensor<2x5x3xf32>
  return %r : tensor<2x5x3xf32>
}

// -----

// The gather reads the reshaped sum and its result goes through a
// maximum and a reshape; the ids are a tosa.const.
// CHECK-LABEL: func.func @tosa_around(
// CHECK-SAME:      %{{.*}}: memref<4x2x3xf32>, %{{.*}}: memref<1x1x3xf32>) -> memref<5x2x3xf32>
// CHECK:         memref.get_global @{{.*}} : memref<1x5xi32>
// CHECK:         arith.addf
// CHECK:         scf.forall
// CHECK:         arith.cmpf ugt
// CHECK:         arith.select
// CHECK:         memref.expand_shape
// CHECK:         return
func.func @tosa_around(%v: tensor<4x2x3xf32>, %b: tensor<1x1x3xf32>) -> tensor<5x2x3xf32> {
  %ids = "tosa.const"() <{values = dense<[[3, 0, 2, 2, 1]]> : tensor<1x5xi32>}> : () -> tensor<1x5xi32>
  %floor = "tosa.const"() <{values = dense<1.0> : tensor<1x5x6xf32>}> : () -> tensor<1x5x6xf32>
  %s1 = tosa.const_shape {values = dense<[1, 4, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s2 = tosa.const_shape {values = dense<[5, 2, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %sum = tosa.add %v, %b : (tensor<4x2x3xf32>, tensor<1x1x3xf32>) -> tensor<4x2x3xf32>
  %r = tosa.reshape %sum, %s1 : (tensor<4x2x3xf32>, !tosa.shape<3>) -> tensor<1x4x6xf32>
  %g = tosa.gather %r, %ids : (tensor<1x4x6xf32>, tensor<1x5xi32>) -> tensor<1x5x6xf32>
  %m = tosa.maximum %g, %floor : (tensor<1x5x6xf32>, tensor<1x5x6xf32>) -> tensor<1x5x6xf32>
  %o = tosa.reshape %m, %s2 : (tensor<1x5x6xf32>, !tosa.shape<3>) -> tensor<5x2x3xf32>
  return %o : tensor<5x2x3xf32>
}

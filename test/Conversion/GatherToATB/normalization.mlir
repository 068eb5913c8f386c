// What convert-gather-to-atb does before the ATB call: negative axis and
// batch_dims become non-negative, index values that may be negative are
// wrapped and checked by one elementwise linalg.generic (as bounds-check
// says), rank-0 indices are reshaped to [1] and the result back.
// RUN: gather-opt %s --convert-gather-to-atb | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-atb=bounds-check=none | FileCheck %s --check-prefix=NONE
// RUN: gather-opt %s --convert-gather-to-atb=bounds-check=clamp | FileCheck %s --check-prefix=CLAMP

// Negative axis and batch_dims: axis -1 of a rank-3 table is 2, batch_dims
// -1 of rank-2 indices is 1. Signed i64 indices are wrapped (k + 4 for
// k < 0) and checked against 4 (under assert) into a tensor of i64.
// CHECK-LABEL: func.func @negative_attributes(
// CHECK-SAME:      %[[D:.*]]: tensor<2x3x4xf32>, %[[I:.*]]: tensor<2x5xi64>)
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[POS:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<2x5xi64>) outs(%{{.*}} : tensor<2x5xi64>)
// CHECK:           %[[K:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:           %[[NEG:.*]] = arith.cmpi slt, %[[K]], %{{.*}} : index
// CHECK:           %[[WRAPPED:.*]] = arith.addi %[[K]], %[[C4]] : index
// CHECK:           %[[P:.*]] = arith.select %[[NEG]], %[[WRAPPED]], %[[K]] {gather.wrap} : index
// CHECK:           %[[OOB:.*]] = arith.cmpi uge, %[[P]], %[[C4]] : index
// CHECK:           scf.if %[[OOB]] {
// CHECK:             llvm.call @__gather_mlir_index_out_of_bounds(
// CHECK:           }
// CHECK:           %[[P64:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK:           linalg.yield %[[P64]] : i64
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<2x3x5xf32>
// CHECK:         %[[R:.*]] = atb.gather %[[D]][%[[POS]]] axis = 2 batch_dims = 1 into %[[INIT]] : tensor<2x3x4xf32>, tensor<2x5xi64> into tensor<2x3x5xf32>
// CHECK:         return %[[R]]
// NONE-LABEL:  func.func @negative_attributes(
// NONE:          linalg.generic
// NONE:            arith.select
// NONE-NOT:        scf.if
// NONE:          atb.gather {{.*}} axis = 2 batch_dims = 1
// Clamp: wrap (k + 4 for k < 0), then max(k, 0) and min(k, 4 - 1), every
// constant pinned; no report.
// CLAMP-LABEL: func.func @negative_attributes(
// CLAMP-SAME:      %[[D:.*]]: tensor<2x3x4xf32>, %[[I:.*]]: tensor<2x5xi64>)
// CLAMP-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CLAMP:         %[[POS:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<2x5xi64>) outs(%{{.*}} : tensor<2x5xi64>)
// CLAMP:           %[[K:.*]] = arith.index_cast %{{.*}} : i64 to index
// CLAMP:           %[[Z:.*]] = arith.constant 0 : index
// CLAMP:           %[[NEG:.*]] = arith.cmpi slt, %[[K]], %[[Z]] : index
// CLAMP:           %[[WRAPPED:.*]] = arith.addi %[[K]], %[[C4]] : index
// CLAMP:           %[[P:.*]] = arith.select %[[NEG]], %[[WRAPPED]], %[[K]] {gather.wrap} : index
// CLAMP:           %[[ONE:.*]] = arith.constant 1 : index
// CLAMP:           %[[LAST:.*]] = arith.subi %[[C4]], %[[ONE]] : index
// CLAMP:           %[[Z2:.*]] = arith.constant 0 : index
// CLAMP:           %[[LO:.*]] = arith.maxsi %[[P]], %[[Z2]] : index
// CLAMP:           %[[HI:.*]] = arith.minsi %[[LO]], %[[LAST]] : index
// CLAMP:           %[[HI64:.*]] = arith.index_cast %[[HI]] : index to i64
// CLAMP:           linalg.yield %[[HI64]] : i64
// CLAMP-NOT:       scf.if
// CLAMP:         atb.gather %[[D]][%[[POS]]] axis = 2 batch_dims = 1
func.func @negative_attributes(%d: tensor<2x3x4xf32>, %i: tensor<2x5xi64>) -> tensor<2x3x5xf32> {
  %r = gather.gather %d[%i] axis = -1 batch_dims = -1 : tensor<2x3x4xf32>, tensor<2x5xi64>
  return %r : tensor<2x3x5xf32>
}

// Signed 32-bit indices: the positions stay si32 (the cast to signless and
// back is the one convert-gather-to-linalg uses).
// CHECK-LABEL: func.func @si32_indices(
// CHECK:         %[[POS:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3xsi32>)
// CHECK:           arith.select
// CHECK:           scf.if
// CHECK:         atb.gather %{{.*}}[%[[POS]]] axis = 0 batch_dims = 0 {{.*}} : tensor<7x2xf16>, tensor<3xsi32> into tensor<3x2xf16>
func.func @si32_indices(%d: tensor<7x2xf16>, %i: tensor<3xsi32>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] : tensor<7x2xf16>, tensor<3xsi32>
  return %r : tensor<3x2xf16>
}

// Unsigned indices are never negative: no wrap; under assert a check of
// the upper bound only, under none nothing at all.
// CHECK-LABEL: func.func @ui32_indices(
// CHECK:         linalg.generic
// CHECK-NOT:       arith.select
// CHECK:           arith.index_castui
// CHECK:           arith.cmpi uge
// CHECK:           llvm.call @__gather_mlir_unsigned_index_out_of_bounds(
// CHECK:         atb.gather
// NONE-LABEL:  func.func @ui32_indices(
// NONE-SAME:       %[[D:.*]]: tensor<4x3xf32>, %[[I:.*]]: tensor<2xui32>)
// NONE-NOT:      linalg.generic
// NONE:          %[[R:.*]] = atb.gather %[[D]][%[[I]]] axis = 1 batch_dims = 0 into %{{.*}} : tensor<4x3xf32>, tensor<2xui32> into tensor<4x2xf32>
// NONE:          return %[[R]]
func.func @ui32_indices(%d: tensor<4x3xf32>, %i: tensor<2xui32>) -> tensor<4x2xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<4x3xf32>, tensor<2xui32>
  return %r : tensor<4x2xf32>
}

// Constant indices proven non-negative and in range go to ATB as they are,
// whatever bounds-check says.
// CHECK-LABEL: func.func @constant_in_range(
// CHECK:         %[[I:.*]] = arith.constant dense<[2, 0, 1]> : tensor<3xi32>
// CHECK-NOT:     linalg.generic
// CHECK:         atb.gather %{{.*}}[%[[I]]] axis = 0
// CLAMP-LABEL: func.func @constant_in_range(
// CLAMP-NOT:     linalg.generic
// CLAMP:         atb.gather
func.func @constant_in_range(%d: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %i = arith.constant dense<[2, 0, 1]> : tensor<3xi32>
  %r = gather.gather %d[%i] : tensor<3x2xi32>, tensor<3xi32>
  return %r : tensor<3x2xi32>
}

// A negative constant still needs the wrap, but no check: -3 + 3 is 0.
// CHECK-LABEL: func.func @constant_negative(
// CHECK:         linalg.generic
// CHECK:           arith.select
// CHECK-NOT:       scf.if
// CHECK:         atb.gather
func.func @constant_negative(%d: tensor<3x2xi64>) -> tensor<2x2xi64> {
  %i = arith.constant dense<[-3, 2]> : tensor<2xi64>
  %r = gather.gather %d[%i] : tensor<3x2xi64>, tensor<2xi64>
  return %r : tensor<2x2xi64>
}

// Rank-0 indices at axis 0: reshaped to [1]; the [1, 4] result collapses
// to [4] by merging the unit dimension into the next one.
// CHECK-LABEL: func.func @rank0_axis0(
// CHECK-SAME:      %[[D:.*]]: tensor<3x4xf32>, %[[I:.*]]: tensor<i64>)
// CHECK:         %[[POS:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<i64>)
// CHECK:         %[[POS1:.*]] = tensor.expand_shape %[[POS]] [] output_shape [1] : tensor<i64> into tensor<1xi64>
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<1x4xf32>
// CHECK:         %[[G:.*]] = atb.gather %[[D]][%[[POS1]]] axis = 0 batch_dims = 0 into %[[INIT]] : tensor<3x4xf32>, tensor<1xi64> into tensor<1x4xf32>
// CHECK:         %[[R:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1]] : tensor<1x4xf32> into tensor<4xf32>
// CHECK:         return %[[R]] : tensor<4xf32>
func.func @rank0_axis0(%d: tensor<3x4xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<i64>
  return %r : tensor<4xf32>
}

// Rank-0 unsigned indices at axis 2 of a rank-3 table: the unit dimension
// merges into the one before it.
// NONE-LABEL:  func.func @rank0_axis2(
// NONE-SAME:       %[[D:.*]]: tensor<2x3x5xf16>, %[[I:.*]]: tensor<ui32>)
// NONE:          %[[POS1:.*]] = tensor.expand_shape %[[I]] [] output_shape [1] : tensor<ui32> into tensor<1xui32>
// NONE:          %[[G:.*]] = atb.gather %[[D]][%[[POS1]]] axis = 2 batch_dims = 0 into %{{.*}} : tensor<2x3x5xf16>, tensor<1xui32> into tensor<2x3x1xf16>
// NONE:          tensor.collapse_shape %[[G]] {{\[\[}}0], [1, 2]] : tensor<2x3x1xf16> into tensor<2x3xf16>
func.func @rank0_axis2(%d: tensor<2x3x5xf16>, %i: tensor<ui32>) -> tensor<2x3xf16> {
  %r = gather.gather %d[%i] axis = 2 : tensor<2x3x5xf16>, tensor<ui32>
  return %r : tensor<2x3xf16>
}

// Rank-0 indices into a rank-1 table give a rank-0 result: [1] collapses
// to [].
// NONE-LABEL:  func.func @rank0_scalar_result(
// NONE:          %[[G:.*]] = atb.gather {{.*}} : tensor<6xbf16>, tensor<1xi32> into tensor<1xbf16>
// NONE:          %[[R:.*]] = tensor.collapse_shape %[[G]] [] : tensor<1xbf16> into tensor<bf16>
// NONE:          return %[[R]] : tensor<bf16>
func.func @rank0_scalar_result(%d: tensor<6xbf16>, %i: tensor<i32>) -> tensor<bf16> {
  %r = gather.gather %d[%i] : tensor<6xbf16>, tensor<i32>
  return %r : tensor<bf16>
}

// A declared result type less static than the inferred one: the ATB result
// (sized from the operands) is cast to it.
// NONE-LABEL:  func.func @declared_dynamic_result(
// NONE:          %[[INIT:.*]] = tensor.empty() : tensor<2x4xf32>
// NONE:          %[[G:.*]] = atb.gather {{.*}} axis = 0 batch_dims = 0 into %[[INIT]] : tensor<3x4xf32>, tensor<2xui32> into tensor<2x4xf32>
// NONE:          %[[R:.*]] = tensor.cast %[[G]] : tensor<2x4xf32> to tensor<?x4xf32>
// NONE:          return %[[R]] : tensor<?x4xf32>
func.func @declared_dynamic_result(%d: tensor<3x4xf32>, %i: tensor<2xui32>) -> tensor<?x4xf32> {
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<2xui32> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// The report functions the checks call are added to the module.
// CHECK: llvm.func internal @__gather_mlir_index_out_of_bounds(
// CHECK: llvm.func internal @__gather_mlir_unsigned_index_out_of_bounds(
// NONE-NOT: llvm.func

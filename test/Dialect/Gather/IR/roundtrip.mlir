// Round trip of valid `gather.gather` ops through the custom and the generic
// assembly forms: properties (defaults elided, negative axis/batch_dims), the
// exact generic form of DESIGN.md section 1, static/dynamic/zero-sized shapes,
// rank-0 indices, every accepted index element type, several data element
// types and batch_dims with a dynamic batch dimension on one side. The
// GENERIC checks pin the result type inferred by the custom parser.
//
// RUN: gather-opt %s | gather-opt | FileCheck %s
// RUN: gather-opt %s --mlir-print-op-generic | gather-opt | FileCheck %s
// RUN: gather-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: gather-opt %s | gather-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The generic form exactly as DESIGN.md spells it.
// CHECK-LABEL: func.func @design_generic_form(
// CHECK-SAME:      %[[D:arg[0-9]+]]: tensor<3x3xf32>, %[[I:arg[0-9]+]]: tensor<1x2xi64>)
// CHECK:         %[[R:.*]] = gather.gather %[[D]][%[[I]]] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>{{$}}
// CHECK:         return %[[R]] : tensor<3x1x2xf32>
// GENERIC-LABEL: sym_name = "design_generic_form"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<1x2xi64>) -> tensor<3x1x2xf32>
func.func @design_generic_form(%d: tensor<3x3xf32>, %i: tensor<1x2xi64>) -> tensor<3x1x2xf32> {
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<1x2xi64>) -> tensor<3x1x2xf32>
  return %r : tensor<3x1x2xf32>
}

// ONNX example 1: custom form without axis nor batch_dims.
// CHECK-LABEL: func.func @onnx_axis0_defaults(
// CHECK-SAME:      %[[D:arg[0-9]+]]: tensor<3x2xf32>, %[[I:arg[0-9]+]]: tensor<2x2xi64>)
// CHECK:         %[[R:.*]] = gather.gather %[[D]][%[[I]]] : tensor<3x2xf32>, tensor<2x2xi64>{{$}}
// CHECK:         return %[[R]] : tensor<2x2x2xf32>
// GENERIC-LABEL: sym_name = "onnx_axis0_defaults"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<3x2xf32>, tensor<2x2xi64>) -> tensor<2x2x2xf32>
func.func @onnx_axis0_defaults(%d: tensor<3x2xf32>, %i: tensor<2x2xi64>) -> tensor<2x2x2xf32> {
  %r = gather.gather %d[%i] : tensor<3x2xf32>, tensor<2x2xi64>
  return %r : tensor<2x2x2xf32>
}

// Explicit default values are elided on print.
// CHECK-LABEL: func.func @explicit_defaults_elided(
// CHECK-SAME:      %[[D:arg[0-9]+]]: tensor<3x2xf32>, %[[I:arg[0-9]+]]: tensor<4xi32>)
// CHECK:         %[[R0:.*]] = gather.gather %[[D]][%[[I]]] : tensor<3x2xf32>, tensor<4xi32>{{$}}
// CHECK:         %[[R1:.*]] = gather.gather %[[D]][%[[I]]] : tensor<3x2xf32>, tensor<4xi32>{{$}}
// CHECK:         %[[R2:.*]] = gather.gather %[[D]][%[[I]]] : tensor<3x2xf32>, tensor<4xi32>{{$}}
// CHECK:         return %[[R0]], %[[R1]], %[[R2]] : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
// GENERIC-LABEL: sym_name = "explicit_defaults_elided"
// GENERIC-COUNT-3: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<3x2xf32>, tensor<4xi32>) -> tensor<4x2xf32>
func.func @explicit_defaults_elided(%d: tensor<3x2xf32>, %i: tensor<4xi32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) {
  %r0 = gather.gather %d[%i] axis = 0 : tensor<3x2xf32>, tensor<4xi32>
  %r1 = gather.gather %d[%i] batch_dims = 0 : tensor<3x2xf32>, tensor<4xi32>
  %r2 = gather.gather %d[%i] axis = 0 batch_dims = 0 : tensor<3x2xf32>, tensor<4xi32>
  return %r0, %r1, %r2 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
}

// ONNX example 2 (axis 1) in the custom form, and a discardable attribute.
// CHECK-LABEL: func.func @onnx_axis1_custom(
// CHECK-SAME:      %[[D:arg[0-9]+]]: tensor<3x3xf32>, %[[I:arg[0-9]+]]: tensor<1x2xi64>)
// CHECK:         %[[R0:.*]] = gather.gather %[[D]][%[[I]]] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>{{$}}
// CHECK:         %[[R1:.*]] = gather.gather %[[D]][%[[I]]] axis = 1 {note = "kept"} : tensor<3x3xf32>, tensor<1x2xi64>{{$}}
// CHECK:         return %[[R0]], %[[R1]] : tensor<3x1x2xf32>, tensor<3x1x2xf32>
// GENERIC-LABEL: sym_name = "onnx_axis1_custom"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<1x2xi64>) -> tensor<3x1x2xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> {note = "kept"} : (tensor<3x3xf32>, tensor<1x2xi64>) -> tensor<3x1x2xf32>
func.func @onnx_axis1_custom(%d: tensor<3x3xf32>, %i: tensor<1x2xi64>) -> (tensor<3x1x2xf32>, tensor<3x1x2xf32>) {
  %r0 = gather.gather %d[%i] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>
  %r1 = gather.gather %d[%i] axis = 1 {note = "kept"} : tensor<3x3xf32>, tensor<1x2xi64>
  return %r0, %r1 : tensor<3x1x2xf32>, tensor<3x1x2xf32>
}

// ATB example: axis = 1, batch_dims = 1.
// CHECK-LABEL: func.func @atb_batch_dims(
// CHECK-SAME:      %[[D:arg[0-9]+]]: tensor<2x3xf16>, %[[I:arg[0-9]+]]: tensor<2x2xi32>)
// CHECK:         %[[R:.*]] = gather.gather %[[D]][%[[I]]] axis = 1 batch_dims = 1 : tensor<2x3xf16>, tensor<2x2xi32>{{$}}
// CHECK:         return %[[R]] : tensor<2x2xf16>
// GENERIC-LABEL: sym_name = "atb_batch_dims"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<2x3xf16>, tensor<2x2xi32>) -> tensor<2x2xf16>
func.func @atb_batch_dims(%d: tensor<2x3xf16>, %i: tensor<2x2xi32>) -> tensor<2x2xf16> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<2x3xf16>, tensor<2x2xi32>
  return %r : tensor<2x2xf16>
}

// Negative axis and negative batch_dims are kept as written (not normalised).
// data 4x5x6: axis -1 -> 2, axis -3 -> 0; indices 4x3: batch_dims -1 -> 1,
// batch_dims -2 -> 0.
// CHECK-LABEL: func.func @negative_axis_batch_dims(
// CHECK-SAME:      %[[D:arg[0-9]+]]: tensor<4x5x6xf32>, %[[I:arg[0-9]+]]: tensor<4x3xi64>)
// CHECK:         %[[R0:.*]] = gather.gather %[[D]][%[[I]]] axis = -1 : tensor<4x5x6xf32>, tensor<4x3xi64>{{$}}
// CHECK:         %[[R1:.*]] = gather.gather %[[D]][%[[I]]] axis = -3 : tensor<4x5x6xf32>, tensor<4x3xi64>{{$}}
// CHECK:         %[[R2:.*]] = gather.gather %[[D]][%[[I]]] axis = 2 batch_dims = -1 : tensor<4x5x6xf32>, tensor<4x3xi64>{{$}}
// CHECK:         %[[R3:.*]] = gather.gather %[[D]][%[[I]]] axis = -1 batch_dims = -1 : tensor<4x5x6xf32>, tensor<4x3xi64>{{$}}
// CHECK:         %[[R4:.*]] = gather.gather %[[D]][%[[I]]] axis = -2 batch_dims = -2 : tensor<4x5x6xf32>, tensor<4x3xi64>{{$}}
// CHECK:         %[[R5:.*]] = gather.gather %[[D]][%[[I]]] axis = -3 batch_dims = -2 : tensor<4x5x6xf32>, tensor<4x3xi64>{{$}}
// CHECK:         return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]] : tensor<4x5x4x3xf32>, tensor<4x3x5x6xf32>, tensor<4x5x3xf32>, tensor<4x5x3xf32>, tensor<4x4x3x6xf32>, tensor<4x3x5x6xf32>
// GENERIC-LABEL: sym_name = "negative_axis_batch_dims"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<4x5x6xf32>, tensor<4x3xi64>) -> tensor<4x5x4x3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -3 : i64, batch_dims = 0 : i64}> : (tensor<4x5x6xf32>, tensor<4x3xi64>) -> tensor<4x3x5x6xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 2 : i64, batch_dims = -1 : i64}> : (tensor<4x5x6xf32>, tensor<4x3xi64>) -> tensor<4x5x3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -1 : i64, batch_dims = -1 : i64}> : (tensor<4x5x6xf32>, tensor<4x3xi64>) -> tensor<4x5x3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -2 : i64, batch_dims = -2 : i64}> : (tensor<4x5x6xf32>, tensor<4x3xi64>) -> tensor<4x4x3x6xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -3 : i64, batch_dims = -2 : i64}> : (tensor<4x5x6xf32>, tensor<4x3xi64>) -> tensor<4x3x5x6xf32>
func.func @negative_axis_batch_dims(%d: tensor<4x5x6xf32>, %i: tensor<4x3xi64>)
    -> (tensor<4x5x4x3xf32>, tensor<4x3x5x6xf32>, tensor<4x5x3xf32>, tensor<4x5x3xf32>, tensor<4x4x3x6xf32>, tensor<4x3x5x6xf32>) {
  %r0 = gather.gather %d[%i] axis = -1 : tensor<4x5x6xf32>, tensor<4x3xi64>
  %r1 = gather.gather %d[%i] axis = -3 : tensor<4x5x6xf32>, tensor<4x3xi64>
  %r2 = gather.gather %d[%i] axis = 2 batch_dims = -1 : tensor<4x5x6xf32>, tensor<4x3xi64>
  %r3 = gather.gather %d[%i] axis = -1 batch_dims = -1 : tensor<4x5x6xf32>, tensor<4x3xi64>
  %r4 = gather.gather %d[%i] axis = -2 batch_dims = -2 : tensor<4x5x6xf32>, tensor<4x3xi64>
  %r5 = gather.gather %d[%i] axis = -3 batch_dims = -2 : tensor<4x5x6xf32>, tensor<4x3xi64>
  return %r0, %r1, %r2, %r3, %r4, %r5 : tensor<4x5x4x3xf32>, tensor<4x3x5x6xf32>, tensor<4x5x3xf32>, tensor<4x5x3xf32>, tensor<4x4x3x6xf32>, tensor<4x3x5x6xf32>
}

// Dynamic sizes in data and indices propagate to the inferred result type.
// CHECK-LABEL: func.func @dynamic_dims(
// CHECK-SAME:      %[[D:arg[0-9]+]]: tensor<?x5xf32>, %[[I:arg[0-9]+]]: tensor<2x?xi64>)
// CHECK:         %[[R0:.*]] = gather.gather %[[D]][%[[I]]] : tensor<?x5xf32>, tensor<2x?xi64>{{$}}
// CHECK:         %[[R1:.*]] = gather.gather %[[D]][%[[I]]] axis = 1 : tensor<?x5xf32>, tensor<2x?xi64>{{$}}
// CHECK:         return %[[R0]], %[[R1]] : tensor<2x?x5xf32>, tensor<?x2x?xf32>
// GENERIC-LABEL: sym_name = "dynamic_dims"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<?x5xf32>, tensor<2x?xi64>) -> tensor<2x?x5xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<?x5xf32>, tensor<2x?xi64>) -> tensor<?x2x?xf32>
func.func @dynamic_dims(%d: tensor<?x5xf32>, %i: tensor<2x?xi64>) -> (tensor<2x?x5xf32>, tensor<?x2x?xf32>) {
  %r0 = gather.gather %d[%i] : tensor<?x5xf32>, tensor<2x?xi64>
  %r1 = gather.gather %d[%i] axis = 1 : tensor<?x5xf32>, tensor<2x?xi64>
  return %r0, %r1 : tensor<2x?x5xf32>, tensor<?x2x?xf32>
}

// A dynamic index dimension gives a dynamic result dimension (DESIGN example
// shape with ?-sized indices).
// CHECK-LABEL: func.func @dynamic_indices_axis1(
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<3x3xf32>, tensor<?x2xi32>{{$}}
// CHECK:         return %{{.*}} : tensor<3x?x2xf32>
// GENERIC-LABEL: sym_name = "dynamic_indices_axis1"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<?x2xi32>) -> tensor<3x?x2xf32>
func.func @dynamic_indices_axis1(%d: tensor<3x3xf32>, %i: tensor<?x2xi32>) -> tensor<3x?x2xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<3x3xf32>, tensor<?x2xi32>
  return %r : tensor<3x?x2xf32>
}

// Every accepted index element type.
// CHECK-LABEL: func.func @index_element_types(
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<8xf32>, tensor<3xi32>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<8xf32>, tensor<3xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<8xf32>, tensor<3xsi32>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<8xf32>, tensor<3xsi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<8xf32>, tensor<3xui32>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<8xf32>, tensor<3xui64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<8xf32>, tensor<3xindex>{{$}}
// GENERIC-LABEL: sym_name = "index_element_types"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<8xf32>, tensor<3xi32>) -> tensor<3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<8xf32>, tensor<3xi64>) -> tensor<3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<8xf32>, tensor<3xsi32>) -> tensor<3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<8xf32>, tensor<3xsi64>) -> tensor<3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<8xf32>, tensor<3xui32>) -> tensor<3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<8xf32>, tensor<3xui64>) -> tensor<3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<8xf32>, tensor<3xindex>) -> tensor<3xf32>
func.func @index_element_types(%d: tensor<8xf32>, %i32: tensor<3xi32>, %i64: tensor<3xi64>,
                               %s32: tensor<3xsi32>, %s64: tensor<3xsi64>,
                               %u32: tensor<3xui32>, %u64: tensor<3xui64>,
                               %idx: tensor<3xindex>) {
  %0 = gather.gather %d[%i32] : tensor<8xf32>, tensor<3xi32>
  %1 = gather.gather %d[%i64] : tensor<8xf32>, tensor<3xi64>
  %2 = gather.gather %d[%s32] : tensor<8xf32>, tensor<3xsi32>
  %3 = gather.gather %d[%s64] : tensor<8xf32>, tensor<3xsi64>
  %4 = gather.gather %d[%u32] : tensor<8xf32>, tensor<3xui32>
  %5 = gather.gather %d[%u64] : tensor<8xf32>, tensor<3xui64>
  %6 = gather.gather %d[%idx] : tensor<8xf32>, tensor<3xindex>
  return
}

// Data element types: the result element type is the data element type.
// CHECK-LABEL: func.func @data_element_types(
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xf16>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xbf16>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xf32>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xf64>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xi1>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xi8>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xi16>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xi32>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xi64>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xui8>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xindex>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xcomplex<f32>>, tensor<2xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<4x5xcomplex<f64>>, tensor<2xi64>{{$}}
// GENERIC-LABEL: sym_name = "data_element_types"
// GENERIC:       : (tensor<4x5xf16>, tensor<2xi64>) -> tensor<4x2xf16>
// GENERIC:       : (tensor<4x5xbf16>, tensor<2xi64>) -> tensor<4x2xbf16>
// GENERIC:       : (tensor<4x5xf32>, tensor<2xi64>) -> tensor<4x2xf32>
// GENERIC:       : (tensor<4x5xf64>, tensor<2xi64>) -> tensor<4x2xf64>
// GENERIC:       : (tensor<4x5xi1>, tensor<2xi64>) -> tensor<4x2xi1>
// GENERIC:       : (tensor<4x5xi8>, tensor<2xi64>) -> tensor<4x2xi8>
// GENERIC:       : (tensor<4x5xi16>, tensor<2xi64>) -> tensor<4x2xi16>
// GENERIC:       : (tensor<4x5xi32>, tensor<2xi64>) -> tensor<4x2xi32>
// GENERIC:       : (tensor<4x5xi64>, tensor<2xi64>) -> tensor<4x2xi64>
// GENERIC:       : (tensor<4x5xui8>, tensor<2xi64>) -> tensor<4x2xui8>
// GENERIC:       : (tensor<4x5xindex>, tensor<2xi64>) -> tensor<4x2xindex>
// GENERIC:       : (tensor<4x5xcomplex<f32>>, tensor<2xi64>) -> tensor<4x2xcomplex<f32>>
// GENERIC:       : (tensor<4x5xcomplex<f64>>, tensor<2xi64>) -> tensor<4x2xcomplex<f64>>
func.func @data_element_types(%i: tensor<2xi64>,
    %f16: tensor<4x5xf16>, %bf16: tensor<4x5xbf16>, %f32: tensor<4x5xf32>,
    %f64: tensor<4x5xf64>, %i1: tensor<4x5xi1>, %i8: tensor<4x5xi8>,
    %i16: tensor<4x5xi16>, %i32: tensor<4x5xi32>, %i64: tensor<4x5xi64>,
    %ui8: tensor<4x5xui8>, %idx: tensor<4x5xindex>,
    %c32: tensor<4x5xcomplex<f32>>, %c64: tensor<4x5xcomplex<f64>>) {
  %0 = gather.gather %f16[%i] axis = 1 : tensor<4x5xf16>, tensor<2xi64>
  %1 = gather.gather %bf16[%i] axis = 1 : tensor<4x5xbf16>, tensor<2xi64>
  %2 = gather.gather %f32[%i] axis = 1 : tensor<4x5xf32>, tensor<2xi64>
  %3 = gather.gather %f64[%i] axis = 1 : tensor<4x5xf64>, tensor<2xi64>
  %4 = gather.gather %i1[%i] axis = 1 : tensor<4x5xi1>, tensor<2xi64>
  %5 = gather.gather %i8[%i] axis = 1 : tensor<4x5xi8>, tensor<2xi64>
  %6 = gather.gather %i16[%i] axis = 1 : tensor<4x5xi16>, tensor<2xi64>
  %7 = gather.gather %i32[%i] axis = 1 : tensor<4x5xi32>, tensor<2xi64>
  %8 = gather.gather %i64[%i] axis = 1 : tensor<4x5xi64>, tensor<2xi64>
  %9 = gather.gather %ui8[%i] axis = 1 : tensor<4x5xui8>, tensor<2xi64>
  %10 = gather.gather %idx[%i] axis = 1 : tensor<4x5xindex>, tensor<2xi64>
  %11 = gather.gather %c32[%i] axis = 1 : tensor<4x5xcomplex<f32>>, tensor<2xi64>
  %12 = gather.gather %c64[%i] axis = 1 : tensor<4x5xcomplex<f64>>, tensor<2xi64>
  return
}

// Rank-0 indices: the result has rank r - 1 (rank 0 for rank-1 data).
// CHECK-LABEL: func.func @rank0_indices(
// CHECK-SAME:      %[[D:arg[0-9]+]]: tensor<5x3xf32>, %[[V:arg[0-9]+]]: tensor<7xi8>, %[[I:arg[0-9]+]]: tensor<i64>, %[[J:arg[0-9]+]]: tensor<index>)
// CHECK:         %[[R0:.*]] = gather.gather %[[D]][%[[I]]] : tensor<5x3xf32>, tensor<i64>{{$}}
// CHECK:         %[[R1:.*]] = gather.gather %[[D]][%[[J]]] axis = -1 : tensor<5x3xf32>, tensor<index>{{$}}
// CHECK:         %[[R2:.*]] = gather.gather %[[V]][%[[I]]] : tensor<7xi8>, tensor<i64>{{$}}
// CHECK:         return %[[R0]], %[[R1]], %[[R2]] : tensor<3xf32>, tensor<5xf32>, tensor<i8>
// GENERIC-LABEL: sym_name = "rank0_indices"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<5x3xf32>, tensor<i64>) -> tensor<3xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<5x3xf32>, tensor<index>) -> tensor<5xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<7xi8>, tensor<i64>) -> tensor<i8>
func.func @rank0_indices(%d: tensor<5x3xf32>, %v: tensor<7xi8>, %i: tensor<i64>, %j: tensor<index>)
    -> (tensor<3xf32>, tensor<5xf32>, tensor<i8>) {
  %r0 = gather.gather %d[%i] : tensor<5x3xf32>, tensor<i64>
  %r1 = gather.gather %d[%j] axis = -1 : tensor<5x3xf32>, tensor<index>
  %r2 = gather.gather %v[%i] : tensor<7xi8>, tensor<i64>
  return %r0, %r1, %r2 : tensor<3xf32>, tensor<5xf32>, tensor<i8>
}

// Zero-sized dimensions in data and indices.
// CHECK-LABEL: func.func @zero_sized(
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<0x2xf32>, tensor<0xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 : tensor<0x2xf32>, tensor<0xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] : tensor<3x0xf32>, tensor<2x0xi32>{{$}}
// CHECK:         return %{{.*}}, %{{.*}}, %{{.*}} : tensor<0x2xf32>, tensor<0x0xf32>, tensor<2x0x0xf32>
// GENERIC-LABEL: sym_name = "zero_sized"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<0x2xf32>, tensor<0xi64>) -> tensor<0x2xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<0x2xf32>, tensor<0xi64>) -> tensor<0x0xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<3x0xf32>, tensor<2x0xi32>) -> tensor<2x0x0xf32>
func.func @zero_sized(%d: tensor<0x2xf32>, %i: tensor<0xi64>, %e: tensor<3x0xf32>, %j: tensor<2x0xi32>)
    -> (tensor<0x2xf32>, tensor<0x0xf32>, tensor<2x0x0xf32>) {
  %r0 = gather.gather %d[%i] : tensor<0x2xf32>, tensor<0xi64>
  %r1 = gather.gather %d[%i] axis = 1 : tensor<0x2xf32>, tensor<0xi64>
  %r2 = gather.gather %e[%j] : tensor<3x0xf32>, tensor<2x0xi32>
  return %r0, %r1, %r2 : tensor<0x2xf32>, tensor<0x0xf32>, tensor<2x0x0xf32>
}

// batch_dims with a dynamic batch dimension on one side: the static size of
// the other side is inferred; dynamic on both sides stays dynamic.
// CHECK-LABEL: func.func @batch_dims_dynamic_batch(
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 : tensor<?x3xf32>, tensor<2x4xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 : tensor<2x3xf32>, tensor<?x4xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1 : tensor<?x3xf32>, tensor<?x4xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 2 batch_dims = 2 : tensor<?x5x?x7xf32>, tensor<3x?x4xi32>{{$}}
// CHECK:         return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x4xf32>, tensor<2x4xf32>, tensor<?x4xf32>, tensor<3x5x4x7xf32>
// GENERIC-LABEL: sym_name = "batch_dims_dynamic_batch"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<?x3xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<2x3xf32>, tensor<?x4xi64>) -> tensor<2x4xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<?x3xf32>, tensor<?x4xi64>) -> tensor<?x4xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 2 : i64, batch_dims = 2 : i64}> : (tensor<?x5x?x7xf32>, tensor<3x?x4xi32>) -> tensor<3x5x4x7xf32>
func.func @batch_dims_dynamic_batch(%d0: tensor<?x3xf32>, %i0: tensor<2x4xi64>,
                                    %d1: tensor<2x3xf32>, %i1: tensor<?x4xi64>,
                                    %d2: tensor<?x5x?x7xf32>, %i2: tensor<3x?x4xi32>)
    -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<?x4xf32>, tensor<3x5x4x7xf32>) {
  %r0 = gather.gather %d0[%i0] axis = 1 batch_dims = 1 : tensor<?x3xf32>, tensor<2x4xi64>
  %r1 = gather.gather %d1[%i1] axis = 1 batch_dims = 1 : tensor<2x3xf32>, tensor<?x4xi64>
  %r2 = gather.gather %d0[%i1] axis = 1 batch_dims = 1 : tensor<?x3xf32>, tensor<?x4xi64>
  %r3 = gather.gather %d2[%i2] axis = 2 batch_dims = 2 : tensor<?x5x?x7xf32>, tensor<3x?x4xi32>
  return %r0, %r1, %r2, %r3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<?x4xf32>, tensor<3x5x4x7xf32>
}

// batch_dims equal to rank(indices) (every index dimension is a batch one)
// and rank-8 operands.
// CHECK-LABEL: func.func @batch_dims_all_and_rank8(
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 2 batch_dims = 2 : tensor<2x3x4x5xf32>, tensor<2x3xi64>{{$}}
// CHECK:         gather.gather %{{.*}}[%{{.*}}] axis = 7 batch_dims = 7 : tensor<1x2x3x4x5x6x7x8xf32>, tensor<1x2x3x4x5x6x7x9xi32>{{$}}
// CHECK:         return %{{.*}}, %{{.*}} : tensor<2x3x5xf32>, tensor<1x2x3x4x5x6x7x9xf32>
// GENERIC-LABEL: sym_name = "batch_dims_all_and_rank8"
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 2 : i64, batch_dims = 2 : i64}> : (tensor<2x3x4x5xf32>, tensor<2x3xi64>) -> tensor<2x3x5xf32>
// GENERIC:       "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 7 : i64, batch_dims = 7 : i64}> : (tensor<1x2x3x4x5x6x7x8xf32>, tensor<1x2x3x4x5x6x7x9xi32>) -> tensor<1x2x3x4x5x6x7x9xf32>
func.func @batch_dims_all_and_rank8(%d: tensor<2x3x4x5xf32>, %i: tensor<2x3xi64>,
                                    %d8: tensor<1x2x3x4x5x6x7x8xf32>, %i8: tensor<1x2x3x4x5x6x7x9xi32>)
    -> (tensor<2x3x5xf32>, tensor<1x2x3x4x5x6x7x9xf32>) {
  %r0 = gather.gather %d[%i] axis = 2 batch_dims = 2 : tensor<2x3x4x5xf32>, tensor<2x3xi64>
  %r1 = gather.gather %d8[%i8] axis = 7 batch_dims = 7 : tensor<1x2x3x4x5x6x7x8xf32>, tensor<1x2x3x4x5x6x7x9xi32>
  return %r0, %r1 : tensor<2x3x5xf32>, tensor<1x2x3x4x5x6x7x9xf32>
}

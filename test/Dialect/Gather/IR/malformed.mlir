// Robustness of the `gather.gather` parser and verifier on malformed input:
// every case must end with an `error:` diagnostic and a non-zero exit status
// (`not`, which also fails on a crash), never with a crash report. Covers the
// custom and generic syntax, bad property values, operand/result/region
// counts, sizes near 2^62 and 2^63, zero sizes, rank-10 operands and extreme
// axis/batch_dims values. The valid cases among them must round-trip.
//
// RUN: split-file --leading-lines %s %t
// RUN: not gather-opt %t/missing-indices.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,MISSING_INDICES
// RUN: not gather-opt %t/missing-data.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,MISSING_DATA
// RUN: not gather-opt %t/missing-rbracket.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,MISSING_RBRACKET
// RUN: not gather-opt %t/missing-lbracket.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,MISSING_LBRACKET
// RUN: not gather-opt %t/two-indices.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,TWO_INDICES
// RUN: not gather-opt %t/missing-types.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,MISSING_TYPES
// RUN: not gather-opt %t/one-type.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,ONE_TYPE
// RUN: not gather-opt %t/undefined-operand.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,UNDEFINED_OPERAND
// RUN: not gather-opt %t/operand-type-conflict.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,OPERAND_TYPE_CONFLICT
// RUN: not gather-opt %t/vector-indices.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,VECTOR_INDICES
// RUN: not gather-opt %t/unknown-custom-op.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,UNKNOWN_CUSTOM_OP
// RUN: not gather-opt %t/props-out-of-order.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,PROPS_OUT_OF_ORDER
// RUN: not gather-opt %t/axis-missing-value.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,AXIS_MISSING_VALUE
// RUN: not gather-opt %t/axis-missing-equal.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,AXIS_MISSING_EQUAL
// RUN: not gather-opt %t/axis-float.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,AXIS_FLOAT
// RUN: not gather-opt %t/axis-string.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,AXIS_STRING
// RUN: not gather-opt %t/axis-typed.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,AXIS_TYPED
// RUN: not gather-opt %t/axis-above-int64.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,AXIS_ABOVE_INT64
// RUN: not gather-opt %t/batch-dims-below-int64.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,BATCH_DIMS_BELOW_INT64
// RUN: not gather-opt %t/unknown-keyword.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,UNKNOWN_KEYWORD
// RUN: not gather-opt %t/custom-properties.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,CUSTOM_PROPERTIES
// RUN: not gather-opt %t/generic-one-operand.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_ONE_OPERAND
// RUN: not gather-opt %t/generic-three-operands.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_THREE_OPERANDS
// RUN: not gather-opt %t/generic-no-operands.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_NO_OPERANDS
// RUN: not gather-opt %t/generic-two-results.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_TWO_RESULTS
// RUN: not gather-opt %t/generic-no-result.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_NO_RESULT
// RUN: not gather-opt %t/generic-region.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_REGION
// RUN: not gather-opt %t/generic-successor.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_SUCCESSOR
// RUN: not gather-opt %t/generic-unknown-op.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_UNKNOWN_OP
// RUN: not gather-opt %t/generic-axis-float.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_AXIS_FLOAT
// RUN: not gather-opt %t/generic-axis-string.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_AXIS_STRING
// RUN: not gather-opt %t/generic-axis-array.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_AXIS_ARRAY
// RUN: not gather-opt %t/generic-axis-unit.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_AXIS_UNIT
// RUN: not gather-opt %t/generic-batch-dims-float.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_BATCH_DIMS_FLOAT
// RUN: not gather-opt %t/generic-props-not-dict.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_PROPS_NOT_DICT
// RUN: not gather-opt %t/generic-duplicate-axis.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_DUPLICATE_AXIS
// RUN: not gather-opt %t/generic-unclosed-props.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_UNCLOSED_PROPS
// RUN: not gather-opt %t/generic-no-result-type.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_NO_RESULT_TYPE
// RUN: not gather-opt %t/generic-axis-below-int64.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_AXIS_BELOW_INT64
// RUN: gather-opt %t/huge-valid.mlir | gather-opt --mlir-print-op-generic | FileCheck %s --check-prefixes=SAFE,HUGE_VALID
// RUN: not gather-opt %t/huge-batch-mismatch.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,HUGE_BATCH_MISMATCH
// RUN: not gather-opt %t/huge-result-dim.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,HUGE_RESULT_DIM
// RUN: not gather-opt %t/huge-axis.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,HUGE_AXIS
// RUN: not gather-opt %t/dim-above-int64.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,DIM_ABOVE_INT64
// RUN: gather-opt %t/zero-dims-valid.mlir | gather-opt --mlir-print-op-generic | FileCheck %s --check-prefixes=SAFE,ZERO_DIMS_VALID
// RUN: not gather-opt %t/zero-batch-mismatch.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,ZERO_BATCH_MISMATCH
// RUN: gather-opt %t/rank10-valid.mlir | gather-opt --mlir-print-op-generic | FileCheck %s --check-prefixes=SAFE,RANK10_VALID
// RUN: not gather-opt %t/rank10-axis.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,RANK10_AXIS
// RUN: not gather-opt %t/rank10-batch-dims.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,RANK10_BATCH_DIMS
// RUN: not gather-opt %t/rank10-batch-mismatch.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,RANK10_BATCH_MISMATCH
// RUN: not gather-opt %t/rank10-result-rank.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,RANK10_RESULT_RANK
// RUN: not gather-opt %t/rank0-indices-negative-batch-dims.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,RANK0_INDICES_NEGATIVE_BATCH_DIMS
// RUN: not gather-opt %t/generic-batch-dims-int64-min.mlir 2>&1 | FileCheck %s --check-prefixes=SAFE,GENERIC_BATCH_DIMS_INT64_MIN

// No crash report before the first expected line of a case ...
// SAFE-NOT: PLEASE submit
// SAFE-NOT: Stack dump

//--- missing-indices.mlir
// No indices operand between the brackets.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // MISSING_INDICES: {{.*}}missing-indices.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected SSA operand
  %r = gather.gather %d[] : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- missing-data.mlir
// No data operand before the brackets.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // MISSING_DATA: {{.*}}missing-data.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected SSA operand
  %r = gather.gather [%i] : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- missing-rbracket.mlir
// Missing `]`.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // MISSING_RBRACKET: {{.*}}missing-rbracket.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected ']'
  %r = gather.gather %d[%i : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- missing-lbracket.mlir
// No `[indices]` at all.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // MISSING_LBRACKET: {{.*}}missing-lbracket.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected '['
  %r = gather.gather %d : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- two-indices.mlir
// Two operands inside the brackets.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // TWO_INDICES: {{.*}}two-indices.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected ']'
  %r = gather.gather %d[%i, %i] : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- missing-types.mlir
// No type list.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // MISSING_TYPES: {{.*}}missing-types.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected ':'
  %r = gather.gather %d[%i]
  return
}

//--- one-type.mlir
// Only the data type.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // ONE_TYPE: {{.*}}one-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected ','
  %r = gather.gather %d[%i] : tensor<3x4xf32>
  return
}

//--- undefined-operand.mlir
// An operand that was never defined.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // UNDEFINED_OPERAND: {{.*}}undefined-operand.mlir:[[@LINE+1]]:{{[0-9]+}}: error: use of undeclared SSA value name
  %r = gather.gather %x[%i] : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- operand-type-conflict.mlir
// A type that contradicts the operand's definition.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // OPERAND_TYPE_CONFLICT: {{.*}}operand-type-conflict.mlir:[[@LINE+1]]:{{[0-9]+}}: error: use of value '%i' expects different type than prior uses: 'tensor<2xi32>' vs 'tensor<2xi64>'
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<2xi32>
  return
}

//--- vector-indices.mlir
// A vector is not a tensor.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // VECTOR_INDICES: {{.*}}vector-indices.mlir:[[@LINE+1]]:{{[0-9]+}}: error: use of value '%i' expects different type than prior uses: 'vector<2xi64>' vs 'tensor<2xi64>'
  %r = gather.gather %d[%i] : tensor<3x4xf32>, vector<2xi64>
  return
}

//--- unknown-custom-op.mlir
// A misspelt op name in the custom form.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // UNKNOWN_CUSTOM_OP: {{.*}}unknown-custom-op.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'gather.gathr' is unknown
  %r = gather.gathr %d[%i] : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- props-out-of-order.mlir
// batch_dims before axis is not the custom syntax.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // PROPS_OUT_OF_ORDER: {{.*}}props-out-of-order.mlir:[[@LINE+1]]:44: error: custom op 'gather.gather' 'axis' must come before 'batch_dims'
  %r = gather.gather %d[%i] batch_dims = 0 axis = 1 : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- axis-missing-value.mlir
// `axis =` without a value.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // AXIS_MISSING_VALUE: {{.*}}axis-missing-value.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'gather.gather' expected a 64-bit integer value for 'axis'
  %r = gather.gather %d[%i] axis = : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- axis-missing-equal.mlir
// `axis` without `=`.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // AXIS_MISSING_EQUAL: {{.*}}axis-missing-equal.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected '='
  %r = gather.gather %d[%i] axis 1 : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- axis-float.mlir
// A float axis in the custom form.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // AXIS_FLOAT: {{.*}}axis-float.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'gather.gather' expected a 64-bit integer value for 'axis'
  %r = gather.gather %d[%i] axis = 1.0 : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- axis-string.mlir
// A string axis in the custom form.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // AXIS_STRING: {{.*}}axis-string.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'gather.gather' expected a 64-bit integer value for 'axis'
  %r = gather.gather %d[%i] axis = "x" : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- axis-typed.mlir
// The custom form takes a bare integer, not a typed attribute.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // AXIS_TYPED: {{.*}}axis-typed.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected ','
  %r = gather.gather %d[%i] axis = 1 : i64 : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- axis-above-int64.mlir
// 2^63 does not fit axis.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // AXIS_ABOVE_INT64: {{.*}}axis-above-int64.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'gather.gather' integer value too large
  %r = gather.gather %d[%i] axis = 9223372036854775808 : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- batch-dims-below-int64.mlir
// -2^63 - 1 does not fit batch_dims.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // BATCH_DIMS_BELOW_INT64: {{.*}}batch-dims-below-int64.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'gather.gather' integer value too large
  %r = gather.gather %d[%i] batch_dims = -9223372036854775809 : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- unknown-keyword.mlir
// An unknown keyword where axis/batch_dims may appear.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // UNKNOWN_KEYWORD: {{.*}}unknown-keyword.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'gather.gather' unknown keyword 'foo': expected 'axis', 'batch_dims', an attribute dictionary or ':'
  %r = gather.gather %d[%i] foo = 1 : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- custom-properties.mlir
// The custom form has no `<{...}>` properties.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // CUSTOM_PROPERTIES: {{.*}}custom-properties.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected ':'
  %r = gather.gather %d[%i] <{axis = 1}> : tensor<3x4xf32>, tensor<2xi64>
  return
}

//--- generic-one-operand.mlir
// One operand instead of two.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_ONE_OPERAND: {{.*}}generic-one-operand.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op expected 2 operands, but found 1
  %r = "gather.gather"(%d) : (tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

//--- generic-three-operands.mlir
// Three operands instead of two.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_THREE_OPERANDS: {{.*}}generic-three-operands.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op expected 2 operands, but found 3
  %r = "gather.gather"(%d, %i, %i) : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

//--- generic-no-operands.mlir
// No operands.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_NO_OPERANDS: {{.*}}generic-no-operands.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op expected 2 operands, but found 0
  %r = "gather.gather"() : () -> tensor<2x4xf32>
  return
}

//--- generic-two-results.mlir
// Two results.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_TWO_RESULTS: {{.*}}generic-two-results.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op requires one result
  %r:2 = "gather.gather"(%d, %i) : (tensor<3x4xf32>, tensor<2xi64>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return
}

//--- generic-no-result.mlir
// No result.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_NO_RESULT: {{.*}}generic-no-result.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op requires one result
  "gather.gather"(%d, %i) : (tensor<3x4xf32>, tensor<2xi64>) -> ()
  return
}

//--- generic-region.mlir
// A region on an op that has none.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_REGION: {{.*}}generic-region.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op requires zero regions
  %r = "gather.gather"(%d, %i) ({
  ^bb0:
  }) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

//--- generic-successor.mlir
// A successor on a non-terminator.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_SUCCESSOR: {{.*}}generic-successor.mlir:[[@LINE+1]]:{{[0-9]+}}: error: successors in non-terminator
  %r = "gather.gather"(%d, %i)[^bb1] : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

//--- generic-unknown-op.mlir
// A misspelt op name in the generic form.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_UNKNOWN_OP: {{.*}}generic-unknown-op.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unregistered operation 'gather.gathr' found in dialect ('gather') that does not allow unknown operations
  %r = "gather.gathr"(%d, %i) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

//--- generic-axis-float.mlir
// A float axis property.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_AXIS_FLOAT: {{.*}}generic-axis-float.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid properties {axis = 1.000000e+00 : f32} for op gather.gather: Invalid attribute `axis` in property conversion: 1.000000e+00 : f32
  %r = "gather.gather"(%d, %i) <{axis = 1.0 : f32}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

//--- generic-axis-string.mlir
// A string axis property.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_AXIS_STRING: {{.*}}generic-axis-string.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid properties {axis = "x"} for op gather.gather: Invalid attribute `axis` in property conversion: "x"
  %r = "gather.gather"(%d, %i) <{axis = "x"}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

//--- generic-axis-array.mlir
// An array axis property.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_AXIS_ARRAY: {{.*}}generic-axis-array.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid properties {axis = [1]} for op gather.gather: Invalid attribute `axis` in property conversion: [1]
  %r = "gather.gather"(%d, %i) <{axis = [1]}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

//--- generic-axis-unit.mlir
// A unit axis property.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_AXIS_UNIT: {{.*}}generic-axis-unit.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid properties {axis} for op gather.gather: Invalid attribute `axis` in property conversion: unit
  %r = "gather.gather"(%d, %i) <{axis}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

//--- generic-batch-dims-float.mlir
// A float batch_dims property.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_BATCH_DIMS_FLOAT: {{.*}}generic-batch-dims-float.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid properties {batch_dims = 1.500000e+00 : f64} for op gather.gather: Invalid attribute `batch_dims` in property conversion: 1.500000e+00 : f64
  %r = "gather.gather"(%d, %i) <{batch_dims = 1.5 : f64}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

//--- generic-props-not-dict.mlir
// Properties that are not a dictionary.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_PROPS_NOT_DICT: {{.*}}generic-props-not-dict.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid properties 1 : i64 for op gather.gather: expected DictionaryAttr to set properties
  %r = "gather.gather"(%d, %i) <1> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

//--- generic-duplicate-axis.mlir
// axis given twice.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_DUPLICATE_AXIS: {{.*}}generic-duplicate-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: duplicate key 'axis' in dictionary attribute
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64, axis = 0 : i64}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

//--- generic-unclosed-props.mlir
// Properties without the closing `>`.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_UNCLOSED_PROPS: {{.*}}generic-unclosed-props.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected '>' to close properties
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

//--- generic-no-result-type.mlir
// A function type without `->`.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_NO_RESULT_TYPE: {{.*}}generic-no-result-type.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected '->' in function type
  %r = "gather.gather"(%d, %i) <{axis = 1 : i64}> : (tensor<3x4xf32>, tensor<2xi64>)
  return
}

//--- generic-axis-below-int64.mlir
// An integer literal below -2^63.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_AXIS_BELOW_INT64: {{.*}}generic-axis-below-int64.mlir:[[@LINE+1]]:{{[0-9]+}}: error: integer constant out of range for attribute
  %r = "gather.gather"(%d, %i) <{axis = -9223372036854775809}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

//--- huge-valid.mlir
// Sizes near 2^62 and 2^63 - 1 are plain static sizes.
// HUGE_VALID-LABEL: sym_name = "huge"
// HUGE_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<4611686018427387904x2xf32>, tensor<4611686018427387904xi64>) -> tensor<4611686018427387904x2xf32>
// HUGE_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<4611686018427387904x2xf32>, tensor<4611686018427387904xi64>) -> tensor<4611686018427387904x4611686018427387904xf32>
// HUGE_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<4611686018427387904x2xf32>, tensor<4611686018427387904x3xi32>) -> tensor<4611686018427387904x3xf32>
// HUGE_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<9223372036854775807x2xf16>, tensor<5xindex>) -> tensor<5x2xf16>
// HUGE_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -1 : i64, batch_dims = 0 : i64}> : (tensor<9223372036854775807x2xf16>, tensor<5xindex>) -> tensor<9223372036854775807x5xf16>
func.func @huge(%d: tensor<4611686018427387904x2xf32>, %i: tensor<4611686018427387904xi64>, %j: tensor<4611686018427387904x3xi32>, %m: tensor<9223372036854775807x2xf16>, %k: tensor<5xindex>) {
  %r0 = gather.gather %d[%i] : tensor<4611686018427387904x2xf32>, tensor<4611686018427387904xi64>
  %r1 = gather.gather %d[%i] axis = 1 : tensor<4611686018427387904x2xf32>, tensor<4611686018427387904xi64>
  %r2 = gather.gather %d[%j] axis = 1 batch_dims = 1 : tensor<4611686018427387904x2xf32>, tensor<4611686018427387904x3xi32>
  %r3 = gather.gather %m[%k] : tensor<9223372036854775807x2xf16>, tensor<5xindex>
  %r4 = gather.gather %m[%k] axis = -1 : tensor<9223372036854775807x2xf16>, tensor<5xindex>
  return
}

//--- huge-batch-mismatch.mlir
// Huge batch sizes that differ by one.
func.func @f(%d: tensor<4611686018427387904x2xf32>, %i: tensor<4611686018427387903x3xi64>) {
  // HUGE_BATCH_MISMATCH: {{.*}}huge-batch-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op batch dimension 0 must have the same size in data (4611686018427387904) and indices (4611686018427387903)
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<4611686018427387904x2xf32>, tensor<4611686018427387903x3xi64>
  return
}

//--- huge-result-dim.mlir
// A declared huge result size that is not the inferred one.
func.func @f(%d: tensor<4611686018427387904x2xf32>, %i: tensor<3xi64>) {
  // HUGE_RESULT_DIM: {{.*}}huge-result-dim.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op result dimension 0 (4611686018427387904) must equal indices dimension 0 (3)
  %r = "gather.gather"(%d, %i) : (tensor<4611686018427387904x2xf32>, tensor<3xi64>) -> tensor<4611686018427387904x2xf32>
  return
}

//--- huge-axis.mlir
// A bad axis on huge data.
func.func @f(%d: tensor<4611686018427387904x2xf32>, %i: tensor<3xi64>) {
  // HUGE_AXIS: {{.*}}huge-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op axis (2) must be in [-2, 1] for data of rank 2
  %r = gather.gather %d[%i] axis = 2 : tensor<4611686018427387904x2xf32>, tensor<3xi64>
  return
}

//--- dim-above-int64.mlir
// A size of 2^63 is not a valid dimension.
// DIM_ABOVE_INT64: {{.*}}dim-above-int64.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid dimension
func.func @f(%d: tensor<9223372036854775808x2xf32>) {
  return
}

//--- zero-dims-valid.mlir
// Zero sizes everywhere.
// ZERO_DIMS_VALID-LABEL: sym_name = "zero"
// ZERO_DIMS_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<0x0xf32>, tensor<0x0xi64>) -> tensor<0x0x0xf32>
// ZERO_DIMS_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<0x0xf32>, tensor<0x0xi64>) -> tensor<0x0xf32>
// ZERO_DIMS_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<0xi32>, tensor<0x0xi64>) -> tensor<0x0xi32>
func.func @zero(%d: tensor<0x0xf32>, %i: tensor<0x0xi64>, %s: tensor<0xi32>) {
  %r0 = gather.gather %d[%i] : tensor<0x0xf32>, tensor<0x0xi64>
  %r1 = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<0x0xf32>, tensor<0x0xi64>
  %r2 = gather.gather %s[%i] : tensor<0xi32>, tensor<0x0xi64>
  return
}

//--- zero-batch-mismatch.mlir
// Batch sizes 0 and 1 differ.
func.func @f(%d: tensor<0x4xf32>, %i: tensor<1x2xi64>) {
  // ZERO_BATCH_MISMATCH: {{.*}}zero-batch-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op batch dimension 0 must have the same size in data (0) and indices (1)
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<0x4xf32>, tensor<1x2xi64>
  return
}

//--- rank10-valid.mlir
// Rank-10 data and indices; axis/batch_dims at the extremes of their ranges.
// RANK10_VALID-LABEL: sym_name = "rank10"
// RANK10_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = 9 : i64, batch_dims = 9 : i64}> : (tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x10x11xi64>) -> tensor<2x3x4x5x6x7x8x9x10x11xf32>
// RANK10_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -10 : i64, batch_dims = -10 : i64}> : (tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x10x11xi64>) -> tensor<2x3x4x5x6x7x8x9x10x11x3x4x5x6x7x8x9x10x11xf32>
// RANK10_VALID: "gather.gather"(%{{.*}}, %{{.*}}) <{axis = -1 : i64, batch_dims = 8 : i64}> : (tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x10x11xi64>) -> tensor<2x3x4x5x6x7x8x9x10x10x11xf32>
func.func @rank10(%d: tensor<2x3x4x5x6x7x8x9x10x11xf32>, %i: tensor<2x3x4x5x6x7x8x9x10x11xi64>) {
  %r0 = gather.gather %d[%i] axis = 9 batch_dims = 9 : tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x10x11xi64>
  %r1 = gather.gather %d[%i] axis = -10 batch_dims = -10 : tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x10x11xi64>
  %r2 = gather.gather %d[%i] axis = -1 batch_dims = 8 : tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x10x11xi64>
  return
}

//--- rank10-axis.mlir
// axis = rank on rank-10 data.
func.func @f(%d: tensor<2x3x4x5x6x7x8x9x10x11xf32>, %i: tensor<2x3x4x5x6x7x8x9x10x11xi64>) {
  // RANK10_AXIS: {{.*}}rank10-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op axis (10) must be in [-10, 9] for data of rank 10
  %r = gather.gather %d[%i] axis = 10 : tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x10x11xi64>
  return
}

//--- rank10-batch-dims.mlir
// batch_dims = rank + 1 on rank-10 indices.
func.func @f(%d: tensor<2x3x4x5x6x7x8x9x10x11xf32>, %i: tensor<2x3x4x5x6x7x8x9x10x11xi64>) {
  // RANK10_BATCH_DIMS: {{.*}}rank10-batch-dims.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op batch_dims (11) must not exceed the rank of indices (10)
  %r = gather.gather %d[%i] axis = 9 batch_dims = 11 : tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x10x11xi64>
  return
}

//--- rank10-batch-mismatch.mlir
// The last of nine batch dimensions differs.
func.func @f(%d: tensor<2x3x4x5x6x7x8x9x10x11xf32>, %i: tensor<2x3x4x5x6x7x8x9x12xi64>) {
  // RANK10_BATCH_MISMATCH: {{.*}}rank10-batch-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op batch dimension 8 must have the same size in data (10) and indices (12)
  %r = gather.gather %d[%i] axis = 9 batch_dims = 9 : tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x12xi64>
  return
}

//--- rank10-result-rank.mlir
// A rank-10 result where rank 19 is inferred.
func.func @f(%d: tensor<2x3x4x5x6x7x8x9x10x11xf32>, %i: tensor<2x3x4x5x6x7x8x9x10x11xi64>) {
  // RANK10_RESULT_RANK: {{.*}}rank10-result-rank.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op result rank (10) must be 19, rank(data) + rank(indices) - batch_dims - 1
  %r = "gather.gather"(%d, %i) : (tensor<2x3x4x5x6x7x8x9x10x11xf32>, tensor<2x3x4x5x6x7x8x9x10x11xi64>) -> tensor<2x3x4x5x6x7x8x9x10x11xf32>
  return
}

//--- rank0-indices-negative-batch-dims.mlir
// batch_dims = -1 with rank-0 indices.
func.func @f(%d: tensor<2x3xf32>, %i: tensor<i64>) {
  // RANK0_INDICES_NEGATIVE_BATCH_DIMS: {{.*}}rank0-indices-negative-batch-dims.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op batch_dims (-1) must be >= 0, minus the rank of indices
  %r = gather.gather %d[%i] axis = 1 batch_dims = -1 : tensor<2x3xf32>, tensor<i64>
  return
}

//--- generic-batch-dims-int64-min.mlir
// INT64_MIN batch_dims together with INT64_MAX axis: axis is reported first.
func.func @f(%d: tensor<3x4xf32>, %i: tensor<2xi64>) {
  // GENERIC_BATCH_DIMS_INT64_MIN: {{.*}}generic-batch-dims-int64-min.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'gather.gather' op axis (9223372036854775807) must be in [-2, 1] for data of rank 2
  %r = "gather.gather"(%d, %i) <{axis = 9223372036854775807 : i64, batch_dims = -9223372036854775808 : i64}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// ... nor after the last one.
// SAFE-NOT: PLEASE submit
// SAFE-NOT: Stack dump

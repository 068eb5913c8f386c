// The checks call only report functions that the lowering creates: symbols of
// the module that carry the names it prefers are left alone and never
// called, and each report lives in the symbol table nearest to its gather.
// RUN: gather-opt %s --convert-gather-to-linalg -split-input-file | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-atb -split-input-file | FileCheck %s --check-prefix=ATB

// A global that has the name of the format string.
// CHECK-LABEL: module {
// CHECK:         llvm.mlir.global internal constant @__gather_mlir_index_out_of_bounds_format("user\00")
// CHECK-LABEL:   func.func @format_taken
// CHECK:           llvm.call @[[FN:__gather_mlir_index_out_of_bounds[_0-9]*]]({{.*}}) : (i64, i64, !llvm.ptr) -> ()
// CHECK:         llvm.mlir.global internal constant @[[FMT:__gather_mlir_index_out_of_bounds_format_[0-9]+]]("gather: index
// CHECK:         llvm.func internal @[[FN]](
// CHECK:           llvm.mlir.addressof @[[FMT]]
llvm.mlir.global internal constant @__gather_mlir_index_out_of_bounds_format("user\00")
func.func @format_taken(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// A function of the report's name and another type.
// CHECK-LABEL: module {
// CHECK:         func.func private @__gather_mlir_index_out_of_bounds(i32)
// CHECK-LABEL:   func.func @name_taken_other_type
// CHECK:           llvm.call @[[FN:__gather_mlir_index_out_of_bounds_[0-9]+]]({{.*}}) : (i64, i64, !llvm.ptr) -> ()
// CHECK:         llvm.func internal @[[FN]](
func.func private @__gather_mlir_index_out_of_bounds(i32)
func.func @name_taken_other_type(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// A function of the report's name and type whose body returns: never called.
// CHECK-LABEL: module {
// CHECK:         llvm.func @__gather_mlir_index_out_of_bounds(%{{.*}}: i64, %{{.*}}: i64) {
// CHECK-NEXT:      llvm.return
// CHECK-LABEL:   func.func @name_taken_same_type
// CHECK-NOT:       llvm.call @__gather_mlir_index_out_of_bounds(
// CHECK:           llvm.call @[[FN:__gather_mlir_index_out_of_bounds_[0-9]+]]({{.*}}) : (i64, i64, !llvm.ptr) -> ()
// CHECK:         llvm.func internal @[[FN]](
// CHECK:           llvm.call @_exit
llvm.func @__gather_mlir_index_out_of_bounds(%a: i64, %b: i64) {
  llvm.return
}
func.func @name_taken_same_type(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// A user function of the report's name called by the user keeps its calls.
// CHECK-LABEL:   func.func @user_calls
// CHECK:           llvm.call @__gather_mlir_index_out_of_bounds(%{{.*}}, %{{.*}}) : (i64, i64) -> ()
// CHECK:           llvm.call @[[FN:__gather_mlir_index_out_of_bounds_[0-9]+]]({{.*}}) : (i64, i64, !llvm.ptr) -> ()
llvm.func @__gather_mlir_index_out_of_bounds(%a: i64, %b: i64) {
  llvm.return
}
func.func @user_calls(%d: tensor<4x2xf32>, %i: tensor<2xi64>, %a: i64) -> tensor<2x2xf32> {
  llvm.call @__gather_mlir_index_out_of_bounds(%a, %a) : (i64, i64) -> ()
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// A gather in a nested module: the report, its format, the location string
// and the C library declarations go into that module, which the calls see.
// CHECK-LABEL: module {
// CHECK:         module @inner {
// CHECK:           func.func @nested
// CHECK:             %[[AT:.*]] = llvm.mlir.addressof @__gather_mlir_location : !llvm.ptr
// CHECK:             llvm.call @__gather_mlir_index_out_of_bounds(%{{.*}}, %{{.*}}, %[[AT]])
// CHECK:           llvm.func @dprintf
// CHECK:           llvm.func @fflush
// CHECK:           llvm.func @_exit
// CHECK:           llvm.func @pause
// CHECK:           llvm.func internal @__gather_mlir_index_out_of_bounds(
// CHECK:           llvm.mlir.global internal constant @__gather_mlir_location("{{.*}}report-symbols.mlir:[[# @LINE + 8]]:12\00"){{.*}}
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// ATB-LABEL:   module @inner {
// ATB:           llvm.func internal @__gather_mlir_index_out_of_bounds(
module {
  module @inner {
    func.func @nested(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
      %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
      return %r : tensor<2x2xf32>
    }
  }
}

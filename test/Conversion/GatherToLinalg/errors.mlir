// Diagnostics of convert-gather-to-linalg.
// RUN: gather-opt %s --convert-gather-to-linalg -split-input-file -verify-diagnostics

// A module that defines `exit` as something other than an llvm.func cannot
// host the out-of-bounds report.
// expected-error @+1 {{'func.func' op conflicts with @exit, which the gather error report needs as an llvm.func of type '!llvm.func<void (i32)>'}}
func.func private @exit(i64)

func.func @f(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// expected-error @+1 {{'func.func' op conflicts with @__gather_mlir_index_out_of_bounds, which the gather error report defines as an llvm.func}}
func.func private @__gather_mlir_index_out_of_bounds()

func.func @f(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// expected-error @+1 {{'func.func' op conflicts with @dprintf, which the gather error report needs as an llvm.func of type '!llvm.func<i32 (i32, ptr, ...)>'}}
func.func private @dprintf(i32)

func.func @f(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// An llvm.func of the same name but another type conflicts too.
// expected-error @+1 {{'llvm.func' op conflicts with @dprintf, which the gather error report needs as an llvm.func of type '!llvm.func<i32 (i32, ptr, ...)>'}}
llvm.func @dprintf(!llvm.ptr, ...) -> i32
func.func @g(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// Existing declarations of the right type are reused (no error).
llvm.func @exit(i32)
llvm.func @dprintf(i32, !llvm.ptr, ...) -> i32
func.func @h(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// The format string of a report is a symbol too.
// expected-error @+1 {{'func.func' op conflicts with @__gather_mlir_unsigned_index_out_of_bounds_format, which the gather error report defines as an llvm.mlir.global}}
func.func private @__gather_mlir_unsigned_index_out_of_bounds_format()

func.func @u(%d: tensor<4x2xf32>, %i: tensor<2xui32>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xui32>
  return %r : tensor<2x2xf32>
}

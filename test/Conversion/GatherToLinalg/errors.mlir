// Diagnostics of convert-gather-to-linalg.
// RUN: gather-opt %s --convert-gather-to-linalg -split-input-file -verify-diagnostics

// The report functions call the C library's `_exit` and `dprintf`: a module
// that defines those names as something else cannot host them.
// expected-error @+1 {{'func.func' op conflicts with @_exit, which the gather error report needs as an external llvm.func (the C library's) of type '!llvm.func<void (i32)>'}}
func.func private @_exit(i64)

func.func @f(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// expected-error @+1 {{'func.func' op conflicts with @dprintf, which the gather error report needs as an external llvm.func (the C library's) of type '!llvm.func<i32 (i32, ptr, ...)>'}}
func.func private @dprintf(i32)

func.func @f(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// An llvm.func of the same name but another type conflicts too.
// expected-error @+1 {{'llvm.func' op conflicts with @dprintf, which the gather error report needs as an external llvm.func (the C library's) of type '!llvm.func<i32 (i32, ptr, ...)>'}}
llvm.func @dprintf(!llvm.ptr, ...) -> i32
func.func @g(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// So does an `_exit` of the right type that the module defines itself: the
// report would call it instead of the C library's.
// expected-error @+1 {{'llvm.func' op conflicts with @_exit, which the gather error report needs as an external llvm.func (the C library's) of type '!llvm.func<void (i32)>'}}
llvm.func @_exit(%status: i32) {
  llvm.return
}
func.func @g(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// The same rule holds in the symbol table nearest to the gather.
module @inner {
  // expected-error @+1 {{'func.func' op conflicts with @_exit, which the gather error report needs as an external llvm.func (the C library's) of type '!llvm.func<void (i32)>'}}
  func.func private @_exit(i64)
  func.func @g(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
    %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
    return %r : tensor<2x2xf32>
  }
}

// -----

// Existing declarations of the right type are reused (no error).
llvm.func @_exit(i32)
llvm.func @dprintf(i32, !llvm.ptr, ...) -> i32
func.func @h(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// Tensors that span more than 2^63 - 1 bytes cannot be addressed: the gather
// says so instead of a later pass failing on overflowed sizes.
func.func @too_large_data(%d: tensor<2x9223372036854775807xf64>, %i: tensor<3xi64>) -> tensor<2x3xf64> {
  // expected-error @+1 {{'gather.gather' op is too large to lower: data of type 'tensor<2x9223372036854775807xf64>' spans more than 2^63 - 1 bytes by its static sizes}}
  %r = gather.gather %d[%i] axis = 1 : tensor<2x9223372036854775807xf64>, tensor<3xi64>
  return %r : tensor<2x3xf64>
}

// -----

// 2^61 x 2 elements of 4 bytes: 2^64 bytes (the element count fits).
func.func @too_large_bytes(%d: tensor<2305843009213693952x2xf32>, %i: tensor<3xi64>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'gather.gather' op is too large to lower: data of type 'tensor<2305843009213693952x2xf32>' spans more than 2^63 - 1 bytes by its static sizes}}
  %r = gather.gather %d[%i] : tensor<2305843009213693952x2xf32>, tensor<3xi64>
  return %r : tensor<3x2xf32>
}

// -----

// A zero size further out does not help: the stride of dimension 0 is
// 2^62 x 4 x 8 bytes.
func.func @too_large_stride(%d: tensor<0x4611686018427387904x4xf64>, %i: tensor<3xi64>) -> tensor<0x3x4xf64> {
  // expected-error @+1 {{'gather.gather' op is too large to lower: data of type 'tensor<0x4611686018427387904x4xf64>' spans more than 2^63 - 1 bytes by its static sizes}}
  %r = gather.gather %d[%i] axis = 1 : tensor<0x4611686018427387904x4xf64>, tensor<3xi64>
  return %r : tensor<0x3x4xf64>
}

// -----

// The result counts too: 2^60 x 8 bytes, with indices of 2^60 x 4 bytes.
func.func @too_large_result(%d: tensor<?x?xi64>, %i: tensor<1152921504606846976x1xi32>) -> tensor<1152921504606846976x1x?xi64> {
  // expected-error @+1 {{'gather.gather' op is too large to lower: the result of type 'tensor<1152921504606846976x1x?xi64>' spans more than 2^63 - 1 bytes by its static sizes}}
  %r = gather.gather %d[%i] : tensor<?x?xi64>, tensor<1152921504606846976x1xi32>
  return %r : tensor<1152921504606846976x1x?xi64>
}

// -----

// The largest sizes that fit are lowered (2^63 - 1 bytes of i8 data).
func.func @largest(%d: tensor<9223372036854775807xi8>, %i: tensor<3xi64>) -> tensor<3xi8> {
  %r = gather.gather %d[%i] : tensor<9223372036854775807xi8>, tensor<3xi64>
  return %r : tensor<3xi8>
}

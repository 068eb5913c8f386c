// Diagnostics of convert-atb-to-runtime.
// RUN: gather-opt %s --convert-atb-to-runtime -split-input-file -verify-diagnostics

func.func @tensors(%x: tensor<3x3xf32>, %i: tensor<2xi64>, %o: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'atb.gather' op must be bufferized before convert-atb-to-runtime (its operands are tensors)}}
  %r = atb.gather %x[%i] axis = 1 batch_dims = 0 into %o : tensor<3x3xf32>, tensor<2xi64> into tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// A symbol of the entry point's name with another type.
// expected-error @+1 {{'func.func' op conflicts with @gatherAtbGather_f32_i64, which the Ascend runtime call needs as a func.func declaration of type '(memref<*xf32>, memref<*xi64>, memref<*xf32>, i64, i64) -> i32' with llvm.emit_c_interface}}
func.func private @gatherAtbGather_f32_i64(memref<*xf32>, memref<*xi64>, memref<*xf32>, i64, i64) -> i64 attributes {llvm.emit_c_interface}

func.func @wrong_type(%x: memref<3x3xf32>, %i: memref<2xi64>, %o: memref<3x2xf32>) {
  atb.gather %x[%i] axis = 1 batch_dims = 0 into %o : memref<3x3xf32>, memref<2xi64> into memref<3x2xf32>
  return
}

// -----

// The right type, but without the C interface the call would not reach the
// runtime's _mlir_ciface_ entry point.
// expected-error @+1 {{'func.func' op conflicts with @gatherAtbGather_f16_u32, which the Ascend runtime call needs as a func.func declaration}}
func.func private @gatherAtbGather_f16_u32(memref<*xf16>, memref<*xui32>, memref<*xf16>, i64, i64) -> i32

func.func @no_c_interface(%x: memref<3xf16>, %i: memref<2xui32>, %o: memref<2xf16>) {
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<3xf16>, memref<2xui32> into memref<2xf16>
  return
}

// -----

// A definition of that name would be called instead of the runtime.
// expected-error @+1 {{'func.func' op conflicts with @gatherAtbGather_i32_i32, which the Ascend runtime call needs as a func.func declaration}}
func.func @gatherAtbGather_i32_i32(%x: memref<*xi32>, %i: memref<*xi32>, %o: memref<*xi32>, %a: i64, %b: i64) -> i32 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}

func.func @definition(%x: memref<3xi32>, %i: memref<2xi32>, %o: memref<2xi32>) {
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<3xi32>, memref<2xi32> into memref<2xi32>
  return
}

// -----

// An existing declaration of the right form is reused (no error).
func.func private @gatherAtbGather_bf16_i64(memref<*xbf16>, memref<*xi64>, memref<*xbf16>, i64, i64) -> i32 attributes {llvm.emit_c_interface}

func.func @reused(%x: memref<3xbf16>, %i: memref<2xi64>, %o: memref<2xbf16>) {
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<3xbf16>, memref<2xi64> into memref<2xbf16>
  return
}

// -----

// The symbols of the failure report.
// expected-error @+1 {{'func.func' op conflicts with @__gather_mlir_atb_gather_failed, which the gather error report defines as an llvm.func}}
func.func private @__gather_mlir_atb_gather_failed(i64)

func.func @report_clash(%x: memref<3xf32>, %i: memref<2xi64>, %o: memref<2xf32>) {
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<3xf32>, memref<2xi64> into memref<2xf32>
  return
}

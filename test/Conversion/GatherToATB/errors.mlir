// Diagnostics of convert-gather-to-atb: symbols that clash with the
// out-of-bounds report the index checks call, and an unknown SoC name.
// RUN: gather-opt %s --convert-gather-to-atb -split-input-file -verify-diagnostics
// RUN: not gather-opt %s --convert-gather-to-atb=soc=ascend310 -split-input-file 2>&1 | FileCheck %s --check-prefix=SOC
// RUN: not gather-opt %s --gather-to-atb=soc=Ascend910B -split-input-file 2>&1 | FileCheck %s --check-prefix=PIPELINE

// SOC: for the --soc option: Cannot find option named 'ascend310'!
// PIPELINE: for the --soc option: Cannot find option named 'Ascend910B'!

// A symbol named like a report function is no conflict: the pass creates its
// own function under another name (test/Conversion/GatherToLinalg/
// report-symbols.mlir), and this gather goes to ATB anyway.
func.func private @__gather_mlir_index_out_of_bounds()

func.func @f(%d: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// expected-error @+1 {{'func.func' op conflicts with @_exit, which the gather error report needs as an external llvm.func (the C library's) of type '!llvm.func<void (i32)>'}}
func.func private @_exit(i64)

func.func @g(%d: tensor<4x2xf16>, %i: tensor<2xui32>) -> tensor<2x2xf16> {
  %r = gather.gather %d[%i] : tensor<4x2xf16>, tensor<2xui32>
  return %r : tensor<2x2xf16>
}

// -----

// A module without gathers is left alone, whatever its symbols.
func.func private @_exit(i64)
func.func @h(%d: tensor<4x2xf32>) -> tensor<4x2xf32> {
  return %d : tensor<4x2xf32>
}

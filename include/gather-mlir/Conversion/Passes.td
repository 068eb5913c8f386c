//===- Passes.td - gather-mlir conversion passes -----------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_PASSES_TD
#define GATHER_MLIR_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// GatherToLinalg
//===----------------------------------------------------------------------===//

def ConvertGatherToLinalg : Pass<"convert-gather-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower gather.gather to linalg, tensor, scf and arith on tensors";
  let description = [{
    Rewrites every `gather.gather` into destination-style tensor code that
    one-shot bufferization accepts; no `gather.` operation remains.

    Index values are converted to `index` (sign-extended for signless and
    signed types, zero-extended for unsigned ones); a negative value of a
    signed or signless type is wrapped by adding the size `s` of the gathered
    dimension. No wrap is emitted for unsigned types or for constant indices
    that are all non-negative. The `bounds-check` option decides what the
    code does with a value outside `[0, s)` after wrapping:

    * `assert` (default): the program stops with exit status 1 after
      printing `gather: index <k> is out of bounds for a dimension of size
      <s>` to standard error. The message is printed by a helper function
      that the pass adds to the module (it calls the C library's `dprintf`
      and `exit`). Constant indices proven in range are not checked.
    * `clamp`: the index is clamped to `[0, s-1]` (an empty gathered
      dimension still stops the program as under `assert`).
    * `none`: the input is trusted; no check is emitted.

    The `strategy` option chooses the shape of the generated code:

    * `slices` (default): an `scf.forall` over the outer positions
      `D[:a] ++ I[b:]` loads, wraps and checks each index once and copies the
      whole contiguous slice `data[p, k, :]` with `tensor.extract_slice` /
      `tensor.parallel_insert_slice`. When the gathered axis is the innermost
      one (no slice to copy) it falls back to `generic`.
    * `generic`: one `linalg.generic` over the result whose body reads data
      with `tensor.extract`, checking the index per element: the obvious
      lowering, kept as the reference.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let options = [
    Option<"boundsCheck", "bounds-check", "::mlir::gather::BoundsCheck",
           /*default=*/"::mlir::gather::BoundsCheck::Assert",
           "What the generated code does with an out-of-range index",
           [{::llvm::cl::values(
             clEnumValN(::mlir::gather::BoundsCheck::Assert, "assert",
                        "stop the program with an 'out of bounds' message"),
             clEnumValN(::mlir::gather::BoundsCheck::Clamp, "clamp",
                        "clamp the index to [0, size-1]"),
             clEnumValN(::mlir::gather::BoundsCheck::None, "none",
                        "trust the input: no check"))}]>,
    Option<"strategy", "strategy", "::mlir::gather::GatherLoweringStrategy",
           /*default=*/"::mlir::gather::GatherLoweringStrategy::Slices",
           "Shape of the generated code",
           [{::llvm::cl::values(
             clEnumValN(::mlir::gather::GatherLoweringStrategy::Slices,
                        "slices", "one index load and check per slice, "
                        "slices copied whole"),
             clEnumValN(::mlir::gather::GatherLoweringStrategy::Generic,
                        "generic", "one linalg.generic with tensor.extract "
                        "per element"))}]>,
  ];
}

#endif // GATHER_MLIR_CONVERSION_PASSES_TD

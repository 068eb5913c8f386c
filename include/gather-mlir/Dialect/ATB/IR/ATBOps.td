//===- ATBOps.td - atb dialect operations ------------------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_ATB_IR_ATBOPS_TD
#define GATHER_MLIR_DIALECT_ATB_IR_ATBOPS_TD

include "gather-mlir/Dialect/ATB/IR/ATBDialect.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// A ranked tensor or a ranked memref.
def ATB_TensorOrMemRef : AnyTypeOf<[AnyRankedTensor, AnyMemRef],
                                   "ranked tensor or memref">;

def ATB_GatherOp : ATB_Op<"gather", [
    DestinationStyleOpInterface,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "The ATB GatherOperation: gathers slices of `x` along `axis`";
  let description = [{
    `atb.gather` is one call of the ATB `GatherOperation`
    (`atb::infer::GatherParam{axis, batchDims}`) with inputs `x` and
    `indices` and output `init`. With `x : X0 x ... x X(n-1)`,
    `indices : I0 x ... x I(m-1)`, `a = axis` and `b = batch_dims`, the output
    has shape `X[:a] ++ I[b:] ++ X[a+1:]` and the element type of `x`:

    `out[p0..p(a-1), j(b)..j(m-1), t(a+1)..t(n-1)] =
    x[p0..p(a-1), k, t(a+1)..t(n-1)]` with `k = indices[p0..p(b-1), j(b)..j(m-1)]`.

    The op carries ATB's own rules, which the verifier checks:

    * `axis` and `batch_dims` are non-negative, `batch_dims <= axis`,
      `axis < rank(x)` and `batch_dims <= rank(indices)`; there is no
      negative-value normalisation (that happens before, in
      `convert-gather-to-atb`).
    * `x`, `indices` and `init` have rank 1 to 8 (ATB has no rank-0
      tensors).
    * `x` and `init` hold `f16`, `bf16`, `f32`, `i32`/`si32`, `ui32` or
      `i64`/`si64`; `indices` hold `i32`/`si32`, `i64`/`si64` or `ui32`.
    * The leading `batch_dims` sizes of `x` and `indices` agree and `init`
      has the output shape, where the sizes are static.

    Index values must lie in `[0, x[axis])`: ATB does not check them, the
    lowering that creates the op makes sure they do. Which element types and
    ranks a given Ascend product accepts is narrower; `convert-gather-to-atb`
    checks that per SoC.

    The op is destination-style. On tensors it returns the filled `init`:

    ```mlir
    %r = atb.gather %x[%i] axis = 1 batch_dims = 0 into %init
        : tensor<3x3xf32>, tensor<2xi64> into tensor<3x2xf32>
    ```

    On memrefs it writes into `init` and has no result:

    ```mlir
    atb.gather %x[%i] axis = 1 batch_dims = 1 into %out
        : memref<3x3xf16>, memref<3x1xi32> into memref<3x1xf16>
    ```

    `init` is only written: its previous contents are never read.
  }];

  let arguments = (ins
    ATB_TensorOrMemRef:$x,
    ATB_TensorOrMemRef:$indices,
    ATB_TensorOrMemRef:$init,
    I64Attr:$axis,
    I64Attr:$batch_dims
  );
  let results = (outs Variadic<AnyRankedTensor>:$result);

  let assemblyFormat = [{
    $x `[` $indices `]` `axis` `=` $axis `batch_dims` `=` $batch_dims
    `into` $init attr-dict `:` type($x) `,` type($indices) `into` type($init)
  }];

  let hasVerifier = 1;

  let extraClassDeclaration = [{
    /// The single init operand, as DestinationStyleOpInterface needs it.
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getInitMutable();
    }
    ::mlir::ShapedType getXType() {
      return ::llvm::cast<::mlir::ShapedType>(getX().getType());
    }
    ::mlir::ShapedType getIndicesType() {
      return ::llvm::cast<::mlir::ShapedType>(getIndices().getType());
    }
    ::mlir::ShapedType getInitType() {
      return ::llvm::cast<::mlir::ShapedType>(getInit().getType());
    }
  }];
}

#endif // GATHER_MLIR_DIALECT_ATB_IR_ATBOPS_TD

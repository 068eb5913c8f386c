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

//===----------------------------------------------------------------------===//
// Device memory
//===----------------------------------------------------------------------===//

def ATB_AllocDeviceOp : ATB_Op<"alloc_device", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "Allocates a buffer in the Ascend device's memory";
  let description = [{
    Allocates a row-major buffer of the result type in device memory
    (memory space 1, `atb::kDeviceMemorySpace`); one index operand per
    dynamic dimension. The contents are undefined. Host code must not read
    or write it: `atb.copy` moves data between host and device.

    ```mlir
    %d = atb.alloc_device(%n) : memref<?x8xf32, 1>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamicSizes);
  let results = (outs Res<AnyMemRef, "", [MemAlloc<DefaultResource>]>:$memref);
  let assemblyFormat = "`(` $dynamicSizes `)` attr-dict `:` type($memref)";
  let hasVerifier = 1;
}

def ATB_DeallocDeviceOp : ATB_Op<"dealloc_device", [
    MemoryEffects<[MemFree<DefaultResource>]>]> {
  let summary = "Frees a buffer from atb.alloc_device";
  let description = [{
    Frees device memory from `atb.alloc_device`. Work still queued on the
    stream must not use it: an `atb.synchronize` comes first.

    ```mlir
    atb.dealloc_device %d : memref<?x8xf32, 1>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "", [MemFree<DefaultResource>]>:$memref);
  let assemblyFormat = "$memref attr-dict `:` type($memref)";
}

def ATB_CopyOp : ATB_Op<"copy"> {
  let summary = "Queues a copy between host and device memory";
  let description = [{
    Copies all of `source` into `target`, one in host memory and the other
    in device memory (memory space 1); both have identity layouts and the
    same shape and element type. A host-to-device copy is complete when the
    op returns (the host buffer may then be reused); a device-to-host copy
    is queued on the stream after the work before it, and the host must not
    read its target before an `atb.synchronize`.

    ```mlir
    atb.copy %table, %d : memref<100x8xf32> to memref<100x8xf32, 1>
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "", [MemRead]>:$source,
                       Arg<AnyMemRef, "", [MemWrite]>:$target);
  let assemblyFormat =
      "$source `,` $target attr-dict `:` type($source) `to` type($target)";
  let hasVerifier = 1;
}

def ATB_SynchronizeOp : ATB_Op<"synchronize"> {
  let summary = "Waits for the work queued on the stream";
  let description = [{
    Blocks until every gather and copy queued on the stream has finished:
    after it the host may read what device-to-host copies wrote.

    ```mlir
    atb.synchronize
    ```
  }];
  let assemblyFormat = "attr-dict";
}

#endif // GATHER_MLIR_DIALECT_ATB_IR_ATBOPS_TD

//===- GatherOps.td - gather dialect operations ------------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_TD
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_TD

include "gather-mlir/Dialect/Gather/IR/GatherDialect.td"
include "mlir/IR/Properties.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Gather_GatherOp : Gather_Op<"gather", [
    Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface, ["refineReturnTypes"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes"]>]> {
  let summary = "Gathers slices of `data` along `axis` at the positions in `indices`";
  let description = [{
    `gather.gather` selects slices of `data` along dimension `axis` at the
    positions held by `indices`, with the semantics of ONNX Gather (v1, v11,
    v13) extended by the `batch_dims` parameter of TensorFlow `GatherV2` and
    Ascend ATB `GatherOperation`.

    Let `data` have shape `D0 x ... x D(r-1)` (rank `r >= 1`) and `indices`
    shape `I0 x ... x I(q-1)` (rank `q >= 0`).

    * `axis` (default 0) must lie in `[-r, r-1]`; a negative value counts from
      the back: `a = axis < 0 ? axis + r : axis`.
    * `batch_dims` (default 0) must lie in `[-q, q]`; a negative value adds
      `q`: `b = batch_dims < 0 ? batch_dims + q : batch_dims`. After
      normalisation `b <= a` must hold, and the leading `b` dimensions of
      `data` and `indices` must agree (`D(i) == I(i)` for `i < b`; a dynamic
      size on either side is accepted).
    * The result has shape `D[:a] ++ I[b:] ++ D[a+1:]` and the element type
      of `data`. With rank-0 indices the result has rank `r - 1`.
    * `out[p0..p(a-1), j(b)..j(q-1), t(a+1)..t(r-1)] =
      data[p0..p(a-1), k, t(a+1)..t(r-1)]` where
      `k = indices[p0..p(b-1), j(b)..j(q-1)]`.
    * `indices` holds integers of width 32 or 64 (signless, signed or
      unsigned) or `index`. A value `k` must lie in `[-s, s-1]` where
      `s = D(a)`; a negative value of a signed or signless type selects
      `k + s` (ONNX v11 and later, `numpy.take`). Unsigned values are never
      negative. An out-of-range value is an error of the program; the
      lowerings' `bounds-check` option chooses what the generated code does.

    ONNX example (axis 0):

    ```mlir
    // data = [[1.0, 1.2], [2.3, 3.4], [4.5, 5.7]], indices = [[0, 1], [1, 2]]
    // result = [[[1.0, 1.2], [2.3, 3.4]], [[2.3, 3.4], [4.5, 5.7]]]
    %r = gather.gather %data[%indices] : tensor<3x2xf32>, tensor<2x2xi64>
    ```

    ONNX example (axis 1):

    ```mlir
    // data = [[1.0, 1.2, 1.9], [2.3, 3.4, 3.9], [4.5, 5.7, 5.9]],
    // indices = [[0, 2]]  =>  result = [[[1.0, 1.9]], [[2.3, 3.9]], [[4.5, 5.9]]]
    %r = gather.gather %data[%indices] axis = 1
        : tensor<3x3xf32>, tensor<1x2xi64>
    ```

    ATB example with `batchDims = 1` (one row of indices per batch):

    ```mlir
    // data = [[1, 2, 3], [4, 5, 6]], indices = [[0, 2], [1, 0]]
    // result = [[1, 3], [5, 4]]
    %r = gather.gather %data[%indices] axis = 1 batch_dims = 1
        : tensor<2x3xf16>, tensor<2x2xi32>
    ```

    The result type is inferred; a declared result type that differs from the
    inferred one (more static, or more dynamic) follows an arrow:

    ```mlir
    %r = gather.gather %data[%indices] : tensor<?x4xf32>, tensor<2xi64>
        -> tensor<2x4xf32>
    ```

    Two unit properties record facts about the index values that
    `gather-prove-index-ranges` proved at compile time; the lowerings trust
    them (a false fact makes the program's behaviour undefined):

    * `indices_nonnegative`: every index value is `>= 0`, so no value needs
      the wrap of negative values;
    * `indices_in_range`: every index value lies in `[-s, s)`, so no value
      needs a bounds check (under any `bounds-check` policy).

    Both together say every value lies in `[0, s)`. They are printed in the
    attribute dictionary:

    ```mlir
    %r = gather.gather %data[%indices] {indices_in_range, indices_nonnegative}
        : tensor<3x2xf32>, tensor<2x2xi64>
    ```

    The generic form spells the properties out:

    ```mlir
    %r = "gather.gather"(%d, %i) <{axis = 1 : i64, batch_dims = 0 : i64}>
        : (tensor<3x3xf32>, tensor<1x2xi64>) -> tensor<3x1x2xf32>
    ```
  }];

  let arguments = (ins
    AnyRankedTensor:$data,
    AnyRankedTensor:$indices,
    DefaultValuedAttr<I64Attr, "0">:$axis,
    DefaultValuedAttr<I64Attr, "0">:$batch_dims,
    UnitAttr:$indices_nonnegative,
    UnitAttr:$indices_in_range
  );
  let results = (outs AnyRankedTensor:$result);

  // `gather.gather %data[%indices] (axis = N)? (batch_dims = N)? attr-dict
  //  : type($data), type($indices) (-> type($result))?`: the result type is
  // printed only when it differs from the inferred one.
  let hasCustomAssemblyFormat = 1;

  let hasVerifier = 1;

  // Folding and canonicalisation: see the block "Folding and
  // canonicalisation" in GatherOps.cpp and docs/FoldingAndIndexRanges.md.
  let hasFolder = 1;
  let hasCanonicalizer = 1;

  let extraClassDeclaration = [{
    /// A declared result type is compatible with the inferred one when the
    /// element types are equal and the shapes agree where both are static.
    static bool isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                        ::mlir::TypeRange rhs);
    /// Returns `axis` normalised to `[0, rank(data))`. Only meaningful on a
    /// verified op.
    int64_t getNormalizedAxis();
    /// Returns `batch_dims` normalised to `[0, rank(indices)]`. Only
    /// meaningful on a verified op.
    int64_t getNormalizedBatchDims();
    ::mlir::RankedTensorType getDataType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getData().getType());
    }
    ::mlir::RankedTensorType getIndicesType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getIndices().getType());
    }
    ::mlir::RankedTensorType getResultType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getResult().getType());
    }
  }];
}

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_TD

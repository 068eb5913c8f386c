//===- GatherOps.td - gather dialect operations ------------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_TD
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_TD

include "gather-mlir/Dialect/Gather/IR/GatherDialect.td"
include "gather-mlir/Dialect/Gather/IR/GatherEnums.td"
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

  // Folding and canonicalisation: see GatherFolds.cpp and
  // docs/FoldingAndIndexRanges.md.
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

def Gather_EmbeddingBagOp : Gather_Op<"embedding_bag", [
    Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes"]>]> {
  let summary = "Rows of a table gathered by ids and pooled per bag";
  let description = [{
    `gather.embedding_bag` reads the rows of `table` that `ids` select and
    pools the rows of each bag into one row of the result, with the
    semantics of PyTorch `EmbeddingBag` (`torch.nn.functional.embedding_bag`).
    The gathered rows are never part of the result: lowerings pool them as
    they read them.

    Two forms give the bags:

    * Fixed bags (no `offsets`): `ids` has shape `[batch..., B, L]` and
      `table` shape `[batch..., V, D...]`, with `batch_dims` (default 0)
      leading batch dimensions as in `gather.gather`. The result has shape
      `[batch..., B, D...]`; bag `(batch, b)` pools the rows
      `table[batch, ids[batch, b, l]]` for `l` in `[0, L)`.
    * Ragged bags (`offsets`): `ids` has shape `[N]`, `offsets` shape `[B]`,
      or `[B + 1]` with `include_last_offset`, and `table` shape `[V, D...]`
      (`batch_dims` must be 0). Bag `b` is `ids[offsets[b] : offsets[b + 1])`;
      without `include_last_offset` the last bag ends at `N`. The result has
      shape `[B, D...]`. Offsets must not decrease, must lie in `[0, N]` and,
      without `include_last_offset`, start at 0; the lowerings' `bounds-check`
      option chooses what the generated code does otherwise (it never reads
      outside the ids).

    Pooling (`mode`):

    * `sum`: the sum of the rows; with `weights` (same shape as `ids`, the
      element type of the table) the sum of each row times its weight.
    * `mean`: the sum divided by the number of rows pooled (floats only).
    * `max`: the element-wise maximum, as `arith.maximumf` takes it for
      floats (a NaN propagates; -0.0 is below +0.0) and `arith.maxsi` for
      integers.

    Ids are integers of width 32 or 64 (signless, signed or unsigned) or
    `index`, as the gather's indices; offsets likewise. A negative id `k`
    selects row `k + V`. `padding_idx` (optional; in `[-V, V)` when `V` is
    static, a negative value normalised by adding `V`) names a row that is
    skipped: ids equal to it after wrapping add nothing and are not counted
    by `mean`. A bag with no rows (empty, or only padding ids) gives zeros in
    every mode, `max` included.

    Element types: f16, bf16, f32, f64 and signless integers of 8 to 64 bits.
    f16 and bf16 rows are accumulated in f32 and rounded once at the end;
    integer sums wrap around. The accumulation starts from the identity of
    the mode (`-0.0` for float sums, `-inf` or the smallest integer for
    `max`), so that a bag of one row is that row bit for bit. With
    `from_positive_zero` (float tables, `sum` and `mean` only) float sums
    start from `+0.0` instead, as PyTorch's zeroed output and the fills of
    `0.0` that frontends write do: the sums differ only where every term of
    a bag is `-0.0` (`+0.0` instead of `-0.0`).

    ```mlir
    // Fixed bags of 8 ids, summed.
    %r = gather.embedding_bag sum %table[%ids]
        : tensor<1000x64xf32>, tensor<32x8xi64> -> tensor<32x64xf32>
    // Ragged bags: 32 offsets into 100 ids, row 3 is padding.
    %m = gather.embedding_bag mean %table[%ids] offsets(%off : tensor<32xi64>)
        {padding_idx = 3 : i64}
        : tensor<1000x64xf32>, tensor<100xi64> -> tensor<32x64xf32>
    // Weighted sum of ragged bags given by B + 1 offsets.
    %w = gather.embedding_bag sum %table[%ids] offsets(%off : tensor<33xi32>)
        weights(%wt : tensor<100xf32>) {include_last_offset}
        : tensor<1000x64xf32>, tensor<100xi32> -> tensor<32x64xf32>
    // A batched table: one table per batch.
    %b = gather.embedding_bag max %table[%ids] batch_dims = 1
        : tensor<4x10x8xf32>, tensor<4x3x2xi64> -> tensor<4x3x8xf32>
    ```
  }];

  let arguments = (ins
    AnyRankedTensor:$table,
    AnyRankedTensor:$ids,
    Optional<AnyRankedTensor>:$offsets,
    Optional<AnyRankedTensor>:$weights,
    Gather_PoolingMode:$mode,
    DefaultValuedAttr<I64Attr, "0">:$batch_dims,
    UnitAttr:$include_last_offset,
    OptionalAttr<I64Attr>:$padding_idx,
    UnitAttr:$from_positive_zero
  );
  let results = (outs AnyRankedTensor:$result);

  let assemblyFormat = [{
    $mode $table `[` $ids `]`
    (`batch_dims` `=` $batch_dims^)?
    (`offsets` `(` $offsets^ `:` type($offsets) `)`)?
    (`weights` `(` $weights^ `:` type($weights) `)`)?
    attr-dict `:` type($table) `,` type($ids) `->` type($result)
  }];

  let hasVerifier = 1;
  let hasCanonicalizer = 1;

  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getTableType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getTable().getType());
    }
    ::mlir::RankedTensorType getIdsType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getIds().getType());
    }
    ::mlir::RankedTensorType getResultType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getResult().getType());
    }
    /// The dimension of the table that ids select (its rows):
    /// `batch_dims`.
    int64_t getRowDim() { return static_cast<int64_t>(getBatchDims()); }
    /// Whether bags are given by offsets (ragged) rather than by the last
    /// dimension of the ids (fixed).
    bool isRagged() { return static_cast<bool>(getOffsets()); }
    /// The rank of one row of the table: `rank(table) - batch_dims - 1`.
    int64_t getRowRank() {
      return getTableType().getRank() - static_cast<int64_t>(getBatchDims()) -
             1;
    }
    /// The static number of bags the operands give (dynamic when they do
    /// not tell).
    int64_t getStaticNumBags();
    /// `padding_idx` normalised by the static number of rows, when both are
    /// known.
    std::optional<int64_t> getStaticPaddingRow();
  }];
}

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHEROPS_TD

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
      <s> (at <file>:<line>:<col>)` to standard error, the location being
      that of the gather. The message is printed by a helper function that
      the pass adds, with internal linkage and a name no other symbol uses,
      to the symbol table (module) nearest to the gather (it calls the C
      library's `dprintf` and `exit`, which must be external declarations of
      their C types if the module has them). Constant indices proven in range
      are not checked.
    * `clamp`: the index is clamped to `[0, s-1]` (an empty gathered
      dimension still stops the program as under `assert`).
    * `none`: the input is trusted; no check is emitted.

    Under `assert` and `clamp` the shape rules that depend on dynamic sizes
    are checked at run time too, before any memory is read: each batch
    dimension must have the same size in data and indices (`gather: batch
    dimension <i> has size <n> in data but <m> in indices`), and each result
    dimension that the result type declares static must have that size
    (`gather: result dimension <i> is declared with size <n> but the data
    and indices give <m>`). Rules that the static sizes decide emit no check.
    A gather whose data, indices or result span more than 2^63 - 1 bytes by
    their static sizes is an error (`is too large to lower`).

    The `strategy` option chooses the shape of the generated code:

    * `slices` (default): an `scf.forall` over the outer positions
      `D[:a] ++ I[b:]` loads, wraps and checks each index once and copies the
      whole contiguous slice `data[p, k, :]` with `tensor.extract_slice` /
      `tensor.parallel_insert_slice`. When data dimensions between
      `batch_dims` and the axis make each index serve several slices, the
      indices are first converted, wrapped and checked once each, by an
      elementwise `linalg.generic` producing `index` positions. When the
      gathered axis is the innermost one (no slice to copy) the per-element
      form below reads those positions.
    * `generic`: one `linalg.generic` over the result whose body reads data
      with `tensor.extract`, checking the index per element: the obvious
      lowering, kept as the reference.

    Under `slices` one small planner picks the form of each gather from its
    static sizes (`form=auto`), and records it on the generated `scf.forall`
    or `linalg.generic` as the attribute `gather.form`, which the
    memref-level passes (`gather-lower-slice-copies`,
    `gather-lower-element-loops`) read:

    * `block-copy`: the slice form above; each slice becomes a loop of
      vector copies. Chosen for slices longer than `inline-max-bytes` or of
      dynamic size.
    * `inline-copy`: the same loop, each slice copied by straight-line
      vector copies with a masked tail. Chosen for slices of at most
      `inline-max-bytes` bytes.
    * `element`: one fused `linalg.generic` over the result that converts,
      wraps, checks and reads per element. Chosen when the gathered axis is
      the innermost one and each index serves one data row.
    * `inner-axis`: the positions are computed once by an elementwise
      `linalg.generic` (when there is index work), then a `linalg.generic`
      over the result reads them. Chosen when the gathered axis is the
      innermost one and each index serves several data rows.

    `form=...` forces one form for every gather (for tests and
    measurements); a forced `block-copy` or `inline-copy` of a gather whose
    slice is statically empty takes the `element` form (there is nothing to
    copy).

    The forms, and the `gather.wrap` marks on the selects that wrap
    negative indices, are hints for this project's code generator. They are
    kept only with `hints=true` (what the pipelines of this project pass);
    by default the pass removes them (as `gather-strip-hints` does) and
    hands out IR of upstream dialects only, which upstream `mlir-opt` parses
    and lowers without loading the gather dialect.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"boundsCheck", "bounds-check", "::mlir::gather::BoundsCheck",
           /*default=*/"::mlir::gather::BoundsCheck::Assert",
           "What the generated code does with an out-of-range index",
           [{::mlir::gather::enumValues<::mlir::gather::BoundsCheck>()}]>,
    Option<"strategy", "strategy", "::mlir::gather::GatherLoweringStrategy",
           /*default=*/"::mlir::gather::GatherLoweringStrategy::Slices",
           "Shape of the generated code",
           [{::mlir::gather::enumValues<::mlir::gather::GatherLoweringStrategy>()}]>,
    Option<"form", "form", "::mlir::gather::GatherForm",
           /*default=*/"::mlir::gather::GatherForm::Auto",
           "Form of the code of each gather under strategy=slices",
           [{::mlir::gather::enumValues<::mlir::gather::GatherForm>()}]>,
    Option<"inlineMaxBytes", "inline-max-bytes", "int64_t",
           /*default=*/"128",
           "form=auto copies static slices of at most this many bytes "
           "inline">,
    Option<"bagVectorBytes", "bag-vector-bytes", "int64_t",
           /*default=*/"0",
           "Pool embedding bags whose rows are one static dimension in "
           "vectors of this many bytes (0: in generic loops)">,
    Option<"bagAccumulators", "bag-accumulators", "int64_t",
           /*default=*/"8",
           "At most this many vectors of a row pooled per loop over a bag">,
    Option<"bagPrefetchDistance", "bag-prefetch-distance", "int64_t",
           /*default=*/"8",
           "Prefetch the row of the id this many positions ahead (0: none)">,
    Option<"bagPrefetchBytes", "bag-prefetch-bytes", "int64_t",
           /*default=*/"12288",
           "For tables that may not fit in the caches (over 32 MiB, or of "
           "dynamic size), prefetch at least this many bytes of rows ahead">,
    Option<"hints", "hints", "bool", /*default=*/"false",
           "Keep the gather.* hints for this project's code generator "
           "(default: remove them)">,
  ];
}

//===----------------------------------------------------------------------===//
// GatherToATB
//===----------------------------------------------------------------------===//

def ConvertGatherToATB : Pass<"convert-gather-to-atb", "::mlir::ModuleOp"> {
  let summary = "Rewrite gathers that ATB can run on the chosen Ascend SoC to atb.gather";
  let description = [{
    Rewrites each `gather.gather` that the ATB `GatherOperation` of the
    product named by `soc` accepts into an `atb.gather` on tensors (with a
    `tensor.empty` init), after normalising what ATB cannot take:

    * negative `axis` and `batch_dims` become non-negative;
    * index values of signed or signless types that may be negative are
      wrapped (`k + s` for `k < 0`, `s` the gathered dimension size) and
      bounds-checked as `bounds-check` says (`assert`, `clamp` or `none`, as
      in `convert-gather-to-linalg`) by one elementwise `linalg.generic`
      before the call; unsigned indices and constant indices proven
      non-negative and in range need none;
    * rank-0 indices are reshaped to `[1]` (`tensor.expand_shape`) and the
      result back (`tensor.collapse_shape`).

    The rules checked (the ATB GatherOperation documentation as summarised
    in docs/AscendRuntime.md; one table, ATBGatherRules.h, holds them):

    * data (and result) element type `f16`, `bf16`, `f32`, `i32`/`si32`,
      `ui32` or `i64`/`si64`; `ascend310b` takes `f16` only, `ascend910`
      and `ascend310p` no `bf16`, `ascend950` no `ui32`;
    * index element type `i32`/`si32`, `i64`/`si64` or `ui32` (not `index`,
      not 64-bit unsigned); `ascend950` takes no `ui32`;
    * every tensor of rank 1 to 8 (after the rank-0 reshape) and
      `rank(data) + rank(indices) - 1 - batch_dims <= 8`;
    * no dimension of size 0 and at most 256 GiB per tensor;
    * with 32-bit indices, a gathered dimension of at most `2^31 - 1`
      elements.

    Rules that hold or fail on the static shapes are decided at compile
    time. When they depend on dynamic sizes the pass emits a run-time guard:
    an `scf.if` on the actual sizes whose then-branch calls ATB and whose
    else-branch keeps a `gather.gather` for the CPU path. A gather that can
    never go to ATB stays a `gather.gather` (lowered later by
    `convert-gather-to-linalg`) and the pass emits a remark naming the rule
    and the values, for example `gather stays on the CPU: ascend310b
    supports only f16 data, not 'f32'`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::atb::ATBDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let options = [
    Option<"soc", "soc", "::mlir::gather::AscendSoc",
           /*default=*/"::mlir::gather::AscendSoc::Ascend910B",
           "The Ascend product whose ATB rules apply",
           [{::mlir::gather::enumValues<::mlir::gather::AscendSoc>()}]>,
    Option<"boundsCheck", "bounds-check", "::mlir::gather::BoundsCheck",
           /*default=*/"::mlir::gather::BoundsCheck::Assert",
           "What the generated code does with an out-of-range index",
           [{::mlir::gather::enumValues<::mlir::gather::BoundsCheck>()}]>,
  ];
}

//===----------------------------------------------------------------------===//
// ATBToRuntime
//===----------------------------------------------------------------------===//

def ConvertATBToRuntime : Pass<"convert-atb-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Lower atb.gather on memrefs to calls of the Ascend runtime library";
  let description = [{
    Replaces each `atb.gather` on memrefs (after bufferization) by a call of
    the entry point of `libgather_ascend_runtime.so` for its element types,
    declared in the module as

    ```mlir
    func.func private @gatherAtbGather_<x>_<i>(memref<*xX>, memref<*xI>,
        memref<*xX>, i64, i64) -> i32 attributes {llvm.emit_c_interface}
    ```

    with `<x>` one of `f16 bf16 f32 i32 u32 i64` (`X` = `f16`, `bf16`,
    `f32`, `i32`, `ui32`, `i64`; `si32` and `si64` data use the `i32` and
    `i64` entry points) and `<i>` one of `i32 i64 u32` (`I` = `i32`, `i64`,
    `ui32`; likewise for `si32` and `si64`). The operands are passed as
    unranked memrefs (`memref.cast`), followed by `axis` and `batch_dims`.
    An operand whose layout is not the identity is first copied into a new
    identity-layout buffer (for `init`, the result is copied back
    afterwards).

    The call returns the ATB or ACL status. A non-zero status stops the
    program with exit status 1 after printing `gather: the Ascend ATB gather
    failed with status <code>` to standard error (the runtime has printed
    the failing call and status name before). The message is printed by a
    helper function that the pass adds to the module (it calls the C
    library's `dprintf` and `exit`).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

//===----------------------------------------------------------------------===//
// RaiseToGather
//===----------------------------------------------------------------------===//

def RaiseToGather : Pass<"raise-to-gather", "::mlir::ModuleOp"> {
  let summary = "Rewrite tosa.gather, single-dimension tensor.gather and the "
                "linalg gather idiom into gather.gather";
  let description = [{
    Rewrites the gathers of upstream dialects and the gather that frontends
    emit on linalg into `gather.gather`, so that modules from TOSA,
    tensor-level and linalg-level frontends use this project's lowerings.
    Run it on linalg-on-tensors IR, before bufferization; every pipeline
    runs it first.

    * `tosa.gather` on ranked `values : [N, K, C]` and `indices : [N, W]`
      becomes `gather.gather` with `axis = 1, batch_dims = 1` (result
      `[N, W, C]`).
    * `tensor.gather` with one gathered dimension `d` (`gather_dims([d])`,
      indices `[I..., 1]` of `i32`, `i64` or `index`) becomes
      `gather.gather` with `axis = d` on the indices without their last
      (coordinate) dimension (`tensor.collapse_shape`). The gather's result
      `S[:d] ++ I ++ S[d+1:]` is transposed (`linalg.transpose`) to
      `tensor.gather`'s order `I ++ S[:d] ++ S[d+1:]` when `d > 0` and
      indices have dimensions besides the coordinate one (reshaped instead
      when `S[:d]` are all unit dimensions), and the unit
      gathered dimension is put back with `tensor.expand_shape` when the
      result keeps it (rank-preserving form).
    * The linalg idiom of torch-mlir (`aten.embedding`, `aten.index_select`,
      `aten.index.Tensor`), StableHLO (`torch_index_select`), tt-mlir
      (`ttir.embedding`) and `tosa-to-linalg`: a `linalg.generic` with
      parallel loops, one result whose map is a permutation, and a body
      with one `tensor.extract` of a table defined outside, at subscripts
      that are `linalg.index` of distinct loops (or a constant 0 into a
      dimension of size 1) except one, the id subscript at position `a`,
      computed from the element `k` of one input (the ids) alone. The
      leading ids dimensions that share their loop with the leading table
      subscripts are batch dimensions (`b`); every loop must be exactly one
      dimension of `D[:a] ++ I[b:] ++ D[a+1:]`, and every table dimension
      but `a` as long as its loop (equal static sizes, or proven equal, as
      when `tensor.empty` takes its sizes from `tensor.dim`). It becomes
      `gather.gather ... axis = a batch_dims = b`:
      - id subscript `index_cast(k)` (`k` i32 or i64) or `k` (`index`): the
        ids as they are;
      - that subscript wrapped, `select(k < 0, k + s, k)` against the size
        `s` of dimension `a` (before or after the cast): the ids as they
        are, as `gather.gather` wraps negative values itself;
      - any other pure function of `k` (a clamp, a float id, arithmetic on
        the id), and `cf.assert`s on `k` alone (torch-mlir's range checks):
        an elementwise `linalg.generic` over the ids computes the
        positions (`index`) and the asserts first, so that they keep their
        meaning whatever the lowering's `bounds-check`;
      - loops in another order than the gather's result: a
        `linalg.transpose` after it;
      - a body that computes more from the extracted element (a scale, a
        cast, a dequantisation, without memory effects): a `linalg.generic`
        over the same loops after the gather, reading the gathered element
        where the body read the table.
      A position outside the table is undefined behaviour in the idiom, so
      the raised gather carries `indices_nonnegative` unless the body wraps
      negative ids; under the lowering's `bounds-check=assert` a negative
      or too large position is then reported, under `clamp` clamped to
      `[0, s)`, and under `none` read as the idiom reads it.

    Index rules of the upstream ops. TOSA requires `0 <= index < K` (an
    index outside is an error of the program, and upstream `tosa-to-linalg`
    then reads out of bounds); `tensor.gather` calls such an index undefined
    behaviour. A negative index must therefore not be wrapped as
    `gather.gather` wraps it. The indices are reinterpreted as unsigned
    integers of the same width (`index` as 64 bits) by one elementwise
    `linalg.generic`, so that a negative value becomes a value of at least
    `2^31` that the gather reports as out of bounds under
    `bounds-check=assert` (or clamps, or trusts, as the lowering's option
    says), while every valid index keeps its meaning. Constant indices that
    are all non-negative need no such pass and keep their type.

    Not raised (left unchanged): unranked operands; `tensor.gather` of
    several dimensions; index element types other than `i32`, `i64` and
    `index` for the upstream ops (`gather.gather` takes no others); a
    `linalg.generic` that is not exactly a gather: the id in two
    subscripts, an id subscript that also depends on a loop index or on
    another input, a subscript that is arithmetic on a loop index or
    another constant, two reads (two tables, or the ids read by
    `tensor.extract`), a read inside a region, a loop that indexes nothing
    or two dimensions, a table dimension longer or shorter than its loop
    (or not provably as long), reductions, other ops with memory effects.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gather::GatherDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// ShardToExchange and ExchangeToLLVM
//===----------------------------------------------------------------------===//

def ConvertShardToExchange
    : Pass<"convert-shard-to-exchange", "::mlir::ModuleOp"> {
  let summary = "Lower exchanges and shard collectives on tensors to exchange "
                "buffer ops";
  let description = [{
    Replaces, on tensors, `exchange.all_to_all_v`, `shard.all_to_all` (split
    and concatenation along dimension 0), `shard.all_gather`,
    `shard.all_reduce` (sums of signless integers, `f32` or `f64`) and
    `shard.all_slice` by their buffers and one exchange buffer op each
    (`exchange.alltoallv`, `exchange.alltoall`, `exchange.allgather`,
    `exchange.allreduce`; a slice needs no communication:
    `tensor.extract_slice` at this process's block). The operands become buffers with `bufferization.to_buffer`, the
    received data a new buffer that `bufferization.to_tensor` turns back
    into the result, so that one-shot bufferization later uses the operands'
    buffers as they are. Counts and displacements of `exchange.alltoallv`
    are computed in elements, as `i32`, in small stack buffers. A collective
    over a group of one process is its operand (or, for a gather along the
    axis, the operand's data in place).

    Runs before upstream `convert-shard-to-mpi`, which lowers the rest
    (process indices, other all-reduces). Unlike upstream's all-reduce,
    this one copies nothing, splits no communicator per call and takes the
    dynamic sizes of its operand (MLIR 22's reads the dimension
    `ShapedType::kDynamic`, and so a garbage size, for a dynamic size). A collective it cannot lower
    (`shard.all_to_all` along other dimensions, tensors with dynamic sizes
    in a gather or slice) is left for `gather-shard-finalize` to report.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::exchange::ExchangeDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::shard::ShardDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvertExchangeToLLVM
    : Pass<"convert-exchange-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower the exchange buffer ops to MPI calls";
  let description = [{
    Replaces `exchange.alltoall`, `exchange.alltoallv`, `exchange.allgather`,
    `exchange.allreduce` and `exchange.abort` by calls of `MPI_Alltoall`,
    `MPI_Alltoallv`, `MPI_Allgather`, `MPI_Allreduce` (`MPI_SUM`) and of
    `dprintf`, `MPI_Barrier` (and `MPI_Finalize`
    when the group is the whole grid) and `_exit`, for the
    MPI ABI that the module's `dlti.map` entry `"MPI:Implementation"` names
    (`"MPICH"`, the default, or `"OpenMPI"`). `convert-to-llvm` does the
    same (the exchange dialect implements its interface).

    Each process group (grid shape and axes) gets a helper function
    `__gather_mlir_group_comm_<shape>_axes_<axes>` that returns its
    communicator: on its first call it checks that `MPI_COMM_WORLD` has as
    many processes as the grid (otherwise it prints `gather: the grid has N
    processes but MPI runs M processes` and exits with status 1), takes
    `MPI_COMM_WORLD` when the group is the whole grid in row-major order or
    else splits it once (`MPI_Comm_split`, color: the position along the
    other axes, key: the position in the group), and keeps the result in an
    internal global for every later call. Buffers are passed as the address
    of their first element and their number of elements, with the signed
    integer datatype of the element's size (the exchanges move bytes), or
    `MPI_FLOAT` and `MPI_DOUBLE` for the sums of `f32` and `f64`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // GATHER_MLIR_CONVERSION_PASSES_TD

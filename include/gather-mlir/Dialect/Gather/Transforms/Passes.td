//===- Passes.td - gather dialect transformation passes ----*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_PASSES_TD
#define GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def GatherLowerSliceCopies
    : Pass<"gather-lower-slice-copies", "::mlir::func::FuncOp"> {
  let summary = "Turn the slice copies of bufferized gathers into prefetched, "
                "vectorized block copies";
  let description = [{
    Works on the loop form that the `slices` gather lowering takes after
    one-shot bufferization: an `scf.forall` whose body computes a gathered
    position and copies one contiguous slice with

    ```mlir
    %src = memref.subview %data[%p0, %k, 0] [1, 1, %n] [1, 1, 1]
    %dst = memref.subview %out[%p0, %j, 0] [1, 1, %n] [1, 1, 1]
    memref.copy %src, %dst
    ```

    where `%data` and `%out` have the identity layout and the subviews keep
    whole trailing dimensions. Each such copy becomes a loop of
    `vector.load`/`vector.store` of `vector-bytes` bytes plus a scalar tail.
    When the whole gather writes at least `nontemporal-threshold` bytes and a
    row of the destination is aligned to the vector size, the stores are
    non-temporal: the output bypasses the caches instead of evicting the
    table being read. The slice that the loop will copy `prefetch-distance`
    iterations later (along the innermost loop dimension) is prefetched: the
    index load and arithmetic that locate it are cloned with the induction
    variable advanced and clamped to the loop bound (the slice start itself
    is clamped into the table only with `clamp-prefetch`: a prefetch never
    faults).

    Unless `parallel` is set the `scf.forall` is replaced by a nest of
    sequential `scf.for` loops. With `parallel`, gathers that write at least
    `parallel-threshold` bytes keep the `scf.forall` (for a later lowering to
    OpenMP) and smaller ones run the sequential nest.

    An `scf.forall` marked `gather.form = "inline-copy"` (short slices) is
    copied inline instead: straight-line vector copies when the slice size
    is static (a loop of them otherwise) and one masked vector copy
    (`vector.maskedload`/`vector.maskedstore`) for the elements after the
    last whole vector, with the slice `inline-prefetch-distance` iterations
    ahead prefetched.

    Non-temporal stores are 64-byte aligned; vectors of elements narrower
    than 32 bits are stored as 32-bit lanes (`vector.bitcast` and an
    `llvm.store` with the non-temporal flag), since LLVM drops the hint of,
    for example, `vector<32xf16>` stores on CPUs without native f16
    arithmetic.

    Copies of other shapes, of element types whose width is not a whole
    number of bytes, in other loops, or of buffers whose byte sizes overflow
    64 bits are left alone. An option out of its range (`vector-bytes` a
    power of two up to 1024, `prefetch-distance` in `[0, 2^31 - 1]`,
    `prefetch-bytes` positive, `parallel-threshold` non-negative) is an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"prefetchDistance", "prefetch-distance", "int64_t",
           /*default=*/"8",
           "Loop iterations ahead whose slice is prefetched (0 disables)">,
    Option<"prefetchBytes", "prefetch-bytes", "int64_t", /*default=*/"1024",
           "At most this many leading bytes of a slice are prefetched">,
    Option<"nontemporalThreshold", "nontemporal-threshold", "int64_t",
           /*default=*/"1048576",
           "Gathers writing at least this many bytes use non-temporal "
           "stores (negative disables)">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"64",
           "Bytes moved by one vector load/store">,
    Option<"inlinePrefetchDistance", "inline-prefetch-distance", "int64_t",
           /*default=*/"64",
           "inline-copy: loop iterations ahead whose slice is prefetched "
           "(0 disables)">,
    Option<"clampPrefetch", "clamp-prefetch", "bool", /*default=*/"false",
           "Clamp the prefetched slice into the table (a prefetch never "
           "faults; the clamp costs instructions)">,
    Option<"parallel", "parallel", "bool", /*default=*/"false",
           "Keep large gathers' loops parallel (scf.forall)">,
    Option<"parallelThreshold", "parallel-threshold", "int64_t",
           /*default=*/"1048576",
           "With parallel, gathers writing at least this many bytes stay "
           "parallel">,
  ];
}

def GatherPrefetchRows : Pass<"gather-prefetch-rows", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the rows that per-element gathers will read";
  let description = [{
    Works on the affine loop form of a per-element gather (the gathered axis
    innermost): a `memref.load %data[..., %r, %k]` whose last index `%k` is
    computed inside the loops (a gathered position) and whose row index `%r`
    is the induction variable of an enclosing `affine.for` that is not the
    innermost loop:

    ```mlir
    affine.for %r = 0 to %rows {
      affine.for %j = 0 to 1024 {
        %k = affine.load %positions[%j] : memref<1024xindex>
        %v = memref.load %data[%r, %k] : memref<4096x4096xf32>
        affine.store %v, %out[%r, %j] : memref<4096x1024xf32>
      }
    }
    ```

    The positions jump around inside the row, so the hardware prefetcher
    does not follow them; the pass prefetches, at the start of each
    iteration of the row loop, the row `prefetch-distance` iterations ahead
    (clamped to the last row), one `memref.prefetch` per cache line of its
    first `prefetch-bytes` bytes. Loads from tables smaller than 1 MiB (which
    stay in the caches) or with rows shorter than a cache line are left
    alone. `prefetch-distance` is in `[0, 2^31 - 1]` (0 disables the pass) and
    `prefetch-bytes` positive; other values are an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
  let options = [
    Option<"prefetchDistance", "prefetch-distance", "int64_t", /*default=*/"4",
           "Row-loop iterations ahead whose row is prefetched (0 disables)">,
    Option<"prefetchBytes", "prefetch-bytes", "int64_t", /*default=*/"32768",
           "At most this many leading bytes of a row are prefetched">,
  ];
}

def GatherLinalgToLoops
    : Pass<"gather-linalg-to-loops", "::mlir::func::FuncOp"> {
  let summary = "Lower linalg ops on memrefs to affine loops where their "
                "bounds are valid affine dimensions, to scf loops elsewhere";
  let description = [{
    `convert-linalg-to-affine-loops` builds `affine.for` loops whose bounds
    are the sizes of the op's operands. A size that is dynamic and comes from
    a value defined inside a non-affine loop (for example the partial tiles
    of `scf.for` or `scf.forall` loops made by tiling) is not a valid affine
    dimension, and the affine loops it would build do not verify. This pass
    lowers each linalg op on memrefs to `affine.for` loops when every
    dynamic size of its operands comes from a value defined at the top level
    of its affine scope, and to `scf.for` loops otherwise:

    ```mlir
    scf.for %i = %c0 to %c5 step %c2 {
      %n = affine.min affine_map<(d0) -> (2, -d0 + 5)>(%i)
      %tile = memref.subview %buf[%i] [%n] [1]
          : memref<5xf32> to memref<?xf32, strided<[1], offset: ?>>
      linalg.fill ins(%f : f32) outs(%tile : memref<?xf32, ...>)  // scf.for
    }
    ```

    Affine loops are kept wherever they are valid, because the passes that
    follow (loop-invariant code motion, `gather-lower-slice-copies`,
    `gather-prefetch-rows`) work on them.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def GatherProveIndexRanges : Pass<"gather-prove-index-ranges"> {
  let summary = "Prove at compile time where gather indices lie, to drop "
                "index wraps and bounds checks or to report bad indices";
  let description = [{
    Runs MLIR's integer range analysis (with dead-code analysis and sparse
    constant propagation) over the operation it is applied to, extended to
    the tensor producers that index tensors come from: arith ops on tensors
    (upstream handles them elementwise), constants, `tensor.from_elements`,
    `tensor.splat`, `tensor.extract`, `tensor.concat`, `tensor.insert`,
    `tensor.insert_slice`, `tensor.extract_slice`, `tensor.cast`, reshapes,
    and `linalg.generic` (the range of what the body yields, with the ranges
    of the inputs on its block arguments and `linalg.index` in
    `[0, loop size)`, for example iotas and clamps written as a
    `linalg.generic`). The range of an index tensor covers all its elements.

    For each `gather.gather` with `s` the size of the gathered dimension:

    * every index `>= 0` (or an unsigned index type): sets the unit property
      `indices_nonnegative` (the lowering emits no wrap);
    * every index in `[-s, s)` (`s` static): sets `indices_in_range` (the
      lowering emits no bounds check);
    * every index outside `[-s, s)`: reports an error at the gather naming
      the range (for constant indices: the first index and its position)
      and the bound, and the pass fails;
    * constant indices of which some, not all, are out of range: a warning
      naming the first such index, its position, the bound and the gather.
      The gather keeps its bounds check and is never folded.

    The diagnostics come from this pass, not from the verifier or the
    canonicalisation patterns, so that they appear once per compilation
    rather than after every pass or every pattern application.

    With `out-of-range-error=false` (what the pipelines pass under
    `bounds-check=clamp`, where an out-of-range index has a defined result)
    indices that are all out of range get a warning instead of an error.
    Indices whose shape may be empty are never reported.

    The analysis treats `index` values as 64-bit integers.
  }];
  let options = [
    Option<"outOfRangeError", "out-of-range-error", "bool",
           /*default=*/"true",
           "Report indices that are all out of range as an error (else a "
           "warning)">,
  ];
}

//===----------------------------------------------------------------------===//
// Sharded gathers over MPI (the steps of gather-to-mpi around upstream's
// sharding-propagation, shard-partition and convert-shard-to-mpi)
//===----------------------------------------------------------------------===//

def GatherShardPartition
    : Pass<"gather-shard-partition", "::mlir::ModuleOp"> {
  let summary = "Partition the functions that hold shard annotations";
  let description = [{
    Runs upstream `sharding-propagation` and `shard-partition` on each
    function that holds a `shard.shard` annotation (upstream partitioning
    fails on ops without a sharding model, such as `scf.for`, so functions
    without annotations are left alone), and prepares the module for MPI:

    * A `shard.shard` whose sharding splits a static dimension into shards
      of unequal size (a size not divisible by the number of processes) and
      gives no `sharded_dims_offsets` gets a sharding with explicit offsets,
      before and after propagation: the first `size % n` shards hold one
      element more. (Upstream partitioning would otherwise truncate every
      shard to `size / n`.)
    * Calls adapt to the partitioned signatures: a call that passes a whole
      (global) tensor to a sharded argument passes this process's block of it
      instead (`tensor.extract_slice` at the offsets of the shard that
      `shard.process_multi_index` names).
    * The module gets `dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">`
      when it names no MPI implementation.

    Before propagation every annotation is checked (the grid exists and has
    static sizes of at least 1, split axes are in range and named once, no
    halos or dynamic offsets, `sharded_dims_offsets` run from 0 to the
    dimension's size without going down and have one entry more than the
    shards of each split dimension): upstream's passes would crash on such
    annotations. Grid axes of size 1 are removed from every sharding, so
    that a grid of one process partitions to code without collectives.
    After propagation, a resharding that upstream partitioning cannot build
    (anything but adding or removing the last grid axis of one dimension,
    or any change of a sharding with explicit offsets) is an error. Offsets
    written by hand carry over to the annotations that propagation adds
    next to them.

    The gathers' form follows the sharding model (docs/Sharding.md): ids
    split over the grid axes of a row-split table exchange ids and rows
    (`exchange.all_to_all_v`); `bounds-check` tells it what to do with
    out-of-range ids (as the CPU lowering's option of the same name).
    A call whose callee returns a sharded result gets the whole tensor
    back: each split dimension is padded to its longest shard, gathered
    (`shard.all_gather`) and compacted.
  }];
  let dependentDialects = ["::mlir::DLTIDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::exchange::ExchangeDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::shard::ShardDialect",
                           "::mlir::tensor::TensorDialect"];
  let options = [
    Option<"boundsCheck", "bounds-check", "::mlir::gather::BoundsCheck",
           /*default=*/"::mlir::gather::BoundsCheck::Assert",
           "What the partitioned exchange does with an out-of-range id",
           [{::llvm::cl::values(
               clEnumValN(::mlir::gather::BoundsCheck::Assert, "assert",
                          "stop every process of the group with a message"),
               clEnumValN(::mlir::gather::BoundsCheck::Clamp, "clamp",
                          "clamp the id to [0, size-1]"),
               clEnumValN(::mlir::gather::BoundsCheck::None, "none",
                          "trust the ids"))}]>,
  ];
}

def GatherShardInitMPI : Pass<"gather-shard-init-mpi", "::mlir::ModuleOp"> {
  let summary = "Initialise and finalise MPI in the entry point";
  let description = [{
    Inserts `mpi.init` at the start of the function named `entry-point` and
    `mpi.finalize` before each of its returns, unless the function already
    calls `mpi.init` or does not exist.
  }];
  let dependentDialects = ["::mlir::mpi::MPIDialect"];
  let options = [
    Option<"entryPoint", "entry-point", "std::string", /*default=*/"\"main\"",
           "The function that initialises and finalises MPI">,
  ];
}

def GatherShardFinalize
    : Pass<"gather-shard-finalize", "::mlir::ModuleOp"> {
  let summary = "Check that every shard op is lowered; drop the grids";
  let description = [{
    Runs after `convert-shard-to-exchange` and `convert-shard-to-mpi`. Any
    `shard` operation other than `shard.grid` still in the module is an
    error that names it (a collective that neither lowers). The `shard.grid`
    symbols, which the LLVM IR translation does not accept, are then
    erased.
  }];
}

def GatherLowerElementLoops
    : Pass<"gather-lower-element-loops", "::mlir::func::FuncOp"> {
  let summary = "Lower the element and inner-axis gather forms to prefetched, "
                "unrolled loops";
  let description = [{
    Works on bufferized `linalg.generic` ops that `convert-gather-to-linalg`
    marked `gather.form = "element"` or `gather.form = "inner-axis"`: one
    input (indices or precomputed positions), one output, and a body that
    reads the data at a computed position with `memref.load`. Each becomes a
    nest of `scf.for` loops (`linalg` to loops) and then:

    * `element`: the innermost loop prefetches the data element that the
      iteration `prefetch-distance` steps ahead will read: the index load
      and arithmetic that locate it are cloned with the induction variable
      advanced and a `memref.prefetch` with locality `locality` emitted
      (the position is not clamped into the table unless `clamp-prefetch`:
      a prefetch never faults); the last `prefetch-distance` iterations run
      in a second loop without it. The hardware prefetcher cannot follow
      these data-dependent reads. After the unrolling, when the body wraps
      negative indices (signed index types), each step first reads the
      indices it loads as vectors of `unroll` lanes and compares them with
      zero (`sign-check`): a step with no negative index runs a copy of its
      body without the wraps (`scf.if`), the others run it as it was.
    * `inner-axis` (the gathered axis innermost, the enclosing loop over
      data rows): the row `row-prefetch-distance` iterations of the row loop
      ahead is prefetched spread across the loop over the current row, a
      few cache lines per unrolled step, so that the prefetches never come
      in one burst.

    The innermost loop is then unrolled by `unroll` (`element`) or
    `inner-unroll` (`inner-axis`). Tables smaller than 1 MiB (which stay in
    the caches) get no prefetch. An option out of its range (distances
    negative or above 2^31 - 1, `locality` above 3, unroll factors outside
    [1, 256], `parallel-chunks` outside [1, 2^20], `parallel-threshold`
    negative) is an error.

    With `parallel`, gathers that write at least `parallel-threshold` bytes
    run their outermost loop split into `parallel-chunks` chunks by an
    `scf.parallel` (for `convert-scf-to-openmp`); smaller ones run a
    sequential copy of the loops (an `scf.if` on the size, folded when
    static).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"prefetchDistance", "prefetch-distance", "int64_t",
           /*default=*/"96",
           "element: iterations ahead whose data element is prefetched "
           "(0 disables)">,
    Option<"localityHint", "locality", "uint32_t", /*default=*/"0",
           "element: locality hint of the prefetch (0-3)">,
    Option<"rowPrefetchDistance", "row-prefetch-distance", "int64_t",
           /*default=*/"1",
           "inner-axis: row-loop iterations ahead whose row is prefetched "
           "(0 disables)">,
    Option<"unroll", "unroll", "int64_t", /*default=*/"16",
           "element: unroll factor of the innermost loop (1 disables)">,
    Option<"innerUnroll", "inner-unroll", "int64_t", /*default=*/"32",
           "inner-axis: unroll factor of the loop over a row (1 disables)">,
    Option<"clampPrefetch", "clamp-prefetch", "bool", /*default=*/"false",
           "element: clamp the prefetched position into the table (a "
           "prefetch never faults; the clamp costs instructions)">,
    Option<"signCheck", "sign-check", "bool", /*default=*/"true",
           "element: unrolled steps whose indices are all non-negative "
           "(one vector compare) skip the wrap of negative indices">,
    Option<"parallel", "parallel", "bool", /*default=*/"false",
           "Run the outermost loop of large gathers in parallel chunks">,
    Option<"parallelThreshold", "parallel-threshold", "int64_t",
           /*default=*/"1048576",
           "With parallel, gathers writing at least this many bytes run in "
           "parallel">,
    Option<"parallelChunks", "parallel-chunks", "int64_t", /*default=*/"64",
           "With parallel, the number of chunks of the outermost loop">,
  ];
}

#endif // GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_PASSES_TD

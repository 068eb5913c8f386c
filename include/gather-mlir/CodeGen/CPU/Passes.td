//===- Passes.td - the CPU code generator's passes ---------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The memref-level passes that turn the loop nests of bufferized gathers
// (marked #gather.form by convert-gather-to-linalg) into the code of each
// form: vector slice copies, prefetched unrolled element loops, row
// prefetches, and linalg to affine or scf loops.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CODEGEN_CPU_PASSES_TD
#define GATHER_MLIR_CODEGEN_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def GatherLowerSliceCopies
    : Pass<"gather-lower-slice-copies", "::mlir::func::FuncOp"> {
  let summary = "Turn the slice copies of bufferized gathers into prefetched, "
                "vectorized row copies";
  let description = [{
    Works on the loops that the `slices` gather lowering marks
    `gather.form = #gather.form<"block-copy">` or `#gather.form<"inline-copy">`
    after one-shot bufferization: an `scf.forall` whose body computes a
    gathered position and copies one slice with

    ```mlir
    %src = memref.subview %data[%p0, %k, 0] [1, 1, %n] [1, 1, 1]
    %dst = memref.subview %out[%p0, %j, 0] [1, 1, %n] [1, 1, 1]
    memref.copy %src, %dst
    ```

    The subviews take unit strides of buffers with a strided layout whose
    innermost stride is 1: identity layouts, and the strided tiles that
    tiling makes. Each buffer is addressed through a flat view (the buffer
    collapsed to one dimension, or its base buffer reinterpreted from its
    strided metadata), and the copy becomes one row copy per position of
    the slice's dimensions that are not contiguous in both buffers. A row
    of a static or run-time length is copied

    * `block-copy`: by a loop of `vector-bytes` vectors (with an LLVM
      unroll hint for a run-time length) and, for the elements after the
      last whole vector, a scalar loop (static length) or one masked vector
      (run-time length);
    * `inline-copy`: by straight-line vectors and a masked tail
      (`vector.maskedload`/`vector.maskedstore`) when the length is static;
      when it is not, by as many masked vectors as the bound that the
      planner recorded (`gather.inline_max_bytes`) needs, else a loop of
      vectors and a masked tail;
    * element by element for element types whose vectors do not have the
      layout of a memref (i1, complex, index).

    Without masked tails (see `masked-tails` below) the tails are
    overlapping unmasked vectors instead, and a row of a bounded run-time
    length takes pairs of vectors from its two ends inward (the next pair
    only when the row is longer than the pairs so far).

    A block-copy loop that carries `gather.inline_max_bytes` (the planner
    could not decide from static sizes) becomes
    `scf.if (row bytes <= max) { inline-copy loop } else { block-copy loop }`
    with `max` at least four vectors and 256 bytes, the inline loop split
    again at one vector. Where the non-temporal choice is made at run time,
    the loop of rows of at most 256 bytes (static, or the bound of an inline
    version) is split once more: a version with non-temporal stores and one
    without. Where the table's size is not static, the first version is
    also the one for tables of at least 1 MiB (each row tests both), and the
    second prefetches nothing. Longer rows test the choice per row, which
    costs little next to their copy and saves a second copy of the loop.
    The run-time inline version for rows longer than one vector, where it
    does not stream and may run at least 64 rows (its trip count is not
    static, or at least 64), is split by the table's
    run-time strides that scale the index and batch positions: where they
    are all powers of two, a version shifts the positions by the strides'
    logarithms (`math.cttz`) instead of multiplying them, which takes the
    multiply off the address of every load of a short row.

    When the whole gather writes at least `nontemporal-threshold` bytes and a
    row of the destination is aligned to the vector size, the stores are
    non-temporal: the output bypasses the caches instead of evicting the
    table being read. The row that the loop will copy `prefetch-distance`
    (`inline-prefetch-distance` for inline copies) iterations later along
    the innermost loop dimension is prefetched, at most `prefetch-bytes` of
    it, with the locality hint `prefetch-locality`: the index load and
    arithmetic that locate it are cloned with the induction variable
    advanced and clamped to the loop bound (the row start is clamped into
    the table only with `clamp-prefetch`: a prefetch never faults). Tables
    smaller than 1 MiB get no prefetch.

    `vector-bytes`, `prefetch-locality` and `masked-tails` default to the
    values of the target CPU (`target-cpu`, the host by default: 64-byte
    vectors with AVX-512, 32 with AVX2; see docs/Performance.md). The
    elements of a row past its last whole vector are copied with masked
    vectors where the target has fast masked moves for the element type
    (AVX-512; 8- and 16-bit elements need AVX-512BW), otherwise with
    unmasked vectors that overlap what is already copied: the last whole
    vector of the row when it has one, else two vectors of the largest
    power-of-two width that fits, at the row's start and ending at its end.

    Unless `parallel` is set the `scf.forall` is replaced by a nest of
    sequential `scf.for` loops. With `parallel`, gathers that write at least
    `parallel-threshold` bytes keep the `scf.forall` (for a later lowering to
    OpenMP) and smaller ones run the sequential nest.

    Non-temporal stores are aligned to the vector size; vectors of elements
    narrower than 32 bits are stored as 32-bit lanes (`vector.bitcast` and
    an `llvm.store` with the non-temporal flag), since LLVM drops the hint of,
    for example, `vector<32xf16>` stores on CPUs without native f16
    arithmetic.

    Copies of other shapes, in unmarked loops, of buffers whose innermost
    stride is not 1 or whose byte sizes overflow 64 bits are left alone. An
    option out of its range (`vector-bytes` 0 or a power of two up to 1024,
    `prefetch-distance` in `[-1, 2^31 - 1]`, `inline-prefetch-distance` in
    `[0, 2^31 - 1]`, `prefetch-bytes` positive,
    `prefetch-locality` and `masked-tails` in `[-1, 3]` and `[-1, 1]`,
    `parallel-threshold` non-negative) or
    an unknown `target-cpu` is an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"targetCpu", "target-cpu", "std::string", /*default=*/"\"host\"",
           "The CPU the code is for: 'host' or an LLVM x86-64 CPU name">,
    Option<"prefetchDistance", "prefetch-distance", "int64_t",
           /*default=*/"-1",
           "Loop iterations ahead whose row is prefetched (-1: from the "
           "target, 16 with AVX-512 and 8 otherwise; 0 disables)">,
    Option<"prefetchBytes", "prefetch-bytes", "int64_t", /*default=*/"1024",
           "At most this many leading bytes of a row are prefetched">,
    Option<"prefetchLocality", "prefetch-locality", "int64_t",
           /*default=*/"-1",
           "Locality hint (0-3) of the row prefetch (-1: from the target)">,
    Option<"nontemporalThreshold", "nontemporal-threshold", "int64_t",
           /*default=*/"1048576",
           "Gathers writing at least this many bytes use non-temporal "
           "stores (negative disables)">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"0",
           "Bytes moved by one vector load/store (0: from the target)">,
    Option<"maskedTails", "masked-tails", "int64_t", /*default=*/"-1",
           "Row tails: masked vectors (1), overlapping unmasked vectors "
           "(0), or what the target does fast (-1)">,
    Option<"inlinePrefetchDistance", "inline-prefetch-distance", "int64_t",
           /*default=*/"64",
           "inline-copy: loop iterations ahead whose row is prefetched "
           "(0 disables)">,
    Option<"clampPrefetch", "clamp-prefetch", "bool", /*default=*/"false",
           "Clamp the prefetched row into the table (a prefetch never "
           "faults; the clamp costs instructions)">,
    Option<"parallel", "parallel", "bool", /*default=*/"false",
           "Keep large gathers' loops parallel (scf.forall)">,
    Option<"parallelThreshold", "parallel-threshold", "int64_t",
           /*default=*/"1048576",
           "With parallel, gathers writing at least this many bytes stay "
           "parallel">,
  ];
}

def GatherLowerVectorTransfers
    : Pass<"gather-lower-vector-transfers", "::mlir::func::FuncOp"> {
  let summary = "Lower one-dimensional vector transfers on memrefs to vector "
                "loads and stores";
  let description = [{
    Rewrites each `vector.transfer_read` and `vector.transfer_write` of one
    dimension on a memref whose innermost dimension is contiguous, in bounds
    or masked, into `vector.load` / `vector.store` (or their masked forms),
    with upstream's transfer lowering patterns. The embedding-bag lowering
    writes each pooled row with such transfers on tensors; after
    bufferization they are on memrefs, and the conversion to LLVM (upstream
    `convert-to-llvm` included) has no pattern for transfers. Other
    transfers are left as they are.
  }];
  let dependentDialects = [
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect",
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
    `gather-prefetch-rows`) work on them. The `gather.wrap` markers that the
    gather lowering put on the wraps of negative indices (for
    `gather-lower-element-loops`, which runs before) are removed.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
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
      (by default from `target-cpu`, the host unless named: 0, `prefetchnta`,
      on AMD parts, 3 on the others, where `prefetchnta` of a table that
      the caches do not hold ran slower than no prefetch)
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
      in one burst. Each unrolled step gathers its `inner-unroll` elements
      of integer or float type of 32 or 64 bits into one vector and stores
      it at once; into outputs of at least `nontemporal-threshold` bytes
      with non-temporal stores when the step's address is aligned to the
      target's vector width (to that of the step's vector when smaller),
      a plain vector store otherwise.

    The innermost loop is then unrolled by `unroll` (`element`) or
    `inner-unroll` (`inner-axis`). Tables smaller than 1 MiB (which stay in
    the caches) get no prefetch. An option out of its range (distances
    negative or above 2^31 - 1, `locality` outside [-1, 3], unroll factors
    outside [1, 256], `parallel-chunks` outside [1, 2^20],
    `parallel-threshold` negative) and an unknown `target-cpu` are errors.

    With `parallel`, gathers that write at least `parallel-threshold` bytes
    run their outermost loop split into `parallel-chunks` chunks by an
    `scf.parallel` (for `convert-scf-to-openmp`); smaller ones run a
    sequential copy of the loops (an `scf.if` on the size, folded when
    static).
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
           /*default=*/"96",
           "element: iterations ahead whose data element is prefetched "
           "(0 disables)">,
    Option<"targetCpu", "target-cpu", "std::string", /*default=*/"\"host\"",
           "The CPU the code is for: 'host' or an LLVM x86-64 CPU name">,
    Option<"localityHint", "locality", "int64_t", /*default=*/"-1",
           "element: locality hint of the prefetch (0-3; -1: from the "
           "target)">,
    Option<"rowPrefetchDistance", "row-prefetch-distance", "int64_t",
           /*default=*/"1",
           "inner-axis: row-loop iterations ahead whose row is prefetched "
           "(0 disables)">,
    Option<"unroll", "unroll", "int64_t", /*default=*/"16",
           "element: unroll factor of the innermost loop (1 disables)">,
    Option<"innerUnroll", "inner-unroll", "int64_t", /*default=*/"8",
           "inner-axis: unroll factor of the loop over a row (1 disables)">,
    Option<"nontemporalThreshold", "nontemporal-threshold", "int64_t",
           /*default=*/"1048576",
           "inner-axis: gathers writing at least this many bytes store "
           "each step's vector non-temporally (negative disables)">,
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

def GatherOutlineVersions
    : Pass<"gather-outline-versions", "::mlir::ModuleOp"> {
  let summary = "Move the loop versions marked for it into functions of "
                "their own";
  let description = [{
    Moves the body of each `scf.execute_region no_inline` marked
    `gather.outline` (a version of a gather's loop that
    `gather-lower-slice-copies` wants compiled apart from the versions
    beside it) into a new private function with internal LLVM linkage that
    LLVM does not inline, and calls it in the region's place:

    ```mlir
    scf.execute_region no_inline {
      scf.forall ... { ... }
      scf.yield
    } {gather.outline}
    ```

    becomes `func.call @<function>__gather_version(...)` (a suffix `_N`
    where the name is taken), whose arguments are the values the region
    uses from outside it. Constants and
    other operand-free pure ops it uses are cloned into the new function
    instead. The reason is register allocation: in one function, the
    registers that a long-row block copy needs make LLVM spill the
    loop-invariant values of the short-row versions beside it into stack
    slots that their loops then reload on every row. A region with results
    or more than one block is left as it is.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def GatherConvertToLLVM
    : Pass<"gather-convert-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Convert a module to the LLVM dialect, the bodies of its "
                "functions in parallel";
  let description = [{
    The same conversion as upstream `convert-to-llvm` (the patterns of every
    loaded dialect's `ConvertToLLVMPatternInterface`), done in steps so that
    the bulk of it uses every thread of the context:

    1. The ops inside each `func.func` are converted, the functions spread
       over the threads, with the patterns of every dialect except `func`.
       The function ops stay; the conversion leaves casts between memrefs
       and their LLVM descriptors at the function's arguments, results and
       calls. The runtime functions that `memref.alloc`, `memref.dealloc`
       and `memref.copy` call (`malloc`, `free`, `memrefCopy`) are declared
       before the tasks start, so that no task adds a symbol to the module
       (a race); functions that hold an op whose lowering adds other symbols
       (`vector.print`, `cf.assert`) or an op of a dialect the pass does not
       know are left to step 3.
    2. The function ops of step 1 are converted with the patterns of `func`,
       again spread over the threads: each function moves into a module of
       its own in its place while it is converted, so that no task changes
       the block that holds the others.
    3. The functions left from step 1 and the other ops of the module
       (globals, declarations) are converted with every dialect's patterns.

    Steps 1 and 2 fold no op before its patterns apply (upstream folds
    first): the pipelines canonicalize before this pass, and on large
    modules the second attempt took a third of the conversion's time; LLVM
    folds what is left. Otherwise the result equals `convert-to-llvm`'s up
    to the unrealized casts that `reconcile-unrealized-casts` removes.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def GatherFoldDescriptors
    : Pass<"gather-fold-descriptors", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "Read the fields of memref descriptors from the values they "
                "were built of, and drop the descriptors no one reads";
  let description = [{
    The conversion to LLVM passes every memref as a descriptor struct: a
    function rebuilds the descriptor of each memref argument from its
    unpacked fields (`llvm.insertvalue` chains), and each use of the memref
    reads a field back (`llvm.extractvalue`). On the module of
    `gather-bench --compile-scaling` (10,000 gathers) these two ops, with the
    `llvm.mlir.poison` each chain starts from, were 34% of the 1.53 million
    ops that reached the translation to LLVM IR; this pass leaves 1.07
    million.

    This pass makes each `llvm.extractvalue` whose field was set by an
    `llvm.insertvalue` of the chain it reads use the inserted value
    directly (the fold of `llvm.extractvalue`, without the rest of the
    canonicalizer), and then erases the ops that are trivially dead, in
    one backward sweep of each block. It changes nothing else: a field set
    through a sub-aggregate, or read from a value that is no
    `llvm.insertvalue` chain, stays read.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def GatherExpandStridedMetadata
    : Pass<"gather-expand-strided-metadata", "::mlir::func::FuncOp"> {
  let summary = "Upstream expand-strided-metadata in one sweep of its "
                "patterns";
  let description = [{
    Rewrites `memref.subview`, `memref.expand_shape`,
    `memref.collapse_shape` and the metadata of views into
    `memref.reinterpret_cast` and `memref.extract_strided_metadata` with the
    patterns of upstream `expand-strided-metadata`, built once per pass
    instead of once per function, and applied with one sweep of the greedy
    driver (its worklist reaches the fixed point of these patterns; the
    upstream pass sweeps again to confirm it, which on large modules costs
    as much as the first sweep). With `lower-affine`, the same sweep also
    applies the patterns of upstream `lower-affine` and `arith-expand`, so
    that the affine ops the expansion makes need no pass of their own (the
    pipelines run it after every loop is lowered: an `affine.for` would
    become an `scf.for`).
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
  let options = [
    Option<"lowerAffine", "lower-affine", "bool", /*default=*/"false",
           "Also lower affine ops to arith and expand composite arith ops">,
  ];
}

def GatherMathToLibm : Pass<"gather-math-to-libm", "::mlir::ModuleOp"> {
  let summary = "Call libm for the math ops that have a libm function, and "
                "leave the others to the conversion to LLVM";
  let description = [{
    Applies the patterns of upstream `convert-math-to-libm` (`math.erf` on
    `f32` becomes a call of `erff`, declared in the module; vectors of such
    ops are unrolled to scalar calls) and leaves every other op as it is.
    The upstream pass runs a conversion that declares the whole `math`
    dialect illegal, so a module holding an op it has no function for
    (`math.cttz`, `math.ctlz`, `math.ctpop`, `math.absi`, `math.fpowi`,
    which the conversion to LLVM lowers to intrinsics) fails with "failed
    to legalize operation". The pipelines run this pass instead, on
    modules that hold math ops, and upstream `convert-math-to-funcs` late
    on modules that hold a `math.ipowi` (which has neither).
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // GATHER_MLIR_CODEGEN_CPU_PASSES_TD

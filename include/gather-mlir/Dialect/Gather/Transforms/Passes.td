//===- Passes.td - gather dialect transformation passes ----*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_PASSES_TD
#define GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

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

def GatherStripHints : Pass<"gather-strip-hints"> {
  let summary = "Remove the gather dialect's discardable attributes (the "
                "code generator's hints) from the IR";
  let description = [{
    Removes every discardable attribute of the gather dialect (the names
    that begin with `gather.`: `gather.form`, `gather.wrap`,
    `gather.inline_max_bytes`, `gather.outline`, `gather.bounds_check`,
    ...) from the operation it runs on and every operation nested in it.
    These attributes carry what one step of this project's lowering tells a
    later step (the form of a gather's loop nest, the select that wraps a
    negative index); they mean nothing to other tools, and a tool that does
    not load the gather dialect cannot parse them.

    Every pipeline of this project (`gather-to-affine`, `gather-to-llvm`,
    `gather-to-atb`, `gather-to-mpi`) ends with this pass, and
    `convert-gather-to-linalg` runs it itself unless its option
    `hints=true` asks it to keep the hints for this project's code
    generator. The IR means the same with or without the hints: only the
    shape of the code that the code generator makes from it changes.
  }];
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
      `shard.process_multi_index` names). The sharding of each argument and
      result is recorded on the partitioned function as
      `gather.sharding = #gather.sharding<...>` for this, and removed after.
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
                           "::mlir::gather::GatherDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::shard::ShardDialect",
                           "::mlir::tensor::TensorDialect"];
  let options = [
    Option<"boundsCheck", "bounds-check", "::mlir::gather::BoundsCheck",
           /*default=*/"::mlir::gather::BoundsCheck::Assert",
           "What the partitioned exchange does with an out-of-range id",
           [{::mlir::gather::enumValues<::mlir::gather::BoundsCheck>()}]>,
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

#endif // GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_PASSES_TD

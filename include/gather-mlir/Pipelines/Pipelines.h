//===- Pipelines.h - gather-mlir pass pipelines -----------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The CPU pipelines:
//
// * `gather-to-affine`: gather -> linalg/scf on tensors -> one-shot
//   bufferization (function boundaries) -> affine loops on memrefs.
// * `gather-to-llvm`: `gather-to-affine`, then affine -> scf -> cf and every
//   dialect to the LLVM dialect, ready for mlir-runner or mlir-translate.
//
// and the Ascend pipeline:
//
// * `gather-to-atb`: gathers that ATB accepts on the chosen SoC become
//   `atb.gather` and, after bufferization, calls of the Ascend runtime
//   library; everything else follows `gather-to-llvm`.
//
// and the MPI pipeline:
//
// * `gather-to-mpi`: a module with `shard` annotations is partitioned into
//   the program of one process, its collectives become MPI calls, and it is
//   lowered like `gather-to-llvm` (docs/Sharding.md).
//
// Every pipeline starts with the same front, run on each module of the IR
// on its own (nested modules first): raise-to-gather, then
// gather-prove-index-ranges.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_PIPELINES_PIPELINES_H
#define GATHER_MLIR_PIPELINES_PIPELINES_H

#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/CodeGen/CPU/Target.h"
#include "gather-mlir/Conversion/GatherToATB/GatherToATB.h"
#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class OpPassManager;
namespace gather {

/// The options of the CPU lowering, shared by every pipeline, and the options
/// that they give each pass of it. The options struct of each pipeline
/// derives from it and from `PassPipelineOptions` (both share the virtual
/// base `PassOptions`, which holds the options). `PassOptions` is spelled
/// out from the global namespace: inside `mlir::gather`, `detail` would also
/// name the ODS-generated `mlir::gather::detail`.
struct GatherCPUOptions : public virtual ::mlir::detail::PassOptions {
  template <typename T> using Option = ::mlir::detail::PassOptions::Option<T>;

  Option<BoundsCheck> boundsCheck{
      *this, "bounds-check",
      llvm::cl::desc("What the generated code does with an out-of-range "
                     "index"),
      llvm::cl::init(BoundsCheck::Assert), gather::enumValues<BoundsCheck>()};
  Option<GatherLoweringStrategy> strategy{
      *this, "strategy",
      llvm::cl::desc("Shape of the generated code of CPU gathers"),
      llvm::cl::init(GatherLoweringStrategy::Slices),
      gather::enumValues<GatherLoweringStrategy>()};
  Option<GatherForm> form{
      *this, "form",
      llvm::cl::desc("Form of the code of each CPU gather under "
                     "strategy=slices (auto: chosen from the sizes)"),
      llvm::cl::init(GatherForm::Auto), gather::enumValues<GatherForm>()};
  Option<bool> parallel{
      *this, "parallel",
      llvm::cl::desc("Run the outer loops of large CPU gathers on several "
                     "threads with OpenMP (the program then needs libomp)"),
      llvm::cl::init(false)};
  Option<bool> verifyEach{
      *this, "verify-each",
      llvm::cl::desc("Verify the IR after each pass of the pipeline (for "
                     "debugging the pipeline; slow on large modules); off, "
                     "the pass manager verifies the lowered IR once"),
      llvm::cl::init(false)};
  Option<bool> hints{
      *this, "hints",
      llvm::cl::desc("Keep the code generator's gather.* hints (the form of "
                     "each gather's loops, ...) in the output, for "
                     "inspection; tools that do not load the gather dialect "
                     "cannot parse them. Off, the pipeline ends with "
                     "gather-strip-hints"),
      llvm::cl::init(false)};
  Option<std::string> targetCpu{
      *this, "target-cpu",
      llvm::cl::desc("The CPU the code is for: 'host' (the machine that "
                     "compiles) or an LLVM x86-64 CPU name such as 'znver3' "
                     "(cross-compilation); it sets vector widths and "
                     "prefetch hints"),
      llvm::cl::init("host")};
  // The tuning options of gather-lower-element-loops and
  // gather-lower-slice-copies. Each defaults to the pass's own default.
  Option<int64_t> elementPrefetchDistance{
      *this, "element-prefetch-distance",
      llvm::cl::desc("element form: iterations ahead whose data element is "
                     "prefetched (0 disables)"),
      llvm::cl::init(elementLoopDefaults().prefetchDistance)};
  Option<int64_t> elementLocality{
      *this, "element-locality",
      llvm::cl::desc("element form: locality hint of the prefetch (0-3; -1: "
                     "from the target)"),
      llvm::cl::init(elementLoopDefaults().localityHint)};
  Option<int64_t> rowPrefetchDistance{
      *this, "row-prefetch-distance",
      llvm::cl::desc("inner-axis form: row-loop iterations ahead whose row "
                     "is prefetched (0 disables)"),
      llvm::cl::init(elementLoopDefaults().rowPrefetchDistance)};
  Option<int64_t> elementUnroll{
      *this, "element-unroll",
      llvm::cl::desc("element form: unroll factor of the innermost loop "
                     "(1 disables)"),
      llvm::cl::init(elementLoopDefaults().unroll)};
  Option<int64_t> elementInnerUnroll{
      *this, "element-inner-unroll",
      llvm::cl::desc("inner-axis form: unroll factor of the loop over a row "
                     "(1 disables)"),
      llvm::cl::init(elementLoopDefaults().innerUnroll)};
  Option<bool> elementClampPrefetch{
      *this, "element-clamp-prefetch",
      llvm::cl::desc("element form: clamp the prefetched position into the "
                     "table"),
      llvm::cl::init(elementLoopDefaults().clampPrefetch)};
  Option<bool> signCheck{
      *this, "sign-check",
      llvm::cl::desc("element form: unrolled steps whose indices are all "
                     "non-negative skip the wrap of negative indices"),
      llvm::cl::init(elementLoopDefaults().signCheck)};
  Option<int64_t> elementParallelThreshold{
      *this, "element-parallel-threshold",
      llvm::cl::desc("With parallel, element and inner-axis gathers writing "
                     "at least this many bytes run in parallel"),
      llvm::cl::init(elementLoopDefaults().parallelThreshold)};
  Option<int64_t> parallelChunks{
      *this, "parallel-chunks",
      llvm::cl::desc("With parallel, the number of chunks of the outermost "
                     "loop of element and inner-axis gathers"),
      llvm::cl::init(elementLoopDefaults().parallelChunks)};
  Option<int64_t> slicePrefetchDistance{
      *this, "slice-prefetch-distance",
      llvm::cl::desc("block-copy form: loop iterations ahead whose row is "
                     "prefetched (-1: from the target; 0 disables)"),
      llvm::cl::init(sliceCopyDefaults().prefetchDistance)};
  Option<int64_t> slicePrefetchBytes{
      *this, "slice-prefetch-bytes",
      llvm::cl::desc("block-copy form: at most this many leading bytes of a "
                     "row are prefetched"),
      llvm::cl::init(sliceCopyDefaults().prefetchBytes)};
  Option<int64_t> prefetchLocality{
      *this, "prefetch-locality",
      llvm::cl::desc("Locality hint (0-3) of the row prefetch of slice "
                     "copies (-1: from the target)"),
      llvm::cl::init(sliceCopyDefaults().prefetchLocality)};
  Option<int64_t> nontemporalThreshold{
      *this, "nontemporal-threshold",
      llvm::cl::desc("Slice copies writing at least this many bytes use "
                     "non-temporal stores (negative disables)"),
      llvm::cl::init(sliceCopyDefaults().nontemporalThreshold)};
  Option<int64_t> sliceVectorBytes{
      *this, "slice-vector-bytes",
      llvm::cl::desc("Bytes moved by one vector load/store of a slice copy "
                     "(0: from the target)"),
      llvm::cl::init(sliceCopyDefaults().vectorBytes)};
  Option<int64_t> maskedTails{
      *this, "masked-tails",
      llvm::cl::desc("Tails of slice rows: masked vectors (1), overlapping "
                     "unmasked vectors (0), or what the target does fast "
                     "(-1)"),
      llvm::cl::init(sliceCopyDefaults().maskedTails)};
  Option<int64_t> inlinePrefetchDistance{
      *this, "inline-prefetch-distance",
      llvm::cl::desc("inline-copy form: loop iterations ahead whose row is "
                     "prefetched (0 disables)"),
      llvm::cl::init(sliceCopyDefaults().inlinePrefetchDistance)};
  Option<bool> sliceClampPrefetch{
      *this, "slice-clamp-prefetch",
      llvm::cl::desc("Slice copies clamp the prefetched row into the table"),
      llvm::cl::init(sliceCopyDefaults().clampPrefetch)};
  Option<int64_t> sliceParallelThreshold{
      *this, "slice-parallel-threshold",
      llvm::cl::desc("With parallel, slice copies writing at least this many "
                     "bytes stay parallel"),
      llvm::cl::init(sliceCopyDefaults().parallelThreshold)};
  // The pooling of embedding bags (convert-gather-to-linalg's bag options;
  // the vector width comes from target-cpu).
  Option<int64_t> bagAccumulators{
      *this, "bag-accumulators",
      llvm::cl::desc("Embedding bags: at most this many vectors of a row "
                     "pooled per loop over a bag's ids"),
      llvm::cl::init(8)};
  Option<int64_t> bagPrefetchDistance{
      *this, "bag-prefetch-distance",
      llvm::cl::desc("Embedding bags: prefetch the row of the id this many "
                     "positions ahead (0 disables; -1: the target's, 16 with "
                     "AVX-512, else 8)"),
      llvm::cl::init(-1)};

  /// The options of gather-prove-index-ranges: indices that are all out of
  /// range are an error, except under `clamp`, which gives them a result.
  GatherProveIndexRangesOptions getProveIndexRangesOptions() const;
  /// The options of convert-gather-to-linalg for `target` (the CPU of
  /// `target-cpu`), whose vectors the embedding bags pool in. The
  /// convert-gather-to-linalg of the pipelines leaves its hints for the code
  /// generator (the last step of each pipeline removes what is left of
  /// them, unless `hints`).
  ConvertGatherToLinalgOptions
  getGatherToLinalgOptions(const CPUTarget &target) const;
  /// The options of gather-lower-element-loops.
  GatherLowerElementLoopsOptions getElementLoopsOptions() const;
  /// The options of gather-lower-slice-copies.
  GatherLowerSliceCopiesOptions getSliceCopiesOptions() const;
  /// The options of gather-shard-partition.
  GatherShardPartitionOptions getShardPartitionOptions() const;

private:
  /// The options of the two passes as they default (their TableGen
  /// defaults), which the tuning options above default to.
  static GatherLowerElementLoopsOptions elementLoopDefaults() { return {}; }
  static GatherLowerSliceCopiesOptions sliceCopyDefaults() { return {}; }
};

/// Options of `gather-to-affine` and `gather-to-llvm`.
struct GatherPipelineOptions
    : public PassPipelineOptions<GatherPipelineOptions>,
      public GatherCPUOptions {};

/// Options of the Ascend pipeline: the SoC and those of the CPU lowering
/// (which apply to the gathers that stay on the CPU; `bounds-check` also to
/// the indices passed to ATB).
struct GatherToATBPipelineOptions
    : public PassPipelineOptions<GatherToATBPipelineOptions>,
      public GatherCPUOptions {
  PassOptions::Option<AscendSoc> soc{
      *this, "soc", llvm::cl::desc("The Ascend product whose ATB rules apply"),
      llvm::cl::init(AscendSoc::Ascend910B), gather::enumValues<AscendSoc>()};
  PassOptions::Option<bool> deviceResident{
      *this, "device-resident",
      llvm::cl::desc("Keep the tensors of ATB gathers on the device and copy "
                     "them only at the boundary of the device region "
                     "(atb-place-transfers); off: the runtime copies every "
                     "call's tensors and waits"),
      llvm::cl::init(true)};

  /// The options of convert-gather-to-atb.
  ConvertGatherToATBOptions getGatherToATBOptions() const;
};

//===- gather-to-mpi ------------------------------------------------------===//

/// Options of `gather-to-mpi`: those of the CPU lowering and the function
/// that initialises and finalises MPI.
struct GatherToMPIPipelineOptions
    : public PassPipelineOptions<GatherToMPIPipelineOptions>,
      public GatherCPUOptions {
  PassOptions::Option<std::string> entryPoint{
      *this, "entry-point",
      llvm::cl::desc("The function that calls MPI_Init first and "
                     "MPI_Finalize before it returns (empty: none)"),
      llvm::cl::init("main")};

  /// The options of gather-shard-init-mpi (which the pipeline runs only
  /// with an `entry-point`).
  GatherShardInitMPIOptions getShardInitMPIOptions() const;
};

// The builders create every pass from its constructor with typed options:
// they need no pass registration. A builder fails, with the reason written to
// `errorStream`, when an option is invalid (an unknown `target-cpu`); `pm` is
// then incomplete and must not be run.

/// Adds the passes of `gather-to-mpi` to `pm` (anchored on a module): a
/// module with `shard` annotations is partitioned into the program of one
/// process (upstream sharding-propagation and shard-partition, with the
/// sharding model of gather.gather), its collectives become MPI calls
/// (convert-shard-to-mpi, MPICH ABI unless the module names another), and
/// everything goes to the LLVM dialect as in `gather-to-llvm`. The program
/// needs libmpich.
LogicalResult
buildGatherToMPIPipeline(OpPassManager &pm,
                         const GatherToMPIPipelineOptions &options,
                         llvm::raw_ostream &errorStream = llvm::errs());

//===----------------------------------------------------------------------===//

/// Adds the passes of `gather-to-affine` to `pm` (anchored on a module).
LogicalResult
buildGatherToAffinePipeline(OpPassManager &pm,
                            const GatherPipelineOptions &options,
                            llvm::raw_ostream &errorStream = llvm::errs());

/// Adds the passes of `gather-to-llvm` to `pm` (anchored on a module).
LogicalResult
buildGatherToLLVMPipeline(OpPassManager &pm,
                          const GatherPipelineOptions &options,
                          llvm::raw_ostream &errorStream = llvm::errs());

/// Adds the passes of `gather-to-atb` to `pm` (anchored on a module):
/// convert-gather-to-atb, then what `gather-to-llvm` does with
/// atb-place-transfers (unless device-resident=false) and
/// convert-atb-to-runtime after bufferization. The program needs
/// libgather_ascend_runtime.so.
LogicalResult
buildGatherToATBPipeline(OpPassManager &pm,
                         const GatherToATBPipelineOptions &options,
                         llvm::raw_ostream &errorStream = llvm::errs());

/// Registers `gather-to-affine`, `gather-to-llvm`, `gather-to-atb` and
/// `gather-to-mpi` with
/// the pass registry.
void registerGatherPipelines();

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_PIPELINES_PIPELINES_H

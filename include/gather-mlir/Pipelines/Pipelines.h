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
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_PIPELINES_PIPELINES_H
#define GATHER_MLIR_PIPELINES_PIPELINES_H

#include "gather-mlir/Conversion/GatherToATB/GatherToATB.h"
#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class DialectRegistry;
class OpPassManager;
namespace gather {

/// The options of the CPU lowering, shared by every pipeline (`Derived` is
/// the options struct of the pipeline). `PassOptions` is spelled out from
/// the global namespace: inside `mlir::gather`, `detail` would also name the
/// ODS-generated `mlir::gather::detail`.
template <typename Derived>
struct GatherCPUPipelineOptions : public PassPipelineOptions<Derived> {
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
  Option<std::string> elementLoopOptions{
      *this, "element-loop-options",
      llvm::cl::desc("Options of gather-lower-element-loops, for tuning "
                     "(e.g. {prefetch-distance=128 sign-check=false}); "
                     "they override `parallel`"),
      llvm::cl::init("")};
  Option<std::string> sliceCopyOptions{
      *this, "slice-copy-options",
      llvm::cl::desc("Options of gather-lower-slice-copies, for tuning "
                     "(e.g. {inline-prefetch-distance=32}); they override "
                     "`parallel`"),
      llvm::cl::init("")};
};

/// Options of `gather-to-affine` and `gather-to-llvm`.
struct GatherPipelineOptions
    : public GatherCPUPipelineOptions<GatherPipelineOptions> {};

/// Options of the Ascend pipeline: the SoC and those of the CPU lowering
/// (which apply to the gathers that stay on the CPU; `bounds-check` also to
/// the indices passed to ATB).
struct GatherToATBPipelineOptions
    : public GatherCPUPipelineOptions<GatherToATBPipelineOptions> {
  PassOptions::Option<AscendSoc> soc{
      *this, "soc", llvm::cl::desc("The Ascend product whose ATB rules apply"),
      llvm::cl::init(AscendSoc::Ascend910B),
      llvm::cl::values(
          clEnumValN(AscendSoc::Ascend910B, "ascend910b",
                     "Atlas A2 training and inference products"),
          clEnumValN(AscendSoc::Ascend910_93, "ascend910_93",
                     "Atlas A3 training and inference products"),
          clEnumValN(AscendSoc::Ascend910, "ascend910",
                     "Atlas training products (no bf16 data)"),
          clEnumValN(AscendSoc::Ascend310P, "ascend310p",
                     "Atlas inference products (no bf16 data)"),
          clEnumValN(AscendSoc::Ascend310B, "ascend310b",
                     "Atlas 200I/500 A2 inference products (f16 data only)"),
          clEnumValN(AscendSoc::Ascend950, "ascend950",
                     "Atlas 350 accelerator cards (no ui32 data or "
                     "indices)"))};
  PassOptions::Option<bool> deviceResident{
      *this, "device-resident",
      llvm::cl::desc("Keep the tensors of ATB gathers on the device and copy "
                     "them only at the boundary of the device region "
                     "(atb-place-transfers); off: the runtime copies every "
                     "call's tensors and waits"),
      llvm::cl::init(true)};
};

//===- gather-to-mpi ------------------------------------------------------===//

/// Options of `gather-to-mpi`: those of the CPU lowering and the function
/// that initialises and finalises MPI.
struct GatherToMPIPipelineOptions
    : public GatherCPUPipelineOptions<GatherToMPIPipelineOptions> {
  PassOptions::Option<std::string> entryPoint{
      *this, "entry-point",
      llvm::cl::desc("The function that calls MPI_Init first and "
                     "MPI_Finalize before it returns (empty: none)"),
      llvm::cl::init("main")};
};

// The builders add upstream passes by name, so the upstream passes must be
// registered first (`mlir::gather::registerAllPasses()` in
// `gather-mlir/InitGather.h` does it). A builder that cannot add a pass
// writes the reason to `errorStream` and returns failure; `pm` is then
// incomplete and must not be run.

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

/// Adds to `registry` what the pipelines need beyond the upstream dialects:
/// the gather and atb dialects and the bufferization model of atb.gather.
void registerGatherPipelineDialects(DialectRegistry &registry);

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_PIPELINES_PIPELINES_H

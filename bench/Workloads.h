//===- Workloads.h - the workloads of gather-bench --------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// W1..W7 (bench/README.md): their sizes, inputs and the MLIR of the measured
// function. The function's signature is written in one place
// (getSignature), for every way of declaring its types.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_BENCH_WORKLOADS_H
#define GATHER_MLIR_BENCH_WORKLOADS_H

#include "gather-mlir/Harness/MemRef.h"

#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace gather_bench {

using mlir::gather::harness::AlignedBuffer;

/// Which hand-written kernel is variant (b) and (d) of a workload.
enum class HandKernel {
  RowCopy,
  RowCopyChecked,
  InnerAxis,
  BatchedRows,
  Element
};

/// One gather to time. Data is row-major.
struct Workload {
  std::string name;
  std::string description;
  /// The data element type (`f32` or `f16`).
  std::string elementType;
  llvm::SmallVector<int64_t> dataShape;
  llvm::SmallVector<int64_t> indicesShape;
  int64_t axis = 0;
  int64_t batchDims = 0;
  /// Index element type: 32 or 64 bits, signless.
  unsigned indexBits = 64;
  /// Every 4th index k is stored as k - s (ONNX-style negative indices).
  bool negativeQuarter = false;
  /// Calls per timed sample; > 1 reports the per-call latency in µs.
  unsigned callsPerSample = 1;
  HandKernel kernel = HandKernel::RowCopy;
  /// The `bounds-check` values of the "ours" variants, as gather-to-llvm
  /// spells them; the first one is the one the ratios and (c) use.
  llvm::SmallVector<std::string> oursChecks;

  /// The size of the gathered dimension.
  int64_t getDimSize() const { return dataShape[axis]; }
  /// `D[:a] ++ I[b:] ++ D[a+1:]`.
  llvm::SmallVector<int64_t> getOutputShape() const;
  int64_t getElementBytes() const { return elementType == "f16" ? 2 : 4; }
  int64_t getOutputBytes() const;
};

/// The workloads of the benchmark; W4 makes `smallCallsPerSample` calls per
/// sample.
std::vector<Workload> getWorkloads(unsigned smallCallsPerSample);

/// Which sizes the measured function declares dynamic (`--dynamic`): the
/// caller passes the same buffers, the callee knows their sizes only at run
/// time.
enum class DynamicSizes { None, Ids, All };

/// The spelling of `sizes` in labels and in `--dynamic` (`ids`, `all`).
llvm::StringRef getDynamicSizesName(DynamicSizes sizes);

/// How the measured function declares its types and states its gather.
struct FunctionTypes {
  /// `ui32`/`ui64` indices instead of `i32`/`i64`.
  bool unsignedIndices = false;
  DynamicSizes dynamic = DynamicSizes::None;
  /// The gather as the linalg idiom of torch-mlir and StableHLO
  /// (`linalg.generic` + `tensor.extract`, raised by raise-to-gather)
  /// instead of `gather.gather`.
  bool idiom = false;
};

/// The types of the measured function `@gather(%d, %i, %out)`: data and
/// indices tensors, the gather's result tensor and the caller-owned
/// destination memref.
struct Signature {
  std::string data, indices, result, out;
};

/// The one place that writes the measured function's types.
Signature getSignature(const Workload &w, const FunctionTypes &types);

/// The module of `w`: `@gather` gathers into the caller-owned destination,
/// so the lowered function needs to allocate nothing.
std::string getWorkloadModule(const Workload &w, const FunctionTypes &types);

/// Fills the data and index buffers of `w`.
void fillInputs(const Workload &w, AlignedBuffer &data, AlignedBuffer &indices);

} // namespace gather_bench

#endif // GATHER_MLIR_BENCH_WORKLOADS_H

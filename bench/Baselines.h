//===- Baselines.h - the hand-written C++ gathers of gather-bench -*- C++ -*-=//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_BENCH_BASELINES_H
#define GATHER_MLIR_BENCH_BASELINES_H

#include "BenchOptions.h"
#include "Workloads.h"

#include "gather-mlir/Harness/Run.h"

namespace gather_bench {

/// Runs variant (b) of `w` (`tuned`: variant (d)) on its inputs, writing the
/// whole output to `target`.
void runBaseline(const Workload &w, const AlignedBuffer &data,
                 const AlignedBuffer &indices, char *target, bool tuned);

/// Variant (e) of an element gather (W6): the tuned C++ with the ONNX wrap
/// of negative indices.
void runTunedWrappedElementGather(const Workload &w, const AlignedBuffer &data,
                                  const AlignedBuffer &indices, char *target);

} // namespace gather_bench

#endif // GATHER_MLIR_BENCH_BASELINES_H

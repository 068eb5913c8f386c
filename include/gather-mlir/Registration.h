//===- Registration.h - the gather-mlir dialects and models -----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The one list of this project's dialects and of the interfaces attached to
// their ops (or to upstream ops) from outside their definitions. Tools and
// embedders call `mlir::gather::registerGatherMLIRDialects` (InitGather.h),
// which adds the upstream dialects to it; the pipelines declare it as their
// dependent dialects. This library links only the gather-mlir libraries
// that define the dialects and models.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_REGISTRATION_H
#define GATHER_MLIR_REGISTRATION_H

namespace mlir {
class DialectRegistry;
namespace gather {

/// Adds to `registry` the gather, atb and exchange dialects and their
/// external models: the bufferization model of atb.gather, the to-LLVM
/// conversion interface of exchange, and the tiling and sharding models of
/// gather.gather.
void registerGatherDialects(DialectRegistry &registry);

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_REGISTRATION_H

//===- InitGather.h - register everything gather-mlir needs -----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The one registration entry point of gather-mlir for tools and for programs
// that embed it. After
//
//   mlir::DialectRegistry registry;
//   mlir::gather::registerGatherMLIRDialects(registry);
//   mlir::gather::registerAllPasses();
//   mlir::MLIRContext context(registry);
//
// a module of gather and upstream code parses in `context`, and
// `mlir::parsePassPipeline("builtin.module(gather-to-llvm)", pm)` as well as
// the C++ pipeline builders of `gather-mlir/Pipelines/Pipelines.h` work.
//
// Interfaces attached to gather-mlir ops from outside their definition
// (external models) are registered by `registerGatherMLIRDialects`; new
// passes and pipelines by `registerAllPasses`.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_INITGATHER_H
#define GATHER_MLIR_INITGATHER_H

namespace mlir {
class DialectRegistry;
namespace gather {

/// Adds to `registry` the gather and atb dialects with their external models,
/// and every upstream dialect and dialect extension (bufferization models,
/// conversions to the LLVM dialect, ...) that the pipelines of this project
/// need. (Named apart from upstream's `mlir::registerAllDialects`, which it
/// calls.)
void registerGatherMLIRDialects(DialectRegistry &registry);

/// Registers this project's passes and pipelines (`gather-to-llvm`, ...) and
/// every upstream pass with the global pass registry, so that pass pipeline
/// texts naming them parse. Safe to call more than once and from several
/// threads.
void registerAllPasses();

/// Registers this project's passes and pipelines only (registerAllPasses
/// calls it): enough for pipeline texts that name only them, such as
/// `gather-to-llvm{bounds-check=clamp}` (the pipelines create the upstream
/// passes they run from typed options). Safe to call more than once.
void registerGatherPasses();

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_INITGATHER_H

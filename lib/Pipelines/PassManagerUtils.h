//===- PassManagerUtils.h - passes that run pipelines -----------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The pass-manager machinery of the pipelines: passes that run a nested
// pipeline on each module of the IR, or one of two pipelines chosen by the
// ops of a module.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_PIPELINES_PASSMANAGERUTILS_H
#define GATHER_MLIR_LIB_PIPELINES_PASSMANAGERUTILS_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"

#include <functional>
#include <memory>

namespace mlir::gather::pipelines {

/// A module pass that runs `pipeline` (anchored on builtin.module) on the
/// module and on every module nested in it, innermost first, each with its
/// nested modules set aside; the IR is verified between the passes of
/// `pipeline` only with `verifyEach`.
std::unique_ptr<Pass> createLowerEachModulePass(OpPassManager pipeline,
                                                bool verifyEach);

/// A module pass that runs the module pipeline `then` on modules that hold
/// an op for which `predicate` holds, and `otherwise` (which may be empty)
/// on the others.
std::unique_ptr<Pass>
createIfAnyOpPass(std::function<bool(Operation *)> predicate,
                  OpPassManager then, OpPassManager otherwise);

/// Adds to `pm` the module pipeline `then` to run only on modules that hold
/// an op of `dialect`.
void addIfDialect(OpPassManager &pm, StringRef dialect, OpPassManager then);

/// Adds to `pm` (anchored on builtin.module) the pipeline that `fill` adds to
/// a module pass manager, run on each module of the IR
/// (createLowerEachModulePass).
LogicalResult
addForEachModule(OpPassManager &pm, bool verifyEach,
                 function_ref<LogicalResult(OpPassManager &)> fill);

} // namespace mlir::gather::pipelines

#endif // GATHER_MLIR_LIB_PIPELINES_PASSMANAGERUTILS_H

//===- ExitingReport.h - generated error messages that exit -----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Generated code reports a run-time error (an index out of bounds, a failed
// runtime call) by calling a small function that the conversion adds to the
// module: it prints a message with the C library's `dprintf` to standard error
// and calls `exit(1)`, which flushes what the program printed before.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_UTILS_EXITINGREPORT_H
#define GATHER_MLIR_CONVERSION_UTILS_EXITINGREPORT_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gather {

/// A function `llvm.func linkonce_odr @<name>(i64, ..., i64)` (`numArgs`
/// arguments) that prints `format` (a printf format taking the arguments as
/// `long long`, without the trailing newline) and exits with status 1. It is
/// called with `llvm.call`, which needs no conversion on the way to LLVM.
struct ExitingReport {
  StringRef name;
  StringRef format;
  unsigned numArgs;
};

/// Emits an error on each symbol of `module` that clashes with what the
/// given reports define (their functions and format strings) or declare
/// (`llvm.func @dprintf` and `llvm.func @exit` of the C library's types).
LogicalResult checkExitingReportSymbols(ModuleOp module,
                                        ArrayRef<ExitingReport> reports);

/// Returns the function of `report` in `module`, creating it (and the
/// declarations it needs) at the end of the module on first use. Fails when
/// a clashing symbol exists (see checkExitingReportSymbols).
FailureOr<LLVM::LLVMFuncOp>
getOrCreateExitingReport(OpBuilder &builder, ModuleOp module,
                         const ExitingReport &report);

} // namespace mlir::gather

#endif // GATHER_MLIR_CONVERSION_UTILS_EXITINGREPORT_H

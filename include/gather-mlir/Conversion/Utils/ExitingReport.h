//===- ExitingReport.h - generated error messages that exit -----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Generated code reports a run-time error (an index out of bounds, a failed
// runtime call) by calling a small function that the conversion adds to the
// module: it prints a message with the C library's `dprintf` to standard error
// and ends the process with status 1 after flushing what the program printed
// before. When several threads report at once, only the first prints and
// exits; the others wait for the end of the process.
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

/// Creates a call of the report function of `report` with `args` (`i64`
/// values, `report.numArgs` of them) at the insertion point of `builder`.
/// The call is marked as a report call: materializeExitingReports later
/// creates the function it calls, under a name that no other symbol uses, and
/// adds the source location of `loc` as the last argument, so that the message
/// ends with ` (at <file>:<line>:<col>)`. Symbols of the module that happen to
/// carry `report.name` are never called.
LLVM::CallOp createExitingReportCall(OpBuilder &builder, Location loc,
                                     const ExitingReport &report,
                                     ValueRange args);

/// Gives every report call below `root` (see createExitingReportCall) a
/// function to call: one per report and nearest symbol table (a nested module
/// gets its own), created fresh in that symbol table with a unique name
/// derived from the report's name, and internal linkage. Declares the C
/// library's `dprintf`, `fflush`, `_exit` and `pause` there when missing.
/// Fails with an error on the clashing symbol when one of them exists as
/// anything other than an external `llvm.func` of the C library's type (see
/// checkExitingReportLibcSymbols).
LogicalResult materializeExitingReports(Operation *root);

/// Emits an error on each symbol `dprintf`, `fflush`, `_exit` or `pause` of
/// `symbolTable` (an
/// operation with the SymbolTable trait) that is not an external
/// `llvm.func` of the C library's type, which the report functions call.
LogicalResult checkExitingReportLibcSymbols(Operation *symbolTable);

/// Returns `file:line:col` of the first file location in `loc`, or
/// `unknown location` when it holds none.
std::string describeLocation(Location loc);

/// Emits an error on each symbol of `module` that clashes with what the
/// given reports define (their functions and format strings) or declare
/// (`llvm.func @dprintf` and `llvm.func @exit` of the C library's types).
/// (For getOrCreateExitingReport; calls made with createExitingReportCall
/// need only checkExitingReportLibcSymbols.)
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

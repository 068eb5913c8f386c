//===- CFunctions.h - C functions that generated code calls -----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The declarations of the C functions (the C library's, MPI's) that the
// conversions call from LLVM dialect code: one table of the C library
// functions with the types the generated code gives them, and one way to
// find or declare a function in a symbol table. Upstream's
// LLVM::lookupOrCreateFn (mlir/Dialect/LLVMIR/FunctionCallUtils.h) is the
// model.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_UTILS_CFUNCTIONS_H
#define GATHER_MLIR_CONVERSION_UTILS_CFUNCTIONS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::gather {

/// The C library functions that generated code calls.
enum class LibcFunction {
  /// `int dprintf(int fd, const char *format, ...)`.
  Dprintf,
  /// `int fflush(FILE *stream)`.
  Fflush,
  /// `void exit(int status)`.
  Exit,
  /// `void _exit(int status)`: ends the process at once, without the exit
  /// handlers and stream flushes of `exit`.
  ImmediateExit,
  /// `int pause(void)`.
  Pause,
};

/// The name of `function` in the C library.
StringRef getLibcFunctionName(LibcFunction function);

/// The type generated code declares `function` with.
LLVM::LLVMFunctionType getLibcFunctionType(MLIRContext *ctx,
                                           LibcFunction function);

/// Where lookupOrDeclareFunction puts a declaration: first in the body of the
/// symbol table, or last (before its terminator, if it has one).
enum class DeclarationPlace { Start, End };

/// Returns the `llvm.func` `name` of `symbolTable` (an op with the
/// SymbolTable trait and one block) when it has type `type`, declaring it
/// (external) at `place` when `symbolTable` has no symbol `name`. When a
/// symbol `name` exists that is not an `llvm.func` of type `type`, emits an
/// error on it and fails without declaring anything. With `tables`, looks the
/// symbol up there and adds a declaration to it.
FailureOr<LLVM::LLVMFuncOp>
lookupOrDeclareFunction(OpBuilder &builder, Operation *symbolTable,
                        StringRef name, LLVM::LLVMFunctionType type,
                        DeclarationPlace place,
                        SymbolTableCollection *tables = nullptr);

/// lookupOrDeclareFunction for the C library function `function`.
FailureOr<LLVM::LLVMFuncOp>
lookupOrDeclareFunction(OpBuilder &builder, Operation *symbolTable,
                        LibcFunction function, DeclarationPlace place,
                        SymbolTableCollection *tables = nullptr);

} // namespace mlir::gather

#endif // GATHER_MLIR_CONVERSION_UTILS_CFUNCTIONS_H

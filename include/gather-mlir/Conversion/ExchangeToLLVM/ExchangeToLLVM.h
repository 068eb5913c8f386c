//===- ExchangeToLLVM.h - exchange buffer ops to MPI calls ------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Lowers the buffer ops of the exchange dialect (exchange.alltoall,
// exchange.alltoallv, exchange.allgather, exchange.abort) to calls of the
// MPI C ABI named by the module's `dlti.map` entry "MPI:Implementation"
// (MPICH, the default, or OpenMPI).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_EXCHANGETOLLVM_EXCHANGETOLLVM_H
#define GATHER_MLIR_CONVERSION_EXCHANGETOLLVM_EXCHANGETOLLVM_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class DialectRegistry;
class LLVMTypeConverter;
class RewritePatternSet;

namespace gather {

/// Adds the patterns that lower the exchange buffer ops to MPI calls.
void populateExchangeToLLVMConversionPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns);

/// Makes `convert-to-llvm` lower the exchange dialect.
void registerConvertExchangeToLLVMInterface(DialectRegistry &registry);

#define GEN_PASS_DECL_CONVERTEXCHANGETOLLVM
#include "gather-mlir/Conversion/Passes.h.inc"

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_CONVERSION_EXCHANGETOLLVM_EXCHANGETOLLVM_H

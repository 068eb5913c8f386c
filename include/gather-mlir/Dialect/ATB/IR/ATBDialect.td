//===- ATBDialect.td - atb dialect definition --------------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_ATB_IR_ATBDIALECT_TD
#define GATHER_MLIR_DIALECT_ATB_IR_ATBDIALECT_TD

include "mlir/IR/OpBase.td"

def ATB_Dialect : Dialect {
  let name = "atb";
  let cppNamespace = "::mlir::atb";
  let summary = "Operations of the Huawei Ascend Transformer Boost (ATB) library";
  let description = [{
    The `atb` dialect models operations of the Ascend Transformer Boost
    library as they are called from the host: each op takes exactly the
    parameters and tensors of the ATB operation, with ATB's rules
    (non-negative parameters, ranks 1 to 8, ATB's element types), so that a
    lowering can turn it into one runtime call without further checks.

    Ops are destination-style: on tensors they return the filled `init`
    operand, on memrefs they write into it. One-shot bufferization turns the
    tensor form into the memref form, and `convert-atb-to-runtime` turns the
    memref form into calls of `libgather_ascend_runtime.so`.
  }];
}

class ATB_Op<string mnemonic, list<Trait> traits = []> :
    Op<ATB_Dialect, mnemonic, traits>;

#endif // GATHER_MLIR_DIALECT_ATB_IR_ATBDIALECT_TD

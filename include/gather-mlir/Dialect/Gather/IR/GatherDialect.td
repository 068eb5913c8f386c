//===- GatherDialect.td - gather dialect definition --------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHERDIALECT_TD
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHERDIALECT_TD

include "mlir/IR/OpBase.td"

def Gather_Dialect : Dialect {
  let name = "gather";
  let cppNamespace = "::mlir::gather";
  let summary = "One well-specified gather operation for ML compilers";
  let description = [{
    The `gather` dialect holds the tensor operation `gather.gather`, whose
    semantics are the union of ONNX Gather (opsets 1, 11 and 13: axis,
    negative axis, negative index values, 32- and 64-bit indices) and the
    `batch_dims` parameter of TensorFlow `GatherV2` and Ascend ATB
    `GatherOperation`, and `gather.embedding_bag`, rows of a table gathered
    and pooled per bag (PyTorch `EmbeddingBag`). The operations are verified
    precisely, lowered through linalg and affine loops to the LLVM dialect
    for CPUs, and (gathers) lowered to Ascend ATB runtime calls for NPUs.
  }];
  // Folding creates arith.constant (constant results) and the
  // canonicalisation patterns tensor ops.
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
  let hasConstantMaterializer = 1;
  // `#gather.form`; the discardable attributes `gather.form` and
  // `gather.wrap` are verified.
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
}

class Gather_Op<string mnemonic, list<Trait> traits = []> :
    Op<Gather_Dialect, mnemonic, traits>;

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHERDIALECT_TD

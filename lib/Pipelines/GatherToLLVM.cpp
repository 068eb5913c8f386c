//===- GatherToLLVM.cpp - the gather-to-llvm pipeline ---------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// gather-to-llvm: gather-to-affine, then affine, scf and the views to
// unstructured control flow and descriptor arithmetic, and everything to the
// LLVM dialect (addAffineToLLVM, which every pipeline to the LLVM dialect
// ends with).
//
//===----------------------------------------------------------------------===//

#include "PassManagerUtils.h"
#include "PipelineStages.h"
#include "gather-mlir/CodeGen/CPU/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::pipelines;

void pipelines::addAffineToLLVM(OpPassManager &pm,
                                const GatherCPUOptions &options) {
  // Loop versions that the slice copies mark for it become functions of
  // their own (register allocation of each apart from the others).
  pm.addPass(createGatherOutlineVersions());
  OpPassManager &affinePm = pm.nest<func::FuncOp>();
  affinePm.addPass(createLowerAffinePass());
  affinePm.addPass(createForallToParallelLoopPass());
  // Parallel loops become OpenMP worksharing loops, or else sequential ones.
  // The OpenMP loop bodies sit in memref.alloca_scope regions, which must be
  // inlined (memref to LLVM) while they are still single blocks.
  if (options.parallel) {
    pm.addPass(createConvertSCFToOpenMPPass());
    OpPassManager &inlinePm = pm.nest<func::FuncOp>();
    inlinePm.addPass(createGatherExpandStridedMetadata());
    inlinePm.addPass(createLowerAffinePass());
    pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  }
  // Everything else goes to the LLVM dialect in one conversion
  // (gather-convert-to-llvm: upstream convert-to-llvm's patterns for arith,
  // cf, func, index, math, memref, ub and vector, the functions' bodies in
  // parallel), which is much cheaper on large modules than one pass per
  // dialect; the casts it leaves between the functions and their bodies go
  // function by function. Views become descriptor arithmetic before it
  // (gather-expand-strided-metadata: upstream's patterns in one sweep, with
  // those of lower-affine and arith-expand for what they make).
  OpPassManager &cfPm = pm.nest<func::FuncOp>();
  cfPm.addPass(createSCFToControlFlowPass());
  GatherExpandStridedMetadataOptions expandOptions;
  expandOptions.lowerAffine = true;
  cfPm.addPass(createGatherExpandStridedMetadata(expandOptions));
  // math.ipowi has neither an LLVM intrinsic nor a libm function: it (and
  // math.fpowi beside it) becomes a call of a function that
  // convert-math-to-funcs adds, in unstructured control flow (hence this
  // late).
  OpPassManager powers(ModuleOp::getOperationName());
  ConvertMathToFuncsOptions powerOptions;
  powerOptions.convertCtlz = false;
  powers.addPass(createConvertMathToFuncs(powerOptions));
  pm.addPass(createIfAnyOpPass(
      [](Operation *op) { return isa<math::IPowIOp>(op); }, std::move(powers),
      OpPassManager(ModuleOp::getOperationName())));
  pm.addPass(createGatherConvertToLLVM());
  if (options.parallel)
    pm.addPass(createConvertOpenMPToLLVMPass());
  // Function by function: the casts go, then the memref descriptors that
  // are built only to be read field by field (a third of the ops of a large
  // module, which translation to LLVM IR would otherwise go through).
  OpPassManager &llvmFuncPm = pm.nest<LLVM::LLVMFuncOp>();
  llvmFuncPm.addPass(createReconcileUnrealizedCastsPass());
  llvmFuncPm.addPass(createGatherFoldDescriptors());
}

LogicalResult
mlir::gather::buildGatherToLLVMPipeline(OpPassManager &pm,
                                        const GatherPipelineOptions &options,
                                        raw_ostream &errorStream) {
  return addPipelineFront(pm, options, [&](OpPassManager &modulePm) {
    if (failed(addGatherToAffine(modulePm, options, errorStream)))
      return failure();
    addAffineToLLVM(modulePm, options);
    return success();
  });
}

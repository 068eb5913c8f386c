//===- LinalgToLoops.cpp - linalg to affine or scf loops ------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Lowers linalg ops on memrefs to affine loops where the loop bounds are
// valid affine dimensions and to scf loops where they are not (dynamic sizes
// of values defined inside non-affine loops, as tiling makes them).
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERLINALGTOLOOPS
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Returns true when the loop bounds of `op` (the sizes of its operands) are
/// valid affine dimensions: every operand with a dynamic size is defined at
/// the top level of its affine scope, so `memref.dim` of it is a valid
/// symbol there.
bool hasAffineBounds(linalg::LinalgOp op) {
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<ShapedType>(operand.get().getType());
    if (!type || type.hasStaticShape())
      continue;
    if (!affine::isTopLevelValue(operand.get()))
      return false;
  }
  return true;
}

struct GatherLinalgToLoopsPass
    : public gather::impl::GatherLinalgToLoopsBase<GatherLinalgToLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      rewriter.setInsertionPoint(op);
      // An op that neither lowering takes stays, as with the upstream
      // passes, and the conversion to LLVM reports it.
      FailureOr<linalg::LinalgLoops> loops =
          hasAffineBounds(op) ? linalg::linalgOpToAffineLoops(rewriter, op)
                              : linalg::linalgOpToLoops(rewriter, op);
      if (succeeded(loops))
        rewriter.eraseOp(op);
    }
    // The markers of wraps were for gather-lower-element-loops, which runs
    // before; nothing after reads them.
    getOperation().walk([](arith::SelectOp select) {
      select->removeAttr(getGatherWrapAttrName());
    });
  }
};

} // namespace

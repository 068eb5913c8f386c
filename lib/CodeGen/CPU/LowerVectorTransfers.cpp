//===- LowerVectorTransfers.cpp - 1-D transfers to loads and stores -------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// gather-lower-vector-transfers: upstream's lowering of one-dimensional
// vector transfers on memrefs to vector loads and stores, as a pass of its
// own (the conversion to LLVM has no pattern for transfers).
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/CodeGen/CPU/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERLOWERVECTORTRANSFERS
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {
struct GatherLowerVectorTransfersPass
    : public gather::impl::GatherLowerVectorTransfersBase<
          GatherLowerVectorTransfersPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    bool hasTransfer = false;
    func.walk([&](VectorTransferOpInterface) {
      hasTransfer = true;
      return WalkResult::interrupt();
    });
    if (!hasTransfer)
      return;
    RewritePatternSet patterns(&getContext());
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

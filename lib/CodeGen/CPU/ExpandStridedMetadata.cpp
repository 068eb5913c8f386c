//===- ExpandStridedMetadata.cpp - expand-strided-metadata in one sweep ---===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/CodeGen/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHEREXPANDSTRIDEDMETADATA
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;

namespace {
struct GatherExpandStridedMetadataPass
    : public gather::impl::GatherExpandStridedMetadataBase<
          GatherExpandStridedMetadataPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    memref::populateExpandStridedMetadataPatterns(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    GreedyRewriteConfig config;
    config.setMaxIterations(1);
    // Not converging within one sweep is no error: the IR is valid after
    // any number of rewrites, and the later conversion to LLVM reports a
    // view left behind.
    (void)applyPatternsGreedily(getOperation()->getRegion(0), patterns, config);
  }

  FrozenRewritePatternSet patterns;
};
} // namespace

//===- ExpandStridedMetadata.cpp - expand-strided-metadata in one sweep ---===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/CodeGen/CPU/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    memref::populateExpandStridedMetadataPatterns(set);
    // The affine ops these patterns make (and any left) become arith in the
    // same sweep, the composite arith ops simple ones.
    if (lowerAffine) {
      populateAffineToStdConversionPatterns(set);
      arith::populateArithExpandOpsPatterns(set);
    }
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    GreedyRewriteConfig config;
    config.setMaxIterations(1);
    // No region simplification: it took half of this pass's time on the
    // module of gather-bench --compile-scaling, for blocks that LLVM merges
    // anyway (the lowered module has 2% more branches without it).
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    // Not converging within one sweep is no error: the IR is valid after
    // any number of rewrites, and the later conversion to LLVM reports a
    // view left behind.
    (void)applyPatternsGreedily(getOperation()->getRegion(0), patterns, config);
  }

  FrozenRewritePatternSet patterns;
};
} // namespace

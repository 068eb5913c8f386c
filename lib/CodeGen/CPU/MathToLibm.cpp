//===- MathToLibm.cpp - libm calls for the math ops that need them --------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// gather-math-to-libm: upstream's math-to-libm patterns, applied without
// declaring the rest of the math dialect illegal.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/CodeGen/CPU/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERMATHTOLIBM
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {
struct GatherMathToLibmPass
    : public gather::impl::GatherMathToLibmBase<GatherMathToLibmPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    // Only math ops are replaced (by calls of functions the patterns
    // declare at the start of the module): nothing is folded.
    GreedyRewriteConfig config;
    config.enableFolding(false).setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Disabled);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace

//===- StripHints.cpp - remove the gather dialect's hints -----------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// gather-strip-hints: the discardable `gather.*` attributes go, so that the
// IR can be read by tools that do not load the gather dialect.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERSTRIPHINTS
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {
struct GatherStripHintsPass
    : public gather::impl::GatherStripHintsBase<GatherStripHintsPass> {
  void runOnOperation() override { stripGatherHints(getOperation()); }
};
} // namespace

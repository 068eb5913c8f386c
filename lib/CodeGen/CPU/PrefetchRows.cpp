//===- PrefetchRows.cpp - prefetch rows for per-element gathers -----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A per-element gather along the innermost axis reads each row of the table
// at data-dependent positions, which the hardware prefetcher cannot follow.
// This pass prefetches the row a few iterations of the row loop ahead.
//
//===----------------------------------------------------------------------===//

#include "CodeGenUtils.h"
#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/Support/TypeUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <limits>

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERPREFETCHROWS
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Returns the upper bound of `loop` as a value when it is a constant or a
/// single operand, and the loop starts at 0 with step 1.
Value getSimpleUpperBound(OpBuilder &builder, Location loc,
                          affine::AffineForOp loop) {
  if (!loop.hasConstantLowerBound() || loop.getConstantLowerBound() != 0 ||
      loop.getStepAsInt() != 1)
    return nullptr;
  if (loop.hasConstantUpperBound())
    return arith::ConstantIndexOp::create(builder, loc,
                                          loop.getConstantUpperBound());
  AffineMap map = loop.getUpperBoundMap();
  if (map.getNumResults() != 1)
    return nullptr;
  AffineExpr expr = map.getResult(0);
  ValueRange operands = loop.getUpperBoundOperands();
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return operands[dim.getPosition()];
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return operands[map.getNumDims() + symbol.getPosition()];
  return nullptr;
}

struct GatherPrefetchRowsPass
    : public gather::impl::GatherPrefetchRowsBase<GatherPrefetchRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    StringRef pass = getArgument();
    Operation *op = getOperation();
    if (failed(checkOptionInRange(op, pass, "prefetch-distance",
                                  prefetchDistance, 0, kMaxPrefetchDistance)) ||
        failed(checkOptionInRange(op, pass, "prefetch-bytes", prefetchBytes, 1,
                                  std::numeric_limits<int64_t>::max())))
      return signalPassFailure();
    if (prefetchDistance == 0)
      return;
    SmallVector<memref::LoadOp> loads;
    getOperation().walk([&](memref::LoadOp load) { loads.push_back(load); });
    IRRewriter rewriter(&getContext());
    // One prefetch per (row loop, table).
    DenseSet<std::pair<Operation *, Value>> done;
    for (memref::LoadOp load : loads)
      prefetchRows(rewriter, load, done);
  }

  void prefetchRows(IRRewriter &rewriter, memref::LoadOp load,
                    DenseSet<std::pair<Operation *, Value>> &done) const {
    Value table = load.getMemRef();
    auto type = cast<MemRefType>(table.getType());
    int64_t rank = type.getRank();
    Type elementType = type.getElementType();
    if (rank < 2 || !type.getLayout().isIdentity() ||
        !elementType.isIntOrFloat() ||
        elementType.getIntOrFloatBitWidth() % 8 != 0)
      return;
    int64_t elementBytes = *getElementStorageBytes(elementType);
    if (isCacheResident(type, elementBytes))
      return;
    if (!type.isDynamicDim(rank - 1)) {
      std::optional<int64_t> rowBytes =
          llvm::checkedMul(type.getDimSize(rank - 1), elementBytes);
      if (rowBytes && *rowBytes < kCacheLineBytes)
        return;
    }

    // The last index is a position computed inside the loops; the row index
    // is the induction variable of an enclosing loop that is not the
    // innermost one.
    Operation *innermost = load->getParentOp();
    ValueRange indices = load.getIndices();
    Value position = indices[rank - 1];
    if (isa<BlockArgument>(position) ||
        !innermost->isAncestor(position.getDefiningOp()))
      return;
    affine::AffineForOp rowLoop =
        affine::getForInductionVarOwner(indices[rank - 2]);
    if (!rowLoop || rowLoop == innermost || !rowLoop->isProperAncestor(load))
      return;
    // The other indices must be available at the start of the row loop.
    for (Value index : indices.drop_back(2))
      if (!index.getParentRegion()->isAncestor(&rowLoop.getRegion()))
        return;
    if (!table.getParentRegion()->isAncestor(&rowLoop.getRegion()))
      return;
    if (!done.insert({rowLoop, table}).second)
      return;

    Location loc = load.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(rowLoop.getBody());
    Value upperBound = getSimpleUpperBound(rewriter, loc, rowLoop);
    if (!upperBound)
      return;
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    Value last = arith::SubIOp::create(rewriter, loc, upperBound, constant(1));
    Value ahead = arith::MinSIOp::create(
        rewriter, loc,
        arith::AddIOp::create(rewriter, loc, rowLoop.getInductionVar(),
                              constant(prefetchDistance)),
        last);
    Value rowElements = memref::DimOp::create(rewriter, loc, table, rank - 1);
    Value limit = arith::MinUIOp::create(
        rewriter, loc, rowElements,
        constant(std::max<int64_t>(1, prefetchBytes / elementBytes)));
    SmallVector<Value> prefix(indices.drop_back(2));
    Value zero = constant(0);
    Value lineElements =
        constant(std::max<int64_t>(1, kCacheLineBytes / elementBytes));
    scf::ForOp::create(rewriter, loc, zero, limit, lineElements, ValueRange{},
                       [&](OpBuilder &b, Location l, Value column, ValueRange) {
                         SmallVector<Value> at(prefix);
                         at.push_back(ahead);
                         at.push_back(column);
                         memref::PrefetchOp::create(b, l, table, at,
                                                    /*isWrite=*/false,
                                                    /*localityHint=*/3,
                                                    /*isDataCache=*/true);
                         scf::YieldOp::create(b, l);
                       });
  }
};

} // namespace

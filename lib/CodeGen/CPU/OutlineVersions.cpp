//===- OutlineVersions.cpp - loop versions in functions of their own ------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Moves the bodies of the `scf.execute_region`s that the code generator
// marks `gather.outline` into private functions that LLVM keeps apart, so
// that each is register-allocated on its own.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/CodeGen/CPU/Passes.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHEROUTLINEVERSIONS
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {
/// Whether `value` is better cloned into an outlined function than passed
/// to it: the result of an operand-free, region-free pure op (a constant,
/// the address of a global).
bool isClonedIntoCallee(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         def->getNumResults() == 1 && isPure(def);
}

/// Moves the body of `region` into a new function named `name` (after
/// `parent` in `symbols`, renamed if taken) and calls it in its place.
void outline(IRRewriter &rewriter, scf::ExecuteRegionOp region,
             func::FuncOp parent, SymbolTable &symbols, StringRef name) {
  Location loc = region.getLoc();
  Block &body = region.getRegion().front();
  SetVector<Value> used;
  getUsedValuesDefinedAbove(region.getRegion(), used);
  SmallVector<Value> arguments, cloned;
  for (Value value : used)
    (isClonedIntoCallee(value) ? cloned : arguments).push_back(value);

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(parent);
  auto type = rewriter.getFunctionType(ValueRange(arguments).getTypes(), {});
  auto func = func::FuncOp::create(rewriter, loc, name, type);
  func.setPrivate();
  func.setNoInline(true);
  MLIRContext *context = rewriter.getContext();
  // Internal linkage lets LLVM drop unused arguments; `noinline` keeps the
  // body apart.
  func->setAttr("llvm.linkage",
                LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
  func->setAttr("passthrough",
                rewriter.getArrayAttr({rewriter.getStringAttr("noinline")}));
  symbols.insert(func);

  Block *entry = func.addEntryBlock();
  rewriter.setInsertionPointToStart(entry);
  IRMapping mapping;
  mapping.map(arguments, entry->getArguments());
  for (Value value : cloned)
    rewriter.clone(*value.getDefiningOp(), mapping);
  // The body moves (its terminator, an operand-free scf.yield, stays).
  entry->getOperations().splice(entry->end(), body.getOperations(),
                                body.begin(), std::prev(body.end()));
  for (Value value : used)
    rewriter.replaceUsesWithIf(
        value, mapping.lookup(value),
        [&](OpOperand &use) { return func->isProperAncestor(use.getOwner()); });
  rewriter.setInsertionPointToEnd(entry);
  func::ReturnOp::create(rewriter, loc);

  rewriter.setInsertionPoint(region);
  func::CallOp::create(rewriter, loc, func, arguments);
  rewriter.eraseOp(region);
}

struct GatherOutlineVersionsPass
    : public gather::impl::GatherOutlineVersionsBase<
          GatherOutlineVersionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    IRRewriter rewriter(&getContext());
    SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
    for (func::FuncOp parent : functions) {
      SmallVector<scf::ExecuteRegionOp> regions;
      parent.walk([&](scf::ExecuteRegionOp region) {
        if (region->hasAttr(getGatherOutlineAttrName()) &&
            region.getNumResults() == 0 && region.getRegion().hasOneBlock())
          regions.push_back(region);
      });
      // Post-order: inner regions first (an outer one then carries a call).
      for (scf::ExecuteRegionOp region : regions)
        outline(rewriter, region, parent, symbols,
                (parent.getSymName() + "__gather_version").str());
    }
  }
};
} // namespace

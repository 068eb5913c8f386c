//===- FoldDescriptors.cpp - read descriptor fields at their source -------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// After the conversion to LLVM, memref descriptors are structs built field by
// field and read field by field. Reading each field from the value stored in
// it leaves most of the structs without readers; they are erased, which
// shrinks what the translation to LLVM IR and LLVM itself go through.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/CodeGen/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERFOLDDESCRIPTORS
#include "gather-mlir/CodeGen/CPU/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;

namespace {

/// The value that the insertvalue chain read by `extract` stored at the
/// position `extract` reads, if a link of the chain stored exactly there
/// and no link before it wrote an overlapping position.
Value findInsertedValue(LLVM::ExtractValueOp extract) {
  ArrayRef<int64_t> position = extract.getPosition();
  Value container = extract.getContainer();
  while (auto insert = container.getDefiningOp<LLVM::InsertValueOp>()) {
    ArrayRef<int64_t> inserted = insert.getPosition();
    if (inserted == position)
      return insert.getValue();
    // One position a prefix of the other: the field is part of an inserted
    // aggregate, or holds one that later links changed in part.
    size_t common = std::min(inserted.size(), position.size());
    if (inserted.take_front(common) == position.take_front(common))
      return nullptr;
    container = insert.getContainer();
  }
  return nullptr;
}

/// Erases the trivially dead ops of `region`, the last op of each block
/// first and the blocks from last to first, so that a chain whose only
/// reader is erased goes in the same sweep.
void eraseDeadOps(Region &region) {
  for (Block &block : llvm::reverse(region)) {
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
      for (Region &nested : op.getRegions())
        eraseDeadOps(nested);
      if (isOpTriviallyDead(&op))
        op.erase();
    }
  }
}

struct GatherFoldDescriptorsPass
    : public gather::impl::GatherFoldDescriptorsBase<
          GatherFoldDescriptorsPass> {
  void runOnOperation() override {
    getOperation().walk([](LLVM::ExtractValueOp extract) {
      if (Value value = findInsertedValue(extract)) {
        extract.getResult().replaceAllUsesWith(value);
        extract.erase();
      }
    });
    eraseDeadOps(getOperation().getBody());
  }
};

} // namespace

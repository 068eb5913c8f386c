//===- GatherAttrs.h - gather dialect attributes ----------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `#gather.form` and the discardable attributes through which the gather
// lowering tells the memref-level code generator what it built;
// `#gather.sharding`, the record of a sharding that gather-shard-partition
// keeps on the functions it partitions.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHERATTRS_H
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHERATTRS_H

#include "gather-mlir/Dialect/Gather/IR/GatherEnums.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#define GET_ATTRDEF_CLASSES
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h.inc"

namespace mlir::gather {

/// The discardable attribute (a GatherFormAttr) that records the form of the
/// loop nest of one gather.
inline StringRef getGatherFormAttrName() { return "gather.form"; }

/// The discardable unit attribute on the `arith.select` that wraps a
/// negative index value (`k < 0 ? k + s : k`) of a gather's index work, so
/// that the code generator can drop the wrap where it proves the index
/// non-negative.
inline StringRef getGatherWrapAttrName() { return "gather.wrap"; }

/// The discardable integer attribute with which the planner leaves the
/// choice between the inline and the block copy of a slice whose size is
/// not static to the run: on a block-copy loop, slices of at most this many
/// bytes are copied inline.
inline StringRef getGatherInlineMaxBytesAttrName() {
  return "gather.inline_max_bytes";
}

/// The discardable unit attribute on an `scf.execute_region no_inline`
/// whose body the code generator compiles as a function of its own
/// (gather-outline-versions): a version of a loop that would otherwise
/// crowd the registers of the versions beside it.
inline StringRef getGatherOutlineAttrName() { return "gather.outline"; }

/// The discardable attribute (a BoundsCheckAttr) with which
/// gather-shard-partition tells the sharding model the lowering's bounds
/// check (`assert` when absent).
inline StringRef getGatherBoundsCheckAttrName() {
  return "gather.bounds_check";
}

/// The argument and result attribute (a ShardingAttr) with which
/// gather-shard-partition records the sharding of a function argument or
/// result before it partitions the function, for the calls of it.
inline StringRef getGatherShardingAttrName() { return "gather.sharding"; }

/// Records `form` on `op`.
void setGatherForm(Operation *op, GatherForm form);

/// Returns the form recorded on `op`, if any.
std::optional<GatherForm> getGatherForm(Operation *op);

/// Removes every discardable attribute of the gather dialect (a name that
/// begins with `gather.`) from `root` and the operations nested in it: the
/// hints that the lowering leaves for the code generator, which tools that
/// do not load the dialect cannot parse.
void stripGatherHints(Operation *root);

} // namespace mlir::gather

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHERATTRS_H

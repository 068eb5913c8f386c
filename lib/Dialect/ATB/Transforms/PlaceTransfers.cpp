//===- PlaceTransfers.cpp - host/device copies at the device boundary -----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Moves the operands and results of bufferized atb.gather ops to device
// memory and places the copies between host and device at the boundary of
// the device region: before (and after) the outermost op that encloses the
// gather in the block where the host buffer lives, when nothing else in that
// op touches the buffer. One synchronisation precedes the first host use of
// results.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/ATB/IR/ATBOps.h"
#include "gather-mlir/Dialect/ATB/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <deque>

namespace mlir::atb {
#define GEN_PASS_DEF_ATBPLACETRANSFERS
#include "gather-mlir/Dialect/ATB/Transforms/Passes.h.inc"
} // namespace mlir::atb

using namespace mlir;
using namespace mlir::atb;

namespace {

/// Returns the buffer that `value` views (through casts and other views),
/// or `value` itself.
Value getViewedBuffer(Value value) {
  while (true) {
    if (auto cast = value.getDefiningOp<memref::CastOp>()) {
      value = cast.getSource();
      continue;
    }
    if (auto view = value.getDefiningOp<ViewLikeOpInterface>()) {
      value = view.getViewSource();
      continue;
    }
    return value;
  }
}

/// Returns every value that views the memory of `value`: the buffer it views
/// and every cast or view of that buffer, transitively.
llvm::SmallPtrSet<Value, 8> getAliases(Value value) {
  llvm::SmallPtrSet<Value, 8> aliases;
  SmallVector<Value> worklist{getViewedBuffer(value)};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (!aliases.insert(current).second)
      continue;
    for (Operation *user : current.getUsers()) {
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      bool isView = isa<memref::CastOp>(user) ||
                    (view && view.getViewSource() == current);
      if (isView)
        llvm::append_range(worklist, user->getResults());
    }
  }
  return aliases;
}

/// `type` in device memory.
MemRefType toDevice(MemRefType type) {
  return MemRefType::get(
      type.getShape(), type.getElementType(), type.getLayout(),
      IntegerAttr::get(IntegerType::get(type.getContext(), 64),
                       kDeviceMemorySpace));
}

bool isHostIdentity(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && !type.getMemorySpace() && type.getLayout().isIdentity();
}

/// Whether `op` is a gather that uses `value` only as its x or indices.
bool readsOnly(Operation *op, Value value) {
  auto gather = dyn_cast<GatherOp>(op);
  return gather && gather.getInit() != value;
}

/// Whether `op` is a memref.subview of `value` whose every use is the init of
/// an atb.gather.
bool isSubviewIntoGathers(Operation *op, Value value) {
  auto subview = dyn_cast<memref::SubViewOp>(op);
  return subview && subview.getSource() == value &&
         llvm::all_of(subview->getUses(), [](OpOperand &use) {
           auto gather = dyn_cast<GatherOp>(use.getOwner());
           return gather && gather.getInit() == use.get();
         });
}

/// Whether `op` is a memref.subview of `value` whose every use is the x or
/// indices of an atb.gather.
bool isSubviewReadByGathers(Operation *op, Value value) {
  auto subview = dyn_cast<memref::SubViewOp>(op);
  return subview && subview.getSource() == value &&
         llvm::all_of(subview->getUses(), [](OpOperand &use) {
           return readsOnly(use.getOwner(), use.get());
         });
}

/// The host buffer behind a gather operand: the operand itself when it has
/// an identity layout, else the source of the subview it is (which only
/// gathers use), else null.
Value getHostBase(Value value, bool asOutput) {
  if (isHostIdentity(value))
    return value;
  auto subview = value.getDefiningOp<memref::SubViewOp>();
  if (!subview || !isHostIdentity(subview.getSource()))
    return Value();
  Value source = subview.getSource();
  bool onlyGathers = asOutput ? isSubviewIntoGathers(subview, source)
                              : isSubviewReadByGathers(subview, source);
  return onlyGathers ? source : Value();
}

/// A device buffer standing for a host buffer between the points where it
/// is copied in and out.
struct DeviceBuffer {
  Value host;
  Value device;
  /// The op before which the buffer is allocated (and filled) and after
  /// which it is copied back.
  Operation *anchor;
  bool copiedOut = false;
};

struct Placer {
  explicit Placer(func::FuncOp func) : func(func) {}

  /// The op of `value`'s block that contains `user`.
  static Operation *anchorFor(Value value, Operation *user) {
    return value.getParentBlock()->findAncestorOpInBlock(*user);
  }

  /// Whether `anchor` may stand for `user` as the place of the copies of
  /// `value`: within it, only gathers (reading it, or writing subviews of it
  /// when `asOutput`) and memref.dim use `value`.
  static bool canHoist(Value value, Operation *anchor, Operation *user,
                       bool asOutput) {
    if (anchor == user)
      return true;
    for (OpOperand &use : value.getUses()) {
      Operation *owner = use.getOwner();
      if (!anchor->isAncestor(owner) || isa<memref::DimOp>(owner))
        continue;
      if (!asOutput &&
          (readsOnly(owner, value) || isSubviewReadByGathers(owner, value)))
        continue;
      if (asOutput && isSubviewIntoGathers(owner, value))
        continue;
      if (asOutput && isa<GatherOp>(owner) &&
          cast<GatherOp>(owner).getInit() == value)
        continue;
      return false;
    }
    return true;
  }

  /// The device buffer for `host` at `anchor`, created on first use.
  DeviceBuffer &getBuffer(Value host, Operation *anchor, bool copyIn) {
    for (DeviceBuffer &buffer : buffers)
      if (buffer.host == host && buffer.anchor == anchor)
        return buffer;
    // An input copied in earlier in the block serves as long as nothing in
    // between but gathers uses the host buffer.
    if (copyIn) {
      for (DeviceBuffer &buffer : buffers) {
        if (buffer.host != host || buffer.copiedOut ||
            buffer.anchor->getBlock() != anchor->getBlock() ||
            !buffer.anchor->isBeforeInBlock(anchor))
          continue;
        bool untouched = true;
        for (Operation *op = buffer.anchor->getNextNode(); op && op != anchor;
             op = op->getNextNode())
          untouched &= canHoist(host, op, nullptr, /*asOutput=*/false);
        if (untouched)
          return buffer;
      }
    }
    OpBuilder builder(anchor);
    Location loc = anchor->getLoc();
    auto type = cast<MemRefType>(host.getType());
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        sizes.push_back(memref::DimOp::create(builder, loc, host, dim));
    Value device =
        AllocDeviceOp::create(builder, loc, toDevice(type), sizes).getResult();
    if (copyIn)
      CopyOp::create(builder, loc, host, device);
    buffers.push_back({host, device, anchor});
    return buffers.back();
  }

  /// Whether `host` is a fresh memref.alloc that nothing uses before
  /// `anchor`: its contents are undefined, no need to copy them in.
  static bool isFresh(Value host, Operation *anchor) {
    auto alloc = host.getDefiningOp<memref::AllocOp>();
    if (!alloc || alloc->getBlock() != anchor->getBlock())
      return false;
    for (Operation *op = alloc->getNextNode(); op && op != anchor;
         op = op->getNextNode()) {
      bool usesIt = false;
      op->walk([&](Operation *nested) {
        usesIt |= llvm::is_contained(nested->getOperands(), host);
      });
      if (usesIt)
        return false;
    }
    return true;
  }

  /// Moves `gather` to device buffers; leaves it alone (on host memrefs,
  /// copied by the runtime) when its operands are not of a supported form.
  void place(GatherOp gather) {
    Value x = gather.getX(), indices = gather.getIndices();
    Value init = gather.getInit();
    Value xBase = getHostBase(x, /*asOutput=*/false);
    Value indicesBase = getHostBase(indices, /*asOutput=*/false);
    Value base = getHostBase(init, /*asOutput=*/true);
    if (!xBase || !indicesBase || !base)
      return;
    Operation *baseAnchor = anchorFor(base, gather);
    if (!canHoist(base, baseAnchor, gather, /*asOutput=*/true)) {
      // A subview's base cannot be copied around the gather alone.
      if (base != init)
        return;
      baseAnchor = gather;
    }

    // The device form of `value` (a buffer or a subview of one) given the
    // device buffer of its base.
    auto onDevice = [&](Value value, Value deviceBase) -> Value {
      auto subview = value.getDefiningOp<memref::SubViewOp>();
      if (!subview)
        return deviceBase;
      OpBuilder builder(gather);
      return memref::SubViewOp::create(
          builder, subview.getLoc(), toDevice(subview.getType()), deviceBase,
          subview.getMixedOffsets(), subview.getMixedSizes(),
          subview.getMixedStrides());
    };
    auto inputFor = [&](Value value, Value hostBase) {
      Operation *anchor = anchorFor(hostBase, gather);
      if (!canHoist(hostBase, anchor, gather, /*asOutput=*/false)) {
        if (hostBase != value)
          anchor = nullptr;
        else
          anchor = gather;
      }
      return anchor;
    };
    Operation *xAnchor = inputFor(x, xBase);
    Operation *indicesAnchor = inputFor(indices, indicesBase);
    if (!xAnchor || !indicesAnchor)
      return;

    Value deviceX =
        onDevice(x, getBuffer(xBase, xAnchor, /*copyIn=*/true).device);
    Value deviceIndices = onDevice(
        indices, getBuffer(indicesBase, indicesAnchor, /*copyIn=*/true).device);
    DeviceBuffer &out =
        getBuffer(base, baseAnchor, /*copyIn=*/!isFresh(base, baseAnchor));
    if (!out.copiedOut) {
      OpBuilder builder(baseAnchor->getContext());
      builder.setInsertionPointAfter(baseAnchor);
      CopyOp::create(builder, baseAnchor->getLoc(), out.device, base);
      out.copiedOut = true;
    }
    Value deviceInit = onDevice(init, out.device);
    SmallVector<Operation *> hostViews;
    for (Value value : {x, indices, init})
      if (Operation *def = value.getDefiningOp<memref::SubViewOp>())
        hostViews.push_back(def);
    gather.getXMutable().assign(deviceX);
    gather.getIndicesMutable().assign(deviceIndices);
    gather.getInitMutable().assign(deviceInit);
    for (Operation *view : hostViews)
      if (view->use_empty())
        view->erase();
  }

  /// Adds the synchronisations and the frees, then drops synchronisations
  /// that have no device work to wait for.
  void finish() {
    for (DeviceBuffer &buffer : buffers) {
      if (!buffer.copiedOut)
        continue;
      // The copy back follows the anchor; the first later op of the block
      // that uses the host buffer (or the terminator) waits for it.
      // A use through a cast or another view of the host buffer reads it
      // too.
      llvm::SmallPtrSet<Value, 8> aliases = getAliases(buffer.host);
      Operation *copy = buffer.anchor->getNextNode();
      Operation *reader = copy->getNextNode();
      for (; reader && !reader->hasTrait<OpTrait::IsTerminator>();
           reader = reader->getNextNode()) {
        bool usesIt = false;
        reader->walk([&](Operation *nested) {
          for (Value operand : nested->getOperands())
            usesIt |= aliases.contains(operand);
        });
        // Another copy back into the buffer is queued behind this one; a
        // copy from it to the device reads it.
        auto copyBack = dyn_cast<CopyOp>(reader);
        if (usesIt && !(copyBack && !aliases.contains(copyBack.getSource())))
          break;
      }
      OpBuilder builder(reader);
      SynchronizeOp::create(builder, reader->getLoc());
    }
    for (DeviceBuffer &buffer : buffers) {
      Operation *terminator = buffer.anchor->getBlock()->getTerminator();
      OpBuilder builder(terminator);
      SynchronizeOp::create(builder, terminator->getLoc());
      DeallocDeviceOp::create(builder, terminator->getLoc(), buffer.device);
    }
    dropIdleSynchronizations();
  }

  /// Erases each atb.synchronize with no device work (a gather or copy)
  /// queued since the previous one in its block.
  void dropIdleSynchronizations() {
    SmallVector<Operation *> idle;
    func.walk([&](Block *block) {
      bool pending = false;
      for (Operation &op : *block) {
        if (isa<SynchronizeOp>(op)) {
          if (!pending)
            idle.push_back(&op);
          pending = false;
          continue;
        }
        op.walk([&](Operation *nested) {
          pending |= isa<GatherOp, CopyOp>(nested);
        });
      }
    });
    for (Operation *op : idle)
      op->erase();
  }

  func::FuncOp func;
  std::deque<DeviceBuffer> buffers;
};

struct ATBPlaceTransfersPass
    : public atb::impl::ATBPlaceTransfersBase<ATBPlaceTransfersPass> {
  void runOnOperation() override {
    SmallVector<GatherOp> gathers;
    getOperation().walk([&](GatherOp op) {
      if (op.hasPureBufferSemantics() && !isDeviceMemRef(op.getX().getType()))
        gathers.push_back(op);
    });
    if (gathers.empty())
      return;
    Placer placer(getOperation());
    for (GatherOp gather : gathers)
      placer.place(gather);
    placer.finish();
  }
};

} // namespace

//===- ExchangeOps.cpp - exchange dialect operations ----------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Exchange/IR/ExchangeOps.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::exchange;

int64_t mlir::exchange::getElementByteSize(Type type) {
  if (type.isIndex())
    return 8;
  if (!type.isIntOrFloat())
    return 0;
  unsigned width = type.getIntOrFloatBitWidth();
  return llvm::is_contained({8u, 16u, 32u, 64u}, width) ? width / 8 : 0;
}

FailureOr<int64_t> mlir::exchange::verifyGroup(Operation *op,
                                               ArrayRef<int64_t> shape,
                                               ArrayRef<int16_t> axes) {
  int64_t members = 1;
  for (auto [pos, axis] : llvm::enumerate(axes)) {
    if (axis < 0 || axis >= static_cast<int64_t>(shape.size()))
      return op->emitOpError("grid axis ")
             << axis << " is out of range for a grid of rank " << shape.size();
    if (llvm::is_contained(axes.take_front(pos), axis))
      return op->emitOpError("grid axis ") << axis << " is named twice";
    if (ShapedType::isDynamic(shape[axis]) || shape[axis] < 1)
      return op->emitOpError("grid axis ")
             << axis << " needs a static size of at least 1";
    members *= shape[axis];
  }
  return members;
}

/// Fails with an error on `op` unless `type` is an exchanged element type.
static LogicalResult verifyElementType(Operation *op, Type type) {
  if (getElementByteSize(type) != 0)
    return success();
  return op->emitOpError("cannot exchange elements of type ")
         << type
         << ": an integer or float of 8, 16, 32 or 64 bits or index is needed";
}

/// Fails unless every buffer of `op` has the identity layout (contiguous
/// rows in row-major order) and `send` and `recv` share their element type.
static LogicalResult verifyBuffers(Operation *op, Value send, Value recv) {
  for (Value value : op->getOperands()) {
    auto type = dyn_cast<MemRefType>(value.getType());
    if (type && !type.getLayout().isIdentity())
      return op->emitOpError("needs buffers with the identity layout, not ")
             << type;
  }
  Type elem = cast<MemRefType>(send.getType()).getElementType();
  if (elem != cast<MemRefType>(recv.getType()).getElementType())
    return op->emitOpError("sends ")
           << elem << " but receives "
           << cast<MemRefType>(recv.getType()).getElementType();
  return verifyElementType(op, elem);
}

/// Verifies the group and the buffers of the buffer op `op` (verifyGroup,
/// verifyBuffers) and returns the number of members of its group.
template <typename BufferOp>
static FailureOr<int64_t> verifyBufferOp(BufferOp op) {
  FailureOr<int64_t> members =
      verifyGroup(op, op.getGridShape(), op.getGridAxes());
  if (failed(members) || failed(verifyBuffers(op, op.getSend(), op.getRecv())))
    return failure();
  return members;
}

//===----------------------------------------------------------------------===//
// AllToAllVOp (tensors)
//===----------------------------------------------------------------------===//

LogicalResult AllToAllVOp::verify() {
  RankedTensorType input = getInput().getType(), result = getResult().getType();
  if (input.getRank() == 0)
    return emitOpError("needs an input of rank at least 1");
  if (result.getRank() != input.getRank())
    return emitOpError("result rank ")
           << result.getRank() << " differs from input rank "
           << input.getRank();
  if (input.getElementType() != result.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from input element type "
           << input.getElementType();
  for (int64_t dim = 1; dim < input.getRank(); ++dim)
    if (!input.isDynamicDim(dim) && !result.isDynamicDim(dim) &&
        input.getDimSize(dim) != result.getDimSize(dim))
      return emitOpError("dimension ")
             << dim << " of the result (" << result.getDimSize(dim)
             << ") differs from that of the input (" << input.getDimSize(dim)
             << ")";
  if (getSendCounts().getType() != getRecvCounts().getType() ||
      getSendCounts().getType().isDynamicDim(0))
    return emitOpError("needs send and receive counts of one static size");
  return verifyElementType(*this, input.getElementType());
}

LogicalResult
AllToAllVOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  shard::GridOp grid = shard::getGridOrNull(*this, getGridAttr(), symbolTable);
  if (!grid)
    return emitOpError("refers to @")
           << getGrid() << ", which is not a shard.grid";
  FailureOr<int64_t> members =
      verifyGroup(*this, grid.getShape(), getGridAxes());
  if (failed(members))
    return failure();
  if (getSendCounts().getType().getDimSize(0) != *members)
    return emitOpError("has ")
           << getSendCounts().getType().getDimSize(0)
           << " counts for a group of " << *members << " processes";
  return success();
}

//===----------------------------------------------------------------------===//
// Buffer ops
//===----------------------------------------------------------------------===//

LogicalResult AllToAllOp::verify() {
  FailureOr<int64_t> members = verifyBufferOp(*this);
  if (failed(members))
    return failure();
  auto send = cast<MemRefType>(getSend().getType());
  auto recv = cast<MemRefType>(getRecv().getType());
  if (!send.hasStaticShape() || !recv.hasStaticShape())
    return success();
  if (send.getNumElements() != recv.getNumElements())
    return emitOpError("sends ")
           << send.getNumElements() << " elements but receives "
           << recv.getNumElements();
  if (send.getNumElements() % *members != 0)
    return emitOpError("cannot split ")
           << send.getNumElements() << " elements into " << *members
           << " equal parts";
  return success();
}

LogicalResult AllToAllVOnBuffersOp::verify() {
  FailureOr<int64_t> members = verifyBufferOp(*this);
  if (failed(members))
    return failure();
  for (Value list :
       {getSendCounts(), getSendDispls(), getRecvCounts(), getRecvDispls()}) {
    auto type = cast<MemRefType>(list.getType());
    if (!type.isDynamicDim(0) && type.getDimSize(0) != *members)
      return emitOpError("needs ")
             << *members << " counts and displacements, not "
             << type.getDimSize(0);
  }
  return success();
}

LogicalResult AllGatherOp::verify() {
  FailureOr<int64_t> members = verifyBufferOp(*this);
  if (failed(members))
    return failure();
  auto send = cast<MemRefType>(getSend().getType());
  auto recv = cast<MemRefType>(getRecv().getType());
  if (send.hasStaticShape() && recv.hasStaticShape() &&
      recv.getNumElements() != *members * send.getNumElements())
    return emitOpError("receives ")
           << recv.getNumElements() << " elements instead of " << *members
           << " x " << send.getNumElements();
  return success();
}

LogicalResult AllReduceOp::verify() {
  if (failed(verifyBufferOp(*this)))
    return failure();
  auto send = cast<MemRefType>(getSend().getType());
  auto recv = cast<MemRefType>(getRecv().getType());
  Type elem = send.getElementType();
  if (!elem.isSignlessInteger() && !elem.isF32() && !elem.isF64())
    return emitOpError("sums signless integers, f32 and f64, not ") << elem;
  if (send.hasStaticShape() && recv.hasStaticShape() &&
      send.getNumElements() != recv.getNumElements())
    return emitOpError("sends ")
           << send.getNumElements() << " elements but receives "
           << recv.getNumElements();
  return success();
}

LogicalResult AbortOp::verify() {
  if (failed(verifyGroup(*this, getGridShape(), getGridAxes())))
    return failure();
  StringRef text = getMessage();
  size_t conversions = 0;
  for (size_t pos = text.find('%'); pos != StringRef::npos;
       pos = text.find('%', pos)) {
    StringRef rest = text.drop_front(pos);
    if (rest.starts_with("%%")) {
      pos += 2;
      continue;
    }
    if (!rest.starts_with("%lld") && !rest.starts_with("%llu"))
      return emitOpError("message may hold only %lld, %llu and %%, not '")
             << rest.take_front(4) << "'";
    ++conversions;
    pos += 4;
  }
  if (conversions != getArgs().size())
    return emitOpError("message takes ") << conversions << " arguments but "
                                         << getArgs().size() << " are given";
  return success();
}

#define GET_OP_CLASSES
#include "gather-mlir/Dialect/Exchange/IR/ExchangeOps.cpp.inc"

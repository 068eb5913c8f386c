//===- ATBToRuntime.cpp - atb.gather to Ascend runtime calls --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Replaces each bufferized `atb.gather` by a call of the runtime entry point
// `gatherAtbGather_<x>_<i>` (emitted with the C interface, so the program
// calls `_mlir_ciface_gatherAtbGather_<x>_<i>` of libgather_ascend_runtime.so)
// and a check of the returned status that stops the program on failure.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/ATBToRuntime/ATBToRuntime.h"
#include "gather-mlir/Conversion/Utils/ATBElementTypes.h"
#include "gather-mlir/Conversion/Utils/ExitingReport.h"
#include "gather-mlir/Dialect/ATB/IR/ATBOps.h"
#include "gather-mlir/Support/TypeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::gather {
#define GEN_PASS_DEF_CONVERTATBTORUNTIME
#include "gather-mlir/Conversion/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Directions of gatherAtbCopyAddress (GATHER_ATB_HOST_TO_DEVICE, ...).
constexpr int64_t kHostToDevice = 1, kDeviceToHost = 2;
/// atb::ERROR_OUT_OF_DEVICE_MEMORY, reported when a device allocation fails.
constexpr int64_t kOutOfDeviceMemory = 26;

/// The function that reports a failed runtime call and exits.
constexpr ExitingReport kATBFailedReport = {
    "__gather_mlir_atb_gather_failed",
    "gather: the Ascend ATB gather failed with status %lld", 1};

/// The runtime's view of a data (x and output) element type: its row of
/// ATBElementTypes.def.
std::optional<ATBElementType> getRuntimeDataType(Type type) {
  return getATBElementType(type);
}

/// The runtime's view of an index element type: the integer types among the
/// data types (i32, si32, ui32, i64, si64).
std::optional<ATBElementType> getRuntimeIndexType(Type type) {
  if (!isa<IntegerType>(type))
    return std::nullopt;
  return getRuntimeDataType(type);
}

/// Returns `value` itself when it has an identity layout in the default
/// memory space, else a new such buffer (a copy of `value` when `copy` is
/// set). New buffers are appended to `temporaries`.
Value getIdentityBuffer(OpBuilder &builder, Location loc, Value value,
                        bool copy, SmallVectorImpl<Value> &temporaries) {
  auto type = cast<MemRefType>(value.getType());
  if (type.getLayout().isIdentity() && !type.getMemorySpace())
    return value;
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(memref::DimOp::create(builder, loc, value, dim));
  auto identityType = MemRefType::get(type.getShape(), type.getElementType());
  Value buffer =
      memref::AllocOp::create(builder, loc, identityType, dynamicSizes);
  if (copy)
    memref::CopyOp::create(builder, loc, value, buffer);
  temporaries.push_back(buffer);
  return buffer;
}

/// Casts `buffer` to the unranked memref of `elementType` the runtime entry
/// points take.
Value castForRuntime(OpBuilder &builder, Location loc, Value buffer,
                     Type elementType) {
  auto type = cast<MemRefType>(buffer.getType());
  Value unranked = memref::CastOp::create(
      builder, loc,
      UnrankedMemRefType::get(type.getElementType(), type.getMemorySpace()),
      buffer);
  if (type.getElementType() == elementType)
    return unranked;
  // si32/si64 to i32/i64: the same bits and the same descriptor, so the cast
  // disappears when both sides become LLVM structs.
  return UnrealizedConversionCastOp::create(
             builder, loc,
             UnrankedMemRefType::get(elementType, type.getMemorySpace()),
             unranked)
      .getResult(0);
}

struct ConvertATBToRuntimePass
    : public gather::impl::ConvertATBToRuntimeBase<ConvertATBToRuntimePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<atb::GatherOp> gathers;
    SmallVector<Operation *> deviceOps;
    bool ok = true;
    module.walk([&](Operation *op) {
      if (isa<atb::AllocDeviceOp, atb::DeallocDeviceOp, atb::CopyOp,
              atb::SynchronizeOp>(op))
        deviceOps.push_back(op);
      auto gather = dyn_cast<atb::GatherOp>(op);
      if (!gather)
        return;
      if (gather.hasPureBufferSemantics()) {
        gathers.push_back(gather);
        return;
      }
      gather.emitOpError("must be bufferized before convert-atb-to-runtime "
                         "(its operands are tensors)");
      ok = false;
    });
    if (!ok)
      return signalPassFailure();
    if (gathers.empty() && deviceOps.empty())
      return;
    if (failed(checkExitingReportSymbols(module, {kATBFailedReport})))
      return signalPassFailure();

    OpBuilder builder(&getContext());
    for (atb::GatherOp op : gathers)
      if (failed(lowerGather(builder, module, op)))
        return signalPassFailure();
    for (Operation *op : deviceOps)
      if (failed(lowerDeviceOp(builder, module, op)))
        return signalPassFailure();
    if (failed(getOrCreateExitingReport(builder, module, kATBFailedReport)))
      return signalPassFailure();
  }

  /// Returns the declaration of the runtime entry point `name` of type
  /// `type`, adding it to `module` on first use.
  static FailureOr<func::FuncOp> getOrDeclare(OpBuilder &builder,
                                              ModuleOp module, StringRef name,
                                              FunctionType type) {
    Operation *existing = SymbolTable::lookupSymbolIn(module, name);
    auto fn = dyn_cast_or_null<func::FuncOp>(existing);
    if (fn && fn.getFunctionType() == type && fn.isDeclaration() &&
        fn->hasAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName()))
      return fn;
    if (existing) {
      existing->emitOpError("conflicts with @")
          << name << ", which the Ascend runtime call needs as a func.func "
          << "declaration of type " << type << " with llvm.emit_c_interface";
      return failure();
    }
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    fn = func::FuncOp::create(builder, module.getLoc(), name, type);
    fn.setPrivate();
    fn->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                builder.getUnitAttr());
    return fn;
  }

  /// Stops the program when `status` (an i32) is not 0: the runtime printed
  /// the failing call and status name already.
  static void checkStatus(OpBuilder &builder, Location loc, Value status) {
    Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
    Value failedCall = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ne, status, zero);
    auto ifOp = scf::IfOp::create(builder, loc, failedCall,
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    Value code =
        arith::ExtSIOp::create(builder, loc, builder.getI64Type(), status);
    LLVM::CallOp::create(builder, loc, TypeRange{}, kATBFailedReport.name,
                         ValueRange{code});
  }

  static UnrankedMemRefType unrankedType(Type elementType, unsigned space) {
    MLIRContext *ctx = elementType.getContext();
    Attribute memorySpace =
        space ? IntegerAttr::get(IntegerType::get(ctx, 64), space)
              : Attribute();
    return UnrankedMemRefType::get(elementType, memorySpace);
  }

  /// Calls the runtime function `name` of type `type` (declared on first
  /// use, with the C interface when `cInterface`) and returns its results.
  static FailureOr<ValueRange>
  callRuntime(OpBuilder &builder, ModuleOp module, Location loc, StringRef name,
              FunctionType type, ValueRange operands, bool cInterface) {
    FailureOr<func::FuncOp> fn =
        cInterface ? getOrDeclare(builder, module, name, type)
                   : getOrDeclarePlain(builder, module, name, type);
    if (failed(fn))
      return failure();
    return func::CallOp::create(builder, loc, *fn, operands).getResults();
  }

  /// Number of bytes of `buffer` (identity layout).
  static Value getByteSize(OpBuilder &builder, Location loc, Value buffer) {
    auto type = cast<MemRefType>(buffer.getType());
    Value bytes = arith::ConstantIndexOp::create(
        builder, loc, *getElementStorageBytes(type.getElementType()));
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      bytes = arith::MulIOp::create(
          builder, loc, bytes,
          memref::DimOp::create(builder, loc, buffer, dim).getResult());
    return arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                      bytes);
  }

  /// The address of the first element of `buffer` (identity layout) as i64.
  static Value getAddress(OpBuilder &builder, Location loc, Value buffer) {
    Value address =
        memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, buffer);
    return arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                      address);
  }

  /// Lowers atb.alloc_device, atb.dealloc_device, atb.copy and
  /// atb.synchronize to runtime calls with status checks.
  static LogicalResult lowerDeviceOp(OpBuilder &builder, ModuleOp module,
                                     Operation *op) {
    Location loc = op->getLoc();
    builder.setInsertionPoint(op);
    Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
    MLIRContext *ctx = op->getContext();
    if (auto alloc = dyn_cast<atb::AllocDeviceOp>(op)) {
      auto type = cast<MemRefType>(alloc.getType());
      // Bytes: the element size times the sizes (static or operands).
      Value bytes = arith::ConstantIndexOp::create(
          builder, loc, *getElementStorageBytes(type.getElementType()));
      auto dynamic = alloc.getDynamicSizes().begin();
      for (int64_t size : type.getShape()) {
        Value dimSize = ShapedType::isDynamic(size)
                            ? *dynamic++
                            : arith::ConstantIndexOp::create(builder, loc, size)
                                  .getResult();
        bytes = arith::MulIOp::create(builder, loc, bytes, dimSize);
      }
      bytes = arith::IndexCastOp::create(builder, loc, i64, bytes);
      auto rawType =
          MemRefType::get({ShapedType::kDynamic}, builder.getI8Type(),
                          MemRefLayoutAttrInterface(),
                          IntegerAttr::get(i64, atb::kDeviceMemorySpace));
      FailureOr<ValueRange> raw =
          callRuntime(builder, module, loc, "gatherAtbAllocDevice",
                      FunctionType::get(ctx, {i64}, {rawType}),
                      ValueRange{bytes}, /*cInterface=*/true);
      if (failed(raw))
        return failure();
      // A null pointer for a non-empty buffer: the runtime printed why; stop
      // like a failed call. An empty buffer (a size 0 known only at run time)
      // gets no memory and needs none.
      Value address = getAddress(builder, loc, raw->front());
      Value zero = arith::ConstantIntOp::create(builder, loc, 0, 64);
      Value isNull = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::eq, address, zero);
      Value notEmpty = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ne, bytes, zero);
      isNull = arith::AndIOp::create(builder, loc, isNull, notEmpty);
      Value outOfMemory =
          arith::ConstantIntOp::create(builder, loc, kOutOfDeviceMemory, 32);
      Value ok = arith::ConstantIntOp::create(builder, loc, 0, 32);
      Value status =
          arith::SelectOp::create(builder, loc, isNull, outOfMemory, ok);
      checkStatus(builder, loc, status);
      Value offset = arith::ConstantIndexOp::create(builder, loc, 0);
      Value view = memref::ViewOp::create(builder, loc, type, raw->front(),
                                          offset, alloc.getDynamicSizes());
      alloc.getResult().replaceAllUsesWith(view);
      op->erase();
      return success();
    }
    FailureOr<ValueRange> status;
    if (auto dealloc = dyn_cast<atb::DeallocDeviceOp>(op)) {
      status =
          callRuntime(builder, module, loc, "gatherAtbFreeDevice",
                      FunctionType::get(ctx, {i64}, {i32}),
                      ValueRange{getAddress(builder, loc, dealloc.getMemref())},
                      /*cInterface=*/false);
    } else if (auto copy = dyn_cast<atb::CopyOp>(op)) {
      bool toDevice = atb::isDeviceMemRef(copy.getTarget().getType());
      Value kind = arith::ConstantIntOp::create(
          builder, loc, toDevice ? kHostToDevice : kDeviceToHost, 32);
      status = callRuntime(
          builder, module, loc, "gatherAtbCopyAddress",
          FunctionType::get(ctx, {i64, i64, i64, i32}, {i32}),
          ValueRange{getAddress(builder, loc, copy.getTarget()),
                     getAddress(builder, loc, copy.getSource()),
                     getByteSize(builder, loc, copy.getSource()), kind},
          /*cInterface=*/false);
    } else {
      status = callRuntime(builder, module, loc, "gatherAtbSynchronizeDefault",
                           FunctionType::get(ctx, {}, {i32}), ValueRange{},
                           /*cInterface=*/false);
    }
    if (failed(status))
      return failure();
    checkStatus(builder, loc, status->front());
    op->erase();
    return success();
  }

  /// Like getOrDeclare, for a function called with the plain C ABI.
  static FailureOr<func::FuncOp> getOrDeclarePlain(OpBuilder &builder,
                                                   ModuleOp module,
                                                   StringRef name,
                                                   FunctionType type) {
    Operation *existing = SymbolTable::lookupSymbolIn(module, name);
    auto fn = dyn_cast_or_null<func::FuncOp>(existing);
    if (fn && fn.getFunctionType() == type && fn.isDeclaration())
      return fn;
    if (existing) {
      existing->emitOpError("conflicts with @")
          << name << ", which the Ascend runtime call needs as a func.func "
          << "declaration of type " << type;
      return failure();
    }
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    fn = func::FuncOp::create(builder, module.getLoc(), name, type);
    fn.setPrivate();
    return fn;
  }

  /// Replaces `op` by the runtime call and the status check.
  static LogicalResult lowerGather(OpBuilder &builder, ModuleOp module,
                                   atb::GatherOp op) {
    MLIRContext *ctx = op.getContext();
    Location loc = op.getLoc();
    Type dataElementType = op.getXType().getElementType();
    Type indexElementType = op.getIndicesType().getElementType();
    // The verifier admits only element types the runtime has entry points
    // for.
    std::optional<ATBElementType> data = getRuntimeDataType(dataElementType);
    std::optional<ATBElementType> index = getRuntimeIndexType(indexElementType);
    assert(data && index && "verified atb.gather has runtime element types");

    bool onDevice = atb::isDeviceMemRef(op.getX().getType());
    std::string name =
        getATBGatherFunctionName(dataElementType, indexElementType);
    if (onDevice)
      name = "gatherAtbGatherDevice" +
             name.substr(std::string("gatherAtbGather").size());
    unsigned space = onDevice ? atb::kDeviceMemorySpace : 0;
    auto dataType = unrankedType(data->declaredType, space);
    auto fnType = FunctionType::get(
        ctx,
        {dataType, unrankedType(index->declaredType, space), dataType,
         builder.getI64Type(), builder.getI64Type()},
        {builder.getI32Type()});
    FailureOr<func::FuncOp> fn = getOrDeclare(builder, module, name, fnType);
    if (failed(fn))
      return failure();

    builder.setInsertionPoint(op);
    SmallVector<Value> temporaries;
    // Device buffers go as they are (the runtime checks that they are
    // contiguous); host buffers with other layouts are copied first.
    Value x = op.getX(), indices = op.getIndices(), out = op.getInit();
    if (!onDevice) {
      x = getIdentityBuffer(builder, loc, x, /*copy=*/true, temporaries);
      indices =
          getIdentityBuffer(builder, loc, indices, /*copy=*/true, temporaries);
      // init is only written: a temporary for it starts uninitialised and
      // is copied back after the call.
      out = getIdentityBuffer(builder, loc, out, /*copy=*/false, temporaries);
    }
    Value axis = arith::ConstantIntOp::create(builder, loc, op.getAxis(), 64);
    Value batchDims =
        arith::ConstantIntOp::create(builder, loc, op.getBatchDims(), 64);
    Value status =
        func::CallOp::create(
            builder, loc, *fn,
            ValueRange{
                castForRuntime(builder, loc, x, data->declaredType),
                castForRuntime(builder, loc, indices, index->declaredType),
                castForRuntime(builder, loc, out, data->declaredType), axis,
                batchDims})
            .getResult(0);

    checkStatus(builder, loc, status);
    if (out != op.getInit())
      memref::CopyOp::create(builder, loc, out, op.getInit());
    for (Value temporary : temporaries)
      memref::DeallocOp::create(builder, loc, temporary);
    op.erase();
    return success();
  }
};

} // namespace

std::string mlir::gather::getATBGatherFunctionName(Type dataType,
                                                   Type indicesType) {
  std::optional<ATBElementType> data = getRuntimeDataType(dataType);
  std::optional<ATBElementType> index = getRuntimeIndexType(indicesType);
  if (!data || !index)
    return "";
  return ("gatherAtbGather_" + data->suffix + "_" + index->suffix).str();
}

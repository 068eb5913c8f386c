//===- ExchangeToLLVM.cpp - exchange buffer ops to MPI calls --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Each buffer op of the exchange dialect becomes one MPI call on the
// communicator of its process group. The communicator comes from a helper
// function per group that the lowering adds to the module: on its first call
// it checks that MPI_COMM_WORLD has as many processes as the grid, makes the
// group's communicator (MPI_COMM_WORLD itself when the group is the whole
// grid in row-major order, otherwise one MPI_Comm_split) and keeps it in a
// global; later calls return the kept one.
//
// The MPI ABI (handle types, the world communicator, the datatypes) follows
// the module's `dlti.map` entry "MPI:Implementation": "MPICH" (the default)
// or "OpenMPI". The exchanges only move bytes, so the datatype is the signed
// integer type of the element's size.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/ExchangeToLLVM/ExchangeToLLVM.h"
#include "gather-mlir/Conversion/Utils/CFunctions.h"
#include "gather-mlir/Dialect/Exchange/IR/ExchangeDialect.h"
#include "gather-mlir/Dialect/Exchange/IR/ExchangeOps.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::gather {
#define GEN_PASS_DEF_CONVERTEXCHANGETOLLVM
#include "gather-mlir/Conversion/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

namespace {

//===----------------------------------------------------------------------===//
// Declarations in the module
//===----------------------------------------------------------------------===//

/// Returns the function `name` of `module`, declaring it with `type` at the
/// start of the module when missing; fails with an error on a symbol `name`
/// of another kind or type.
FailureOr<LLVM::LLVMFuncOp> getOrDeclare(OpBuilder &b, ModuleOp module,
                                         StringRef name,
                                         LLVM::LLVMFunctionType type) {
  return lookupOrDeclareFunction(b, module, name, type,
                                 DeclarationPlace::Start);
}

/// getOrDeclare for the C library function `function`.
FailureOr<LLVM::LLVMFuncOp> getOrDeclare(OpBuilder &b, ModuleOp module,
                                         LibcFunction function) {
  return lookupOrDeclareFunction(b, module, function, DeclarationPlace::Start);
}

/// Returns `prefix`, or `prefix` with the first number appended that makes
/// it a name no symbol of `module` has.
std::string getUniqueName(ModuleOp module, StringRef prefix) {
  std::string name = prefix.str();
  for (unsigned n = 0; module.lookupSymbol(name); ++n)
    name = (prefix + "_" + Twine(n)).str();
  return name;
}

/// Returns the address of a fresh internal constant string `text` (NUL
/// added) named after `prefix`.
Value createString(OpBuilder &b, Location loc, ModuleOp module,
                   StringRef prefix, StringRef text) {
  std::string bytes = text.str();
  bytes.push_back('\0');
  LLVM::GlobalOp global;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes.size());
    global = LLVM::GlobalOp::create(
        b, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
        getUniqueName(module, prefix), b.getStringAttr(bytes));
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

//===----------------------------------------------------------------------===//
// MPI ABIs
//===----------------------------------------------------------------------===//

/// The handles of one MPI implementation's C ABI.
class MPIABI {
public:
  virtual ~MPIABI() = default;
  /// Returns the ABI the module names (MPICH when it names none).
  static std::unique_ptr<MPIABI> get(ModuleOp module);
  /// The C type of `MPI_Comm` and of `MPI_Datatype`.
  virtual Type getHandleType(MLIRContext *ctx) const = 0;
  virtual Value getCommWorld(OpBuilder &b, Location loc,
                             ModuleOp module) const = 0;
  /// The signed integer datatype of `bytes` bytes (1, 2, 4 or 8).
  virtual Value getIntegerDatatype(OpBuilder &b, Location loc, ModuleOp module,
                                   int64_t bytes) const = 0;
  /// MPI_FLOAT (`bytes` = 4) or MPI_DOUBLE (8).
  virtual Value getFloatDatatype(OpBuilder &b, Location loc, ModuleOp module,
                                 int64_t bytes) const = 0;
  /// MPI_SUM.
  virtual Value getSumOp(OpBuilder &b, Location loc, ModuleOp module) const = 0;
  /// A communicator handle to and from the i64 in which the helpers keep it.
  virtual Value commToI64(OpBuilder &b, Location loc, Value comm) const = 0;
  virtual Value commFromI64(OpBuilder &b, Location loc, Value bits) const = 0;
};

/// MPICH and the ABI-compatible implementations: handles are `int`.
class MPICHABI : public MPIABI {
public:
  Type getHandleType(MLIRContext *ctx) const override {
    return IntegerType::get(ctx, 32);
  }
  Value getCommWorld(OpBuilder &b, Location loc, ModuleOp) const override {
    return i32Constant(b, loc, 0x44000000);
  }
  Value getIntegerDatatype(OpBuilder &b, Location loc, ModuleOp,
                           int64_t bytes) const override {
    // MPI_INT8_T, MPI_INT16_T, MPI_INT32_T, MPI_INT64_T of mpi.h: kind
    // 0x4c, the size in bytes at bit 8, the type number.
    int64_t number = bytes == 1   ? 0x37
                     : bytes == 2 ? 0x38
                     : bytes == 4 ? 0x39
                                  : 0x3a;
    return i32Constant(b, loc, 0x4c000000 | (bytes << 8) | number);
  }
  Value getFloatDatatype(OpBuilder &b, Location loc, ModuleOp,
                         int64_t bytes) const override {
    // MPI_FLOAT and MPI_DOUBLE of mpi.h.
    return i32Constant(b, loc, bytes == 4 ? 0x4c00040a : 0x4c00080b);
  }
  Value getSumOp(OpBuilder &b, Location loc, ModuleOp) const override {
    return i32Constant(b, loc, 0x58000003);
  }
  Value commToI64(OpBuilder &b, Location loc, Value comm) const override {
    return LLVM::SExtOp::create(b, loc, b.getI64Type(), comm);
  }
  Value commFromI64(OpBuilder &b, Location loc, Value bits) const override {
    return LLVM::TruncOp::create(b, loc, b.getI32Type(), bits);
  }
};

/// Open MPI: handles are pointers to its predefined objects.
class OpenMPIABI : public MPIABI {
public:
  Type getHandleType(MLIRContext *ctx) const override {
    return LLVM::LLVMPointerType::get(ctx);
  }
  Value getCommWorld(OpBuilder &b, Location loc,
                     ModuleOp module) const override {
    return getObject(b, loc, module, "ompi_mpi_comm_world");
  }
  Value getIntegerDatatype(OpBuilder &b, Location loc, ModuleOp module,
                           int64_t bytes) const override {
    std::string name = "ompi_mpi_int" + std::to_string(bytes * 8) + "_t";
    return getObject(b, loc, module, name);
  }
  Value getFloatDatatype(OpBuilder &b, Location loc, ModuleOp module,
                         int64_t bytes) const override {
    return getObject(b, loc, module,
                     bytes == 4 ? "ompi_mpi_float" : "ompi_mpi_double");
  }
  Value getSumOp(OpBuilder &b, Location loc, ModuleOp module) const override {
    return getObject(b, loc, module, "ompi_mpi_op_sum");
  }
  Value commToI64(OpBuilder &b, Location loc, Value comm) const override {
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), comm);
  }
  Value commFromI64(OpBuilder &b, Location loc, Value bits) const override {
    return LLVM::IntToPtrOp::create(b, loc, getHandleType(b.getContext()),
                                    bits);
  }

private:
  /// The address of the external Open MPI object `name` (its content is
  /// opaque here: an i8 is declared).
  static Value getObject(OpBuilder &b, Location loc, ModuleOp module,
                         StringRef name) {
    if (!module.lookupSymbol<LLVM::GlobalOp>(name)) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      LLVM::GlobalOp::create(b, loc, b.getI8Type(), /*isConstant=*/false,
                             LLVM::Linkage::External, name, Attribute());
    }
    return LLVM::AddressOfOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), name);
  }
};

std::unique_ptr<MPIABI> MPIABI::get(ModuleOp module) {
  FailureOr<Attribute> attr =
      dlti::query(module, {StringRef("MPI:Implementation")}, true);
  auto name = succeeded(attr) ? dyn_cast<StringAttr>(*attr) : StringAttr();
  if (name && name.getValue() == "OpenMPI")
    return std::make_unique<OpenMPIABI>();
  return std::make_unique<MPICHABI>();
}

//===----------------------------------------------------------------------===//
// The communicator of a group
//===----------------------------------------------------------------------===//

/// A group: the axes of a grid.
struct Group {
  ArrayRef<int64_t> shape;
  ArrayRef<int16_t> axes;

  int64_t getNumProcesses() const {
    int64_t n = 1;
    for (int64_t size : shape)
      n *= size;
    return n;
  }
  /// Whether the group's members in order are the world's ranks in order.
  bool isWholeGrid() const {
    SmallVector<int16_t> nonUnit;
    for (auto [axis, size] : llvm::enumerate(shape))
      if (size != 1)
        nonUnit.push_back(axis);
    SmallVector<int16_t> used;
    for (int16_t axis : axes)
      if (shape[axis] != 1)
        used.push_back(axis);
    return used == nonUnit;
  }
  std::string getName() const {
    std::string name = "__gather_mlir_group_comm";
    for (int64_t size : shape)
      name += "_" + std::to_string(size);
    name += "_axes";
    for (int16_t axis : axes)
      name += "_" + std::to_string(axis);
    return name;
  }
};

/// Returns the position of the world rank `rank` (i32) linearised over
/// `axes` of `shape` (first axis slowest).
Value linearizeAlong(OpBuilder &b, Location loc, Value rank,
                     ArrayRef<int64_t> shape, ArrayRef<int16_t> axes) {
  Value linear = i32Constant(b, loc, 0);
  for (int16_t axis : axes) {
    int64_t stride = 1;
    for (int64_t size : shape.drop_front(axis + 1))
      stride *= size;
    Value strideValue = i32Constant(b, loc, stride);
    Value sizeValue = i32Constant(b, loc, shape[axis]);
    Value quotient = LLVM::SDivOp::create(b, loc, rank, strideValue);
    Value coordinate = LLVM::SRemOp::create(b, loc, quotient, sizeValue);
    Value scaled = LLVM::MulOp::create(b, loc, linear, sizeValue);
    linear = LLVM::AddOp::create(b, loc, scaled, coordinate);
  }
  return linear;
}

/// Creates an internal i64 global `name` initialised to 0.
LLVM::GlobalOp createCell(OpBuilder &b, ModuleOp module, StringRef name) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::GlobalOp::create(b, module.getLoc(), b.getI64Type(),
                                /*isConstant=*/false, LLVM::Linkage::Internal,
                                getUniqueName(module, name),
                                b.getI64IntegerAttr(0));
}

/// Emits, at the end of the block of `b`, the check that the world has as
/// many processes as the grid: a message and exit status 1 otherwise.
/// Continues in `next`.
LogicalResult emitWorldSizeCheck(OpBuilder &b, Location loc, ModuleOp module,
                                 const MPIABI &abi, const Group &group,
                                 Value world, Block *next) {
  MLIRContext *ctx = b.getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx), i32 = b.getI32Type();
  Type handle = abi.getHandleType(ctx);
  FailureOr<LLVM::LLVMFuncOp> sizeFn =
      getOrDeclare(b, module, "MPI_Comm_size",
                   LLVM::LLVMFunctionType::get(i32, {handle, ptr}));
  if (failed(sizeFn))
    return failure();
  Value one = i32Constant(b, loc, 1);
  Value slot = LLVM::AllocaOp::create(b, loc, ptr, i32, one);
  LLVM::CallOp::create(b, loc, *sizeFn, ValueRange{world, slot});
  Value size = LLVM::LoadOp::create(b, loc, i32, slot);
  Value expected = i32Constant(b, loc, group.getNumProcesses());
  Value ok =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, size, expected);
  Block *bad = b.createBlock(next);
  b.setInsertionPointToEnd(ok.getParentBlock());
  LLVM::CondBrOp::create(b, loc, ok, next, bad);
  b.setInsertionPointToStart(bad);
  FailureOr<LLVM::LLVMFuncOp> dprintf =
      getOrDeclare(b, module, LibcFunction::Dprintf);
  FailureOr<LLVM::LLVMFuncOp> exitFn =
      getOrDeclare(b, module, LibcFunction::ImmediateExit);
  if (failed(dprintf) || failed(exitFn))
    return failure();
  Value format = createString(
      b, loc, module, "__gather_mlir_grid_size_message",
      "gather: the grid has %d processes but MPI runs %d processes\n");
  Value fd = i32Constant(b, loc, 2);
  LLVM::CallOp::create(b, loc, *dprintf,
                       ValueRange{fd, format, expected, size});
  LLVM::CallOp::create(b, loc, *exitFn, ValueRange{one});
  LLVM::UnreachableOp::create(b, loc);
  return success();
}

/// Emits the split of `world` into the communicators of `group`'s groups.
FailureOr<Value> emitSplit(OpBuilder &b, Location loc, ModuleOp module,
                           const MPIABI &abi, const Group &group, Value world) {
  MLIRContext *ctx = b.getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx), i32 = b.getI32Type();
  Type handle = abi.getHandleType(ctx);
  FailureOr<LLVM::LLVMFuncOp> rankFn =
      getOrDeclare(b, module, "MPI_Comm_rank",
                   LLVM::LLVMFunctionType::get(i32, {handle, ptr}));
  FailureOr<LLVM::LLVMFuncOp> splitFn =
      getOrDeclare(b, module, "MPI_Comm_split",
                   LLVM::LLVMFunctionType::get(i32, {handle, i32, i32, ptr}));
  if (failed(rankFn) || failed(splitFn))
    return failure();
  Value one = i32Constant(b, loc, 1);
  Value rankSlot = LLVM::AllocaOp::create(b, loc, ptr, i32, one);
  LLVM::CallOp::create(b, loc, *rankFn, ValueRange{world, rankSlot});
  Value rank = LLVM::LoadOp::create(b, loc, i32, rankSlot);
  SmallVector<int16_t> others;
  for (int16_t axis = 0; axis < static_cast<int16_t>(group.shape.size());
       ++axis)
    if (!llvm::is_contained(group.axes, axis))
      others.push_back(axis);
  Value color = linearizeAlong(b, loc, rank, group.shape, others);
  Value key = linearizeAlong(b, loc, rank, group.shape, group.axes);
  Value commSlot = LLVM::AllocaOp::create(b, loc, ptr, handle, one);
  LLVM::CallOp::create(b, loc, *splitFn,
                       ValueRange{world, color, key, commSlot});
  return LLVM::LoadOp::create(b, loc, handle, commSlot).getResult();
}

/// Returns the helper function that returns the communicator of `group`
/// (as an i64), creating it on first use.
FailureOr<LLVM::LLVMFuncOp> getGroupCommFunction(OpBuilder &b, ModuleOp module,
                                                 const MPIABI &abi,
                                                 const Group &group) {
  std::string name = group.getName();
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return fn;
  OpBuilder::InsertionGuard guard(b);
  Location loc = module.getLoc();
  LLVM::GlobalOp cell = createCell(b, module, name + "_cell");
  LLVM::GlobalOp ready = createCell(b, module, name + "_ready");
  b.setInsertionPointToEnd(module.getBody());
  Type i64 = b.getI64Type();
  auto fn = LLVM::LLVMFuncOp::create(b, loc, name,
                                     LLVM::LLVMFunctionType::get(i64, {}));
  fn.setLinkage(LLVM::Linkage::Internal);
  Block *entry = fn.addEntryBlock(b);
  Block *done = b.createBlock(&fn.getBody());
  Block *init = b.createBlock(done);
  Block *make = b.createBlock(done);

  b.setInsertionPointToStart(entry);
  Value readyAddress = LLVM::AddressOfOp::create(b, loc, ready);
  Value isReady = LLVM::LoadOp::create(b, loc, i64, readyAddress);
  Value zero = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(0));
  Value cached =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, isReady, zero);
  LLVM::CondBrOp::create(b, loc, cached, done, init);

  b.setInsertionPointToStart(init);
  Value world = abi.getCommWorld(b, loc, module);
  if (failed(emitWorldSizeCheck(b, loc, module, abi, group, world, make)))
    return failure();

  b.setInsertionPointToStart(make);
  Value worldAgain = abi.getCommWorld(b, loc, module);
  FailureOr<Value> comm =
      group.isWholeGrid() ? worldAgain
                          : emitSplit(b, loc, module, abi, group, worldAgain);
  if (failed(comm))
    return failure();
  Value cellAddress = LLVM::AddressOfOp::create(b, loc, cell);
  LLVM::StoreOp::create(b, loc, abi.commToI64(b, loc, *comm), cellAddress);
  Value one = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
  Value readyAgain = LLVM::AddressOfOp::create(b, loc, ready);
  LLVM::StoreOp::create(b, loc, one, readyAgain);
  LLVM::BrOp::create(b, loc, done);

  b.setInsertionPointToStart(done);
  Value cellAgain = LLVM::AddressOfOp::create(b, loc, cell);
  Value bits = LLVM::LoadOp::create(b, loc, i64, cellAgain);
  LLVM::ReturnOp::create(b, loc, bits);
  return fn;
}

/// Returns the communicator of the group of `op` (grid_shape, grid_axes).
template <typename Op>
FailureOr<Value> getGroupComm(OpBuilder &b, Op op, const MPIABI &abi) {
  auto module = op->template getParentOfType<ModuleOp>();
  Group group{op.getGridShape(), op.getGridAxes()};
  FailureOr<LLVM::LLVMFuncOp> fn = getGroupCommFunction(b, module, abi, group);
  if (failed(fn))
    return failure();
  Value bits =
      LLVM::CallOp::create(b, op.getLoc(), *fn, ValueRange{}).getResult();
  return abi.commFromI64(b, op.getLoc(), bits);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// What every pattern needs to call MPI from the module of one op.
struct MPICall {
  MPICall(Operation *op)
      : module(op->getParentOfType<ModuleOp>()), abi(MPIABI::get(module)),
        ptr(LLVM::LLVMPointerType::get(op->getContext())),
        i32(IntegerType::get(op->getContext(), 32)),
        handle(abi->getHandleType(op->getContext())) {}

  /// The function `name` returning `int`, declared with `params`.
  FailureOr<LLVM::LLVMFuncOp> declare(OpBuilder &b, StringRef name,
                                      ArrayRef<Type> params,
                                      bool isVarArg = false) const {
    return getOrDeclare(b, module, name,
                        LLVM::LLVMFunctionType::get(i32, params, isVarArg));
  }

  ModuleOp module;
  std::unique_ptr<MPIABI> abi;
  Type ptr, i32, handle;
};

/// Base of the patterns: buffer pointers and element counts.
template <typename Op>
class ExchangePattern : public ConvertOpToLLVMPattern<Op> {
public:
  using ConvertOpToLLVMPattern<Op>::ConvertOpToLLVMPattern;

protected:
  /// The address of the first element of buffer `original` (lowered:
  /// `lowered`).
  Value getPointer(OpBuilder &b, Location loc, Value original,
                   Value lowered) const {
    MemRefDescriptor descriptor(lowered);
    return descriptor.bufferPtr(b, loc, *this->getTypeConverter(),
                                cast<MemRefType>(original.getType()));
  }
  /// The number of elements of buffer `original`, as i32.
  Value getNumElements(OpBuilder &b, Location loc, Value original,
                       Value lowered) const {
    auto type = cast<MemRefType>(original.getType());
    Type i64 = b.getI64Type();
    Value count = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
    MemRefDescriptor descriptor(lowered);
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      Value size = descriptor.size(b, loc, dim);
      count = LLVM::MulOp::create(b, loc, count, size);
    }
    return LLVM::TruncOp::create(b, loc, b.getI32Type(), count);
  }
  Value getDatatype(OpBuilder &b, Location loc, ModuleOp module,
                    const MPIABI &abi, Value buffer) const {
    Type elem = cast<MemRefType>(buffer.getType()).getElementType();
    return abi.getIntegerDatatype(b, loc, module,
                                  exchange::getElementByteSize(elem));
  }
};

/// `MPI_Alltoall` and `MPI_Allgather` take the same arguments:
/// (send, count, type, recv, count, type, comm).
template <typename Op>
class CountedCollectivePattern : public ExchangePattern<Op> {
public:
  CountedCollectivePattern(const LLVMTypeConverter &converter,
                           StringRef function, bool perMember)
      : ExchangePattern<Op>(converter), function(function.str()),
        perMember(perMember) {}

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MPICall mpi(op);
    ModuleOp module = mpi.module;
    const MPIABI *abi = mpi.abi.get();
    FailureOr<LLVM::LLVMFuncOp> fn =
        mpi.declare(rewriter, function,
                    {mpi.ptr, mpi.i32, mpi.handle, mpi.ptr, mpi.i32, mpi.handle,
                     mpi.handle});
    if (failed(fn))
      return failure();
    FailureOr<Value> comm = getGroupComm(rewriter, op, *abi);
    if (failed(comm))
      return failure();
    Value send =
        this->getPointer(rewriter, loc, op.getSend(), adaptor.getSend());
    Value recv =
        this->getPointer(rewriter, loc, op.getRecv(), adaptor.getRecv());
    Value count =
        this->getNumElements(rewriter, loc, op.getSend(), adaptor.getSend());
    if (perMember) {
      int64_t members = 1;
      for (int16_t axis : op.getGridAxes())
        members *= op.getGridShape()[axis];
      count = LLVM::SDivOp::create(rewriter, loc, count,
                                   i32Constant(rewriter, loc, members));
    }
    Value type = this->getDatatype(rewriter, loc, module, *abi, op.getSend());
    LLVM::CallOp::create(
        rewriter, loc, *fn,
        ValueRange{send, count, type, recv, count, type, *comm});
    rewriter.eraseOp(op);
    return success();
  }

private:
  std::string function;
  /// The count per member is the send buffer's size over the group's.
  bool perMember;
};

class AllToAllVPattern
    : public ExchangePattern<exchange::AllToAllVOnBuffersOp> {
public:
  using ExchangePattern::ExchangePattern;

  LogicalResult
  matchAndRewrite(exchange::AllToAllVOnBuffersOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MPICall mpi(op);
    ModuleOp module = mpi.module;
    const MPIABI *abi = mpi.abi.get();
    Type ptr = mpi.ptr, handle = mpi.handle;
    FailureOr<LLVM::LLVMFuncOp> fn =
        mpi.declare(rewriter, "MPI_Alltoallv",
                    {ptr, ptr, ptr, handle, ptr, ptr, ptr, handle, handle});
    if (failed(fn))
      return failure();
    FailureOr<Value> comm = getGroupComm(rewriter, op, *abi);
    if (failed(comm))
      return failure();
    SmallVector<Value> args;
    for (auto [original, lowered] :
         llvm::zip(op->getOperands(), adaptor.getOperands()))
      args.push_back(getPointer(rewriter, loc, original, lowered));
    Value sendType = getDatatype(rewriter, loc, module, *abi, op.getSend());
    Value recvType = getDatatype(rewriter, loc, module, *abi, op.getRecv());
    LLVM::CallOp::create(rewriter, loc, *fn,
                         ValueRange{args[0], args[1], args[2], sendType,
                                    args[3], args[4], args[5], recvType,
                                    *comm});
    rewriter.eraseOp(op);
    return success();
  }
};

/// exchange.allreduce: `MPI_Allreduce` with `MPI_SUM`.
class AllReducePattern : public ExchangePattern<exchange::AllReduceOp> {
public:
  using ExchangePattern::ExchangePattern;

  LogicalResult
  matchAndRewrite(exchange::AllReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MPICall mpi(op);
    ModuleOp module = mpi.module;
    const MPIABI *abi = mpi.abi.get();
    FailureOr<LLVM::LLVMFuncOp> fn = mpi.declare(
        rewriter, "MPI_Allreduce",
        {mpi.ptr, mpi.ptr, mpi.i32, mpi.handle, mpi.handle, mpi.handle});
    if (failed(fn))
      return failure();
    FailureOr<Value> comm = getGroupComm(rewriter, op, *abi);
    if (failed(comm))
      return failure();
    Value send = getPointer(rewriter, loc, op.getSend(), adaptor.getSend());
    Value recv = getPointer(rewriter, loc, op.getRecv(), adaptor.getRecv());
    Value count =
        getNumElements(rewriter, loc, op.getSend(), adaptor.getSend());
    Type elem = cast<MemRefType>(op.getSend().getType()).getElementType();
    Value type = isa<FloatType>(elem)
                     ? abi->getFloatDatatype(rewriter, loc, module,
                                             exchange::getElementByteSize(elem))
                     : getDatatype(rewriter, loc, module, *abi, op.getSend());
    Value sum = abi->getSumOp(rewriter, loc, module);
    LLVM::CallOp::create(rewriter, loc, *fn,
                         ValueRange{send, recv, count, type, sum, *comm});
    rewriter.eraseOp(op);
    return success();
  }
};

/// exchange.abort: the message, a barrier of the group, `MPI_Finalize` when
/// the group is the whole grid, `_exit(1)`.
class AbortPattern : public ConvertOpToLLVMPattern<exchange::AbortOp> {
public:
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(exchange::AbortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    std::unique_ptr<MPIABI> abi = MPIABI::get(module);
    MLIRContext *ctx = op.getContext();
    Type ptr = LLVM::LLVMPointerType::get(ctx), i32 = rewriter.getI32Type();
    FailureOr<LLVM::LLVMFuncOp> dprintf =
        getOrDeclare(rewriter, module, LibcFunction::Dprintf);
    FailureOr<LLVM::LLVMFuncOp> fflush =
        getOrDeclare(rewriter, module, LibcFunction::Fflush);
    FailureOr<LLVM::LLVMFuncOp> barrier = getOrDeclare(
        rewriter, module, "MPI_Barrier",
        LLVM::LLVMFunctionType::get(i32, {abi->getHandleType(ctx)}));
    FailureOr<LLVM::LLVMFuncOp> exitFn =
        getOrDeclare(rewriter, module, LibcFunction::ImmediateExit);
    if (failed(dprintf) || failed(fflush) || failed(barrier) || failed(exitFn))
      return failure();
    // What the program printed before goes out first.
    Value null = LLVM::ZeroOp::create(rewriter, loc, ptr);
    LLVM::CallOp::create(rewriter, loc, *fflush, ValueRange{null});
    Value format = createString(rewriter, loc, module, "__gather_mlir_abort",
                                (op.getMessage() + "\n").str());
    SmallVector<Value> args{i32Constant(rewriter, loc, 2), format};
    llvm::append_range(args, adaptor.getArgs());
    LLVM::CallOp::create(rewriter, loc, *dprintf, args);
    FailureOr<Value> comm = getGroupComm(rewriter, op, *abi);
    if (failed(comm))
      return failure();
    LLVM::CallOp::create(rewriter, loc, *barrier, ValueRange{*comm});
    // When the group is every process, all of them end here: finalizing
    // first lets each end with status 1 by itself (without it, mpirun may
    // kill the last ones once the first has ended). A smaller group cannot
    // finalize without the others.
    if (Group{op.getGridShape(), op.getGridAxes()}.isWholeGrid()) {
      FailureOr<LLVM::LLVMFuncOp> finalize =
          getOrDeclare(rewriter, module, "MPI_Finalize",
                       LLVM::LLVMFunctionType::get(i32, {}));
      if (failed(finalize))
        return failure();
      LLVM::CallOp::create(rewriter, loc, *finalize, ValueRange{});
    }
    Value one = i32Constant(rewriter, loc, 1);
    LLVM::CallOp::create(rewriter, loc, *exitFn, ValueRange{one});
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConvertExchangeToLLVMPass
    : public mlir::gather::impl::ConvertExchangeToLLVMBase<
          ConvertExchangeToLLVMPass> {
  void runOnOperation() override {
    LLVMTypeConverter converter(&getContext());
    RewritePatternSet patterns(&getContext());
    populateExchangeToLLVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(getContext());
    target.addIllegalDialect<exchange::ExchangeDialect>();
    target.addLegalOp<UnrealizedConversionCastOp>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

struct ExchangeToLLVMInterface : public ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;
  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const final {
    populateExchangeToLLVMConversionPatterns(converter, patterns);
  }
};

} // namespace

void mlir::gather::populateExchangeToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<CountedCollectivePattern<exchange::AllToAllOp>>(
      converter, "MPI_Alltoall", /*perMember=*/true);
  patterns.add<CountedCollectivePattern<exchange::AllGatherOp>>(
      converter, "MPI_Allgather", /*perMember=*/false);
  patterns.add<AllToAllVPattern, AllReducePattern, AbortPattern>(converter);
}

void mlir::gather::registerConvertExchangeToLLVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(
      +[](MLIRContext *ctx, exchange::ExchangeDialect *dialect) {
        dialect->addInterfaces<ExchangeToLLVMInterface>();
      });
}

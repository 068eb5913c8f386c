//===- ExitingReport.cpp - generated error messages that exit -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/Utils/ExitingReport.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::gather;

/// The type of `dprintf` as the reports call it.
static LLVM::LLVMFunctionType getDprintfType(MLIRContext *ctx) {
  return LLVM::LLVMFunctionType::get(
      IntegerType::get(ctx, 32),
      {IntegerType::get(ctx, 32), LLVM::LLVMPointerType::get(ctx)},
      /*isVarArg=*/true);
}

/// The type of `exit` as the reports call it.
static LLVM::LLVMFunctionType getExitType(MLIRContext *ctx) {
  return LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                     {IntegerType::get(ctx, 32)});
}

/// The symbol of the format string of `report`.
static std::string getFormatName(const ExitingReport &report) {
  return (report.name + "_format").str();
}

LogicalResult
mlir::gather::checkExitingReportSymbols(ModuleOp module,
                                        ArrayRef<ExitingReport> reports) {
  MLIRContext *ctx = module.getContext();
  bool ok = true;
  for (const ExitingReport &report : reports) {
    Operation *fn = SymbolTable::lookupSymbolIn(module, report.name);
    if (fn && !isa<LLVM::LLVMFuncOp>(fn)) {
      fn->emitOpError("conflicts with @")
          << report.name << ", which the gather error report defines as an "
          << "llvm.func";
      ok = false;
    }
    std::string formatName = getFormatName(report);
    Operation *format = SymbolTable::lookupSymbolIn(module, formatName);
    if (format && !isa<LLVM::GlobalOp>(format)) {
      format->emitOpError("conflicts with @")
          << formatName << ", which the gather error report defines as an "
          << "llvm.mlir.global";
      ok = false;
    }
  }
  for (auto [name, type] :
       {std::pair(StringRef("dprintf"), getDprintfType(ctx)),
        std::pair(StringRef("exit"), getExitType(ctx))}) {
    Operation *symbol = SymbolTable::lookupSymbolIn(module, name);
    auto fn = dyn_cast_or_null<LLVM::LLVMFuncOp>(symbol);
    if (!symbol || (fn && fn.getFunctionType() == type))
      continue;
    symbol->emitOpError("conflicts with @")
        << name << ", which the gather error report needs as an llvm.func of "
        << "type " << type;
    ok = false;
  }
  return success(ok);
}

/// Returns the existing declaration `name` of type `type` or adds one.
static FailureOr<LLVM::LLVMFuncOp>
getOrDeclareLLVMFunc(OpBuilder &builder, ModuleOp module, Location loc,
                     StringRef name, LLVM::LLVMFunctionType type) {
  Operation *existing = SymbolTable::lookupSymbolIn(module, name);
  if (auto fn = dyn_cast_or_null<LLVM::LLVMFuncOp>(existing))
    if (fn.getFunctionType() == type)
      return fn;
  if (existing)
    return failure();
  return LLVM::LLVMFuncOp::create(builder, loc, name, type);
}

FailureOr<LLVM::LLVMFuncOp>
mlir::gather::getOrCreateExitingReport(OpBuilder &builder, ModuleOp module,
                                       const ExitingReport &report) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(report.name))
    return fn;
  std::string formatName = getFormatName(report);
  if (SymbolTable::lookupSymbolIn(module, report.name) ||
      SymbolTable::lookupSymbolIn(module, formatName))
    return failure();

  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module.getBody());
  MLIRContext *ctx = module.getContext();
  Location loc = module.getLoc();
  FailureOr<LLVM::LLVMFuncOp> dprintf = getOrDeclareLLVMFunc(
      builder, module, loc, "dprintf", getDprintfType(ctx));
  FailureOr<LLVM::LLVMFuncOp> exitFn =
      getOrDeclareLLVMFunc(builder, module, loc, "exit", getExitType(ctx));
  if (failed(dprintf) || failed(exitFn))
    return failure();

  std::string text = (report.format + "\n").str();
  text.push_back('\0');
  auto textType = LLVM::LLVMArrayType::get(builder.getI8Type(), text.size());
  auto format =
      LLVM::GlobalOp::create(builder, loc, textType,
                             /*isConstant=*/true, LLVM::Linkage::Internal,
                             formatName, builder.getStringAttr(text));

  // The function is in the LLVM dialect already, so that its calls need no
  // conversion (and no symbol lookup) on the way to LLVM.
  SmallVector<Type> argTypes(report.numArgs, builder.getI64Type());
  auto fn = LLVM::LLVMFuncOp::create(
      builder, loc, report.name,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), argTypes),
      // One copy per linked program, whichever modules define it.
      LLVM::Linkage::LinkonceODR);
  Block *body = fn.addEntryBlock(builder);
  builder.setInsertionPointToStart(body);
  SmallVector<Value> args;
  args.push_back(LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                          builder.getI32IntegerAttr(2)));
  args.push_back(LLVM::AddressOfOp::create(builder, loc, format));
  llvm::append_range(args, body->getArguments());
  LLVM::CallOp::create(builder, loc, *dprintf, args);
  Value one = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                       builder.getI32IntegerAttr(1));
  LLVM::CallOp::create(builder, loc, *exitFn, ValueRange{one});
  LLVM::UnreachableOp::create(builder, loc);
  return fn;
}

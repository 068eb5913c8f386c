//===- CFunctions.cpp - C functions that generated code calls -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/Utils/CFunctions.h"

using namespace mlir;
using namespace mlir::gather;

StringRef mlir::gather::getLibcFunctionName(LibcFunction function) {
  switch (function) {
  case LibcFunction::Dprintf:
    return "dprintf";
  case LibcFunction::Fflush:
    return "fflush";
  case LibcFunction::Exit:
    return "exit";
  case LibcFunction::ImmediateExit:
    return "_exit";
  case LibcFunction::Pause:
    return "pause";
  }
  llvm_unreachable("unknown LibcFunction");
}

LLVM::LLVMFunctionType
mlir::gather::getLibcFunctionType(MLIRContext *ctx, LibcFunction function) {
  Type i32 = IntegerType::get(ctx, 32);
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type voidType = LLVM::LLVMVoidType::get(ctx);
  switch (function) {
  case LibcFunction::Dprintf:
    return LLVM::LLVMFunctionType::get(i32, {i32, ptr}, /*isVarArg=*/true);
  case LibcFunction::Fflush:
    return LLVM::LLVMFunctionType::get(i32, {ptr});
  case LibcFunction::Exit:
  case LibcFunction::ImmediateExit:
    return LLVM::LLVMFunctionType::get(voidType, {i32});
  case LibcFunction::Pause:
    return LLVM::LLVMFunctionType::get(i32, {});
  }
  llvm_unreachable("unknown LibcFunction");
}

FailureOr<LLVM::LLVMFuncOp> mlir::gather::lookupOrDeclareFunction(
    OpBuilder &builder, Operation *symbolTable, StringRef name,
    LLVM::LLVMFunctionType type, DeclarationPlace place,
    SymbolTableCollection *tables) {
  StringAttr nameAttr = builder.getStringAttr(name);
  Operation *existing =
      tables ? tables->lookupSymbolIn(symbolTable, nameAttr)
             : SymbolTable::lookupSymbolIn(symbolTable, nameAttr);
  if (existing) {
    auto fn = dyn_cast<LLVM::LLVMFuncOp>(existing);
    if (fn && fn.getFunctionType() == type)
      return fn;
    existing->emitOpError("conflicts with @")
        << name << ", which the generated code declares as an llvm.func of "
        << "type " << type;
    return failure();
  }
  OpBuilder::InsertionGuard guard(builder);
  Block &body = symbolTable->getRegion(0).front();
  if (place == DeclarationPlace::Start)
    builder.setInsertionPointToStart(&body);
  else if (!body.empty() && body.back().hasTrait<OpTrait::IsTerminator>())
    builder.setInsertionPoint(&body.back());
  else
    builder.setInsertionPointToEnd(&body);
  auto fn =
      LLVM::LLVMFuncOp::create(builder, symbolTable->getLoc(), name, type);
  if (tables)
    tables->getSymbolTable(symbolTable).insert(fn);
  return fn;
}

FailureOr<LLVM::LLVMFuncOp> mlir::gather::lookupOrDeclareFunction(
    OpBuilder &builder, Operation *symbolTable, LibcFunction function,
    DeclarationPlace place, SymbolTableCollection *tables) {
  return lookupOrDeclareFunction(
      builder, symbolTable, getLibcFunctionName(function),
      getLibcFunctionType(builder.getContext(), function), place, tables);
}

//===- ExitingReport.cpp - generated error messages that exit -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/Utils/ExitingReport.h"
#include "gather-mlir/Conversion/Utils/CFunctions.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::gather;

/// The C library functions that the reports of materializeExitingReports
/// call.
static constexpr LibcFunction kReportLibcFunctions[] = {
    LibcFunction::Dprintf, LibcFunction::Fflush, LibcFunction::ImmediateExit,
    LibcFunction::Pause};

/// The symbol of the format string of `report`.
static std::string getFormatName(const ExitingReport &report) {
  return (report.name + "_format").str();
}

/// The attribute that marks a call made by createExitingReportCall; it holds
/// the report's format.
static constexpr StringLiteral kReportCallAttrName = "gather.exiting_report";

/// The suffix of every report's format: the source location.
static constexpr StringLiteral kLocationSuffix = " (at %s)\n";

std::string mlir::gather::describeLocation(Location loc) {
  std::string text;
  loc->walk([&](Location nested) {
    auto file = dyn_cast<FileLineColRange>(nested);
    if (!file)
      return WalkResult::advance();
    text = (file.getFilename().getValue() + ":" + Twine(file.getStartLine()) +
            ":" + Twine(file.getStartColumn()))
               .str();
    return WalkResult::interrupt();
  });
  return text.empty() ? "unknown location" : text;
}

LLVM::CallOp mlir::gather::createExitingReportCall(OpBuilder &builder,
                                                   Location loc,
                                                   const ExitingReport &report,
                                                   ValueRange args) {
  assert(args.size() == report.numArgs && "wrong number of report arguments");
  auto call =
      LLVM::CallOp::create(builder, loc, TypeRange{}, report.name, args);
  call->setAttr(kReportCallAttrName, builder.getStringAttr(report.format));
  return call;
}

LogicalResult
mlir::gather::checkExitingReportLibcSymbols(Operation *symbolTable) {
  MLIRContext *ctx = symbolTable->getContext();
  bool ok = true;
  for (LibcFunction function : kReportLibcFunctions) {
    StringRef name = getLibcFunctionName(function);
    LLVM::LLVMFunctionType type = getLibcFunctionType(ctx, function);
    Operation *symbol = SymbolTable::lookupSymbolIn(symbolTable, name);
    auto fn = dyn_cast_or_null<LLVM::LLVMFuncOp>(symbol);
    if (!symbol || (fn && fn.getFunctionType() == type && fn.isExternal()))
      continue;
    symbol->emitOpError("conflicts with @")
        << name << ", which the gather error report needs as an external "
        << "llvm.func (the C library's) of type " << type;
    ok = false;
  }
  return success(ok);
}

namespace {
/// Creates the report functions and location strings of
/// materializeExitingReports, one per symbol table and report (location).
class ReportMaterializer {
public:
  explicit ReportMaterializer(MLIRContext *ctx) : builder(ctx) {}

  /// Replaces `call` by a call of a function created here.
  LogicalResult materialize(LLVM::CallOp call) {
    Operation *scope = SymbolTable::getNearestSymbolTable(call);
    if (!scope || scope->getNumRegions() != 1 ||
        !scope->getRegion(0).hasOneBlock())
      return call.emitOpError("a gather error report needs an enclosing "
                              "symbol table with one block, such as a module");
    if (checkedScopes.insert(scope).second &&
        failed(checkExitingReportLibcSymbols(scope)))
      badScopes.insert(scope);
    if (badScopes.contains(scope))
      return failure();

    auto format = cast<StringAttr>(call->getAttr(kReportCallAttrName));
    StringAttr name = call.getCalleeAttr().getAttr();
    LLVM::LLVMFuncOp &fn = functions[{scope, name, format}];
    if (!fn)
      fn = createFunction(scope, name.getValue(), format.getValue(),
                          call.getArgOperands().size());
    std::string where = describeLocation(call.getLoc());
    LLVM::GlobalOp &location = locations[{scope, builder.getStringAttr(where)}];
    if (!location)
      location =
          createString(scope, call.getLoc(), "__gather_mlir_location", where);

    builder.setInsertionPoint(call);
    SmallVector<Value> args(call.getArgOperands());
    args.push_back(LLVM::AddressOfOp::create(builder, call.getLoc(), location));
    LLVM::CallOp::create(builder, call.getLoc(), fn, args);
    call.erase();
    return success();
  }

private:
  /// Sets the insertion point of `builder` at the end of `scope`'s body.
  void setInsertionPointToEnd(Operation *scope) {
    Block &body = scope->getRegion(0).front();
    if (!body.empty() && body.back().hasTrait<OpTrait::IsTerminator>())
      builder.setInsertionPoint(&body.back());
    else
      builder.setInsertionPointToEnd(&body);
  }

  /// Gives the symbol `op`, just created in `scope`, a name no other symbol
  /// of `scope` has.
  void makeUnique(Operation *scope, Operation *op) {
    tables.getSymbolTable(scope).insert(op);
  }

  /// Returns the C library function `function` in `scope`, declaring it
  /// when missing (checkExitingReportLibcSymbols has vetted what exists).
  LLVM::LLVMFuncOp getLibcFunction(Operation *scope, LibcFunction function) {
    FailureOr<LLVM::LLVMFuncOp> fn = lookupOrDeclareFunction(
        builder, scope, function, DeclarationPlace::End, &tables);
    assert(succeeded(fn) && "the C library symbols were checked");
    return *fn;
  }

  /// Creates an internal constant global holding `text` and a NUL.
  LLVM::GlobalOp createString(Operation *scope, Location loc, StringRef name,
                              StringRef text) {
    std::string bytes = text.str();
    bytes.push_back('\0');
    setInsertionPointToEnd(scope);
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
    auto global = LLVM::GlobalOp::create(
        builder, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal, name,
        builder.getStringAttr(bytes));
    makeUnique(scope, global);
    return global;
  }

  /// Returns the flag of `scope` that the first report to run sets, creating
  /// it when missing.
  LLVM::GlobalOp getReportedFlag(Operation *scope) {
    LLVM::GlobalOp &flag = reportedFlags[scope];
    if (flag)
      return flag;
    setInsertionPointToEnd(scope);
    flag = LLVM::GlobalOp::create(
        builder, scope->getLoc(), builder.getI32Type(), /*isConstant=*/false,
        LLVM::Linkage::Internal, "__gather_mlir_reported",
        builder.getI32IntegerAttr(0));
    makeUnique(scope, flag);
    return flag;
  }

  /// Creates the report function `name` (made unique) that prints `format`
  /// with `numArgs` i64 arguments and a location string, then exits.
  ///
  /// Several threads of a parallel gather may report at once, and concurrent
  /// `exit` calls corrupt the C library's state or hang. So the first report
  /// to run takes a flag, prints, flushes the program's output and ends the
  /// process with `_exit(1)`; a report that finds the flag taken waits in
  /// `pause` until that happens.
  LLVM::LLVMFuncOp createFunction(Operation *scope, StringRef name,
                                  StringRef format, unsigned numArgs) {
    MLIRContext *ctx = builder.getContext();
    Location loc = scope->getLoc();
    LLVM::LLVMFuncOp dprintf = getLibcFunction(scope, LibcFunction::Dprintf);
    LLVM::LLVMFuncOp fflushFn = getLibcFunction(scope, LibcFunction::Fflush);
    LLVM::LLVMFuncOp exitFn =
        getLibcFunction(scope, LibcFunction::ImmediateExit);
    LLVM::LLVMFuncOp pauseFn = getLibcFunction(scope, LibcFunction::Pause);
    LLVM::GlobalOp reported = getReportedFlag(scope);
    LLVM::GlobalOp text = createString(scope, loc, (name + "_format").str(),
                                       (format + kLocationSuffix).str());

    SmallVector<Type> argTypes(numArgs, builder.getI64Type());
    argTypes.push_back(LLVM::LLVMPointerType::get(ctx));
    setInsertionPointToEnd(scope);
    // Internal linkage: the function is this module's own, whatever other
    // modules of the program define.
    auto fn = LLVM::LLVMFuncOp::create(
        builder, loc, name,
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), argTypes),
        LLVM::Linkage::Internal);
    makeUnique(scope, fn);
    Block *body = fn.addEntryBlock(builder);
    Block *report = fn.addBlock();
    Block *wait = fn.addBlock();
    builder.setInsertionPointToStart(body);
    Value one = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                         builder.getI32IntegerAttr(1));
    Value flag = LLVM::AddressOfOp::create(builder, loc, reported);
    Value previous =
        LLVM::AtomicRMWOp::create(builder, loc, LLVM::AtomicBinOp::xchg, flag,
                                  one, LLVM::AtomicOrdering::seq_cst);
    Value zero = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                          builder.getI32IntegerAttr(0));
    Value first = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                                       previous, zero);
    LLVM::CondBrOp::create(builder, loc, first, report, wait);

    builder.setInsertionPointToStart(report);
    SmallVector<Value> args;
    args.push_back(LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                            builder.getI32IntegerAttr(2)));
    args.push_back(LLVM::AddressOfOp::create(builder, loc, text));
    llvm::append_range(args, body->getArguments());
    LLVM::CallOp::create(builder, loc, dprintf, args);
    Value allStreams =
        LLVM::ZeroOp::create(builder, loc, LLVM::LLVMPointerType::get(ctx));
    LLVM::CallOp::create(builder, loc, fflushFn, ValueRange{allStreams});
    LLVM::CallOp::create(builder, loc, exitFn, ValueRange{one});
    LLVM::UnreachableOp::create(builder, loc);

    builder.setInsertionPointToStart(wait);
    LLVM::CallOp::create(builder, loc, pauseFn, ValueRange{});
    LLVM::BrOp::create(builder, loc, ValueRange{}, wait);
    return fn;
  }

  OpBuilder builder;
  SymbolTableCollection tables;
  DenseSet<Operation *> checkedScopes, badScopes;
  DenseMap<std::tuple<Operation *, StringAttr, StringAttr>, LLVM::LLVMFuncOp>
      functions;
  DenseMap<std::pair<Operation *, StringAttr>, LLVM::GlobalOp> locations;
  DenseMap<Operation *, LLVM::GlobalOp> reportedFlags;
};
} // namespace

LogicalResult mlir::gather::materializeExitingReports(Operation *root) {
  SmallVector<LLVM::CallOp> calls;
  root->walk([&](LLVM::CallOp call) {
    if (call->hasAttr(kReportCallAttrName))
      calls.push_back(call);
  });
  ReportMaterializer materializer(root->getContext());
  bool ok = true;
  for (LLVM::CallOp call : calls)
    ok &= succeeded(materializer.materialize(call));
  return success(ok);
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
  for (LibcFunction function : {LibcFunction::Dprintf, LibcFunction::Exit}) {
    StringRef name = getLibcFunctionName(function);
    LLVM::LLVMFunctionType type = getLibcFunctionType(ctx, function);
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
  MLIRContext *ctx = module.getContext();
  Location loc = module.getLoc();
  FailureOr<LLVM::LLVMFuncOp> dprintf = lookupOrDeclareFunction(
      builder, module, LibcFunction::Dprintf, DeclarationPlace::End);
  FailureOr<LLVM::LLVMFuncOp> exitFn = lookupOrDeclareFunction(
      builder, module, LibcFunction::Exit, DeclarationPlace::End);
  if (failed(dprintf) || failed(exitFn))
    return failure();
  builder.setInsertionPointToEnd(module.getBody());

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

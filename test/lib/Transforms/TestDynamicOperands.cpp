//===- TestDynamicOperands.cpp - gathers over run-time sizes --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A test pass that makes every gather see its sizes only at run time: each
// gather.gather moves into a public function of its own whose arguments and
// result are fully dynamic tensors, called with its operands cast to those
// types and its result cast back. The lowering of the callee cannot know the
// caller's sizes, so execution tests run with it exercise the dynamic code
// (scripts/ci/forms.sh).
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// `type` with every size dynamic.
RankedTensorType getDynamicType(RankedTensorType type) {
  SmallVector<int64_t> shape(type.getRank(), ShapedType::kDynamic);
  return RankedTensorType::get(shape, type.getElementType());
}

struct TestDynamicOperandsPass
    : public PassWrapper<TestDynamicOperandsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestDynamicOperandsPass)

  StringRef getArgument() const override {
    return "gather-test-dynamic-operands";
  }
  StringRef getDescription() const override {
    return "Move each gather.gather into a public function over fully dynamic "
           "tensors (test pass: execution tests with run-time sizes)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<func::FuncDialect, tensor::TensorDialect>();
  }

  void runOnOperation() override {
    SmallVector<GatherOp> gathers;
    getOperation().walk([&](GatherOp op) { gathers.push_back(op); });
    for (GatherOp op : gathers)
      outline(op);
  }

  /// Moves `op` into a new function of its nearest symbol table.
  void outline(GatherOp op) {
    Operation *scope = SymbolTable::getNearestSymbolTable(op);
    auto module = dyn_cast_or_null<ModuleOp>(scope);
    if (!module)
      return;
    auto dataType = getDynamicType(op.getDataType());
    auto indicesType = getDynamicType(op.getIndicesType());
    auto resultType = getDynamicType(op.getResultType());
    MLIRContext *context = &getContext();
    OpBuilder builder(context);
    builder.setInsertionPointToEnd(module.getBody());
    Location loc = op.getLoc();
    auto type = builder.getFunctionType({dataType, indicesType}, {resultType});
    auto callee = func::FuncOp::create(builder, loc, "__gather_dynamic", type);
    SymbolTable(module).insert(callee);
    Block *body = callee.addEntryBlock();
    builder.setInsertionPointToStart(body);
    auto inner =
        GatherOp::create(builder, loc, resultType, body->getArgument(0),
                         body->getArgument(1), op.getAxis(), op.getBatchDims(),
                         op.getIndicesNonnegative(), op.getIndicesInRange());
    func::ReturnOp::create(builder, loc, inner.getResult());

    builder.setInsertionPoint(op);
    Value data = tensor::CastOp::create(builder, loc, dataType, op.getData());
    Value indices =
        tensor::CastOp::create(builder, loc, indicesType, op.getIndices());
    auto call =
        func::CallOp::create(builder, loc, callee, ValueRange{data, indices});
    Value result = tensor::CastOp::create(builder, loc, op.getResultType(),
                                          call.getResult(0));
    op.getResult().replaceAllUsesWith(result);
    op.erase();
  }
};

} // namespace

namespace mlir::gather::test {
void registerTestDynamicOperandsPass() {
  PassRegistration<TestDynamicOperandsPass>();
}
} // namespace mlir::gather::test

//===- BufferizableOpInterfaceImpl.cpp - atb bufferization ----------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/ATB/Transforms/BufferizableOpInterfaceImpl.h"
#include "gather-mlir/Dialect/ATB/IR/ATBOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace {

/// Bufferization of `atb.gather`: the destination-style defaults (init is
/// written and aliases the result, which is equivalent to it), except that
/// init is not read, so one-shot bufferization need not preserve its
/// contents.
struct GatherOpInterface
    : public DstBufferizableOpInterfaceExternalModel<GatherOpInterface,
                                                     atb::GatherOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &opOperand,
                              const AnalysisState &state) const {
    return !cast<atb::GatherOp>(op).isDpsInit(&opOperand);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto gatherOp = cast<atb::GatherOp>(op);
    // Already on memrefs: nothing to do.
    if (gatherOp.hasPureBufferSemantics())
      return success();
    FailureOr<Value> x = getBuffer(rewriter, gatherOp.getX(), options, state);
    if (failed(x))
      return failure();
    FailureOr<Value> indices =
        getBuffer(rewriter, gatherOp.getIndices(), options, state);
    if (failed(indices))
      return failure();
    FailureOr<Value> init =
        getBuffer(rewriter, gatherOp.getInit(), options, state);
    if (failed(init))
      return failure();
    rewriter.setInsertionPoint(op);
    atb::GatherOp::create(rewriter, op->getLoc(), *x, *indices, *init,
                          gatherOp.getAxis(), gatherOp.getBatchDims());
    replaceOpWithBufferizedValues(rewriter, op, *init);
    return success();
  }
};

} // namespace

void mlir::atb::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, atb::ATBDialect *) {
    atb::GatherOp::attachInterface<GatherOpInterface>(*ctx);
  });
}

//===- operation.h - emulated atb::Operation --------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// atb::Operation: the two-phase interface of every ATB operation. Setup checks
// the tensors and returns the workspace size; Execute queues the work on the
// context's stream.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ATB_OPERATION_H
#define GATHER_ATB_EMULATOR_ATB_OPERATION_H

#include "atb/context.h"
#include "atb/svector.h"
#include "atb/types.h"

#include <cstdint>
#include <string>

namespace atb {

/// An ATB operation created by CreateOperation.
class Operation {
public:
  Operation() = default;
  virtual ~Operation() = default;

  /// Returns the operation's name, e.g. "GatherOperation".
  virtual std::string GetName() const = 0;

  /// Computes the output descriptions from the input descriptions.
  virtual Status InferShape(const SVector<TensorDesc> &inTensorDescs,
                            SVector<TensorDesc> &outTensorDescs) const = 0;

  /// Number of input tensors.
  virtual uint32_t GetInputNum() const = 0;

  /// Number of output tensors.
  virtual uint32_t GetOutputNum() const = 0;

  /// Checks the tensors of `variantPack` and returns in `workspaceSize` the
  /// device workspace Execute needs, and writes the tiling into a block of
  /// the context's tiling pool. Call it before every Execute: Execute reads
  /// the block of the last Setup, which later Setups may reuse.
  virtual Status Setup(const VariantPack &variantPack, uint64_t &workspaceSize,
                       Context *context) = 0;

  /// Queues the operation on the context's stream.
  virtual Status Execute(const VariantPack &variantPack, uint8_t *workspace,
                         uint64_t workspaceSize, Context *context) = 0;
};

/// Creates the operation described by `opParam`. Defined (specialised) for
/// each supported parameter type.
template <typename OpParam>
Status CreateOperation(const OpParam &opParam, Operation **operation);

/// Destroys an operation created by CreateOperation.
Status DestroyOperation(Operation *operation);

/// Copies the parameters of `operation` into `opParam` (declared as in ATB;
/// the emulator does not define it).
template <typename OpParam>
Status CloneOperationParam(const Operation *operation, OpParam &opParam);

/// Replaces the parameters of `operation` (declared as in ATB; the emulator
/// does not define it).
template <typename OpParam>
Status UpdateOperationParam(Operation *operation, const OpParam &opParam);

/// Chooses which of the context's execute streams `operation` uses.
Status SetExecuteStreamId(Operation *operation, uint32_t streamId);
/// Returns the stream id set by SetExecuteStreamId (0 by default).
uint32_t GetExecuteStreamId(Operation *operation);

} // namespace atb

#endif // GATHER_ATB_EMULATOR_ATB_OPERATION_H

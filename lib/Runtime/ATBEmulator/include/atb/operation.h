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
  /// device workspace Execute needs. Must be repeated when shapes change.
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

} // namespace atb

#endif // GATHER_ATB_EMULATOR_ATB_OPERATION_H

//===- context.h - emulated atb::Context ------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// atb::Context carries the stream operations execute on.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ATB_CONTEXT_H
#define GATHER_ATB_EMULATOR_ATB_CONTEXT_H

#include "acl/acl.h"
#include "atb/types.h"

namespace atb {

/// Execution context of ATB operations.
class Context {
public:
  Context() = default;
  virtual ~Context() = default;

  /// Sets the stream Execute queues work on.
  virtual Status SetExecuteStream(aclrtStream stream) = 0;

  /// Returns the stream set by SetExecuteStream (null if none).
  virtual aclrtStream GetExecuteStream() const = 0;
};

/// Creates a context on the current device; needs aclInit and aclrtSetDevice.
Status CreateContext(Context **context);

/// Destroys a context created by CreateContext. Destroy every operation set
/// up with it first.
Status DestroyContext(Context *context);

} // namespace atb

#endif // GATHER_ATB_EMULATOR_ATB_CONTEXT_H

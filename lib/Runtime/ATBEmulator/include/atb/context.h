//===- context.h - emulated atb::Context ------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// atb::Context with the pure virtual methods of the public atb/context.h, so
// that code which derives from or calls it builds against the emulator only
// where it would build against CANN. The emulator's context owns a pool of
// host tiling blocks that Setup takes round-robin (see ATBEmulator.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ATB_CONTEXT_H
#define GATHER_ATB_EMULATOR_ATB_CONTEXT_H

#include "acl/acl.h"
#include "atb/types.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace atb {

/// How Execute issues work: in one call, or in two (PreLaunch, Launch).
enum ExecuteType : int {
  EXECUTE_NORMAL = 0,
  EXECUTE_PRELAUNCH,
  EXECUTE_LAUNCH,
};

/// Whether operations launch one kernel at a time or as a captured graph.
enum LaunchMode : int {
  KERNEL_LAUNCH_MODE = 0,
  GRAPH_LAUNCH_MODE,
};

/// Execution context of ATB operations.
class Context {
public:
  Context() = default;
  virtual ~Context() = default;
  /// Sets the stream Execute queues work on.
  virtual Status SetExecuteStream(aclrtStream stream) = 0;
  /// Returns the stream set by SetExecuteStream (null if none).
  virtual aclrtStream GetExecuteStream() const = 0;
  /// Turns copying the tiling on a separate stream on or off.
  virtual Status SetAsyncTilingCopyStatus(bool enable) = 0;
  virtual bool GetAsyncTilingCopyStatus() const = 0;
  /// Sets the streams operations choose from by their stream id.
  virtual Status SetExecuteStreams(const std::vector<aclrtStream> &streams) = 0;
  virtual std::vector<aclrtStream> GetExecuteStreams() = 0;
  virtual Status SetExecuteType(ExecuteType type) = 0;
  virtual ExecuteType GetExecuteType() = 0;
  virtual Status SetLaunchMode(LaunchMode mode) = 0;
  virtual LaunchMode GetLaunchMode() = 0;
};

/// Creates a context on the current device; needs aclInit and aclrtSetDevice.
Status CreateContext(Context **context);
/// Creates a context whose device tiling memory comes from `alloc` and goes
/// back through `dealloc` (both or neither must be given).
Status CreateContext(Context **context,
                     const std::function<void *(size_t)> &alloc,
                     const std::function<void(void *)> &dealloc);
/// Creates a context with the given numbers of host and device tiling blocks
/// (ATB accepts 128..1024 host and 32..1024 device blocks).
Status CreateContext(Context **context, uint32_t hostTilingBlockNum,
                     uint32_t deviceTilingBlockNum);
/// Destroys a context created by CreateContext. Destroy every operation set
/// up with it first.
Status DestroyContext(Context *context);

} // namespace atb

#endif // GATHER_ATB_EMULATOR_ATB_CONTEXT_H

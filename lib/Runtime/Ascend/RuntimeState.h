//===- RuntimeState.h - parts of the Ascend runtime -------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the files of libgather_ascend_runtime share: the diagnostics
// (RuntimeDiagnostics.cpp), the process state (RuntimeState.cpp) and the
// gather through ATB (RuntimeGather.cpp) under the C ABI of
// AscendRuntime.cpp. Written against the public ATB/ACL API only.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_LIB_RUNTIME_ASCEND_RUNTIMESTATE_H
#define GATHER_MLIR_LIB_RUNTIME_ASCEND_RUNTIMESTATE_H

#include "gather-mlir/Runtime/AscendRuntime.h"

#include "acl/acl.h"
#include "atb/context.h"
#include "atb/operation.h"
#include "atb/types.h"

#include <cstdint>
#include <list>
#include <map>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

namespace gather_atb_runtime {

/// Largest tensor ATB accepts; larger ones are left for Setup to reject
/// rather than allocated.
constexpr uint64_t kMaxTensorBytes = uint64_t(256) << 30;

//===----------------------------------------------------------------------===//
// Diagnostics (RuntimeDiagnostics.cpp)
//===----------------------------------------------------------------------===//

/// Prints `gather-atb: <call> failed with <NAME> (<code>)` for an ATB status.
int32_t atbFailure(const char *call, atb::Status status);

/// Prints `gather-atb: <call> failed with <NAME> (<code>)` for an aclError.
int32_t aclFailure(const char *call, aclError error);

/// Prints `gather-atb: <message>` for an argument the library rejects itself
/// and returns `status`.
int32_t argumentFailure(atb::Status status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/// `[d0, d1, ...]`.
std::string shapeString(const int64_t *shape, int64_t rank);

/// Runs `body`, turning an exception (the ATB headers throw) into a status:
/// no exception leaves the C ABI into generated code.
template <typename Body> int32_t guarded(const char *entry, Body body) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return argumentFailure(atb::ERROR_OUT_OF_HOST_MEMORY,
                           "%s: out of host memory", entry);
  } catch (const std::exception &e) {
    return argumentFailure(atb::ERROR_INTERNAL_ERROR,
                           "%s: unexpected exception: %s", entry, e.what());
  } catch (...) {
    return argumentFailure(atb::ERROR_INTERNAL_ERROR,
                           "%s: unexpected exception", entry);
  }
}

//===----------------------------------------------------------------------===//
// Process state (RuntimeState.cpp)
//===----------------------------------------------------------------------===//

/// Device memory the runtime obtains, through the host framework's callbacks
/// when it attached some, else aclrtMalloc/aclrtFree.
struct DeviceBuffer {
  void *data = nullptr;
  uint64_t bytes = 0;
};

struct RuntimeState {
  std::mutex mutex;
  bool initialized = false;
  /// Whether this library called aclInit (and so calls aclFinalize at
  /// shutdown).
  bool aclInitializedHere = false;
  int32_t device = 0;
  /// What a host framework handed in with gatherAtbAttach.
  bool attached = false;
  int32_t attachedDevice = 0;
  aclrtStream attachedStream = nullptr;
  GatherAtbAllocFn allocFn = nullptr;
  GatherAtbFreeFn freeFn = nullptr;
  void *allocUserData = nullptr;
  /// aclrtSetDevice calls this library made (undone at shutdown).
  int64_t setDeviceCalls = 0;
  /// The stream the runtime created (null when the host framework's is
  /// used) and the stream of the entry points that take none.
  aclrtStream ownStream = nullptr;
  aclrtStream defaultStream = nullptr;
  /// The stream the context was last told to execute on.
  aclrtStream contextStream = nullptr;
  atb::Context *context = nullptr;
  /// Operations by (axis, batchDims): an operation is set up before every
  /// Execute, so only its parameters identify it.
  std::map<std::pair<int64_t, int64_t>, atb::Operation *> operations;
  std::list<std::pair<int64_t, int64_t>> lru;
  /// One workspace that grows to the largest Setup asked for.
  DeviceBuffer workspace;
  /// Device copies of the host entry point's x, indices and output.
  DeviceBuffer staging[3];
  int64_t createOps = 0, setups = 0, executes = 0;
};

/// The one state of the process (never destroyed).
RuntimeState &runtime();

/// Device memory the runtime keeps between calls (workspace and staging
/// buffers) at most, from GATHER_ATB_MAX_KEPT_BYTES (default 1 GiB); above
/// it the staging buffers are freed after each call.
uint64_t maxKeptDeviceBytes();

/// Frees `buffer` (through the host framework's callback when it attached
/// one) and empties it.
int32_t freeBuffer(RuntimeState &rt, DeviceBuffer &buffer);

/// Makes `buffer` hold at least `bytes` bytes (contents are not kept).
int32_t growBuffer(RuntimeState &rt, DeviceBuffer &buffer, uint64_t bytes);

/// Releases everything in reverse order of creation: operations before the
/// context, the context before the stream, the device reset last; undoes
/// aclInit if this library did it.
int32_t shutdown(RuntimeState &rt);

/// Initialises ACL, the device, the stream and the context on first use and
/// makes the device current on the calling thread.
int32_t ensureInitialized(RuntimeState &rt);

//===----------------------------------------------------------------------===//
// Gather (RuntimeGather.cpp)
//===----------------------------------------------------------------------===//

/// One tensor argument of a gather: its host or device data, ACL dtype and
/// shape.
struct TensorArg {
  const char *name;
  const void *data;
  int32_t dtype;
  const int64_t *shape;
  int64_t rank;
};

/// Sets up and executes the gather of device tensors on `stream`, without
/// waiting for it.
int32_t launch(RuntimeState &rt, const TensorArg (&args)[3],
               void *const (&device)[3], int64_t axis, int64_t batchDims,
               aclrtStream stream);

/// Rejects arguments an atb::Tensor cannot even describe.
int32_t checkArgument(const char *entry, const TensorArg &arg);

/// The host entry point: copies x and indices in, gathers, waits once and
/// copies the result out.
int32_t gather(const char *entryName, const TensorArg (&args)[3], void *out,
               int64_t axis, int64_t batchDims);

} // namespace gather_atb_runtime

#endif // GATHER_MLIR_LIB_RUNTIME_ASCEND_RUNTIMESTATE_H

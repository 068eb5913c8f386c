//===- RuntimeState.cpp - process state of the Ascend runtime -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// One ATB context and one default stream serve the whole process; they are
// created on the first call (on the device and stream a host framework
// handed in with gatherAtbAttach, if it did) and released by
// gatherAtbShutdown, never at exit. Device memory comes from the host
// framework's callbacks when it attached some, else from aclrtMalloc.
//
//===----------------------------------------------------------------------===//

#include "RuntimeState.h"

#include "acl/acl.h"
#include "atb/context.h"
#include "atb/operation.h"

#include <cerrno>
#include <cstdlib>

using namespace gather_atb_runtime;

RuntimeState &gather_atb_runtime::runtime() {
  // Never destroyed: no destructor runs at exit, after ATB's own singletons
  // may be gone. gatherAtbShutdown releases everything explicitly.
  static RuntimeState *state = new RuntimeState;
  return *state;
}

uint64_t gather_atb_runtime::maxKeptDeviceBytes() {
  const char *env = std::getenv("GATHER_ATB_MAX_KEPT_BYTES");
  if (!env || !*env)
    return uint64_t(1) << 30;
  char *end = nullptr;
  unsigned long long value = std::strtoull(env, &end, 10);
  return *end ? uint64_t(1) << 30 : static_cast<uint64_t>(value);
}

int32_t gather_atb_runtime::freeBuffer(RuntimeState &rt, DeviceBuffer &buffer) {
  int32_t status = 0;
  if (buffer.data) {
    if (rt.freeFn)
      rt.freeFn(buffer.data, rt.allocUserData);
    else if (aclError err = aclrtFree(buffer.data))
      status = aclFailure("aclrtFree", err);
  }
  buffer = DeviceBuffer();
  return status;
}

int32_t gather_atb_runtime::growBuffer(RuntimeState &rt, DeviceBuffer &buffer,
                                       uint64_t bytes) {
  if (buffer.bytes >= bytes)
    return 0;
  if (int32_t st = freeBuffer(rt, buffer))
    return st;
  void *data = nullptr;
  if (rt.allocFn) {
    data = rt.allocFn(bytes, rt.allocUserData);
    if (!data)
      return argumentFailure(atb::ERROR_OUT_OF_DEVICE_MEMORY,
                             "the allocation callback returned null for %llu "
                             "bytes",
                             static_cast<unsigned long long>(bytes));
  } else if (aclError err =
                 aclrtMalloc(&data, bytes, ACL_MEM_MALLOC_HUGE_FIRST)) {
    return aclFailure("aclrtMalloc", err);
  }
  buffer.data = data;
  buffer.bytes = bytes;
  return 0;
}

/// Makes the device current on the calling thread unless the thread has a
/// current context already (a host framework that owns the device set it):
/// ACL binds devices per thread, and setting it again would disturb the
/// framework's context.
static int32_t bindThread(RuntimeState &rt) {
  aclrtContext current = nullptr;
  if (aclError err = aclrtGetCurrentContext(&current))
    return aclFailure("aclrtGetCurrentContext", err);
  if (current)
    return 0;
  if (aclError err = aclrtSetDevice(rt.device))
    return aclFailure("aclrtSetDevice", err);
  ++rt.setDeviceCalls;
  return 0;
}

int32_t gather_atb_runtime::shutdown(RuntimeState &rt) {
  int32_t first = 0;
  auto note = [&](int32_t status) {
    if (status && !first)
      first = status;
  };
  if (rt.initialized) {
    note(bindThread(rt));
    if (rt.defaultStream)
      if (aclError err = aclrtSynchronizeStream(rt.defaultStream))
        note(aclFailure("aclrtSynchronizeStream", err));
    for (auto &entry : rt.operations)
      if (atb::Status st = atb::DestroyOperation(entry.second))
        note(atbFailure("DestroyOperation", st));
    rt.operations.clear();
    rt.lru.clear();
    note(freeBuffer(rt, rt.workspace));
    for (DeviceBuffer &buffer : rt.staging)
      note(freeBuffer(rt, buffer));
    if (rt.context)
      if (atb::Status st = atb::DestroyContext(rt.context))
        note(atbFailure("DestroyContext", st));
    rt.context = nullptr;
    if (rt.ownStream)
      if (aclError err = aclrtDestroyStream(rt.ownStream))
        note(aclFailure("aclrtDestroyStream", err));
    rt.ownStream = rt.defaultStream = rt.contextStream = nullptr;
    for (; rt.setDeviceCalls > 0; --rt.setDeviceCalls)
      if (aclError err = aclrtResetDevice(rt.device))
        note(aclFailure("aclrtResetDevice", err));
    rt.initialized = false;
  }
  if (rt.aclInitializedHere) {
    if (aclError err = aclFinalize())
      note(aclFailure("aclFinalize", err));
    rt.aclInitializedHere = false;
  }
  return first;
}

/// Reads GATHER_ATB_DEVICE (default 0).
static int32_t deviceFromEnvironment(int32_t &device) {
  device = 0;
  const char *env = std::getenv("GATHER_ATB_DEVICE");
  if (!env || !*env)
    return 0;
  errno = 0;
  char *end = nullptr;
  long value = std::strtol(env, &end, 10);
  if (errno || *end || value < 0 || value > INT32_MAX)
    return argumentFailure(atb::ERROR_INVALID_PARAM,
                           "GATHER_ATB_DEVICE=%s is not a device number", env);
  device = static_cast<int32_t>(value);
  return 0;
}

int32_t gather_atb_runtime::ensureInitialized(RuntimeState &rt) {
  if (rt.initialized)
    return bindThread(rt);
  if (rt.attached) {
    rt.device = rt.attachedDevice;
  } else if (int32_t st = deviceFromEnvironment(rt.device)) {
    return st;
  }
  aclError err = aclInit(nullptr);
  // Someone else in the process initialised ACL already: use it, and leave
  // aclFinalize to them.
  if (err != ACL_SUCCESS && err != ACL_ERROR_REPEAT_INITIALIZE)
    return aclFailure("aclInit", err);
  rt.aclInitializedHere = err == ACL_SUCCESS;
  rt.initialized = true;
  int32_t status = bindThread(rt);
  if (!status && rt.attachedStream) {
    rt.defaultStream = rt.attachedStream;
  } else if (!status) {
    if (aclError err = aclrtCreateStream(&rt.ownStream)) {
      rt.ownStream = nullptr;
      status = aclFailure("aclrtCreateStream", err);
    }
    rt.defaultStream = rt.ownStream;
  }
  if (!status) {
    if (atb::Status st = atb::CreateContext(&rt.context)) {
      rt.context = nullptr;
      status = atbFailure("CreateContext", st);
    }
  }
  if (status)
    shutdown(rt);
  return status;
}

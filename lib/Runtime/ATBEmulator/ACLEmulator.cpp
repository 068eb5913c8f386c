//===- ACLEmulator.cpp - host emulation of the ACL runtime subset ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// aclInit/aclFinalize, devices, streams and device memory on the host.
//
// Device memory is host memory the emulator tracks. Freed blocks are kept in a
// quarantine (up to kQuarantineBytes) instead of being returned at once, so
// that a stale pointer is reported as use after free rather than silently
// hitting a new allocation. New allocations are filled with a garbage pattern
// so that reading memory nobody wrote shows up in results.
//
// Streams queue work; aclrtSynchronizeStream runs it. A task re-checks its
// pointers when it runs, like a device faulting on freed memory.
//
//===----------------------------------------------------------------------===//

#include "EmulatorState.h"
#include "gather_atb_emulator/Emulator.h"

#include "acl/acl.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <set>
#include <utility>

using namespace gather_atb_emulator;

namespace {

/// Number of emulated devices (ids 0..kNumDevices-1).
constexpr int32_t kNumDevices = 8;
/// Device memory the emulator hands out in total (the HBM of one device).
constexpr uint64_t kDeviceMemoryBytes = uint64_t(64) << 30;
/// Freed memory kept back to detect use after free.
constexpr uint64_t kQuarantineBytes = uint64_t(64) << 20;
/// Alignment of device allocations.
constexpr size_t kDeviceAlignment = 512;
/// Byte fresh device memory is filled with.
constexpr int kGarbageByte = 0xA5;

struct Allocation {
  uint64_t size;
  int32_t device;
};

struct FreedBlock {
  uint64_t size;
};

struct EmuStream {
  int32_t device;
  std::deque<StreamTask> pending;
};

struct AclState {
  std::mutex mutex;
  bool initialized = false;
  /// Live device allocations by start address.
  std::map<uintptr_t, Allocation> live;
  uint64_t liveBytes = 0;
  /// Quarantined freed blocks by start address, and their free order.
  std::map<uintptr_t, FreedBlock> freed;
  std::deque<uintptr_t> freedOrder;
  uint64_t freedBytes = 0;
  /// aclrtSetDevice reference counts and a generation per device, bumped
  /// when a device is first set so that stale thread bindings are ignored.
  int32_t deviceRefs[kNumDevices] = {};
  uint64_t deviceGeneration[kNumDevices] = {};
  std::set<EmuStream *> streams;
  TransferStats stats;
  /// One context handle per device, as aclrtGetCurrentContext returns it.
  char deviceContexts[kNumDevices] = {};
};

/// The state is never destroyed, so a runtime tearing down from an atexit
/// handler or a static destructor still finds it.
AclState &state() {
  static AclState *s = new AclState;
  return *s;
}

/// The device bound to this thread and the generation it was bound in.
thread_local int32_t tlsDevice = -1;
thread_local uint64_t tlsGeneration = 0;

bool validDeviceId(int32_t deviceId) {
  return deviceId >= 0 && deviceId < kNumDevices;
}

/// Returns true if `p` lies inside a live allocation; sets `base`/`alloc`.
bool findLive(uintptr_t p, uintptr_t &base, Allocation &alloc) {
  AclState &s = state();
  auto it = s.live.upper_bound(p);
  if (it == s.live.begin())
    return false;
  --it;
  if (p - it->first >= it->second.size)
    return false;
  base = it->first;
  alloc = it->second;
  return true;
}

/// Returns true if `p` lies inside a quarantined freed block.
bool findFreed(uintptr_t p, uintptr_t &base, uint64_t &size) {
  AclState &s = state();
  auto it = s.freed.upper_bound(p);
  if (it == s.freed.begin())
    return false;
  --it;
  if (p - it->first >= it->second.size)
    return false;
  base = it->first;
  size = it->second.size;
  return true;
}

/// Whether `p` is (or was, if still quarantined) device memory.
bool isDeviceMemory(const void *p) {
  uintptr_t base;
  Allocation alloc;
  uint64_t size;
  auto addr = reinterpret_cast<uintptr_t>(p);
  return findLive(addr, base, alloc) || findFreed(addr, base, size);
}

/// Releases quarantined blocks, oldest first, until the quarantine fits.
void trimQuarantine(uint64_t limit) {
  AclState &s = state();
  while (s.freedBytes > limit && !s.freedOrder.empty()) {
    uintptr_t base = s.freedOrder.front();
    s.freedOrder.pop_front();
    auto it = s.freed.find(base);
    if (it == s.freed.end())
      continue;
    s.freedBytes -= it->second.size;
    s.freed.erase(it);
    std::free(reinterpret_cast<void *>(base));
  }
}

/// Moves a live allocation to the quarantine.
void retire(std::map<uintptr_t, Allocation>::iterator it) {
  AclState &s = state();
  uintptr_t base = it->first;
  uint64_t size = it->second.size;
  s.liveBytes -= size;
  s.live.erase(it);
  // Scribble over the block so that a stale read sees garbage, not the
  // old contents.
  std::memset(reinterpret_cast<void *>(base), kGarbageByte, size);
  s.freed[base] = FreedBlock{size};
  s.freedOrder.push_back(base);
  s.freedBytes += size;
  trimQuarantine(kQuarantineBytes);
}

/// Runs (and removes) every task queued on `stream`; returns the first
/// failure.
aclError drain(EmuStream *stream) {
  aclError first = ACL_SUCCESS;
  while (!stream->pending.empty()) {
    StreamTask task = std::move(stream->pending.front());
    stream->pending.pop_front();
    aclError err = task();
    if (err != ACL_SUCCESS && first == ACL_SUCCESS)
      first = err;
  }
  return first;
}

/// Releases what the last aclrtResetDevice of `deviceId` releases on a
/// device: its streams (dropping queued work) and its memory.
void releaseDevice(int32_t deviceId) {
  AclState &s = state();
  for (auto it = s.streams.begin(); it != s.streams.end();) {
    EmuStream *stream = *it;
    if (stream->device != deviceId) {
      ++it;
      continue;
    }
    if (!stream->pending.empty())
      report("warning: device %d reset with %zu task(s) still queued on "
             "stream %p; they are dropped",
             deviceId, stream->pending.size(), static_cast<void *>(stream));
    it = s.streams.erase(it);
    delete stream;
  }
  uint64_t count = 0, bytes = 0;
  for (auto it = s.live.begin(); it != s.live.end();) {
    auto next = std::next(it);
    if (it->second.device == deviceId) {
      ++count;
      bytes += it->second.size;
      retire(it);
    }
    it = next;
  }
  if (count)
    report("warning: device %d reset with %llu allocation(s) (%llu bytes) "
           "still live; they are released",
           deviceId, static_cast<unsigned long long>(count),
           static_cast<unsigned long long>(bytes));
}

EmuStream *findStream(aclrtStream stream) {
  AclState &s = state();
  auto *emu = static_cast<EmuStream *>(stream);
  return s.streams.count(emu) ? emu : nullptr;
}

} // namespace

//===----------------------------------------------------------------------===//
// Internal interface
//===----------------------------------------------------------------------===//

std::mutex &gather_atb_emulator::emulatorMutex() { return state().mutex; }

void gather_atb_emulator::report(const char *format, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof(buffer), format, args);
  va_end(args);
  std::fprintf(stderr, "gather-atb-emulator: %s\n", buffer);
  std::fflush(stderr);
}

bool gather_atb_emulator::isAclInitialized() { return state().initialized; }

int32_t gather_atb_emulator::currentDevice() {
  AclState &s = state();
  if (!s.initialized || !validDeviceId(tlsDevice))
    return -1;
  if (s.deviceRefs[tlsDevice] == 0 ||
      s.deviceGeneration[tlsDevice] != tlsGeneration)
    return -1;
  return tlsDevice;
}

bool gather_atb_emulator::checkDeviceRange(const void *ptr, uint64_t size,
                                           const char *what, std::string &why) {
  char buffer[512];
  auto addr = reinterpret_cast<uintptr_t>(ptr);
  uintptr_t base;
  Allocation alloc;
  uint64_t freedSize;
  if (!ptr) {
    std::snprintf(buffer, sizeof(buffer), "%s is null", what);
  } else if (findLive(addr, base, alloc)) {
    uint64_t room = alloc.size - (addr - base);
    if (size <= room)
      return true;
    std::snprintf(buffer, sizeof(buffer),
                  "%s: %llu bytes at %p overrun the device allocation of "
                  "%llu bytes at %p (only %llu bytes left)",
                  what, static_cast<unsigned long long>(size), ptr,
                  static_cast<unsigned long long>(alloc.size),
                  reinterpret_cast<void *>(base),
                  static_cast<unsigned long long>(room));
  } else if (findFreed(addr, base, freedSize)) {
    std::snprintf(buffer, sizeof(buffer),
                  "%s: %p is in device memory that was freed (the block of "
                  "%llu bytes at %p)",
                  what, ptr, static_cast<unsigned long long>(freedSize),
                  reinterpret_cast<void *>(base));
  } else {
    std::snprintf(buffer, sizeof(buffer),
                  "%s: %p is not device memory from aclrtMalloc", what, ptr);
  }
  why = buffer;
  return false;
}

bool gather_atb_emulator::isLiveStream(aclrtStream stream) {
  return findStream(stream) != nullptr;
}

void gather_atb_emulator::enqueueTask(aclrtStream stream, StreamTask task) {
  if (EmuStream *emu = findStream(stream))
    emu->pending.push_back(std::move(task));
}

const char *gather_atb_emulator::dtypeName(aclDataType dtype) {
  switch (dtype) {
#define GATHER_ATB_ELEMENT_TYPE(Name, Acl, ...)                                \
  case ACL_##Acl:                                                              \
    return "ACL_" #Acl;
#include "gather-mlir/Runtime/ATBElementTypes.def"
  case ACL_DT_UNDEFINED:
    return "ACL_DT_UNDEFINED";
  case ACL_INT8:
    return "ACL_INT8";
  case ACL_UINT8:
    return "ACL_UINT8";
  case ACL_INT16:
    return "ACL_INT16";
  case ACL_UINT16:
    return "ACL_UINT16";
  case ACL_UINT64:
    return "ACL_UINT64";
  case ACL_DOUBLE:
    return "ACL_DOUBLE";
  case ACL_BOOL:
    return "ACL_BOOL";
  case ACL_STRING:
    return "ACL_STRING";
  case ACL_COMPLEX64:
    return "ACL_COMPLEX64";
  case ACL_COMPLEX128:
    return "ACL_COMPLEX128";
  }
  return "unknown dtype";
}

uint64_t gather_atb_emulator::dtypeSize(aclDataType dtype) {
  switch (dtype) {
#define GATHER_ATB_ELEMENT_TYPE(Name, Acl, Value, Suffix, Bytes, ...)          \
  case ACL_##Acl:                                                              \
    return Bytes;
#include "gather-mlir/Runtime/ATBElementTypes.def"
  case ACL_INT8:
  case ACL_UINT8:
  case ACL_BOOL:
    return 1;
  case ACL_INT16:
  case ACL_UINT16:
    return 2;
  case ACL_UINT64:
  case ACL_DOUBLE:
  case ACL_COMPLEX64:
    return 8;
  case ACL_COMPLEX128:
    return 16;
  case ACL_DT_UNDEFINED:
  case ACL_STRING:
    return 0;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Emulated ACL API
//===----------------------------------------------------------------------===//

aclError aclInit(const char *configPath) {
  (void)configPath;
  std::lock_guard<std::mutex> lock(emulatorMutex());
  AclState &s = state();
  if (s.initialized) {
    report("aclInit: ACL is already initialised");
    return ACL_ERROR_REPEAT_INITIALIZE;
  }
  s.initialized = true;
  return ACL_SUCCESS;
}

aclError aclFinalize(void) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  AclState &s = state();
  if (!s.initialized) {
    report("aclFinalize: ACL is not initialised");
    return ACL_ERROR_REPEAT_FINALIZE;
  }
  for (int32_t d = 0; d < kNumDevices; ++d) {
    if (s.deviceRefs[d] == 0)
      continue;
    report("warning: aclFinalize with device %d still set", d);
    s.deviceRefs[d] = 0;
    releaseDevice(d);
  }
  s.initialized = false;
  return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  AclState &s = state();
  if (!s.initialized) {
    report("aclrtSetDevice: called before aclInit");
    return ACL_ERROR_UNINITIALIZE;
  }
  if (!validDeviceId(deviceId)) {
    report("aclrtSetDevice: device %d does not exist (the emulator has "
           "devices 0..%d)",
           deviceId, kNumDevices - 1);
    return ACL_ERROR_RT_INVALID_DEVICEID;
  }
  if (s.deviceRefs[deviceId]++ == 0)
    ++s.deviceGeneration[deviceId];
  ++s.stats.setDeviceCalls;
  tlsDevice = deviceId;
  tlsGeneration = s.deviceGeneration[deviceId];
  return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  AclState &s = state();
  if (!s.initialized) {
    report("aclrtResetDevice: called before aclInit");
    return ACL_ERROR_UNINITIALIZE;
  }
  if (!validDeviceId(deviceId)) {
    report("aclrtResetDevice: device %d does not exist", deviceId);
    return ACL_ERROR_RT_INVALID_DEVICEID;
  }
  if (s.deviceRefs[deviceId] == 0) {
    report("aclrtResetDevice: device %d is not set", deviceId);
    return ACL_ERROR_INVALID_PARAM;
  }
  if (--s.deviceRefs[deviceId] == 0)
    releaseDevice(deviceId);
  return ACL_SUCCESS;
}

aclError aclrtCreateStream(aclrtStream *stream) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  AclState &s = state();
  if (!s.initialized) {
    report("aclrtCreateStream: called before aclInit");
    return ACL_ERROR_UNINITIALIZE;
  }
  if (!stream) {
    report("aclrtCreateStream: stream is null");
    return ACL_ERROR_INVALID_PARAM;
  }
  int32_t device = currentDevice();
  if (device < 0) {
    report("aclrtCreateStream: no device is set on this thread (call "
           "aclrtSetDevice first)");
    return ACL_ERROR_RT_CONTEXT_NULL;
  }
  auto *emu = new EmuStream{device, {}};
  s.streams.insert(emu);
  *stream = emu;
  return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  AclState &s = state();
  if (!s.initialized) {
    report("aclrtDestroyStream: called before aclInit");
    return ACL_ERROR_UNINITIALIZE;
  }
  EmuStream *emu = findStream(stream);
  if (!emu) {
    report("aclrtDestroyStream: %p is not a live stream", stream);
    return ACL_ERROR_INVALID_PARAM;
  }
  // Queued work still runs on a device; run it, then forget the stream.
  if (aclError err = drain(emu))
    report("warning: aclrtDestroyStream: queued work failed with %d", err);
  s.streams.erase(emu);
  delete emu;
  return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  AclState &s = state();
  if (!s.initialized) {
    report("aclrtSynchronizeStream: called before aclInit");
    return ACL_ERROR_UNINITIALIZE;
  }
  if (!stream) {
    // The default stream of the current device; the emulator queues nothing
    // on it.
    if (currentDevice() < 0) {
      report("aclrtSynchronizeStream: no device is set on this thread");
      return ACL_ERROR_RT_CONTEXT_NULL;
    }
    ++s.stats.synchronizations;
    return ACL_SUCCESS;
  }
  EmuStream *emu = findStream(stream);
  if (!emu) {
    report("aclrtSynchronizeStream: %p is not a live stream", stream);
    return ACL_ERROR_INVALID_PARAM;
  }
  ++s.stats.synchronizations;
  return drain(emu);
}

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  AclState &s = state();
  if (!s.initialized) {
    report("aclrtMalloc: called before aclInit");
    return ACL_ERROR_UNINITIALIZE;
  }
  if (!devPtr || size == 0) {
    report("aclrtMalloc: %s", !devPtr ? "devPtr is null" : "size is 0");
    return ACL_ERROR_INVALID_PARAM;
  }
  if (policy != ACL_MEM_MALLOC_HUGE_FIRST &&
      policy != ACL_MEM_MALLOC_HUGE_ONLY &&
      policy != ACL_MEM_MALLOC_NORMAL_ONLY) {
    report("aclrtMalloc: unknown policy %d", static_cast<int>(policy));
    return ACL_ERROR_INVALID_PARAM;
  }
  int32_t device = currentDevice();
  if (device < 0) {
    report("aclrtMalloc: no device is set on this thread");
    return ACL_ERROR_RT_CONTEXT_NULL;
  }
  if (size > kDeviceMemoryBytes - s.liveBytes) {
    report("aclrtMalloc: %zu bytes do not fit in the emulated device memory "
           "(%llu of %llu bytes in use)",
           size, static_cast<unsigned long long>(s.liveBytes),
           static_cast<unsigned long long>(kDeviceMemoryBytes));
    return ACL_ERROR_BAD_ALLOC;
  }
  size_t rounded =
      (size + kDeviceAlignment - 1) / kDeviceAlignment * kDeviceAlignment;
  void *p = std::aligned_alloc(kDeviceAlignment, rounded);
  if (!p) {
    // Give the quarantine back to the host and try once more.
    trimQuarantine(0);
    p = std::aligned_alloc(kDeviceAlignment, rounded);
  }
  if (!p) {
    report("aclrtMalloc: out of host memory for %zu bytes", size);
    return ACL_ERROR_BAD_ALLOC;
  }
  std::memset(p, kGarbageByte, size);
  s.live[reinterpret_cast<uintptr_t>(p)] = Allocation{size, device};
  s.liveBytes += size;
  *devPtr = p;
  return ACL_SUCCESS;
}

aclError aclrtFree(void *devPtr) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  AclState &s = state();
  if (!s.initialized) {
    report("aclrtFree: called before aclInit");
    return ACL_ERROR_UNINITIALIZE;
  }
  if (!devPtr) {
    report("aclrtFree: devPtr is null");
    return ACL_ERROR_INVALID_PARAM;
  }
  auto addr = reinterpret_cast<uintptr_t>(devPtr);
  auto it = s.live.find(addr);
  if (it != s.live.end()) {
    retire(it);
    return ACL_SUCCESS;
  }
  uintptr_t base;
  Allocation alloc;
  uint64_t size;
  if (s.freed.count(addr))
    report("aclrtFree: %p was already freed (double free)", devPtr);
  else if (findLive(addr, base, alloc))
    report("aclrtFree: %p is inside the allocation at %p, not its start",
           devPtr, reinterpret_cast<void *>(base));
  else if (findFreed(addr, base, size))
    report("aclrtFree: %p is inside freed device memory", devPtr);
  else
    report("aclrtFree: %p is not device memory from aclrtMalloc", devPtr);
  return ACL_ERROR_INVALID_PARAM;
}

namespace {

/// Checks the arguments of a copy of `count` bytes of kind `kind` (the
/// caller holds the mutex) and counts it; returns the error to report.
aclError checkCopy(const char *api, void *dst, size_t destMax, const void *src,
                   size_t count, aclrtMemcpyKind kind) {
  AclState &s = state();
  if (!s.initialized) {
    report("%s: called before aclInit", api);
    return ACL_ERROR_UNINITIALIZE;
  }
  if (currentDevice() < 0) {
    report("%s: no device is set on this thread", api);
    return ACL_ERROR_RT_CONTEXT_NULL;
  }
  if (!dst || !src) {
    report("%s: %s is null", api, !dst ? "dst" : "src");
    return ACL_ERROR_INVALID_PARAM;
  }
  if (count > destMax) {
    report("%s: count %zu exceeds destMax %zu", api, count, destMax);
    return ACL_ERROR_INVALID_PARAM;
  }
  bool dstOnDevice, srcOnDevice;
  switch (kind) {
  case ACL_MEMCPY_HOST_TO_HOST:
    dstOnDevice = srcOnDevice = false;
    break;
  case ACL_MEMCPY_HOST_TO_DEVICE:
    dstOnDevice = true;
    srcOnDevice = false;
    break;
  case ACL_MEMCPY_DEVICE_TO_HOST:
    dstOnDevice = false;
    srcOnDevice = true;
    break;
  case ACL_MEMCPY_DEVICE_TO_DEVICE:
    dstOnDevice = srcOnDevice = true;
    break;
  default:
    report("%s: unknown kind %d", api, static_cast<int>(kind));
    return ACL_ERROR_INVALID_PARAM;
  }
  if (count == 0)
    return ACL_SUCCESS;
  std::string why;
  if (dstOnDevice && !checkDeviceRange(dst, count, "dst", why)) {
    report("%s: %s", api, why.c_str());
    return ACL_ERROR_INVALID_PARAM;
  }
  if (srcOnDevice && !checkDeviceRange(src, count, "src", why)) {
    report("%s: %s", api, why.c_str());
    return ACL_ERROR_INVALID_PARAM;
  }
  if (!dstOnDevice && isDeviceMemory(dst)) {
    report("%s: dst %p is device memory but the kind says host", api, dst);
    return ACL_ERROR_INVALID_PARAM;
  }
  if (!srcOnDevice && isDeviceMemory(src)) {
    report("%s: src %p is device memory but the kind says host", api, src);
    return ACL_ERROR_INVALID_PARAM;
  }
  TransferStats &stats = s.stats;
  if (kind == ACL_MEMCPY_HOST_TO_DEVICE) {
    stats.hostToDeviceBytes += count;
    ++stats.hostToDeviceCopies;
  } else if (kind == ACL_MEMCPY_DEVICE_TO_HOST) {
    stats.deviceToHostBytes += count;
    ++stats.deviceToHostCopies;
  } else if (kind == ACL_MEMCPY_DEVICE_TO_DEVICE) {
    stats.deviceToDeviceBytes += count;
  }
  return ACL_SUCCESS;
}

} // namespace

aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                     aclrtMemcpyKind kind) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  if (aclError err = checkCopy("aclrtMemcpy", dst, destMax, src, count, kind))
    return err;
  if (count)
    std::memmove(dst, src, count);
  return ACL_SUCCESS;
}

aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src,
                          size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  if (state().initialized && !findStream(stream)) {
    report("aclrtMemcpyAsync: %p is not a live stream", stream);
    return ACL_ERROR_INVALID_PARAM;
  }
  if (aclError err =
          checkCopy("aclrtMemcpyAsync", dst, destMax, src, count, kind))
    return err;
  if (count == 0)
    return ACL_SUCCESS;
  bool dstOnDevice =
      kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
  bool srcOnDevice =
      kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
  // The device memory must still be live when the stream gets to the copy.
  enqueueTask(stream, [=]() -> aclError {
    std::string why;
    if ((dstOnDevice && !checkDeviceRange(dst, count, "dst", why)) ||
        (srcOnDevice && !checkDeviceRange(src, count, "src", why))) {
      report("aclrtMemcpyAsync (running on the stream): %s", why.c_str());
      return ACL_ERROR_RT_PARAM_INVALID;
    }
    std::memmove(dst, src, count);
    return ACL_SUCCESS;
  });
  return ACL_SUCCESS;
}

aclError aclrtGetDevice(int32_t *deviceId) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  if (!deviceId) {
    report("aclrtGetDevice: deviceId is null");
    return ACL_ERROR_INVALID_PARAM;
  }
  int32_t device = currentDevice();
  if (device < 0)
    return ACL_ERROR_RT_CONTEXT_NULL;
  *deviceId = device;
  return ACL_SUCCESS;
}

aclError aclrtGetCurrentContext(aclrtContext *context) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  if (!context) {
    report("aclrtGetCurrentContext: context is null");
    return ACL_ERROR_INVALID_PARAM;
  }
  int32_t device = currentDevice();
  *context = device < 0 ? nullptr : &state().deviceContexts[device];
  return ACL_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Emulator-only API
//===----------------------------------------------------------------------===//

TransferStats gather_atb_emulator::getTransferStats() {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  return state().stats;
}

void gather_atb_emulator::resetTransferStats() {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  state().stats = TransferStats();
}

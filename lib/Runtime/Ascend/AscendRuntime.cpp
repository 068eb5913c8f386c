//===- AscendRuntime.cpp - host runtime of the Ascend gather path ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Runs gathers through the ATB GatherOperation. Written against the public
// ATB/ACL API only, so the same source builds against a CANN install or the
// in-tree emulator.
//
// One ATB context and one default stream serve the whole process; they are
// created on the first call (on the device and stream a host framework
// handed in with gatherAtbAttach, if it did) and released by
// gatherAtbShutdown, never at exit. Operations are cached by their
// parameters (axis, batchDims) and set up before every Execute: Setup writes
// the tiling into a block of the context's pool that later Setups of other
// operations reuse. One workspace grows to the largest size Setup asks for.
//
// The ATB headers throw (atb/svector.h), so this file is built with
// exceptions; every C entry point catches them (guarded) so that none
// reaches the generated code that calls it.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Runtime/AscendRuntime.h"

#include "acl/acl.h"
#include "atb/context.h"
#include "atb/infer_op_params.h"
#include "atb/operation.h"
#include "atb/types.h"
#include "atb/utils.h"
#ifdef GATHER_ATB_EMULATOR
#include "gather_atb_emulator/Emulator.h"
#endif

#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <list>
#include <map>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

/// The ACL data type and size of the element type of each suffix of the
/// entry points (ATBElementTypes.def): gather_atb_entry_types::f16, ...
namespace gather_atb_entry_types {
struct ElementType {
  aclDataType dtype;
  uint64_t bytes;
};
#define GATHER_ATB_ELEMENT_TYPE(Name, Acl, Value, Suffix, Bytes, ...)          \
  static_assert(int(GATHER_ATB_DT_##Acl) == int(ACL_##Acl),                    \
                "aclDataType mismatch");                                       \
  constexpr ElementType Suffix = {ACL_##Acl, Bytes};
#include "gather-mlir/Runtime/ATBElementTypes.def"
} // namespace gather_atb_entry_types

namespace {

/// Largest tensor ATB accepts; larger ones are left for Setup to reject
/// rather than allocated.
constexpr uint64_t kMaxTensorBytes = uint64_t(256) << 30;

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

struct StatusName {
  int32_t code;
  const char *name;
};

// The codes a gather can produce; others print as unlisted.
constexpr StatusName kAtbStatusNames[] = {
    {atb::NO_ERROR, "NO_ERROR"},
    {atb::ERROR_INVALID_PARAM, "ERROR_INVALID_PARAM"},
    {atb::ERROR_INTERNAL_ERROR, "ERROR_INTERNAL_ERROR"},
    {atb::ERROR_RT_FAIL, "ERROR_RT_FAIL"},
    {atb::ERROR_OUT_OF_DEVICE_MEMORY, "ERROR_OUT_OF_DEVICE_MEMORY"},
    {atb::ERROR_OUT_OF_HOST_MEMORY, "ERROR_OUT_OF_HOST_MEMORY"},
    {atb::ERROR_INVALID_IN_TENSOR_NUM, "ERROR_INVALID_IN_TENSOR_NUM"},
    {atb::ERROR_INVALID_TENSOR_DTYPE, "ERROR_INVALID_TENSOR_DTYPE"},
    {atb::ERROR_INVALID_TENSOR_DIM, "ERROR_INVALID_TENSOR_DIM"},
    {atb::ERROR_INVALID_TENSOR_SIZE, "ERROR_INVALID_TENSOR_SIZE"},
    {atb::ERROR_CANN_ERROR, "ERROR_CANN_ERROR"},
    {atb::ERROR_INVALID_TENSOR_INI_MATCH, "ERROR_INVALID_TENSOR_INI_MATCH"},
    {atb::ERROR_INVALID_TENSOR_DIM_NUM, "ERROR_INVALID_TENSOR_DIM_NUM"},
};

// Numeric, so that the table does not depend on which names a given CANN
// release declares.
constexpr StatusName kAclErrorNames[] = {
    {0, "ACL_SUCCESS"},
    {100000, "ACL_ERROR_INVALID_PARAM"},
    {100001, "ACL_ERROR_UNINITIALIZE"},
    {100002, "ACL_ERROR_REPEAT_INITIALIZE"},
    {100003, "ACL_ERROR_INVALID_FILE"},
    {100037, "ACL_ERROR_REPEAT_FINALIZE"},
    {107000, "ACL_ERROR_RT_PARAM_INVALID"},
    {107001, "ACL_ERROR_RT_INVALID_DEVICEID"},
    {107002, "ACL_ERROR_RT_CONTEXT_NULL"},
    {107003, "ACL_ERROR_RT_STREAM_CONTEXT"},
    {200000, "ACL_ERROR_BAD_ALLOC"},
    {200001, "ACL_ERROR_API_NOT_SUPPORT"},
    {500000, "ACL_ERROR_INTERNAL_ERROR"},
    {500001, "ACL_ERROR_FAILURE"},
    {507015, "ACL_ERROR_RT_AICORE_EXCEPTION"},
};

template <size_t N>
const char *lookupName(const StatusName (&table)[N], int32_t code,
                       const char *fallback) {
  for (const StatusName &entry : table)
    if (entry.code == code)
      return entry.name;
  return fallback;
}

/// Prints `gather-atb: <call> failed with <NAME> (<code>)` for an ATB status.
int32_t atbFailure(const char *call, atb::Status status) {
  std::fprintf(stderr, "gather-atb: %s failed with %s (%d)\n", call,
               lookupName(kAtbStatusNames, status, "UNLISTED_ATB_STATUS"),
               static_cast<int>(status));
  std::fflush(stderr);
  return status;
}

/// Prints `gather-atb: <call> failed with <NAME> (<code>)` for an aclError.
int32_t aclFailure(const char *call, aclError error) {
  std::fprintf(stderr, "gather-atb: %s failed with %s (%d)\n", call,
               lookupName(kAclErrorNames, error, "UNLISTED_ACL_ERROR"),
               static_cast<int>(error));
  std::fflush(stderr);
  return error;
}

/// Prints `gather-atb: <message>` for an argument the library rejects itself
/// and returns `status`.
int32_t argumentFailure(atb::Status status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
int32_t argumentFailure(atb::Status status, const char *format, ...) {
  char buffer[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof(buffer), format, args);
  va_end(args);
  std::fprintf(stderr, "gather-atb: %s\n", buffer);
  std::fflush(stderr);
  return status;
}

std::string shapeString(const int64_t *shape, int64_t rank) {
  std::string s = "[";
  for (int64_t i = 0; i < rank; ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

//===----------------------------------------------------------------------===//
// Process state
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

RuntimeState &runtime() {
  // Never destroyed: no destructor runs at exit, after ATB's own singletons
  // may be gone. gatherAtbShutdown releases everything explicitly.
  static RuntimeState *state = new RuntimeState;
  return *state;
}

/// Device memory the runtime keeps between calls (workspace and staging
/// buffers) at most, from GATHER_ATB_MAX_KEPT_BYTES (default 1 GiB); above
/// it the staging buffers are freed after each call.
uint64_t maxKeptDeviceBytes() {
  const char *env = std::getenv("GATHER_ATB_MAX_KEPT_BYTES");
  if (!env || !*env)
    return uint64_t(1) << 30;
  char *end = nullptr;
  unsigned long long value = std::strtoull(env, &end, 10);
  return *end ? uint64_t(1) << 30 : static_cast<uint64_t>(value);
}

/// Operations kept at once (they hold host memory only).
constexpr size_t kMaxOperations = 64;

int32_t freeBuffer(RuntimeState &rt, DeviceBuffer &buffer) {
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

/// Makes `buffer` hold at least `bytes` bytes (contents are not kept).
int32_t growBuffer(RuntimeState &rt, DeviceBuffer &buffer, uint64_t bytes) {
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
int32_t bindThread(RuntimeState &rt) {
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

/// Releases everything in reverse order of creation: operations before the
/// context, the context before the stream, the device reset last; undoes
/// aclInit if this library did it.
int32_t shutdown(RuntimeState &rt) {
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
int32_t deviceFromEnvironment(int32_t &device) {
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

/// Initialises ACL, the device, the stream and the context on first use and
/// makes the device current on the calling thread.
int32_t ensureInitialized(RuntimeState &rt) {
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

//===----------------------------------------------------------------------===//
// Gather
//===----------------------------------------------------------------------===//

struct TensorArg {
  const char *name;
  const void *data;
  int32_t dtype;
  const int64_t *shape;
  int64_t rank;
};

/// Fills an atb::Tensor from an argument and its device data.
atb::Tensor makeTensor(const TensorArg &arg, void *deviceData) {
  atb::Tensor tensor;
  tensor.desc.dtype = static_cast<aclDataType>(arg.dtype);
  tensor.desc.format = ACL_FORMAT_ND;
  tensor.desc.shape.dimNum = static_cast<uint64_t>(arg.rank);
  for (int64_t i = 0; i < arg.rank; ++i)
    tensor.desc.shape.dims[i] = arg.shape[i];
  tensor.dataSize = atb::Utils::GetTensorSize(tensor);
  tensor.deviceData = deviceData;
  return tensor;
}

/// Returns the operation of (axis, batchDims), creating it on first use.
int32_t getOperation(RuntimeState &rt, int64_t axis, int64_t batchDims,
                     atb::Operation *&op) {
  std::pair<int64_t, int64_t> key(axis, batchDims);
  auto it = rt.operations.find(key);
  if (it != rt.operations.end()) {
    rt.lru.remove(key);
    rt.lru.push_front(key);
    op = it->second;
    return 0;
  }
  atb::infer::GatherParam param;
  param.axis = axis;
  param.batchDims = batchDims;
  ++rt.createOps;
  op = nullptr;
  if (atb::Status st = atb::CreateOperation(param, &op)) {
    op = nullptr;
    return atbFailure("CreateOperation", st);
  }
  while (rt.operations.size() >= kMaxOperations) {
    // Work queued with the oldest operation must finish before it goes.
    if (aclError err = aclrtSynchronizeStream(rt.contextStream))
      return aclFailure("aclrtSynchronizeStream", err);
    auto oldest = rt.operations.find(rt.lru.back());
    if (atb::Status st = atb::DestroyOperation(oldest->second))
      atbFailure("DestroyOperation", st);
    rt.operations.erase(oldest);
    rt.lru.pop_back();
  }
  rt.operations.emplace(key, op);
  rt.lru.push_front(key);
  return 0;
}

/// Sets up and executes the gather of device tensors on `stream`, without
/// waiting for it.
int32_t launch(RuntimeState &rt, const TensorArg (&args)[3],
               void *const (&device)[3], int64_t axis, int64_t batchDims,
               aclrtStream stream) {
  atb::Operation *op;
  if (int32_t st = getOperation(rt, axis, batchDims, op))
    return st;
  if (stream != rt.contextStream) {
    if (atb::Status st = rt.context->SetExecuteStream(stream))
      return atbFailure("SetExecuteStream", st);
    rt.contextStream = stream;
  }
  atb::VariantPack pack;
  pack.inTensors = {makeTensor(args[0], device[0]),
                    makeTensor(args[1], device[1])};
  pack.outTensors = {makeTensor(args[2], device[2])};
  // Setup before every Execute: it writes the tiling into a block of the
  // context's pool that later Setups of other operations reuse.
  uint64_t workspaceSize = 0;
  ++rt.setups;
  if (atb::Status st = op->Setup(pack, workspaceSize, rt.context))
    return atbFailure("Setup", st);
  if (workspaceSize > rt.workspace.bytes) {
    // The old workspace may still be in use by queued work.
    if (rt.workspace.data)
      if (aclError err = aclrtSynchronizeStream(stream))
        return aclFailure("aclrtSynchronizeStream", err);
    if (int32_t st = growBuffer(rt, rt.workspace, workspaceSize))
      return st;
  }
  ++rt.executes;
  if (atb::Status st =
          op->Execute(pack, static_cast<uint8_t *>(rt.workspace.data),
                      workspaceSize, rt.context))
    return atbFailure("Execute", st);
  return 0;
}

/// Rejects arguments an atb::Tensor cannot even describe.
int32_t checkArgument(const char *entry, const TensorArg &arg) {
  if (!arg.data)
    return argumentFailure(atb::ERROR_INVALID_PARAM, "%s: %s is null", entry,
                           arg.name);
  if (arg.rank < 0)
    return argumentFailure(atb::ERROR_INVALID_PARAM, "%s: %s has rank %" PRId64,
                           entry, arg.name, arg.rank);
  if (arg.rank > static_cast<int64_t>(atb::MAX_DIM))
    return argumentFailure(
        atb::ERROR_INVALID_TENSOR_DIM_NUM,
        "%s: %s has rank %" PRId64 ", more than atb::MAX_DIM (%u)", entry,
        arg.name, arg.rank, static_cast<unsigned>(atb::MAX_DIM));
  if (arg.rank > 0 && !arg.shape)
    return argumentFailure(atb::ERROR_INVALID_PARAM, "%s: %s shape is null",
                           entry, arg.name);
  // aclDataType is an enum whose values lie in [-1, 43]; anything else is
  // not a dtype at all.
  if (arg.dtype < -1 || arg.dtype > 43)
    return argumentFailure(atb::ERROR_INVALID_TENSOR_DTYPE,
                           "%s: %s dtype %d is not an aclDataType value", entry,
                           arg.name, static_cast<int>(arg.dtype));
  return 0;
}

/// The host entry point: copies x and indices in, gathers, waits once and
/// copies the result out.
int32_t gather(const char *entryName, const TensorArg (&args)[3], void *out,
               int64_t axis, int64_t batchDims) {
  for (const TensorArg &arg : args)
    if (int32_t st = checkArgument(entryName, arg))
      return st;

  RuntimeState &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (int32_t st = ensureInitialized(rt))
    return st;

  void *device[3] = {nullptr, nullptr, nullptr};
  uint64_t bytes[3];
  for (int t = 0; t < 3; ++t) {
    bytes[t] = makeTensor(args[t], nullptr).dataSize;
    // Sizes ATB rejects are left to Setup to report; the tensor still needs
    // an address for Execute's checks never to be reached.
    if (bytes[t] == 0 || bytes[t] > kMaxTensorBytes)
      continue;
    if (int32_t st = growBuffer(rt, rt.staging[t], bytes[t]))
      return st;
    device[t] = rt.staging[t].data;
  }
  for (int t = 0; t < 2; ++t)
    if (device[t])
      if (aclError err =
              aclrtMemcpyAsync(device[t], bytes[t], args[t].data, bytes[t],
                               ACL_MEMCPY_HOST_TO_DEVICE, rt.defaultStream))
        return aclFailure("aclrtMemcpyAsync", err);
  int32_t status = launch(rt, args, device, axis, batchDims, rt.defaultStream);
  if (aclError err = aclrtSynchronizeStream(rt.defaultStream))
    if (!status)
      status = aclFailure("aclrtSynchronizeStream", err);
  if (!status)
    if (aclError err = aclrtMemcpy(out, bytes[2], device[2], bytes[2],
                                   ACL_MEMCPY_DEVICE_TO_HOST))
      status = aclFailure("aclrtMemcpy", err);
  uint64_t kept = rt.workspace.bytes;
  for (const DeviceBuffer &buffer : rt.staging)
    kept += buffer.bytes;
  if (kept > maxKeptDeviceBytes())
    for (DeviceBuffer &buffer : rt.staging)
      freeBuffer(rt, buffer);
  return status;
}

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
// Memref wrappers
//===----------------------------------------------------------------------===//

/// The start of a ranked memref descriptor; sizes and strides follow.
struct RankedDescriptorHeader {
  void *allocated;
  void *aligned;
  int64_t offset;
};

/// Extracts the buffer and shape of an identity-layout memref.
int32_t unpackMemRef(const char *entry, const char *name,
                     const GatherAtbUnrankedMemRef *memref, uint64_t elemSize,
                     TensorArg &arg) {
  if (!memref || !memref->descriptor)
    return argumentFailure(atb::ERROR_INVALID_PARAM, "%s: %s memref is null",
                           entry, name);
  int64_t rank = memref->rank;
  if (rank < 0 || rank > static_cast<int64_t>(atb::MAX_DIM))
    return argumentFailure(
        rank < 0 ? atb::ERROR_INVALID_PARAM : atb::ERROR_INVALID_TENSOR_DIM_NUM,
        "%s: %s memref has rank %" PRId64 "; ranks 1 to 8 are supported", entry,
        name, rank);
  auto *header =
      static_cast<const RankedDescriptorHeader *>(memref->descriptor);
  auto *sizes = reinterpret_cast<const int64_t *>(header + 1);
  const int64_t *strides = sizes + rank;
  // Row-major contiguous: each stride is the product of the sizes after it.
  // Unit dimensions may carry any stride; an empty memref has no layout.
  bool empty = false;
  for (int64_t i = 0; i < rank; ++i)
    empty |= sizes[i] == 0;
  int64_t expected = 1;
  for (int64_t i = rank - 1; i >= 0 && !empty; --i) {
    if (sizes[i] != 1 && strides[i] != expected)
      return argumentFailure(
          atb::ERROR_INVALID_PARAM,
          "%s: %s memref is not contiguous (sizes %s, strides %s)", entry, name,
          shapeString(sizes, rank).c_str(), shapeString(strides, rank).c_str());
    expected *= sizes[i];
  }
  if (header->offset < 0)
    return argumentFailure(atb::ERROR_INVALID_PARAM,
                           "%s: %s memref has offset %" PRId64, entry, name,
                           header->offset);
  arg.name = name;
  arg.data = static_cast<const uint8_t *>(header->aligned) +
             static_cast<uint64_t>(header->offset) * elemSize;
  arg.shape = sizes;
  arg.rank = rank;
  return 0;
}

/// Unpacks the data, indices and output memrefs of a gather entry point into
/// `args`, with their ACL dtypes (the output's is the data's).
int32_t unpackGatherMemRefs(const char *entry, GatherAtbUnrankedMemRef *data,
                            int32_t dataDtype, uint64_t dataElemSize,
                            GatherAtbUnrankedMemRef *indices,
                            int32_t indicesDtype, uint64_t indicesElemSize,
                            GatherAtbUnrankedMemRef *out,
                            TensorArg (&args)[3]) {
  if (int32_t st = unpackMemRef(entry, "data", data, dataElemSize, args[0]))
    return st;
  if (int32_t st =
          unpackMemRef(entry, "indices", indices, indicesElemSize, args[1]))
    return st;
  if (int32_t st = unpackMemRef(entry, "out", out, dataElemSize, args[2]))
    return st;
  args[0].dtype = args[2].dtype = dataDtype;
  args[1].dtype = indicesDtype;
  return 0;
}

int32_t gatherMemRefs(const char *entry, GatherAtbUnrankedMemRef *data,
                      int32_t dataDtype, uint64_t dataElemSize,
                      GatherAtbUnrankedMemRef *indices, int32_t indicesDtype,
                      uint64_t indicesElemSize, GatherAtbUnrankedMemRef *out,
                      int64_t axis, int64_t batchDims) {
  TensorArg args[3];
  if (int32_t st =
          unpackGatherMemRefs(entry, data, dataDtype, dataElemSize, indices,
                              indicesDtype, indicesElemSize, out, args))
    return st;
  return gather(entry, args, const_cast<void *>(args[2].data), axis, batchDims);
}

/// gatherMemRefs for device memrefs: queued on the default stream.
int32_t gatherDeviceMemRefs(const char *entry, GatherAtbUnrankedMemRef *data,
                            int32_t dataDtype, uint64_t dataElemSize,
                            GatherAtbUnrankedMemRef *indices,
                            int32_t indicesDtype, uint64_t indicesElemSize,
                            GatherAtbUnrankedMemRef *out, int64_t axis,
                            int64_t batchDims) {
  TensorArg args[3];
  if (int32_t st =
          unpackGatherMemRefs(entry, data, dataDtype, dataElemSize, indices,
                              indicesDtype, indicesElemSize, out, args))
    return st;
  for (const TensorArg &arg : args)
    if (int32_t st = checkArgument(entry, arg))
      return st;
  RuntimeState &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (int32_t st = ensureInitialized(rt))
    return st;
  void *device[3] = {const_cast<void *>(args[0].data),
                     const_cast<void *>(args[1].data),
                     const_cast<void *>(args[2].data)};
  return launch(rt, args, device, axis, batchDims, rt.defaultStream);
}

} // namespace

//===----------------------------------------------------------------------===//
// C ABI
//===----------------------------------------------------------------------===//

extern "C" {

int32_t gatherAtbGather(const void *data, int32_t dataDtype,
                        const int64_t *dataShape, int64_t dataRank,
                        const void *indices, int32_t indicesDtype,
                        const int64_t *indicesShape, int64_t indicesRank,
                        void *out, const int64_t *outShape, int64_t outRank,
                        int64_t axis, int64_t batchDims) {
  return guarded("gatherAtbGather", [&] {
    TensorArg args[3] = {
        {"data", data, dataDtype, dataShape, dataRank},
        {"indices", indices, indicesDtype, indicesShape, indicesRank},
        {"out", out, dataDtype, outShape, outRank},
    };
    return gather("gatherAtbGather", args, out, axis, batchDims);
  });
}

int32_t gatherAtbGatherDevice(const void *data, int32_t dataDtype,
                              const int64_t *dataShape, int64_t dataRank,
                              const void *indices, int32_t indicesDtype,
                              const int64_t *indicesShape, int64_t indicesRank,
                              void *out, const int64_t *outShape,
                              int64_t outRank, int64_t axis, int64_t batchDims,
                              void *stream) {
  return guarded("gatherAtbGatherDevice", [&] {
    TensorArg args[3] = {
        {"data", data, dataDtype, dataShape, dataRank},
        {"indices", indices, indicesDtype, indicesShape, indicesRank},
        {"out", out, dataDtype, outShape, outRank},
    };
    for (const TensorArg &arg : args)
      if (int32_t st = checkArgument("gatherAtbGatherDevice", arg))
        return st;
    RuntimeState &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.mutex);
    if (int32_t st = ensureInitialized(rt))
      return st;
    void *device[3] = {const_cast<void *>(data), const_cast<void *>(indices),
                       out};
    return launch(rt, args, device, axis, batchDims,
                  stream ? static_cast<aclrtStream>(stream) : rt.defaultStream);
  });
}

int32_t gatherAtbMalloc(void **devicePtr, uint64_t bytes) {
  return guarded("gatherAtbMalloc", [&] {
    if (!devicePtr || bytes == 0)
      return argumentFailure(atb::ERROR_INVALID_PARAM, "gatherAtbMalloc: %s",
                             devicePtr ? "size is 0" : "devicePtr is null");
    RuntimeState &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.mutex);
    if (int32_t st = ensureInitialized(rt))
      return st;
    DeviceBuffer buffer;
    if (int32_t st = growBuffer(rt, buffer, bytes))
      return st;
    *devicePtr = buffer.data;
    return 0;
  });
}

int32_t gatherAtbFree(void *devicePtr) {
  return guarded("gatherAtbFree", [&] {
    RuntimeState &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.mutex);
    if (int32_t st = ensureInitialized(rt))
      return st;
    DeviceBuffer buffer{devicePtr, 1};
    return freeBuffer(rt, buffer);
  });
}

int32_t gatherAtbCopy(void *dst, const void *src, uint64_t bytes, int32_t kind,
                      void *stream) {
  return guarded("gatherAtbCopy", [&] {
    if (kind != GATHER_ATB_HOST_TO_DEVICE && kind != GATHER_ATB_DEVICE_TO_HOST)
      return argumentFailure(atb::ERROR_INVALID_PARAM,
                             "gatherAtbCopy: kind %d is neither "
                             "GATHER_ATB_HOST_TO_DEVICE nor "
                             "GATHER_ATB_DEVICE_TO_HOST",
                             static_cast<int>(kind));
    RuntimeState &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.mutex);
    if (int32_t st = ensureInitialized(rt))
      return st;
    // Host to device completes before returning, so that the host buffer
    // may be written or freed at once; device to host is queued.
    if (kind == GATHER_ATB_HOST_TO_DEVICE) {
      if (aclError err =
              aclrtMemcpy(dst, bytes, src, bytes, ACL_MEMCPY_HOST_TO_DEVICE))
        return aclFailure("aclrtMemcpy", err);
      return 0;
    }
    if (aclError err = aclrtMemcpyAsync(
            dst, bytes, src, bytes, ACL_MEMCPY_DEVICE_TO_HOST,
            stream ? static_cast<aclrtStream>(stream) : rt.defaultStream))
      return aclFailure("aclrtMemcpyAsync", err);
    return 0;
  });
}

int32_t gatherAtbSynchronize(void *stream) {
  return guarded("gatherAtbSynchronize", [&] {
    RuntimeState &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.mutex);
    if (int32_t st = ensureInitialized(rt))
      return st;
    if (aclError err = aclrtSynchronizeStream(
            stream ? static_cast<aclrtStream>(stream) : rt.defaultStream))
      return aclFailure("aclrtSynchronizeStream", err);
    return 0;
  });
}

int32_t gatherAtbAttach(int32_t deviceId, void *stream, GatherAtbAllocFn alloc,
                        GatherAtbFreeFn free, void *userData) {
  return guarded("gatherAtbAttach", [&] {
    if (deviceId < 0 || static_cast<bool>(alloc) != static_cast<bool>(free))
      return argumentFailure(atb::ERROR_INVALID_PARAM, "gatherAtbAttach: %s",
                             deviceId < 0
                                 ? "the device id is negative"
                                 : "give both allocation callbacks or neither");
    RuntimeState &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.mutex);
    if (rt.initialized)
      return argumentFailure(atb::ERROR_INVALID_PARAM,
                             "gatherAtbAttach: the runtime is in use; call "
                             "gatherAtbShutdown first");
    rt.attached = true;
    rt.attachedDevice = deviceId;
    rt.attachedStream = static_cast<aclrtStream>(stream);
    rt.allocFn = alloc;
    rt.freeFn = free;
    rt.allocUserData = userData;
    return 0;
  });
}

int32_t gatherAtbShutdown(void) {
  return guarded("gatherAtbShutdown", [&] {
    RuntimeState &rt = runtime();
    std::lock_guard<std::mutex> lock(rt.mutex);
    int32_t status = shutdown(rt);
    rt.attached = false;
    rt.attachedStream = nullptr;
    rt.allocFn = nullptr;
    rt.freeFn = nullptr;
    rt.allocUserData = nullptr;
    return status;
  });
}

void gatherAtbGetStats(int64_t *createOps, int64_t *setups, int64_t *executes) {
  RuntimeState &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (createOps)
    *createOps = rt.createOps;
  if (setups)
    *setups = rt.setups;
  if (executes)
    *executes = rt.executes;
}

int32_t gatherAtbGetTransferStats(int64_t *hostToDeviceBytes,
                                  int64_t *deviceToHostBytes,
                                  int64_t *synchronizations) {
#ifdef GATHER_ATB_EMULATOR
  gather_atb_emulator::TransferStats stats =
      gather_atb_emulator::getTransferStats();
  if (hostToDeviceBytes)
    *hostToDeviceBytes = static_cast<int64_t>(stats.hostToDeviceBytes);
  if (deviceToHostBytes)
    *deviceToHostBytes = static_cast<int64_t>(stats.deviceToHostBytes);
  if (synchronizations)
    *synchronizations = static_cast<int64_t>(stats.synchronizations);
  return 0;
#else
  (void)hostToDeviceBytes;
  (void)deviceToHostBytes;
  (void)synchronizations;
  return atb::ERROR_INVALID_PARAM;
#endif
}

void _mlir_ciface_gatherAtbPrintTransferStats(void) {
  int64_t toDevice = -1, toHost = -1, syncs = -1;
  if (gatherAtbGetTransferStats(&toDevice, &toHost, &syncs) == 0)
    std::printf("gather-atb transfers: host-to-device %lld bytes, "
                "device-to-host %lld bytes, %lld synchronisations\n",
                static_cast<long long>(toDevice),
                static_cast<long long>(toHost), static_cast<long long>(syncs));
  else
    std::printf("gather-atb transfers: not counted (built against CANN)\n");
  std::fflush(stdout);
}

void _mlir_ciface_gatherAtbAllocDevice(GatherAtbByteMemRef *result,
                                       int64_t bytes) {
  *result = GatherAtbByteMemRef{nullptr, nullptr, 0, 0, 1};
  void *data = nullptr;
  if (bytes <= 0 || gatherAtbMalloc(&data, static_cast<uint64_t>(bytes)))
    return;
  *result = GatherAtbByteMemRef{data, data, 0, bytes, 1};
}

int32_t gatherAtbFreeDevice(int64_t address) {
  return gatherAtbFree(reinterpret_cast<void *>(address));
}

int32_t gatherAtbCopyAddress(int64_t dst, int64_t src, int64_t bytes,
                             int32_t kind) {
  if (bytes == 0)
    return 0;
  return gatherAtbCopy(reinterpret_cast<void *>(dst),
                       reinterpret_cast<const void *>(src),
                       static_cast<uint64_t>(bytes), kind, nullptr);
}

int32_t gatherAtbSynchronizeDefault(void) {
  return gatherAtbSynchronize(nullptr);
}

void gatherAtbResetForTesting(void) {
  RuntimeState &rt = runtime();
  {
    std::lock_guard<std::mutex> lock(rt.mutex);
    guarded("gatherAtbResetForTesting", [&] { return shutdown(rt); });
    rt.attached = false;
    rt.attachedStream = nullptr;
    rt.allocFn = nullptr;
    rt.freeFn = nullptr;
    rt.createOps = rt.setups = rt.executes = 0;
  }
#ifdef GATHER_ATB_EMULATOR
  gather_atb_emulator::resetTransferStats();
#endif
}

/// The entry points of data of element type X with indices of element type
/// I (suffixes of ATBElementTypes.def).
#define GATHER_ATB_WRAPPER(X, I)                                               \
  int32_t _mlir_ciface_gatherAtbGather_##X##_##I(                              \
      GatherAtbUnrankedMemRef *data, GatherAtbUnrankedMemRef *indices,         \
      GatherAtbUnrankedMemRef *out, int64_t axis, int64_t batchDims) {         \
    return guarded("_mlir_ciface_gatherAtbGather_" #X "_" #I, [&] {            \
      return gatherMemRefs(                                                    \
          "_mlir_ciface_gatherAtbGather_" #X "_" #I, data,                     \
          gather_atb_entry_types::X.dtype, gather_atb_entry_types::X.bytes,    \
          indices, gather_atb_entry_types::I.dtype,                            \
          gather_atb_entry_types::I.bytes, out, axis, batchDims);              \
    });                                                                        \
  }                                                                            \
  int32_t _mlir_ciface_gatherAtbGatherDevice_##X##_##I(                        \
      GatherAtbUnrankedMemRef *data, GatherAtbUnrankedMemRef *indices,         \
      GatherAtbUnrankedMemRef *out, int64_t axis, int64_t batchDims) {         \
    return guarded("_mlir_ciface_gatherAtbGatherDevice_" #X "_" #I, [&] {      \
      return gatherDeviceMemRefs(                                              \
          "_mlir_ciface_gatherAtbGatherDevice_" #X "_" #I, data,               \
          gather_atb_entry_types::X.dtype, gather_atb_entry_types::X.bytes,    \
          indices, gather_atb_entry_types::I.dtype,                            \
          gather_atb_entry_types::I.bytes, out, axis, batchDims);              \
    });                                                                        \
  }

/// The entry points of each element type of ATBElementTypes.def as data,
/// one per index type (its integer types).
#define GATHER_ATB_WRAPPERS_FOR_DATA(X)                                        \
  GATHER_ATB_WRAPPER(X, i32)                                                   \
  GATHER_ATB_WRAPPER(X, i64)                                                   \
  GATHER_ATB_WRAPPER(X, u32)
#define GATHER_ATB_ELEMENT_TYPE(Name, Acl, Value, Suffix, ...)                 \
  GATHER_ATB_WRAPPERS_FOR_DATA(Suffix)
#include "gather-mlir/Runtime/ATBElementTypes.def"

#undef GATHER_ATB_WRAPPERS_FOR_DATA
#undef GATHER_ATB_WRAPPER

} // extern "C"

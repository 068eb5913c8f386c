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
// One ACL device binding, stream and ATB context serve the whole process;
// they are created on the first call and destroyed at exit (operations before
// the context, the context before the stream, the device reset last). Set-up
// operations are cached together with their device buffers and workspace,
// keyed by (axis, batchDims, dtypes, shapes), so a repeated call only copies
// data in, executes and copies the result out. The cache is bounded
// (least recently used entries are destroyed first).
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Runtime/AscendRuntime.h"

#include "acl/acl.h"
#include "atb/atb_infer.h"

#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <list>
#include <map>
#include <mutex>
#include <string>
#include <vector>

static_assert(int(GATHER_ATB_DT_FLOAT) == int(ACL_FLOAT),
              "aclDataType mismatch");
static_assert(int(GATHER_ATB_DT_FLOAT16) == int(ACL_FLOAT16),
              "aclDataType mismatch");
static_assert(int(GATHER_ATB_DT_INT32) == int(ACL_INT32),
              "aclDataType mismatch");
static_assert(int(GATHER_ATB_DT_UINT32) == int(ACL_UINT32),
              "aclDataType mismatch");
static_assert(int(GATHER_ATB_DT_INT64) == int(ACL_INT64),
              "aclDataType mismatch");
static_assert(int(GATHER_ATB_DT_BF16) == int(ACL_BF16), "aclDataType mismatch");

namespace {

/// Set-up operations kept alive at once.
constexpr size_t kMaxCachedOps = 16;
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

// Only the codes listed in ATB.md; others print as unlisted.
constexpr StatusName kAtbStatusNames[] = {
    {atb::NO_ERROR, "NO_ERROR"},
    {atb::ERROR_INVALID_PARAM, "ERROR_INVALID_PARAM"},
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

/// A set-up operation with its device buffers (x, indices, out) and
/// workspace.
struct CachedOp {
  atb::Operation *op = nullptr;
  atb::VariantPack pack;
  void *device[3] = {nullptr, nullptr, nullptr};
  uint64_t bytes[3] = {0, 0, 0};
  void *workspace = nullptr;
  uint64_t workspaceSize = 0;
};

using CacheKey = std::vector<int64_t>;

struct CacheEntry {
  CachedOp op;
  std::list<CacheKey>::iterator lruPosition;
};

struct RuntimeState {
  std::mutex mutex;
  bool initialized = false;
  /// Whether this library called aclInit (and so must call aclFinalize).
  bool aclInitializedHere = false;
  bool atExitRegistered = false;
  int32_t device = 0;
  /// Bumped on every initialisation; a thread whose binding is older calls
  /// aclrtSetDevice before using the device.
  uint64_t generation = 0;
  /// aclrtSetDevice calls to undo with aclrtResetDevice.
  int64_t setDeviceCalls = 0;
  aclrtStream stream = nullptr;
  atb::Context *context = nullptr;
  std::map<CacheKey, CacheEntry> cache;
  /// Keys, most recently used first.
  std::list<CacheKey> lru;
  int64_t createOps = 0, setups = 0, executes = 0;
};

/// Never destroyed: the atexit handler may run after static destructors.
RuntimeState &runtime() {
  static RuntimeState *state = new RuntimeState;
  return *state;
}

thread_local uint64_t tlsBoundGeneration = 0;

/// Makes the process device current on the calling thread (ACL binds
/// devices per thread).
int32_t bindThread(RuntimeState &rt) {
  if (tlsBoundGeneration == rt.generation)
    return 0;
  if (aclError err = aclrtSetDevice(rt.device))
    return aclFailure("aclrtSetDevice", err);
  ++rt.setDeviceCalls;
  tlsBoundGeneration = rt.generation;
  return 0;
}

/// Frees an entry's device memory and destroys its operation; reports but
/// does not stop at failures. Returns the first failure.
int32_t destroyCachedOp(CachedOp &entry) {
  int32_t first = 0;
  auto note = [&](int32_t status) {
    if (status && !first)
      first = status;
  };
  if (entry.op)
    if (atb::Status st = atb::DestroyOperation(entry.op))
      note(atbFailure("DestroyOperation", st));
  entry.op = nullptr;
  for (void *&p : entry.device) {
    if (p)
      if (aclError err = aclrtFree(p))
        note(aclFailure("aclrtFree", err));
    p = nullptr;
  }
  if (entry.workspace)
    if (aclError err = aclrtFree(entry.workspace))
      note(aclFailure("aclrtFree", err));
  entry.workspace = nullptr;
  return first;
}

void evict(RuntimeState &rt, std::map<CacheKey, CacheEntry>::iterator it) {
  destroyCachedOp(it->second.op);
  rt.lru.erase(it->second.lruPosition);
  rt.cache.erase(it);
}

/// Destroys everything in reverse order of creation. With `finalize`, also
/// undoes aclInit if this library did it.
void teardown(RuntimeState &rt, bool finalize) {
  if (rt.initialized) {
    // Freeing needs the device bound on this thread.
    if (rt.setDeviceCalls > 0)
      bindThread(rt);
    while (!rt.cache.empty())
      evict(rt, rt.cache.begin());
    if (rt.context)
      if (atb::Status st = atb::DestroyContext(rt.context))
        atbFailure("DestroyContext", st);
    rt.context = nullptr;
    if (rt.stream)
      if (aclError err = aclrtDestroyStream(rt.stream))
        aclFailure("aclrtDestroyStream", err);
    rt.stream = nullptr;
    for (; rt.setDeviceCalls > 0; --rt.setDeviceCalls)
      if (aclError err = aclrtResetDevice(rt.device))
        aclFailure("aclrtResetDevice", err);
    rt.initialized = false;
    // Invalidate every thread's binding.
    ++rt.generation;
  }
  if (finalize && rt.aclInitializedHere) {
    if (aclError err = aclFinalize())
      aclFailure("aclFinalize", err);
    rt.aclInitializedHere = false;
  }
}

void atExit() {
  RuntimeState &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  teardown(rt, /*finalize=*/true);
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
/// binds the device to the calling thread.
int32_t ensureInitialized(RuntimeState &rt) {
  if (rt.initialized)
    return bindThread(rt);
  if (!rt.atExitRegistered) {
    std::atexit(atExit);
    rt.atExitRegistered = true;
  }
  if (int32_t st = deviceFromEnvironment(rt.device))
    return st;
  if (!rt.aclInitializedHere) {
    aclError err = aclInit(nullptr);
    // Someone else in the process initialised ACL already: use it, and
    // leave aclFinalize to them.
    if (err != ACL_SUCCESS && err != ACL_ERROR_REPEAT_INITIALIZE)
      return aclFailure("aclInit", err);
    rt.aclInitializedHere = err == ACL_SUCCESS;
  }
  rt.initialized = true;
  ++rt.generation;
  int32_t status = bindThread(rt);
  if (!status) {
    if (aclError err = aclrtCreateStream(&rt.stream)) {
      rt.stream = nullptr;
      status = aclFailure("aclrtCreateStream", err);
    }
  }
  if (!status) {
    if (atb::Status st = atb::CreateContext(&rt.context)) {
      rt.context = nullptr;
      status = atbFailure("CreateContext", st);
    }
  }
  if (!status) {
    if (atb::Status st = rt.context->SetExecuteStream(rt.stream))
      status = atbFailure("SetExecuteStream", st);
  }
  if (status)
    teardown(rt, /*finalize=*/false);
  return status;
}

//===----------------------------------------------------------------------===//
// Gather
//===----------------------------------------------------------------------===//

struct TensorArg {
  const char *name;
  const void *host;
  int32_t dtype;
  const int64_t *shape;
  int64_t rank;
};

/// Fills an atb::Tensor's description and size from an argument.
atb::Tensor makeTensor(const TensorArg &arg) {
  atb::Tensor tensor;
  tensor.desc.dtype = static_cast<aclDataType>(arg.dtype);
  tensor.desc.format = ACL_FORMAT_ND;
  tensor.desc.shape.dimNum = static_cast<uint64_t>(arg.rank);
  for (int64_t i = 0; i < arg.rank; ++i)
    tensor.desc.shape.dims[i] = arg.shape[i];
  tensor.dataSize = atb::Utils::GetTensorSize(tensor);
  return tensor;
}

/// Creates and sets up an operation for `args` with its device buffers and
/// workspace.
int32_t createCachedOp(RuntimeState &rt, const TensorArg (&args)[3],
                       int64_t axis, int64_t batchDims, CachedOp &entry) {
  atb::infer::GatherParam param;
  param.axis = axis;
  param.batchDims = batchDims;
  ++rt.createOps;
  if (atb::Status st = atb::CreateOperation(param, &entry.op)) {
    entry.op = nullptr;
    return atbFailure("CreateOperation", st);
  }
  atb::Tensor tensors[3];
  for (int t = 0; t < 3; ++t) {
    tensors[t] = makeTensor(args[t]);
    entry.bytes[t] = tensors[t].dataSize;
    // Sizes ATB rejects are left to Setup to report.
    if (entry.bytes[t] == 0 || entry.bytes[t] > kMaxTensorBytes)
      continue;
    if (aclError err = aclrtMalloc(&entry.device[t], entry.bytes[t],
                                   ACL_MEM_MALLOC_HUGE_FIRST)) {
      entry.device[t] = nullptr;
      int32_t status = aclFailure("aclrtMalloc", err);
      destroyCachedOp(entry);
      return status;
    }
    tensors[t].deviceData = entry.device[t];
  }
  entry.pack.inTensors = {tensors[0], tensors[1]};
  entry.pack.outTensors = {tensors[2]};

  uint64_t workspaceSize = 0;
  ++rt.setups;
  if (atb::Status st = entry.op->Setup(entry.pack, workspaceSize, rt.context)) {
    int32_t status = atbFailure("Setup", st);
    destroyCachedOp(entry);
    return status;
  }
  if (workspaceSize > 0) {
    if (aclError err = aclrtMalloc(&entry.workspace, workspaceSize,
                                   ACL_MEM_MALLOC_HUGE_FIRST)) {
      entry.workspace = nullptr;
      int32_t status = aclFailure("aclrtMalloc", err);
      destroyCachedOp(entry);
      return status;
    }
  }
  entry.workspaceSize = workspaceSize;
  return 0;
}

/// Copies the inputs in, executes, waits and copies the output out.
int32_t runCachedOp(RuntimeState &rt, CachedOp &entry,
                    const TensorArg (&args)[3], void *out) {
  for (int t = 0; t < 2; ++t) {
    if (aclError err =
            aclrtMemcpy(entry.device[t], entry.bytes[t], args[t].host,
                        entry.bytes[t], ACL_MEMCPY_HOST_TO_DEVICE))
      return aclFailure("aclrtMemcpy", err);
  }
  ++rt.executes;
  if (atb::Status st =
          entry.op->Execute(entry.pack, static_cast<uint8_t *>(entry.workspace),
                            entry.workspaceSize, rt.context))
    return atbFailure("Execute", st);
  if (aclError err = aclrtSynchronizeStream(rt.stream))
    return aclFailure("aclrtSynchronizeStream", err);
  if (aclError err = aclrtMemcpy(out, entry.bytes[2], entry.device[2],
                                 entry.bytes[2], ACL_MEMCPY_DEVICE_TO_HOST))
    return aclFailure("aclrtMemcpy", err);
  return 0;
}

/// Rejects arguments an atb::Tensor cannot even describe.
int32_t checkArgument(const char *entry, const TensorArg &arg) {
  if (!arg.host)
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
  // aclDataType is an enum whose values lie in [-1, 31]; anything else is
  // not a dtype at all.
  if (arg.dtype < -1 || arg.dtype > 31)
    return argumentFailure(atb::ERROR_INVALID_TENSOR_DTYPE,
                           "%s: %s dtype %d is not an aclDataType value", entry,
                           arg.name, static_cast<int>(arg.dtype));
  return 0;
}

int32_t gather(const char *entryName, const TensorArg (&args)[3], void *out,
               int64_t axis, int64_t batchDims) {
  for (const TensorArg &arg : args)
    if (int32_t st = checkArgument(entryName, arg))
      return st;

  RuntimeState &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (int32_t st = ensureInitialized(rt))
    return st;

  CacheKey key = {axis, batchDims};
  for (const TensorArg &arg : args) {
    key.push_back(arg.dtype);
    key.push_back(arg.rank);
    key.insert(key.end(), arg.shape, arg.shape + arg.rank);
  }
  auto it = rt.cache.find(key);
  if (it == rt.cache.end()) {
    CachedOp entry;
    if (int32_t st = createCachedOp(rt, args, axis, batchDims, entry))
      return st;
    rt.lru.push_front(key);
    it = rt.cache.emplace(key, CacheEntry{entry, rt.lru.begin()}).first;
    while (rt.cache.size() > kMaxCachedOps)
      evict(rt, rt.cache.find(rt.lru.back()));
  } else {
    rt.lru.splice(rt.lru.begin(), rt.lru, it->second.lruPosition);
  }

  if (int32_t st = runCachedOp(rt, it->second.op, args, out)) {
    // The operation or its buffers may be in a bad state: start afresh next
    // time.
    evict(rt, it);
    return st;
  }
  return 0;
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
  arg.host = static_cast<const uint8_t *>(header->aligned) +
             static_cast<uint64_t>(header->offset) * elemSize;
  arg.shape = sizes;
  arg.rank = rank;
  return 0;
}

int32_t gatherMemRefs(const char *entry, GatherAtbUnrankedMemRef *data,
                      int32_t dataDtype, uint64_t dataElemSize,
                      GatherAtbUnrankedMemRef *indices, int32_t indicesDtype,
                      uint64_t indicesElemSize, GatherAtbUnrankedMemRef *out,
                      int64_t axis, int64_t batchDims) {
  TensorArg args[3];
  if (int32_t st = unpackMemRef(entry, "data", data, dataElemSize, args[0]))
    return st;
  if (int32_t st =
          unpackMemRef(entry, "indices", indices, indicesElemSize, args[1]))
    return st;
  if (int32_t st = unpackMemRef(entry, "out", out, dataElemSize, args[2]))
    return st;
  args[0].dtype = args[2].dtype = dataDtype;
  args[1].dtype = indicesDtype;
  return gather(entry, args, const_cast<void *>(args[2].host), axis, batchDims);
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
  TensorArg args[3] = {
      {"data", data, dataDtype, dataShape, dataRank},
      {"indices", indices, indicesDtype, indicesShape, indicesRank},
      {"out", out, dataDtype, outShape, outRank},
  };
  return gather("gatherAtbGather", args, out, axis, batchDims);
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

void gatherAtbResetForTesting(void) {
  RuntimeState &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  teardown(rt, /*finalize=*/false);
  rt.createOps = rt.setups = rt.executes = 0;
}

#define GATHER_ATB_WRAPPER(X, XDTYPE, XSIZE, I, IDTYPE, ISIZE)                 \
  int32_t _mlir_ciface_gatherAtbGather_##X##_##I(                              \
      GatherAtbUnrankedMemRef *data, GatherAtbUnrankedMemRef *indices,         \
      GatherAtbUnrankedMemRef *out, int64_t axis, int64_t batchDims) {         \
    return gatherMemRefs("_mlir_ciface_gatherAtbGather_" #X "_" #I, data,      \
                         XDTYPE, XSIZE, indices, IDTYPE, ISIZE, out, axis,     \
                         batchDims);                                           \
  }

#define GATHER_ATB_WRAPPERS_FOR_DATA(X, XDTYPE, XSIZE)                         \
  GATHER_ATB_WRAPPER(X, XDTYPE, XSIZE, i32, ACL_INT32, 4)                      \
  GATHER_ATB_WRAPPER(X, XDTYPE, XSIZE, i64, ACL_INT64, 8)                      \
  GATHER_ATB_WRAPPER(X, XDTYPE, XSIZE, u32, ACL_UINT32, 4)

GATHER_ATB_WRAPPERS_FOR_DATA(f16, ACL_FLOAT16, 2)
GATHER_ATB_WRAPPERS_FOR_DATA(bf16, ACL_BF16, 2)
GATHER_ATB_WRAPPERS_FOR_DATA(f32, ACL_FLOAT, 4)
GATHER_ATB_WRAPPERS_FOR_DATA(i32, ACL_INT32, 4)
GATHER_ATB_WRAPPERS_FOR_DATA(u32, ACL_UINT32, 4)
GATHER_ATB_WRAPPERS_FOR_DATA(i64, ACL_INT64, 8)

#undef GATHER_ATB_WRAPPERS_FOR_DATA
#undef GATHER_ATB_WRAPPER

} // extern "C"

//===- AscendRuntime.cpp - the C ABI of the Ascend runtime ----------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The C ABI of libgather_ascend_runtime (gather-mlir/Runtime/AscendRuntime.h):
// runs gathers through the ATB GatherOperation. Written against the public
// ATB/ACL API only, so the same source builds against a CANN install or the
// in-tree emulator. The process state is in RuntimeState.cpp, the gather
// itself in RuntimeGather.cpp, the messages in RuntimeDiagnostics.cpp.
//
// The ATB headers throw (atb/svector.h), so the library is built with
// exceptions; every C entry point catches them (guarded) so that none
// reaches the generated code that calls it.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Runtime/AscendRuntime.h"
#include "RuntimeState.h"

#include "acl/acl.h"
#include "atb/context.h"
#include "atb/types.h"

#ifdef GATHER_ATB_EMULATOR
#include "gather_atb_emulator/Emulator.h"
#endif

#include <cinttypes>
#include <cstdio>
#include <mutex>

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

using namespace gather_atb_runtime;

namespace {

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

//===- acl_rt.h - emulated ACL runtime API ----------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The subset of the ACL runtime API (devices, streams, device memory) that the
// gather runtime uses, with the CANN names and signatures. In the emulator,
// "device" memory is host memory that the emulator tracks, so that bad
// pointers, sizes, use after free and double free are reported as errors.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ACL_ACL_RT_H
#define GATHER_ATB_EMULATOR_ACL_ACL_RT_H

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How aclrtMalloc chooses pages (only meaningful on a device).
typedef enum aclrtMemMallocPolicy {
  ACL_MEM_MALLOC_HUGE_FIRST = 0,
  ACL_MEM_MALLOC_HUGE_ONLY = 1,
  ACL_MEM_MALLOC_NORMAL_ONLY = 2,
} aclrtMemMallocPolicy;

/// Direction of an aclrtMemcpy.
typedef enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST = 0,
  ACL_MEMCPY_HOST_TO_DEVICE = 1,
  ACL_MEMCPY_DEVICE_TO_HOST = 2,
  ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
} aclrtMemcpyKind;

/// Binds device `deviceId` to the calling thread (reference counted per
/// device). Requires aclInit.
aclError aclrtSetDevice(int32_t deviceId);

/// Drops one reference to device `deviceId`; the last one releases the
/// device's streams and memory.
aclError aclrtResetDevice(int32_t deviceId);

/// Creates a stream on the calling thread's current device.
aclError aclrtCreateStream(aclrtStream *stream);

/// Destroys a stream created by aclrtCreateStream.
aclError aclrtDestroyStream(aclrtStream stream);

/// Blocks until every task queued on `stream` has finished; returns the
/// first task failure.
aclError aclrtSynchronizeStream(aclrtStream stream);

/// Allocates `size` bytes of device memory on the current device.
aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);

/// Frees device memory returned by aclrtMalloc.
aclError aclrtFree(void *devPtr);

/// Returns in `*deviceId` the device bound to the calling thread; fails with
/// ACL_ERROR_RT_CONTEXT_NULL when there is none.
aclError aclrtGetDevice(int32_t *deviceId);

/// Returns in `*context` the calling thread's current context, or null when
/// no device is bound to the thread.
aclError aclrtGetCurrentContext(aclrtContext *context);

/// Queues a copy of `count` bytes from `src` to `dst` on `stream`; it
/// happens when the stream runs it (the host must synchronise before it
/// reads `dst` or reuses `src`).
aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src,
                          size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream);

/// Copies `count` bytes from `src` to `dst`, where `dst` has room for
/// `destMax` bytes; `kind` says which side is device memory.
aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                     aclrtMemcpyKind kind);

#ifdef __cplusplus
}
#endif

#endif // GATHER_ATB_EMULATOR_ACL_ACL_RT_H

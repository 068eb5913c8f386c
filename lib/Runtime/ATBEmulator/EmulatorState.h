//===- EmulatorState.h - shared state of the ATB/ACL emulator ---*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Internal interface between the emulated ACL runtime (devices, streams,
// device memory) and the emulated ATB operations. One process-wide mutex
// guards all of it; the functions below expect the caller to hold it.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_EMULATORSTATE_H
#define GATHER_ATB_EMULATOR_EMULATORSTATE_H

#include "acl/acl.h"

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

namespace gather_atb_emulator {

/// The lock every emulated API entry point holds while it runs.
std::mutex &emulatorMutex();

/// Prints `gather-atb-emulator: <message>` to stderr.
void report(const char *format, ...) __attribute__((format(printf, 1, 2)));

/// Whether aclInit has been called (and aclFinalize not since).
bool isAclInitialized();

/// The device bound to the calling thread by aclrtSetDevice, or -1.
int32_t currentDevice();

/// Checks that the `size` bytes at `ptr` lie inside one live device
/// allocation. On failure returns false and describes the problem in `why`,
/// naming the pointer `what`.
bool checkDeviceRange(const void *ptr, uint64_t size, const char *what,
                      std::string &why);

/// Whether `stream` is a stream created by aclrtCreateStream and not yet
/// destroyed.
bool isLiveStream(aclrtStream stream);

/// A unit of device work; returns the error the stream reports for it.
using StreamTask = std::function<aclError()>;

/// Queues `task` on a live stream; it runs at aclrtSynchronizeStream (or when
/// the stream is destroyed), as work on a device runs asynchronously.
void enqueueTask(aclrtStream stream, StreamTask task);

/// Name of an ACL dtype for messages, e.g. "ACL_FLOAT16".
const char *dtypeName(aclDataType dtype);

/// Size in bytes of one element of `dtype`, or 0 for an unknown dtype.
uint64_t dtypeSize(aclDataType dtype);

} // namespace gather_atb_emulator

#endif // GATHER_ATB_EMULATOR_EMULATORSTATE_H

//===- ATBEmulator.cpp - emulated ATB contexts and utilities --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// atb::Context and atb::Utils on the host, and the live contexts. Each
// context owns a pool of host tiling blocks (128 by default, as in ATB)
// that the Setups of GatherOperation (GatherOperation.cpp) take
// round-robin: an Execute whose block another Setup has reused since runs
// with that Setup's tiling, which the emulator reports as an AI-core
// exception when the stream runs the gather (GatherKernel.cpp).
//
//===----------------------------------------------------------------------===//

#include "EmulatedATB.h"

#include "atb/atb_infer.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>

using namespace gather_atb_emulator;

namespace {

/// Host tiling blocks of a context by default (ATB's default).
constexpr uint32_t kDefaultTilingBlocks = 128;

/// Live contexts (guarded by emulatorMutex()); never destroyed, like the
/// ACL state. Keyed by the API's base pointer so that a stale pointer is
/// looked up before it is ever cast or dereferenced.
std::map<const atb::Context *, EmuContext *> &liveContexts() {
  static auto *contexts = new std::map<const atb::Context *, EmuContext *>;
  return *contexts;
}

} // namespace

EmuContext *gather_atb_emulator::findContext(const atb::Context *context) {
  auto it = liveContexts().find(context);
  return it == liveContexts().end() ? nullptr : it->second;
}

//===----------------------------------------------------------------------===//
// Emulated ATB API
//===----------------------------------------------------------------------===//

namespace atb {

/// Creates a context with `tilingBlocks` host tiling blocks.
static Status createContext(Context **context, uint32_t tilingBlocks) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  if (!context) {
    report("CreateContext: context is null");
    return ERROR_INVALID_PARAM;
  }
  int32_t device = currentDevice();
  if (device < 0) {
    report("CreateContext: %s", isAclInitialized()
                                    ? "no device is set on this thread"
                                    : "called before aclInit");
    return ERROR_CANN_ERROR;
  }
  auto *emu = new EmuContext(device, tilingBlocks);
  liveContexts()[emu] = emu;
  *context = emu;
  return NO_ERROR;
}

Status CreateContext(Context **context) {
  // Tests may shrink the pool below ATB's minimum to reach reuse quickly.
  uint32_t blocks = kDefaultTilingBlocks;
  if (const char *env = std::getenv("GATHER_ATB_EMULATOR_TILING_BLOCKS")) {
    char *end = nullptr;
    unsigned long value = std::strtoul(env, &end, 10);
    if (end != env && *end == '\0' && value >= 1 && value <= 1024)
      blocks = static_cast<uint32_t>(value);
    else
      report("warning: GATHER_ATB_EMULATOR_TILING_BLOCKS=%s is not a number "
             "in [1, 1024]; using %u",
             env, kDefaultTilingBlocks);
  }
  return createContext(context, blocks);
}

Status CreateContext(Context **context,
                     const std::function<void *(size_t)> &alloc,
                     const std::function<void(void *)> &dealloc) {
  // The device tiling memory these would provide is not modelled.
  if (static_cast<bool>(alloc) != static_cast<bool>(dealloc)) {
    report("CreateContext: give both alloc and dealloc or neither");
    return ERROR_INVALID_PARAM;
  }
  return CreateContext(context);
}

Status CreateContext(Context **context, uint32_t hostTilingBlockNum,
                     uint32_t deviceTilingBlockNum) {
  if (hostTilingBlockNum < 128 || hostTilingBlockNum > 1024 ||
      deviceTilingBlockNum < 32 || deviceTilingBlockNum > 1024) {
    report("CreateContext: %u host and %u device tiling blocks; ATB accepts "
           "128..1024 and 32..1024",
           hostTilingBlockNum, deviceTilingBlockNum);
    return ERROR_INVALID_PARAM;
  }
  return createContext(context, hostTilingBlockNum);
}

Status DestroyContext(Context *context) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  EmuContext *emu = findContext(context);
  if (!emu) {
    report("DestroyContext: %s", context
                                     ? "not a live context (destroyed twice?)"
                                     : "context is null");
    return ERROR_INVALID_PARAM;
  }
  size_t users = countOperationsSetUpWith(context);
  if (users)
    report("warning: DestroyContext: %zu operation(s) set up with this "
           "context are still alive; destroy operations first",
           users);
  liveContexts().erase(context);
  delete emu;
  return NO_ERROR;
}

std::string Utils::GetAtbVersion() { return "gather-mlir ATB emulator"; }

uint64_t Utils::GetTensorNumel(const Tensor &tensor) {
  return GetTensorNumel(tensor.desc);
}

uint64_t Utils::GetTensorNumel(const TensorDesc &tensorDesc) {
  uint64_t bytes = dtypeSize(tensorDesc.dtype);
  return bytes ? GetTensorSize(tensorDesc) / bytes : 0;
}

uint64_t Utils::GetTensorSize(const Tensor &tensor) {
  return GetTensorSize(tensor.desc);
}

uint64_t Utils::GetTensorSize(const TensorDesc &tensorDesc) {
  if (tensorDesc.shape.dimNum > MAX_DIM)
    return 0;
  uint64_t size = dtypeSize(tensorDesc.dtype);
  const int64_t *dims = tensorDesc.shape.dims;
  uint64_t rank = tensorDesc.shape.dimNum;
  if (std::any_of(dims, dims + rank, [](int64_t d) { return d <= 0; }))
    return 0;
  for (uint64_t i = 0; i < rank; ++i) {
    auto dim = static_cast<uint64_t>(dims[i]);
    if (size > UINT64_MAX / dim)
      return UINT64_MAX;
    size *= dim;
  }
  return size;
}

} // namespace atb

//===- EmulatedATB.h - the emulated ATB context and gather ------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the files of the emulated ATB API share: the context with its pool
// of host tiling blocks (ATBEmulator.cpp), the GatherOperation that checks,
// sets up and queues a gather (GatherOperation.cpp), and the gather that a
// stream runs later (GatherKernel.cpp). One process-wide mutex
// (EmulatorState.h) guards all of it.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_EMULATEDATB_H
#define GATHER_ATB_EMULATOR_EMULATEDATB_H

#include "EmulatorState.h"

#include "acl/acl.h"
#include "atb/context.h"
#include "atb/types.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace gather_atb_emulator {

/// What GatherOperation::Setup writes into a tiling block.
struct GatherTiling {
  atb::TensorDesc x, indices, out;
  int64_t axis = 0, batchDims = 0;
};

/// One host tiling block of a context.
struct TilingBlock {
  /// Serial number of the Setup that wrote it last (0: never written).
  uint64_t writer = 0;
  GatherTiling tiling;
};

class EmuContext final : public atb::Context {
public:
  EmuContext(int32_t device, uint32_t tilingBlocks)
      : device(device), blocks(tilingBlocks) {}

  atb::Status SetExecuteStream(aclrtStream newStream) override {
    std::lock_guard<std::mutex> lock(emulatorMutex());
    streams.at(0) = newStream;
    return atb::NO_ERROR;
  }
  aclrtStream GetExecuteStream() const override {
    std::lock_guard<std::mutex> lock(emulatorMutex());
    return streams.at(0);
  }
  atb::Status SetAsyncTilingCopyStatus(bool enable) override {
    std::lock_guard<std::mutex> lock(emulatorMutex());
    asyncTilingCopy = enable;
    return atb::NO_ERROR;
  }
  bool GetAsyncTilingCopyStatus() const override {
    std::lock_guard<std::mutex> lock(emulatorMutex());
    return asyncTilingCopy;
  }
  atb::Status
  SetExecuteStreams(const std::vector<aclrtStream> &newStreams) override {
    std::lock_guard<std::mutex> lock(emulatorMutex());
    if (newStreams.empty()) {
      report("Context::SetExecuteStreams: no streams");
      return atb::ERROR_INVALID_PARAM;
    }
    streams = newStreams;
    return atb::NO_ERROR;
  }
  std::vector<aclrtStream> GetExecuteStreams() override {
    std::lock_guard<std::mutex> lock(emulatorMutex());
    return streams;
  }
  atb::Status SetExecuteType(atb::ExecuteType type) override {
    if (type != atb::EXECUTE_NORMAL) {
      report("Context::SetExecuteType: the emulator supports only "
             "EXECUTE_NORMAL");
      return atb::ERROR_INVALID_PARAM;
    }
    return atb::NO_ERROR;
  }
  atb::ExecuteType GetExecuteType() override { return atb::EXECUTE_NORMAL; }
  atb::Status SetLaunchMode(atb::LaunchMode mode) override {
    if (mode != atb::KERNEL_LAUNCH_MODE) {
      report("Context::SetLaunchMode: the emulator supports only "
             "KERNEL_LAUNCH_MODE");
      return atb::ERROR_INVALID_PARAM;
    }
    return atb::NO_ERROR;
  }
  atb::LaunchMode GetLaunchMode() override { return atb::KERNEL_LAUNCH_MODE; }

  /// The stream Execute queues work on (caller holds the mutex).
  aclrtStream stream() const { return streams.at(0); }

  /// Takes the next tiling block round-robin (caller holds the mutex).
  size_t takeBlock() {
    size_t index = nextBlock;
    nextBlock = (nextBlock + 1) % blocks.size();
    return index;
  }

  int32_t device;
  std::vector<aclrtStream> streams = {nullptr};
  bool asyncTilingCopy = false;
  std::vector<TilingBlock> blocks;
  size_t nextBlock = 0;
};

/// The emulator's context behind `context`, or null if it is not live
/// (caller holds the mutex).
EmuContext *findContext(const atb::Context *context);

/// The number of live operations whose last successful Setup was with
/// `context` (caller holds the mutex).
size_t countOperationsSetUpWith(const atb::Context *context);

/// Everything a queued gather needs once its stream runs it.
struct GatherTask {
  GatherTiling tiling;
  /// The Setup whose tiling the operation expects, and the one that wrote
  /// the block Execute copied.
  uint64_t expectedWriter, blockWriter;
  size_t block;
  const uint8_t *xData, *indicesData;
  uint8_t *outData;
  uint64_t xBytes, indicesBytes, outBytes;
  uint8_t *workspace;
  uint64_t workspaceBytes;

  aclError operator()() const;
};

} // namespace gather_atb_emulator

#endif // GATHER_ATB_EMULATOR_EMULATEDATB_H

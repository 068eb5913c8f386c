//===- AscendRuntimeEmbeddedTest.cpp - runtime inside a host framework ----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The Ascend runtime compiled into a program that drives ACL itself (through
// the emulator, linked once), as a host framework that owns the device, the
// stream and the allocator does: gatherAtbAttach hands them in, and the
// runtime must neither rebind the device on the framework's thread nor
// release what it did not create.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Runtime/AscendRuntime.h"

#include "acl/acl.h"
#include "gather_atb_emulator/Emulator.h"

#include "gtest/gtest.h"

#include <thread>
#include <vector>

namespace {

struct Allocator {
  int allocs = 0, frees = 0;
};

void *allocate(uint64_t bytes, void *userData) {
  ++static_cast<Allocator *>(userData)->allocs;
  void *p = nullptr;
  return aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS
             ? p
             : nullptr;
}

void release(void *p, void *userData) {
  ++static_cast<Allocator *>(userData)->frees;
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

const std::vector<float> kX = {1, 2, 3, 4, 5, 6, 7, 8, 9};
const std::vector<int64_t> kIdx = {2, 0};
const std::vector<float> kOut = {3, 1, 6, 4, 9, 7};

int32_t gatherExample(std::vector<float> &out) {
  int64_t xs[2] = {3, 3}, is[1] = {2}, os[2] = {3, 2};
  out.assign(6, -1);
  return gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, xs, 2, kIdx.data(),
                         GATHER_ATB_DT_INT64, is, 1, out.data(), os, 2, 1, 0);
}

TEST(AscendRuntimeEmbedded, UsesTheFrameworksDeviceStreamAndAllocator) {
  // The framework: ACL, device 3 on this thread, its stream.
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(3), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  Allocator allocator;
  ASSERT_EQ(gatherAtbAttach(3, stream, allocate, release, &allocator), 0);
  gather_atb_emulator::resetTransferStats();

  std::vector<float> out;
  ASSERT_EQ(gatherExample(out), 0);
  EXPECT_EQ(out, kOut);
  // This thread's context is current: no aclrtSetDevice.
  EXPECT_EQ(gather_atb_emulator::getTransferStats().setDeviceCalls, 0u);
  // Workspace and staging buffers came from the callback.
  EXPECT_GT(allocator.allocs, 0);
  // The host entry point waited on the framework's stream.
  gather_atb_emulator::resetTransferStats();
  ASSERT_EQ(gatherExample(out), 0);
  EXPECT_EQ(gather_atb_emulator::getTransferStats().synchronizations, 1u);

  // Another thread, with no current context: the runtime binds the device
  // there itself.
  std::thread([] {
    std::vector<float> threadOut;
    EXPECT_EQ(gatherExample(threadOut), 0);
    EXPECT_EQ(threadOut, kOut);
  }).join();
  EXPECT_EQ(gather_atb_emulator::getTransferStats().setDeviceCalls, 1u);

  testing::internal::CaptureStderr();
  ASSERT_EQ(gatherAtbShutdown(), 0);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(err.empty()) << err;
  EXPECT_EQ(allocator.frees, allocator.allocs);

  // The framework's device binding, stream and ACL are untouched: the
  // runtime set no device on this thread (its one aclrtSetDevice, on the
  // other thread, it undid), destroyed no stream and did not finalise.
  int32_t device = -1;
  EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 3);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(3), ACL_SUCCESS);
  // That was the last reference.
  testing::internal::CaptureStderr();
  EXPECT_NE(aclrtResetDevice(3), ACL_SUCCESS);
  testing::internal::GetCapturedStderr();
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

} // namespace

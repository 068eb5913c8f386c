//===- HarnessTest.cpp - the execution harness ----------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The parts of gather-mlir/Harness that gather-bench and gather-gen rely on:
// descriptors of any rank, the comparison of strided results, forked
// children, interleaved timing, and a gather lowered, JIT-compiled and
// called through its C interface.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Harness/JIT.h"
#include "gather-mlir/Harness/MemRef.h"
#include "gather-mlir/Harness/Run.h"

#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <unistd.h>

using namespace mlir;
using namespace mlir::gather::harness;

namespace {

TEST(Harness, RowMajorDescriptorOfRankThree) {
  AlignedBuffer buffer(2 * 3 * 4 * sizeof(float), 4096);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(buffer.data()) % 4096, 0u);
  MemRefDescriptor d(buffer.data(), {2, 3, 4});
  EXPECT_EQ(d.getRank(), 3);
  EXPECT_EQ(d.getAligned(), buffer.as<uint8_t>());
  EXPECT_EQ(d.getOffset(), 0);
  EXPECT_EQ(d.getSizes(), (std::vector<int64_t>{2, 3, 4}));
  EXPECT_EQ(d.getStride(0), 12);
  EXPECT_EQ(d.getStride(1), 4);
  EXPECT_EQ(d.getStride(2), 1);
  // The C interface reads the words in this order.
  const int64_t *words = static_cast<const int64_t *>(d.get());
  EXPECT_EQ(words[3], 2);
  EXPECT_EQ(words[6], 12);
}

TEST(Harness, CompareNamesTheFirstDifference) {
  int32_t values[6] = {0, 1, 2, 3, 4, 5};
  int32_t expected[6] = {0, 1, 2, 3, 4, 5};
  MemRefDescriptor d(values, {2, 3});
  const uint8_t *want = reinterpret_cast<const uint8_t *>(expected);
  EXPECT_EQ(compareMemRef(d, {2, 3}, 4, want), "");
  values[4] = 40;
  std::string problems = compareMemRef(d, {2, 3}, 4, want);
  EXPECT_NE(problems.find("at [1, 1] (element 4, byte 16)"), std::string::npos)
      << problems;
  EXPECT_NE(problems.find("1 of 6 elements differ"), std::string::npos)
      << problems;
  EXPECT_NE(compareMemRef(d, {3, 2}, 4, want).find("result sizes [2, 3]"),
            std::string::npos);
}

TEST(Harness, CompareRejectsNonRowMajorStrides) {
  int32_t values[6] = {0, 1, 2, 3, 4, 5};
  MemRefDescriptor d(values, {2, 3});
  // A transposed view: strides [1, 2].
  int64_t *words = static_cast<int64_t *>(d.get());
  words[5] = 1;
  words[6] = 2;
  std::string problems =
      compareMemRef(d, {2, 3}, 4, reinterpret_cast<uint8_t *>(values));
  EXPECT_NE(problems.find("stride"), std::string::npos) << problems;
}

TEST(Harness, ChildStatusAndOutput) {
  ChildResult exited = runInChild([] {
    std::fprintf(stderr, "gather: stop\n");
    std::fflush(stderr);
    std::exit(1);
  });
  EXPECT_EQ(exited.status, 1);
  EXPECT_EQ(exited.output, "gather: stop\n");
  ChildResult returned = runInChild([] {});
  EXPECT_EQ(returned.status, kChildReturned);
  ChildResult killed = runInChild([] { std::abort(); });
  EXPECT_EQ(killed.status, 128 + SIGABRT);
}

TEST(Harness, InterleavedTimingCallsEveryRun) {
  unsigned a = 0, b = 0;
  std::vector<std::function<void()>> runs = {[&] { ++a; }, [&] { ++b; }};
  std::vector<std::vector<double>> samples = timeInterleaved(runs, 5, 3);
  ASSERT_EQ(samples.size(), 2u);
  EXPECT_EQ(samples[0].size(), 5u);
  EXPECT_EQ(samples[1].size(), 5u);
  // Five samples of three calls, each after one untimed call.
  EXPECT_EQ(a, 20u);
  EXPECT_EQ(b, 20u);
  // Within the rounds, each run follows more than one other run.
  std::vector<int> sequence;
  std::vector<std::function<void()>> three = {[&] { sequence.push_back(0); },
                                              [&] { sequence.push_back(1); },
                                              [&] { sequence.push_back(2); }};
  (void)timeInterleaved(three, 9, 1);
  ASSERT_EQ(sequence.size(), 54u);
  std::set<std::pair<int, int>> followed;
  for (size_t k = 0; k < sequence.size(); k += 2) {
    // The untimed call and the timed one of the same run.
    EXPECT_EQ(sequence[k], sequence[k + 1]);
    if (k % 6 != 0)
      followed.insert({sequence[k], sequence[k - 1]});
  }
  for (int run = 0; run < 3; ++run) {
    int before = 0;
    for (int other = 0; other < 3; ++other)
      before += other != run && followed.count({run, other});
    EXPECT_EQ(before, 2) << "run " << run;
  }
  EXPECT_EQ(getMedian({3, 1, 2}), 2);
  EXPECT_EQ(getMedian({4, 1, 2, 3}), 2.5);
}

TEST(Harness, LowerJitAndCallAGather) {
  initialize();
  std::unique_ptr<MLIRContext> context = createContext();
  const char *text = R"mlir(
    func.func @g(%d: tensor<4x2xi32>, %i: tensor<3xi64>) -> tensor<3x2xi32>
        attributes {llvm.emit_c_interface} {
      %r = gather.gather %d[%i] : tensor<4x2xi32>, tensor<3xi64>
      return %r : tensor<3x2xi32>
    })mlir";
  std::string error;
  OwningOpRef<ModuleOp> module = parseModule(*context, text, error);
  ASSERT_TRUE(module) << error;
  Lowering lowering{"gather-to-llvm", "bounds-check=clamp"};
  EXPECT_EQ(lowering.getSpelling(), "--gather-to-llvm='bounds-check=clamp'");
  ASSERT_TRUE(succeeded(lowerModule(*module, lowering, error))) << error;
  std::unique_ptr<JitModule> jit = JitModule::create(*module, {}, error);
  ASSERT_TRUE(jit) << error;
  int32_t data[8] = {0, 1, 10, 11, 20, 21, 30, 31};
  int64_t indices[3] = {-1, 7, 1}; // -1 wraps to 3; 7 clamps to 3
  MemRefDescriptor dataDesc(data, {4, 2}), indicesDesc(indices, {3});
  MemRefDescriptor result(2);
  ASSERT_TRUE(succeeded(jit->invoke(
      "g", {result.get(), dataDesc.get(), indicesDesc.get()}, error)))
      << error;
  int32_t expected[6] = {30, 31, 30, 31, 10, 11};
  EXPECT_EQ(
      compareMemRef(result, {3, 2}, 4, reinterpret_cast<uint8_t *>(expected)),
      "");
  std::free(result.getAllocated());
  EXPECT_TRUE(failed(jit->invoke("missing", {}, error)));
  EXPECT_NE(error.find("missing"), std::string::npos);
}

TEST(Harness, BadPipelineOptionsAreReported) {
  initialize();
  std::unique_ptr<MLIRContext> context = createContext();
  std::string ignored;
  OwningOpRef<ModuleOp> module = parseModule(*context, "module {}", ignored);
  std::string error;
  EXPECT_TRUE(
      failed(lowerModule(*module, {"gather-to-llvm", "no-such=1"}, error)));
  EXPECT_NE(error.find("no-such"), std::string::npos) << error;
  std::string parseError;
  EXPECT_FALSE(parseModule(*context, "func.func @f(", parseError));
  EXPECT_NE(parseError.find("does not parse"), std::string::npos);
}

} // namespace

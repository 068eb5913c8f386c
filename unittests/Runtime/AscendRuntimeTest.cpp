//===- AscendRuntimeTest.cpp - tests of libgather_ascend_runtime ----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Drives the runtime's C ABI (built against the ATB/ACL emulator): the spec
// examples through gatherAtbGather and every _mlir_ciface_ wrapper, the
// operation cache, error reporting and thread safety. Memref descriptors are
// built with MLIR's own CRunnerUtils.h types, which checks the runtime's
// layout assumption. Expected values come from the examples of the ATB
// GatherOperation documentation or from a reference loop written here.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Runtime/AscendRuntime.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include "gtest/gtest.h"

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

using Shape = std::vector<int64_t>;

struct Stats {
  int64_t createOps = 0, setups = 0, executes = 0;
};

Stats stats() {
  Stats s;
  gatherAtbGetStats(&s.createOps, &s.setups, &s.executes);
  return s;
}

/// Each test starts with no context, no cached operations and zero counts.
class AscendRuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    unsetenv("GATHER_ATB_EMULATOR_SOC");
    unsetenv("GATHER_ATB_DEVICE");
    gatherAtbResetForTesting();
  }
  void TearDown() override {
    unsetenv("GATHER_ATB_EMULATOR_SOC");
    unsetenv("GATHER_ATB_DEVICE");
    // Resetting must not leave device memory behind.
    testing::internal::CaptureStderr();
    gatherAtbResetForTesting();
    std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(err.find("still live"), std::string::npos) << err;
    EXPECT_EQ(err.find("gather-atb:"), std::string::npos) << err;
  }
};

/// Spec example 1: axis 1, batchDims 0.
const std::vector<float> kX = {1, 2, 3, 4, 5, 6, 7, 8, 9};
const Shape kXShape = {3, 3};
const std::vector<int64_t> kIdx1 = {2, 0};
const Shape kIdx1Shape = {2};
const std::vector<float> kOut1 = {3, 1, 6, 4, 9, 7};
const Shape kOut1Shape = {3, 2};
/// Spec example 2: axis 1, batchDims 1.
const std::vector<int32_t> kIdx2 = {1, 2, 0};
const Shape kIdx2Shape = {3, 1};
const std::vector<float> kOut2 = {2, 6, 7};
const Shape kOut2Shape = {3, 1};

int32_t gatherExample1(std::vector<float> &out) {
  out.assign(6, -1);
  return gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, kXShape.data(), 2,
                         kIdx1.data(), GATHER_ATB_DT_INT64, kIdx1Shape.data(),
                         1, out.data(), kOut1Shape.data(), 2, 1, 0);
}

TEST_F(AscendRuntimeTest, CEntrySpecExample1) {
  std::vector<float> out;
  ASSERT_EQ(gatherExample1(out), 0);
  EXPECT_EQ(out, kOut1);
}

TEST_F(AscendRuntimeTest, CEntrySpecExample2) {
  std::vector<float> out(3, -1);
  ASSERT_EQ(gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, kXShape.data(), 2,
                            kIdx2.data(), GATHER_ATB_DT_INT32,
                            kIdx2Shape.data(), 2, out.data(), kOut2Shape.data(),
                            2, 1, 1),
            0);
  EXPECT_EQ(out, kOut2);
}

TEST_F(AscendRuntimeTest, CEntryInt64DataUint32Indices) {
  std::vector<int64_t> x = {10, 20, 30, int64_t(1) << 40};
  std::vector<uint32_t> idx = {3, 3, 0, 2};
  std::vector<int64_t> out(4, -1);
  Shape xs = {4}, is = {2, 2}, os = {2, 2};
  ASSERT_EQ(gatherAtbGather(x.data(), GATHER_ATB_DT_INT64, xs.data(), 1,
                            idx.data(), GATHER_ATB_DT_UINT32, is.data(), 2,
                            out.data(), os.data(), 2, 0, 0),
            0);
  EXPECT_EQ(out,
            std::vector<int64_t>({int64_t(1) << 40, int64_t(1) << 40, 10, 30}));
}

//===----------------------------------------------------------------------===//
// Memref wrappers
//===----------------------------------------------------------------------===//

/// A ranked descriptor of `N` dimensions over `buffer` (identity layout
/// unless strides are given) and its unranked form.
template <class T, int N> struct MemRef {
  StridedMemRefType<T, N> ranked;
  UnrankedMemRefType<T> unranked;

  MemRef(T *buffer, const Shape &shape, int64_t offset = 0,
         Shape strides = {}) {
    ranked.basePtr = buffer;
    ranked.data = buffer;
    ranked.offset = offset;
    int64_t stride = 1;
    for (int d = N - 1; d >= 0; --d) {
      ranked.sizes[d] = shape[d];
      ranked.strides[d] = strides.empty() ? stride : strides[d];
      stride *= shape[d];
    }
    unranked.rank = N;
    unranked.descriptor = &ranked;
  }

  GatherAtbUnrankedMemRef *get() {
    return reinterpret_cast<GatherAtbUnrankedMemRef *>(&unranked);
  }
};

TEST_F(AscendRuntimeTest, WrapperSpecExample1) {
  std::vector<float> x = kX, out(6, -1);
  std::vector<int64_t> idx = kIdx1;
  MemRef<float, 2> mx(x.data(), kXShape), mout(out.data(), kOut1Shape);
  MemRef<int64_t, 1> mi(idx.data(), kIdx1Shape);
  ASSERT_EQ(_mlir_ciface_gatherAtbGather_f32_i64(mx.get(), mi.get(), mout.get(),
                                                 1, 0),
            0);
  EXPECT_EQ(out, kOut1);
}

TEST_F(AscendRuntimeTest, WrapperHonoursOffsets) {
  // The data starts 5 elements into its buffer, the output 2 into its own.
  std::vector<float> x(5, -7.0f);
  x.insert(x.end(), kX.begin(), kX.end());
  std::vector<float> out(8, -1);
  // The indices start 4 elements in: [2, 0] as in example 1.
  std::vector<int64_t> idx = {1, 1, 1, 1, 2, 0};
  MemRef<float, 2> mx(x.data(), kXShape, 5), mout(out.data(), kOut1Shape, 2);
  MemRef<int64_t, 1> mi(idx.data(), kIdx1Shape, 4);
  ASSERT_EQ(_mlir_ciface_gatherAtbGather_f32_i64(mx.get(), mi.get(), mout.get(),
                                                 1, 0),
            0);
  std::vector<float> expected = {-1, -1};
  expected.insert(expected.end(), kOut1.begin(), kOut1.end());
  EXPECT_EQ(out, expected);
}

TEST_F(AscendRuntimeTest, WrapperRejectsNonContiguousMemRefs) {
  std::vector<float> x = kX, out(6, -1);
  std::vector<int64_t> idx = kIdx1;
  // A transposed view of x.
  MemRef<float, 2> mx(x.data(), kXShape, 0, {1, 3}),
      mout(out.data(), kOut1Shape);
  MemRef<int64_t, 1> mi(idx.data(), kIdx1Shape);
  testing::internal::CaptureStderr();
  EXPECT_EQ(_mlir_ciface_gatherAtbGather_f32_i64(mx.get(), mi.get(), mout.get(),
                                                 1, 0),
            1);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("_mlir_ciface_gatherAtbGather_f32_i64: data memref is "
                     "not contiguous (sizes [3, 3], strides [1, 3])"),
            std::string::npos)
      << err;
  // Unit dimensions may carry any stride.
  std::vector<float> col = {5, 6, 7};
  std::vector<float> colOut(2, -1);
  MemRef<float, 2> mcol(col.data(), {3, 1}, 0, {1, 42}),
      mcolOut(colOut.data(), {2, 1});
  EXPECT_EQ(_mlir_ciface_gatherAtbGather_f32_i64(mcol.get(), mi.get(),
                                                 mcolOut.get(), 0, 0),
            0);
  EXPECT_EQ(colOut, std::vector<float>({7, 5}));
}

/// Element values of the examples (0..9) as each data type's bits.
template <class T> T encode(int v);
template <> float encode<float>(int v) { return static_cast<float>(v); }
template <> int32_t encode<int32_t>(int v) { return v; }
template <> uint32_t encode<uint32_t>(int v) { return v; }
template <> int64_t encode<int64_t>(int v) { return v; }
struct Half {
  uint16_t bits;
  bool operator==(const Half &o) const { return bits == o.bits; }
};
struct BFloat {
  uint16_t bits;
  bool operator==(const BFloat &o) const { return bits == o.bits; }
};
template <> Half encode<Half>(int v) {
  constexpr uint16_t bits[] = {0x0000, 0x3C00, 0x4000, 0x4200, 0x4400,
                               0x4500, 0x4600, 0x4700, 0x4800, 0x4880};
  return Half{bits[v]};
}
template <> BFloat encode<BFloat>(int v) {
  constexpr uint16_t bits[] = {0x0000, 0x3F80, 0x4000, 0x4040, 0x4080,
                               0x40A0, 0x40C0, 0x40E0, 0x4100, 0x4110};
  return BFloat{bits[v]};
}

using Wrapper = int32_t (*)(GatherAtbUnrankedMemRef *,
                            GatherAtbUnrankedMemRef *,
                            GatherAtbUnrankedMemRef *, int64_t, int64_t);

/// Runs spec example 2 through `wrapper` with data type X and index type I.
template <class X, class I> void checkExample2(Wrapper wrapper, const char *n) {
  std::vector<X> x, out(3, encode<X>(0)), expected;
  for (int v = 1; v <= 9; ++v)
    x.push_back(encode<X>(v));
  for (int v : {2, 6, 7})
    expected.push_back(encode<X>(v));
  std::vector<I> idx = {1, 2, 0};
  MemRef<X, 2> mx(x.data(), kXShape), mout(out.data(), kOut2Shape);
  MemRef<I, 2> mi(idx.data(), kIdx2Shape);
  EXPECT_EQ(wrapper(mx.get(), mi.get(), mout.get(), 1, 1), 0) << n;
  EXPECT_TRUE(out == expected) << n;
}

TEST_F(AscendRuntimeTest, EveryWrapperOnSpecExample2) {
#define CHECK_WRAPPER(X, I, XT, IT)                                            \
  checkExample2<XT, IT>(_mlir_ciface_gatherAtbGather_##X##_##I, #X "_" #I)
  CHECK_WRAPPER(f16, i32, Half, int32_t);
  CHECK_WRAPPER(f16, i64, Half, int64_t);
  CHECK_WRAPPER(f16, u32, Half, uint32_t);
  CHECK_WRAPPER(bf16, i32, BFloat, int32_t);
  CHECK_WRAPPER(bf16, i64, BFloat, int64_t);
  CHECK_WRAPPER(bf16, u32, BFloat, uint32_t);
  CHECK_WRAPPER(f32, i32, float, int32_t);
  CHECK_WRAPPER(f32, i64, float, int64_t);
  CHECK_WRAPPER(f32, u32, float, uint32_t);
  CHECK_WRAPPER(i32, i32, int32_t, int32_t);
  CHECK_WRAPPER(i32, i64, int32_t, int64_t);
  CHECK_WRAPPER(i32, u32, int32_t, uint32_t);
  CHECK_WRAPPER(u32, i32, uint32_t, int32_t);
  CHECK_WRAPPER(u32, i64, uint32_t, int64_t);
  CHECK_WRAPPER(u32, u32, uint32_t, uint32_t);
  CHECK_WRAPPER(i64, i32, int64_t, int32_t);
  CHECK_WRAPPER(i64, i64, int64_t, int64_t);
  CHECK_WRAPPER(i64, u32, int64_t, uint32_t);
#undef CHECK_WRAPPER
  // One operation (axis 1, batchDims 1), set up before each of the 18
  // executions.
  Stats s = stats();
  EXPECT_EQ(s.createOps, 1);
  EXPECT_EQ(s.setups, 18);
  EXPECT_EQ(s.executes, 18);
}

//===----------------------------------------------------------------------===//
// Caching
//===----------------------------------------------------------------------===//

TEST_F(AscendRuntimeTest, IdenticalCallsReuseTheOperation) {
  std::vector<float> out;
  ASSERT_EQ(gatherExample1(out), 0);
  ASSERT_EQ(gatherExample1(out), 0);
  EXPECT_EQ(out, kOut1);
  Stats s = stats();
  EXPECT_EQ(s.createOps, 1);
  // Setup precedes every Execute.
  EXPECT_EQ(s.setups, 2);
  EXPECT_EQ(s.executes, 2);

  // A different shape with the same parameters reuses the operation...
  std::vector<float> x = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int64_t> idx = {3, 0};
  std::vector<float> out2(4, -1);
  Shape xs = {2, 4}, is = {2}, os = {2, 2};
  ASSERT_EQ(gatherAtbGather(x.data(), GATHER_ATB_DT_FLOAT, xs.data(), 2,
                            idx.data(), GATHER_ATB_DT_INT64, is.data(), 1,
                            out2.data(), os.data(), 2, 1, 0),
            0);
  EXPECT_EQ(out2, std::vector<float>({4, 1, 8, 5}));
  s = stats();
  EXPECT_EQ(s.createOps, 1);
  EXPECT_EQ(s.setups, 3);
  EXPECT_EQ(s.executes, 3);

  // ... and the first shape runs through it again with new data.
  std::vector<int64_t> otherIdx = {1, 1};
  std::vector<float> out3(6, -1);
  ASSERT_EQ(gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, kXShape.data(), 2,
                            otherIdx.data(), GATHER_ATB_DT_INT64,
                            kIdx1Shape.data(), 1, out3.data(),
                            kOut1Shape.data(), 2, 1, 0),
            0);
  EXPECT_EQ(out3, std::vector<float>({2, 2, 5, 5, 8, 8}));
  s = stats();
  EXPECT_EQ(s.createOps, 1);
  EXPECT_EQ(s.setups, 4);
  EXPECT_EQ(s.executes, 4);
}

TEST_F(AscendRuntimeTest, OperationsAreKeyedByTheirParameters) {
  std::vector<float> out;
  ASSERT_EQ(gatherExample1(out), 0);
  // Same shapes, other axis.
  std::vector<float> out0(6, -1);
  Shape os = {2, 3};
  ASSERT_EQ(gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, kXShape.data(), 2,
                            kIdx1.data(), GATHER_ATB_DT_INT64,
                            kIdx1Shape.data(), 1, out0.data(), os.data(), 2, 0,
                            0),
            0);
  EXPECT_EQ(out0, std::vector<float>({7, 8, 9, 1, 2, 3}));
  // Same shapes and axis, other data dtype (int32 bits of the floats).
  std::vector<int32_t> xi = {1, 2, 3, 4, 5, 6, 7, 8, 9}, outi(6, -1);
  ASSERT_EQ(gatherAtbGather(xi.data(), GATHER_ATB_DT_INT32, kXShape.data(), 2,
                            kIdx1.data(), GATHER_ATB_DT_INT64,
                            kIdx1Shape.data(), 1, outi.data(),
                            kOut1Shape.data(), 2, 1, 0),
            0);
  EXPECT_EQ(outi, std::vector<int32_t>({3, 1, 6, 4, 9, 7}));
  // axis 1 and axis 0: two operations; the dtype is not a parameter.
  EXPECT_EQ(stats().createOps, 2);
}

TEST_F(AscendRuntimeTest, ManyShapesShareOneOperation) {
  // Shapes are not part of the key: one operation, set up for each shape.
  std::vector<float> x(64);
  for (int i = 0; i < 64; ++i)
    x[i] = static_cast<float>(i);
  std::vector<int64_t> idx = {0};
  for (int64_t n = 1; n <= 40; ++n) {
    std::vector<float> out(1, -1);
    Shape xs = {n}, is = {1}, os = {1};
    idx[0] = n - 1;
    ASSERT_EQ(gatherAtbGather(x.data(), GATHER_ATB_DT_FLOAT, xs.data(), 1,
                              idx.data(), GATHER_ATB_DT_INT64, is.data(), 1,
                              out.data(), os.data(), 1, 0, 0),
              0);
    EXPECT_EQ(out[0], static_cast<float>(n - 1));
  }
  Stats s = stats();
  EXPECT_EQ(s.createOps, 1);
  EXPECT_EQ(s.setups, 40);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// Runs `call` with stderr captured and checks its status and message.
template <class F>
void expectFailure(F call, int32_t status, const std::string &message) {
  testing::internal::CaptureStderr();
  int32_t got = call();
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(got, status) << err;
  EXPECT_NE(err.find(message), std::string::npos) << err;
}

TEST_F(AscendRuntimeTest, InvalidCallsReturnTheATBStatus) {
  std::vector<float> out(9, -1);
  Shape zero = {3, 0}, zeroOut = {3, 2};
  expectFailure(
      [&] {
        return gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, zero.data(), 2,
                               kIdx1.data(), GATHER_ATB_DT_INT64,
                               kIdx1Shape.data(), 1, out.data(), zeroOut.data(),
                               2, 1, 0);
      },
      9, "gather-atb: Setup failed with ERROR_INVALID_TENSOR_SIZE (9)");
  // axis beyond rank(x).
  expectFailure(
      [&] {
        return gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, kXShape.data(),
                               2, kIdx1.data(), GATHER_ATB_DT_INT64,
                               kIdx1Shape.data(), 1, out.data(),
                               kOut1Shape.data(), 2, 2, 0);
      },
      1, "gather-atb: Setup failed with ERROR_INVALID_PARAM (1)");
  // Negative axis is rejected at CreateOperation.
  expectFailure(
      [&] {
        return gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, kXShape.data(),
                               2, kIdx1.data(), GATHER_ATB_DT_INT64,
                               kIdx1Shape.data(), 1, out.data(),
                               kOut1Shape.data(), 2, -1, 0);
      },
      1, "gather-atb: CreateOperation failed with ERROR_INVALID_PARAM (1)");
  // Wrong output shape.
  Shape badOut = {2, 3};
  expectFailure(
      [&] {
        return gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, kXShape.data(),
                               2, kIdx1.data(), GATHER_ATB_DT_INT64,
                               kIdx1Shape.data(), 1, out.data(), badOut.data(),
                               2, 1, 0);
      },
      8, "gather-atb: Setup failed with ERROR_INVALID_TENSOR_DIM (8)");
  // Unsupported dtype (int8 = 2).
  expectFailure(
      [&] {
        return gatherAtbGather(kX.data(), 2, kXShape.data(), 2, kIdx1.data(),
                               GATHER_ATB_DT_INT64, kIdx1Shape.data(), 1,
                               out.data(), kOut1Shape.data(), 2, 1, 0);
      },
      13, "gather-atb: Setup failed with ERROR_INVALID_TENSOR_INI_MATCH (13)");
  // Not supported on the chosen product.
  setenv("GATHER_ATB_EMULATOR_SOC", "ascend310b", 1);
  expectFailure([&] { return gatherExample1(out); }, 13,
                "gather-atb: Setup failed with "
                "ERROR_INVALID_TENSOR_INI_MATCH (13)");
  unsetenv("GATHER_ATB_EMULATOR_SOC");
  // Rank 0 indices.
  expectFailure(
      [&] {
        return gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, kXShape.data(),
                               2, kIdx1.data(), GATHER_ATB_DT_INT64, nullptr, 0,
                               out.data(), kXShape.data(), 1, 1, 0);
      },
      8, "gather-atb: Setup failed with ERROR_INVALID_TENSOR_DIM (8)");
  // Failures are not cached; a valid call still works afterwards.
  EXPECT_EQ(gatherExample1(out), 0);
  EXPECT_EQ(out, kOut1);
}

TEST_F(AscendRuntimeTest, ArgumentsTheLibraryRejects) {
  std::vector<float> out(6, -1);
  expectFailure(
      [&] {
        return gatherAtbGather(nullptr, GATHER_ATB_DT_FLOAT, kXShape.data(), 2,
                               kIdx1.data(), GATHER_ATB_DT_INT64,
                               kIdx1Shape.data(), 1, out.data(),
                               kOut1Shape.data(), 2, 1, 0);
      },
      1, "gather-atb: gatherAtbGather: data is null");
  Shape nine(9, 1);
  expectFailure(
      [&] {
        return gatherAtbGather(kX.data(), GATHER_ATB_DT_FLOAT, nine.data(), 9,
                               kIdx1.data(), GATHER_ATB_DT_INT64,
                               kIdx1Shape.data(), 1, out.data(),
                               kOut1Shape.data(), 2, 1, 0);
      },
      16, "gather-atb: gatherAtbGather: data has rank 9");
  expectFailure(
      [&] {
        return gatherAtbGather(kX.data(), 1000, kXShape.data(), 2, kIdx1.data(),
                               GATHER_ATB_DT_INT64, kIdx1Shape.data(), 1,
                               out.data(), kOut1Shape.data(), 2, 1, 0);
      },
      6, "is not an aclDataType value");
  expectFailure(
      [&] {
        return _mlir_ciface_gatherAtbGather_f32_i64(nullptr, nullptr, nullptr,
                                                    1, 0);
      },
      1, "data memref is null");
  EXPECT_EQ(stats().createOps, 0);
}

TEST_F(AscendRuntimeTest, DeviceFromEnvironment) {
  setenv("GATHER_ATB_DEVICE", "3", 1);
  std::vector<float> out;
  ASSERT_EQ(gatherExample1(out), 0);
  EXPECT_EQ(out, kOut1);
  gatherAtbResetForTesting();
  setenv("GATHER_ATB_DEVICE", "99", 1);
  expectFailure([&] { return gatherExample1(out); }, 107001,
                "gather-atb: aclrtSetDevice failed with "
                "ACL_ERROR_RT_INVALID_DEVICEID (107001)");
  setenv("GATHER_ATB_DEVICE", "zero", 1);
  expectFailure([&] { return gatherExample1(out); }, 1,
                "GATHER_ATB_DEVICE=zero is not a device number");
  // Recovers once the variable is fixed.
  unsetenv("GATHER_ATB_DEVICE");
  ASSERT_EQ(gatherExample1(out), 0);
  EXPECT_EQ(out, kOut1);
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

TEST_F(AscendRuntimeTest, ConcurrentCallsFromManyThreads) {
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&failures] {
      for (int i = 0; i < 25; ++i) {
        std::vector<float> out;
        if (gatherExample1(out) != 0 || out != kOut1)
          ++failures;
      }
    });
  }
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failures.load(), 0);
  Stats s = stats();
  EXPECT_EQ(s.createOps, 1);
  EXPECT_EQ(s.setups, 100);
  EXPECT_EQ(s.executes, 100);
}

TEST_F(AscendRuntimeTest, StatsAcceptNullPointers) {
  std::vector<float> out;
  ASSERT_EQ(gatherExample1(out), 0);
  int64_t executes = 0;
  gatherAtbGetStats(nullptr, nullptr, &executes);
  EXPECT_EQ(executes, 1);
}

//===----------------------------------------------------------------------===//
// Tiling pool
//===----------------------------------------------------------------------===//

/// x = [0, 1, ..., n-1] (n = 2 + i), indices {i + 1}: the value i + 1, by a
/// gather of axis 0 (i even) or of axis 1 on x reshaped to [1, n] (i odd),
/// so that the five gathers use two operations with five different
/// tilings.
int32_t gatherCase(int i, float &value) {
  int64_t n = 2 + i;
  std::vector<float> x(n);
  for (int64_t k = 0; k < n; ++k)
    x[k] = static_cast<float>(k);
  std::vector<int64_t> idx = {i + 1};
  Shape is = {1};
  value = -1;
  if (i % 2 == 0) {
    Shape xs = {n}, os = {1};
    return gatherAtbGather(x.data(), GATHER_ATB_DT_FLOAT, xs.data(), 1,
                           idx.data(), GATHER_ATB_DT_INT64, is.data(), 1,
                           &value, os.data(), 1, 0, 0);
  }
  Shape xs = {1, n}, os = {1, 1};
  return gatherAtbGather(x.data(), GATHER_ATB_DT_FLOAT, xs.data(), 2,
                         idx.data(), GATHER_ATB_DT_INT64, is.data(), 1, &value,
                         os.data(), 2, 1, 0);
}

TEST_F(AscendRuntimeTest, TilingPoolOfFourBlocks) {
  // The context the runtime creates next has 4 tiling blocks: the fifth
  // Setup reuses the first one's block.
  setenv("GATHER_ATB_EMULATOR_TILING_BLOCKS", "4", 1);
  gatherAtbResetForTesting();
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 5; ++i) {
      float value;
      ASSERT_EQ(gatherCase(i, value), 0) << "gather " << i;
      EXPECT_EQ(value, static_cast<float>(i + 1)) << "gather " << i;
    }
  }
  float value;
  ASSERT_EQ(gatherCase(0, value), 0);
  EXPECT_EQ(value, 1.0f);
  unsetenv("GATHER_ATB_EMULATOR_TILING_BLOCKS");
  Stats s = stats();
  EXPECT_EQ(s.createOps, 2);
  EXPECT_EQ(s.setups, 11);
  EXPECT_EQ(s.executes, 11);
}

//===----------------------------------------------------------------------===//
// Device-resident execution and transfer counters
//===----------------------------------------------------------------------===//

struct Transfers {
  int64_t toDevice = -1, toHost = -1, syncs = -1;
};

Transfers transfers() {
  Transfers t;
  EXPECT_EQ(gatherAtbGetTransferStats(&t.toDevice, &t.toHost, &t.syncs), 0);
  return t;
}

/// A table of 100 rows of 8 floats (row r holds 8 r + c) and ten steps that
/// each gather 4 rows of it.
constexpr int64_t kRows = 100, kCols = 8, kSteps = 10, kPerStep = 4;

std::vector<float> makeTable() {
  std::vector<float> table(kRows * kCols);
  for (int64_t i = 0; i < kRows * kCols; ++i)
    table[i] = static_cast<float>(i);
  return table;
}

int64_t stepIndex(int64_t step, int64_t j) {
  return (7 * step + 13 * j) % kRows;
}

TEST_F(AscendRuntimeTest, TenGathersOverOneDeviceTable) {
  std::vector<float> table = makeTable();
  std::vector<int64_t> indices(kSteps * kPerStep);
  for (int64_t s = 0; s < kSteps; ++s)
    for (int64_t j = 0; j < kPerStep; ++j)
      indices[s * kPerStep + j] = stepIndex(s, j);
  uint64_t tableBytes = table.size() * 4, indexBytes = indices.size() * 8;
  uint64_t outBytes = kSteps * kPerStep * kCols * 4;

  // The table and all indices go to the device once; ten gathers on the
  // stream write ten slices of one device result; one copy back and one
  // synchronisation.
  void *dTable = nullptr, *dIndices = nullptr, *dOut = nullptr;
  ASSERT_EQ(gatherAtbMalloc(&dTable, tableBytes), 0);
  ASSERT_EQ(gatherAtbMalloc(&dIndices, indexBytes), 0);
  ASSERT_EQ(gatherAtbMalloc(&dOut, outBytes), 0);
  Transfers before = transfers();
  ASSERT_EQ(gatherAtbCopy(dTable, table.data(), tableBytes,
                          GATHER_ATB_HOST_TO_DEVICE, nullptr),
            0);
  ASSERT_EQ(gatherAtbCopy(dIndices, indices.data(), indexBytes,
                          GATHER_ATB_HOST_TO_DEVICE, nullptr),
            0);
  Shape xs = {kRows, kCols}, is = {kPerStep}, os = {kPerStep, kCols};
  for (int64_t s = 0; s < kSteps; ++s) {
    const int64_t *stepIndices =
        static_cast<const int64_t *>(dIndices) + s * kPerStep;
    float *stepOut = static_cast<float *>(dOut) + s * kPerStep * kCols;
    ASSERT_EQ(gatherAtbGatherDevice(dTable, GATHER_ATB_DT_FLOAT, xs.data(), 2,
                                    stepIndices, GATHER_ATB_DT_INT64, is.data(),
                                    1, stepOut, os.data(), 2, 0, 0, nullptr),
              0);
  }
  std::vector<float> out(kSteps * kPerStep * kCols, -1);
  ASSERT_EQ(gatherAtbCopy(out.data(), dOut, outBytes, GATHER_ATB_DEVICE_TO_HOST,
                          nullptr),
            0);
  // Nothing has run yet.
  EXPECT_EQ(out[0], -1.0f);
  ASSERT_EQ(gatherAtbSynchronize(nullptr), 0);
  Transfers after = transfers();
  EXPECT_EQ(after.toDevice - before.toDevice, 3200 + 320);
  EXPECT_EQ(after.toHost - before.toHost, 1280);
  EXPECT_EQ(after.syncs - before.syncs, 1);
  for (int64_t s = 0; s < kSteps; ++s)
    for (int64_t j = 0; j < kPerStep; ++j)
      for (int64_t c = 0; c < kCols; ++c)
        ASSERT_EQ(out[(s * kPerStep + j) * kCols + c],
                  static_cast<float>(stepIndex(s, j) * kCols + c));
  EXPECT_EQ(gatherAtbFree(dTable), 0);
  EXPECT_EQ(gatherAtbFree(dIndices), 0);
  EXPECT_EQ(gatherAtbFree(dOut), 0);
}

TEST_F(AscendRuntimeTest, TheHostEntryPointCopiesEveryTime) {
  // The same ten gathers through the host entry point: the table crosses
  // PCIe ten times and every call waits.
  std::vector<float> table = makeTable();
  Transfers before = transfers();
  Shape xs = {kRows, kCols}, is = {kPerStep}, os = {kPerStep, kCols};
  for (int64_t s = 0; s < kSteps; ++s) {
    std::vector<int64_t> idx(kPerStep);
    for (int64_t j = 0; j < kPerStep; ++j)
      idx[j] = stepIndex(s, j);
    std::vector<float> out(kPerStep * kCols, -1);
    ASSERT_EQ(gatherAtbGather(table.data(), GATHER_ATB_DT_FLOAT, xs.data(), 2,
                              idx.data(), GATHER_ATB_DT_INT64, is.data(), 1,
                              out.data(), os.data(), 2, 0, 0),
              0);
    EXPECT_EQ(out[kCols], static_cast<float>(stepIndex(s, 1) * kCols));
  }
  Transfers after = transfers();
  EXPECT_EQ(after.toDevice - before.toDevice, 10 * (3200 + 32));
  EXPECT_EQ(after.toHost - before.toHost, 10 * 128);
  EXPECT_EQ(after.syncs - before.syncs, 10);
}

TEST_F(AscendRuntimeTest, DeviceEntryPointArguments) {
  expectFailure([&] { return gatherAtbCopy(nullptr, nullptr, 4, 7, nullptr); },
                1, "gatherAtbCopy: kind 7");
  void *p = nullptr;
  expectFailure([&] { return gatherAtbMalloc(&p, 0); }, 1,
                "gatherAtbMalloc: size is 0");
  // A host pointer where device memory is expected: the emulator's check
  // at Execute (a device would fault).
  float x[4] = {1, 2, 3, 4}, out[1];
  int64_t idx[1] = {0};
  Shape xs = {4}, is = {1}, os = {1};
  expectFailure(
      [&] {
        return gatherAtbGatherDevice(x, GATHER_ATB_DT_FLOAT, xs.data(), 1, idx,
                                     GATHER_ATB_DT_INT64, is.data(), 1, out,
                                     os.data(), 1, 0, 0, nullptr);
      },
      12, "gather-atb: Execute failed with ERROR_CANN_ERROR (12)");
}

//===----------------------------------------------------------------------===//
// Lifecycle
//===----------------------------------------------------------------------===//

TEST_F(AscendRuntimeTest, ShutdownReleasesAndTheNextCallStartsAgain) {
  std::vector<float> out;
  ASSERT_EQ(gatherExample1(out), 0);
  testing::internal::CaptureStderr();
  EXPECT_EQ(gatherAtbShutdown(), 0);
  // A second shutdown has nothing to release.
  EXPECT_EQ(gatherAtbShutdown(), 0);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.find("still live"), std::string::npos) << err;
  EXPECT_EQ(err.find("gather-atb"), std::string::npos) << err;
  ASSERT_EQ(gatherExample1(out), 0);
  EXPECT_EQ(out, kOut1);
  EXPECT_EQ(stats().createOps, 2);
}

TEST_F(AscendRuntimeTest, AttachChoosesTheDevice) {
  ASSERT_EQ(gatherAtbAttach(5, nullptr, nullptr, nullptr, nullptr), 0);
  std::vector<float> out;
  ASSERT_EQ(gatherExample1(out), 0);
  EXPECT_EQ(out, kOut1);
  // Too late once the runtime is in use.
  expectFailure(
      [&] { return gatherAtbAttach(0, nullptr, nullptr, nullptr, nullptr); }, 1,
      "the runtime is in use");
  // The emulator has devices 0..7.
  ASSERT_EQ(gatherAtbShutdown(), 0);
  ASSERT_EQ(gatherAtbAttach(9, nullptr, nullptr, nullptr, nullptr), 0);
  expectFailure([&] { return gatherExample1(out); }, 107001,
                "aclrtSetDevice failed with ACL_ERROR_RT_INVALID_DEVICEID");
  ASSERT_EQ(gatherAtbShutdown(), 0);
  expectFailure(
      [&] {
        return gatherAtbAttach(
            0, nullptr, [](uint64_t, void *) -> void * { return nullptr; },
            nullptr, nullptr);
      },
      1, "give both allocation callbacks or neither");
}

} // namespace

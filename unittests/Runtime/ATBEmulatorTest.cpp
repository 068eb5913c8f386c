//===- ATBEmulatorTest.cpp - tests of the ATB/ACL emulator ----------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Checks every status the emulated GatherOperation returns at CreateOperation,
// Setup and Execute, the per-product dtype tables, the ACL device-memory and
// stream checks, and the gather results. Expected values come from the
// examples of the ATB GatherOperation documentation or from a reference
// gather written here from the definition
// (out[p, j, t] = x[p, indices[p[:b], j], t]), independently of the emulator.
//
//===----------------------------------------------------------------------===//

#include "acl/acl.h"
#include "atb/atb_infer.h"
#include "gather_atb_emulator/Emulator.h"

#include "gtest/gtest.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace {

using Shape = std::vector<int64_t>;
using Bytes = std::vector<uint8_t>;

constexpr aclDataType kDataDtypes[] = {ACL_FLOAT16, ACL_BF16,   ACL_FLOAT,
                                       ACL_INT32,   ACL_UINT32, ACL_INT64};
constexpr aclDataType kIndexDtypes[] = {ACL_INT32, ACL_INT64, ACL_UINT32};

const char *kSocEnv = "GATHER_ATB_EMULATOR_SOC";

/// Element sizes, written here rather than taken from the emulator.
uint64_t elementSize(aclDataType dtype) {
  switch (dtype) {
  case ACL_FLOAT16:
  case ACL_BF16:
  case ACL_INT16:
    return 2;
  case ACL_FLOAT:
  case ACL_INT32:
  case ACL_UINT32:
    return 4;
  case ACL_INT64:
  case ACL_DOUBLE:
    return 8;
  case ACL_INT8:
  case ACL_UINT8:
    return 1;
  default:
    return 0;
  }
}

int64_t numElements(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

atb::TensorDesc makeDesc(aclDataType dtype, const Shape &shape,
                         aclFormat format = ACL_FORMAT_ND) {
  atb::TensorDesc desc;
  desc.dtype = dtype;
  desc.format = format;
  desc.shape.dimNum = shape.size();
  for (size_t i = 0; i < shape.size() && i < atb::MAX_DIM; ++i)
    desc.shape.dims[i] = shape[i];
  return desc;
}

/// IEEE half and bfloat16 bit patterns of the integers 0..9.
constexpr uint16_t kHalfBits[] = {0x0000, 0x3C00, 0x4000, 0x4200, 0x4400,
                                  0x4500, 0x4600, 0x4700, 0x4800, 0x4880};
constexpr uint16_t kBf16Bits[] = {0x0000, 0x3F80, 0x4000, 0x4040, 0x4080,
                                  0x40A0, 0x40C0, 0x40E0, 0x4100, 0x4110};

template <class T> void append(Bytes &bytes, T value) {
  uint8_t raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  bytes.insert(bytes.end(), raw, raw + sizeof(T));
}

/// Encodes small non-negative integers (0..9) as elements of `dtype`.
Bytes encodeValues(aclDataType dtype, const std::vector<int> &values) {
  Bytes bytes;
  for (int v : values) {
    switch (dtype) {
    case ACL_FLOAT16:
      append<uint16_t>(bytes, kHalfBits[v]);
      break;
    case ACL_BF16:
      append<uint16_t>(bytes, kBf16Bits[v]);
      break;
    case ACL_FLOAT:
      append<float>(bytes, static_cast<float>(v));
      break;
    case ACL_INT32:
      append<int32_t>(bytes, v);
      break;
    case ACL_UINT32:
      append<uint32_t>(bytes, static_cast<uint32_t>(v));
      break;
    case ACL_INT64:
      append<int64_t>(bytes, v);
      break;
    default:
      ADD_FAILURE() << "no encoding for dtype " << dtype;
    }
  }
  return bytes;
}

/// Encodes index values as elements of `dtype` (truncating like a C cast).
Bytes encodeIndices(aclDataType dtype, const std::vector<int64_t> &values) {
  Bytes bytes;
  for (int64_t v : values) {
    if (dtype == ACL_INT32)
      append<int32_t>(bytes, static_cast<int32_t>(v));
    else if (dtype == ACL_UINT32)
      append<uint32_t>(bytes, static_cast<uint32_t>(v));
    else
      append<int64_t>(bytes, v);
  }
  return bytes;
}

/// Result shape per the spec: x[:a] ++ indices[b:] ++ x[a+1:].
Shape gatherShape(const Shape &x, const Shape &indices, int64_t a, int64_t b) {
  Shape out(x.begin(), x.begin() + a);
  out.insert(out.end(), indices.begin() + b, indices.end());
  out.insert(out.end(), x.begin() + a + 1, x.end());
  return out;
}

/// Reference gather over raw elements of `elemSize` bytes: walks every output
/// coordinate and reads the source element it names. Index values outside
/// [0, x[a]) produce zero elements (the emulator's documented choice).
Bytes referenceGather(const Bytes &x, const Shape &xShape,
                      const std::vector<int64_t> &indices,
                      const Shape &indicesShape, int64_t a, int64_t b,
                      uint64_t elemSize) {
  Shape outShape = gatherShape(xShape, indicesShape, a, b);
  int64_t q = indicesShape.size();
  Bytes out(numElements(outShape) * elemSize);
  Shape coord(outShape.size());
  for (int64_t o = 0, n = numElements(outShape); o < n; ++o) {
    int64_t rest = o;
    for (int64_t d = outShape.size() - 1; d >= 0; --d) {
      coord[d] = rest % outShape[d];
      rest /= outShape[d];
    }
    // Indices coordinate: the batch part of p, then j.
    int64_t indicesLinear = 0;
    for (int64_t d = 0; d < q; ++d) {
      int64_t c = d < b ? coord[d] : coord[a + (d - b)];
      indicesLinear = indicesLinear * indicesShape[d] + c;
    }
    int64_t k = indices[indicesLinear];
    if (k < 0 || k >= xShape[a])
      continue; // stays zero
    int64_t xLinear = 0;
    for (int64_t d = 0; d < static_cast<int64_t>(xShape.size()); ++d) {
      int64_t c = d < a ? coord[d] : d == a ? k : coord[d - a - 1 + a + q - b];
      xLinear = xLinear * xShape[d] + c;
    }
    std::memcpy(&out[o * elemSize], &x[xLinear * elemSize], elemSize);
  }
  return out;
}

/// Each test starts from a fresh emulator: ACL initialised, device 0 set, a
/// stream and a context using it; TearDown releases everything it tracked.
class EmulatorTest : public ::testing::Test {
protected:
  void SetUp() override {
    unsetenv(kSocEnv);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    ASSERT_EQ(atb::CreateContext(&context), atb::NO_ERROR);
    ASSERT_EQ(context->SetExecuteStream(stream), atb::NO_ERROR);
  }

  void TearDown() override {
    unsetenv(kSocEnv);
    for (atb::Operation *op : ops)
      EXPECT_EQ(atb::DestroyOperation(op), atb::NO_ERROR);
    for (void *p : allocations)
      EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    if (context) {
      EXPECT_EQ(atb::DestroyContext(context), atb::NO_ERROR);
    }
    if (stream) {
      EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    }
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  }

  /// Device memory freed at TearDown.
  void *deviceAlloc(uint64_t bytes) {
    void *p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    allocations.push_back(p);
    return p;
  }

  void *upload(const Bytes &bytes) {
    void *p = deviceAlloc(bytes.size());
    EXPECT_EQ(aclrtMemcpy(p, bytes.size(), bytes.data(), bytes.size(),
                          ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    return p;
  }

  Bytes download(const void *p, uint64_t bytes) {
    Bytes host(bytes);
    EXPECT_EQ(
        aclrtMemcpy(host.data(), bytes, p, bytes, ACL_MEMCPY_DEVICE_TO_HOST),
        ACL_SUCCESS);
    return host;
  }

  /// A gather operation destroyed at TearDown (null if creation failed).
  atb::Operation *createGather(int64_t axis, int64_t batchDims) {
    atb::infer::GatherParam param;
    param.axis = axis;
    param.batchDims = batchDims;
    atb::Operation *op = nullptr;
    EXPECT_EQ(atb::CreateOperation(param, &op), atb::NO_ERROR);
    if (op)
      ops.push_back(op);
    return op;
  }

  static atb::VariantPack descPack(const atb::TensorDesc &x,
                                   const atb::TensorDesc &indices,
                                   const atb::TensorDesc &out) {
    atb::VariantPack pack;
    atb::Tensor tx, ti, to;
    tx.desc = x;
    ti.desc = indices;
    to.desc = out;
    pack.inTensors = {tx, ti};
    pack.outTensors = {to};
    return pack;
  }

  /// Setup status of a gather on the given descriptions.
  atb::Status setupStatus(int64_t axis, int64_t batchDims,
                          const atb::TensorDesc &x,
                          const atb::TensorDesc &indices,
                          const atb::TensorDesc &out) {
    atb::Operation *op = createGather(axis, batchDims);
    if (!op)
      return -1;
    uint64_t workspace = 0;
    return op->Setup(descPack(x, indices, out), workspace, context);
  }

  /// Setup status of the spec's example 1 shapes with the given dtypes.
  atb::Status example1SetupStatus(aclDataType xDtype,
                                  aclDataType indicesDtype) {
    return setupStatus(1, 0, makeDesc(xDtype, {3, 3}),
                       makeDesc(indicesDtype, {2}), makeDesc(xDtype, {3, 2}));
  }

  /// A variant pack of device tensors.
  struct DevicePack {
    atb::VariantPack pack;
    void *out = nullptr;
    uint64_t outBytes = 0;
  };

  DevicePack makeDevicePack(const atb::TensorDesc &x, const Bytes &xBytes,
                            const atb::TensorDesc &indices,
                            const Bytes &indicesBytes,
                            const atb::TensorDesc &out) {
    DevicePack dp;
    atb::Tensor tx, ti, to;
    tx.desc = x;
    tx.deviceData = upload(xBytes);
    tx.dataSize = xBytes.size();
    ti.desc = indices;
    ti.deviceData = upload(indicesBytes);
    ti.dataSize = indicesBytes.size();
    to.desc = out;
    dp.outBytes =
        numElements(Shape(out.shape.dims, out.shape.dims + out.shape.dimNum)) *
        elementSize(out.dtype);
    dp.out = deviceAlloc(dp.outBytes);
    to.deviceData = dp.out;
    to.dataSize = dp.outBytes;
    dp.pack.inTensors = {tx, ti};
    dp.pack.outTensors = {to};
    return dp;
  }

  /// Runs a whole gather through Setup, Execute and synchronisation and
  /// returns the output bytes (empty on failure).
  Bytes runGather(int64_t axis, int64_t batchDims, aclDataType xDtype,
                  const Shape &xShape, const Bytes &xBytes,
                  aclDataType indicesDtype, const Shape &indicesShape,
                  const Bytes &indicesBytes) {
    Shape outShape = gatherShape(xShape, indicesShape, axis, batchDims);
    DevicePack dp = makeDevicePack(makeDesc(xDtype, xShape), xBytes,
                                   makeDesc(indicesDtype, indicesShape),
                                   indicesBytes, makeDesc(xDtype, outShape));
    atb::Operation *op = createGather(axis, batchDims);
    if (!op)
      return {};
    uint64_t workspaceSize = 0;
    EXPECT_EQ(op->Setup(dp.pack, workspaceSize, context), atb::NO_ERROR);
    void *workspace = workspaceSize ? deviceAlloc(workspaceSize) : nullptr;
    EXPECT_EQ(op->Execute(dp.pack, static_cast<uint8_t *>(workspace),
                          workspaceSize, context),
              atb::NO_ERROR);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    return download(dp.out, dp.outBytes);
  }

  aclrtStream stream = nullptr;
  atb::Context *context = nullptr;
  std::vector<void *> allocations;
  std::vector<atb::Operation *> ops;
};

//===----------------------------------------------------------------------===//
// Types and helpers
//===----------------------------------------------------------------------===//

TEST(ATBTypesTest, EnumValuesMatchATBmd) {
  EXPECT_EQ(atb::NO_ERROR, 0);
  EXPECT_EQ(atb::ERROR_INVALID_PARAM, 1);
  EXPECT_EQ(atb::ERROR_INVALID_IN_TENSOR_NUM, 5);
  EXPECT_EQ(atb::ERROR_INVALID_TENSOR_DTYPE, 6);
  EXPECT_EQ(atb::ERROR_INVALID_TENSOR_DIM, 8);
  EXPECT_EQ(atb::ERROR_INVALID_TENSOR_SIZE, 9);
  EXPECT_EQ(atb::ERROR_CANN_ERROR, 12);
  EXPECT_EQ(atb::ERROR_INVALID_TENSOR_INI_MATCH, 13);
  EXPECT_EQ(atb::ERROR_INVALID_TENSOR_DIM_NUM, 16);
  EXPECT_EQ(atb::MAX_DIM, 8u);
  EXPECT_EQ(ACL_FLOAT, 0);
  EXPECT_EQ(ACL_FLOAT16, 1);
  EXPECT_EQ(ACL_INT32, 3);
  EXPECT_EQ(ACL_UINT32, 8);
  EXPECT_EQ(ACL_INT64, 9);
  EXPECT_EQ(ACL_BF16, 27);
  EXPECT_EQ(ACL_FORMAT_ND, 2);
  EXPECT_EQ(ACL_MEM_MALLOC_HUGE_FIRST, 0);
  EXPECT_EQ(ACL_MEMCPY_HOST_TO_HOST, 0);
  EXPECT_EQ(ACL_MEMCPY_HOST_TO_DEVICE, 1);
  EXPECT_EQ(ACL_MEMCPY_DEVICE_TO_HOST, 2);
  EXPECT_EQ(ACL_MEMCPY_DEVICE_TO_DEVICE, 3);
  EXPECT_EQ(ACL_SUCCESS, 0);
}

TEST(ATBTypesTest, SVector) {
  atb::SVector<int> v = {1, 2, 3};
  EXPECT_EQ(v.size(), 3u);
  v.push_back(4);
  EXPECT_EQ(v[3], 4);
  int sum = 0;
  for (int x : v)
    sum += x;
  EXPECT_EQ(sum, 10);
  v.resize(6);
  EXPECT_EQ(v.size(), 6u);
  EXPECT_EQ(v[5], 0);
  v.resize(2);
  EXPECT_EQ(v.size(), 2u);
  EXPECT_EQ(v.end() - v.begin(), 2);
  // Like the public atb/svector.h, misuse throws.
  EXPECT_THROW((void)v[2], std::out_of_range);
  EXPECT_THROW((void)v.at(7), std::out_of_range);
  atb::SVector<int> full(atb::MAX_SVECTOR_SIZE, 1);
  EXPECT_EQ(full.size(), 256u);
  EXPECT_THROW(full.push_back(9), atb::MaxSizeExceeded);
  EXPECT_THROW(atb::SVector<int>(atb::MAX_SVECTOR_SIZE + 1),
               atb::MaxSizeExceeded);
}

TEST(ATBTypesTest, GetTensorSize) {
  EXPECT_EQ(atb::Utils::GetTensorSize(makeDesc(ACL_FLOAT, {3, 3})), 36u);
  EXPECT_EQ(atb::Utils::GetTensorSize(makeDesc(ACL_FLOAT16, {2, 5})), 20u);
  EXPECT_EQ(atb::Utils::GetTensorSize(makeDesc(ACL_BF16, {7})), 14u);
  EXPECT_EQ(atb::Utils::GetTensorSize(makeDesc(ACL_INT64, {2, 1, 3})), 48u);
  EXPECT_EQ(atb::Utils::GetTensorSize(makeDesc(ACL_UINT32, {4})), 16u);
  EXPECT_EQ(atb::Utils::GetTensorSize(makeDesc(ACL_INT32, {4, 0})), 0u);
  atb::Tensor t;
  t.desc = makeDesc(ACL_INT32, {2, 2});
  EXPECT_EQ(atb::Utils::GetTensorSize(t), 16u);
}

//===----------------------------------------------------------------------===//
// ACL runtime
//===----------------------------------------------------------------------===//

TEST(ACLEmulatorTest, CallsBeforeInitFail) {
  void *p = nullptr;
  aclrtStream s = nullptr;
  EXPECT_EQ(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE);
  EXPECT_EQ(aclrtCreateStream(&s), ACL_ERROR_UNINITIALIZE);
  EXPECT_EQ(aclrtMalloc(&p, 16, ACL_MEM_MALLOC_HUGE_FIRST),
            ACL_ERROR_UNINITIALIZE);
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  atb::Context *ctx = nullptr;
  EXPECT_EQ(atb::CreateContext(&ctx), atb::ERROR_CANN_ERROR);
}

TEST(ACLEmulatorTest, InitOrder) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  aclrtStream s = nullptr;
  void *p = nullptr;
  // Stream, memory and context need a device set on the thread.
  EXPECT_EQ(aclrtCreateStream(&s), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(aclrtMalloc(&p, 16, ACL_MEM_MALLOC_HUGE_FIRST),
            ACL_ERROR_RT_CONTEXT_NULL);
  atb::Context *ctx = nullptr;
  EXPECT_EQ(atb::CreateContext(&ctx), atb::ERROR_CANN_ERROR);
  EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtSetDevice(8), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtResetDevice(0), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtSynchronizeStream(s), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
}

TEST_F(EmulatorTest, MallocArguments) {
  void *p = nullptr;
  EXPECT_EQ(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMalloc(nullptr, 16, ACL_MEM_MALLOC_HUGE_FIRST),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMalloc(&p, uint64_t(1) << 40, ACL_MEM_MALLOC_HUGE_FIRST),
            ACL_ERROR_BAD_ALLOC);
  EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(EmulatorTest, MemcpyRoundTrip) {
  Bytes in = {1, 2, 3, 4, 5, 6, 7, 8};
  void *a = upload(in);
  void *b = deviceAlloc(8);
  EXPECT_EQ(aclrtMemcpy(b, 8, a, 8, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(download(b, 8), in);
  // Part of an allocation.
  EXPECT_EQ(download(static_cast<uint8_t *>(a) + 4, 4), Bytes({5, 6, 7, 8}));
  Bytes h1 = {9, 9}, h2(2);
  EXPECT_EQ(aclrtMemcpy(h2.data(), 2, h1.data(), 2, ACL_MEMCPY_HOST_TO_HOST),
            ACL_SUCCESS);
  EXPECT_EQ(h2, h1);
}

TEST_F(EmulatorTest, MemcpySizeMismatch) {
  Bytes host(32);
  void *dev = deviceAlloc(16);
  // count > destMax.
  EXPECT_EQ(aclrtMemcpy(dev, 8, host.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);
  // Past the end of the allocation, either side.
  EXPECT_EQ(aclrtMemcpy(dev, 32, host.data(), 32, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(static_cast<uint8_t *>(dev) + 8, 16, host.data(), 9,
                        ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(host.data(), 32, dev, 17, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_ERROR_INVALID_PARAM);
  // Exactly fitting is fine.
  EXPECT_EQ(aclrtMemcpy(dev, 16, host.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_SUCCESS);
}

TEST_F(EmulatorTest, MemcpyKindMismatch) {
  Bytes host(16);
  void *dev = deviceAlloc(16);
  // A host pointer where the kind says device, and the reverse.
  EXPECT_EQ(aclrtMemcpy(host.data(), 16, host.data() + 8, 8,
                        ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(host.data(), 16, dev, 16, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(dev, 16, host.data(), 16, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(dev, 16, dev, 16, ACL_MEMCPY_HOST_TO_HOST),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(
      aclrtMemcpy(nullptr, 16, host.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE),
      ACL_ERROR_INVALID_PARAM);
}

TEST_F(EmulatorTest, UseAfterFreeAndDoubleFree) {
  void *p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  Bytes host(64);
  testing::internal::CaptureStderr();
  EXPECT_EQ(aclrtMemcpy(host.data(), 64, p, 64, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(p, 64, host.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtFree(p), ACL_ERROR_INVALID_PARAM);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("freed"), std::string::npos) << err;
  EXPECT_NE(err.find("double free"), std::string::npos) << err;
  // A new allocation does not reuse the freed block.
  void *q = nullptr;
  ASSERT_EQ(aclrtMalloc(&q, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_NE(q, p);
  EXPECT_EQ(aclrtFree(q), ACL_SUCCESS);
}

TEST_F(EmulatorTest, FreeOfUnknownPointers) {
  Bytes host(16);
  EXPECT_EQ(aclrtFree(host.data()), ACL_ERROR_INVALID_PARAM);
  void *dev = deviceAlloc(16);
  EXPECT_EQ(aclrtFree(static_cast<uint8_t *>(dev) + 4),
            ACL_ERROR_INVALID_PARAM);
}

TEST_F(EmulatorTest, ResetDeviceReleasesLeakedMemory) {
  void *p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  // A second reference keeps the device alive; dropping it keeps memory.
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  Bytes host(32);
  EXPECT_EQ(aclrtMemcpy(host.data(), 32, p, 32, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_SUCCESS);
  EXPECT_EQ(atb::DestroyContext(context), atb::NO_ERROR);
  context = nullptr;
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  stream = nullptr;
  testing::internal::CaptureStderr();
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("1 allocation(s) (32 bytes) still live"),
            std::string::npos)
      << err;
  // The memory went with the device.
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(p), ACL_ERROR_INVALID_PARAM);
}

TEST_F(EmulatorTest, DevicePerThread) {
  void *dev = deviceAlloc(8);
  Bytes host(8, 1);
  aclError withoutDevice = ACL_SUCCESS, withDevice = ACL_ERROR_INTERNAL_ERROR;
  std::thread worker([&] {
    withoutDevice =
        aclrtMemcpy(dev, 8, host.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE);
    if (aclrtSetDevice(0) == ACL_SUCCESS) {
      withDevice =
          aclrtMemcpy(dev, 8, host.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE);
      aclrtResetDevice(0);
    }
  });
  worker.join();
  EXPECT_EQ(withoutDevice, ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_EQ(withDevice, ACL_SUCCESS);
}

TEST_F(EmulatorTest, ConcurrentMemoryTraffic) {
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&failures, t] {
      if (aclrtSetDevice(0) != ACL_SUCCESS) {
        ++failures;
        return;
      }
      for (int i = 0; i < 200; ++i) {
        Bytes in(64 + i, static_cast<uint8_t>(t)), out(64 + i);
        void *p = nullptr;
        bool ok = aclrtMalloc(&p, in.size(), ACL_MEM_MALLOC_HUGE_FIRST) ==
                      ACL_SUCCESS &&
                  aclrtMemcpy(p, in.size(), in.data(), in.size(),
                              ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS &&
                  aclrtMemcpy(out.data(), out.size(), p, out.size(),
                              ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS &&
                  aclrtFree(p) == ACL_SUCCESS && out == in;
        failures += !ok;
      }
      aclrtResetDevice(0);
    });
  }
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failures.load(), 0);
}

//===----------------------------------------------------------------------===//
// Contexts and operation lifetime
//===----------------------------------------------------------------------===//

TEST_F(EmulatorTest, ContextAndOperationLifetime) {
  EXPECT_EQ(context->GetExecuteStream(), stream);
  EXPECT_EQ(atb::CreateContext(nullptr), atb::ERROR_INVALID_PARAM);
  atb::Context *second = nullptr;
  ASSERT_EQ(atb::CreateContext(&second), atb::NO_ERROR);
  EXPECT_EQ(second->GetExecuteStream(), nullptr);
  EXPECT_EQ(atb::DestroyContext(second), atb::NO_ERROR);
  EXPECT_EQ(atb::DestroyContext(second), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(atb::DestroyContext(nullptr), atb::ERROR_INVALID_PARAM);

  atb::infer::GatherParam param;
  atb::Operation *op = nullptr;
  ASSERT_EQ(atb::CreateOperation(param, &op), atb::NO_ERROR);
  EXPECT_EQ(op->GetName(), "GatherOperation");
  EXPECT_EQ(op->GetInputNum(), 2u);
  EXPECT_EQ(op->GetOutputNum(), 1u);
  EXPECT_EQ(atb::DestroyOperation(op), atb::NO_ERROR);
  EXPECT_EQ(atb::DestroyOperation(op), atb::ERROR_INVALID_PARAM);
}

TEST_F(EmulatorTest, DestroyContextBeforeOperationWarns) {
  atb::Context *second = nullptr;
  ASSERT_EQ(atb::CreateContext(&second), atb::NO_ERROR);
  atb::Operation *op = createGather(1, 0);
  ASSERT_NE(op, nullptr);
  uint64_t ws = 0;
  ASSERT_EQ(
      op->Setup(descPack(makeDesc(ACL_FLOAT, {3, 3}), makeDesc(ACL_INT64, {2}),
                         makeDesc(ACL_FLOAT, {3, 2})),
                ws, second),
      atb::NO_ERROR);
  testing::internal::CaptureStderr();
  EXPECT_EQ(atb::DestroyContext(second), atb::NO_ERROR);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("destroy operations first"), std::string::npos) << err;
}

//===----------------------------------------------------------------------===//
// CreateOperation checks
//===----------------------------------------------------------------------===//

TEST_F(EmulatorTest, CreateOperationChecks) {
  auto create = [](int64_t axis, int64_t batchDims, int rsvIndex = -1) {
    atb::infer::GatherParam param;
    param.axis = axis;
    param.batchDims = batchDims;
    if (rsvIndex >= 0)
      param.rsv[rsvIndex] = 1;
    atb::Operation *op = nullptr;
    atb::Status st = atb::CreateOperation(param, &op);
    EXPECT_EQ(st == atb::NO_ERROR, op != nullptr);
    if (op)
      atb::DestroyOperation(op);
    return st;
  };
  EXPECT_EQ(create(0, 0), atb::NO_ERROR);
  EXPECT_EQ(create(3, 3), atb::NO_ERROR);
  EXPECT_EQ(create(1, 0, 0), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(create(1, 0, 15), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(create(-1, 0), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(create(1, -1), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(create(1, 2), atb::ERROR_INVALID_PARAM);
  atb::infer::GatherParam param;
  EXPECT_EQ(atb::CreateOperation(param, nullptr), atb::ERROR_INVALID_PARAM);
}

//===----------------------------------------------------------------------===//
// Setup checks
//===----------------------------------------------------------------------===//

TEST_F(EmulatorTest, SetupTensorCounts) {
  atb::Operation *op = createGather(1, 0);
  ASSERT_NE(op, nullptr);
  atb::Tensor x, i, o;
  x.desc = makeDesc(ACL_FLOAT, {3, 3});
  i.desc = makeDesc(ACL_INT64, {2});
  o.desc = makeDesc(ACL_FLOAT, {3, 2});
  uint64_t ws = 0;
  atb::VariantPack pack;
  pack.inTensors = {x};
  pack.outTensors = {o};
  EXPECT_EQ(op->Setup(pack, ws, context), atb::ERROR_INVALID_IN_TENSOR_NUM);
  pack.inTensors = {x, i, i};
  EXPECT_EQ(op->Setup(pack, ws, context), atb::ERROR_INVALID_IN_TENSOR_NUM);
  pack.inTensors = {x, i};
  pack.outTensors = {};
  EXPECT_EQ(op->Setup(pack, ws, context), atb::ERROR_INVALID_IN_TENSOR_NUM);
  pack.outTensors = {o, o};
  EXPECT_EQ(op->Setup(pack, ws, context), atb::ERROR_INVALID_IN_TENSOR_NUM);
  pack.outTensors = {o};
  EXPECT_EQ(op->Setup(pack, ws, nullptr), atb::ERROR_INVALID_PARAM);
  ws = 0;
  EXPECT_EQ(op->Setup(pack, ws, context), atb::NO_ERROR);
  EXPECT_GT(ws, 0u);
  EXPECT_EQ(ws % 512, 0u);
}

TEST_F(EmulatorTest, SetupRanks) {
  // Rank 0 anywhere: TensorCheck::CheckTensorShape, ERROR_INVALID_TENSOR_DIM.
  EXPECT_EQ(setupStatus(0, 0, makeDesc(ACL_FLOAT, {}), makeDesc(ACL_INT32, {1}),
                        makeDesc(ACL_FLOAT, {1})),
            atb::ERROR_INVALID_TENSOR_DIM);
  EXPECT_EQ(setupStatus(0, 0, makeDesc(ACL_FLOAT, {4}), makeDesc(ACL_INT32, {}),
                        makeDesc(ACL_FLOAT, {1})),
            atb::ERROR_INVALID_TENSOR_DIM);
  EXPECT_EQ(setupStatus(0, 0, makeDesc(ACL_FLOAT, {4}),
                        makeDesc(ACL_INT32, {1}), makeDesc(ACL_FLOAT, {})),
            atb::ERROR_INVALID_TENSOR_DIM);
  // Rank 9: the same check.
  atb::TensorDesc rank9 = makeDesc(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1});
  rank9.shape.dimNum = 9;
  EXPECT_EQ(setupStatus(0, 0, rank9, makeDesc(ACL_INT32, {1}), rank9),
            atb::ERROR_INVALID_TENSOR_DIM);
  // rank(x) + rank(indices) - 1 - batchDims <= 8 (GatherOperation::
  // ParamCheck): 8 + 1 - 1 - 0 = 8 passes...
  Shape x8(8, 2);
  EXPECT_EQ(setupStatus(0, 0, makeDesc(ACL_FLOAT, x8), makeDesc(ACL_INT32, {2}),
                        makeDesc(ACL_FLOAT, x8)),
            atb::NO_ERROR);
  // ... as does 5 + 5 - 1 - 1 = 8, which the older rule
  // rank(x) + rank(indices) <= 9 refused...
  Shape x5 = {2, 2, 2, 2, 2}, i5 = {2, 2, 2, 2, 2};
  EXPECT_EQ(setupStatus(1, 1, makeDesc(ACL_FLOAT, x5), makeDesc(ACL_INT32, i5),
                        makeDesc(ACL_FLOAT, gatherShape(x5, i5, 1, 1))),
            atb::NO_ERROR);
  // ... while 5 + 5 - 1 - 0 = 9 fails with ERROR_INVALID_TENSOR_DIM_NUM
  // (given an output of rank 8, which passes the shape check before it).
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, x5), makeDesc(ACL_INT32, i5),
                        makeDesc(ACL_FLOAT, x8)),
            atb::ERROR_INVALID_TENSOR_DIM_NUM);
}

TEST_F(EmulatorTest, SetupAxisAndBatchDimsAgainstRanks) {
  // axis must be < rank(x).
  EXPECT_EQ(setupStatus(2, 0, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {2}), makeDesc(ACL_FLOAT, {3, 3})),
            atb::ERROR_INVALID_PARAM);
  // batchDims must be <= rank(indices).
  EXPECT_EQ(setupStatus(2, 2, makeDesc(ACL_FLOAT, {2, 2, 3}),
                        makeDesc(ACL_INT32, {2}), makeDesc(ACL_FLOAT, {2, 2})),
            atb::ERROR_INVALID_PARAM);
  // batchDims == rank(indices) is allowed: one index per batch.
  EXPECT_EQ(setupStatus(1, 1, makeDesc(ACL_FLOAT, {3, 4}),
                        makeDesc(ACL_INT32, {3}), makeDesc(ACL_FLOAT, {3})),
            atb::NO_ERROR);
}

TEST_F(EmulatorTest, SetupShapes) {
  // Batch dimensions must agree.
  EXPECT_EQ(setupStatus(1, 1, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {2, 1}),
                        makeDesc(ACL_FLOAT, {3, 1})),
            atb::ERROR_INVALID_TENSOR_DIM);
  // Wrong output shape, wrong output rank.
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {2}), makeDesc(ACL_FLOAT, {2, 3})),
            atb::ERROR_INVALID_TENSOR_DIM);
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {2}),
                        makeDesc(ACL_FLOAT, {3, 2, 1})),
            atb::ERROR_INVALID_TENSOR_DIM_NUM);
  // The spec's two examples.
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {2}), makeDesc(ACL_FLOAT, {3, 2})),
            atb::NO_ERROR);
  EXPECT_EQ(setupStatus(1, 1, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {3, 1}),
                        makeDesc(ACL_FLOAT, {3, 1})),
            atb::NO_ERROR);
}

TEST_F(EmulatorTest, InferShape) {
  atb::Operation *op = createGather(1, 1);
  ASSERT_NE(op, nullptr);
  atb::SVector<atb::TensorDesc> in = {makeDesc(ACL_BF16, {3, 5, 4}),
                                      makeDesc(ACL_INT64, {3, 2, 7})};
  atb::SVector<atb::TensorDesc> out;
  ASSERT_EQ(op->InferShape(in, out), atb::NO_ERROR);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].dtype, ACL_BF16);
  ASSERT_EQ(out[0].shape.dimNum, 4u);
  EXPECT_EQ(Shape(out[0].shape.dims, out[0].shape.dims + 4),
            Shape({3, 2, 7, 4}));
  in.resize(1);
  EXPECT_EQ(op->InferShape(in, out), atb::ERROR_INVALID_IN_TENSOR_NUM);
}

TEST_F(EmulatorTest, SetupDtypes) {
  // Every documented x dtype with every documented indices dtype.
  for (aclDataType x : kDataDtypes)
    for (aclDataType i : kIndexDtypes)
      EXPECT_EQ(example1SetupStatus(x, i), atb::NO_ERROR)
          << "x " << x << " indices " << i;
  // A dtype outside the ini table: OperationBase::CheckIniMatch.
  for (aclDataType x :
       {ACL_INT8, ACL_UINT8, ACL_INT16, ACL_DOUBLE, ACL_BOOL, ACL_UINT64})
    EXPECT_EQ(example1SetupStatus(x, ACL_INT64),
              atb::ERROR_INVALID_TENSOR_INI_MATCH)
        << "x " << x;
  for (aclDataType i :
       {ACL_FLOAT, ACL_FLOAT16, ACL_INT16, ACL_INT8, ACL_UINT64})
    EXPECT_EQ(example1SetupStatus(ACL_FLOAT, i),
              atb::ERROR_INVALID_TENSOR_INI_MATCH)
        << "indices " << i;
  // A dtype without a size fails the shape check first.
  EXPECT_EQ(example1SetupStatus(ACL_DT_UNDEFINED, ACL_INT64),
            atb::ERROR_INVALID_TENSOR_SIZE);
  // Output dtype must be x's: the ini combinations pair them.
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {2}),
                        makeDesc(ACL_FLOAT16, {3, 2})),
            atb::ERROR_INVALID_TENSOR_INI_MATCH);
}

TEST_F(EmulatorTest, SocDtypeTables) {
  // Products that accept every pair.
  for (const char *soc : {"ascend910b", "ascend910_93"}) {
    setenv(kSocEnv, soc, 1);
    for (aclDataType x : kDataDtypes)
      for (aclDataType i : kIndexDtypes)
        EXPECT_EQ(example1SetupStatus(x, i), atb::NO_ERROR)
            << soc << " x " << x << " indices " << i;
  }
  // ascend910 (910A) and ascend310p: TensorCheck::CheckBF16 rejects bf16
  // with ERROR_INVALID_TENSOR_DTYPE.
  for (const char *soc : {"ascend910", "ascend310p"}) {
    setenv(kSocEnv, soc, 1);
    for (aclDataType x : kDataDtypes)
      for (aclDataType i : kIndexDtypes)
        EXPECT_EQ(example1SetupStatus(x, i),
                  x == ACL_BF16 ? atb::ERROR_INVALID_TENSOR_DTYPE
                                : atb::NO_ERROR)
            << soc << " x " << x << " indices " << i;
  }
  // ascend310b: its ini table has x float16 only.
  setenv(kSocEnv, "ascend310b", 1);
  for (aclDataType x : kDataDtypes)
    for (aclDataType i : kIndexDtypes)
      EXPECT_EQ(example1SetupStatus(x, i),
                x == ACL_FLOAT16 ? atb::NO_ERROR
                                 : atb::ERROR_INVALID_TENSOR_INI_MATCH)
          << "ascend310b x " << x << " indices " << i;
  // ascend950: aclnnGatherV3 takes no uint32 data and no uint32 indices.
  setenv(kSocEnv, "ascend950", 1);
  for (aclDataType x : kDataDtypes)
    for (aclDataType i : kIndexDtypes)
      EXPECT_EQ(example1SetupStatus(x, i), x == ACL_UINT32 || i == ACL_UINT32
                                               ? atb::ERROR_CANN_ERROR
                                               : atb::NO_ERROR)
          << "ascend950 x " << x << " indices " << i;
  // A dtype outside the generic table fails the ini check on every product.
  EXPECT_EQ(example1SetupStatus(ACL_INT8, ACL_INT32),
            atb::ERROR_INVALID_TENSOR_INI_MATCH);
  // Names are case-insensitive.
  setenv(kSocEnv, "Ascend310B", 1);
  EXPECT_EQ(example1SetupStatus(ACL_FLOAT, ACL_INT32),
            atb::ERROR_INVALID_TENSOR_INI_MATCH);
  // An unknown name warns and falls back to ascend910b.
  setenv(kSocEnv, "ascend123", 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(example1SetupStatus(ACL_BF16, ACL_UINT32), atb::NO_ERROR);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("ascend123"), std::string::npos) << err;
}

TEST_F(EmulatorTest, SetupSizes) {
  // Zero and negative dimensions.
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, {3, 0}),
                        makeDesc(ACL_INT32, {2}), makeDesc(ACL_FLOAT, {3, 2})),
            atb::ERROR_INVALID_TENSOR_SIZE);
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {0}), makeDesc(ACL_FLOAT, {3, 0})),
            atb::ERROR_INVALID_TENSOR_SIZE);
  EXPECT_EQ(setupStatus(0, 0, makeDesc(ACL_FLOAT, {3, -2}),
                        makeDesc(ACL_INT32, {2}), makeDesc(ACL_FLOAT, {2, -2})),
            atb::ERROR_INVALID_TENSOR_SIZE);
  // 256 GiB is the limit (Setup allocates nothing, so this is cheap).
  int64_t rows = int64_t(1) << 26; // x: 2^26 x 2^10 floats = 256 GiB
  EXPECT_EQ(setupStatus(0, 0, makeDesc(ACL_FLOAT, {rows, 1024}),
                        makeDesc(ACL_INT32, {2}),
                        makeDesc(ACL_FLOAT, {2, 1024})),
            atb::NO_ERROR);
  EXPECT_EQ(setupStatus(0, 0, makeDesc(ACL_FLOAT, {rows + 1, 1024}),
                        makeDesc(ACL_INT32, {2}),
                        makeDesc(ACL_FLOAT, {2, 1024})),
            atb::ERROR_INVALID_TENSOR_SIZE);
  // A product that overflows 64 bits.
  int64_t huge = int64_t(1) << 40;
  EXPECT_EQ(setupStatus(0, 0, makeDesc(ACL_FLOAT, {2, huge, huge}),
                        makeDesc(ACL_INT32, {1}),
                        makeDesc(ACL_FLOAT, {1, huge, huge})),
            atb::ERROR_INVALID_TENSOR_SIZE);
}

TEST_F(EmulatorTest, SetupFormat) {
  // Formats are part of the ini combinations (all ND).
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, {3, 3}, ACL_FORMAT_NCHW),
                        makeDesc(ACL_INT32, {2}), makeDesc(ACL_FLOAT, {3, 2})),
            atb::ERROR_INVALID_TENSOR_INI_MATCH);
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {2}, ACL_FORMAT_FRACTAL_NZ),
                        makeDesc(ACL_FLOAT, {3, 2})),
            atb::ERROR_INVALID_TENSOR_INI_MATCH);
  EXPECT_EQ(setupStatus(1, 0, makeDesc(ACL_FLOAT, {3, 3}),
                        makeDesc(ACL_INT32, {2}),
                        makeDesc(ACL_FLOAT, {3, 2}, ACL_FORMAT_UNDEFINED)),
            atb::ERROR_INVALID_TENSOR_INI_MATCH);
}

//===----------------------------------------------------------------------===//
// Execute checks
//===----------------------------------------------------------------------===//

/// Example 1 on device, set up and ready to execute.
class ExecuteTest : public EmulatorTest {
protected:
  void SetUp() override {
    EmulatorTest::SetUp();
    if (HasFatalFailure())
      return;
    dp = makeDevicePack(makeDesc(ACL_FLOAT, {3, 3}),
                        encodeValues(ACL_FLOAT, {1, 2, 3, 4, 5, 6, 7, 8, 9}),
                        makeDesc(ACL_INT64, {2}),
                        encodeIndices(ACL_INT64, {2, 0}),
                        makeDesc(ACL_FLOAT, {3, 2}));
    op = createGather(1, 0);
    ASSERT_NE(op, nullptr);
    ASSERT_EQ(op->Setup(dp.pack, workspaceSize, context), atb::NO_ERROR);
    ASSERT_GT(workspaceSize, 0u);
    workspace = static_cast<uint8_t *>(deviceAlloc(workspaceSize));
  }

  atb::Status execute(const atb::VariantPack &pack) {
    return op->Execute(pack, workspace, workspaceSize, context);
  }

  DevicePack dp;
  atb::Operation *op = nullptr;
  uint64_t workspaceSize = 0;
  uint8_t *workspace = nullptr;
};

TEST_F(ExecuteTest, Succeeds) {
  EXPECT_EQ(execute(dp.pack), atb::NO_ERROR);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(download(dp.out, dp.outBytes),
            encodeValues(ACL_FLOAT, {3, 1, 6, 4, 9, 7}));
}

TEST_F(ExecuteTest, ResultAppearsOnlyAfterSynchronize) {
  Bytes before = download(dp.out, dp.outBytes);
  EXPECT_EQ(execute(dp.pack), atb::NO_ERROR);
  EXPECT_EQ(download(dp.out, dp.outBytes), before);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(download(dp.out, dp.outBytes),
            encodeValues(ACL_FLOAT, {3, 1, 6, 4, 9, 7}));
}

TEST_F(ExecuteTest, NeedsSuccessfulSetup) {
  atb::Operation *fresh = createGather(1, 0);
  ASSERT_NE(fresh, nullptr);
  EXPECT_EQ(fresh->Execute(dp.pack, workspace, workspaceSize, context),
            atb::ERROR_INVALID_PARAM);
  // A failed Setup cancels the earlier successful one.
  atb::VariantPack bad = dp.pack;
  bad.outTensors[0].desc = makeDesc(ACL_FLOAT, {2, 2});
  uint64_t ws = 0;
  EXPECT_EQ(op->Setup(bad, ws, context), atb::ERROR_INVALID_TENSOR_DIM);
  EXPECT_EQ(execute(dp.pack), atb::ERROR_INVALID_PARAM);
}

TEST_F(ExecuteTest, NeedsTheSetupContext) {
  atb::Context *other = nullptr;
  ASSERT_EQ(atb::CreateContext(&other), atb::NO_ERROR);
  ASSERT_EQ(other->SetExecuteStream(stream), atb::NO_ERROR);
  EXPECT_EQ(op->Execute(dp.pack, workspace, workspaceSize, other),
            atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(op->Execute(dp.pack, workspace, workspaceSize, nullptr),
            atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(atb::DestroyContext(other), atb::NO_ERROR);
}

TEST_F(ExecuteTest, NeedsAStream) {
  ASSERT_EQ(context->SetExecuteStream(nullptr), atb::NO_ERROR);
  EXPECT_EQ(execute(dp.pack), atb::ERROR_INVALID_PARAM);
  // A destroyed stream.
  aclrtStream gone = nullptr;
  ASSERT_EQ(aclrtCreateStream(&gone), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(gone), ACL_SUCCESS);
  ASSERT_EQ(context->SetExecuteStream(gone), atb::NO_ERROR);
  EXPECT_EQ(execute(dp.pack), atb::ERROR_CANN_ERROR);
  ASSERT_EQ(context->SetExecuteStream(stream), atb::NO_ERROR);
  EXPECT_EQ(execute(dp.pack), atb::NO_ERROR);
}

TEST_F(ExecuteTest, Workspace) {
  EXPECT_EQ(op->Execute(dp.pack, workspace, workspaceSize - 1, context),
            atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(op->Execute(dp.pack, nullptr, workspaceSize, context),
            atb::ERROR_INVALID_PARAM);
  // Claiming a larger workspace than the allocation holds.
  EXPECT_EQ(op->Execute(dp.pack, workspace + 1, workspaceSize, context),
            atb::ERROR_CANN_ERROR);
  Bytes host(workspaceSize);
  EXPECT_EQ(op->Execute(dp.pack, host.data(), workspaceSize, context),
            atb::ERROR_CANN_ERROR);
  EXPECT_EQ(op->Execute(dp.pack, workspace, workspaceSize + 4096, context),
            atb::NO_ERROR);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
}

TEST_F(ExecuteTest, DataSizes) {
  for (int t = 0; t < 3; ++t) {
    atb::VariantPack pack = dp.pack;
    atb::Tensor &tensor = t < 2 ? pack.inTensors[t] : pack.outTensors[0];
    // OperationBase::ExecuteVariantPack{In,Out}TensorCheck:
    // ERROR_INVALID_PARAM.
    tensor.dataSize += 4;
    EXPECT_EQ(execute(pack), atb::ERROR_INVALID_PARAM) << "tensor " << t;
    tensor.dataSize -= 8;
    EXPECT_EQ(execute(pack), atb::ERROR_INVALID_PARAM) << "tensor " << t;
  }
  // Execute compares with the description given to Setup, not the one
  // passed now.
  atb::VariantPack pack = dp.pack;
  pack.inTensors[0].desc = makeDesc(ACL_FLOAT, {3, 4});
  EXPECT_EQ(execute(pack), atb::NO_ERROR);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
}

TEST_F(ExecuteTest, TensorCounts) {
  atb::VariantPack pack = dp.pack;
  pack.inTensors.resize(1);
  // Execute compares the count with Setup's: ERROR_INVALID_PARAM.
  EXPECT_EQ(execute(pack), atb::ERROR_INVALID_PARAM);
}

TEST_F(ExecuteTest, DataAddresses) {
  Bytes host(64);
  for (int t = 0; t < 3; ++t) {
    atb::VariantPack pack = dp.pack;
    atb::Tensor &tensor = t < 2 ? pack.inTensors[t] : pack.outTensors[0];
    // Neither device nor host data.
    tensor.deviceData = nullptr;
    EXPECT_EQ(execute(pack), atb::ERROR_INVALID_PARAM) << "tensor " << t;
    // Host data only: nothing the device can read.
    tensor.hostData = host.data();
    EXPECT_EQ(execute(pack), atb::ERROR_CANN_ERROR) << "tensor " << t;
    // Host memory passed as device memory.
    tensor.deviceData = host.data();
    EXPECT_EQ(execute(pack), atb::ERROR_CANN_ERROR) << "tensor " << t;
    // An allocation too small for the tensor.
    void *small = deviceAlloc(tensor.dataSize - 1);
    tensor.deviceData = small;
    EXPECT_EQ(execute(pack), atb::ERROR_CANN_ERROR) << "tensor " << t;
    // Freed memory.
    void *freed = nullptr;
    ASSERT_EQ(aclrtMalloc(&freed, tensor.dataSize, ACL_MEM_MALLOC_HUGE_FIRST),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(freed), ACL_SUCCESS);
    tensor.deviceData = freed;
    EXPECT_EQ(execute(pack), atb::ERROR_CANN_ERROR) << "tensor " << t;
  }
}

TEST_F(ExecuteTest, FreeBeforeSynchronizeFaults) {
  // Free the input after Execute queued the gather but before it ran.
  void *scratch = nullptr;
  ASSERT_EQ(aclrtMalloc(&scratch, 36, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(scratch, 36, dp.pack.inTensors[0].deviceData, 36,
                        ACL_MEMCPY_DEVICE_TO_DEVICE),
            ACL_SUCCESS);
  atb::VariantPack pack = dp.pack;
  pack.inTensors[0].deviceData = scratch;
  ASSERT_EQ(execute(pack), atb::NO_ERROR);
  ASSERT_EQ(aclrtFree(scratch), ACL_SUCCESS);
  testing::internal::CaptureStderr();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("freed"), std::string::npos) << err;
}

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

class SpecExampleTest : public EmulatorTest,
                        public ::testing::WithParamInterface<
                            std::tuple<aclDataType, aclDataType>> {};

TEST_P(SpecExampleTest, Example1) {
  auto [x, i] = GetParam();
  Bytes out =
      runGather(1, 0, x, {3, 3}, encodeValues(x, {1, 2, 3, 4, 5, 6, 7, 8, 9}),
                i, {2}, encodeIndices(i, {2, 0}));
  EXPECT_EQ(out, encodeValues(x, {3, 1, 6, 4, 9, 7}));
}

TEST_P(SpecExampleTest, Example2) {
  auto [x, i] = GetParam();
  Bytes out =
      runGather(1, 1, x, {3, 3}, encodeValues(x, {1, 2, 3, 4, 5, 6, 7, 8, 9}),
                i, {3, 1}, encodeIndices(i, {1, 2, 0}));
  EXPECT_EQ(out, encodeValues(x, {2, 6, 7}));
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, SpecExampleTest,
                         ::testing::Combine(::testing::ValuesIn(kDataDtypes),
                                            ::testing::ValuesIn(kIndexDtypes)));

TEST_F(EmulatorTest, Float16BitPatternsArePreserved) {
  // NaN with payload, -0, +inf, -inf, the smallest subnormal, max half.
  std::vector<uint16_t> bits = {0x7E01, 0x8000, 0x7C00, 0xFC00, 0x0001, 0x7BFF};
  Bytes x;
  for (uint16_t b : bits)
    append<uint16_t>(x, b);
  std::vector<int64_t> idx = {5, 4, 3, 2, 1, 0, 0};
  Bytes out = runGather(0, 0, ACL_FLOAT16, {6}, x, ACL_UINT32, {7},
                        encodeIndices(ACL_UINT32, idx));
  Bytes expected;
  for (int64_t k : idx)
    append<uint16_t>(expected, bits[k]);
  EXPECT_EQ(out, expected);
}

TEST_F(EmulatorTest, OutOfRangeIndicesGiveZerosAndAWarning) {
  Bytes x = encodeValues(ACL_INT32, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  testing::internal::CaptureStderr();
  Bytes out = runGather(1, 0, ACL_INT32, {3, 3}, x, ACL_INT64, {3},
                        encodeIndices(ACL_INT64, {3, 1, -1}));
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(out, encodeValues(ACL_INT32, {0, 2, 0, 0, 5, 0, 0, 8, 0}));
  EXPECT_NE(err.find("6 index value(s) outside [0, 3)"), std::string::npos)
      << err;
  // uint32 values are never negative: 0xFFFFFFFF is out of range, not -1.
  testing::internal::CaptureStderr();
  out = runGather(0, 0, ACL_INT32, {3, 3}, x, ACL_UINT32, {2},
                  encodeIndices(ACL_UINT32, {0xFFFFFFFF, 2}));
  err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(out, encodeValues(ACL_INT32, {0, 0, 0, 7, 8, 9}));
  EXPECT_NE(err.find("4294967295"), std::string::npos) << err;
}

/// Random shapes, every valid axis and batchDims, against the reference.
TEST_F(EmulatorTest, RandomAgainstReference) {
  std::mt19937 rng(1234);
  auto uniform = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  int cases = 0;
  for (int iter = 0; iter < 150; ++iter) {
    int64_t r = uniform(1, 4), q = uniform(1, 3);
    int64_t a = uniform(0, r - 1);
    int64_t b = uniform(0, std::min(a, q));
    Shape xShape(r), iShape(q);
    for (int64_t &d : xShape)
      d = uniform(1, 4);
    for (int64_t &d : iShape)
      d = uniform(1, 4);
    for (int64_t d = 0; d < b; ++d)
      iShape[d] = xShape[d];
    // Now and then a long index list, to cross the workspace chunk size.
    if (iter % 10 == 0 && q - 1 >= b)
      iShape[q - 1] = uniform(100, 400);
    aclDataType xDtype = kDataDtypes[iter % 6];
    aclDataType iDtype = kIndexDtypes[iter % 3];
    uint64_t elem = elementSize(xDtype);
    Bytes x(numElements(xShape) * elem);
    for (uint8_t &byte : x)
      byte = static_cast<uint8_t>(uniform(0, 255));
    std::vector<int64_t> idx(numElements(iShape));
    for (int64_t &k : idx)
      k = uniform(0, xShape[a] - 1);
    Bytes out = runGather(a, b, xDtype, xShape, x, iDtype, iShape,
                          encodeIndices(iDtype, idx));
    EXPECT_EQ(out, referenceGather(x, xShape, idx, iShape, a, b, elem))
        << "case " << iter << " axis " << a << " batchDims " << b;
    ++cases;
  }
  EXPECT_EQ(cases, 150);
}

TEST_F(EmulatorTest, ConcurrentGathers) {
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&failures] {
      aclrtStream s = nullptr;
      atb::Context *ctx = nullptr;
      atb::Operation *op = nullptr;
      atb::infer::GatherParam param;
      param.axis = 1;
      bool ok = aclrtSetDevice(0) == ACL_SUCCESS &&
                aclrtCreateStream(&s) == ACL_SUCCESS &&
                atb::CreateContext(&ctx) == atb::NO_ERROR &&
                ctx->SetExecuteStream(s) == atb::NO_ERROR &&
                atb::CreateOperation(param, &op) == atb::NO_ERROR;
      Bytes x = encodeValues(ACL_FLOAT, {1, 2, 3, 4, 5, 6, 7, 8, 9});
      Bytes idx = encodeIndices(ACL_INT32, {2, 0});
      Bytes expected = encodeValues(ACL_FLOAT, {3, 1, 6, 4, 9, 7});
      void *dx = nullptr, *di = nullptr, *dout = nullptr, *ws = nullptr;
      ok = ok &&
           aclrtMalloc(&dx, 36, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS &&
           aclrtMalloc(&di, 8, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS &&
           aclrtMalloc(&dout, 24, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS;
      atb::VariantPack pack;
      atb::Tensor tx, ti, to;
      tx.desc = makeDesc(ACL_FLOAT, {3, 3});
      tx.deviceData = dx;
      tx.dataSize = 36;
      ti.desc = makeDesc(ACL_INT32, {2});
      ti.deviceData = di;
      ti.dataSize = 8;
      to.desc = makeDesc(ACL_FLOAT, {3, 2});
      to.deviceData = dout;
      to.dataSize = 24;
      pack.inTensors = {tx, ti};
      pack.outTensors = {to};
      uint64_t wsSize = 0;
      ok = ok && op->Setup(pack, wsSize, ctx) == atb::NO_ERROR &&
           aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS;
      for (int i = 0; ok && i < 100; ++i) {
        Bytes out(24);
        ok = aclrtMemcpy(dx, 36, x.data(), 36, ACL_MEMCPY_HOST_TO_DEVICE) ==
                 ACL_SUCCESS &&
             aclrtMemcpy(di, 8, idx.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE) ==
                 ACL_SUCCESS &&
             op->Execute(pack, static_cast<uint8_t *>(ws), wsSize, ctx) ==
                 atb::NO_ERROR &&
             aclrtSynchronizeStream(s) == ACL_SUCCESS &&
             aclrtMemcpy(out.data(), 24, dout, 24, ACL_MEMCPY_DEVICE_TO_HOST) ==
                 ACL_SUCCESS &&
             out == expected;
      }
      failures += !ok;
      for (void *p : {dx, di, dout, ws})
        if (p)
          aclrtFree(p);
      if (op)
        atb::DestroyOperation(op);
      if (ctx)
        atb::DestroyContext(ctx);
      if (s)
        aclrtDestroyStream(s);
      aclrtResetDevice(0);
    });
  }
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failures.load(), 0);
}

//===----------------------------------------------------------------------===//
// Tiling pool
//===----------------------------------------------------------------------===//

/// A context whose pool has 4 host tiling blocks.
class TilingPoolTest : public EmulatorTest {
protected:
  void SetUp() override {
    setenv("GATHER_ATB_EMULATOR_TILING_BLOCKS", "4", 1);
    EmulatorTest::SetUp();
    unsetenv("GATHER_ATB_EMULATOR_TILING_BLOCKS");
  }

  /// Gather i of 5: x = [i + 2] float values 10 * i + k, indices {i + 1}
  /// (the last row), on its own operation.
  struct Case {
    DevicePack dp;
    atb::Operation *op = nullptr;
    void *workspace = nullptr;
    uint64_t workspaceSize = 0;
  };
  Case makeCase(int i) {
    Case c;
    std::vector<float> values;
    for (int k = 0; k < i + 2; ++k)
      values.push_back(static_cast<float>(10 * i + k));
    Bytes x(values.size() * 4);
    std::memcpy(x.data(), values.data(), x.size());
    c.dp = makeDevicePack(
        makeDesc(ACL_FLOAT, {i + 2}), x, makeDesc(ACL_INT64, {1}),
        encodeIndices(ACL_INT64, {i + 1}), makeDesc(ACL_FLOAT, {1}));
    c.op = createGather(0, 0);
    return c;
  }
  atb::Status setup(Case &c) {
    atb::Status st = c.op->Setup(c.dp.pack, c.workspaceSize, context);
    if (!c.workspace && c.workspaceSize)
      c.workspace = deviceAlloc(c.workspaceSize);
    return st;
  }
  atb::Status execute(Case &c) {
    return c.op->Execute(c.dp.pack, static_cast<uint8_t *>(c.workspace),
                         c.workspaceSize, context);
  }
  float result(const Case &c) {
    Bytes out = download(c.dp.out, 4);
    float value;
    std::memcpy(&value, out.data(), 4);
    return value;
  }
};

TEST_F(TilingPoolTest, SetupBeforeEveryExecuteIsCorrect) {
  std::vector<Case> cases;
  for (int i = 0; i < 5; ++i)
    cases.push_back(makeCase(i));
  // Five operations, each set up and executed; then the first again. All
  // queued on the stream and synchronised once.
  for (Case &c : cases) {
    ASSERT_EQ(setup(c), atb::NO_ERROR);
    ASSERT_EQ(execute(c), atb::NO_ERROR);
  }
  ASSERT_EQ(setup(cases[0]), atb::NO_ERROR);
  ASSERT_EQ(execute(cases[0]), atb::NO_ERROR);
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  // Gather i reads element i + 1 of [10 i, 10 i + 1, ...].
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(result(cases[i]), 10.0f * i + i + 1) << "gather " << i;
}

TEST_F(TilingPoolTest, ExecuteWithAStaleBlockFaults) {
  std::vector<Case> cases;
  for (int i = 0; i < 5; ++i)
    cases.push_back(makeCase(i));
  // The first operation is set up once; four Setups of other operations
  // take the other three blocks and then the first one's again.
  for (Case &c : cases)
    ASSERT_EQ(setup(c), atb::NO_ERROR);
  // ATB does not notice at Execute: it copies the block as it is...
  EXPECT_EQ(execute(cases[0]), atb::NO_ERROR);
  // ... and the kernel runs with the fifth operation's tiling.
  testing::internal::CaptureStderr();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("Execute copied tiling block 0, which a later Setup of "
                     "another operation overwrote"),
            std::string::npos)
      << err;
  // With three other Setups in between, the block is still its own.
  ASSERT_EQ(setup(cases[0]), atb::NO_ERROR);
  for (int i = 1; i < 4; ++i)
    ASSERT_EQ(setup(cases[i]), atb::NO_ERROR);
  EXPECT_EQ(execute(cases[0]), atb::NO_ERROR);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(result(cases[0]), 1.0f);
}

TEST_F(EmulatorTest, TilingPoolSizes) {
  atb::Context *other = nullptr;
  // ATB accepts 128..1024 host and 32..1024 device blocks.
  EXPECT_EQ(atb::CreateContext(&other, 127, 32), atb::ERROR_INVALID_PARAM);
  EXPECT_EQ(atb::CreateContext(&other, 128, 31), atb::ERROR_INVALID_PARAM);
  ASSERT_EQ(atb::CreateContext(&other, 128, 32), atb::NO_ERROR);
  EXPECT_EQ(atb::DestroyContext(other), atb::NO_ERROR);
  // Allocation callbacks come in pairs.
  EXPECT_EQ(atb::CreateContext(
                &other, [](size_t) -> void * { return nullptr; }, nullptr),
            atb::ERROR_INVALID_PARAM);
}

//===----------------------------------------------------------------------===//
// Transfer counters
//===----------------------------------------------------------------------===//

TEST_F(EmulatorTest, TransferCounters) {
  gather_atb_emulator::resetTransferStats();
  Bytes host(100, 7), back(100);
  void *device = deviceAlloc(100);
  ASSERT_EQ(
      aclrtMemcpy(device, 100, host.data(), 100, ACL_MEMCPY_HOST_TO_DEVICE),
      ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(device, 100, host.data(), 40,
                             ACL_MEMCPY_HOST_TO_DEVICE, stream),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(back.data(), 100, device, 100,
                             ACL_MEMCPY_DEVICE_TO_HOST, stream),
            ACL_SUCCESS);
  // The asynchronous copy happens only at synchronisation.
  EXPECT_EQ(back[0], 0);
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(back, host);
  gather_atb_emulator::TransferStats stats =
      gather_atb_emulator::getTransferStats();
  EXPECT_EQ(stats.hostToDeviceBytes, 140u);
  EXPECT_EQ(stats.hostToDeviceCopies, 2u);
  EXPECT_EQ(stats.deviceToHostBytes, 100u);
  EXPECT_EQ(stats.deviceToHostCopies, 1u);
  EXPECT_EQ(stats.synchronizations, 1u);
  // Rejected copies count nothing.
  testing::internal::CaptureStderr();
  EXPECT_NE(
      aclrtMemcpy(device, 100, host.data(), 101, ACL_MEMCPY_HOST_TO_DEVICE),
      ACL_SUCCESS);
  testing::internal::GetCapturedStderr();
  EXPECT_EQ(gather_atb_emulator::getTransferStats().hostToDeviceBytes, 140u);
  gather_atb_emulator::resetTransferStats();
  EXPECT_EQ(gather_atb_emulator::getTransferStats().synchronizations, 0u);
}

TEST_F(EmulatorTest, CurrentContextFollowsTheDeviceBinding) {
  aclrtContext current = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
  EXPECT_NE(current, nullptr);
  int32_t device = -1;
  ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0);
  // A new thread has no device and no context.
  std::thread([] {
    aclrtContext none = &none;
    EXPECT_EQ(aclrtGetCurrentContext(&none), ACL_SUCCESS);
    EXPECT_EQ(none, nullptr);
    int32_t d = -1;
    EXPECT_EQ(aclrtGetDevice(&d), ACL_ERROR_RT_CONTEXT_NULL);
  }).join();
}

} // namespace

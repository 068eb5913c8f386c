//===- ATBEmulator.cpp - host emulation of the ATB API subset -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// atb::Context, atb::Utils and GatherOperation on the host.
//
// GatherOperation enforces the checks listed in ATB.md and returns ATB's
// status codes: parameter checks at CreateOperation, tensor checks at Setup
// (counts, ranks, axis/batchDims against ranks, shapes, dtypes, the dtype
// table of the product named by GATHER_ATB_EMULATOR_SOC, sizes, format) and
// call-protocol checks at Execute (Setup done with this context, a stream,
// the workspace, data sizes and device addresses). Execute queues the gather
// on the context's stream; it runs at aclrtSynchronizeStream.
//
//===----------------------------------------------------------------------===//

#include "EmulatorState.h"

#include "atb/atb_infer.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>

using namespace gather_atb_emulator;

namespace {

/// Workspace Setup asks for: the emulator's index scratch buffer.
constexpr uint64_t kWorkspaceBytes = 1024;
/// Largest tensor ATB accepts.
constexpr uint64_t kMaxTensorBytes = uint64_t(256) << 30;

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

/// The products whose GatherOperation dtype tables differ.
enum class Soc {
  Ascend910B,
  Ascend910_93,
  Ascend910,
  Ascend310P,
  Ascend310B,
  Ascend950,
};

struct SocName {
  const char *name;
  Soc soc;
};

constexpr SocName kSocNames[] = {
    {"ascend910b", Soc::Ascend910B}, {"ascend910_93", Soc::Ascend910_93},
    {"ascend910", Soc::Ascend910},   {"ascend310p", Soc::Ascend310P},
    {"ascend310b", Soc::Ascend310B}, {"ascend950", Soc::Ascend950},
};

/// The product named by GATHER_ATB_EMULATOR_SOC (default ascend910b); an
/// unknown name is reported once and replaced by the default.
Soc currentSoc(const char *&name) {
  static std::set<std::string> *warned = new std::set<std::string>;
  const char *env = std::getenv("GATHER_ATB_EMULATOR_SOC");
  if (!env || !*env) {
    name = "ascend910b";
    return Soc::Ascend910B;
  }
  std::string lower(env);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  for (const SocName &entry : kSocNames) {
    if (lower == entry.name) {
      name = entry.name;
      return entry.soc;
    }
  }
  if (warned->insert(lower).second)
    report("warning: GATHER_ATB_EMULATOR_SOC=%s is not one of ascend910b, "
           "ascend910_93, ascend910, ascend310p, ascend310b, ascend950; "
           "using ascend910b",
           env);
  name = "ascend910b";
  return Soc::Ascend910B;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::string shapeString(const atb::Dims &dims) {
  std::string s = "[";
  uint64_t n = std::min<uint64_t>(dims.dimNum, atb::MAX_DIM);
  for (uint64_t i = 0; i < n; ++i) {
    if (i)
      s += ", ";
    s += std::to_string(dims.dims[i]);
  }
  if (dims.dimNum > atb::MAX_DIM)
    s += ", ...";
  return s + "]";
}

bool isGatherDataDtype(aclDataType dtype) {
  switch (dtype) {
  case ACL_FLOAT16:
  case ACL_BF16:
  case ACL_FLOAT:
  case ACL_INT32:
  case ACL_UINT32:
  case ACL_INT64:
    return true;
  default:
    return false;
  }
}

bool isGatherIndexDtype(aclDataType dtype) {
  return dtype == ACL_INT64 || dtype == ACL_INT32 || dtype == ACL_UINT32;
}

/// Product of `dims[begin, end)` (all checked positive and small by Setup).
uint64_t product(const atb::Dims &dims, uint64_t begin, uint64_t end) {
  uint64_t p = 1;
  for (uint64_t i = begin; i < end; ++i)
    p *= static_cast<uint64_t>(dims.dims[i]);
  return p;
}

/// Reads element `i` of an index tensor as a signed 64-bit value (uint32
/// values are zero-extended).
int64_t loadIndex(const uint8_t *data, aclDataType dtype, uint64_t i) {
  switch (dtype) {
  case ACL_INT32: {
    int32_t v;
    std::memcpy(&v, data + i * 4, 4);
    return v;
  }
  case ACL_UINT32: {
    uint32_t v;
    std::memcpy(&v, data + i * 4, 4);
    return v;
  }
  default: {
    int64_t v;
    std::memcpy(&v, data + i * 8, 8);
    return v;
  }
  }
}

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

class EmuContext final : public atb::Context {
public:
  explicit EmuContext(int32_t device) : device(device) {}

  atb::Status SetExecuteStream(aclrtStream newStream) override {
    std::lock_guard<std::mutex> lock(emulatorMutex());
    stream = newStream;
    return atb::NO_ERROR;
  }

  aclrtStream GetExecuteStream() const override {
    std::lock_guard<std::mutex> lock(emulatorMutex());
    return stream;
  }

  aclrtStream stream = nullptr;
  int32_t device;
};

class GatherOperation;

/// Live contexts and operations (guarded by emulatorMutex()); never
/// destroyed, like the ACL state. Keyed by the API's base pointers so that a
/// stale pointer is looked up before it is ever cast or dereferenced.
std::map<const atb::Context *, EmuContext *> &liveContexts() {
  static auto *contexts = new std::map<const atb::Context *, EmuContext *>;
  return *contexts;
}
std::map<const atb::Operation *, GatherOperation *> &liveOperations() {
  static auto *operations =
      new std::map<const atb::Operation *, GatherOperation *>;
  return *operations;
}

/// The emulator's context behind `context`, or null if it is not live.
EmuContext *findContext(const atb::Context *context) {
  auto it = liveContexts().find(context);
  return it == liveContexts().end() ? nullptr : it->second;
}

//===----------------------------------------------------------------------===//
// GatherOperation
//===----------------------------------------------------------------------===//

/// What a tensor check found wrong: the status and a message.
struct Failure {
  atb::Status status = atb::NO_ERROR;
  std::string message;
};

/// Everything a queued gather needs once its stream runs it.
struct GatherTask {
  atb::TensorDesc x, indices, out;
  int64_t axis, batchDims;
  const uint8_t *xData, *indicesData;
  uint8_t *outData;
  uint64_t xBytes, indicesBytes, outBytes;
  uint8_t *workspace;
  uint64_t workspaceBytes;

  aclError operator()() const;
};

class GatherOperation final : public atb::Operation {
public:
  explicit GatherOperation(const atb::infer::GatherParam &param)
      : param(param) {}

  std::string GetName() const override { return "GatherOperation"; }
  uint32_t GetInputNum() const override { return 2; }
  uint32_t GetOutputNum() const override { return 1; }

  atb::Status
  InferShape(const atb::SVector<atb::TensorDesc> &inTensorDescs,
             atb::SVector<atb::TensorDesc> &outTensorDescs) const override {
    Failure failure;
    atb::TensorDesc out;
    if (!inferShape(inTensorDescs, out, failure)) {
      report("GatherOperation::InferShape: %s", failure.message.c_str());
      return failure.status;
    }
    outTensorDescs.clear();
    outTensorDescs.push_back(out);
    return atb::NO_ERROR;
  }

  atb::Status Setup(const atb::VariantPack &variantPack,
                    uint64_t &workspaceSize, atb::Context *context) override;

  atb::Status Execute(const atb::VariantPack &variantPack, uint8_t *workspace,
                      uint64_t workspaceSize, atb::Context *context) override;

  /// The context of the last successful Setup (for DestroyContext's check).
  atb::Context *setupContext() const { return isSetUp ? setUpWith : nullptr; }

private:
  bool inferShape(const atb::SVector<atb::TensorDesc> &in, atb::TensorDesc &out,
                  Failure &failure) const;
  bool checkSetup(const atb::VariantPack &pack, Failure &failure) const;

  atb::infer::GatherParam param;
  bool isSetUp = false;
  atb::Context *setUpWith = nullptr;
  atb::TensorDesc setUpDescs[3];
  uint64_t setUpWorkspace = 0;
};

bool fail(Failure &failure, atb::Status status, std::string message) {
  failure.status = status;
  failure.message = std::move(message);
  return false;
}

bool GatherOperation::inferShape(const atb::SVector<atb::TensorDesc> &in,
                                 atb::TensorDesc &out, Failure &failure) const {
  if (in.size() != 2)
    return fail(failure, atb::ERROR_INVALID_IN_TENSOR_NUM,
                "expected 2 input tensors, got " + std::to_string(in.size()));
  const atb::TensorDesc &x = in[0], &indices = in[1];
  const char *names[] = {"x", "indices"};
  for (int i = 0; i < 2; ++i) {
    uint64_t rank = in[i].shape.dimNum;
    if (rank < 1 || rank > atb::MAX_DIM)
      return fail(failure, atb::ERROR_INVALID_TENSOR_DIM_NUM,
                  std::string(names[i]) + " has rank " + std::to_string(rank) +
                      "; the rank must be in [1, 8]");
  }
  uint64_t xRank = x.shape.dimNum, indicesRank = indices.shape.dimNum;
  if (xRank + indicesRank > atb::MAX_DIM + 1)
    return fail(failure, atb::ERROR_INVALID_TENSOR_DIM_NUM,
                "rank(x) + rank(indices) = " +
                    std::to_string(xRank + indicesRank) + " exceeds 9");
  if (param.axis >= static_cast<int64_t>(xRank))
    return fail(failure, atb::ERROR_INVALID_PARAM,
                "axis " + std::to_string(param.axis) +
                    " is not less than rank(x) " + std::to_string(xRank));
  if (param.batchDims > static_cast<int64_t>(indicesRank))
    return fail(failure, atb::ERROR_INVALID_PARAM,
                "batchDims " + std::to_string(param.batchDims) +
                    " exceeds rank(indices) " + std::to_string(indicesRank));
  auto axis = static_cast<uint64_t>(param.axis);
  auto batchDims = static_cast<uint64_t>(param.batchDims);
  for (uint64_t i = 0; i < batchDims; ++i)
    if (x.shape.dims[i] != indices.shape.dims[i])
      return fail(failure, atb::ERROR_INVALID_TENSOR_DIM,
                  "batch dimension " + std::to_string(i) + " differs: x " +
                      shapeString(x.shape) + ", indices " +
                      shapeString(indices.shape));
  out = atb::TensorDesc();
  out.dtype = x.dtype;
  out.format = x.format;
  uint64_t n = 0;
  for (uint64_t i = 0; i < axis; ++i)
    out.shape.dims[n++] = x.shape.dims[i];
  for (uint64_t i = batchDims; i < indicesRank; ++i)
    out.shape.dims[n++] = indices.shape.dims[i];
  for (uint64_t i = axis + 1; i < xRank; ++i)
    out.shape.dims[n++] = x.shape.dims[i];
  out.shape.dimNum = n;
  return true;
}

bool GatherOperation::checkSetup(const atb::VariantPack &pack,
                                 Failure &failure) const {
  if (pack.inTensors.size() != 2 || pack.outTensors.size() != 1)
    return fail(failure, atb::ERROR_INVALID_IN_TENSOR_NUM,
                "expected 2 input and 1 output tensors, got " +
                    std::to_string(pack.inTensors.size()) + " and " +
                    std::to_string(pack.outTensors.size()));
  const atb::TensorDesc &out = pack.outTensors[0].desc;
  uint64_t outRank = out.shape.dimNum;
  if (outRank < 1 || outRank > atb::MAX_DIM)
    return fail(failure, atb::ERROR_INVALID_TENSOR_DIM_NUM,
                "output has rank " + std::to_string(outRank) +
                    "; the rank must be in [1, 8]");

  atb::SVector<atb::TensorDesc> in = {pack.inTensors[0].desc,
                                      pack.inTensors[1].desc};
  atb::TensorDesc expected;
  if (!inferShape(in, expected, failure))
    return false;
  const atb::TensorDesc &x = in[0], &indices = in[1];
  bool sameShape = expected.shape.dimNum == outRank;
  for (uint64_t i = 0; sameShape && i < outRank; ++i)
    sameShape = expected.shape.dims[i] == out.shape.dims[i];
  if (!sameShape)
    return fail(failure, atb::ERROR_INVALID_TENSOR_DIM,
                "output shape " + shapeString(out.shape) + " should be " +
                    shapeString(expected.shape) + " (x " +
                    shapeString(x.shape) + ", indices " +
                    shapeString(indices.shape) + ", axis " +
                    std::to_string(param.axis) + ", batchDims " +
                    std::to_string(param.batchDims) + ")");

  if (!isGatherDataDtype(x.dtype))
    return fail(failure, atb::ERROR_INVALID_TENSOR_DTYPE,
                std::string("x dtype ") + dtypeName(x.dtype) +
                    " is not one of float16, bfloat16, float, int32, "
                    "uint32, int64");
  if (out.dtype != x.dtype)
    return fail(failure, atb::ERROR_INVALID_TENSOR_DTYPE,
                std::string("output dtype ") + dtypeName(out.dtype) +
                    " differs from x dtype " + dtypeName(x.dtype));
  if (!isGatherIndexDtype(indices.dtype))
    return fail(failure, atb::ERROR_INVALID_TENSOR_DTYPE,
                std::string("indices dtype ") + dtypeName(indices.dtype) +
                    " is not one of int64, int32, uint32");

  const char *socName;
  Soc soc = currentSoc(socName);
  if (soc == Soc::Ascend310B && x.dtype != ACL_FLOAT16)
    return fail(failure, atb::ERROR_INVALID_TENSOR_INI_MATCH,
                std::string("x dtype ") + dtypeName(x.dtype) +
                    " is not supported on " + socName + " (float16 only)");
  if (soc == Soc::Ascend310P && x.dtype == ACL_BF16)
    return fail(failure, atb::ERROR_INVALID_TENSOR_INI_MATCH,
                std::string("x dtype ACL_BF16 is not supported on ") + socName);
  if (soc == Soc::Ascend950 && indices.dtype == ACL_UINT32)
    return fail(failure, atb::ERROR_INVALID_TENSOR_INI_MATCH,
                std::string("indices dtype ACL_UINT32 is not supported on ") +
                    socName);

  const char *tensorNames[] = {"x", "indices", "output"};
  const atb::TensorDesc *descs[] = {&x, &indices, &out};
  for (int t = 0; t < 3; ++t) {
    const atb::Dims &shape = descs[t]->shape;
    uint64_t bytes = dtypeSize(descs[t]->dtype);
    for (uint64_t i = 0; i < shape.dimNum; ++i) {
      int64_t dim = shape.dims[i];
      if (dim <= 0)
        return fail(failure, atb::ERROR_INVALID_TENSOR_SIZE,
                    std::string(tensorNames[t]) + " shape " +
                        shapeString(shape) + " has a dimension <= 0");
      // Saturate instead of overflowing; anything above the limit fails.
      if (bytes > kMaxTensorBytes / static_cast<uint64_t>(dim))
        bytes = kMaxTensorBytes + 1;
      else
        bytes *= static_cast<uint64_t>(dim);
    }
    if (bytes > kMaxTensorBytes)
      return fail(failure, atb::ERROR_INVALID_TENSOR_SIZE,
                  std::string(tensorNames[t]) + " shape " + shapeString(shape) +
                      " is larger than 256 GiB");
  }

  for (int t = 0; t < 3; ++t)
    if (descs[t]->format != ACL_FORMAT_ND)
      return fail(failure, atb::ERROR_INVALID_PARAM,
                  std::string(tensorNames[t]) + " format " +
                      std::to_string(static_cast<int>(descs[t]->format)) +
                      " is not ACL_FORMAT_ND");
  return true;
}

atb::Status GatherOperation::Setup(const atb::VariantPack &variantPack,
                                   uint64_t &workspaceSize,
                                   atb::Context *context) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  isSetUp = false;
  if (!findContext(context)) {
    report("GatherOperation::Setup: %s",
           context ? "context is not a live context" : "context is null");
    return atb::ERROR_INVALID_PARAM;
  }
  Failure failure;
  if (!checkSetup(variantPack, failure)) {
    report("GatherOperation::Setup: %s", failure.message.c_str());
    return failure.status;
  }
  setUpDescs[0] = variantPack.inTensors[0].desc;
  setUpDescs[1] = variantPack.inTensors[1].desc;
  setUpDescs[2] = variantPack.outTensors[0].desc;
  setUpWith = context;
  setUpWorkspace = kWorkspaceBytes;
  isSetUp = true;
  workspaceSize = setUpWorkspace;
  return atb::NO_ERROR;
}

atb::Status GatherOperation::Execute(const atb::VariantPack &variantPack,
                                     uint8_t *workspace, uint64_t workspaceSize,
                                     atb::Context *context) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  if (!isSetUp) {
    report("GatherOperation::Execute: Setup has not succeeded on this "
           "operation");
    return atb::ERROR_INVALID_PARAM;
  }
  EmuContext *emuContext = findContext(context);
  if (!emuContext || context != setUpWith) {
    report("GatherOperation::Execute: the context is not the live context "
           "Setup was called with");
    return atb::ERROR_INVALID_PARAM;
  }
  aclrtStream stream = emuContext->stream;
  if (!stream) {
    report("GatherOperation::Execute: the context has no stream (call "
           "SetExecuteStream)");
    return atb::ERROR_INVALID_PARAM;
  }
  if (!isLiveStream(stream)) {
    report("GatherOperation::Execute: the context's stream %p is not a live "
           "stream",
           stream);
    return atb::ERROR_CANN_ERROR;
  }
  if (variantPack.inTensors.size() != 2 || variantPack.outTensors.size() != 1) {
    report("GatherOperation::Execute: expected 2 input and 1 output tensors, "
           "got %zu and %zu",
           variantPack.inTensors.size(), variantPack.outTensors.size());
    return atb::ERROR_INVALID_IN_TENSOR_NUM;
  }
  if (workspaceSize < setUpWorkspace || (setUpWorkspace > 0 && !workspace)) {
    report("GatherOperation::Execute: workspace %p of %llu bytes, Setup asked "
           "for %llu bytes",
           static_cast<void *>(workspace),
           static_cast<unsigned long long>(workspaceSize),
           static_cast<unsigned long long>(setUpWorkspace));
    return atb::ERROR_INVALID_PARAM;
  }
  const atb::Tensor *tensors[] = {&variantPack.inTensors[0],
                                  &variantPack.inTensors[1],
                                  &variantPack.outTensors[0]};
  const char *names[] = {"x", "indices", "output"};
  uint64_t sizes[3];
  for (int t = 0; t < 3; ++t) {
    sizes[t] = atb::Utils::GetTensorSize(setUpDescs[t]);
    if (tensors[t]->dataSize != sizes[t]) {
      report("GatherOperation::Execute: %s dataSize %llu differs from the "
             "%llu bytes of the tensor given to Setup",
             names[t], static_cast<unsigned long long>(tensors[t]->dataSize),
             static_cast<unsigned long long>(sizes[t]));
      return atb::ERROR_INVALID_TENSOR_SIZE;
    }
  }
  for (int t = 0; t < 3; ++t) {
    if (!tensors[t]->deviceData && !tensors[t]->hostData) {
      report("GatherOperation::Execute: %s has neither deviceData nor "
             "hostData",
             names[t]);
      return atb::ERROR_INVALID_PARAM;
    }
  }
  std::string why;
  for (int t = 0; t < 3; ++t) {
    std::string what = std::string(names[t]) + " deviceData";
    if (!checkDeviceRange(tensors[t]->deviceData, sizes[t], what.c_str(),
                          why)) {
      report("GatherOperation::Execute: %s", why.c_str());
      return atb::ERROR_CANN_ERROR;
    }
  }
  if (setUpWorkspace > 0 &&
      !checkDeviceRange(workspace, setUpWorkspace, "workspace", why)) {
    report("GatherOperation::Execute: %s", why.c_str());
    return atb::ERROR_CANN_ERROR;
  }

  GatherTask task;
  task.x = setUpDescs[0];
  task.indices = setUpDescs[1];
  task.out = setUpDescs[2];
  task.axis = param.axis;
  task.batchDims = param.batchDims;
  task.xData = static_cast<const uint8_t *>(tensors[0]->deviceData);
  task.indicesData = static_cast<const uint8_t *>(tensors[1]->deviceData);
  task.outData = static_cast<uint8_t *>(tensors[2]->deviceData);
  task.xBytes = sizes[0];
  task.indicesBytes = sizes[1];
  task.outBytes = sizes[2];
  task.workspace = workspace;
  task.workspaceBytes = setUpWorkspace;
  enqueueTask(stream, task);
  return atb::NO_ERROR;
}

aclError GatherTask::operator()() const {
  // The device reads the buffers only now: they must still be live.
  std::string why;
  if (!checkDeviceRange(xData, xBytes, "x deviceData", why) ||
      !checkDeviceRange(indicesData, indicesBytes, "indices deviceData", why) ||
      !checkDeviceRange(outData, outBytes, "output deviceData", why) ||
      !checkDeviceRange(workspace, workspaceBytes, "workspace", why)) {
    report("GatherOperation (running on the stream): %s", why.c_str());
    return ACL_ERROR_RT_AICORE_EXCEPTION;
  }

  // out[b..., p..., n..., t...] = x[b..., p..., indices[b..., n...], t...]
  // with b the batch dims, p the other dims before axis, n the non-batch
  // index dims and t the dims after axis.
  auto a = static_cast<uint64_t>(axis);
  auto b = static_cast<uint64_t>(batchDims);
  uint64_t batch = product(x.shape, 0, b);
  uint64_t outer = product(x.shape, b, a);
  uint64_t axisSize = static_cast<uint64_t>(x.shape.dims[a]);
  uint64_t sliceBytes =
      product(x.shape, a + 1, x.shape.dimNum) * dtypeSize(x.dtype);
  uint64_t perBatch = product(indices.shape, b, indices.shape.dimNum);

  // Indices are staged through the workspace in chunks, as int64.
  uint64_t chunk = std::max<uint64_t>(workspaceBytes / sizeof(int64_t), 1);
  uint64_t outOfRange = 0, firstPosition = 0;
  int64_t firstValue = 0;
  for (uint64_t bi = 0; bi < batch; ++bi) {
    for (uint64_t p = 0; p < outer; ++p) {
      uint64_t row = bi * outer + p;
      const uint8_t *src = xData + row * axisSize * sliceBytes;
      uint8_t *dst = outData + row * perBatch * sliceBytes;
      for (uint64_t n0 = 0; n0 < perBatch; n0 += chunk) {
        uint64_t count = std::min(chunk, perBatch - n0);
        for (uint64_t j = 0; j < count; ++j) {
          int64_t k =
              loadIndex(indicesData, indices.dtype, bi * perBatch + n0 + j);
          std::memcpy(workspace + j * sizeof(k), &k, sizeof(k));
        }
        for (uint64_t j = 0; j < count; ++j) {
          int64_t k;
          std::memcpy(&k, workspace + j * sizeof(k), sizeof(k));
          uint8_t *slice = dst + (n0 + j) * sliceBytes;
          if (k >= 0 && static_cast<uint64_t>(k) < axisSize) {
            std::memcpy(slice, src + static_cast<uint64_t>(k) * sliceBytes,
                        sliceBytes);
            continue;
          }
          if (outOfRange++ == 0) {
            firstValue = k;
            firstPosition = bi * perBatch + n0 + j;
          }
          std::memset(slice, 0, sliceBytes);
        }
      }
    }
  }
  if (outOfRange)
    report("warning: GatherOperation: %llu index value(s) outside [0, %llu) "
           "(first: %lld at flat index position %llu); the result is "
           "undefined on a device, the emulator wrote zeros for those "
           "slices",
           static_cast<unsigned long long>(outOfRange),
           static_cast<unsigned long long>(axisSize),
           static_cast<long long>(firstValue),
           static_cast<unsigned long long>(firstPosition));
  return ACL_SUCCESS;
}

} // namespace

//===----------------------------------------------------------------------===//
// Emulated ATB API
//===----------------------------------------------------------------------===//

namespace atb {

Status CreateContext(Context **context) {
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
  auto *emu = new EmuContext(device);
  liveContexts()[emu] = emu;
  *context = emu;
  return NO_ERROR;
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
  size_t users = 0;
  for (const auto &entry : liveOperations())
    users += entry.second->setupContext() == context;
  if (users)
    report("warning: DestroyContext: %zu operation(s) set up with this "
           "context are still alive; destroy operations first",
           users);
  liveContexts().erase(context);
  delete emu;
  return NO_ERROR;
}

template <>
Status CreateOperation(const infer::GatherParam &opParam,
                       Operation **operation) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  if (!operation) {
    report("CreateOperation(GatherParam): operation is null");
    return ERROR_INVALID_PARAM;
  }
  for (uint8_t byte : opParam.rsv) {
    if (byte != 0) {
      report("CreateOperation(GatherParam): rsv must be all zero");
      return ERROR_INVALID_PARAM;
    }
  }
  if (opParam.axis < 0 || opParam.batchDims < 0 ||
      opParam.batchDims > opParam.axis) {
    report("CreateOperation(GatherParam): need 0 <= batchDims <= axis, got "
           "axis %lld, batchDims %lld",
           static_cast<long long>(opParam.axis),
           static_cast<long long>(opParam.batchDims));
    return ERROR_INVALID_PARAM;
  }
  auto *op = new GatherOperation(opParam);
  liveOperations()[op] = op;
  *operation = op;
  return NO_ERROR;
}

Status DestroyOperation(Operation *operation) {
  if (!operation)
    return NO_ERROR;
  std::lock_guard<std::mutex> lock(emulatorMutex());
  auto it = liveOperations().find(operation);
  if (it == liveOperations().end()) {
    report("DestroyOperation: %p is not a live operation (destroyed twice?)",
           static_cast<void *>(operation));
    return ERROR_INVALID_PARAM;
  }
  GatherOperation *op = it->second;
  liveOperations().erase(it);
  delete op;
  return NO_ERROR;
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

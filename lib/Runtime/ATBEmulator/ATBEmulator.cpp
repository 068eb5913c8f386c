//===- ATBEmulator.cpp - host emulation of the ATB API subset -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// atb::Context, atb::Utils and GatherOperation on the host.
//
// GatherOperation follows the checks of the public ATB sources, in their
// order and with their status codes (OperationBase::Setup/Execute,
// TensorCheck, GatherOperation::ParamCheck/SetupCheckImpl); the dtype rules
// per product come from ATBGatherRules.h, the table the compiler reads too.
// Checks the emulator adds on its own (device addresses, live streams) are
// marked as such.
//
// Each context owns a pool of host tiling blocks (128 by default, as in
// ATB). Setup takes the next block round-robin and writes the operation's
// tiling into it; Execute copies the block the operation's last Setup wrote.
// When other Setups have reused that block since, the kernel runs with their
// tiling: the emulator reports that when the stream runs the gather, as an
// AI-core exception (ACL_ERROR_RT_AICORE_EXCEPTION at synchronisation).
//
//===----------------------------------------------------------------------===//

#include "EmulatorState.h"

#include "atb/atb_infer.h"
#include "gather-mlir/Runtime/ATBGatherRules.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace gather_atb_emulator;
namespace rules = gather_atb_rules;

namespace {

/// Workspace Setup asks for: the emulator's index scratch buffer (a multiple
/// of ATB's 512-byte workspace alignment).
constexpr uint64_t kWorkspaceBytes = 1024;
/// Largest tensor ATB accepts.
constexpr uint64_t kMaxTensorBytes = uint64_t(256) << 30;
/// Host tiling blocks of a context by default (ATB's default).
constexpr uint32_t kDefaultTilingBlocks = 128;

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

/// The rules of the product named by GATHER_ATB_EMULATOR_SOC (default
/// ascend910b); an unknown name is reported once and replaced by the
/// default.
const rules::SocRules &currentSoc() {
  static std::set<std::string> *warned = new std::set<std::string>;
  const char *env = std::getenv("GATHER_ATB_EMULATOR_SOC");
  if (!env || !*env)
    return rules::kSocs[0];
  std::string lower(env);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (const rules::SocRules *soc = rules::findSoc(lower.c_str()))
    return *soc;
  if (warned->insert(lower).second) {
    std::string names;
    for (const rules::SocRules &soc : rules::kSocs)
      names += std::string(names.empty() ? "" : ", ") + soc.name;
    report("warning: GATHER_ATB_EMULATOR_SOC=%s is not one of %s; using %s",
           env, names.c_str(), rules::kSocs[0].name);
  }
  return rules::kSocs[0];
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

/// Serial numbers of Setups, across all contexts.
uint64_t nextSetupSerial = 0;

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

bool fail(Failure &failure, atb::Status status, std::string message) {
  failure.status = status;
  failure.message = std::move(message);
  return false;
}

const char *const kTensorNames[] = {"x", "indices", "output"};

/// TensorCheck::CheckTensorShape: rank in [1, 8] (else
/// ERROR_INVALID_TENSOR_DIM), byte size in (0, 256 GiB] (else
/// ERROR_INVALID_TENSOR_SIZE).
bool checkTensorShape(const atb::TensorDesc &desc, const char *name,
                      Failure &failure) {
  uint64_t rank = desc.shape.dimNum;
  if (rank < 1 || rank > atb::MAX_DIM)
    return fail(failure, atb::ERROR_INVALID_TENSOR_DIM,
                std::string(name) + " has rank " + std::to_string(rank) +
                    "; the rank must be in [1, 8]");
  uint64_t bytes = atb::Utils::GetTensorSize(desc);
  if (bytes == 0 || bytes > kMaxTensorBytes)
    return fail(failure, atb::ERROR_INVALID_TENSOR_SIZE,
                std::string(name) + " of shape " + shapeString(desc.shape) +
                    " and dtype " + dtypeName(desc.dtype) +
                    " has a byte size outside (0, 256 GiB]");
  return true;
}

/// OperationBase::CheckIniMatch, TensorCheck::CheckBF16 and the aclnn
/// runner's dtype check of the current product, in that order. `out` is null
/// for InferShape (no output yet).
bool checkDtypes(const atb::TensorDesc &x, const atb::TensorDesc &indices,
                 const atb::TensorDesc *out, Failure &failure) {
  const rules::SocRules &soc = currentSoc();
  const atb::TensorDesc *descs[] = {&x, &indices, out};
  for (int t = 0; t < 3; ++t)
    if (descs[t] && descs[t]->format != ACL_FORMAT_ND)
      return fail(failure, atb::ERROR_INVALID_TENSOR_INI_MATCH,
                  std::string(kTensorNames[t]) + " format " +
                      std::to_string(static_cast<int>(descs[t]->format)) +
                      " is not ACL_FORMAT_ND (no ini combination matches)");
  rules::DtypeVerdict verdict = rules::checkDtypes(soc, x.dtype, indices.dtype,
                                                   out ? out->dtype : x.dtype);
  std::string what =
      std::string("x ") + dtypeName(x.dtype) + ", indices " +
      dtypeName(indices.dtype) +
      (out ? std::string(", output ") + dtypeName(out->dtype) : std::string());
  switch (verdict.check) {
  case rules::DtypeCheck::None:
    return true;
  case rules::DtypeCheck::IniMatch:
    return fail(failure, verdict.status,
                "no ini combination of GatherOperation on " +
                    std::string(soc.name) + " matches " + what);
  case rules::DtypeCheck::Bf16:
    return fail(failure, verdict.status,
                std::string(soc.name) + " does not support bf16 tensors");
  case rules::DtypeCheck::Aclnn:
    return fail(failure, verdict.status,
                "aclnnGatherV3GetWorkspaceSize on " + std::string(soc.name) +
                    " rejects " + what);
  }
  return true;
}

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
    std::lock_guard<std::mutex> lock(emulatorMutex());
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
  bool paramCheck(const atb::TensorDesc &x, const atb::TensorDesc &indices,
                  Failure &failure) const;
  bool inferShape(const atb::SVector<atb::TensorDesc> &in, atb::TensorDesc &out,
                  Failure &failure) const;
  bool checkSetup(const atb::VariantPack &pack, Failure &failure) const;
  atb::Status checkExecuteState(uint8_t *workspace, uint64_t workspaceSize,
                                atb::Context *context,
                                EmuContext *&setUpContext) const;
  atb::Status checkExecuteTensors(const atb::VariantPack &variantPack,
                                  const atb::Tensor *(&tensors)[3],
                                  uint64_t (&sizes)[3]) const;
  atb::Status checkDeviceMemory(aclrtStream stream,
                                const atb::Tensor *const (&tensors)[3],
                                const uint64_t (&sizes)[3],
                                uint8_t *workspace) const;

  atb::infer::GatherParam param;
  bool isSetUp = false;
  atb::Context *setUpWith = nullptr;
  /// The sizes Execute compares dataSize with.
  atb::TensorDesc setUpDescs[3];
  uint64_t setUpWorkspace = 0;
  /// The tiling block of the last Setup and that Setup's serial number.
  size_t tilingBlock = 0;
  uint64_t setupSerial = 0;
};

/// GatherOperation::ParamCheck and the batch dimension check of
/// InferShapeCheckImpl.
bool GatherOperation::paramCheck(const atb::TensorDesc &x,
                                 const atb::TensorDesc &indices,
                                 Failure &failure) const {
  uint64_t xRank = x.shape.dimNum, indicesRank = indices.shape.dimNum;
  if (static_cast<uint64_t>(param.axis) >= xRank)
    return fail(failure, atb::ERROR_INVALID_PARAM,
                "axis " + std::to_string(param.axis) +
                    " is not less than rank(x) " + std::to_string(xRank));
  if (static_cast<uint64_t>(param.batchDims) > indicesRank)
    return fail(failure, atb::ERROR_INVALID_PARAM,
                "batchDims " + std::to_string(param.batchDims) +
                    " exceeds rank(indices) " + std::to_string(indicesRank));
  if (!rules::satisfiesRankRule(static_cast<int64_t>(xRank),
                                static_cast<int64_t>(indicesRank),
                                param.batchDims))
    return fail(failure, atb::ERROR_INVALID_TENSOR_DIM_NUM,
                "rank(x) + rank(indices) - 1 - batchDims = " +
                    std::to_string(static_cast<int64_t>(xRank + indicesRank) -
                                   1 - param.batchDims) +
                    " exceeds 8");
  for (int64_t i = 0; i < param.batchDims; ++i)
    if (x.shape.dims[i] != indices.shape.dims[i])
      return fail(failure, atb::ERROR_INVALID_TENSOR_DIM,
                  "batch dimension " + std::to_string(i) + " differs: x " +
                      shapeString(x.shape) + ", indices " +
                      shapeString(indices.shape));
  return true;
}

bool GatherOperation::inferShape(const atb::SVector<atb::TensorDesc> &in,
                                 atb::TensorDesc &out, Failure &failure) const {
  // OperationBase::InferShapeCheck: count, shapes, ini, bf16, then the
  // operation's own checks.
  if (in.size() != 2)
    return fail(failure, atb::ERROR_INVALID_IN_TENSOR_NUM,
                "expected 2 input tensors, got " + std::to_string(in.size()));
  for (int i = 0; i < 2; ++i)
    if (!checkTensorShape(in[i], kTensorNames[i], failure))
      return false;
  const atb::TensorDesc &x = in[0], &indices = in[1];
  if (!checkDtypes(x, indices, nullptr, failure) ||
      !paramCheck(x, indices, failure))
    return false;
  auto axis = static_cast<uint64_t>(param.axis);
  auto batchDims = static_cast<uint64_t>(param.batchDims);
  out = atb::TensorDesc();
  out.dtype = x.dtype;
  out.format = x.format;
  uint64_t n = 0;
  for (uint64_t i = 0; i < axis; ++i)
    out.shape.dims[n++] = x.shape.dims[i];
  for (uint64_t i = batchDims; i < indices.shape.dimNum; ++i)
    out.shape.dims[n++] = indices.shape.dims[i];
  for (uint64_t i = axis + 1; i < x.shape.dimNum; ++i)
    out.shape.dims[n++] = x.shape.dims[i];
  out.shape.dimNum = n;
  return true;
}

bool GatherOperation::checkSetup(const atb::VariantPack &pack,
                                 Failure &failure) const {
  // OperationBase::CheckVariantPack.
  if (pack.inTensors.size() != 2 || pack.outTensors.size() != 1)
    return fail(failure, atb::ERROR_INVALID_IN_TENSOR_NUM,
                "expected 2 input and 1 output tensors, got " +
                    std::to_string(pack.inTensors.size()) + " and " +
                    std::to_string(pack.outTensors.size()));
  const atb::TensorDesc &x = pack.inTensors[0].desc;
  const atb::TensorDesc &indices = pack.inTensors[1].desc;
  const atb::TensorDesc &out = pack.outTensors[0].desc;
  const atb::TensorDesc *descs[] = {&x, &indices, &out};
  for (int t = 0; t < 3; ++t)
    if (!checkTensorShape(*descs[t], kTensorNames[t], failure))
      return false;
  // CheckIniMatch (and the bf16 and aclnn dtype checks that follow it).
  if (!checkDtypes(x, indices, &out, failure))
    return false;
  // GatherOperation::SetupCheckImpl.
  if (!paramCheck(x, indices, failure))
    return false;
  uint64_t expectedRank = x.shape.dimNum + indices.shape.dimNum -
                          static_cast<uint64_t>(param.batchDims) - 1;
  if (out.shape.dimNum != expectedRank)
    return fail(failure, atb::ERROR_INVALID_TENSOR_DIM_NUM,
                "output has rank " + std::to_string(out.shape.dimNum) +
                    ", expected " + std::to_string(expectedRank));
  atb::SVector<atb::TensorDesc> in = {x, indices};
  atb::TensorDesc expected;
  if (!inferShape(in, expected, failure))
    return false;
  for (uint64_t i = 0; i < expectedRank; ++i)
    if (expected.shape.dims[i] != out.shape.dims[i])
      return fail(failure, atb::ERROR_INVALID_TENSOR_DIM,
                  "output shape " + shapeString(out.shape) + " should be " +
                      shapeString(expected.shape) + " (x " +
                      shapeString(x.shape) + ", indices " +
                      shapeString(indices.shape) + ", axis " +
                      std::to_string(param.axis) + ", batchDims " +
                      std::to_string(param.batchDims) + ")");
  return true;
}

atb::Status GatherOperation::Setup(const atb::VariantPack &variantPack,
                                   uint64_t &workspaceSize,
                                   atb::Context *context) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  isSetUp = false;
  if (!context) {
    report("GatherOperation::Setup: context is null");
    return atb::ERROR_INVALID_PARAM;
  }
  Failure failure;
  if (!checkSetup(variantPack, failure)) {
    report("GatherOperation::Setup: %s", failure.message.c_str());
    return failure.status;
  }
  EmuContext *emuContext = findContext(context);
  if (!emuContext) {
    report("GatherOperation::Setup: context is not a live context");
    return atb::ERROR_INVALID_PARAM;
  }
  setUpDescs[0] = variantPack.inTensors[0].desc;
  setUpDescs[1] = variantPack.inTensors[1].desc;
  setUpDescs[2] = variantPack.outTensors[0].desc;
  // Write the tiling into the next block of the context's pool.
  tilingBlock = emuContext->takeBlock();
  setupSerial = ++nextSetupSerial;
  TilingBlock &block = emuContext->blocks[tilingBlock];
  block.writer = setupSerial;
  block.tiling.x = setUpDescs[0];
  block.tiling.indices = setUpDescs[1];
  block.tiling.out = setUpDescs[2];
  block.tiling.axis = param.axis;
  block.tiling.batchDims = param.batchDims;
  setUpWith = context;
  setUpWorkspace = kWorkspaceBytes;
  isSetUp = true;
  workspaceSize = setUpWorkspace;
  return atb::NO_ERROR;
}

/// The state checks of OperationBase::EagerModePreLaunch and ExecuteCheck:
/// a successful Setup with the same live context that has a stream, and a
/// workspace as large as Setup asked for. Sets `setUpContext`.
atb::Status
GatherOperation::checkExecuteState(uint8_t *workspace, uint64_t workspaceSize,
                                   atb::Context *context,
                                   EmuContext *&setUpContext) const {
  if (!isSetUp) {
    report("GatherOperation::Execute: Setup has not succeeded on this "
           "operation");
    return atb::ERROR_INVALID_PARAM;
  }
  setUpContext = findContext(setUpWith);
  if (!setUpContext) {
    report("GatherOperation::Execute: the context of Setup is no longer "
           "live");
    return atb::ERROR_INVALID_PARAM;
  }
  if (!setUpContext->stream()) {
    report("GatherOperation::Execute: the context has no stream (call "
           "SetExecuteStream)");
    return atb::ERROR_INVALID_PARAM;
  }
  if (context != setUpWith) {
    report("GatherOperation::Execute: the context is not the one Setup was "
           "called with");
    return atb::ERROR_INVALID_PARAM;
  }
  if (workspaceSize < setUpWorkspace) {
    report("GatherOperation::Execute: workspace of %llu bytes, Setup asked "
           "for %llu bytes",
           static_cast<unsigned long long>(workspaceSize),
           static_cast<unsigned long long>(setUpWorkspace));
    return atb::ERROR_INVALID_PARAM;
  }
  if (setUpWorkspace > 0 && !workspace) {
    report("GatherOperation::Execute: workspace is null, Setup asked for "
           "%llu bytes",
           static_cast<unsigned long long>(setUpWorkspace));
    return atb::ERROR_INVALID_PARAM;
  }
  return atb::NO_ERROR;
}

/// The tensor checks of ExecuteCheck: the counts of Setup, the byte sizes
/// of the tensors given to Setup and some data. Sets `tensors` (x, indices,
/// output) and their `sizes`.
atb::Status
GatherOperation::checkExecuteTensors(const atb::VariantPack &variantPack,
                                     const atb::Tensor *(&tensors)[3],
                                     uint64_t (&sizes)[3]) const {
  const atb::SVector<atb::Tensor> *lists[] = {&variantPack.inTensors,
                                              &variantPack.outTensors};
  const size_t expectedCounts[] = {2, 1};
  for (int l = 0; l < 2; ++l) {
    if (lists[l]->size() != expectedCounts[l]) {
      report("GatherOperation::Execute: %zu %s tensors, Setup had %zu",
             lists[l]->size(), l ? "output" : "input", expectedCounts[l]);
      return atb::ERROR_INVALID_PARAM;
    }
  }
  tensors[0] = &variantPack.inTensors[0];
  tensors[1] = &variantPack.inTensors[1];
  tensors[2] = &variantPack.outTensors[0];
  for (int t = 0; t < 3; ++t) {
    sizes[t] = atb::Utils::GetTensorSize(setUpDescs[t]);
    if (tensors[t]->dataSize != sizes[t]) {
      report("GatherOperation::Execute: %s dataSize %llu differs from the "
             "%llu bytes of the tensor given to Setup",
             kTensorNames[t],
             static_cast<unsigned long long>(tensors[t]->dataSize),
             static_cast<unsigned long long>(sizes[t]));
      return atb::ERROR_INVALID_PARAM;
    }
    if (!tensors[t]->deviceData && !tensors[t]->hostData) {
      report("GatherOperation::Execute: %s has neither deviceData nor "
             "hostData",
             kTensorNames[t]);
      return atb::ERROR_INVALID_PARAM;
    }
  }
  return atb::NO_ERROR;
}

/// The emulator's own checks, which ATB leaves to the device: a live stream
/// and device memory behind every tensor and the workspace.
atb::Status GatherOperation::checkDeviceMemory(
    aclrtStream stream, const atb::Tensor *const (&tensors)[3],
    const uint64_t (&sizes)[3], uint8_t *workspace) const {
  if (!isLiveStream(stream)) {
    report("GatherOperation::Execute: the context's stream %p is not a live "
           "stream (emulator check)",
           stream);
    return atb::ERROR_CANN_ERROR;
  }
  std::string why;
  for (int t = 0; t < 3; ++t) {
    std::string what = std::string(kTensorNames[t]) + " deviceData";
    if (!checkDeviceRange(tensors[t]->deviceData, sizes[t], what.c_str(),
                          why)) {
      report("GatherOperation::Execute: %s (emulator check)", why.c_str());
      return atb::ERROR_CANN_ERROR;
    }
  }
  if (setUpWorkspace > 0 &&
      !checkDeviceRange(workspace, setUpWorkspace, "workspace", why)) {
    report("GatherOperation::Execute: %s (emulator check)", why.c_str());
    return atb::ERROR_CANN_ERROR;
  }
  return atb::NO_ERROR;
}

atb::Status GatherOperation::Execute(const atb::VariantPack &variantPack,
                                     uint8_t *workspace, uint64_t workspaceSize,
                                     atb::Context *context) {
  std::lock_guard<std::mutex> lock(emulatorMutex());
  // OperationBase::EagerModePreLaunch and ExecuteCheck, in their order.
  EmuContext *setUpContext = nullptr;
  if (atb::Status status =
          checkExecuteState(workspace, workspaceSize, context, setUpContext))
    return status;
  const atb::Tensor *tensors[3];
  uint64_t sizes[3];
  if (atb::Status status = checkExecuteTensors(variantPack, tensors, sizes))
    return status;
  aclrtStream stream = setUpContext->stream();
  if (atb::Status status = checkDeviceMemory(stream, tensors, sizes, workspace))
    return status;

  // Execute copies the tiling block of the last Setup, whoever wrote it
  // last, to the device: the kernel computes with that tiling.
  const TilingBlock &block = setUpContext->blocks[tilingBlock];
  GatherTask task;
  task.tiling = block.tiling;
  task.expectedWriter = setupSerial;
  task.blockWriter = block.writer;
  task.block = tilingBlock;
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
  if (blockWriter != expectedWriter) {
    report("GatherOperation (running on the stream): Execute copied tiling "
           "block %zu, which a later Setup of another operation overwrote "
           "(Setup #%llu wrote it, this operation's last Setup was #%llu); "
           "call Setup before every Execute",
           block, static_cast<unsigned long long>(blockWriter),
           static_cast<unsigned long long>(expectedWriter));
    return ACL_ERROR_RT_AICORE_EXCEPTION;
  }
  const atb::TensorDesc &x = tiling.x;
  const atb::TensorDesc &indices = tiling.indices;
  int64_t axis = tiling.axis, batchDims = tiling.batchDims;
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

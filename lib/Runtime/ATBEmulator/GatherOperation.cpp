//===- GatherOperation.cpp - the emulated ATB GatherOperation -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// GatherOperation follows the checks of the public ATB sources, in their
// order and with their status codes (OperationBase::Setup/Execute,
// TensorCheck, GatherOperation::ParamCheck/SetupCheckImpl); the dtype rules
// per product come from ATBGatherRules.h, the table the compiler reads too.
// Checks the emulator adds on its own (device addresses, live streams) are
// marked as such.
//
// Setup takes the next tiling block of its context round-robin and writes
// the operation's tiling into it; Execute copies the block the operation's
// last Setup wrote and queues the gather on the context's stream
// (GatherKernel.cpp runs it).
//
//===----------------------------------------------------------------------===//

#include "EmulatedATB.h"

#include "atb/atb_infer.h"
#include "gather-mlir/Runtime/ATBGatherRules.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

using namespace gather_atb_emulator;
namespace rules = gather_atb_rules;

namespace {

/// Workspace Setup asks for: the emulator's index scratch buffer (a multiple
/// of ATB's 512-byte workspace alignment).
constexpr uint64_t kWorkspaceBytes = 1024;
/// Largest tensor ATB accepts.
constexpr uint64_t kMaxTensorBytes = uint64_t(256) << 30;

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

//===----------------------------------------------------------------------===//
// GatherOperation
//===----------------------------------------------------------------------===//

class GatherOperation;

/// Live operations (guarded by emulatorMutex()); never destroyed, like the
/// ACL state. Keyed by the API's base pointer so that a stale pointer is
/// looked up before it is ever cast or dereferenced.
std::map<const atb::Operation *, GatherOperation *> &liveOperations() {
  static auto *operations =
      new std::map<const atb::Operation *, GatherOperation *>;
  return *operations;
}

/// Serial numbers of Setups, across all contexts.
uint64_t nextSetupSerial = 0;

/// What a tensor check found wrong: the status and a message.
struct Failure {
  atb::Status status = atb::NO_ERROR;
  std::string message;
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

} // namespace

size_t
gather_atb_emulator::countOperationsSetUpWith(const atb::Context *context) {
  size_t users = 0;
  for (const auto &entry : liveOperations())
    users += entry.second->setupContext() == context;
  return users;
}

//===----------------------------------------------------------------------===//
// Emulated ATB API of the operation
//===----------------------------------------------------------------------===//

namespace atb {

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

} // namespace atb

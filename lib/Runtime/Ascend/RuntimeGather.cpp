//===- RuntimeGather.cpp - gathers through ATB GatherOperation ------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A gather of the Ascend runtime: operations cached by their parameters
// (axis, batchDims) and set up before every Execute (Setup writes the
// tiling into a block of the context's pool that later Setups of other
// operations reuse); one workspace grows to the largest size Setup asks for.
//
//===----------------------------------------------------------------------===//

#include "RuntimeState.h"

#include "acl/acl.h"
#include "atb/context.h"
#include "atb/infer_op_params.h"
#include "atb/operation.h"
#include "atb/types.h"
#include "atb/utils.h"

#include <cinttypes>

using namespace gather_atb_runtime;

/// Operations kept at once (they hold host memory only).
constexpr size_t kMaxOperations = 64;

/// Fills an atb::Tensor from an argument and its device data.
static atb::Tensor makeTensor(const TensorArg &arg, void *deviceData) {
  atb::Tensor tensor;
  tensor.desc.dtype = static_cast<aclDataType>(arg.dtype);
  tensor.desc.format = ACL_FORMAT_ND;
  tensor.desc.shape.dimNum = static_cast<uint64_t>(arg.rank);
  for (int64_t i = 0; i < arg.rank; ++i)
    tensor.desc.shape.dims[i] = arg.shape[i];
  tensor.dataSize = atb::Utils::GetTensorSize(tensor);
  tensor.deviceData = deviceData;
  return tensor;
}

/// Returns the operation of (axis, batchDims), creating it on first use.
static int32_t getOperation(RuntimeState &rt, int64_t axis, int64_t batchDims,
                            atb::Operation *&op) {
  std::pair<int64_t, int64_t> key(axis, batchDims);
  auto it = rt.operations.find(key);
  if (it != rt.operations.end()) {
    rt.lru.remove(key);
    rt.lru.push_front(key);
    op = it->second;
    return 0;
  }
  atb::infer::GatherParam param;
  param.axis = axis;
  param.batchDims = batchDims;
  ++rt.createOps;
  op = nullptr;
  if (atb::Status st = atb::CreateOperation(param, &op)) {
    op = nullptr;
    return atbFailure("CreateOperation", st);
  }
  while (rt.operations.size() >= kMaxOperations) {
    // Work queued with the oldest operation must finish before it goes.
    if (aclError err = aclrtSynchronizeStream(rt.contextStream))
      return aclFailure("aclrtSynchronizeStream", err);
    auto oldest = rt.operations.find(rt.lru.back());
    if (atb::Status st = atb::DestroyOperation(oldest->second))
      atbFailure("DestroyOperation", st);
    rt.operations.erase(oldest);
    rt.lru.pop_back();
  }
  rt.operations.emplace(key, op);
  rt.lru.push_front(key);
  return 0;
}

int32_t gather_atb_runtime::launch(RuntimeState &rt, const TensorArg (&args)[3],
                                   void *const (&device)[3], int64_t axis,
                                   int64_t batchDims, aclrtStream stream) {
  atb::Operation *op;
  if (int32_t st = getOperation(rt, axis, batchDims, op))
    return st;
  if (stream != rt.contextStream) {
    if (atb::Status st = rt.context->SetExecuteStream(stream))
      return atbFailure("SetExecuteStream", st);
    rt.contextStream = stream;
  }
  atb::VariantPack pack;
  pack.inTensors = {makeTensor(args[0], device[0]),
                    makeTensor(args[1], device[1])};
  pack.outTensors = {makeTensor(args[2], device[2])};
  // Setup before every Execute: it writes the tiling into a block of the
  // context's pool that later Setups of other operations reuse.
  uint64_t workspaceSize = 0;
  ++rt.setups;
  if (atb::Status st = op->Setup(pack, workspaceSize, rt.context))
    return atbFailure("Setup", st);
  if (workspaceSize > rt.workspace.bytes) {
    // The old workspace may still be in use by queued work.
    if (rt.workspace.data)
      if (aclError err = aclrtSynchronizeStream(stream))
        return aclFailure("aclrtSynchronizeStream", err);
    if (int32_t st = growBuffer(rt, rt.workspace, workspaceSize))
      return st;
  }
  ++rt.executes;
  if (atb::Status st =
          op->Execute(pack, static_cast<uint8_t *>(rt.workspace.data),
                      workspaceSize, rt.context))
    return atbFailure("Execute", st);
  return 0;
}

int32_t gather_atb_runtime::checkArgument(const char *entry,
                                          const TensorArg &arg) {
  if (!arg.data)
    return argumentFailure(atb::ERROR_INVALID_PARAM, "%s: %s is null", entry,
                           arg.name);
  if (arg.rank < 0)
    return argumentFailure(atb::ERROR_INVALID_PARAM, "%s: %s has rank %" PRId64,
                           entry, arg.name, arg.rank);
  if (arg.rank > static_cast<int64_t>(atb::MAX_DIM))
    return argumentFailure(
        atb::ERROR_INVALID_TENSOR_DIM_NUM,
        "%s: %s has rank %" PRId64 ", more than atb::MAX_DIM (%u)", entry,
        arg.name, arg.rank, static_cast<unsigned>(atb::MAX_DIM));
  if (arg.rank > 0 && !arg.shape)
    return argumentFailure(atb::ERROR_INVALID_PARAM, "%s: %s shape is null",
                           entry, arg.name);
  // aclDataType is an enum whose values lie in [-1, 43]; anything else is
  // not a dtype at all.
  if (arg.dtype < -1 || arg.dtype > 43)
    return argumentFailure(atb::ERROR_INVALID_TENSOR_DTYPE,
                           "%s: %s dtype %d is not an aclDataType value", entry,
                           arg.name, static_cast<int>(arg.dtype));
  return 0;
}

int32_t gather_atb_runtime::gather(const char *entryName,
                                   const TensorArg (&args)[3], void *out,
                                   int64_t axis, int64_t batchDims) {
  for (const TensorArg &arg : args)
    if (int32_t st = checkArgument(entryName, arg))
      return st;

  RuntimeState &rt = runtime();
  std::lock_guard<std::mutex> lock(rt.mutex);
  if (int32_t st = ensureInitialized(rt))
    return st;

  void *device[3] = {nullptr, nullptr, nullptr};
  uint64_t bytes[3];
  for (int t = 0; t < 3; ++t) {
    bytes[t] = makeTensor(args[t], nullptr).dataSize;
    // Sizes ATB rejects are left to Setup to report; the tensor still needs
    // an address for Execute's checks never to be reached.
    if (bytes[t] == 0 || bytes[t] > kMaxTensorBytes)
      continue;
    if (int32_t st = growBuffer(rt, rt.staging[t], bytes[t]))
      return st;
    device[t] = rt.staging[t].data;
  }
  for (int t = 0; t < 2; ++t)
    if (device[t])
      if (aclError err =
              aclrtMemcpyAsync(device[t], bytes[t], args[t].data, bytes[t],
                               ACL_MEMCPY_HOST_TO_DEVICE, rt.defaultStream))
        return aclFailure("aclrtMemcpyAsync", err);
  int32_t status = launch(rt, args, device, axis, batchDims, rt.defaultStream);
  if (aclError err = aclrtSynchronizeStream(rt.defaultStream))
    if (!status)
      status = aclFailure("aclrtSynchronizeStream", err);
  if (!status)
    if (aclError err = aclrtMemcpy(out, bytes[2], device[2], bytes[2],
                                   ACL_MEMCPY_DEVICE_TO_HOST))
      status = aclFailure("aclrtMemcpy", err);
  uint64_t kept = rt.workspace.bytes;
  for (const DeviceBuffer &buffer : rt.staging)
    kept += buffer.bytes;
  if (kept > maxKeptDeviceBytes())
    for (DeviceBuffer &buffer : rt.staging)
      freeBuffer(rt, buffer);
  return status;
}

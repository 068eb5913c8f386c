//===- types.h - emulated ATB core types ------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Status codes, tensor descriptions, tensors and variant packs of the Ascend
// Transformer Boost (ATB) API, with the names and values of the CANN
// `atb/types.h`.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ATB_TYPES_H
#define GATHER_ATB_EMULATOR_ATB_TYPES_H

#include "acl/acl.h"
#include "atb/svector.h"

#include <cstdint>

namespace atb {

/// Result of every ATB call; NO_ERROR (0) means success.
using Status = int32_t;

/// Status codes, in the order of the public atb/types.h.
enum ErrorType : int {
  NO_ERROR = 0,
  ERROR_INVALID_PARAM,
  ERROR_INVALID_GRAPH,
  ERROR_INTERNAL_ERROR,
  ERROR_RT_FAIL,
  ERROR_INVALID_IN_TENSOR_NUM,
  ERROR_INVALID_TENSOR_DTYPE,
  ERROR_INVALID_TENSOR_FORMAT,
  ERROR_INVALID_TENSOR_DIM,
  ERROR_INVALID_TENSOR_SIZE,
  ERROR_OPERATION_NULL_RUNNER,
  ERROR_GRAPH_INFERSHAPE_FUNC_FAIL,
  ERROR_CANN_ERROR,
  ERROR_INVALID_TENSOR_INI_MATCH,
  ERROR_INVALID_TENSOR_ADDR,
  ERROR_INVALID_TENSOR_NUM,
  ERROR_INVALID_TENSOR_DIM_NUM,
  ERROR_INVALID_SINGLE_OPERATION_PARAM,
  ERROR_GRAPH_NODE_RESHAPE_FUNC_FAIL,
  ERROR_INVALID_GRAPH_NODE_CHUNK,
  ERROR_INVALID_CONTEXT_ADDR,
  ERROR_INVALID_STREAM,
  ERROR_INVALID_WORKSPACE_SIZE,
  ERROR_INVALID_WORKSPACE_ADDR,
  ERROR_INVALID_OPERATION_ADDR,
  ERROR_HCCL_FAIL,
  ERROR_OUT_OF_DEVICE_MEMORY,
  ERROR_OUT_OF_HOST_MEMORY,
  ERROR_COMM_EMPTY,
  ERROR_COPY_HOST_MEMORY_FAIL,
};

/// Maximum rank of a tensor.
constexpr uint32_t MAX_DIM = 8;

/// A tensor shape: the first `dimNum` entries of `dims` are used.
struct Dims {
  int64_t dims[MAX_DIM] = {0};
  uint64_t dimNum = 0;
};

/// Element type, layout and shape of a tensor.
struct TensorDesc {
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_UNDEFINED;
  Dims shape;
};

/// A tensor: its description, its device (and optional host) data and the
/// size of that data in bytes.
struct Tensor {
  TensorDesc desc;
  void *deviceData = nullptr;
  void *hostData = nullptr;
  uint64_t dataSize = 0;
};

/// The input and output tensors of one operation call.
struct VariantPack {
  SVector<Tensor> inTensors;
  SVector<Tensor> outTensors;
};

} // namespace atb

#endif // GATHER_ATB_EMULATOR_ATB_TYPES_H

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

/// Status codes. Only the values the gather runtime relies on are declared.
enum ErrorType : int {
  NO_ERROR = 0,
  ERROR_INVALID_PARAM = 1,
  ERROR_INVALID_IN_TENSOR_NUM = 5,
  ERROR_INVALID_TENSOR_DTYPE = 6,
  ERROR_INVALID_TENSOR_DIM = 8,
  ERROR_INVALID_TENSOR_SIZE = 9,
  ERROR_CANN_ERROR = 12,
  ERROR_INVALID_TENSOR_INI_MATCH = 13,
  ERROR_INVALID_TENSOR_DIM_NUM = 16,
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

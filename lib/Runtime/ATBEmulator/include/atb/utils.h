//===- utils.h - emulated atb::Utils ----------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ATB_UTILS_H
#define GATHER_ATB_EMULATOR_ATB_UTILS_H

#include "atb/types.h"

#include <cstdint>
#include <string>

namespace atb {

/// Helpers of the ATB API.
class Utils {
public:
  /// The version of the library.
  static std::string GetAtbVersion();
  /// Number of elements `tensor.desc` describes.
  static uint64_t GetTensorNumel(const Tensor &tensor);
  static uint64_t GetTensorNumel(const TensorDesc &tensorDesc);
  /// Byte size of the data `tensor.desc` describes.
  static uint64_t GetTensorSize(const Tensor &tensor);

  /// Byte size of the data `tensorDesc` describes: element size times the
  /// product of the dimensions. The emulator returns 0 for an unknown dtype,
  /// a negative dimension or more than MAX_DIM dimensions, and UINT64_MAX
  /// when the product overflows.
  static uint64_t GetTensorSize(const TensorDesc &tensorDesc);
};

} // namespace atb

#endif // GATHER_ATB_EMULATOR_ATB_UTILS_H

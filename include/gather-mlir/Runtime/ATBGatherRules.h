//===- ATBGatherRules.h - the legality table of ATB GatherOperation -*- C++
//-*-//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The one table of what the ATB GatherOperation accepts on each Ascend
// product, read by both the compiler (`convert-gather-to-atb` decides what
// goes to ATB) and the in-tree ATB emulator (GatherOperation::Setup returns
// the status ATB returns). Header only, no dependency on MLIR or on the
// ATB/ACL headers: dtypes are aclDataType values, statuses atb::Status values.
//
// Where each rule comes from (the public ascend-transformer-boost sources):
//
// * `OperationBase::CheckIniMatch` against the `GatherOperation` entry of
//   `atb_ops_info.ini` (on Atlas 200I/500 A2, `GatherOperationAtlas200I500A2`):
//   a dtype or format outside the table fails with
//   ERROR_INVALID_TENSOR_INI_MATCH;
// * `TensorCheck::CheckBF16` (Atlas inference 310P, Atlas training 910A,
//   Atlas 200I/500 A2): bf16 fails with ERROR_INVALID_TENSOR_DTYPE, after the
//   ini check;
// * `GatherOperation::ParamCheck`: rank(x) + rank(indices) - 1 - batchDims
//   <= 8, else ERROR_INVALID_TENSOR_DIM_NUM;
// * on Ascend 950 the operation runs through `aclnnGatherV3`, whose
//   `aclnnGatherV3GetWorkspaceSize` accepts data in {float, int32, int64,
//   float16, int16, int8, uint8, bool, double, complex64, complex128, bf16}
//   and indices in {int32, int64}: uint32 data or indices fail in the
//   runner's Setup. Which atb::Status that failure surfaces as is not
//   visible in the sources read; the table says ERROR_CANN_ERROR.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_RUNTIME_ATBGATHERRULES_H
#define GATHER_MLIR_RUNTIME_ATBGATHERRULES_H

#include <cstdint>

namespace gather_atb_rules {

/// The aclDataType values of the element types of the Ascend path
/// (ATBElementTypes.def): kFloat16, kBf16, kFloat, kInt32, kUint32, kInt64.
enum : int32_t {
#define GATHER_ATB_ELEMENT_TYPE(Name, Acl, Value, ...) k##Name = Value,
#include "gather-mlir/Runtime/ATBElementTypes.def"
};

/// atb::Status values the table uses (atb/types.h).
enum : int32_t {
  kNoError = 0,
  kErrorInvalidTensorDtype = 6,
  kErrorCannError = 12,
  kErrorInvalidTensorIniMatch = 13,
  kErrorInvalidTensorDimNum = 16,
};

/// Bit of an aclDataType value in a dtype mask.
constexpr uint64_t bit(int32_t dtype) {
  return dtype >= 0 && dtype < 64 ? uint64_t(1) << dtype : 0;
}

/// The ini table of GatherOperation: x (and output) and indices dtypes.
constexpr uint64_t kIniData = bit(kFloat16) | bit(kBf16) | bit(kFloat) |
                              bit(kInt32) | bit(kUint32) | bit(kInt64);
constexpr uint64_t kIniIndices = bit(kInt64) | bit(kInt32) | bit(kUint32);
/// The Atlas 200I/500 A2 ini table: float16 data only. Its index list is
/// taken to be the general one (unconfirmed).
constexpr uint64_t kIni310BData = bit(kFloat16);
/// The dtypes of aclnnGatherV3 among those the ini table admits.
constexpr uint64_t kAclnnData =
    bit(kFloat16) | bit(kBf16) | bit(kFloat) | bit(kInt32) | bit(kInt64);
constexpr uint64_t kAclnnIndices = bit(kInt32) | bit(kInt64);

/// The rules of one product.
struct SocRules {
  /// The name the compiler's `soc` option and GATHER_ATB_EMULATOR_SOC use.
  const char *name;
  /// What the product is called in the ATB documentation.
  const char *product;
  uint64_t iniData;
  uint64_t iniIndices;
  /// Whether TensorCheck::CheckBF16 rejects bf16 tensors.
  bool rejectsBf16;
  /// Whether GatherOperation runs through aclnnGatherV3 (else 0 masks mean
  /// no further restriction).
  bool usesAclnn;
  uint64_t aclnnData;
  uint64_t aclnnIndices;
};

/// Every product (ATBSocs.def), in the order of the compiler's AscendSoc
/// enum, which is generated from the same rows.
constexpr SocRules kSocs[] = {
#define GATHER_ATB_SOC(Enumerator, ...) {__VA_ARGS__},
#include "gather-mlir/Runtime/ATBSocs.def"
};
constexpr int kNumSocs = sizeof(kSocs) / sizeof(kSocs[0]);

/// Which check refuses a dtype combination.
enum class DtypeCheck {
  None,
  /// OperationBase::CheckIniMatch: ERROR_INVALID_TENSOR_INI_MATCH.
  IniMatch,
  /// TensorCheck::CheckBF16: ERROR_INVALID_TENSOR_DTYPE.
  Bf16,
  /// aclnnGatherV3GetWorkspaceSize in the runner's Setup: ERROR_CANN_ERROR.
  Aclnn,
};

/// The verdict on the dtypes of one gather: which check refuses it (None
/// when none does), the atb::Status it fails with, and which tensor.
struct DtypeVerdict {
  DtypeCheck check = DtypeCheck::None;
  int32_t status = kNoError;
  /// "x" or "indices" when a check refuses, else null.
  const char *tensor = nullptr;
};

/// Applies the dtype checks of `soc` in ATB's order. `outDtype` is the
/// output's dtype (the ini table pairs it with x's).
inline DtypeVerdict checkDtypes(const SocRules &soc, int32_t xDtype,
                                int32_t indicesDtype, int32_t outDtype) {
  DtypeVerdict verdict;
  auto refuse = [&](DtypeCheck check, int32_t status, const char *tensor) {
    verdict.check = check;
    verdict.status = status;
    verdict.tensor = tensor;
    return verdict;
  };
  if (!(soc.iniData & bit(xDtype)) || outDtype != xDtype)
    return refuse(DtypeCheck::IniMatch, kErrorInvalidTensorIniMatch, "x");
  if (!(soc.iniIndices & bit(indicesDtype)))
    return refuse(DtypeCheck::IniMatch, kErrorInvalidTensorIniMatch, "indices");
  if (soc.rejectsBf16 && xDtype == kBf16)
    return refuse(DtypeCheck::Bf16, kErrorInvalidTensorDtype, "x");
  if (soc.usesAclnn && !(soc.aclnnData & bit(xDtype)))
    return refuse(DtypeCheck::Aclnn, kErrorCannError, "x");
  if (soc.usesAclnn && !(soc.aclnnIndices & bit(indicesDtype)))
    return refuse(DtypeCheck::Aclnn, kErrorCannError, "indices");
  return verdict;
}

/// Largest rank of an ATB tensor (atb::MAX_DIM).
constexpr int64_t kMaxRank = 8;

/// GatherOperation::ParamCheck's rank rule (the rank of the output):
/// rank(x) + rank(indices) - 1 - batchDims <= 8.
constexpr bool satisfiesRankRule(int64_t xRank, int64_t indicesRank,
                                 int64_t batchDims) {
  return xRank + indicesRank - 1 - batchDims <= kMaxRank;
}

/// Returns the rules of the product called `name`, or null.
inline const SocRules *findSoc(const char *name) {
  for (const SocRules &soc : kSocs) {
    const char *a = soc.name, *b = name;
    while (*a && *a == *b)
      ++a, ++b;
    if (*a == *b)
      return &soc;
  }
  return nullptr;
}

} // namespace gather_atb_rules

#endif // GATHER_MLIR_RUNTIME_ATBGATHERRULES_H

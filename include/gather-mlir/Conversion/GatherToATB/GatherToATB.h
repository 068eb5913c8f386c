//===- GatherToATB.h - gather to atb conversion -----------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The Ascend legality rules of a gather (per product) and the pass that
// rewrites legal `gather.gather` ops to `atb.gather`.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_CONVERSION_GATHERTOATB_GATHERTOATB_H
#define GATHER_MLIR_CONVERSION_GATHERTOATB_GATHERTOATB_H

#include "gather-mlir/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather-mlir/Runtime/ATBGatherRules.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace gather {

/// The Ascend products whose ATB GatherOperation rules differ, in the order of
/// the rule table gather_atb_rules::kSocs (ATBGatherRules.h), which the
/// emulator reads too and which holds their names and descriptions. A new
/// value goes last, with a row of kSocs and the count below updated.
enum class AscendSoc {
  /// Atlas A2 training and inference products.
  Ascend910B,
  /// Atlas A3 training and inference products.
  Ascend910_93,
  /// Atlas training products (910A): no bf16 data.
  Ascend910,
  /// Atlas inference products: no bf16 data.
  Ascend310P,
  /// Atlas 200I/500 A2 inference products: f16 data only.
  Ascend310B,
  /// Atlas 350 accelerator cards (through aclnnGatherV3): no ui32 data or
  /// indices.
  Ascend950,
};

/// The number of AscendSoc values.
constexpr int kNumAscendSocs = static_cast<int>(AscendSoc::Ascend950) + 1;
static_assert(gather_atb_rules::kNumSocs == kNumAscendSocs,
              "every AscendSoc value has one row in gather_atb_rules::kSocs");

/// The product `soc` names, as the ATB documentation calls it (the
/// description of the `soc` options).
StringRef getDescription(AscendSoc soc);

/// The spellings and range of AscendSoc for enumValues and forEachEnumValue,
/// from gather_atb_rules::kSocs.
template <> struct EnumTraits<AscendSoc> {
  static StringRef stringify(AscendSoc soc) {
    return gather_atb_rules::kSocs[static_cast<int>(soc)].name;
  }
  static std::optional<AscendSoc> symbolize(uint32_t value) {
    if (value >= static_cast<uint32_t>(kNumAscendSocs))
      return std::nullopt;
    return static_cast<AscendSoc>(value);
  }
  static constexpr uint32_t getMax() { return kNumAscendSocs - 1; }
};

/// The row of the ATB rule table for `soc`.
const gather_atb_rules::SocRules &getATBRules(AscendSoc soc);

/// Returns the name of `soc` as the `soc` options spell it ("ascend910b").
StringRef getAscendSocName(AscendSoc soc);

/// Largest tensor ATB accepts, in bytes (256 GiB).
constexpr uint64_t kATBMaxTensorBytes = uint64_t(256) << 30;

/// Returns why ATB on `soc` cannot gather data of element type `dataType`
/// with indices of element type `indicesType`, or an empty string when it
/// can, by the table of ATBGatherRules.h. Data: f16, bf16, f32, i32/si32,
/// ui32, i64/si64 (ascend310b: f16 only; ascend910 and ascend310p: no bf16;
/// ascend950: no ui32). Indices: i32/si32, i64/si64, ui32 (ascend950: no
/// ui32).
std::string getATBElementTypeProblem(AscendSoc soc, Type dataType,
                                     Type indicesType);

#define GEN_PASS_DECL_CONVERTGATHERTOATB
#include "gather-mlir/Conversion/Passes.h.inc"

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_CONVERSION_GATHERTOATB_GATHERTOATB_H

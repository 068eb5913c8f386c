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

/// The Ascend products whose ATB GatherOperation rules differ: one value per
/// row of ATBSocs.def, which also generates the rule table
/// gather_atb_rules::kSocs (ATBGatherRules.h, read by the emulator too) in
/// the same order, with their names, descriptions and rules.
enum class AscendSoc {
#define GATHER_ATB_SOC(Enumerator, ...) Enumerator,
#include "gather-mlir/Runtime/ATBSocs.def"
};

/// The number of AscendSoc values: the rows of kSocs.
constexpr int kNumAscendSocs = gather_atb_rules::kNumSocs;

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

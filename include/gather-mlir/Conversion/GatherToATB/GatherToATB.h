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

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace gather {

/// The Ascend products whose ATB GatherOperation rules differ (the names of
/// the emulator's GATHER_ATB_EMULATOR_SOC).
enum class AscendSoc {
  /// Atlas A2 training and inference products.
  Ascend910B,
  /// Atlas A3 training and inference products.
  Ascend910_93,
  /// Atlas training products.
  Ascend910,
  /// Atlas inference products: no bf16 data.
  Ascend310P,
  /// Atlas 200I/500 A2 inference products: f16 data only.
  Ascend310B,
  /// Atlas 350 accelerator cards: no ui32 indices (unconfirmed).
  Ascend950,
};

/// Returns the name of `soc` as the `soc` options spell it ("ascend910b").
StringRef getAscendSocName(AscendSoc soc);

/// Largest tensor ATB accepts, in bytes (256 GiB).
constexpr uint64_t kATBMaxTensorBytes = uint64_t(256) << 30;

/// Returns why ATB on `soc` cannot gather data of element type `dataType`
/// with indices of element type `indicesType`, or an empty string when it
/// can. Data: f16, bf16, f32, i32/si32, ui32, i64/si64 (ascend310b: f16
/// only; ascend310p: no bf16). Indices: i32/si32, i64/si64, ui32
/// (ascend950: no ui32).
std::string getATBElementTypeProblem(AscendSoc soc, Type dataType,
                                     Type indicesType);

#define GEN_PASS_DECL_CONVERTGATHERTOATB
#include "gather-mlir/Conversion/Passes.h.inc"

} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_CONVERSION_GATHERTOATB_GATHERTOATB_H

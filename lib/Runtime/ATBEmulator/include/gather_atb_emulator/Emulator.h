//===- Emulator.h - what the ATB/ACL emulator adds to the API ---*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Observability of the emulator, which CANN does not have: counters of the
// bytes copied between host and device and of stream synchronisations.
// Code that must also build against CANN uses it only under
// GATHER_ATB_EMULATOR (defined for targets that link the emulator).
//
// The emulator's knobs are environment variables, read when they matter:
//   GATHER_ATB_EMULATOR_SOC            the product whose rules apply
//                                      (ATBGatherRules.h; default ascend910b),
//                                      read at every Setup;
//   GATHER_ATB_EMULATOR_TILING_BLOCKS  host tiling blocks of a context
//                                      created by CreateContext(Context **)
//                                      (default 128, as ATB), read at
//                                      CreateContext.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_EMULATOR_H
#define GATHER_ATB_EMULATOR_EMULATOR_H

#include <cstdint>

namespace gather_atb_emulator {

/// Host/device traffic since the process started or resetTransferStats.
/// Copies count when they are issued (aclrtMemcpy, aclrtMemcpyAsync).
struct TransferStats {
  uint64_t hostToDeviceBytes = 0;
  uint64_t deviceToHostBytes = 0;
  uint64_t deviceToDeviceBytes = 0;
  uint64_t hostToDeviceCopies = 0;
  uint64_t deviceToHostCopies = 0;
  /// aclrtSynchronizeStream calls that succeeded or failed (not rejected
  /// for their arguments).
  uint64_t synchronizations = 0;
  /// aclrtSetDevice calls that succeeded (not a transfer; counted here so
  /// that tests see whether a library rebinds a thread's device).
  uint64_t setDeviceCalls = 0;
};

/// Returns the counters.
TransferStats getTransferStats();

/// Sets every counter to zero.
void resetTransferStats();

} // namespace gather_atb_emulator

#endif // GATHER_ATB_EMULATOR_EMULATOR_H

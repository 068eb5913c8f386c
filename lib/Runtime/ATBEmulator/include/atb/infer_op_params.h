//===- infer_op_params.h - emulated ATB inference op params -----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Parameters of the inference operations the emulator implements (only
// GatherOperation).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ATB_INFER_OP_PARAMS_H
#define GATHER_ATB_EMULATOR_ATB_INFER_OP_PARAMS_H

#include "atb/operation.h"
#include "atb/types.h"

#include <cstdint>

namespace atb {
namespace infer {

/// Parameters of GatherOperation: gathers slices of input 0 (x) along `axis`
/// at the positions held by input 1 (indices), with `batchDims` leading
/// dimensions shared by x and indices.
struct GatherParam {
  int64_t axis = 0;
  int64_t batchDims = 0;
  uint8_t rsv[16] = {0};
};

} // namespace infer

/// Creates a GatherOperation. Fails with ERROR_INVALID_PARAM unless rsv is all
/// zero and 0 <= batchDims <= axis.
template <>
Status CreateOperation(const infer::GatherParam &opParam,
                       Operation **operation);

} // namespace atb

#endif // GATHER_ATB_EMULATOR_ATB_INFER_OP_PARAMS_H

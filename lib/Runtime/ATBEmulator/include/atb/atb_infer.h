//===- atb_infer.h - emulated ATB umbrella header ---------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Umbrella header of the emulated ATB API, under the CANN name
// `atb/atb_infer.h`.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ATB_ATB_INFER_H
#define GATHER_ATB_EMULATOR_ATB_ATB_INFER_H

#include "atb/context.h"
#include "atb/infer_op_params.h"
#include "atb/operation.h"
#include "atb/svector.h"
#include "atb/types.h"
#include "atb/utils.h"

#endif // GATHER_ATB_EMULATOR_ATB_ATB_INFER_H

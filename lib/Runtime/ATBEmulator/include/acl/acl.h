//===- acl.h - emulated ACL umbrella header ---------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Process-level ACL calls (aclInit, aclFinalize) and the runtime subset, under
// the CANN header name `acl/acl.h`.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ACL_ACL_H
#define GATHER_ATB_EMULATOR_ACL_ACL_H

#include "acl/acl_base.h"
#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Initialises ACL for the process. `configPath` may be null (the emulator
/// ignores it). A second call without aclFinalize returns
/// ACL_ERROR_REPEAT_INITIALIZE.
aclError aclInit(const char *configPath);

/// Releases everything aclInit set up, resetting devices still in use.
aclError aclFinalize(void);

#ifdef __cplusplus
}
#endif

#endif // GATHER_ATB_EMULATOR_ACL_ACL_H

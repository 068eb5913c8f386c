//===- acl_base.h - emulated ACL base types ---------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The ACL (Ascend Computing Language) base types and return codes used by the
// gather runtime, declared under the same header name, names and values as
// the CANN `acl/acl_base.h` so that code written against this header builds
// unchanged against a CANN install. Written from the public documentation;
// values marked (unconfirmed) were not checked against an installed CANN.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ACL_ACL_BASE_H
#define GATHER_ATB_EMULATOR_ACL_ACL_BASE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Return code of every ACL call; 0 means success.
typedef int aclError;

/// An opaque handle of a device stream.
typedef void *aclrtStream;
/// An opaque handle of a device context (the emulator: the device binding
/// of a thread).
typedef void *aclrtContext;

// General return codes (documented in the public ACL reference).
static const int ACL_SUCCESS = 0;
static const int ACL_ERROR_NONE = 0;
static const int ACL_ERROR_INVALID_PARAM = 100000;
static const int ACL_ERROR_UNINITIALIZE = 100001;
static const int ACL_ERROR_REPEAT_INITIALIZE = 100002;
static const int ACL_ERROR_INVALID_FILE = 100003;
static const int ACL_ERROR_REPEAT_FINALIZE = 100037; // (unconfirmed)
static const int ACL_ERROR_BAD_ALLOC = 200000;
static const int ACL_ERROR_API_NOT_SUPPORT = 200001; // (unconfirmed)
static const int ACL_ERROR_INTERNAL_ERROR = 500000;
static const int ACL_ERROR_FAILURE = 500001; // (unconfirmed)

// Runtime return codes. CANN defines these as macros in
// `acl/error_codes/rt_error_codes.h`, which `acl_base.h` includes.
#ifndef ACL_ERROR_RT_PARAM_INVALID
#define ACL_ERROR_RT_PARAM_INVALID 107000
#define ACL_ERROR_RT_INVALID_DEVICEID 107001
#define ACL_ERROR_RT_CONTEXT_NULL 107002
#define ACL_ERROR_RT_STREAM_CONTEXT 107003
#define ACL_ERROR_RT_AICORE_EXCEPTION 507015 // (unconfirmed)
#endif

/// Element types of tensors. Values (unconfirmed): ACL_FLOAT 0, ACL_FLOAT16 1,
/// ACL_INT32 3, ACL_UINT32 8, ACL_INT64 9 and ACL_BF16 27 are the ones the
/// gather runtime relies on.
typedef enum {
  ACL_DT_UNDEFINED = -1,
  ACL_FLOAT = 0,
  ACL_FLOAT16 = 1,
  ACL_INT8 = 2,
  ACL_INT32 = 3,
  ACL_UINT8 = 4,
  ACL_INT16 = 6,
  ACL_UINT16 = 7,
  ACL_UINT32 = 8,
  ACL_INT64 = 9,
  ACL_UINT64 = 10,
  ACL_DOUBLE = 11,
  ACL_BOOL = 12,
  ACL_STRING = 13,
  ACL_COMPLEX64 = 16,
  ACL_COMPLEX128 = 17,
  ACL_BF16 = 27,
} aclDataType;

/// Memory layouts of tensors (values unconfirmed except ACL_FORMAT_ND 2).
typedef enum {
  ACL_FORMAT_UNDEFINED = -1,
  ACL_FORMAT_NCHW = 0,
  ACL_FORMAT_NHWC = 1,
  ACL_FORMAT_ND = 2,
  ACL_FORMAT_NC1HWC0 = 3,
  ACL_FORMAT_FRACTAL_Z = 4,
  ACL_FORMAT_HWCN = 16,
  ACL_FORMAT_NDHWC = 27,
  ACL_FORMAT_FRACTAL_NZ = 29,
  ACL_FORMAT_NCDHW = 30,
} aclFormat;

#ifdef __cplusplus
}
#endif

#endif // GATHER_ATB_EMULATOR_ACL_ACL_BASE_H

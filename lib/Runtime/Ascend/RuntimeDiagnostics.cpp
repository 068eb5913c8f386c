//===- RuntimeDiagnostics.cpp - messages of the Ascend runtime ------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The messages of libgather_ascend_runtime on stderr: the name of every ATB
// status and ACL error a gather can produce, and the arguments the library
// rejects itself.
//
//===----------------------------------------------------------------------===//

#include "RuntimeState.h"

#include "acl/acl.h"
#include "atb/types.h"

#include <cstdarg>
#include <cstdio>

using namespace gather_atb_runtime;

namespace {

struct StatusName {
  int32_t code;
  const char *name;
};

// The codes a gather can produce; others print as unlisted.
constexpr StatusName kAtbStatusNames[] = {
    {atb::NO_ERROR, "NO_ERROR"},
    {atb::ERROR_INVALID_PARAM, "ERROR_INVALID_PARAM"},
    {atb::ERROR_INTERNAL_ERROR, "ERROR_INTERNAL_ERROR"},
    {atb::ERROR_RT_FAIL, "ERROR_RT_FAIL"},
    {atb::ERROR_OUT_OF_DEVICE_MEMORY, "ERROR_OUT_OF_DEVICE_MEMORY"},
    {atb::ERROR_OUT_OF_HOST_MEMORY, "ERROR_OUT_OF_HOST_MEMORY"},
    {atb::ERROR_INVALID_IN_TENSOR_NUM, "ERROR_INVALID_IN_TENSOR_NUM"},
    {atb::ERROR_INVALID_TENSOR_DTYPE, "ERROR_INVALID_TENSOR_DTYPE"},
    {atb::ERROR_INVALID_TENSOR_DIM, "ERROR_INVALID_TENSOR_DIM"},
    {atb::ERROR_INVALID_TENSOR_SIZE, "ERROR_INVALID_TENSOR_SIZE"},
    {atb::ERROR_CANN_ERROR, "ERROR_CANN_ERROR"},
    {atb::ERROR_INVALID_TENSOR_INI_MATCH, "ERROR_INVALID_TENSOR_INI_MATCH"},
    {atb::ERROR_INVALID_TENSOR_DIM_NUM, "ERROR_INVALID_TENSOR_DIM_NUM"},
};

// Numeric, so that the table does not depend on which names a given CANN
// release declares.
constexpr StatusName kAclErrorNames[] = {
    {0, "ACL_SUCCESS"},
    {100000, "ACL_ERROR_INVALID_PARAM"},
    {100001, "ACL_ERROR_UNINITIALIZE"},
    {100002, "ACL_ERROR_REPEAT_INITIALIZE"},
    {100003, "ACL_ERROR_INVALID_FILE"},
    {100037, "ACL_ERROR_REPEAT_FINALIZE"},
    {107000, "ACL_ERROR_RT_PARAM_INVALID"},
    {107001, "ACL_ERROR_RT_INVALID_DEVICEID"},
    {107002, "ACL_ERROR_RT_CONTEXT_NULL"},
    {107003, "ACL_ERROR_RT_STREAM_CONTEXT"},
    {200000, "ACL_ERROR_BAD_ALLOC"},
    {200001, "ACL_ERROR_API_NOT_SUPPORT"},
    {500000, "ACL_ERROR_INTERNAL_ERROR"},
    {500001, "ACL_ERROR_FAILURE"},
    {507015, "ACL_ERROR_RT_AICORE_EXCEPTION"},
};

template <size_t N>
const char *lookupName(const StatusName (&table)[N], int32_t code,
                       const char *fallback) {
  for (const StatusName &entry : table)
    if (entry.code == code)
      return entry.name;
  return fallback;
}

} // namespace

int32_t gather_atb_runtime::atbFailure(const char *call, atb::Status status) {
  std::fprintf(stderr, "gather-atb: %s failed with %s (%d)\n", call,
               lookupName(kAtbStatusNames, status, "UNLISTED_ATB_STATUS"),
               static_cast<int>(status));
  std::fflush(stderr);
  return status;
}

int32_t gather_atb_runtime::aclFailure(const char *call, aclError error) {
  std::fprintf(stderr, "gather-atb: %s failed with %s (%d)\n", call,
               lookupName(kAclErrorNames, error, "UNLISTED_ACL_ERROR"),
               static_cast<int>(error));
  std::fflush(stderr);
  return error;
}

int32_t gather_atb_runtime::argumentFailure(atb::Status status,
                                            const char *format, ...) {
  char buffer[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof(buffer), format, args);
  va_end(args);
  std::fprintf(stderr, "gather-atb: %s\n", buffer);
  std::fflush(stderr);
  return status;
}

std::string gather_atb_runtime::shapeString(const int64_t *shape,
                                            int64_t rank) {
  std::string s = "[";
  for (int64_t i = 0; i < rank; ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

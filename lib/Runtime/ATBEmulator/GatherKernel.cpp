//===- GatherKernel.cpp - the gather an emulated stream runs --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the device does for an executed GatherOperation, run on the host when
// its stream is synchronised: the kernel computes with the tiling of the
// block Execute copied (an AI-core exception when a later Setup of another
// operation overwrote that block) and reads the buffers only now (they must
// still be live); index values out of range give zeros and a warning.
//
//===----------------------------------------------------------------------===//

#include "EmulatedATB.h"

#include "acl/acl.h"

#include <algorithm>
#include <cstring>
#include <string>

using namespace gather_atb_emulator;

/// Product of `dims[begin, end)` (all checked positive and small by Setup).
static uint64_t product(const atb::Dims &dims, uint64_t begin, uint64_t end) {
  uint64_t p = 1;
  for (uint64_t i = begin; i < end; ++i)
    p *= static_cast<uint64_t>(dims.dims[i]);
  return p;
}

/// Reads element `i` of an index tensor as a signed 64-bit value (uint32
/// values are zero-extended).
static int64_t loadIndex(const uint8_t *data, aclDataType dtype, uint64_t i) {
  switch (dtype) {
  case ACL_INT32: {
    int32_t v;
    std::memcpy(&v, data + i * 4, 4);
    return v;
  }
  case ACL_UINT32: {
    uint32_t v;
    std::memcpy(&v, data + i * 4, 4);
    return v;
  }
  default: {
    int64_t v;
    std::memcpy(&v, data + i * 8, 8);
    return v;
  }
  }
}

aclError GatherTask::operator()() const {
  if (blockWriter != expectedWriter) {
    report("GatherOperation (running on the stream): Execute copied tiling "
           "block %zu, which a later Setup of another operation overwrote "
           "(Setup #%llu wrote it, this operation's last Setup was #%llu); "
           "call Setup before every Execute",
           block, static_cast<unsigned long long>(blockWriter),
           static_cast<unsigned long long>(expectedWriter));
    return ACL_ERROR_RT_AICORE_EXCEPTION;
  }
  const atb::TensorDesc &x = tiling.x;
  const atb::TensorDesc &indices = tiling.indices;
  int64_t axis = tiling.axis, batchDims = tiling.batchDims;
  // The device reads the buffers only now: they must still be live.
  std::string why;
  if (!checkDeviceRange(xData, xBytes, "x deviceData", why) ||
      !checkDeviceRange(indicesData, indicesBytes, "indices deviceData", why) ||
      !checkDeviceRange(outData, outBytes, "output deviceData", why) ||
      !checkDeviceRange(workspace, workspaceBytes, "workspace", why)) {
    report("GatherOperation (running on the stream): %s", why.c_str());
    return ACL_ERROR_RT_AICORE_EXCEPTION;
  }

  // out[b..., p..., n..., t...] = x[b..., p..., indices[b..., n...], t...]
  // with b the batch dims, p the other dims before axis, n the non-batch
  // index dims and t the dims after axis.
  auto a = static_cast<uint64_t>(axis);
  auto b = static_cast<uint64_t>(batchDims);
  uint64_t batch = product(x.shape, 0, b);
  uint64_t outer = product(x.shape, b, a);
  uint64_t axisSize = static_cast<uint64_t>(x.shape.dims[a]);
  uint64_t sliceBytes =
      product(x.shape, a + 1, x.shape.dimNum) * dtypeSize(x.dtype);
  uint64_t perBatch = product(indices.shape, b, indices.shape.dimNum);

  // Indices are staged through the workspace in chunks, as int64.
  uint64_t chunk = std::max<uint64_t>(workspaceBytes / sizeof(int64_t), 1);
  uint64_t outOfRange = 0, firstPosition = 0;
  int64_t firstValue = 0;
  for (uint64_t bi = 0; bi < batch; ++bi) {
    for (uint64_t p = 0; p < outer; ++p) {
      uint64_t row = bi * outer + p;
      const uint8_t *src = xData + row * axisSize * sliceBytes;
      uint8_t *dst = outData + row * perBatch * sliceBytes;
      for (uint64_t n0 = 0; n0 < perBatch; n0 += chunk) {
        uint64_t count = std::min(chunk, perBatch - n0);
        for (uint64_t j = 0; j < count; ++j) {
          int64_t k =
              loadIndex(indicesData, indices.dtype, bi * perBatch + n0 + j);
          std::memcpy(workspace + j * sizeof(k), &k, sizeof(k));
        }
        for (uint64_t j = 0; j < count; ++j) {
          int64_t k;
          std::memcpy(&k, workspace + j * sizeof(k), sizeof(k));
          uint8_t *slice = dst + (n0 + j) * sliceBytes;
          if (k >= 0 && static_cast<uint64_t>(k) < axisSize) {
            std::memcpy(slice, src + static_cast<uint64_t>(k) * sliceBytes,
                        sliceBytes);
            continue;
          }
          if (outOfRange++ == 0) {
            firstValue = k;
            firstPosition = bi * perBatch + n0 + j;
          }
          std::memset(slice, 0, sliceBytes);
        }
      }
    }
  }
  if (outOfRange)
    report("warning: GatherOperation: %llu index value(s) outside [0, %llu) "
           "(first: %lld at flat index position %llu); the result is "
           "undefined on a device, the emulator wrote zeros for those "
           "slices",
           static_cast<unsigned long long>(outOfRange),
           static_cast<unsigned long long>(axisSize),
           static_cast<long long>(firstValue),
           static_cast<unsigned long long>(firstPosition));
  return ACL_SUCCESS;
}

//===- Baselines.cpp - the hand-written C++ gathers of gather-bench -------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Variants (b) (the obvious C++), (d) (hand-tuned C++) and (e) (the tuned
// element gather with the ONNX wrap) of bench/README.md, compiled into
// gather-bench at -O3.
//
//===----------------------------------------------------------------------===//

#include "Baselines.h"

#include "gather-mlir/CodeGen/CPU/Target.h"

#include "llvm/Support/Compiler.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

using namespace gather_bench;

//===----------------------------------------------------------------------===//
// Hand-written C++ gathers: variant (b)
//===----------------------------------------------------------------------===//

/// W1/W4/W7: `out[i, :] = data[indices[i], :]`, one row memcpy per index.
LLVM_ATTRIBUTE_NOINLINE static void rowCopyGather(const char *data,
                                                  const int64_t *indices,
                                                  char *out, int64_t numIndices,
                                                  int64_t rowBytes) {
  for (int64_t i = 0; i < numIndices; ++i)
    std::memcpy(out + i * rowBytes, data + indices[i] * rowBytes, rowBytes);
}

/// W5: like rowCopyGather with int32 indices that may be negative (wrapped
/// by adding `dimSize`) and are checked, as `bounds-check=assert` does.
LLVM_ATTRIBUTE_NOINLINE static void
rowCopyGatherChecked(const char *data, const int32_t *indices, char *out,
                     int64_t numIndices, int64_t rowBytes, int64_t dimSize) {
  for (int64_t i = 0; i < numIndices; ++i) {
    int64_t k = indices[i];
    if (k < 0)
      k += dimSize;
    if (static_cast<uint64_t>(k) >= static_cast<uint64_t>(dimSize))
      fail("index " + llvm::Twine(indices[i]) + " is out of bounds");
    std::memcpy(out + i * rowBytes, data + k * rowBytes, rowBytes);
  }
}

/// W2: `out[r, j] = data[r, indices[j]]`.
LLVM_ATTRIBUTE_NOINLINE static void
innerAxisGather(const float *data, const int64_t *indices, float *out,
                int64_t rows, int64_t columns, int64_t numIndices) {
  for (int64_t r = 0; r < rows; ++r) {
    const float *dataRow = data + r * columns;
    float *outRow = out + r * numIndices;
    for (int64_t j = 0; j < numIndices; ++j)
      outRow[j] = dataRow[indices[j]];
  }
}

/// W3: `out[b, j, :] = data[b, indices[b, j], :]`, one row memcpy per index.
LLVM_ATTRIBUTE_NOINLINE static void
batchedRowGather(const char *data, const int64_t *indices, char *out,
                 int64_t batch, int64_t dimSize, int64_t numIndices,
                 int64_t rowBytes) {
  for (int64_t b = 0; b < batch; ++b) {
    const char *dataBatch = data + b * dimSize * rowBytes;
    const int64_t *batchIndices = indices + b * numIndices;
    char *outBatch = out + b * numIndices * rowBytes;
    for (int64_t j = 0; j < numIndices; ++j)
      std::memcpy(outBatch + j * rowBytes,
                  dataBatch + batchIndices[j] * rowBytes, rowBytes);
  }
}

/// W6: `out[i] = data[indices[i]]` on vectors.
LLVM_ATTRIBUTE_NOINLINE static void elementGather(const float *data,
                                                  const int64_t *indices,
                                                  float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = data[indices[i]];
}

//===----------------------------------------------------------------------===//
// Hand-tuned C++ gathers: variant (d)
//===----------------------------------------------------------------------===//
//
// What a careful C programmer writes for each workload on this CPU: software
// prefetch of the data that data-dependent addresses will read, non-temporal
// (streaming) stores for outputs larger than the caches, 64-byte vector
// copies (AVX-512 where the CPU has it, 16-byte SSE2 copies otherwise).

#if defined(__x86_64__)
#include <immintrin.h>

/// Copies `bytes` (a multiple of 64) from `from` to the 64-byte aligned `to`
/// with 64-byte loads and non-temporal stores.
__attribute__((target("avx512f"))) static inline void
streamCopy64(char *to, const char *from, int64_t bytes) {
  for (int64_t o = 0; o < bytes; o += 64)
    _mm512_stream_si512(reinterpret_cast<__m512i *>(to + o),
                        _mm512_loadu_si512(from + o));
}

/// The same with 16-byte SSE2 stores.
static inline void streamCopy16(char *to, const char *from, int64_t bytes) {
  for (int64_t o = 0; o < bytes; o += 16)
    _mm_stream_si128(
        reinterpret_cast<__m128i *>(to + o),
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(from + o)));
}

static const bool kHasAVX512 = __builtin_cpu_supports("avx512f");

/// Non-temporal copy of one row when `to` and `bytes` allow it.
static inline void streamRow(char *to, const char *from, int64_t bytes) {
  if (reinterpret_cast<uintptr_t>(to) % 64 == 0 && bytes % 64 == 0) {
    if (kHasAVX512)
      streamCopy64(to, from, bytes);
    else
      streamCopy16(to, from, bytes);
    return;
  }
  std::memcpy(to, from, bytes);
}

static inline void fence() { _mm_sfence(); }
#else
static inline void streamRow(char *to, const char *from, int64_t bytes) {
  std::memcpy(to, from, bytes);
}
static inline void fence() {}
#endif

/// Prefetches the first `bytes` bytes (at most 1 KiB) of `p`, with
/// `prefetcht0` or, with `nonTemporal`, `prefetchnta`.
static inline void prefetchBytes(const char *p, int64_t bytes,
                                 bool nonTemporal = false) {
  for (int64_t o = 0; o < std::min<int64_t>(bytes, 1024); o += 64) {
    if (nonTemporal)
      __builtin_prefetch(p + o, 0, 0);
    else
      __builtin_prefetch(p + o, 0, 3);
  }
}

/// Whether the host is an AMD part (the target's element prefetch is then
/// `prefetchnta`).
static bool isAMDHost() {
  static const bool amd = [] {
    std::string error;
    mlir::FailureOr<mlir::gather::CPUTarget> target =
        mlir::gather::getCPUTarget("host", error);
    return succeeded(target) && target->elementPrefetchLocality == 0;
  }();
  return amd;
}

/// W1/W4/W7 tuned: when the output is large, the row `distance` indices
/// ahead prefetched (`prefetchnta` with `nonTemporal`) and rows copied with
/// non-temporal stores.
LLVM_ATTRIBUTE_NOINLINE static void
tunedRowGather(const char *data, const int64_t *indices, char *out,
               int64_t numIndices, int64_t rowBytes, int64_t distance,
               bool nonTemporal) {
  // Small gathers (W4) read a table that stays in the caches: plain copies.
  bool stream = numIndices * rowBytes >= (1 << 20);
  for (int64_t i = 0; i < numIndices; ++i) {
    if (stream && i + distance < numIndices)
      prefetchBytes(data + indices[i + distance] * rowBytes, rowBytes,
                    nonTemporal);
    const char *from = data + indices[i] * rowBytes;
    if (stream)
      streamRow(out + i * rowBytes, from, rowBytes);
    else
      std::memcpy(out + i * rowBytes, from, rowBytes);
  }
  fence();
}

/// W5 tuned: tunedRowGather with the wrap and the check of each index.
LLVM_ATTRIBUTE_NOINLINE static void
tunedRowGatherChecked(const char *data, const int32_t *indices, char *out,
                      int64_t numIndices, int64_t rowBytes, int64_t dimSize) {
  auto position = [&](int64_t i) {
    int64_t k = indices[i];
    return k < 0 ? k + dimSize : k;
  };
  for (int64_t i = 0; i < numIndices; ++i) {
    if (i + 8 < numIndices) {
      int64_t ahead = position(i + 8);
      if (static_cast<uint64_t>(ahead) < static_cast<uint64_t>(dimSize))
        prefetchBytes(data + ahead * rowBytes, rowBytes);
    }
    int64_t k = position(i);
    if (static_cast<uint64_t>(k) >= static_cast<uint64_t>(dimSize))
      fail("index " + llvm::Twine(indices[i]) + " is out of bounds");
    streamRow(out + i * rowBytes, data + k * rowBytes, rowBytes);
  }
  fence();
}

/// W3 tuned: tunedRowGather per batch.
LLVM_ATTRIBUTE_NOINLINE static void
tunedBatchedRowGather(const char *data, const int64_t *indices, char *out,
                      int64_t batch, int64_t dimSize, int64_t numIndices,
                      int64_t rowBytes) {
  for (int64_t b = 0; b < batch; ++b) {
    const char *dataBatch = data + b * dimSize * rowBytes;
    const int64_t *batchIndices = indices + b * numIndices;
    char *outBatch = out + b * numIndices * rowBytes;
    for (int64_t j = 0; j < numIndices; ++j) {
      if (j + 8 < numIndices)
        prefetchBytes(dataBatch + batchIndices[j + 8] * rowBytes, rowBytes);
      streamRow(outBatch + j * rowBytes, dataBatch + batchIndices[j] * rowBytes,
                rowBytes);
    }
  }
  fence();
}

/// W2 tuned: row r + 2 prefetched spread across the loop over row r (the
/// lines of its share for every 8 outputs), 8 outputs stored at a time with
/// non-temporal stores. (In a C program on Zen 5, five runs, against this
/// loop: row r + 1 0.99-1.09x, within the noise; row r + 3 0.79-1.14x;
/// steps of 16 or 32 outputs 0.76-1.08x, mostly below; plain stores
/// 0.88-0.95x in four of five runs.)
LLVM_ATTRIBUTE_NOINLINE static void
tunedInnerAxisGather(const float *data, const int64_t *indices, float *out,
                     int64_t rows, int64_t columns, int64_t numIndices) {
  int64_t linesPerStep = std::max<int64_t>(
      1, (columns * 8 / std::max<int64_t>(numIndices, 1) + 15) / 16);
  for (int64_t r = 0; r < rows; ++r) {
    const float *dataRow = data + r * columns;
    const float *aheadRow = data + std::min(r + 2, rows - 1) * columns;
    float *outRow = out + r * numIndices;
    int64_t j = 0;
    for (; j + 8 <= numIndices; j += 8) {
      int64_t column = j * columns / numIndices;
      for (int64_t l = 0; l < linesPerStep; ++l)
        __builtin_prefetch(aheadRow + std::min(column + l * 16, columns - 1), 0,
                           3);
      float v[8];
      for (int k = 0; k < 8; ++k)
        v[k] = dataRow[indices[j + k]];
#if defined(__x86_64__)
      if (reinterpret_cast<uintptr_t>(outRow + j) % 32 == 0) {
        _mm_stream_ps(outRow + j, _mm_loadu_ps(v));
        _mm_stream_ps(outRow + j + 4, _mm_loadu_ps(v + 4));
        continue;
      }
#endif
      std::memcpy(outRow + j, v, sizeof(v));
    }
    for (; j < numIndices; ++j)
      outRow[j] = dataRow[indices[j]];
  }
  fence();
}

/// W6 tuned: scalar loads, the element of index i + 96 prefetched with
/// locality `Locality`, unrolled by 8 (AVX-512 gathers measured slower than
/// scalar loads here). With `Wrap`, the ONNX wrap of negative indices
/// (`k < 0 ? k + n : k`) for the read and for the prefetch: what the tuned
/// C costs with the semantics of a signed index type (variant (e); variant
/// (d) reads the indices as they are).
template <bool Wrap, int Locality>
LLVM_ATTRIBUTE_NOINLINE static void tunedElementGather(const float *data,
                                                       const int64_t *indices,
                                                       float *out, int64_t n) {
  constexpr int64_t kDistance = 96;
  auto position = [n](int64_t k) { return Wrap && k < 0 ? k + n : k; };
  int64_t i = 0;
  for (; i + 8 + kDistance <= n; i += 8) {
    for (int k = 0; k < 8; ++k) {
      __builtin_prefetch(data + position(indices[i + k + kDistance]), 0,
                         Locality);
      out[i + k] = data[position(indices[i + k])];
    }
  }
  for (; i < n; ++i)
    out[i] = data[position(indices[i])];
}

/// The tuned W6 for this machine: `prefetchnta` (locality 0) on AMD parts,
/// where it was tuned (Zen 5), locality 3 on the others (on an Intel Xeon,
/// emeraldrapids, `prefetchnta` ran it at 0.6x of the lowered code, which
/// prefetches with locality 3 there): the choice of the code generator's
/// target (`elementPrefetchLocality`).
template <bool Wrap>
static void runTunedElementGather(const float *data, const int64_t *indices,
                                  float *out, int64_t n) {
  static const bool nonTemporal = [] {
    std::string error;
    mlir::FailureOr<mlir::gather::CPUTarget> target =
        mlir::gather::getCPUTarget("host", error);
    return succeeded(target) && target->elementPrefetchLocality == 0;
  }();
  (nonTemporal ? tunedElementGather<Wrap, 0>
               : tunedElementGather<Wrap, 3>)(data, indices, out, n);
}

void gather_bench::runBaseline(const Workload &w, const AlignedBuffer &data,
                               const AlignedBuffer &indices, char *target,
                               bool tuned) {
  int64_t rowBytes =
      mlir::gather::harness::getNumElements(
          llvm::ArrayRef<int64_t>(w.dataShape).drop_front(w.axis + 1)) *
      w.getElementBytes();
  int64_t numIndices = mlir::gather::harness::getNumElements(
      llvm::ArrayRef<int64_t>(w.indicesShape).drop_front(w.batchDims));
  const char *d = data.as<char>();
  // Short rows are prefetched further ahead.
  int64_t distance = rowBytes <= 128 ? 64 : 8;
  switch (w.kernel) {
  case HandKernel::RowCopy:
    if (tuned)
      // Short rows on AMD parts: `prefetchnta` (W7 on Zen 5: 1.03-1.06x of
      // `prefetcht0`).
      tunedRowGather(d, indices.as<int64_t>(), target, numIndices, rowBytes,
                     distance, rowBytes <= 128 && isAMDHost());
    else
      rowCopyGather(d, indices.as<int64_t>(), target, numIndices, rowBytes);
    break;
  case HandKernel::RowCopyChecked:
    if (tuned)
      tunedRowGatherChecked(d, indices.as<int32_t>(), target, numIndices,
                            rowBytes, w.getDimSize());
    else
      rowCopyGatherChecked(d, indices.as<int32_t>(), target, numIndices,
                           rowBytes, w.getDimSize());
    break;
  case HandKernel::InnerAxis:
    (tuned ? tunedInnerAxisGather
           : innerAxisGather)(data.as<float>(), indices.as<int64_t>(),
                              reinterpret_cast<float *>(target), w.dataShape[0],
                              w.dataShape[1], numIndices);
    break;
  case HandKernel::BatchedRows:
    (tuned ? tunedBatchedRowGather
           : batchedRowGather)(d, indices.as<int64_t>(), target, w.dataShape[0],
                               w.getDimSize(), numIndices, rowBytes);
    break;
  case HandKernel::Element:
    (tuned ? runTunedElementGather<false>
           : elementGather)(data.as<float>(), indices.as<int64_t>(),
                            reinterpret_cast<float *>(target), numIndices);
    break;
  }
  mlir::gather::harness::escape(target);
}

void gather_bench::runTunedWrappedElementGather(const Workload &w,
                                                const AlignedBuffer &data,
                                                const AlignedBuffer &indices,
                                                char *target) {
  runTunedElementGather<true>(
      data.as<float>(), indices.as<int64_t>(),
      reinterpret_cast<float *>(target),
      mlir::gather::harness::getNumElements(w.indicesShape));
  mlir::gather::harness::escape(target);
}

//===- GatherBench.cpp - run-time and compile-time benchmark of gather ----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `gather-bench` times the CPU lowering of `gather.gather` against the
// machine's copy bandwidth and against hand-written C++, in one process:
// every workload is lowered in-process with `gather-to-llvm`, compiled at -O3
// for the host CPU by the MLIR ExecutionEngine and called through its C
// interface on buffers owned by the benchmark.
//
// `gather-bench --compile-scaling` instead times how lowering scales with the
// number of gather ops in a module (parse, pass pipeline, LLVM IR
// translation).
//
// bench/README.md explains the workloads, the variants and the table.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/Passes.h"
#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Pipelines/Pipelines.h"
#include "gather-mlir/Support/SplitMix64.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace mlir;

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

namespace {

/// The settings of a run. Parsed by hand rather than with llvm::cl, whose
/// global registry (shared with libLLVM.so) already owns names like
/// `threads`.
struct BenchOptions {
  /// Timed samples per variant; the median is reported.
  unsigned reps = 10;
  /// Workloads to run, by name; empty means all.
  std::vector<std::string> workloads;
  /// Text appended to the gather-to-llvm options of every compiled variant.
  std::string pipelineOptions;
  /// OMP_NUM_THREADS for generated code that runs in parallel; 0 leaves the
  /// environment alone.
  unsigned threads = 0;
  /// Extra shared libraries for the JIT.
  std::vector<std::string> sharedLibs;
  /// Calls per timed sample for the small workload W4.
  unsigned smallCalls = 2000;
  /// Declare the indices of the compiled variants unsigned (`ui32`/`ui64`:
  /// no wrap of negative values); W5, whose indices are negative, is
  /// skipped.
  bool unsignedIndices = false;
  /// More variants of ours (`--variant LABEL:OPTIONS`): the first
  /// bounds-check setting of each workload with OPTIONS appended, labelled
  /// `ours (...) LABEL`; for A/B measurements of pass options.
  std::vector<std::pair<std::string, std::string>> variants;
  /// Run the compile-time scaling benchmark instead.
  bool compileScaling = false;
  /// Op counts of --compile-scaling.
  std::vector<unsigned> scalingSizes = {1000, 10000};
  /// Gather ops per function of --compile-scaling.
  unsigned opsPerFunction = 10;
  /// Print MLIR's per-pass timing report in --compile-scaling.
  bool passTiming = false;
};

} // namespace

static BenchOptions config;

static constexpr const char *kUsage = R"(usage: gather-bench [options]

Times the gather-to-llvm lowering of gather.gather against memcpy,
hand-written C++ and the generic lowering (see bench/README.md).

  --reps N                 timed samples per variant, median reported (10)
  --workloads W1,W3        workloads to run (default W1..W7)
  --pipeline-options TEXT  appended to gather-to-llvm's options of every
                           compiled variant; later options win
                           (e.g. "bounds-check=clamp")
  --threads N              with N > 1: one more variant of ours compiled with
                           parallel=true, run with OMP_NUM_THREADS=N (libomp
                           is loaded; the baselines stay single-threaded)
  --shared-libs A.so,B.so  extra shared libraries for the JIT
  --small-calls N          calls per timed sample for W4 (2000)
  --variant LABEL:OPTIONS  one more variant of ours with OPTIONS appended to
                           its gather-to-llvm options, for A/B runs (may
                           be repeated), e.g. "nosign:element-loop-options=
                           {sign-check=false}"
  --unsigned-indices       declare the indices ui32/ui64 (no wrap; W5 skipped)
  --compile-scaling        time lowering of generated modules instead
  --scaling-sizes 1000,10000
                           op counts for --compile-scaling
  --ops-per-function N     gather ops per function for --compile-scaling (10)
  --pass-timing            with --compile-scaling: print the time of each pass
  --help                   this text
)";

//===----------------------------------------------------------------------===//
// Utilities
//===----------------------------------------------------------------------===//

/// Where lowered code finds `memrefCopy`.
static constexpr const char *kCRunnerUtils =
    "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so";

using Clock = std::chrono::steady_clock;

/// Seconds elapsed since `start`.
static double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Prints `message` to stderr and exits with status 1.
[[noreturn]] static void fail(const llvm::Twine &message) {
  llvm::errs() << "gather-bench: " << message << "\n";
  std::exit(1);
}

/// Tells the compiler that the memory behind `pointer` is read, so that stores
/// into it cannot be removed.
static inline void escape(void *pointer) {
  asm volatile("" : : "g"(pointer) : "memory");
}

/// The median of `values` (average of the middle two for an even count).
static double getMedian(std::vector<double> values) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  size_t mid = values.size() / 2;
  if (values.size() % 2)
    return values[mid];
  return (values[mid - 1] + values[mid]) / 2;
}

/// The product of `shape`.
static int64_t getNumElements(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// `shape` in MLIR's `AxBxC` spelling.
static std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string text;
  for (int64_t d : shape) {
    text += d == ShapedType::kDynamic ? "?" : std::to_string(d);
    text += "x";
  }
  return text;
}

/// `argument` quoted for a POSIX shell when it needs quoting.
static std::string shellQuote(llvm::StringRef argument) {
  bool plain = !argument.empty() && llvm::all_of(argument, [](char c) {
    return llvm::isAlnum(c) || llvm::StringRef("_./=,:+-").contains(c);
  });
  if (plain)
    return argument.str();
  std::string quoted = "'";
  for (char c : argument)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

/// The CPU model reported by /proc/cpuinfo.
static std::string getCpuModel() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    llvm::StringRef ref(line);
    if (!ref.starts_with("model name"))
      continue;
    auto [key, value] = ref.split(':');
    return value.trim().str();
  }
  return "unknown";
}

/// Prints the machine, the command and the settings of this run.
static void printHeader(int argc, char **argv) {
  llvm::raw_ostream &os = llvm::outs();
  os << "machine: nproc=" << sysconf(_SC_NPROCESSORS_ONLN) << ", cpu=\""
     << getCpuModel() << "\", llvm host cpu=" << llvm::sys::getHostCPUName()
     << "\n";
  os << "command:";
  for (int i = 0; i < argc; ++i)
    os << " " << shellQuote(argv[i]);
  os << "\n";
  if (const char *ompThreads = std::getenv("OMP_NUM_THREADS"))
    os << "OMP_NUM_THREADS=" << ompThreads << "\n";
}

/// A zero-filled, 4 KiB aligned heap buffer.
class Buffer {
public:
  explicit Buffer(size_t bytes) : bytes(bytes) {
    void *raw = nullptr;
    if (posix_memalign(&raw, 4096, std::max<size_t>(bytes, 1)))
      fail("out of memory allocating " + llvm::Twine(bytes) + " bytes");
    std::memset(raw, 0, bytes);
    storage.reset(raw);
  }

  template <typename T> T *as() const {
    return static_cast<T *>(storage.get());
  }
  void *data() const { return storage.get(); }
  size_t size() const { return bytes; }

private:
  struct FreeDeleter {
    void operator()(void *p) const { std::free(p); }
  };
  std::unique_ptr<void, FreeDeleter> storage;
  size_t bytes;
};

/// The ranked memref descriptor of the MLIR C interface (`allocated`,
/// `aligned`, `offset`, `sizes[rank]`, `strides[rank]`) for a row-major
/// buffer, for any rank.
class MemRefDescriptor {
public:
  MemRefDescriptor(void *base, llvm::ArrayRef<int64_t> shape) {
    static_assert(sizeof(void *) == sizeof(int64_t), "64-bit hosts only");
    int64_t address = static_cast<int64_t>(reinterpret_cast<intptr_t>(base));
    words = {address, address, 0};
    words.append(shape.begin(), shape.end());
    llvm::SmallVector<int64_t> strides(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
      strides[i] = strides[i + 1] * shape[i + 1];
    words.append(strides.begin(), strides.end());
  }

  void *get() { return words.data(); }

private:
  llvm::SmallVector<int64_t, 11> words;
};

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

/// Prefetches the first `bytes` bytes (at most 1 KiB) of `p`.
static inline void prefetchBytes(const char *p, int64_t bytes) {
  for (int64_t o = 0; o < std::min<int64_t>(bytes, 1024); o += 64)
    __builtin_prefetch(p + o, 0, 3);
}

/// W1/W4/W7 tuned: when the output is large, the row `distance` indices
/// ahead prefetched and rows copied with non-temporal stores.
LLVM_ATTRIBUTE_NOINLINE static void
tunedRowGather(const char *data, const int64_t *indices, char *out,
               int64_t numIndices, int64_t rowBytes, int64_t distance) {
  // Small gathers (W4) read a table that stays in the caches: plain copies.
  bool stream = numIndices * rowBytes >= (1 << 20);
  for (int64_t i = 0; i < numIndices; ++i) {
    if (stream && i + distance < numIndices)
      prefetchBytes(data + indices[i + distance] * rowBytes, rowBytes);
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
/// non-temporal stores.
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

/// W6 tuned: scalar loads, the element of index i + 96 prefetched, unrolled
/// by 8 (AVX-512 gathers measured slower than scalar loads here). With
/// `Wrap`, the ONNX wrap of negative indices (`k < 0 ? k + n : k`) for the
/// read and for the prefetch: what the tuned C costs with the semantics of
/// a signed index type (variant (e); variant (d) reads the indices as they
/// are).
template <bool Wrap>
LLVM_ATTRIBUTE_NOINLINE static void tunedElementGather(const float *data,
                                                       const int64_t *indices,
                                                       float *out, int64_t n) {
  constexpr int64_t kDistance = 96;
  auto position = [n](int64_t k) { return Wrap && k < 0 ? k + n : k; };
  int64_t i = 0;
  for (; i + 8 + kDistance <= n; i += 8) {
    for (int k = 0; k < 8; ++k) {
      __builtin_prefetch(data + position(indices[i + k + kDistance]), 0, 0);
      out[i + k] = data[position(indices[i + k])];
    }
  }
  for (; i < n; ++i)
    out[i] = data[position(indices[i])];
}

//===----------------------------------------------------------------------===//
// Workloads
//===----------------------------------------------------------------------===//

namespace {

/// Which hand-written kernel is variant (b) of a workload.
enum class HandKernel {
  RowCopy,
  RowCopyChecked,
  InnerAxis,
  BatchedRows,
  Element
};

/// One gather to time. Data is row-major.
struct Workload {
  std::string name;
  std::string description;
  /// The data element type (`f32` or `f16`).
  std::string elementType;
  llvm::SmallVector<int64_t> dataShape;
  llvm::SmallVector<int64_t> indicesShape;
  int64_t axis;
  int64_t batchDims;
  /// Index element type: 32 or 64 bits, signless.
  unsigned indexBits;
  /// Every 4th index k is stored as k - s (ONNX-style negative indices).
  bool negativeQuarter;
  /// Calls per timed sample; > 1 reports the per-call latency in µs.
  unsigned callsPerSample;
  HandKernel kernel;
  /// The bounds-check settings of the "ours" variants; the first one is the
  /// one the ratios and (c) use.
  llvm::SmallVector<gather::BoundsCheck> oursChecks;

  /// The size of the gathered dimension.
  int64_t getDimSize() const { return dataShape[axis]; }

  /// `D[:a] ++ I[b:] ++ D[a+1:]`.
  llvm::SmallVector<int64_t> getOutputShape() const {
    llvm::SmallVector<int64_t> shape(dataShape.begin(),
                                     dataShape.begin() + axis);
    shape.append(indicesShape.begin() + batchDims, indicesShape.end());
    shape.append(dataShape.begin() + axis + 1, dataShape.end());
    return shape;
  }

  int64_t getElementBytes() const { return elementType == "f16" ? 2 : 4; }

  int64_t getOutputBytes() const {
    return getNumElements(getOutputShape()) * getElementBytes();
  }
};

} // namespace

/// The five workloads of the benchmark.
static std::vector<Workload> getWorkloads(unsigned smallCallsPerSample) {
  using gather::BoundsCheck;
  std::vector<Workload> workloads;
  workloads.push_back({"W1",
                       "embedding lookup",
                       "f32",
                       {100000, 256},
                       {262144},
                       0,
                       0,
                       64,
                       false,
                       1,
                       HandKernel::RowCopy,
                       {BoundsCheck::None, BoundsCheck::Assert}});
  workloads.push_back({"W2",
                       "inner axis",
                       "f32",
                       {4096, 4096},
                       {1024},
                       1,
                       0,
                       64,
                       false,
                       1,
                       HandKernel::InnerAxis,
                       {BoundsCheck::None}});
  workloads.push_back({"W3",
                       "batched",
                       "f32",
                       {64, 4096, 128},
                       {64, 512},
                       1,
                       1,
                       64,
                       false,
                       1,
                       HandKernel::BatchedRows,
                       {BoundsCheck::None}});
  workloads.push_back({"W4",
                       "small",
                       "f32",
                       {1000, 64},
                       {32},
                       0,
                       0,
                       64,
                       false,
                       smallCallsPerSample,
                       HandKernel::RowCopy,
                       {BoundsCheck::None}});
  workloads.push_back({"W5",
                       "ONNX-style, i32 with negatives",
                       "f32",
                       {100000, 256},
                       {262144},
                       0,
                       0,
                       32,
                       true,
                       1,
                       HandKernel::RowCopyChecked,
                       {BoundsCheck::Assert}});
  workloads.push_back({"W6",
                       "element gather (numpy.take on a vector)",
                       "f32",
                       {16777216},
                       {16777216},
                       0,
                       0,
                       64,
                       false,
                       1,
                       HandKernel::Element,
                       {BoundsCheck::None}});
  workloads.push_back({"W7",
                       "short rows (64 bytes)",
                       "f16",
                       {1048576, 32},
                       {1048576},
                       0,
                       0,
                       64,
                       false,
                       1,
                       HandKernel::RowCopy,
                       {BoundsCheck::None}});
  return workloads;
}

/// The text of a bounds-check setting as the pipeline spells it.
static llvm::StringRef getName(gather::BoundsCheck check) {
  switch (check) {
  case gather::BoundsCheck::Assert:
    return "assert";
  case gather::BoundsCheck::Clamp:
    return "clamp";
  case gather::BoundsCheck::None:
    return "none";
  }
  return "?";
}

/// The module of `w`: the destination is a caller-owned memref, so the
/// lowered function needs to allocate nothing.
static std::string getWorkloadModule(const Workload &w) {
  std::string dataType =
      "tensor<" + formatShape(w.dataShape) + w.elementType + ">";
  std::string indexType = "tensor<" + formatShape(w.indicesShape) +
                          (config.unsignedIndices ? "ui" : "i") +
                          std::to_string(w.indexBits) + ">";
  std::string outShape = formatShape(w.getOutputShape()) + w.elementType + ">";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "func.func @gather(%d: " << dataType << ", %i: " << indexType
     << ", %out: memref<" << outShape
     << ") attributes {llvm.emit_c_interface} {\n"
     << "  %r = gather.gather %d[%i] axis = " << w.axis
     << " batch_dims = " << w.batchDims << " : " << dataType << ", "
     << indexType << "\n"
     << "  bufferization.materialize_in_destination %r in restrict writable "
        "%out : (tensor<"
     << outShape << ", memref<" << outShape << ") -> ()\n"
     << "  return\n}\n";
  return text;
}

/// Fills the data and index buffers of `w`.
static void fillInputs(const Workload &w, Buffer &data, Buffer &indices) {
  int64_t numData = getNumElements(w.dataShape);
  if (w.elementType == "f16") {
    // Bit patterns of finite positive halves (below 0x7C00, the infinities).
    uint16_t *values = data.as<uint16_t>();
    for (int64_t e = 0; e < numData; ++e)
      values[e] = static_cast<uint16_t>(e % 30011);
  } else {
    float *values = data.as<float>();
    for (int64_t e = 0; e < numData; ++e)
      values[e] = static_cast<float>(e % 16777213) * 0.25f;
  }

  uint64_t s = static_cast<uint64_t>(w.getDimSize());
  int64_t numIndices = getNumElements(w.indicesShape);
  for (int64_t i = 0; i < numIndices; ++i) {
    int64_t k =
        static_cast<int64_t>((static_cast<uint64_t>(i) * 2654435761u) % s);
    if (w.negativeQuarter && i % 4 == 0)
      k -= static_cast<int64_t>(s);
    if (w.indexBits == 32)
      indices.as<int32_t>()[i] = static_cast<int32_t>(k);
    else
      indices.as<int64_t>()[i] = k;
  }
}

//===----------------------------------------------------------------------===//
// In-process lowering and JIT compilation
//===----------------------------------------------------------------------===//

namespace {

/// A compiled gather: `fn(data, indices, out)` takes memref descriptors.
struct CompiledGather {
  std::unique_ptr<ExecutionEngine> engine;
  void (*fn)(void *, void *, void *) = nullptr;
  double lowerSeconds = 0;
  double jitSeconds = 0;
  /// Call sites of heap allocation functions in the lowered module.
  unsigned allocSites = 0;
  /// Call sites of `memrefCopy`, the runtime's element-by-element copy.
  unsigned memrefCopySites = 0;
};

} // namespace

/// The dialects, extensions and LLVM IR translations the benchmark needs.
static void registerEverything(DialectRegistry &registry) {
  registry.insert<gather::GatherDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
}

/// Parses gather-to-llvm options from `text`, exiting on an error.
static std::unique_ptr<gather::GatherPipelineOptions>
parsePipelineOptions(llvm::StringRef text) {
  auto options = gather::GatherPipelineOptions::createFromString(text);
  if (!options)
    fail("bad gather-to-llvm options '" + text + "'");
  return options;
}

/// Parses `source` and runs gather-to-llvm with `pipelineText` on it.
static OwningOpRef<ModuleOp> lowerToLLVM(MLIRContext &context,
                                         llvm::StringRef source,
                                         llvm::StringRef pipelineText) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, ParserConfig(&context));
  if (!module)
    fail("cannot parse the generated module:\n" + source);
  std::unique_ptr<gather::GatherPipelineOptions> options =
      parsePipelineOptions(pipelineText);
  PassManager pm(&context);
  if (failed(gather::buildGatherToLLVMPipeline(pm, *options)))
    fail("cannot build gather-to-llvm{" + pipelineText + "}");
  if (failed(pm.run(*module)))
    fail("gather-to-llvm{" + pipelineText + "} failed on:\n" + source);
  return module;
}

/// Lowers `source` with `pipelineText` and JIT-compiles it at -O3 for the
/// host CPU; the module defines `gather` with `llvm.emit_c_interface`.
static CompiledGather compileGather(MLIRContext &context,
                                    llvm::StringRef source,
                                    llvm::StringRef pipelineText) {
  CompiledGather result;
  Clock::time_point start = Clock::now();
  OwningOpRef<ModuleOp> module = lowerToLLVM(context, source, pipelineText);
  result.lowerSeconds = secondsSince(start);
  module->walk([&](LLVM::CallOp call) {
    std::optional<llvm::StringRef> callee = call.getCallee();
    if (!callee)
      return;
    if (llvm::is_contained({"malloc", "aligned_alloc", "calloc",
                            "_mlir_memref_to_llvm_alloc",
                            "_mlir_memref_to_llvm_aligned_alloc"},
                           *callee))
      ++result.allocSites;
    if (*callee == "memrefCopy")
      ++result.memrefCopySites;
  });

  start = Clock::now();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    fail("cannot detect the host: " + llvm::toString(builder.takeError()));
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto targetMachine = builder->createTargetMachine();
  if (!targetMachine)
    fail("cannot create a target machine: " +
         llvm::toString(targetMachine.takeError()));
  // The engine runs the transformer while it is created, and owns the target
  // machine afterwards.
  std::function<llvm::Error(llvm::Module *)> transformer =
      makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0,
                                targetMachine->get());
  llvm::SmallVector<llvm::StringRef> libs = {kCRunnerUtils};
  for (const std::string &lib : config.sharedLibs)
    libs.push_back(lib);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  engineOptions.sharedLibPaths = libs;
  auto engine = ExecutionEngine::create(*module, engineOptions,
                                        std::move(*targetMachine));
  if (!engine)
    fail("ExecutionEngine::create failed: " +
         llvm::toString(engine.takeError()));
  result.engine = std::move(*engine);
  result.engine->initialize();
  auto symbol = result.engine->lookup("_mlir_ciface_gather");
  if (!symbol)
    fail("no _mlir_ciface_gather: " + llvm::toString(symbol.takeError()));
  result.fn = reinterpret_cast<void (*)(void *, void *, void *)>(*symbol);
  result.jitSeconds = secondsSince(start);
  return result;
}

//===----------------------------------------------------------------------===//
// Run-time benchmark
//===----------------------------------------------------------------------===//

namespace {

enum class VariantKind {
  Ours,
  OursParallel,
  Memcpy,
  MemcpyParallel,
  Hand,
  Tuned,
  TunedWrapped,
  Generic
};

/// One timed implementation of a workload. `run` writes the whole output.
struct Variant {
  std::string label;
  VariantKind kind;
  gather::BoundsCheck check = gather::BoundsCheck::None;
  std::function<void()> run;
  std::vector<double> samples;
  double median = 0;
};

/// One printed row.
struct ResultRow {
  std::string workload;
  std::string label;
  double seconds;
  double minSeconds;
  double gbPerSecond;
  bool micro;
};

/// One printed ratio line.
struct RatioRow {
  std::string workload;
  std::string label;
  double vsMemcpy;
  double vsHand;
  double vsGeneric;
  double vsTuned;
  /// Time of the first `ours` / time of this one.
  double vsOurs;
};

} // namespace

/// Compiles, verifies and times `w`; appends its rows to `rows` and `ratios`.
static void runWorkload(MLIRContext &context, const Workload &w,
                        std::vector<ResultRow> &rows,
                        std::vector<RatioRow> &ratios) {
  llvm::raw_ostream &os = llvm::outs();
  llvm::SmallVector<int64_t> outShape = w.getOutputShape();
  int64_t outBytes = w.getOutputBytes();
  os << "\n"
     << w.name << " (" << w.description << "): data " << w.elementType << " ["
     << llvm::join(llvm::map_range(w.dataShape,
                                   [](int64_t d) { return std::to_string(d); }),
                   ", ")
     << "], indices i" << w.indexBits << " ["
     << llvm::join(llvm::map_range(w.indicesShape,
                                   [](int64_t d) { return std::to_string(d); }),
                   ", ")
     << "], axis " << w.axis << ", batch_dims " << w.batchDims << " -> ["
     << llvm::join(llvm::map_range(outShape,
                                   [](int64_t d) { return std::to_string(d); }),
                   ", ")
     << "], "
     << (outBytes >= 1048576
             ? llvm::formatv("{0:f1} MiB", outBytes / 1048576.0).str()
             : llvm::formatv("{0:f1} KiB", outBytes / 1024.0).str())
     << " out\n";
  os.flush();

  Buffer data(getNumElements(w.dataShape) * w.getElementBytes());
  Buffer indices(getNumElements(w.indicesShape) * (w.indexBits / 8));
  Buffer out(outBytes);
  // The output of (b), the reference of the verification and the source of
  // the memcpy baseline.
  Buffer reference(outBytes);
  fillInputs(w, data, indices);

  MemRefDescriptor dataDesc(data.data(), w.dataShape);
  MemRefDescriptor indicesDesc(indices.data(), w.indicesShape);
  MemRefDescriptor outDesc(out.data(), outShape);

  // (b) and (d): the hand-written and the hand-tuned kernel, writing into
  // `target`.
  int64_t rowElements = getNumElements(
      llvm::ArrayRef<int64_t>(w.dataShape).drop_front(w.axis + 1));
  int64_t rowBytes = rowElements * w.getElementBytes();
  int64_t numIndices = getNumElements(
      llvm::ArrayRef<int64_t>(w.indicesShape).drop_front(w.batchDims));
  auto runHand = [&w, &data, &indices, rowBytes, numIndices](char *target,
                                                             bool tuned) {
    const char *d = data.as<char>();
    // Short rows are prefetched further ahead.
    int64_t distance = rowBytes <= 128 ? 64 : 8;
    switch (w.kernel) {
    case HandKernel::RowCopy:
      if (tuned)
        tunedRowGather(d, indices.as<int64_t>(), target, numIndices, rowBytes,
                       distance);
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
                                reinterpret_cast<float *>(target),
                                w.dataShape[0], w.dataShape[1], numIndices);
      break;
    case HandKernel::BatchedRows:
      (tuned ? tunedBatchedRowGather : batchedRowGather)(
          d, indices.as<int64_t>(), target, w.dataShape[0], w.getDimSize(),
          numIndices, rowBytes);
      break;
    case HandKernel::Element:
      (tuned ? tunedElementGather<false>
             : elementGather)(data.as<float>(), indices.as<int64_t>(),
                              reinterpret_cast<float *>(target), numIndices);
      break;
    }
    escape(target);
  };
  runHand(reference.as<char>(), /*tuned=*/false);

  // Compile the MLIR variants.
  std::string source = getWorkloadModule(w);
  std::vector<CompiledGather> compiled;
  std::vector<Variant> variants;
  llvm::StringRef mark = config.pipelineOptions.empty() ? "" : "*";
  auto addCompiled = [&](std::string label, VariantKind kind,
                         gather::BoundsCheck check, llvm::StringRef strategy) {
    std::string pipelineText =
        ("bounds-check=" + getName(check) + " strategy=" + strategy + " " +
         config.pipelineOptions)
            .str();
    compiled.push_back(compileGather(context, source, pipelineText));
    os << "  compiled " << label << " {" << llvm::StringRef(pipelineText).trim()
       << "}: lower " << llvm::format("%.3f", compiled.back().lowerSeconds)
       << " s, jit -O3 " << llvm::format("%.3f", compiled.back().jitSeconds)
       << " s; lowered code: " << compiled.back().allocSites
       << " heap allocation site(s), " << compiled.back().memrefCopySites
       << " memrefCopy call site(s)\n";
    os.flush();
    Variant v;
    v.label = std::move(label);
    v.kind = kind;
    v.check = check;
    v.run = [fn = compiled.back().fn, &dataDesc, &indicesDesc, &outDesc,
             &out]() {
      fn(dataDesc.get(), indicesDesc.get(), outDesc.get());
      escape(out.data());
    };
    variants.push_back(std::move(v));
  };
  compiled.reserve(w.oursChecks.size() + config.variants.size() + 2);
  for (gather::BoundsCheck check : w.oursChecks)
    addCompiled(("ours (" + getName(check) + ")" + mark).str(),
                VariantKind::Ours, check, "slices");
  for (const auto &[label, options] : config.variants)
    addCompiled(
        ("ours (" + getName(w.oursChecks.front()) + ") " + label + mark).str(),
        VariantKind::Ours, w.oursChecks.front(), "slices " + options);
  // With --threads N > 1, the first `ours` once more with parallel=true.
  if (config.threads > 1)
    addCompiled(("ours (" + getName(w.oursChecks.front()) + ") " +
                 std::to_string(config.threads) + " thr" + mark)
                    .str(),
                VariantKind::OursParallel, w.oursChecks.front(),
                "slices parallel=true");
  addCompiled(
      ("(c) generic (" + getName(w.oursChecks.front()) + ")" + mark).str(),
      VariantKind::Generic, w.oursChecks.front(), "generic");

  Variant copy;
  copy.label = "(a) memcpy";
  copy.kind = VariantKind::Memcpy;
  copy.run = [&out, &reference]() {
    std::memcpy(out.data(), reference.data(), out.size());
    escape(out.data());
  };
  variants.push_back(std::move(copy));

  // With --threads N > 1 and a large output: the memcpy split over N
  // threads, what N threads can gain on this machine at this moment.
  if (config.threads > 1 && outBytes >= (1 << 20)) {
    Variant split;
    split.label = "(a) memcpy " + std::to_string(config.threads) + " thr";
    split.kind = VariantKind::MemcpyParallel;
    split.run = [&out, &reference]() {
      unsigned n = config.threads;
      size_t part = (out.size() / n + 63) / 64 * 64;
      std::vector<std::thread> threads;
      for (unsigned t = 0; t < n; ++t) {
        size_t begin = std::min(out.size(), t * part);
        size_t end = std::min(out.size(), begin + part);
        threads.emplace_back([&out, &reference, begin, end]() {
          std::memcpy(out.as<char>() + begin, reference.as<char>() + begin,
                      end - begin);
        });
      }
      for (std::thread &thread : threads)
        thread.join();
      escape(out.data());
    };
    variants.push_back(std::move(split));
  }

  Variant hand;
  hand.label = "(b) C++ row copy";
  if (w.kernel == HandKernel::InnerAxis)
    hand.label = "(b) C++ loops";
  hand.kind = VariantKind::Hand;
  hand.run = [&runHand, &out]() { runHand(out.as<char>(), false); };
  variants.push_back(std::move(hand));

  Variant tuned;
  tuned.label = "(d) C++ tuned";
  tuned.kind = VariantKind::Tuned;
  tuned.run = [&runHand, &out]() { runHand(out.as<char>(), true); };
  variants.push_back(std::move(tuned));

  // W6 (f32 data, i64 indices that the lowering wraps): the tuned C with
  // the wrap, to show what the wrap costs.
  if (w.kernel == HandKernel::Element && !config.unsignedIndices) {
    Variant wrapped;
    wrapped.label = "(e) C++ tuned + wrap";
    wrapped.kind = VariantKind::TunedWrapped;
    wrapped.run = [&data, &indices, &out, numIndices]() {
      tunedElementGather<true>(data.as<float>(), indices.as<int64_t>(),
                               reinterpret_cast<float *>(out.data()),
                               numIndices);
      escape(out.data());
    };
    variants.push_back(std::move(wrapped));
  }

  // Verify every variant against (b), byte for byte; this also warms up.
  for (Variant &v : variants) {
    std::memset(out.data(), 0xA5, out.size());
    v.run();
    if (std::memcmp(out.data(), reference.data(), out.size()) == 0)
      continue;
    const unsigned char *got = out.as<unsigned char>();
    const unsigned char *want = reference.as<unsigned char>();
    int64_t first = 0;
    while (first < outBytes && got[first] == want[first])
      ++first;
    fail(w.name + ": variant '" + v.label + "' differs from (b) at byte " +
         llvm::Twine(first) + " (element " +
         llvm::Twine(first / w.getElementBytes()) + "): got " +
         llvm::Twine(unsigned(got[first])) + ", want " +
         llvm::Twine(unsigned(want[first])));
  }

  // Time the variants round-robin, rotating the starting variant per rep.
  unsigned calls = std::max(1u, w.callsPerSample);
  for (unsigned rep = 0; rep < config.reps; ++rep) {
    for (size_t j = 0; j < variants.size(); ++j) {
      Variant &v = variants[(rep + j) % variants.size()];
      Clock::time_point start = Clock::now();
      for (unsigned c = 0; c < calls; ++c)
        v.run();
      v.samples.push_back(secondsSince(start) / calls);
    }
  }

  auto find = [&](VariantKind kind) -> Variant * {
    for (Variant &v : variants)
      if (v.kind == kind)
        return &v;
    return nullptr;
  };
  for (Variant &v : variants)
    v.median = getMedian(v.samples);
  // Rows in a fixed order: ours, ours parallel, (a), (a) parallel, (b),
  // (d), (c).
  for (VariantKind kind :
       {VariantKind::Ours, VariantKind::OursParallel, VariantKind::Memcpy,
        VariantKind::MemcpyParallel, VariantKind::Hand, VariantKind::Tuned,
        VariantKind::TunedWrapped, VariantKind::Generic}) {
    for (Variant &v : variants) {
      if (v.kind != kind)
        continue;
      rows.push_back({w.name, v.label, v.median,
                      *std::min_element(v.samples.begin(), v.samples.end()),
                      2.0 * outBytes / v.median / 1e9, calls > 1});
    }
  }
  double memcpyTime = find(VariantKind::Memcpy)->median;
  double handTime = find(VariantKind::Hand)->median;
  double genericTime = find(VariantKind::Generic)->median;
  double tunedTime = find(VariantKind::Tuned)->median;
  double oursTime = find(VariantKind::Ours)->median;
  for (Variant &v : variants)
    if (v.kind == VariantKind::Ours || v.kind == VariantKind::OursParallel)
      ratios.push_back({w.name, v.label, memcpyTime / v.median,
                        handTime / v.median, genericTime / v.median,
                        tunedTime / v.median, oursTime / v.median});
  if (Variant *wrapped = find(VariantKind::TunedWrapped))
    ratios.push_back({w.name, wrapped->label, memcpyTime / wrapped->median,
                      handTime / wrapped->median, genericTime / wrapped->median,
                      tunedTime / wrapped->median, oursTime / wrapped->median});
  if (Variant *split = find(VariantKind::MemcpyParallel))
    ratios.push_back({w.name, split->label, memcpyTime / split->median, 0, 0, 0,
                      memcpyTime / split->median});
}

/// Prints the result table and the ratio table.
static void printTables(const std::vector<ResultRow> &rows,
                        const std::vector<RatioRow> &ratios) {
  llvm::raw_ostream &os = llvm::outs();
  os << "\nmedian of " << config.reps
     << " samples per variant (variants interleaved); GB/s = 2 x output "
        "bytes / time\n";
  os << llvm::format("%-8s %-24s %14s %14s %8s\n", "workload", "variant",
                     "median", "min", "GB/s");
  for (const ResultRow &r : rows) {
    double scale = r.micro ? 1e6 : 1e3;
    const char *unit = r.micro ? "us" : "ms";
    os << llvm::format("%-8s %-24s %11.3f %s %11.3f %s %8.2f\n",
                       r.workload.c_str(), r.label.c_str(), r.seconds * scale,
                       unit, r.minSeconds * scale, unit, r.gbPerSecond);
  }
  os << "\nratios of ours (higher is better for ours):\n"
     << "  ours/(a) = ours GB/s / memcpy GB/s (1.0: copy speed)\n"
     << "  (b)/ours = time (b) / time ours (speedup over hand-written C++)\n"
     << "  (c)/ours = time (c) / time ours (speedup over the generic "
        "lowering)\n"
     << "  (d)/ours = time (d) / time ours (speedup over hand-tuned C++)\n"
     << "  seq/ours = time of the first ours / time ours (speedup of "
        "parallel=true; for '(a) memcpy N thr': time (a) / its time)\n"
     << "  the row of '(e) C++ tuned + wrap' gives the same ratios for (e) in "
        "place of ours\n";
  os << llvm::format("%-8s %-24s %9s %9s %9s %9s %9s\n", "workload", "variant",
                     "ours/(a)", "(b)/ours", "(d)/ours", "(c)/ours",
                     "seq/ours");
  // A ratio of 0 does not apply to the row.
  auto cell = [](double ratio) {
    return ratio == 0 ? std::string("-")
                      : llvm::formatv("{0:f2}x", ratio).str();
  };
  for (const RatioRow &r : ratios)
    os << llvm::format("%-8s %-24s %9.2f %9s %9s %9s %9s\n", r.workload.c_str(),
                       r.label.c_str(), r.vsMemcpy, cell(r.vsHand).c_str(),
                       cell(r.vsTuned).c_str(), cell(r.vsGeneric).c_str(),
                       cell(r.vsOurs).c_str());
}

static int runTimeBenchmark(MLIRContext &context) {
  std::vector<Workload> all = getWorkloads(config.smallCalls);
  std::vector<Workload> selected;
  if (config.workloads.empty()) {
    selected = all;
  } else {
    for (const std::string &name : config.workloads) {
      auto it = llvm::find_if(all, [&](const Workload &w) {
        return llvm::StringRef(w.name).equals_insensitive(name);
      });
      if (it == all.end())
        fail("unknown workload '" + name + "' (known: W1..W7)");
      selected.push_back(*it);
    }
  }
  // Fail on bad option text before any work.
  parsePipelineOptions(config.pipelineOptions);
  llvm::outs() << "reps=" << config.reps
               << ", W4 calls per sample=" << config.smallCalls
               << ", pipeline options appended: \"" << config.pipelineOptions
               << "\"";
  if (!config.pipelineOptions.empty())
    llvm::outs() << " (labels of variants compiled with them end in *)";
  llvm::outs() << "\n";

  std::vector<ResultRow> rows;
  std::vector<RatioRow> ratios;
  for (const Workload &w : selected)
    if (!(config.unsignedIndices && w.negativeQuarter))
      runWorkload(context, w, rows, ratios);
  printTables(rows, ratios);
  return 0;
}

//===----------------------------------------------------------------------===//
// Compile-time scaling
//===----------------------------------------------------------------------===//

using Random = mlir::gather::SplitMix64;

/// A module of `numOps` valid gathers in functions of `perFunction` ops:
/// data ranks 1..4, index ranks 0..3, every axis, batch_dims, several element
/// and index types, negative axis/batch_dims spellings, dynamic dimensions.
static std::string generateScalingModule(unsigned numOps,
                                         unsigned perFunction) {
  static const llvm::StringRef elementTypes[] = {"f32", "f16", "bf16",
                                                 "f64", "i8",  "i32"};
  static const llvm::StringRef indexTypes[] = {"i32", "i64", "si32", "ui32",
                                               "index"};
  Random rng(0x5ca1ab1eULL + numOps);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "module {\n";
  unsigned emitted = 0;
  for (unsigned f = 0; emitted < numOps; ++f) {
    unsigned count = std::min(perFunction, numOps - emitted);
    std::vector<std::string> args, results, body;
    for (unsigned k = 0; k < count; ++k) {
      int64_t r = rng.uniform(1, 4);
      int64_t a = rng.uniform(0, r - 1);
      int64_t q = rng.uniform(0, 3);
      int64_t b = rng.uniform(0, std::min(a, q));
      llvm::SmallVector<int64_t> data, idx;
      for (int64_t i = 0; i < r; ++i)
        data.push_back(rng.uniform(1, 8));
      for (int64_t i = 0; i < q; ++i)
        idx.push_back(i < b ? data[i] : rng.uniform(1, 6));
      for (int64_t &d : data)
        if (rng.chance(15))
          d = ShapedType::kDynamic;
      for (int64_t &d : idx)
        if (rng.chance(15))
          d = ShapedType::kDynamic;
      // Declared result: D[:a] ++ I[b:] ++ D[a+1:], compatible with the
      // inferred type.
      llvm::SmallVector<int64_t> res(data.begin(), data.begin() + a);
      res.append(idx.begin() + b, idx.end());
      res.append(data.begin() + a + 1, data.end());

      llvm::StringRef elt = rng.pick(llvm::ArrayRef(elementTypes));
      llvm::StringRef ity = rng.pick(llvm::ArrayRef(indexTypes));
      std::string dataType = "tensor<" + formatShape(data) + elt.str() + ">";
      std::string idxType = "tensor<" + formatShape(idx) + ity.str() + ">";
      std::string resType = "tensor<" + formatShape(res) + elt.str() + ">";
      int64_t axisAttr = rng.chance(30) ? a - r : a;
      int64_t batchAttr = (b < q && rng.chance(30)) ? b - q : b;
      std::string n = std::to_string(k);
      args.push_back("%d" + n + ": " + dataType);
      args.push_back("%i" + n + ": " + idxType);
      body.push_back("    %r" + n + " = \"gather.gather\"(%d" + n + ", %i" + n +
                     ") <{axis = " + std::to_string(axisAttr) +
                     " : i64, batch_dims = " + std::to_string(batchAttr) +
                     " : i64}> : (" + dataType + ", " + idxType + ") -> " +
                     resType);
      results.push_back(resType);
    }
    os << "  func.func @f" << f << "(" << llvm::join(args, ", ") << ") -> ("
       << llvm::join(results, ", ") << ") {\n";
    for (const std::string &line : body)
      os << line << "\n";
    os << "    return";
    for (unsigned k = 0; k < count; ++k)
      os << (k ? ", " : " ") << "%r" << k;
    os << " : " << llvm::join(results, ", ") << "\n  }\n";
    emitted += count;
  }
  os << "}\n";
  return text;
}

static int runCompileScaling(DialectRegistry &registry) {
  const std::vector<unsigned> &sizes = config.scalingSizes;
  std::string pipelineText = config.pipelineOptions;
  parsePipelineOptions(pipelineText);

  llvm::raw_ostream &os = llvm::outs();
  os << "compile-time scaling: gather-to-llvm{" << pipelineText << "}, "
     << config.opsPerFunction << " gather ops per function\n";
  os << llvm::format("%8s %9s %10s %9s %10s %11s %9s\n", "ops", "functions",
                     "MLIR bytes", "parse s", "pipeline s", "translate s",
                     "total s");
  struct Timing {
    unsigned ops;
    double parse, pipeline, translate;
  };
  std::vector<Timing> timings;
  for (unsigned numOps : sizes) {
    std::string source = generateScalingModule(numOps, config.opsPerFunction);
    // A fresh context per size, with every dialect loaded before timing.
    MLIRContext context(registry);
    context.loadAllAvailableDialects();

    Clock::time_point start = Clock::now();
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, ParserConfig(&context));
    if (!module)
      fail("cannot parse the generated module");
    double parseSeconds = secondsSince(start);

    start = Clock::now();
    std::unique_ptr<gather::GatherPipelineOptions> options =
        parsePipelineOptions(pipelineText);
    PassManager pm(&context);
    if (failed(gather::buildGatherToLLVMPipeline(pm, *options)))
      fail("cannot build gather-to-llvm{" + pipelineText + "}");
    if (config.passTiming)
      pm.enableTiming();
    if (failed(pm.run(*module)))
      fail("gather-to-llvm failed on the generated module of " +
           llvm::Twine(numOps) + " ops");
    double pipelineSeconds = secondsSince(start);

    start = Clock::now();
    llvm::LLVMContext llvmContext;
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(*module, llvmContext);
    if (!llvmModule)
      fail("translation to LLVM IR failed");
    double translateSeconds = secondsSince(start);

    unsigned functions =
        (numOps + config.opsPerFunction - 1) / config.opsPerFunction;
    os << llvm::format("%8u %9u %10zu %9.3f %10.3f %11.3f %9.3f\n", numOps,
                       functions, source.size(), parseSeconds, pipelineSeconds,
                       translateSeconds,
                       parseSeconds + pipelineSeconds + translateSeconds);
    os.flush();
    timings.push_back(
        {numOps, parseSeconds, pipelineSeconds, translateSeconds});
  }
  for (size_t i = 1; i < timings.size(); ++i) {
    const Timing &lo = timings[i - 1], &hi = timings[i];
    double opRatio = static_cast<double>(hi.ops) / lo.ops;
    os << llvm::format(
        "ratio %u/%u ops (x%.1f): parse x%.2f, pipeline x%.2f, translate "
        "x%.2f, total x%.2f\n",
        hi.ops, lo.ops, opRatio, hi.parse / lo.parse, hi.pipeline / lo.pipeline,
        hi.translate / lo.translate,
        (hi.parse + hi.pipeline + hi.translate) /
            (lo.parse + lo.pipeline + lo.translate));
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// main
//===----------------------------------------------------------------------===//

/// Parses an unsigned number of option `name`, exiting on an error.
static unsigned parseUnsigned(llvm::StringRef name, llvm::StringRef text) {
  unsigned value;
  if (text.getAsInteger(10, value))
    fail("option " + name + " wants a number, not '" + text + "'");
  return value;
}

/// Fills `config` from the command line, exiting on an error.
static void parseArguments(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--help" || arg == "-help" || arg == "-h") {
      llvm::outs() << kUsage;
      std::exit(0);
    }
    if (arg == "--compile-scaling") {
      config.compileScaling = true;
      continue;
    }
    if (arg == "--unsigned-indices") {
      config.unsignedIndices = true;
      continue;
    }
    if (arg == "--pass-timing") {
      config.passTiming = true;
      continue;
    }
    // Every other option takes a value: `--name value` or `--name=value`.
    auto [name, value] = arg.split('=');
    if (!llvm::is_contained({"--reps", "--workloads", "--pipeline-options",
                             "--threads", "--shared-libs", "--small-calls",
                             "--scaling-sizes", "--ops-per-function",
                             "--variant"},
                            name))
      fail("unknown option '" + arg + "' (see --help)");
    if (!arg.contains('=')) {
      if (i + 1 >= argc)
        fail("option " + arg + " wants a value (see --help)");
      value = argv[++i];
    }
    llvm::SmallVector<llvm::StringRef> items;
    value.split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    if (name == "--reps") {
      config.reps = parseUnsigned(name, value);
    } else if (name == "--workloads") {
      config.workloads.clear();
      for (llvm::StringRef item : items)
        config.workloads.push_back(item.trim().str());
    } else if (name == "--pipeline-options") {
      config.pipelineOptions = value.str();
    } else if (name == "--threads") {
      config.threads = parseUnsigned(name, value);
    } else if (name == "--shared-libs") {
      for (llvm::StringRef item : items)
        config.sharedLibs.push_back(item.str());
    } else if (name == "--small-calls") {
      config.smallCalls = parseUnsigned(name, value);
    } else if (name == "--scaling-sizes") {
      config.scalingSizes.clear();
      for (llvm::StringRef item : items)
        config.scalingSizes.push_back(parseUnsigned(name, item.trim()));
    } else if (name == "--variant") {
      auto [label, options] = value.split(':');
      if (label.trim().empty() || !value.contains(':'))
        fail("--variant wants LABEL:OPTIONS (see --help)");
      config.variants.emplace_back(label.trim().str(), options.str());
    } else if (name == "--ops-per-function") {
      config.opsPerFunction = parseUnsigned(name, value);
    }
  }
  if (config.reps == 0 || config.smallCalls == 0 || config.opsPerFunction == 0)
    fail("--reps, --small-calls and --ops-per-function must be at least 1");
  for (unsigned size : config.scalingSizes)
    if (size == 0)
      fail("--scaling-sizes must be at least 1");
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  parseArguments(argc, argv);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  registerAllPasses();
  gather::registerGatherConversionPasses();
  gather::registerGatherPipelines();

  if (config.threads > 0)
    setenv("OMP_NUM_THREADS", std::to_string(config.threads).c_str(), 1);
  if (config.threads > 1 &&
      llvm::none_of(config.sharedLibs, [](const std::string &lib) {
        return llvm::StringRef(lib).contains("omp");
      }))
    config.sharedLibs.push_back("/usr/lib/llvm-22/lib/libomp.so");

  printHeader(argc, argv);

  DialectRegistry registry;
  registerEverything(registry);
  if (config.compileScaling)
    return runCompileScaling(registry);

  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  return runTimeBenchmark(context);
}

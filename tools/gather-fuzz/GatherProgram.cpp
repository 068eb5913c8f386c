//===- GatherProgram.cpp - random valid gather programs and their check ---===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "GatherProgram.h"

#include "gather-mlir/Pipelines/Pipelines.h"
#include "gather-mlir/Runtime/AscendRuntime.h"
#include "gather-mlir/Support/SplitMix64.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"

#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;

namespace {
using Random = SplitMix64;

/// Runtime libraries of the JIT: `memrefCopy`, the Ascend runtime (the
/// build's libgather_ascend_runtime.so, built against the ATB emulator) and
/// libomp for parallel loops.
constexpr const char *kCRunnerUtils =
    "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so";
constexpr const char *kAscendRuntime = GATHER_ASCEND_RUNTIME_PATH;
constexpr const char *kLibOmp = "/usr/lib/llvm-22/lib/libomp.so";

int64_t getNumElements(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

/// Result sizes D[:a] ++ I[b:] ++ D[a+1:] of `step` on data of `data` sizes.
template <typename T>
std::vector<T> getResultOf(const std::vector<T> &data,
                           const std::vector<T> &indices, int64_t a,
                           int64_t b) {
  std::vector<T> out(data.begin(), data.begin() + a);
  out.insert(out.end(), indices.begin() + b, indices.end());
  out.insert(out.end(), data.begin() + a + 1, data.end());
  return out;
}

std::string getTensorType(const std::vector<int64_t> &declared,
                          const char *element) {
  std::string text = "tensor<";
  for (int64_t s : declared)
    text += (s == kDynamic ? std::string("?") : std::to_string(s)) + "x";
  return text + element + ">";
}

std::string formatShape(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

uint64_t getWidthMask(IndexKind kind) {
  return getByteSize(kind) == 4 ? 0xffffffffULL : ~0ULL;
}

/// The bits of `value` in an index of type `kind`.
uint64_t toBits(IndexKind kind, int64_t value) {
  return static_cast<uint64_t>(value) & getWidthMask(kind);
}

//===----------------------------------------------------------------------===//
// Generation
//===----------------------------------------------------------------------===//

/// A small size, sometimes a larger one.
int64_t getRandomSize(Random &rng) {
  return rng.chance(10) ? rng.uniform(5, 9) : rng.uniform(1, 4);
}

ElementKind getRandomElement(Random &rng) {
  // f32 most often, every kind regularly.
  static const ElementKind kinds[] = {
      ElementKind::F32,  ElementKind::F32, ElementKind::F32, ElementKind::F16,
      ElementKind::BF16, ElementKind::F64, ElementKind::I1,  ElementKind::I8,
      ElementKind::I32,  ElementKind::I64};
  return kinds[rng.uniform(0, std::size(kinds) - 1)];
}

/// Fills `step.indexBits` with in-range values for a gathered size `size`.
void fillInRange(Random &rng, GatherStep &step, int64_t size) {
  int64_t n = getNumElements(step.indices.sizes);
  step.indexBits.assign(n, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = isUnsigned(step.index) ? rng.uniform(0, size - 1)
                                       : rng.uniform(-size, size - 1);
    step.indexBits[i] = toBits(step.index, v);
  }
}

/// Declares each of `sizes` dynamic under `mode` (0 none, 1 some, 2 all).
std::vector<int64_t> declare(Random &rng, const std::vector<int64_t> &sizes,
                             int64_t mode) {
  std::vector<int64_t> out = sizes;
  for (int64_t &s : out)
    if (mode == 2 || (mode == 1 && rng.chance(35)))
      s = kDynamic;
  return out;
}

/// The declared result of a gather from the declared operands: dynamic where
/// the inferred size is dynamic, static otherwise; sometimes dynamic anyway.
std::vector<int64_t> declareResult(Random &rng,
                                   const std::vector<int64_t> &sizes,
                                   const std::vector<int64_t> &dataDeclared,
                                   const std::vector<int64_t> &indicesDeclared,
                                   int64_t a, int64_t b) {
  // A batch dimension is static if either side is.
  std::vector<int64_t> inferred =
      getResultOf(dataDeclared, indicesDeclared, a, b);
  for (int64_t i = 0; i < b; ++i)
    if (inferred[i] == kDynamic && indicesDeclared[i] != kDynamic)
      inferred[i] = indicesDeclared[i];
  std::vector<int64_t> out;
  for (size_t i = 0; i < inferred.size(); ++i)
    out.push_back(inferred[i] == kDynamic || rng.chance(5) ? kDynamic
                                                           : sizes[i]);
  return out;
}

/// A gather on data of run-time sizes `dataSizes` (declared
/// `dataDeclared`), with sizes bounded so that it runs quickly.
GatherStep generateStep(Random &rng, const std::vector<int64_t> &dataSizes,
                        const std::vector<int64_t> &dataDeclared,
                        int64_t maxIndicesRank, bool zeroSizes) {
  GatherStep step;
  int64_t r = dataSizes.size();
  int64_t q = rng.uniform(0, maxIndicesRank);
  int64_t a = rng.uniform(0, r - 1);
  int64_t b = rng.uniform(0, std::min(a, q));
  step.axis = a;
  step.batchDims = b;
  step.axisAttr = rng.chance(50) ? a - r : a;
  step.batchDimsAttr = b < q && rng.chance(50) ? b - q : b;
  step.index = static_cast<IndexKind>(rng.uniform(0, kNumIndexKinds - 1));
  for (int attempt = 0;; ++attempt) {
    step.indices.sizes.assign(q, 0);
    for (int64_t i = 0; i < q; ++i)
      step.indices.sizes[i] = i < b ? dataSizes[i] : getRandomSize(rng);
    if (zeroSizes && q > b && rng.chance(5))
      step.indices.sizes[rng.uniform(b, q - 1)] = 0;
    // An empty gathered dimension admits no index value.
    if (dataSizes[a] == 0 && getNumElements(step.indices.sizes) != 0 && q > b)
      step.indices.sizes[rng.uniform(b, q - 1)] = 0;
    bool emptyOk = dataSizes[a] != 0 || getNumElements(step.indices.sizes) == 0;
    if (emptyOk && getNumElements(step.indices.sizes) <= 256 &&
        getNumElements(getResultOf(dataSizes, step.indices.sizes, a, b)) <=
            16384)
      break;
    if (attempt > 20) {
      // Fall back to a single index of a non-empty dimension, or none.
      q = 0;
      b = 0;
      step.batchDims = step.batchDimsAttr = 0;
      step.indices.sizes.clear();
      if (dataSizes[a] == 0) {
        q = 1;
        step.indices.sizes = {0};
      }
      break;
    }
  }
  step.indices.declared = declare(rng, step.indices.sizes, rng.uniform(0, 2));
  std::vector<int64_t> resultSizes =
      getResultOf(dataSizes, step.indices.sizes, a, b);
  step.resultDeclared = declareResult(rng, resultSizes, dataDeclared,
                                      step.indices.declared, a, b);
  fillInRange(rng, step, dataSizes[a]);
  return step;
}

/// Replaces one to three index values of `step` (gathered size `size`) by
/// out-of-range ones, extremes of the type included.
void makeOutOfBounds(Random &rng, GatherStep &step, int64_t size) {
  int64_t n = step.indexBits.size();
  int64_t count = rng.uniform(1, 3);
  bool wide = getByteSize(step.index) == 8;
  for (int64_t k = 0; k < count; ++k) {
    int64_t at = rng.uniform(0, n - 1);
    uint64_t bits;
    if (isUnsigned(step.index)) {
      // >= 2^31 / 2^63 included: unsigned values never wrap.
      static const uint64_t high32[] = {0x80000000ULL, 0x80000005ULL,
                                        0xffffffffULL};
      static const uint64_t high64[] = {
          0x8000000000000000ULL, 0xfffffffffffffffeULL, ~0ULL, 0x100000000ULL};
      switch (rng.uniform(0, 2)) {
      case 0:
        bits = size;
        break;
      case 1:
        bits = size + rng.uniform(1, 1000);
        break;
      default:
        bits = wide ? high64[rng.uniform(0, 3)] : high32[rng.uniform(0, 2)];
        break;
      }
    } else {
      int64_t v;
      switch (rng.uniform(0, 4)) {
      case 0:
        v = size;
        break;
      case 1:
        v = -size - 1;
        break;
      case 2:
        v = size + rng.uniform(1, 1000);
        break;
      case 3:
        v = -size - rng.uniform(1, 1000);
        break;
      default:
        v = wide ? (rng.chance(50) ? INT64_MIN : INT64_MAX)
                 : (rng.chance(50) ? INT32_MIN : INT32_MAX);
        break;
      }
      bits = toBits(step.index, v);
    }
    step.indexBits[at] = bits & getWidthMask(step.index);
  }
}

/// Makes the run-time sizes of `p` (one gather) break a rule that depends on
/// dynamic sizes. Returns false if the program offers no way to.
bool makeSizeMismatch(Random &rng, Program &p) {
  GatherStep &step = p.steps[0];
  int64_t a = step.axis, b = step.batchDims;
  int64_t r = p.data.sizes.size(), q = step.indices.sizes.size();
  bool batch = b > 0 && rng.chance(50);
  if (batch) {
    // Both batch sizes dynamic; the indices' differs at run time.
    int64_t i = rng.uniform(0, b - 1);
    int64_t d = p.data.sizes[i];
    p.data.declared[i] = kDynamic;
    step.indices.declared[i] = kDynamic;
    step.indices.sizes[i] = d > 1 && rng.chance(50) ? d - 1 : d + 1;
    step.resultDeclared[i] = kDynamic;
    if (!p.castTo.empty())
      p.castTo[i] = kDynamic;
    fillInRange(rng, step, p.data.sizes[a]);
    p.note = "batch dimension " + std::to_string(i) + ": data " +
             std::to_string(d) + ", indices " +
             std::to_string(step.indices.sizes[i]);
    return true;
  }
  // A declared static result size fed by a dynamic one that differs.
  std::vector<int64_t> sources; // result position -> data or indices dim
  std::vector<int64_t> resultSizes =
      getResultOf(p.data.sizes, step.indices.sizes, a, b);
  int64_t n = resultSizes.size();
  if (n == 0)
    return false;
  int64_t pos = rng.uniform(0, n - 1);
  if (pos < a) {
    p.data.declared[pos] = kDynamic;
    if (!p.castTo.empty())
      p.castTo[pos] = kDynamic;
    if (pos < b)
      step.indices.declared[pos] = kDynamic;
  } else if (pos < a + (q - b)) {
    step.indices.declared[b + (pos - a)] = kDynamic;
  } else {
    int64_t d = a + 1 + (pos - a - (q - b));
    p.data.declared[d] = kDynamic;
    if (!p.castTo.empty())
      p.castTo[d] = kDynamic;
  }
  step.resultDeclared[pos] = resultSizes[pos] + 1;
  p.note = "result dimension " + std::to_string(pos) + ": declared " +
           std::to_string(resultSizes[pos] + 1) + ", actual " +
           std::to_string(resultSizes[pos]);
  (void)r;
  return true;
}

/// A gather whose result is at least 1 MiB, so that `parallel=true` runs it
/// on OpenMP threads.
void makeLarge(Random &rng, Program &p) {
  p.element = rng.chance(50) ? ElementKind::F32 : ElementKind::I64;
  int64_t cols = rng.uniform(256, 512);
  int64_t rows = rng.uniform(50, 200);
  p.data.sizes = {rows, cols};
  p.data.declared = declare(rng, p.data.sizes, rng.uniform(0, 2));
  GatherStep step;
  step.index = static_cast<IndexKind>(rng.uniform(0, kNumIndexKinds - 1));
  if (rng.chance(50)) {
    // Rows: result [n, cols].
    step.axis = 0;
    step.axisAttr = rng.chance(50) ? -2 : 0;
    step.indices.sizes = {1048576 / (cols * getByteSize(p.element)) +
                          rng.uniform(1, 64)};
  } else {
    // Columns of each row: result [rows, n].
    step.axis = 1;
    step.axisAttr = rng.chance(50) ? -1 : 1;
    step.indices.sizes = {1048576 / (rows * getByteSize(p.element)) +
                          rng.uniform(1, 64)};
  }
  step.indices.declared = declare(rng, step.indices.sizes, rng.uniform(0, 2));
  std::vector<int64_t> resultSizes =
      getResultOf(p.data.sizes, step.indices.sizes, step.axis, 0);
  step.resultDeclared = declareResult(rng, resultSizes, p.data.declared,
                                      step.indices.declared, step.axis, 0);
  fillInRange(rng, step, p.data.sizes[step.axis]);
  p.steps = {step};
}

} // namespace

Program fuzz::generateProgram(uint64_t seed, unsigned id,
                              const GeneratorOptions &options) {
  Random rng(seed ^ (0x51ed2700ULL + id * 0x2545f4914f6cdd1dULL));
  Program p;
  p.id = id;
  p.element = getRandomElement(rng);
  if (rng.chance(options.largePercent)) {
    makeLarge(rng, p);
  } else {
    int64_t r = rng.uniform(1, 4);
    for (;;) {
      p.data.sizes.assign(r, 0);
      for (int64_t &s : p.data.sizes)
        s = getRandomSize(rng);
      // The gathered axis is chosen later; any dimension may be long.
      p.data.sizes[rng.uniform(0, r - 1)] =
          rng.chance(15) ? rng.uniform(7, 12) : rng.uniform(1, 6);
      if (r > 1 && rng.chance(10))
        p.data.sizes[rng.uniform(0, r - 1)] = rng.uniform(16, 40);
      if (options.zeroSizes && rng.chance(6))
        p.data.sizes[rng.uniform(0, r - 1)] = 0;
      if (getNumElements(p.data.sizes) <= 4096)
        break;
    }
    p.data.declared = declare(rng, p.data.sizes, rng.uniform(0, 2));
    p.steps.push_back(generateStep(rng, p.data.sizes, p.data.declared,
                                   /*maxIndicesRank=*/4, options.zeroSizes));
  }
  std::vector<int64_t> firstData = p.data.declared;
  if (options.casts && rng.chance(options.castPercent)) {
    // tensor.cast makes one or more static sizes dynamic.
    p.castTo = p.data.declared;
    bool any = false;
    for (int64_t &s : p.castTo)
      if (s != kDynamic && (rng.chance(50) || !any)) {
        s = kDynamic;
        any = true;
      }
    if (!any)
      p.castTo.clear();
  }
  // The first gather's declared data is the cast's result.
  if (!p.castTo.empty()) {
    GatherStep &step = p.steps[0];
    std::vector<int64_t> sizes = getResultOf(p.data.sizes, step.indices.sizes,
                                             step.axis, step.batchDims);
    step.resultDeclared = declareResult(
        rng, sizes, p.castTo, step.indices.declared, step.axis, step.batchDims);
  }
  bool mismatch = options.sizeMismatches &&
                  rng.chance(options.mismatchPercent) &&
                  makeSizeMismatch(rng, p);
  if (mismatch) {
    p.expect = Expectation::SizeMismatch;
  } else if (options.chains && rng.chance(options.chainPercent)) {
    // A second gather on the first one's result.
    const GatherStep &first = p.steps[0];
    std::vector<int64_t> sizes = getResultOf(p.data.sizes, first.indices.sizes,
                                             first.axis, first.batchDims);
    if (!sizes.empty() && getNumElements(sizes) <= 4096)
      p.steps.push_back(generateStep(rng, sizes, first.resultDeclared,
                                     /*maxIndicesRank=*/2, options.zeroSizes));
  }
  if (!mismatch && options.outOfBounds &&
      rng.chance(options.outOfBoundsPercent)) {
    // Out-of-range values in one gather that has indices.
    std::vector<int64_t> sizes = p.data.sizes;
    for (GatherStep &step : p.steps) {
      int64_t size = sizes[step.axis];
      if (!step.indexBits.empty() && size > 0 && rng.chance(70)) {
        makeOutOfBounds(rng, step, size);
        p.expect = Expectation::OutOfBounds;
        break;
      }
      sizes = getResultOf(sizes, step.indices.sizes, step.axis, step.batchDims);
    }
  }
  p.nested = options.nestedModules && rng.chance(options.nestedPercent);
  (void)firstData;
  return p;
}

namespace {

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

std::string getFunctionText(const Program &p) {
  const char *element = getName(p.element);
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string dataType = getTensorType(p.data.declared, element);
  std::string lastType = getTensorType(p.steps.back().resultDeclared, element);
  os << "  func.func @gather_" << p.id << "(%d: " << dataType;
  for (size_t k = 0; k < p.steps.size(); ++k)
    os << ", %i" << k << ": "
       << getTensorType(p.steps[k].indices.declared, getName(p.steps[k].index));
  os << ") -> " << lastType << " attributes {llvm.emit_c_interface} {\n";
  std::string value = "%d", type = dataType;
  if (!p.castTo.empty()) {
    std::string castType = getTensorType(p.castTo, element);
    os << "    %c = tensor.cast %d : " << dataType << " to " << castType
       << "\n";
    value = "%c";
    type = castType;
  }
  for (size_t k = 0; k < p.steps.size(); ++k) {
    const GatherStep &step = p.steps[k];
    std::string indicesType =
        getTensorType(step.indices.declared, getName(step.index));
    std::string resultType = getTensorType(step.resultDeclared, element);
    os << "    %r" << k << " = \"gather.gather\"(" << value << ", %i" << k
       << ") <{axis = " << step.axisAttr
       << " : i64, batch_dims = " << step.batchDimsAttr << " : i64}> : ("
       << type << ", " << indicesType << ") -> " << resultType << "\n";
    value = "%r" + std::to_string(k);
    type = resultType;
  }
  os << "    return " << value << " : " << type << "\n  }\n";
  return text;
}

//===----------------------------------------------------------------------===//
// Buffers and the reference
//===----------------------------------------------------------------------===//

/// 8-byte aligned storage that is never a null pointer, even when empty.
struct Buffer {
  explicit Buffer(int64_t bytes) : words((bytes + 7) / 8 + 1, 0) {}
  uint8_t *data() { return reinterpret_cast<uint8_t *>(words.data()); }
  const uint8_t *data() const {
    return reinterpret_cast<const uint8_t *>(words.data());
  }
  std::vector<uint64_t> words;
};

/// The data element at linear position `n`: distinct values (bit patterns)
/// for every kind but i1 and i8, finite for the float kinds.
void writeDataElement(ElementKind kind, int64_t n, uint8_t *out) {
  switch (kind) {
  case ElementKind::F16: {
    uint16_t v = 0x3c00 + n % 0x3000;
    std::memcpy(out, &v, 2);
    return;
  }
  case ElementKind::BF16: {
    uint16_t v = 0x3f80 + n % 0x3000;
    std::memcpy(out, &v, 2);
    return;
  }
  case ElementKind::F32: {
    float v = static_cast<float>(n) + 0.25f;
    std::memcpy(out, &v, 4);
    return;
  }
  case ElementKind::F64: {
    double v = static_cast<double>(n) * 1.5 + 0.125;
    std::memcpy(out, &v, 8);
    return;
  }
  case ElementKind::I1:
    *out = ((static_cast<uint64_t>(n) * 0x9e3779b9ULL) >> 7) & 1;
    return;
  case ElementKind::I8:
    *out = static_cast<uint8_t>(n * 37 + 11);
    return;
  case ElementKind::I32: {
    int32_t v = static_cast<int32_t>(n * 3 - 7);
    std::memcpy(out, &v, 4);
    return;
  }
  case ElementKind::I64: {
    int64_t v = n * 0x100000001LL - 5;
    std::memcpy(out, &v, 8);
    return;
  }
  }
}

Buffer makeDataBuffer(const Program &p) {
  int64_t n = getNumElements(p.data.sizes), size = getByteSize(p.element);
  Buffer buffer(n * size);
  for (int64_t i = 0; i < n; ++i)
    writeDataElement(p.element, i, buffer.data() + i * size);
  return buffer;
}

Buffer makeIndicesBuffer(const GatherStep &step) {
  int64_t size = getByteSize(step.index);
  Buffer buffer(step.indexBits.size() * size);
  for (size_t i = 0; i < step.indexBits.size(); ++i)
    std::memcpy(buffer.data() + i * size, &step.indexBits[i], size);
  return buffer;
}

/// Row-major linear position of `coords` in `shape`.
int64_t linearize(const std::vector<int64_t> &coords,
                  const std::vector<int64_t> &shape) {
  int64_t n = 0;
  for (size_t i = 0; i < shape.size(); ++i)
    n = n * shape[i] + coords[i];
  return n;
}

/// The position an index selects in a dimension of `size`: wraps negative
/// values of signed types once, then clamps to [0, size-1]. Sets
/// `outOfRange` when the value is not in [-size, size-1] (signed) or
/// [0, size-1] (unsigned).
int64_t selectPosition(IndexKind kind, uint64_t bits, int64_t size,
                       bool &outOfRange) {
  if (isUnsigned(kind)) {
    if (bits < static_cast<uint64_t>(size))
      return static_cast<int64_t>(bits);
    outOfRange = true;
    return size - 1;
  }
  int64_t v = getByteSize(kind) == 4
                  ? static_cast<int64_t>(static_cast<int32_t>(bits))
                  : static_cast<int64_t>(bits);
  if (v < 0 && v >= -size)
    v += size;
  if (v >= 0 && v < size)
    return v;
  outOfRange = true;
  return v < 0 ? 0 : size - 1;
}

/// One reference gather: `data` of `dataShape` -> result, clamping
/// out-of-range values (DESIGN.md section 1 and the `clamp` rule).
std::vector<uint8_t> referenceStep(const GatherStep &step,
                                   const std::vector<uint8_t> &data,
                                   const std::vector<int64_t> &dataShape,
                                   int64_t elementSize, bool &outOfRange) {
  std::vector<int64_t> resultShape =
      getResultOf(dataShape, step.indices.sizes, step.axis, step.batchDims);
  int64_t total = getNumElements(resultShape);
  std::vector<uint8_t> out(total * elementSize);
  int64_t a = step.axis, b = step.batchDims;
  int64_t q = step.indices.sizes.size(), r = dataShape.size();
  std::vector<int64_t> pos(resultShape.size(), 0);
  for (int64_t n = 0; n < total; ++n) {
    // pos = [p0..p(a-1), j(b)..j(q-1), t(a+1)..t(r-1)].
    std::vector<int64_t> indexCoords;
    for (int64_t i = 0; i < b; ++i)
      indexCoords.push_back(pos[i]);
    for (int64_t i = 0; i < q - b; ++i)
      indexCoords.push_back(pos[a + i]);
    uint64_t bits = step.indexBits[linearize(indexCoords, step.indices.sizes)];
    int64_t k = selectPosition(step.index, bits, dataShape[a], outOfRange);
    std::vector<int64_t> dataCoords(pos.begin(), pos.begin() + a);
    dataCoords.push_back(k);
    for (int64_t t = a + 1; t < r; ++t)
      dataCoords.push_back(pos[a + (q - b) + (t - a - 1)]);
    int64_t from = linearize(dataCoords, dataShape);
    std::memcpy(out.data() + n * elementSize, data.data() + from * elementSize,
                elementSize);
    for (int64_t d = static_cast<int64_t>(pos.size()) - 1; d >= 0; --d) {
      if (++pos[d] < resultShape[d])
        break;
      pos[d] = 0;
    }
  }
  return out;
}

/// The reference result of a consistent program and its sizes.
std::vector<uint8_t> referenceProgram(const Program &p, const Buffer &data,
                                      std::vector<int64_t> &shape,
                                      bool &outOfRange) {
  int64_t elementSize = getByteSize(p.element);
  shape = p.data.sizes;
  std::vector<uint8_t> values(data.data(), data.data() + getNumElements(shape) *
                                                             elementSize);
  for (const GatherStep &step : p.steps) {
    values = referenceStep(step, values, shape, elementSize, outOfRange);
    shape = getResultOf(shape, step.indices.sizes, step.axis, step.batchDims);
  }
  return values;
}

std::string formatElement(ElementKind kind, const uint8_t *p) {
  int64_t size = getByteSize(kind);
  uint64_t bits = 0;
  std::memcpy(&bits, p, size);
  std::string text;
  llvm::raw_string_ostream os(text);
  if (kind == ElementKind::F32) {
    float v;
    std::memcpy(&v, p, 4);
    os << v;
  } else if (kind == ElementKind::F64) {
    double v;
    std::memcpy(&v, p, 8);
    os << v;
  } else {
    os << "0x";
    os.write_hex(bits);
  }
  return text;
}

//===----------------------------------------------------------------------===//
// Memref descriptors
//===----------------------------------------------------------------------===//

// The descriptor of a rank-N memref is {allocated, aligned, offset,
// sizes[N], strides[N]}, 8-byte words whatever the element type.
static_assert(sizeof(void *) == 8, "64-bit hosts only");
static_assert(sizeof(StridedMemRefType<float, 0>) == 3 * 8, "layout");
using RankFourDescriptor = StridedMemRefType<double, 4>;
static_assert(offsetof(RankFourDescriptor, sizes) == 3 * 8, "layout");
static_assert(offsetof(RankFourDescriptor, strides) == 7 * 8, "layout");

class Descriptor {
public:
  explicit Descriptor(int64_t rank) : rank(rank), words(3 + 2 * rank, 0) {}
  Descriptor(const std::vector<int64_t> &shape, uint8_t *buffer)
      : Descriptor(shape.size()) {
    words[0] = words[1] = reinterpret_cast<int64_t>(buffer);
    int64_t stride = 1;
    for (int64_t d = rank - 1; d >= 0; --d) {
      words[3 + d] = shape[d];
      words[3 + rank + d] = stride;
      stride *= shape[d];
    }
  }
  void *get() { return words.data(); }
  void *allocated() const { return reinterpret_cast<void *>(words[0]); }
  uint8_t *aligned() const { return reinterpret_cast<uint8_t *>(words[1]); }
  int64_t offset() const { return words[2]; }
  int64_t size(int64_t d) const { return words[3 + d]; }
  int64_t stride(int64_t d) const { return words[3 + rank + d]; }

private:
  int64_t rank;
  std::vector<int64_t> words;
};

//===----------------------------------------------------------------------===//
// Compiling and running
//===----------------------------------------------------------------------===//

/// Lowers `text` with `config`; with `jit`, also JIT-compiles it. Returns
/// false with the diagnostics in `error` on failure.
bool lower(MLIRContext &context, const std::string &text, const Config &config,
           bool jit, std::unique_ptr<ExecutionEngine> &engine,
           std::string &error) {
  llvm::raw_string_ostream errorStream(error);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errorStream << diag.getLocation() << ": " << diag << "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  if (!module) {
    errorStream << "the generated module does not parse or verify\n";
    return false;
  }
  PassManager pm(&context);
  if (config.atb) {
    GatherToATBPipelineOptions options;
    options.boundsCheck = config.boundsCheck;
    options.strategy = config.strategy;
    options.parallel = config.parallel;
    options.soc = config.soc;
    if (failed(buildGatherToATBPipeline(pm, options, errorStream)))
      return false;
  } else {
    GatherPipelineOptions options;
    options.boundsCheck = config.boundsCheck;
    options.strategy = config.strategy;
    options.parallel = config.parallel;
    if (failed(buildGatherToLLVMPipeline(pm, options, errorStream)))
      return false;
  }
  if (failed(pm.run(*module))) {
    errorStream << "the pipeline failed\n";
    return false;
  }
  if (!jit)
    return true;
  auto transformer = makeOptimizingTransformer(config.optLevel, 0, nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = config.optLevel >= 3
                                         ? llvm::CodeGenOptLevel::Aggressive
                                         : llvm::CodeGenOptLevel::Default;
  std::vector<StringRef> libs = {kCRunnerUtils};
  if (config.atb)
    libs.push_back(kAscendRuntime);
  if (config.parallel)
    libs.push_back(kLibOmp);
  engineOptions.sharedLibPaths = libs;
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  auto created = ExecutionEngine::create(*module, engineOptions);
  if (!created) {
    errorStream << "ExecutionEngine::create failed: "
                << llvm::toString(created.takeError()) << "\n";
    return false;
  }
  engine = std::move(*created);
  return true;
}

/// Calls the C interface of `p` with the given descriptors.
void call(void *fn, size_t numSteps, Descriptor &result, Descriptor &data,
          std::vector<Descriptor> &indices) {
  if (numSteps == 1)
    reinterpret_cast<void (*)(void *, void *, void *)>(fn)(
        result.get(), data.get(), indices[0].get());
  else
    reinterpret_cast<void (*)(void *, void *, void *, void *)>(fn)(
        result.get(), data.get(), indices[0].get(), indices[1].get());
}

/// Set in a forked child: the child exits from the middle of the parent's
/// work, so what the parent still owns is not a leak of the child.
bool inForkedChild = false;

} // namespace

/// LeakSanitizer asks this before its exit-time check (sanitizer builds).
extern "C" int __lsan_is_turned_off() { return inForkedChild; }

namespace {

/// Runs `fn` in a child process; returns its exit status (or 128 + signal)
/// and its standard error in `stderrText`. A child that returns normally
/// exits with 77.
int runInChild(const std::function<void()> &body, std::string &stderrText) {
  int fds[2];
  if (pipe(fds) != 0)
    return -1;
  llvm::errs().flush();
  fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    // A program that hangs instead of exiting is a finding, not a hang of
    // the caller: SIGALRM ends it (status 128 + 14).
    alarm(120);
    inForkedChild = true;
    close(fds[0]);
    dup2(fds[1], 2);
    dup2(fds[1], 1);
    body();
    _exit(77);
  }
  close(fds[1]);
  char chunk[4096];
  ssize_t got;
  while ((got = read(fds[0], chunk, sizeof(chunk))) != 0) {
    if (got < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (stderrText.size() < 65536)
      stderrText.append(chunk, got);
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return -1;
}

/// Compares the result descriptor with the reference. Returns the
/// differences, empty when they agree.
std::string compare(const Program &p, Descriptor &result,
                    const std::vector<uint8_t> &expected,
                    const std::vector<int64_t> &shape) {
  std::string problems;
  llvm::raw_string_ostream os(problems);
  int64_t rank = shape.size();
  int64_t elementSize = getByteSize(p.element);
  for (int64_t d = 0; d < rank; ++d) {
    if (result.size(d) != shape[d]) {
      os << "result sizes [";
      for (int64_t e = 0; e < rank; ++e)
        os << (e ? ", " : "") << result.size(e);
      os << "], expected " << formatShape(shape) << "\n";
      return problems;
    }
  }
  int64_t total = getNumElements(shape);
  if (total == 0)
    return problems;
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (shape[d] > 1 && result.stride(d) != stride)
      os << "stride " << d << " is " << result.stride(d) << ", expected "
         << stride << "\n";
    stride *= shape[d];
  }
  if (!problems.empty())
    return problems;
  std::vector<int64_t> pos(rank, 0);
  int64_t mismatches = 0;
  for (int64_t n = 0; n < total; ++n) {
    int64_t at = result.offset();
    for (int64_t d = 0; d < rank; ++d)
      at += pos[d] * result.stride(d);
    const uint8_t *got = result.aligned() + at * elementSize;
    const uint8_t *want = expected.data() + n * elementSize;
    if (std::memcmp(got, want, elementSize) != 0 && mismatches++ < 8)
      os << "  at " << formatShape(pos) << ": got "
         << formatElement(p.element, got) << ", expected "
         << formatElement(p.element, want) << "\n";
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++pos[d] < shape[d])
        break;
      pos[d] = 0;
    }
  }
  if (mismatches)
    os << mismatches << " of " << total << " elements differ\n";
  return problems;
}

/// Runs and checks one program with a compiled `engine`.
void runProgram(ExecutionEngine &engine, const Program &p, const Config &config,
                bool forkAll, BatchResult &out) {
  bool bad = p.expect != Expectation::Match;
  if (bad && config.boundsCheck == BoundsCheck::None) {
    ++out.skipped;
    return;
  }
  auto addFinding = [&](const char *kind, const std::string &text) {
    out.findings.push_back(
        {kind, p.id,
         text + "  configuration: " + config.getName() + "\n" + describe(p)});
  };
  auto symbol = engine.lookup("_mlir_ciface_gather_" + std::to_string(p.id));
  if (!symbol) {
    addFinding("rejected",
               "no C interface: " + llvm::toString(symbol.takeError()) + "\n");
    return;
  }
  void *fn = *symbol;
  Buffer data = makeDataBuffer(p);
  std::vector<Buffer> indexBuffers;
  for (const GatherStep &step : p.steps)
    indexBuffers.push_back(makeIndicesBuffer(step));
  Descriptor dataDesc(p.data.sizes, data.data());
  std::vector<Descriptor> indexDescs;
  for (size_t k = 0; k < p.steps.size(); ++k)
    indexDescs.emplace_back(p.steps[k].indices.sizes, indexBuffers[k].data());
  Descriptor result(p.steps.back().resultDeclared.size());

  bool expectExit = p.expect == Expectation::SizeMismatch ||
                    (p.expect == Expectation::OutOfBounds &&
                     config.boundsCheck == BoundsCheck::Assert);
  std::vector<int64_t> shape;
  bool outOfRange = false;
  std::vector<uint8_t> expected;
  if (!expectExit)
    expected = referenceProgram(p, data, shape, outOfRange);

  if (expectExit) {
    ++out.exits;
    std::string text;
    int status = runInChild(
        [&] { call(fn, p.steps.size(), result, dataDesc, indexDescs); }, text);
    const char *want =
        p.expect == Expectation::SizeMismatch ? "gather: " : "out of bounds";
    if (status == 1 && text.find(want) != std::string::npos)
      return;
    std::string message = "expected exit status 1 and '" + std::string(want) +
                          "' on stderr, got ";
    message += status == 77 ? std::string("a normal return")
                            : "status " + std::to_string(status);
    message += "; stderr: " + text.substr(0, 2000) + "\n";
    if (!p.note.empty())
      message += "  run-time sizes break: " + p.note + "\n";
    addFinding(status == 77   ? "missing-exit"
               : status > 128 ? "crash"
                              : "wrong-exit",
               message);
    return;
  }

  ++out.compared;
  if (forkAll) {
    std::string text;
    int status = runInChild(
        [&] {
          call(fn, p.steps.size(), result, dataDesc, indexDescs);
          std::string problems = compare(p, result, expected, shape);
          if (!problems.empty()) {
            ssize_t ignored = write(2, problems.data(), problems.size());
            (void)ignored;
            _exit(3);
          }
        },
        text);
    if (status == 77)
      return;
    addFinding(status == 3 ? "wrong-result" : "crash",
               "status " + std::to_string(status) + "\n" + text);
    return;
  }
  call(fn, p.steps.size(), result, dataDesc, indexDescs);
  std::string problems = compare(p, result, expected, shape);
  void *allocated = result.allocated();
  bool owned = allocated != data.data();
  for (Buffer &b : indexBuffers)
    owned &= allocated != b.data();
  if (owned)
    std::free(allocated);
  if (!problems.empty())
    addFinding("wrong-result", problems);
}

/// Lowers (and, unless nested, runs) `programs`; splits the batch in two
/// when it fails to lower, down to single programs.
void lowerAndRun(MLIRContext &context,
                 const std::vector<const Program *> &programs,
                 const Config &config, bool forkAll, BatchResult &out) {
  if (programs.empty())
    return;
  bool nested = programs.front()->nested;
  std::unique_ptr<ExecutionEngine> engine;
  std::string error;
  if (!lower(context, getModuleText(programs), config, !nested, engine,
             error)) {
    if (programs.size() == 1) {
      out.findings.push_back({"rejected", programs[0]->id,
                              "lowering failed: " + error +
                                  "  configuration: " + config.getName() +
                                  "\n" + describe(*programs[0])});
      return;
    }
    size_t half = programs.size() / 2;
    lowerAndRun(context, {programs.begin(), programs.begin() + half}, config,
                forkAll, out);
    lowerAndRun(context, {programs.begin() + half, programs.end()}, config,
                forkAll, out);
    return;
  }
  out.lowered += programs.size();
  if (nested)
    return;
  if (config.atb)
    setenv("GATHER_ATB_EMULATOR_SOC",
           getAscendSocName(config.soc).str().c_str(), 1);
  for (const Program *p : programs)
    runProgram(*engine, *p, config, forkAll, out);
}

} // namespace

//===----------------------------------------------------------------------===//
// Public interface
//===----------------------------------------------------------------------===//

const char *fuzz::getName(ElementKind kind) {
  static const char *names[] = {"f16", "bf16", "f32", "f64",
                                "i1",  "i8",   "i32", "i64"};
  return names[static_cast<int>(kind)];
}

const char *fuzz::getName(IndexKind kind) {
  static const char *names[] = {"i32",  "i64",  "si32", "si64",
                                "ui32", "ui64", "index"};
  return names[static_cast<int>(kind)];
}

int64_t fuzz::getByteSize(ElementKind kind) {
  static const int64_t sizes[] = {2, 2, 4, 8, 1, 1, 4, 8};
  return sizes[static_cast<int>(kind)];
}

int64_t fuzz::getByteSize(IndexKind kind) {
  return kind == IndexKind::I32 || kind == IndexKind::SI32 ||
                 kind == IndexKind::UI32
             ? 4
             : 8;
}

bool fuzz::isUnsigned(IndexKind kind) {
  return kind == IndexKind::UI32 || kind == IndexKind::UI64;
}

std::vector<Program> fuzz::generatePrograms(uint64_t seed, unsigned first,
                                            unsigned count,
                                            const GeneratorOptions &options) {
  std::vector<Program> out;
  for (unsigned id = first; id < first + count; ++id)
    out.push_back(generateProgram(seed, id, options));
  return out;
}

std::vector<uint8_t> fuzz::computeReference(const Program &p,
                                            std::vector<int64_t> &shape) {
  Buffer data = makeDataBuffer(p);
  bool outOfRange = false;
  return referenceProgram(p, data, shape, outOfRange);
}

std::string fuzz::getModuleText(const std::vector<const Program *> &programs) {
  std::string text = "module {\n";
  for (const Program *p : programs) {
    if (p->nested)
      text += "module @inner_" + std::to_string(p->id) + " {\n";
    text += getFunctionText(*p);
    if (p->nested)
      text += "}\n";
  }
  return text + "}\n";
}

std::string fuzz::describe(const Program &p) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "  program " << p.id << ": data " << formatShape(p.data.sizes) << " x "
     << getName(p.element) << " (element n = pattern of writeDataElement)";
  for (size_t k = 0; k < p.steps.size(); ++k) {
    const GatherStep &step = p.steps[k];
    os << "\n  indices %i" << k << " " << formatShape(step.indices.sizes)
       << " x " << getName(step.index) << " = [";
    for (size_t n = 0; n < step.indexBits.size() && n < 64; ++n) {
      uint64_t bits = step.indexBits[n];
      if (isUnsigned(step.index))
        os << (n ? ", " : "") << bits;
      else if (getByteSize(step.index) == 4)
        os << (n ? ", " : "") << static_cast<int32_t>(bits);
      else
        os << (n ? ", " : "") << static_cast<int64_t>(bits);
    }
    if (step.indexBits.size() > 64)
      os << ", ...";
    os << "]";
  }
  if (!p.note.empty())
    os << "\n  run-time sizes break: " << p.note;
  os << "\n" << getModuleText({&p});
  return text;
}

std::string Config::getName() const {
  std::string text =
      atb ? "--gather-to-atb='soc=" + getAscendSocName(soc).str() + " "
          : "--gather-to-llvm='";
  text += boundsCheck == BoundsCheck::Assert  ? "bounds-check=assert"
          : boundsCheck == BoundsCheck::Clamp ? "bounds-check=clamp"
                                              : "bounds-check=none";
  text += strategy == GatherLoweringStrategy::Slices ? " strategy=slices"
                                                     : " strategy=generic";
  text += parallel ? " parallel=true'" : "'";
  text += " (JIT -O" + std::to_string(optLevel) + ")";
  return text;
}

std::vector<Config> fuzz::getAllConfigs() {
  std::vector<Config> out;
  unsigned n = 0;
  for (BoundsCheck bounds :
       {BoundsCheck::Assert, BoundsCheck::Clamp, BoundsCheck::None})
    for (GatherLoweringStrategy strategy :
         {GatherLoweringStrategy::Slices, GatherLoweringStrategy::Generic})
      for (bool parallel : {false, true}) {
        Config c;
        c.boundsCheck = bounds;
        c.strategy = strategy;
        c.parallel = parallel;
        c.optLevel = n++ % 3 == 0 ? 3 : 2;
        out.push_back(c);
      }
  for (AscendSoc soc :
       {AscendSoc::Ascend910B, AscendSoc::Ascend910_93, AscendSoc::Ascend910,
        AscendSoc::Ascend310P, AscendSoc::Ascend310B, AscendSoc::Ascend950})
    for (BoundsCheck bounds :
         {BoundsCheck::Assert, BoundsCheck::Clamp, BoundsCheck::None}) {
      Config c;
      c.atb = true;
      c.soc = soc;
      c.boundsCheck = bounds;
      c.strategy = n % 2 ? GatherLoweringStrategy::Generic
                         : GatherLoweringStrategy::Slices;
      c.parallel = n % 3 == 1;
      c.optLevel = 2;
      ++n;
      out.push_back(c);
    }
  return out;
}

void fuzz::initialize() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerAllPasses();
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

std::unique_ptr<MLIRContext> fuzz::makeContext() {
  DialectRegistry registry;
  registerGatherPipelineDialects(registry);
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  context->disableMultithreading();
  return context;
}

BatchResult fuzz::runBatch(MLIRContext &context,
                           const std::vector<const Program *> &programs,
                           const Config &config, bool forkAll) {
  BatchResult out;
  std::vector<const Program *> plain, nested;
  for (const Program *p : programs)
    (p->nested ? nested : plain).push_back(p);
  lowerAndRun(context, plain, config, forkAll, out);
  lowerAndRun(context, nested, config, forkAll, out);
  return out;
}

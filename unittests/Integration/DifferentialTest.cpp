//===- DifferentialTest.cpp - randomized execution test of gather ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Generates a fixed, seeded set of valid `gather.gather` cases (data ranks
// 1..4, indices ranks 0..3, every axis and batch_dims in both spellings,
// negative index values, static, dynamic and empty dimensions, several index
// and element types), lowers them in-process with `gather-to-llvm` under both
// strategies, runs them with the MLIR ExecutionEngine and compares every
// element with a reference gather written here from DESIGN.md section 1.
//
// The first cases that the Ascend path accepts on ascend910b (ATB element and
// index types, no empty tensor) also go through `gather-to-atb`, which calls
// ATB (the in-tree emulator) through libgather_ascend_runtime.so, and are
// compared with the same reference; the runtime's Execute count shows that
// each of them ran on ATB.
//
// The seed is fixed; GATHER_DIFF_SEED overrides it. A failing case is printed
// with everything needed to reproduce it, including its MLIR text.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
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

#include "llvm/Support/Signals.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unistd.h>
#include <vector>

using namespace mlir;

namespace {

//===----------------------------------------------------------------------===//
// Parameters of the run
//===----------------------------------------------------------------------===//

/// Cases per module: one ExecutionEngine compiles this many functions.
constexpr unsigned kCasesPerBatch = 50;
/// Number of modules (gtest instances); kCasesPerBatch * kNumBatches cases.
constexpr unsigned kNumBatches = 20;
constexpr unsigned kNumCases = kCasesPerBatch * kNumBatches;
/// The seed used unless GATHER_DIFF_SEED says otherwise.
constexpr uint64_t kDefaultSeed = 0x6a7e4e2d1ff5eedULL;
/// Runtime library providing `memrefCopy`, which the lowering may call.
constexpr const char *kCRunnerUtils =
    "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so";
/// The Ascend runtime that code lowered by gather-to-atb calls (the build's
/// libgather_ascend_runtime.so, which this test also links).
constexpr const char *kAscendRuntime = GATHER_ASCEND_RUNTIME_PATH;
/// Cases per module and modules of the gather-to-atb run.
constexpr unsigned kATBCasesPerBatch = 50;
constexpr unsigned kNumATBBatches = 2;

/// Returns the seed of this run.
uint64_t getSeed() {
  if (const char *text = std::getenv("GATHER_DIFF_SEED"))
    if (*text)
      return std::strtoull(text, nullptr, 0);
  return kDefaultSeed;
}

//===----------------------------------------------------------------------===//
// Deterministic random numbers
//===----------------------------------------------------------------------===//

using Random = mlir::gather::SplitMix64;

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

enum class ElementKind { F32, F64, I32, I8 };
enum class IndexKind { I32, I64, UI32, Index };

const char *getName(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "f32";
  case ElementKind::F64:
    return "f64";
  case ElementKind::I32:
    return "i32";
  case ElementKind::I8:
    return "i8";
  }
  return "?";
}

const char *getName(IndexKind kind) {
  switch (kind) {
  case IndexKind::I32:
    return "i32";
  case IndexKind::I64:
    return "i64";
  case IndexKind::UI32:
    return "ui32";
  case IndexKind::Index:
    return "index";
  }
  return "?";
}

int64_t getByteSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
  case ElementKind::I32:
    return 4;
  case ElementKind::F64:
    return 8;
  case ElementKind::I8:
    return 1;
  }
  return 0;
}

/// Bytes of one index in memory (`index` is 64-bit on the hosts we run on).
int64_t getByteSize(IndexKind kind) {
  return kind == IndexKind::I32 || kind == IndexKind::UI32 ? 4 : 8;
}

/// One gather to check.
struct GatherCase {
  unsigned id = 0;
  /// Sizes of the runtime operands.
  std::vector<int64_t> dataShape, indicesShape;
  /// Which dimensions the function signature declares `?`.
  std::vector<bool> dataDynamic, indicesDynamic, resultDynamic;
  /// The attributes as written in the IR (possibly negative).
  int64_t axisAttr = 0, batchDimsAttr = 0;
  /// The normalised attributes.
  int64_t axis = 0, batchDims = 0;
  ElementKind element = ElementKind::F32;
  IndexKind index = IndexKind::I64;
  /// The index values in row-major order, as mathematical integers.
  std::vector<int64_t> indexValues;
};

int64_t getNumElements(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

/// Result shape D[:a] ++ I[b:] ++ D[a+1:].
std::vector<int64_t> getResultShape(const GatherCase &c) {
  std::vector<int64_t> out(c.dataShape.begin(), c.dataShape.begin() + c.axis);
  out.insert(out.end(), c.indicesShape.begin() + c.batchDims,
             c.indicesShape.end());
  out.insert(out.end(), c.dataShape.begin() + c.axis + 1, c.dataShape.end());
  return out;
}

std::string getTensorType(const std::vector<int64_t> &shape,
                          const std::vector<bool> &dynamic,
                          const char *element) {
  std::string text = "tensor<";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (dynamic[i] ? std::string("?") : std::to_string(shape[i])) + "x";
  return text + element + ">";
}

std::string getFunctionName(const GatherCase &c) {
  return "gather_" + std::to_string(c.id);
}

/// The function of one case, with the gather in the generic form.
std::string getFunctionText(const GatherCase &c) {
  std::string dataType =
      getTensorType(c.dataShape, c.dataDynamic, getName(c.element));
  std::string indicesType =
      getTensorType(c.indicesShape, c.indicesDynamic, getName(c.index));
  std::string resultType =
      getTensorType(getResultShape(c), c.resultDynamic, getName(c.element));
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "  func.func @" << getFunctionName(c) << "(%d: " << dataType
     << ", %i: " << indicesType << ") -> " << resultType
     << " attributes {llvm.emit_c_interface} {\n"
     << "    %r = \"gather.gather\"(%d, %i) <{axis = " << c.axisAttr
     << " : i64, batch_dims = " << c.batchDimsAttr << " : i64}> : (" << dataType
     << ", " << indicesType << ") -> " << resultType << "\n"
     << "    return %r : " << resultType << "\n"
     << "  }\n";
  return text;
}

std::string getModuleText(const std::vector<const GatherCase *> &cases) {
  std::string text = "module {\n";
  for (const GatherCase *c : cases)
    text += getFunctionText(*c);
  return text + "}\n";
}

std::string formatShape(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

/// How writeDataPattern fills data, for the reproduction notes.
const char *getDataPatternText(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "n + 0.25";
  case ElementKind::F64:
    return "n * 1.5 + 0.125";
  case ElementKind::I32:
    return "n * 3 - 7";
  case ElementKind::I8:
    return "(n * 37 + 11) mod 256, as signed";
  }
  return "?";
}

/// Everything needed to reproduce `c` lowered with `pipeline`.
std::string describeCase(const GatherCase &c, const char *strategy,
                         unsigned optLevel,
                         const char *pipeline = "gather-to-llvm") {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "case " << c.id << " (GATHER_DIFF_SEED=" << getSeed() << ", batch "
     << c.id / kCasesPerBatch << "), strategy=" << strategy
     << ", bounds-check=assert, LLVM opt level " << optLevel << "\n"
     << "  data " << formatShape(c.dataShape) << " x " << getName(c.element)
     << ", indices " << formatShape(c.indicesShape) << " x " << getName(c.index)
     << ", axis " << c.axisAttr << " (" << c.axis << "), batch_dims "
     << c.batchDimsAttr << " (" << c.batchDims << "), result "
     << formatShape(getResultShape(c)) << "\n"
     << "  data element n (row-major) = " << getDataPatternText(c.element)
     << "; indices = [";
  for (size_t n = 0; n < c.indexValues.size() && n < 256; ++n)
    os << (n ? ", " : "") << c.indexValues[n];
  if (c.indexValues.size() > 256)
    os << ", ...";
  os << "]\n"
     << "  reproduce: gather-opt --" << pipeline << "='strategy=" << strategy
     << "' on:\nmodule {\n"
     << getFunctionText(c) << "}\n";
  return text;
}

//===----------------------------------------------------------------------===//
// Generation
//===----------------------------------------------------------------------===//

/// The structural choice of a case: ranks, attributes and their spelling.
struct Structure {
  int64_t dataRank, indicesRank, axis, batchDims;
  bool negativeAxis, negativeBatchDims;
};

/// Every structure once: each (rank(data), rank(indices), axis, batch_dims)
/// with axis spelled both ways and batch_dims spelled both ways where a
/// negative spelling exists (b < q).
std::vector<Structure> getAllStructures() {
  std::vector<Structure> out;
  for (int64_t r = 1; r <= 4; ++r)
    for (int64_t q = 0; q <= 3; ++q)
      for (int64_t a = 0; a < r; ++a)
        for (int64_t b = 0; b <= std::min(a, q); ++b)
          for (bool negA : {false, true})
            for (bool negB : {false, true})
              if (!negB || b < q)
                out.push_back({r, q, a, b, negA, negB});
  return out;
}

Structure getRandomStructure(Random &rng) {
  Structure s;
  s.dataRank = rng.uniform(1, 4);
  s.indicesRank = rng.uniform(0, 3);
  s.axis = rng.uniform(0, s.dataRank - 1);
  s.batchDims = rng.uniform(0, std::min(s.axis, s.indicesRank));
  s.negativeAxis = rng.chance(50);
  s.negativeBatchDims = s.batchDims < s.indicesRank && rng.chance(50);
  return s;
}

/// A small dimension size, sometimes a larger one.
int64_t getRandomSize(Random &rng) {
  return rng.chance(10) ? rng.uniform(5, 9) : rng.uniform(1, 4);
}

/// Fills in the sizes, types and values of a case of structure `s`.
GatherCase generateCase(unsigned id, const Structure &s, uint64_t seed) {
  Random rng(seed ^ (0x51ed2700ULL + id * 0x2545f4914f6cdd1dULL));
  GatherCase c;
  c.id = id;
  c.axis = s.axis;
  c.batchDims = s.batchDims;
  c.axisAttr = s.negativeAxis ? s.axis - s.dataRank : s.axis;
  c.batchDimsAttr =
      s.negativeBatchDims ? s.batchDims - s.indicesRank : s.batchDims;

  uint64_t pick = rng.uniform(0, 99);
  c.element = pick < 70   ? ElementKind::F32
              : pick < 80 ? ElementKind::I32
              : pick < 90 ? ElementKind::F64
                          : ElementKind::I8;
  c.index = static_cast<IndexKind>(rng.uniform(0, 3));

  int64_t r = s.dataRank, q = s.indicesRank, a = s.axis, b = s.batchDims;
  bool withZero = rng.chance(8);
  bool wideInner = a + 1 < r && rng.chance(15);
  // Draw shapes until the case is small enough to run quickly.
  for (;;) {
    c.dataShape.assign(r, 0);
    c.indicesShape.assign(q, 0);
    for (int64_t i = 0; i < r; ++i)
      c.dataShape[i] = getRandomSize(rng);
    c.dataShape[a] = rng.chance(15) ? rng.uniform(7, 12) : rng.uniform(1, 6);
    if (wideInner)
      c.dataShape[rng.uniform(a + 1, r - 1)] = rng.uniform(16, 40);
    for (int64_t i = 0; i < q; ++i)
      c.indicesShape[i] = i < b ? c.dataShape[i] : getRandomSize(rng);
    if (withZero) {
      // One empty dimension of data or indices, kept consistent across the
      // batch dimensions.
      int64_t where = rng.uniform(0, r + q - 1);
      if (where < r) {
        c.dataShape[where] = 0;
        if (where < b)
          c.indicesShape[where] = 0;
      } else {
        c.indicesShape[where - r] = 0;
        if (where - r < b)
          c.dataShape[where - r] = 0;
      }
    }
    // An empty gathered dimension admits no index value: indices must be
    // empty then.
    if (c.dataShape[a] == 0 && getNumElements(c.indicesShape) != 0) {
      if (q == 0) {
        c.dataShape[a] = rng.uniform(1, 4);
      } else {
        int64_t j = rng.uniform(0, q - 1);
        c.indicesShape[j] = 0;
        if (j < b)
          c.dataShape[j] = 0;
      }
    }
    if (getNumElements(c.dataShape) <= 8192 &&
        getNumElements(c.indicesShape) <= 512 &&
        getNumElements(getResultShape(c)) <= 16384)
      break;
  }

  // Dynamic dimensions: none, some, or all.
  int64_t mode = rng.uniform(0, 2);
  auto isDynamic = [&]() { return mode == 2 || (mode == 1 && rng.chance(35)); };
  c.dataDynamic.assign(r, false);
  c.indicesDynamic.assign(q, false);
  for (int64_t i = 0; i < r; ++i)
    c.dataDynamic[i] = isDynamic();
  for (int64_t i = 0; i < q; ++i)
    c.indicesDynamic[i] = isDynamic();
  // The declared result is dynamic where its source is, sometimes more.
  for (int64_t i = 0; i < a; ++i) {
    bool dynamic = c.dataDynamic[i];
    if (i < b && dynamic && !c.indicesDynamic[i])
      dynamic = rng.chance(50);
    c.resultDynamic.push_back(dynamic || rng.chance(5));
  }
  for (int64_t i = b; i < q; ++i)
    c.resultDynamic.push_back(c.indicesDynamic[i] || rng.chance(5));
  for (int64_t i = a + 1; i < r; ++i)
    c.resultDynamic.push_back(c.dataDynamic[i] || rng.chance(5));

  int64_t size = c.dataShape[a];
  bool isUnsigned = c.index == IndexKind::UI32;
  int64_t numIndices = getNumElements(c.indicesShape);
  for (int64_t n = 0; n < numIndices; ++n)
    c.indexValues.push_back(isUnsigned ? rng.uniform(0, size - 1)
                                       : rng.uniform(-size, size - 1));
  return c;
}

/// All cases of a run: every structure once, the rest random, shuffled so
/// that each module mixes them.
std::vector<GatherCase> generateCases(uint64_t seed) {
  Random rng(seed);
  std::vector<Structure> structures = getAllStructures();
  while (structures.size() < kNumCases)
    structures.push_back(getRandomStructure(rng));
  for (size_t n = structures.size(); n > 1; --n)
    std::swap(structures[n - 1], structures[rng.uniform(0, n - 1)]);
  std::vector<GatherCase> cases;
  for (unsigned id = 0; id < structures.size(); ++id)
    cases.push_back(generateCase(id, structures[id], seed));
  return cases;
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

/// Writes the value of the data element at linear position `n`: distinct
/// values for the float and i32 kinds, a repeating pattern for i8.
void writeDataPattern(ElementKind kind, int64_t n, uint8_t *out) {
  switch (kind) {
  case ElementKind::F32: {
    float v = static_cast<float>(n) + 0.25f;
    std::memcpy(out, &v, sizeof(v));
    return;
  }
  case ElementKind::F64: {
    double v = static_cast<double>(n) * 1.5 + 0.125;
    std::memcpy(out, &v, sizeof(v));
    return;
  }
  case ElementKind::I32: {
    int32_t v = static_cast<int32_t>(n * 3 - 7);
    std::memcpy(out, &v, sizeof(v));
    return;
  }
  case ElementKind::I8: {
    int8_t v = static_cast<int8_t>(static_cast<uint8_t>(n * 37 + 11));
    std::memcpy(out, &v, sizeof(v));
    return;
  }
  }
}

Buffer makeDataBuffer(const GatherCase &c) {
  int64_t n = getNumElements(c.dataShape), size = getByteSize(c.element);
  Buffer buffer(n * size);
  for (int64_t i = 0; i < n; ++i)
    writeDataPattern(c.element, i, buffer.data() + i * size);
  return buffer;
}

Buffer makeIndicesBuffer(const GatherCase &c) {
  int64_t size = getByteSize(c.index);
  Buffer buffer(c.indexValues.size() * size);
  for (size_t i = 0; i < c.indexValues.size(); ++i) {
    int64_t v = c.indexValues[i];
    uint8_t *out = buffer.data() + i * size;
    if (size == 4) {
      int32_t narrow = static_cast<int32_t>(v);
      std::memcpy(out, &narrow, 4);
    } else {
      std::memcpy(out, &v, 8);
    }
  }
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

/// Reads index `n` from the indices buffer with the signedness of its type.
int64_t readIndex(const GatherCase &c, const Buffer &indices, int64_t n) {
  const uint8_t *p = indices.data() + n * getByteSize(c.index);
  switch (c.index) {
  case IndexKind::I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case IndexKind::UI32: {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case IndexKind::I64:
  case IndexKind::Index: {
    int64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  }
  return 0;
}

/// The reference gather: walks the result index space in row-major order
/// and copies each element from where DESIGN.md section 1 says it comes.
std::vector<uint8_t> referenceGather(const GatherCase &c, const Buffer &data,
                                     const Buffer &indices) {
  std::vector<int64_t> resultShape = getResultShape(c);
  int64_t elementSize = getByteSize(c.element);
  int64_t total = getNumElements(resultShape);
  std::vector<uint8_t> out(total * elementSize);
  int64_t a = c.axis, b = c.batchDims;
  int64_t q = c.indicesShape.size(), r = c.dataShape.size();
  int64_t size = c.dataShape[a];
  std::vector<int64_t> pos(resultShape.size(), 0);
  for (int64_t n = 0; n < total; ++n) {
    // pos = [p0..p(a-1), j(b)..j(q-1), t(a+1)..t(r-1)].
    std::vector<int64_t> indexCoords;
    for (int64_t i = 0; i < b; ++i)
      indexCoords.push_back(pos[i]);
    for (int64_t i = 0; i < q - b; ++i)
      indexCoords.push_back(pos[a + i]);
    int64_t k = readIndex(c, indices, linearize(indexCoords, c.indicesShape));
    if (k < 0)
      k += size;
    std::vector<int64_t> dataCoords(pos.begin(), pos.begin() + a);
    dataCoords.push_back(k);
    for (int64_t t = a + 1; t < r; ++t)
      dataCoords.push_back(pos[a + (q - b) + (t - a - 1)]);
    int64_t from = linearize(dataCoords, c.dataShape);
    std::memcpy(out.data() + n * elementSize, data.data() + from * elementSize,
                elementSize);
    // Next position, last dimension fastest.
    for (int64_t d = static_cast<int64_t>(pos.size()) - 1; d >= 0; --d) {
      if (++pos[d] < resultShape[d])
        break;
      pos[d] = 0;
    }
  }
  return out;
}

std::string formatElement(ElementKind kind, const uint8_t *p) {
  switch (kind) {
  case ElementKind::F32: {
    float v;
    std::memcpy(&v, p, 4);
    return std::to_string(v);
  }
  case ElementKind::F64: {
    double v;
    std::memcpy(&v, p, 8);
    return std::to_string(v);
  }
  case ElementKind::I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return std::to_string(v);
  }
  case ElementKind::I8: {
    int8_t v;
    std::memcpy(&v, p, 1);
    return std::to_string(v);
  }
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Memref descriptors
//===----------------------------------------------------------------------===//

// The descriptor of a rank-N memref is {allocated, aligned, offset,
// sizes[N], strides[N]}, pointers and integers all 8 bytes, whatever the
// element type. Check that against the runtime's definition.
static_assert(sizeof(void *) == 8, "64-bit hosts only");
static_assert(sizeof(StridedMemRefType<float, 0>) == 3 * 8, "layout");
static_assert(sizeof(StridedMemRefType<int8_t, 6>) == (3 + 2 * 6) * 8,
              "layout");
using RankFourDescriptor = StridedMemRefType<double, 4>;
static_assert(offsetof(RankFourDescriptor, sizes) == 3 * 8, "layout");
static_assert(offsetof(RankFourDescriptor, strides) == 7 * 8, "layout");

/// A descriptor of any rank, as 8-byte words.
class Descriptor {
public:
  explicit Descriptor(int64_t rank) : rank(rank), words(3 + 2 * rank, 0) {}

  /// A row-major descriptor of `shape` over `buffer`.
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
// Reporting a case that ends the process
//===----------------------------------------------------------------------===//

/// The description of the case being executed, printed if the generated code
/// ends the process (its out-of-bounds report calls exit) or crashes.
std::string inFlightText;
volatile bool inFlight = false;

void printInFlight() {
  if (!inFlight)
    return;
  const char header[] = "\ngather-diff: the process ended while running ";
  ssize_t ignored = ::write(2, header, sizeof(header) - 1);
  ignored = ::write(2, inFlightText.data(), inFlightText.size());
  (void)ignored;
}

void installInFlightReporters() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::atexit(printInFlight);
    llvm::sys::AddSignalHandler([](void *) { printInFlight(); }, nullptr);
  });
}

//===----------------------------------------------------------------------===//
// Compiling and running
//===----------------------------------------------------------------------===//

/// One lowering configuration of a module.
struct Config {
  gather::GatherLoweringStrategy strategy;
  const char *strategyName;
  unsigned optLevel;
  /// Lower with gather-to-atb (default SoC) instead of gather-to-llvm.
  bool atb = false;

  const char *getPipelineName() const {
    return atb ? "gather-to-atb" : "gather-to-llvm";
  }
};

/// The context every module is parsed in: the gather dialect, every upstream
/// dialect and extension, and the LLVM IR translations.
std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  gather::registerGatherPipelineDialects(registry);
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  // The machine is shared: one thread, like the rest of the test.
  context->disableMultithreading();
  return context;
}

/// Parses `text`, lowers it with `gather-to-llvm` (or `gather-to-atb`) and
/// JIT-compiles it.
/// Returns null and fills `error` on failure.
std::unique_ptr<ExecutionEngine> compile(MLIRContext &context,
                                         const std::string &text,
                                         const Config &config,
                                         std::string &error) {
  llvm::raw_string_ostream errorStream(error);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    errorStream << diag.getLocation() << ": " << diag << "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  if (!module) {
    errorStream << "parse failed\n";
    return nullptr;
  }
  PassManager pm(&context);
  LogicalResult built = failure();
  if (config.atb) {
    gather::GatherToATBPipelineOptions options;
    options.boundsCheck = gather::BoundsCheck::Assert;
    options.strategy = config.strategy;
    built = gather::buildGatherToATBPipeline(pm, options, errorStream);
  } else {
    gather::GatherPipelineOptions options;
    options.boundsCheck = gather::BoundsCheck::Assert;
    options.strategy = config.strategy;
    built = gather::buildGatherToLLVMPipeline(pm, options, errorStream);
  }
  if (failed(built) || failed(pm.run(*module))) {
    errorStream << config.getPipelineName() << " failed\n";
    return nullptr;
  }
  auto transformer = makeOptimizingTransformer(config.optLevel, 0, nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = config.optLevel >= 3
                                         ? llvm::CodeGenOptLevel::Aggressive
                                         : llvm::CodeGenOptLevel::Default;
  StringRef libs[] = {kCRunnerUtils, kAscendRuntime};
  engineOptions.sharedLibPaths = ArrayRef(libs).take_front(config.atb ? 2 : 1);
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  auto engine = ExecutionEngine::create(*module, engineOptions);
  if (!engine) {
    errorStream << "ExecutionEngine::create failed: "
                << llvm::toString(engine.takeError()) << "\n";
    return nullptr;
  }
  return std::move(*engine);
}

/// Runs case `c` with the compiled `engine` and compares with the reference.
/// Returns true when they agree; reports a gtest failure otherwise.
bool runCase(ExecutionEngine &engine, const GatherCase &c,
             const Config &config) {
  std::string description = describeCase(
      c, config.strategyName, config.optLevel, config.getPipelineName());
  auto symbol = engine.lookup("_mlir_ciface_" + getFunctionName(c));
  if (!symbol) {
    ADD_FAILURE() << "no C interface: " << llvm::toString(symbol.takeError())
                  << "\n"
                  << description;
    return false;
  }
  using Fn = void (*)(void *, void *, void *);
  Fn fn = reinterpret_cast<Fn>(*symbol);

  Buffer data = makeDataBuffer(c);
  Buffer indices = makeIndicesBuffer(c);
  std::vector<int64_t> resultShape = getResultShape(c);
  int64_t resultRank = resultShape.size();
  Descriptor dataDesc(c.dataShape, data.data());
  Descriptor indicesDesc(c.indicesShape, indices.data());
  Descriptor result(resultRank);

  inFlightText = description;
  inFlight = true;
  fn(result.get(), dataDesc.get(), indicesDesc.get());
  inFlight = false;

  std::vector<uint8_t> expected = referenceGather(c, data, indices);
  int64_t elementSize = getByteSize(c.element);
  int64_t total = getNumElements(resultShape);
  std::string problems;
  llvm::raw_string_ostream os(problems);
  bool shapeOk = true;
  for (int64_t d = 0; d < resultRank; ++d)
    shapeOk &= result.size(d) == resultShape[d];
  if (!shapeOk) {
    os << "result sizes [";
    for (int64_t d = 0; d < resultRank; ++d)
      os << (d ? ", " : "") << result.size(d);
    os << "], expected " << formatShape(resultShape) << "\n";
  } else if (total > 0) {
    // Identity layout: row-major strides (a size-1 dimension's stride is
    // never used) and every element equal to the reference.
    int64_t stride = 1;
    for (int64_t d = resultRank - 1; d >= 0; --d) {
      if (resultShape[d] > 1 && result.stride(d) != stride)
        os << "stride " << d << " is " << result.stride(d) << ", expected "
           << stride << "\n";
      stride *= resultShape[d];
    }
    std::vector<int64_t> pos(resultRank, 0);
    int64_t mismatches = 0;
    for (int64_t n = 0; n < total; ++n) {
      int64_t at = result.offset();
      for (int64_t d = 0; d < resultRank; ++d)
        at += pos[d] * result.stride(d);
      const uint8_t *got = result.aligned() + at * elementSize;
      const uint8_t *want = expected.data() + n * elementSize;
      if (std::memcmp(got, want, elementSize) != 0 && mismatches++ < 8) {
        os << "  at " << formatShape(pos) << ": got "
           << formatElement(c.element, got) << ", expected "
           << formatElement(c.element, want) << "\n";
      }
      for (int64_t d = resultRank - 1; d >= 0; --d) {
        if (++pos[d] < resultShape[d])
          break;
        pos[d] = 0;
      }
    }
    if (mismatches)
      os << mismatches << " of " << total << " elements differ\n";
  }

  // The callee allocated the result with malloc unless it handed back one
  // of the arguments' buffers.
  void *allocated = result.allocated();
  if (allocated != data.data() && allocated != indices.data())
    std::free(allocated);

  if (problems.empty())
    return true;
  ADD_FAILURE() << "gather result differs from the reference\n"
                << problems << description;
  return false;
}

/// The cases of every run, generated once per process.
const std::vector<GatherCase> &getCases() {
  static const std::vector<GatherCase> cases = generateCases(getSeed());
  return cases;
}

/// One-time process set-up: the native JIT target, and the upstream passes
/// the pipeline builder finds by name.
void initializeOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerAllPasses();
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

/// The generated cases cover what the differential test promises.
TEST(GatherDifferential, CasesCoverTheSpace) {
  const std::vector<GatherCase> &cases = getCases();
  ASSERT_GE(cases.size(), 500u);
  std::vector<Structure> structures = getAllStructures();
  std::vector<bool> seen(structures.size(), false);
  int64_t elementKinds[4] = {}, indexKinds[4] = {};
  int64_t negativeIndices[4] = {}, zeroSized = 0, dynamic = 0, fullyStatic = 0;
  for (const GatherCase &c : cases) {
    int64_t r = c.dataShape.size(), q = c.indicesShape.size();
    for (size_t s = 0; s < structures.size(); ++s) {
      const Structure &st = structures[s];
      seen[s] = seen[s] || (st.dataRank == r && st.indicesRank == q &&
                            st.axis == c.axis && st.batchDims == c.batchDims &&
                            st.negativeAxis == (c.axisAttr < 0) &&
                            st.negativeBatchDims == (c.batchDimsAttr < 0));
    }
    // The spelled attributes normalise to the intended ones.
    EXPECT_EQ(c.axisAttr < 0 ? c.axisAttr + r : c.axisAttr, c.axis);
    EXPECT_EQ(c.batchDimsAttr < 0 ? c.batchDimsAttr + q : c.batchDimsAttr,
              c.batchDims);
    ++elementKinds[static_cast<int>(c.element)];
    ++indexKinds[static_cast<int>(c.index)];
    for (int64_t v : c.indexValues) {
      EXPECT_LT(v, c.dataShape[c.axis]);
      EXPECT_GE(v, -c.dataShape[c.axis]);
      if (v < 0)
        ++negativeIndices[static_cast<int>(c.index)];
    }
    bool anyZero =
        getNumElements(c.dataShape) == 0 || getNumElements(c.indicesShape) == 0;
    zeroSized += anyZero;
    bool anyDynamic = false;
    for (bool d : c.dataDynamic)
      anyDynamic |= d;
    for (bool d : c.indicesDynamic)
      anyDynamic |= d;
    dynamic += anyDynamic;
    fullyStatic += !anyDynamic;
  }
  for (size_t s = 0; s < structures.size(); ++s)
    EXPECT_TRUE(seen[s]) << "rank(data)=" << structures[s].dataRank
                         << " rank(indices)=" << structures[s].indicesRank
                         << " axis=" << structures[s].axis
                         << " batch_dims=" << structures[s].batchDims;
  for (int k = 0; k < 4; ++k) {
    EXPECT_GT(elementKinds[k], 0) << getName(static_cast<ElementKind>(k));
    EXPECT_GT(indexKinds[k], 0) << getName(static_cast<IndexKind>(k));
  }
  EXPECT_GT(elementKinds[static_cast<int>(ElementKind::F32)],
            static_cast<int64_t>(cases.size()) / 2);
  EXPECT_GT(negativeIndices[static_cast<int>(IndexKind::I32)], 0);
  EXPECT_GT(negativeIndices[static_cast<int>(IndexKind::I64)], 0);
  EXPECT_GT(negativeIndices[static_cast<int>(IndexKind::Index)], 0);
  EXPECT_EQ(negativeIndices[static_cast<int>(IndexKind::UI32)], 0);
  EXPECT_GT(zeroSized, 0);
  EXPECT_GT(dynamic, 0);
  EXPECT_GT(fullyStatic, 0);
}

/// One module of kCasesPerBatch cases, lowered with each strategy.
class GatherDifferentialBatch : public ::testing::TestWithParam<unsigned> {};

TEST_P(GatherDifferentialBatch, MatchesReference) {
  initializeOnce();
  installInFlightReporters();
  unsigned batch = GetParam();
  const std::vector<GatherCase> &all = getCases();
  std::vector<const GatherCase *> cases;
  for (unsigned id = batch * kCasesPerBatch;
       id < (batch + 1) * kCasesPerBatch && id < all.size(); ++id)
    cases.push_back(&all[id]);
  std::unique_ptr<MLIRContext> context = makeContext();
  std::string text = getModuleText(cases);

  // Both strategies, with the LLVM optimisation level alternating.
  const Config configs[] = {
      {gather::GatherLoweringStrategy::Slices, "slices", 2 + batch % 2},
      {gather::GatherLoweringStrategy::Generic, "generic", 3 - batch % 2}};
  unsigned passed = 0;
  for (const Config &config : configs) {
    std::string error;
    std::unique_ptr<ExecutionEngine> engine =
        compile(*context, text, config, error);
    if (engine) {
      for (const GatherCase *c : cases)
        passed += runCase(*engine, *c, config);
      continue;
    }
    // The module failed: compile each case on its own to name the culprits,
    // and still run the others.
    unsigned culprits = 0;
    for (const GatherCase *c : cases) {
      std::string caseError;
      std::unique_ptr<ExecutionEngine> caseEngine =
          compile(*context, getModuleText({c}), config, caseError);
      if (caseEngine) {
        passed += runCase(*caseEngine, *c, config);
        continue;
      }
      ++culprits;
      ADD_FAILURE() << "compilation failed:\n"
                    << caseError
                    << describeCase(*c, config.strategyName, config.optLevel);
    }
    if (!culprits)
      ADD_FAILURE() << "the module of batch " << batch << " fails (strategy "
                    << config.strategyName
                    << ") although each case compiles alone:\n"
                    << error << text;
  }
  EXPECT_EQ(passed, 2 * cases.size());
}

INSTANTIATE_TEST_SUITE_P(All, GatherDifferentialBatch,
                         ::testing::Range(0u, kNumBatches));

/// Whether gather-to-atb sends case `c` to ATB on the default SoC
/// (ascend910b): ATB element and index types and no empty tensor. (Ranks and
/// sizes of the cases are well within ATB's limits.)
bool isATBCase(const GatherCase &c) {
  return (c.element == ElementKind::F32 || c.element == ElementKind::I32) &&
         c.index != IndexKind::Index && getNumElements(c.dataShape) > 0 &&
         getNumElements(c.indicesShape) > 0;
}

/// The first kATBCasesPerBatch * kNumATBBatches cases that go to ATB.
std::vector<const GatherCase *> getATBCases() {
  std::vector<const GatherCase *> cases;
  for (const GatherCase &c : getCases())
    if (isATBCase(c) && cases.size() < kATBCasesPerBatch * kNumATBBatches)
      cases.push_back(&c);
  return cases;
}

/// One module of kATBCasesPerBatch cases that ATB runs, lowered with
/// gather-to-atb.
class GatherDifferentialATBBatch : public ::testing::TestWithParam<unsigned> {};

TEST_P(GatherDifferentialATBBatch, MatchesReference) {
  initializeOnce();
  installInFlightReporters();
  unsigned batch = GetParam();
  std::vector<const GatherCase *> all = getATBCases();
  ASSERT_EQ(all.size(), kATBCasesPerBatch * kNumATBBatches);
  std::vector<const GatherCase *> cases(all.begin() + batch * kATBCasesPerBatch,
                                        all.begin() +
                                            (batch + 1) * kATBCasesPerBatch);
  // The sample covers what the Ascend path normalises.
  bool negativeAxis = false, rank0 = false, negativeIndex = false,
       unsignedIndex = false, dynamic = false;
  for (const GatherCase *c : cases) {
    negativeAxis |= c->axisAttr < 0;
    rank0 |= c->indicesShape.empty();
    unsignedIndex |= c->index == IndexKind::UI32;
    for (int64_t v : c->indexValues)
      negativeIndex |= v < 0;
    for (bool d : c->dataDynamic)
      dynamic |= d;
  }
  EXPECT_TRUE(negativeAxis && rank0 && negativeIndex && unsignedIndex &&
              dynamic);

  std::unique_ptr<MLIRContext> context = makeContext();
  Config config = {gather::GatherLoweringStrategy::Slices, "slices",
                   2 + batch % 2, /*atb=*/true};
  std::string error;
  std::unique_ptr<ExecutionEngine> engine =
      compile(*context, getModuleText(cases), config, error);
  ASSERT_TRUE(engine) << error;
  gatherAtbResetForTesting();
  unsigned passed = 0;
  for (const GatherCase *c : cases)
    passed += runCase(*engine, *c, config);
  EXPECT_EQ(passed, cases.size());
  // Every case ran on ATB once (none took the CPU branch of a guard).
  int64_t executes = 0;
  gatherAtbGetStats(nullptr, nullptr, &executes);
  EXPECT_EQ(executes, static_cast<int64_t>(cases.size()));
}

INSTANTIATE_TEST_SUITE_P(All, GatherDifferentialATBBatch,
                         ::testing::Range(0u, kNumATBBatches));

} // namespace

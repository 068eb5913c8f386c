//===- Generator.cpp - draw random valid gather programs ------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Generator.h"

#include "gather-mlir/Fuzz/Reference.h"
#include "gather-mlir/Harness/MemRef.h"

#include <algorithm>
#include <climits>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;
using harness::getNumElements;

namespace {
using Random = SplitMix64;

uint64_t getWidthMask(IndexKind kind) {
  return getByteSize(kind) == 4 ? 0xffffffffULL : ~0ULL;
}

/// The bits of `value` in an index of type `kind`.
uint64_t toBits(IndexKind kind, int64_t value) {
  return static_cast<uint64_t>(value) & getWidthMask(kind);
}

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

/// Indices sizes of a gather on data of `dataSizes` with axis `a` and
/// batch_dims `b` (rank `q`), bounded so that it runs quickly; falls back to
/// no indices (or one empty dimension) after 20 tries.
void drawIndicesSizes(Random &rng, GatherStep &step,
                      const std::vector<int64_t> &dataSizes, int64_t q,
                      bool zeroSizes) {
  int64_t a = step.axis, b = step.batchDims;
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
      return;
    if (attempt > 20) {
      step.batchDims = step.batchDimsAttr = 0;
      step.indices.sizes.clear();
      if (dataSizes[a] == 0)
        step.indices.sizes = {0};
      return;
    }
  }
}

/// A gather on data of run-time sizes `dataSizes` (declared
/// `dataDeclared`).
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
  drawIndicesSizes(rng, step, dataSizes, q, zeroSizes);
  step.indices.declared = declare(rng, step.indices.sizes, rng.uniform(0, 2));
  step.indicesSource = step.indices.declared;
  std::vector<int64_t> resultSizes =
      getResultOf(dataSizes, step.indices.sizes, a, step.batchDims);
  step.resultDeclared = declareResult(rng, resultSizes, dataDeclared,
                                      step.indices.declared, a, step.batchDims);
  fillInRange(rng, step, dataSizes[a]);
  return step;
}

/// An out-of-range value of `kind` for a gathered size `size`, extremes of
/// the type included (unsigned values at and above 2^31 and 2^63 never
/// wrap).
uint64_t drawOutOfRange(Random &rng, IndexKind kind, int64_t size) {
  bool wide = getByteSize(kind) == 8;
  if (isUnsigned(kind)) {
    static const uint64_t high32[] = {0x80000000ULL, 0x80000005ULL,
                                      0xffffffffULL};
    static const uint64_t high64[] = {
        0x8000000000000000ULL, 0xfffffffffffffffeULL, ~0ULL, 0x100000000ULL};
    switch (rng.uniform(0, 2)) {
    case 0:
      return size;
    case 1:
      return size + rng.uniform(1, 1000);
    default:
      return wide ? high64[rng.uniform(0, 3)] : high32[rng.uniform(0, 2)];
    }
  }
  switch (rng.uniform(0, 4)) {
  case 0:
    return toBits(kind, size);
  case 1:
    return toBits(kind, -size - 1);
  case 2:
    return toBits(kind, size + rng.uniform(1, 1000));
  case 3:
    return toBits(kind, -size - rng.uniform(1, 1000));
  default:
    return toBits(kind, wide ? (rng.chance(50) ? INT64_MIN : INT64_MAX)
                             : (rng.chance(50) ? INT32_MIN : INT32_MAX));
  }
}

/// Replaces one to three index values of `step` (gathered size `size`) by
/// out-of-range ones.
void makeOutOfBounds(Random &rng, GatherStep &step, int64_t size) {
  int64_t n = step.indexBits.size();
  for (int64_t k = rng.uniform(1, 3); k > 0; --k)
    step.indexBits[rng.uniform(0, n - 1)] =
        drawOutOfRange(rng, step.index, size) & getWidthMask(step.index);
}

/// Makes the first gather's batch dimension `i` differ at run time between
/// data and indices, both declared dynamic.
void makeBatchMismatch(Random &rng, Program &p, int64_t i) {
  GatherStep &step = p.steps[0];
  int64_t d = p.data.sizes[i];
  p.data.declared[i] = kDynamic;
  step.indices.declared[i] = kDynamic;
  step.indicesSource[i] = kDynamic;
  step.indices.sizes[i] = d > 1 && rng.chance(50) ? d - 1 : d + 1;
  step.resultDeclared[i] = kDynamic;
  if (!p.castTo.empty())
    p.castTo[i] = kDynamic;
  fillInRange(rng, step, p.data.sizes[step.axis]);
  p.note = "batch dimension " + std::to_string(i) + ": data " +
           std::to_string(d) + ", indices " +
           std::to_string(step.indices.sizes[i]);
}

/// Makes data dimension `d` dynamic for the first gather: the argument
/// itself, or (`viaCast`) a `tensor.cast` of the static argument.
void makeDataDimDynamic(Program &p, int64_t d, bool viaCast) {
  if (viaCast && p.castTo.empty())
    p.castTo = p.data.declared;
  if (!viaCast)
    p.data.declared[d] = kDynamic;
  if (!p.castTo.empty())
    p.castTo[d] = kDynamic;
}

/// Makes the run-time sizes of `p` (one gather) break a rule that depends on
/// dynamic sizes: unequal batch dimensions, or a declared static result size
/// fed by a dynamic one (a dynamic argument, or a `tensor.cast` of a static
/// data or indices argument) that differs. Returns false if the program
/// offers no way to.
bool makeSizeMismatch(Random &rng, Program &p) {
  GatherStep &step = p.steps[0];
  int64_t a = step.axis, b = step.batchDims, q = step.indices.sizes.size();
  if (b > 0 && rng.chance(50)) {
    makeBatchMismatch(rng, p, rng.uniform(0, b - 1));
    return true;
  }
  std::vector<int64_t> resultSizes =
      getResultOf(p.data.sizes, step.indices.sizes, a, b);
  int64_t n = resultSizes.size();
  if (n == 0)
    return false;
  int64_t pos = rng.uniform(0, n - 1);
  bool viaCast = rng.chance(50);
  if (pos < a) {
    makeDataDimDynamic(p, pos, viaCast);
    if (pos < b)
      step.indices.declared[pos] = step.indicesSource[pos] = kDynamic;
  } else if (pos < a + (q - b)) {
    int64_t dim = b + (pos - a);
    step.indices.declared[dim] = kDynamic;
    step.indicesSource[dim] = viaCast ? step.indices.sizes[dim] : kDynamic;
  } else {
    makeDataDimDynamic(p, a + 1 + (pos - a - (q - b)), viaCast);
  }
  step.resultDeclared[pos] = resultSizes[pos] + 1;
  p.note = "result dimension " + std::to_string(pos) + ": declared " +
           std::to_string(resultSizes[pos] + 1) + ", actual " +
           std::to_string(resultSizes[pos]) +
           (viaCast ? " (behind a tensor.cast)" : "");
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
  // Rows (result [n, cols]) or columns of each row (result [rows, n]).
  step.axis = rng.chance(50) ? 0 : 1;
  step.axisAttr = rng.chance(50) ? step.axis - 2 : step.axis;
  int64_t other = step.axis == 0 ? cols : rows;
  step.indices.sizes = {1048576 / (other * getByteSize(p.element)) +
                        rng.uniform(1, 64)};
  step.indices.declared = declare(rng, step.indices.sizes, rng.uniform(0, 2));
  step.indicesSource = step.indices.declared;
  std::vector<int64_t> resultSizes =
      getResultOf(p.data.sizes, step.indices.sizes, step.axis, 0);
  step.resultDeclared = declareResult(rng, resultSizes, p.data.declared,
                                      step.indices.declared, step.axis, 0);
  fillInRange(rng, step, p.data.sizes[step.axis]);
  p.steps = {step};
}

/// Random data sizes (ranks 1..4, at most 4096 elements) and one gather.
void drawSmall(Random &rng, Program &p, const GeneratorOptions &options) {
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

/// `tensor.cast` producers that make static sizes dynamic: of the data
/// (one or more sizes), and of static indices arguments.
void addCasts(Random &rng, Program &p) {
  p.castTo = p.data.declared;
  bool any = false;
  for (int64_t &s : p.castTo)
    if (s != kDynamic && (rng.chance(50) || !any)) {
      s = kDynamic;
      any = true;
    }
  if (!any)
    p.castTo.clear();
  GatherStep &step = p.steps[0];
  if (rng.chance(50))
    step.indicesSource = step.indices.sizes;
  // The first gather's declared result follows from the cast's result.
  std::vector<int64_t> sizes =
      getResultOf(p.data.sizes, step.indices.sizes, step.axis, step.batchDims);
  step.resultDeclared =
      declareResult(rng, sizes, p.castTo.empty() ? p.data.declared : p.castTo,
                    step.indices.declared, step.axis, step.batchDims);
}

/// A second gather on the first one's result.
void addChain(Random &rng, Program &p, const GeneratorOptions &options) {
  const GatherStep &first = p.steps[0];
  std::vector<int64_t> sizes = getResultOf(p.data.sizes, first.indices.sizes,
                                           first.axis, first.batchDims);
  if (!sizes.empty() && getNumElements(sizes) <= 4096)
    p.steps.push_back(generateStep(rng, sizes, first.resultDeclared,
                                   /*maxIndicesRank=*/2, options.zeroSizes));
}

/// Out-of-range values in one gather whose indices are an argument.
void addOutOfBounds(Random &rng, Program &p) {
  std::vector<int64_t> sizes = p.data.sizes;
  for (GatherStep &step : p.steps) {
    int64_t size = sizes[step.axis];
    if (!step.producer && !step.indexBits.empty() && size > 0 &&
        rng.chance(70)) {
      makeOutOfBounds(rng, step, size);
      p.expect = Expectation::OutOfBounds;
      return;
    }
    sizes = getResultOf(sizes, step.indices.sizes, step.axis, step.batchDims);
  }
}

/// Computes the first gather's indices with a producer whose values are out
/// of range with the chosen probability (never in a program whose sizes
/// break a rule: that check comes first).
void addProducer(Random &rng, Program &p, const GeneratorOptions &options) {
  GatherStep &step = p.steps[0];
  int64_t size = p.data.sizes[step.axis];
  bool hasValues = getNumElements(step.indices.sizes) > 0 && size > 0;
  bool outOfRange = hasValues && p.expect != Expectation::SizeMismatch &&
                    rng.chance(options.producerOutOfRangePercent);
  // tensor.bitcast, the only way from arith's signless integers to signed
  // and unsigned index types, does not bufferize: producers make signless
  // indices of the same width.
  if (step.index == IndexKind::SI32 || step.index == IndexKind::UI32)
    step.index = IndexKind::I32;
  if (step.index == IndexKind::SI64 || step.index == IndexKind::UI64)
    step.index = IndexKind::I64;
  step.producer =
      generateProducer(rng, step.indices.sizes, step.index, size, outOfRange);
  step.indicesSource = step.indices.sizes;
  step.indexBits = evaluateProducer(*step.producer);
  if (!outOfRange)
    return;
  p.expect = Expectation::OutOfBounds;
  p.allOutOfRange = true;
  for (uint64_t bits : step.indexBits) {
    bool bad = false;
    selectPosition(step.index, bits, size, bad);
    p.allOutOfRange &= bad;
  }
}

} // namespace

Program fuzz::generateProgram(uint64_t seed, unsigned id,
                              const GeneratorOptions &options) {
  Random rng(seed ^ (0x51ed2700ULL + id * 0x2545f4914f6cdd1dULL));
  Program p;
  p.id = id;
  p.element = getRandomElement(rng);
  bool large = rng.chance(options.largePercent);
  if (large)
    makeLarge(rng, p);
  else
    drawSmall(rng, p, options);
  if (options.casts && rng.chance(options.castPercent))
    addCasts(rng, p);
  bool producer =
      !large && options.producers && rng.chance(options.producerPercent);
  if (options.sizeMismatches && rng.chance(options.mismatchPercent) &&
      makeSizeMismatch(rng, p))
    p.expect = Expectation::SizeMismatch;
  else if (options.chains && rng.chance(options.chainPercent))
    addChain(rng, p, options);
  if (producer)
    addProducer(rng, p, options);
  if (p.expect == Expectation::Match && options.outOfBounds &&
      rng.chance(options.outOfBoundsPercent))
    addOutOfBounds(rng, p);
  p.nested = options.nestedModules && rng.chance(options.nestedPercent);
  return p;
}

std::vector<Program> fuzz::generatePrograms(uint64_t seed, unsigned first,
                                            unsigned count,
                                            const GeneratorOptions &options) {
  std::vector<Program> out;
  for (unsigned id = first; id < first + count; ++id)
    out.push_back(generateProgram(seed, id, options));
  return out;
}

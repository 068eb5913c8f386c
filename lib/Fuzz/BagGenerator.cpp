//===- BagGenerator.cpp - draw random embedding-bag programs --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Draws the bag programs of Bag.h and computes the mask of their reference
// from the semantics of docs/EmbeddingBags.md (bags from the offsets,
// negative ids wrapped once, padding rows skipped), not from the lowering.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Bag.h"

#include "gather-mlir/Fuzz/Reference.h"
#include "gather-mlir/Harness/MemRef.h"
#include "gather-mlir/Support/SplitMix64.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <algorithm>
#include <climits>
#include <cstring>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;
using harness::getNumElements;

const char *fuzz::getName(BagMode mode) {
  static const char *names[] = {"sum", "mean", "max"};
  return names[static_cast<int>(mode)];
}

std::vector<int64_t> BagProgram::getRowSizes() const {
  return std::vector<int64_t>(table.sizes.begin() + batchDims + 1,
                              table.sizes.end());
}

int64_t BagProgram::getNumBags() const {
  if (!ragged)
    return ids.sizes[batchDims];
  int64_t count = offsets.sizes[0];
  return includeLastOffset ? std::max<int64_t>(count - 1, 0) : count;
}

std::vector<int64_t> BagProgram::getResultSizes() const {
  std::vector<int64_t> out(ids.sizes.begin(), ids.sizes.begin() + batchDims);
  out.push_back(getNumBags());
  std::vector<int64_t> row = getRowSizes();
  out.insert(out.end(), row.begin(), row.end());
  return out;
}

namespace {
using Random = SplitMix64;

bool isFloat(ElementKind kind) {
  return kind == ElementKind::F16 || kind == ElementKind::BF16 ||
         kind == ElementKind::F32 || kind == ElementKind::F64;
}

uint64_t getWidthMask(IndexKind kind) {
  return getByteSize(kind) == 4 ? 0xffffffffULL : ~0ULL;
}

/// The bits of `value` in an id or offset of type `kind`.
uint64_t toBits(IndexKind kind, int64_t value) {
  return static_cast<uint64_t>(value) & getWidthMask(kind);
}

/// An offset of type `kind` as the lowering reads it into a 64-bit
/// `index`: unsigned types zero-extended, the others sign-extended.
int64_t readOffset(IndexKind kind, uint64_t bits) {
  if (getByteSize(kind) == 8)
    return static_cast<int64_t>(bits);
  if (isUnsigned(kind))
    return static_cast<int64_t>(bits & 0xffffffffULL);
  return static_cast<int32_t>(bits);
}

/// The bits of the small integer `value` (or, with `negativeZero`, -0.0)
/// in an element of `kind`.
uint64_t encode(ElementKind kind, int64_t value, bool negativeZero = false) {
  if (!isFloat(kind))
    return static_cast<uint64_t>(value) &
           (getByteSize(kind) == 8 ? ~0ULL
                                   : (1ULL << (8 * getByteSize(kind))) - 1);
  const llvm::fltSemantics &semantics =
      kind == ElementKind::F16    ? llvm::APFloat::IEEEhalf()
      : kind == ElementKind::BF16 ? llvm::APFloat::BFloat()
      : kind == ElementKind::F32  ? llvm::APFloat::IEEEsingle()
                                  : llvm::APFloat::IEEEdouble();
  llvm::APFloat f = llvm::APFloat::getZero(semantics, negativeZero);
  if (!negativeZero)
    f.convertFromAPInt(llvm::APInt(64, static_cast<uint64_t>(value), true),
                       /*IsSigned=*/true, llvm::APFloat::rmNearestTiesToEven);
  return f.bitcastToAPInt().getZExtValue();
}

/// A small size; 0 with `zeroPercent`.
int64_t drawSize(Random &rng, int64_t lo, int64_t hi, unsigned zeroPercent) {
  return rng.chance(zeroPercent) ? 0 : rng.uniform(lo, hi);
}

/// `sizes` with each size declared dynamic under a random mode (none, some,
/// all).
std::vector<int64_t> declare(Random &rng, const std::vector<int64_t> &sizes) {
  int64_t mode = rng.uniform(0, 2);
  std::vector<int64_t> out = sizes;
  for (int64_t &s : out)
    if (mode == 2 || (mode == 1 && rng.chance(40)))
      s = kDynamic;
  return out;
}

/// The declared result: static where the declared operands give the size,
/// sometimes dynamic anyway.
std::vector<int64_t> declareResult(Random &rng, const BagProgram &p) {
  std::vector<int64_t> out;
  if (p.batchDims)
    out.push_back(p.ids.declared[0] != kDynamic ? p.ids.declared[0]
                                                : p.table.declared[0]);
  if (!p.ragged)
    out.push_back(p.ids.declared[p.batchDims]);
  else if (p.offsets.declared[0] == kDynamic)
    out.push_back(kDynamic);
  else
    out.push_back(p.includeLastOffset ? p.offsets.declared[0] - 1
                                      : p.offsets.declared[0]);
  out.insert(out.end(), p.table.declared.begin() + p.batchDims + 1,
             p.table.declared.end());
  for (int64_t &s : out)
    if (rng.chance(10))
      s = kDynamic;
  return out;
}

/// The sizes of the table, ids and offsets.
void drawShapes(Random &rng, BagProgram &p) {
  int64_t rowRank = rng.chance(8) ? 0 : rng.chance(12) ? 2 : 1;
  std::vector<int64_t> row;
  if (rowRank == 1)
    row.push_back(rng.chance(4)    ? 0
                  : rng.chance(25) ? rng.uniform(17, 70)
                                   : rng.uniform(1, 16));
  for (int64_t i = 0; rowRank == 2 && i < 2; ++i)
    row.push_back(drawSize(rng, 1, 4, 3));
  int64_t rows = rng.chance(15) ? rng.uniform(13, 40) : rng.uniform(1, 12);
  // Sometimes a static table of at least 1 MiB, whose rows the vector form
  // prefetches (it prefetches tables of dynamic sizes too).
  if (rowRank == 1 && rng.chance(3)) {
    rows = rng.uniform(2048, 2100);
    row[0] = (1 << 20) / (rows * getByteSize(p.element)) + rng.uniform(1, 5);
  }
  if (p.ragged) {
    int64_t n = drawSize(rng, 1, 24, 6);
    int64_t bags = drawSize(rng, 1, 8, 5);
    p.ids.sizes = {n};
    int64_t count = p.includeLastOffset ? bags + 1 : bags;
    std::vector<int64_t> offsets;
    for (int64_t k = 0; k < count; ++k)
      offsets.push_back(rng.uniform(0, n));
    std::sort(offsets.begin(), offsets.end());
    // Empty bags: repeat an offset.
    if (count > 1 && rng.chance(30)) {
      int64_t k = rng.uniform(1, count - 1);
      offsets[k] = offsets[k - 1];
    }
    if (!p.includeLastOffset && count > 0)
      offsets[0] = 0;
    p.offsets.sizes = {count};
    for (int64_t v : offsets)
      p.offsetBits.push_back(toBits(p.offsetKind, v));
  } else {
    if (rng.chance(25)) {
      p.batchDims = 1;
      p.ids.sizes.push_back(rng.uniform(1, 3));
    }
    p.ids.sizes.push_back(drawSize(rng, 1, 6, 6));
    p.ids.sizes.push_back(rng.chance(12) ? 1 : drawSize(rng, 2, 8, 6));
  }
  // An empty table when no id is read.
  if (getNumElements(p.ids.sizes) == 0 && rng.chance(30))
    rows = 0;
  p.table.sizes.assign(p.ids.sizes.begin(), p.ids.sizes.begin() + p.batchDims);
  p.table.sizes.push_back(rows);
  p.table.sizes.insert(p.table.sizes.end(), row.begin(), row.end());
}

/// In-range ids (negative ones for signed types), often the padding row.
void drawIds(Random &rng, BagProgram &p) {
  int64_t rows = p.getNumRows();
  int64_t n = getNumElements(p.ids.sizes);
  std::optional<int64_t> padding;
  if (p.paddingIdx)
    padding = *p.paddingIdx < 0 ? *p.paddingIdx + rows : *p.paddingIdx;
  bool isSigned = !isUnsigned(p.idKind);
  for (int64_t i = 0; i < n; ++i) {
    int64_t v;
    if (padding && rng.chance(25))
      v = isSigned && rng.chance(50) ? *padding - rows : *padding;
    else
      v = isSigned ? rng.uniform(-rows, rows - 1) : rng.uniform(0, rows - 1);
    p.idBits.push_back(toBits(p.idKind, v));
  }
}

/// The positions of the ids that some bag reads (ragged: inside the
/// bounds of a bag).
std::vector<int64_t> getReadPositions(const BagProgram &p) {
  std::vector<int64_t> out;
  int64_t n = getNumElements(p.ids.sizes);
  if (!p.ragged) {
    for (int64_t i = 0; i < n; ++i)
      out.push_back(i);
    return out;
  }
  std::vector<uint8_t> read(n, 0);
  int64_t bags = p.getNumBags();
  for (int64_t b = 0; b < bags; ++b) {
    int64_t start = readOffset(p.offsetKind, p.offsetBits[b]);
    int64_t end = p.includeLastOffset || b + 1 < bags
                      ? readOffset(p.offsetKind, p.offsetBits[b + 1])
                      : n;
    for (int64_t i = start; i < end; ++i)
      read[i] = 1;
  }
  for (int64_t i = 0; i < n; ++i)
    if (read[i])
      out.push_back(i);
  return out;
}

/// An out-of-range id of `kind` for `rows` rows, extremes included.
int64_t drawOutOfRange(Random &rng, IndexKind kind, int64_t rows) {
  bool wide = getByteSize(kind) == 8;
  switch (rng.uniform(0, isUnsigned(kind) ? 2 : 4)) {
  case 0:
    return rows;
  case 1:
    return rows + rng.uniform(1, 100);
  case 2:
    if (isUnsigned(kind))
      return wide ? static_cast<int64_t>(0x8000000000000000ULL)
                  : static_cast<int64_t>(0x80000000LL);
    return -rows - rng.uniform(1, 100);
  case 3:
    return -rows - 1;
  default:
    return wide ? (rng.chance(50) ? INT64_MIN : INT64_MAX)
                : (rng.chance(50) ? INT32_MIN : INT32_MAX);
  }
}

/// Replaces offset `k` by a value that breaks a rule, and says which.
void breakOffsets(Random &rng, BagProgram &p) {
  int64_t count = p.offsets.sizes[0];
  int64_t n = p.ids.sizes[0];
  int64_t k = rng.uniform(0, count - 1);
  int64_t previous =
      k > 0 ? readOffset(p.offsetKind, p.offsetBits[k - 1]) : int64_t(0);
  int64_t value;
  int64_t kind = rng.uniform(0, 3);
  if (kind == 2 && previous >= 1) {
    value = rng.uniform(0, previous - 1);
    p.note = "offsets decrease at offset " + std::to_string(k);
  } else if (kind == 3 && k == 0 && !p.includeLastOffset && n >= 1) {
    value = rng.uniform(1, n);
    p.note = "the first offset is not 0";
  } else if (kind == 0) {
    value = -rng.uniform(1, 5);
    p.note = "offset " + std::to_string(k) + " is negative";
  } else {
    value = n + rng.uniform(1, 5);
    p.note = "offset " + std::to_string(k) + " is past the ids";
  }
  p.offsetBits[k] = toBits(p.offsetKind, value);
  p.note += " (" + std::to_string(value) + ")";
}

/// Makes the run stop (or, for clamp and none, clamp) as BagExpectation
/// says, with the chances of `options`.
void drawExpectation(Random &rng, BagProgram &p, const BagOptions &options) {
  if (p.ragged && p.includeLastOffset && rng.chance(options.noOffsetsPercent)) {
    p.offsets.sizes = {0};
    p.offsets.declared = {kDynamic};
    p.offsetBits.clear();
    p.expect = BagExpectation::NoOffsets;
    p.note = "include_last_offset with no offsets";
    return;
  }
  std::vector<int64_t> read = getReadPositions(p);
  if (!read.empty() && rng.chance(options.outOfRangePercent)) {
    int64_t position = read[rng.uniform(0, read.size() - 1)];
    int64_t value = drawOutOfRange(rng, p.idKind, p.getNumRows());
    p.idBits[position] = toBits(p.idKind, value);
    p.expect = BagExpectation::IdOutOfRange;
    p.note = "id " + std::to_string(position) + " is out of range";
    return;
  }
  if (p.ragged && p.getNumBags() >= 1 &&
      rng.chance(options.badOffsetsPercent)) {
    breakOffsets(rng, p);
    p.expect = BagExpectation::BadOffsets;
  }
}

/// The seed of the stream of program `id` of `seed`, `salt` apart from the
/// gather programs'.
uint64_t getStreamSeed(uint64_t seed, unsigned id, uint64_t salt) {
  return seed ^ (salt + id * 0x9e3779b97f4a7c15ULL);
}

} // namespace

bool fuzz::isBagProgram(uint64_t seed, unsigned id, const BagOptions &options) {
  Random rng(getStreamSeed(seed, id, 0xba65e1ec7ULL));
  return rng.chance(options.percent);
}

BagProgram fuzz::generateBagProgram(uint64_t seed, unsigned id,
                                    const BagOptions &options) {
  Random rng(getStreamSeed(seed, id, 0xba6d47aULL));
  BagProgram p;
  p.id = id;
  static const ElementKind elements[] = {
      ElementKind::F32, ElementKind::F32, ElementKind::F16, ElementKind::BF16,
      ElementKind::F64, ElementKind::I8,  ElementKind::I32, ElementKind::I64};
  p.element = elements[rng.uniform(0, std::size(elements) - 1)];
  bool floats = isFloat(p.element);
  p.mode = floats           ? static_cast<BagMode>(rng.uniform(0, 2))
           : rng.chance(50) ? BagMode::Sum
                            : BagMode::Max;
  p.weights = p.mode == BagMode::Sum && rng.chance(35);
  p.fromPositiveZero = floats && p.mode != BagMode::Max && rng.chance(35);
  p.ragged = rng.chance(50);
  p.includeLastOffset = p.ragged && rng.chance(50);
  p.idKind = static_cast<IndexKind>(rng.uniform(0, kNumIndexKinds - 1));
  p.offsetKind = static_cast<IndexKind>(rng.uniform(0, kNumIndexKinds - 1));
  drawShapes(rng, p);
  int64_t rows = p.getNumRows();
  if (rows > 0 && rng.chance(30)) {
    int64_t row = rng.uniform(0, rows - 1);
    p.paddingIdx = rng.chance(50) ? row - rows : row;
  }
  drawIds(rng, p);
  int64_t tableElements = getNumElements(p.table.sizes);
  for (int64_t i = 0; i < tableElements; ++i)
    p.tableBits.push_back(floats && rng.chance(4)
                              ? encode(p.element, 0, /*negativeZero=*/true)
                              : encode(p.element, rng.uniform(-4, 4)));
  if (p.weights)
    for (size_t i = 0; i < p.idBits.size(); ++i)
      p.weightBits.push_back(floats && rng.chance(3)
                                 ? encode(p.element, 0, true)
                                 : encode(p.element, rng.uniform(-3, 3)));
  p.table.declared = declare(rng, p.table.sizes);
  p.ids.declared = declare(rng, p.ids.sizes);
  if (p.ragged)
    p.offsets.declared = declare(rng, p.offsets.sizes);
  if (p.weights)
    p.weightsDeclared = declare(rng, p.ids.sizes);
  // A padding_idx outside [-V, V) of a static V does not verify; the
  // generator draws only valid ones.
  drawExpectation(rng, p, options);
  p.resultDeclared = declareResult(rng, p);
  return p;
}

std::vector<int64_t> fuzz::getBagMaskSizes(const BagProgram &p) {
  if (p.ragged)
    return {p.getNumBags(), p.ids.sizes[0]};
  return p.ids.sizes;
}

std::vector<uint8_t> fuzz::getBagMask(const BagProgram &p) {
  int64_t rows = p.getNumRows();
  std::optional<int64_t> padding;
  if (p.paddingIdx)
    padding = *p.paddingIdx < 0 ? *p.paddingIdx + rows : *p.paddingIdx;
  auto pooled = [&](int64_t position) -> uint8_t {
    bool outOfRange = false;
    int64_t row =
        selectPosition(p.idKind, p.idBits[position], rows, outOfRange);
    return padding && row == *padding ? 0 : 1;
  };
  if (!p.ragged) {
    std::vector<uint8_t> mask(p.idBits.size());
    for (size_t i = 0; i < mask.size(); ++i)
      mask[i] = pooled(i);
    return mask;
  }
  int64_t n = p.ids.sizes[0], bags = p.getNumBags();
  std::vector<uint8_t> mask(bags * n, 0);
  for (int64_t b = 0; b < bags; ++b) {
    int64_t start = readOffset(p.offsetKind, p.offsetBits[b]);
    int64_t end = p.includeLastOffset || b + 1 < bags
                      ? readOffset(p.offsetKind, p.offsetBits[b + 1])
                      : n;
    // The bounds a bag reads whatever the offsets hold.
    start = std::clamp<int64_t>(start, 0, n);
    end = std::clamp<int64_t>(end, start, n);
    for (int64_t i = start; i < end; ++i)
      mask[b * n + i] = pooled(i);
  }
  return mask;
}

std::vector<ProgramArgument> fuzz::getBagArguments(const BagProgram &p,
                                                   bool reference) {
  std::vector<ProgramArgument> out;
  int64_t elementBytes = getByteSize(p.element);
  out.push_back({p.table, getName(p.element), elementBytes, p.tableBits});
  out.push_back({p.ids, getName(p.idKind), getByteSize(p.idKind), p.idBits});
  if (p.ragged)
    out.push_back({p.offsets, getName(p.offsetKind), getByteSize(p.offsetKind),
                   p.offsetBits});
  if (p.weights)
    out.push_back({{p.ids.sizes, p.weightsDeclared},
                   getName(p.element),
                   elementBytes,
                   p.weightBits});
  if (reference) {
    std::vector<int64_t> sizes = getBagMaskSizes(p);
    std::vector<uint64_t> bits;
    for (uint8_t m : getBagMask(p))
      bits.push_back(m);
    out.push_back({{sizes, sizes}, "i8", 1, bits});
  }
  return out;
}

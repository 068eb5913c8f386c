//===- MemRef.cpp - buffers and memref descriptors for JIT calls ----------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Harness/MemRef.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace mlir::gather::harness;

// The descriptor of a rank-N memref is {allocated, aligned, offset,
// sizes[N], strides[N]}, 8-byte words whatever the element type.
static_assert(sizeof(void *) == 8, "64-bit hosts only");
static_assert(sizeof(StridedMemRefType<float, 0>) == 3 * 8, "layout");
using RankFourDescriptor = StridedMemRefType<double, 4>;
static_assert(offsetof(RankFourDescriptor, sizes) == 3 * 8, "layout");
static_assert(offsetof(RankFourDescriptor, strides) == 7 * 8, "layout");

AlignedBuffer::AlignedBuffer(size_t bytes, size_t alignment) : bytes(bytes) {
  void *raw = nullptr;
  if (posix_memalign(&raw, std::max<size_t>(alignment, 8),
                     std::max<size_t>(bytes, 8)))
    llvm::report_fatal_error("out of memory allocating " + llvm::Twine(bytes) +
                             " bytes");
  std::memset(raw, 0, std::max<size_t>(bytes, 8));
  storage.reset(raw);
}

void AlignedBuffer::FreeDeleter::operator()(void *p) const { std::free(p); }

int64_t mlir::gather::harness::getNumElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

MemRefDescriptor::MemRefDescriptor(int64_t rank)
    : rank(rank), words(3 + 2 * rank, 0) {}

MemRefDescriptor::MemRefDescriptor(void *base, ArrayRef<int64_t> shape)
    : MemRefDescriptor(shape.size()) {
  words[0] = words[1] = static_cast<int64_t>(reinterpret_cast<intptr_t>(base));
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    words[3 + d] = shape[d];
    words[3 + rank + d] = stride;
    stride *= shape[d];
  }
}

void *MemRefDescriptor::getAllocated() const {
  return reinterpret_cast<void *>(static_cast<intptr_t>(words[0]));
}

uint8_t *MemRefDescriptor::getAligned() const {
  return reinterpret_cast<uint8_t *>(static_cast<intptr_t>(words[1]));
}

std::vector<int64_t> MemRefDescriptor::getSizes() const {
  return std::vector<int64_t>(words.begin() + 3, words.begin() + 3 + rank);
}

std::string mlir::gather::harness::formatShape(ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

namespace {
/// Hexadecimal bytes, lowest address first.
std::string printHex(const uint8_t *element, int64_t bytes) {
  std::string text = "0x";
  llvm::raw_string_ostream os(text);
  for (int64_t b = bytes - 1; b >= 0; --b)
    os << llvm::format_hex_no_prefix(element[b], 2);
  return text;
}

/// Whether `got` has the row-major strides of its sizes (ignoring
/// dimensions of size 1, whose stride is never used).
std::string checkStrides(const MemRefDescriptor &got, ArrayRef<int64_t> shape) {
  std::string problems;
  int64_t stride = 1;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] > 1 && got.getStride(d) != stride)
      problems += "stride " + std::to_string(d) + " is " +
                  std::to_string(got.getStride(d)) + ", expected " +
                  std::to_string(stride) + "\n";
    stride *= shape[d];
  }
  return problems;
}
} // namespace

std::string mlir::gather::harness::compareMemRef(
    const MemRefDescriptor &got, ArrayRef<int64_t> shape, int64_t elementBytes,
    const uint8_t *expected, ElementPrinter print, unsigned maxReported) {
  if (got.getSizes() != std::vector<int64_t>(shape.begin(), shape.end()))
    return "result sizes " + formatShape(got.getSizes()) + ", expected " +
           formatShape(shape) + "\n";
  int64_t total = getNumElements(shape);
  if (total == 0)
    return "";
  std::string problems = checkStrides(got, shape);
  if (!problems.empty())
    return problems;
  const uint8_t *base = got.getAligned() + got.getOffset() * elementBytes;
  if (std::memcmp(base, expected, total * elementBytes) == 0)
    return "";
  llvm::raw_string_ostream os(problems);
  int64_t rank = shape.size(), mismatches = 0;
  std::vector<int64_t> pos(rank, 0);
  for (int64_t n = 0; n < total; ++n) {
    const uint8_t *have = base + n * elementBytes;
    const uint8_t *want = expected + n * elementBytes;
    if (std::memcmp(have, want, elementBytes) != 0 &&
        mismatches++ < maxReported)
      os << "  at " << formatShape(pos) << " (element " << n << ", byte "
         << n * elementBytes << "): got "
         << (print ? print(have) : printHex(have, elementBytes))
         << ", expected "
         << (print ? print(want) : printHex(want, elementBytes)) << "\n";
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++pos[d] < shape[d])
        break;
      pos[d] = 0;
    }
  }
  os << mismatches << " of " << total << " elements differ\n";
  return problems;
}

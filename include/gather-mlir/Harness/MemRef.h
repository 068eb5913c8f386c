//===- MemRef.h - buffers and memref descriptors for JIT calls --*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the C interface of a lowered function takes and returns: the ranked
// memref descriptor `{allocated, aligned, offset, sizes[rank],
// strides[rank]}` (8-byte words whatever the element type), of any rank,
// over buffers the caller owns; and the comparison of a returned memref,
// strided or not, with the row-major bytes a reference computed.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_HARNESS_MEMREF_H
#define GATHER_MLIR_HARNESS_MEMREF_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace gather {
namespace harness {

/// A zero-filled heap buffer aligned to `alignment` bytes (a power of two,
/// at least 8); never a null pointer, even when empty.
class AlignedBuffer {
public:
  explicit AlignedBuffer(size_t bytes, size_t alignment = 64);

  void *data() const { return storage.get(); }
  template <typename T> T *as() const { return static_cast<T *>(data()); }
  size_t size() const { return bytes; }

private:
  struct FreeDeleter {
    void operator()(void *p) const;
  };
  std::unique_ptr<void, FreeDeleter> storage;
  size_t bytes;
};

/// The product of `shape`.
int64_t getNumElements(ArrayRef<int64_t> shape);

/// A ranked memref descriptor of the C interface.
class MemRefDescriptor {
public:
  /// A descriptor of rank `rank` to be filled by a call (a memref result).
  explicit MemRefDescriptor(int64_t rank);
  /// A row-major (identity layout) descriptor of `shape` over `base`.
  MemRefDescriptor(void *base, ArrayRef<int64_t> shape);

  /// What the C interface takes: a pointer to the descriptor.
  void *get() { return words.data(); }
  int64_t getRank() const { return rank; }
  void *getAllocated() const;
  uint8_t *getAligned() const;
  int64_t getOffset() const { return words[2]; }
  int64_t getSize(int64_t dim) const { return words[3 + dim]; }
  int64_t getStride(int64_t dim) const { return words[3 + rank + dim]; }
  std::vector<int64_t> getSizes() const;

private:
  int64_t rank;
  std::vector<int64_t> words;
};

/// Prints one element of `bytes` bytes for a report.
using ElementPrinter = llvm::function_ref<std::string(const uint8_t *)>;

/// Compares `got` with `expected`, the row-major elements of `shape` of
/// `elementBytes` bytes each. Returns the differences (sizes, and the
/// first `maxReported` differing elements with their positions and a
/// count), empty when they agree byte for byte. Without `print` elements
/// are printed as hexadecimal bytes.
std::string compareMemRef(const MemRefDescriptor &got, ArrayRef<int64_t> shape,
                          int64_t elementBytes, const uint8_t *expected,
                          ElementPrinter print = nullptr,
                          unsigned maxReported = 8);

/// `shape` as `[2, 3, 4]`.
std::string formatShape(ArrayRef<int64_t> shape);

} // namespace harness
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_HARNESS_MEMREF_H

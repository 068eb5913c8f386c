//===- svector.h - emulated atb::SVector ------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// atb::SVector: the vector ATB uses for tensor lists. Like the public
// atb/svector.h, it holds up to DEFAULT_SVECTOR_SIZE elements inline, grows
// to at most MAX_SVECTOR_SIZE, and reports misuse by throwing
// (atb::MaxSizeExceeded when it would grow past MAX_SVECTOR_SIZE,
// std::out_of_range for an index past the end). A translation unit that
// includes it therefore needs exceptions enabled, as with CANN.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ATB_SVECTOR_H
#define GATHER_ATB_EMULATOR_ATB_SVECTOR_H

#include <cstddef>
#include <exception>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

namespace atb {
/// Largest number of elements an SVector holds.
constexpr std::size_t MAX_SVECTOR_SIZE = 256;
/// Number of elements an SVector holds before it moves to the heap.
constexpr std::size_t DEFAULT_SVECTOR_SIZE = 64;

/// Thrown when an SVector would grow past its capacity.
struct MaxSizeExceeded : public std::exception {
  MaxSizeExceeded(std::size_t size, std::size_t capacity)
      : message("SVector of capacity " + std::to_string(capacity) +
                " cannot hold " + std::to_string(size) + " elements") {}
  explicit MaxSizeExceeded(std::size_t size)
      : MaxSizeExceeded(size, DEFAULT_SVECTOR_SIZE) {}
  const char *what() const noexcept override { return message.c_str(); }

private:
  std::string message;
};

/// A vector of at most MAX_SVECTOR_SIZE elements.
template <class T> class SVector {
public:
  SVector() { storage.reserve(DEFAULT_SVECTOR_SIZE); }
  /// Creates a vector holding the elements of `list`; throws
  /// MaxSizeExceeded when `list` is too long.
  SVector(std::initializer_list<T> list) {
    checkRoom(list.size());
    storage.assign(list.begin(), list.end());
  }
  /// Creates a vector of `size` copies of `value`.
  explicit SVector(std::size_t size, const T &value = T()) {
    checkRoom(size);
    storage.assign(size, value);
  }

  /// Appends `value`; throws MaxSizeExceeded when full.
  void push_back(const T &value) {
    checkRoom(storage.size() + 1);
    storage.push_back(value);
  }
  /// Inserts `value` before position `pos`; throws std::out_of_range past
  /// the end and MaxSizeExceeded when full.
  void insert(std::size_t pos, const T &value) {
    if (pos > storage.size())
      throw std::out_of_range("SVector insert index out of range");
    checkRoom(storage.size() + 1);
    storage.insert(storage.begin() + pos, value);
  }
  /// Grows (with default values) or shrinks to `size` elements.
  void resize(std::size_t size) {
    checkRoom(size);
    storage.resize(size);
  }
  /// Checks that `size` elements fit.
  void reserve(std::size_t size) {
    checkRoom(size);
    storage.reserve(size);
  }
  void clear() noexcept { storage.clear(); }
  std::size_t size() const noexcept { return storage.size(); }
  bool empty() const noexcept { return storage.empty(); }

  /// Element `i`; throws std::out_of_range past the end.
  T &operator[](std::size_t i) { return at(i); }
  const T &operator[](std::size_t i) const { return at(i); }
  T &at(std::size_t i) {
    if (i >= storage.size())
      throw std::out_of_range("SVector index out of range");
    return storage[i];
  }
  const T &at(std::size_t i) const {
    if (i >= storage.size())
      throw std::out_of_range("SVector index out of range");
    return storage[i];
  }

  T *data() noexcept { return storage.data(); }
  const T *data() const noexcept { return storage.data(); }
  T *begin() noexcept { return storage.data(); }
  T *end() noexcept { return storage.data() + storage.size(); }
  const T *begin() const noexcept { return storage.data(); }
  const T *end() const noexcept { return storage.data() + storage.size(); }

private:
  static void checkRoom(std::size_t size) {
    if (size > MAX_SVECTOR_SIZE)
      throw MaxSizeExceeded(size, MAX_SVECTOR_SIZE);
  }

  std::vector<T> storage;
};
} // namespace atb

#endif // GATHER_ATB_EMULATOR_ATB_SVECTOR_H

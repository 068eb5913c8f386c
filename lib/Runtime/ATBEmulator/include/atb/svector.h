//===- svector.h - emulated atb::SVector ------------------------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// atb::SVector: a small vector with inline, fixed capacity, used by ATB for
// tensor lists. Exceeding the capacity or indexing past the end prints a
// message and aborts (the project builds without exceptions).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_ATB_EMULATOR_ATB_SVECTOR_H
#define GATHER_ATB_EMULATOR_ATB_SVECTOR_H

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <utility>

namespace atb {

/// Default inline capacity of an SVector.
constexpr std::size_t MAX_SVECTOR_SIZE = 64;

/// A vector of at most `MAX_SIZE` elements stored inline.
template <class T, std::size_t MAX_SIZE = MAX_SVECTOR_SIZE> class SVector {
public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T *;
  using const_iterator = const T *;

  SVector() = default;

  /// Creates a vector holding the elements of `list`.
  SVector(std::initializer_list<T> list) {
    for (const T &value : list)
      push_back(value);
  }

  /// Creates a vector of `count` copies of `value`.
  explicit SVector(std::size_t count, const T &value = T()) {
    resize(count, value);
  }

  /// Appends `value`; aborts when the capacity is exhausted.
  void push_back(const T &value) {
    checkRoom(size_ + 1);
    storage_[size_++] = value;
  }

  /// Constructs an element at the end from `args`.
  template <class... Args> T &emplace_back(Args &&...args) {
    checkRoom(size_ + 1);
    storage_[size_] = T(std::forward<Args>(args)...);
    return storage_[size_++];
  }

  /// Removes the last element.
  void pop_back() {
    if (size_ == 0)
      fail("pop_back on an empty SVector");
    storage_[--size_] = T();
  }

  /// Grows (with copies of `value`) or shrinks to `count` elements.
  void resize(std::size_t count, const T &value = T()) {
    checkRoom(count);
    for (std::size_t i = size_; i < count; ++i)
      storage_[i] = value;
    for (std::size_t i = count; i < size_; ++i)
      storage_[i] = T();
    size_ = count;
  }

  /// Checks that `count` elements fit; the storage is inline.
  void reserve(std::size_t count) { checkRoom(count); }

  void clear() { resize(0); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return MAX_SIZE; }

  T &operator[](std::size_t index) {
    checkIndex(index);
    return storage_[index];
  }
  const T &operator[](std::size_t index) const {
    checkIndex(index);
    return storage_[index];
  }
  T &at(std::size_t index) { return (*this)[index]; }
  const T &at(std::size_t index) const { return (*this)[index]; }
  T &front() { return (*this)[0]; }
  const T &front() const { return (*this)[0]; }
  T &back() { return (*this)[size_ - 1]; }
  const T &back() const { return (*this)[size_ - 1]; }

  T *data() { return storage_; }
  const T *data() const { return storage_; }
  iterator begin() { return storage_; }
  iterator end() { return storage_ + size_; }
  const_iterator begin() const { return storage_; }
  const_iterator end() const { return storage_ + size_; }

private:
  [[noreturn]] static void fail(const char *what) {
    std::fprintf(stderr, "atb::SVector: %s\n", what);
    std::abort();
  }
  static void checkRoom(std::size_t count) {
    if (count > MAX_SIZE)
      fail("capacity exceeded");
  }
  void checkIndex(std::size_t index) const {
    if (index >= size_)
      fail("index out of range");
  }

  T storage_[MAX_SIZE] = {};
  std::size_t size_ = 0;
};

} // namespace atb

#endif // GATHER_ATB_EMULATOR_ATB_SVECTOR_H

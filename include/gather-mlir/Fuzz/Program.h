//===- Program.h - the random gather programs of gather-gen -----*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The model of one generated program: a function that takes the data and
// the inputs of its index tensors and returns the result of one gather or a
// chain of two. The indices of the first gather are either an argument or
// computed in the function by an index producer (Producer.h): linalg
// generics with parallel and reduction loops and random bodies,
// linalg.reduce, scf.for and scf.while accumulations, arith ops on tensors,
// casts between widths, calls of private and public functions. The
// generator (Generator.h) draws programs, the reference (Reference.h)
// computes their values from DESIGN.md section 1 alone, the driver
// (Driver.h) lowers, runs and checks them through the harness.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_FUZZ_PROGRAM_H
#define GATHER_MLIR_FUZZ_PROGRAM_H

#include "gather-mlir/Fuzz/Producer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace gather {
namespace fuzz {

/// Element types of the data.
enum class ElementKind { F16, BF16, F32, F64, I1, I8, I32, I64 };
constexpr int kNumElementKinds = 8;

const char *getName(ElementKind kind);
int64_t getByteSize(ElementKind kind);

/// A tensor: its sizes at run time and its declared type's sizes (each equal
/// to the run-time size or kDynamic in a consistent program).
struct TensorShape {
  std::vector<int64_t> sizes;
  std::vector<int64_t> declared;
};

/// One `gather.gather`.
struct GatherStep {
  /// As written in the IR (possibly negative) and normalised.
  int64_t axisAttr = 0, batchDimsAttr = 0, axis = 0, batchDims = 0;
  IndexKind index = IndexKind::I64;
  /// `declared`: the type of the gather's indices operand.
  TensorShape indices;
  /// The declared sizes of the value the indices come from (an argument or
  /// the producer's result, always static for a producer); a `tensor.cast`
  /// to `indices.declared` follows where they differ.
  std::vector<int64_t> indicesSource;
  /// Computes the indices in the function; null: they are an argument.
  std::shared_ptr<Producer> producer;
  /// The index values in row-major order as stored: two's complement bits
  /// of the index type's width (for a producer: what it computes).
  std::vector<uint64_t> indexBits;
  /// The declared sizes of the result type (kDynamic or a size).
  std::vector<int64_t> resultDeclared;
};

/// What a program's run must do.
enum class Expectation {
  /// Equal the reference.
  Match,
  /// Holds out-of-range index values: `clamp` equals the clamping reference,
  /// `assert` exits 1 with `out of bounds`, `none` is not run.
  OutOfBounds,
  /// Its run-time sizes break a rule: `assert` and `clamp` exit 1 with a
  /// `gather: batch dimension` or `gather: result dimension` message, `none`
  /// is not run.
  SizeMismatch,
};

/// One program: `@gather_<id>` takes the data and, per gather, its indices
/// or its producer's argument inputs, and returns the last gather's result.
struct Program {
  unsigned id = 0;
  ElementKind element = ElementKind::F32;
  TensorShape data;
  /// Non-empty: the data goes through `tensor.cast` to these declared sizes
  /// (more dynamic sizes) before the first gather.
  std::vector<int64_t> castTo;
  /// One gather, or a chain whose later gathers take the previous result as
  /// data.
  std::vector<GatherStep> steps;
  /// Lowered inside a nested `module @inner_<id>`; compiled, not run.
  bool nested = false;
  Expectation expect = Expectation::Match;
  /// Which feature made it a mismatch, for the report; starts with `batch`
  /// or `result`.
  std::string note;

  /// Whether every index value of the gather with out-of-range values is
  /// out of range (then `gather-prove-index-ranges` may reject the program
  /// at compile time, as documented).
  bool allOutOfRange = false;
};

/// One argument of a program's function, in order.
struct ProgramArgument {
  /// Run-time sizes and the declared sizes of the argument's type.
  TensorShape shape;
  /// Element type in MLIR's spelling (`f32`, `i64`, `ui32`, ...).
  std::string type;
  int64_t elementBytes;
  /// The elements, row-major, `elementBytes` each (empty: the data
  /// pattern of Reference.h).
  std::vector<uint64_t> bits;
};

/// The arguments of `@gather_<id>`: the data, then per gather its indices
/// or its producer's argument inputs.
std::vector<ProgramArgument> getArguments(const Program &p);

/// The MLIR text of `programs` as one module (nested ones in their own
/// nested modules, with the functions they call).
std::string getModuleText(const std::vector<const Program *> &programs);

/// Everything needed to reproduce `program`, with its MLIR text.
std::string describe(const Program &program);

/// Result sizes D[:a] ++ I[b:] ++ D[a+1:] of a gather.
std::vector<int64_t> getResultOf(const std::vector<int64_t> &data,
                                 const std::vector<int64_t> &indices, int64_t a,
                                 int64_t b);

} // namespace fuzz
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_FUZZ_PROGRAM_H

//===- Producer.h - adversarial producers of index tensors ------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// An index producer computes the indices of a gather inside the generated
// function, from constants and arguments, with the ops whose value ranges
// `gather-prove-index-ranges` reasons about:
//   - arith ops on tensors (addi, subi, muli, remsi, remui, minsi, maxsi,
//     minui, maxui, andi, ori, xori, shifts, cmpi + select);
//   - `linalg.generic` with parallel loops, or parallel and reduction loops
//     (a value carried around the loop), with random bodies of those ops
//     and `linalg.index`;
//   - `linalg.reduce` with a random combiner;
//   - `scf.for` and `scf.while` accumulations;
//   - `arith.trunci`/`extsi`/`extui` between i32 and i64, and to the index
//     type `arith.index_cast`/`index_castui` and `tensor.bitcast` (signed
//     and unsigned index types);
//   - all of it inside a private or a public function that the gather's
//     function calls.
// The values are random and small around the gathered size, so that they
// fall out of range (or negative) in a fraction of programs that the
// generator controls; the reference evaluates the producer itself.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_FUZZ_PRODUCER_H
#define GATHER_MLIR_FUZZ_PRODUCER_H

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace gather {
namespace fuzz {

/// Index types of a gather.
enum class IndexKind { I32, I64, SI32, SI64, UI32, UI64, Index };
constexpr int kNumIndexKinds = 7;

const char *getName(IndexKind kind);
int64_t getByteSize(IndexKind kind);
bool isUnsigned(IndexKind kind);

/// Marks a dynamic size in a declared shape.
constexpr int64_t kDynamic = -1;

/// The integer ops of producer bodies.
enum class Opcode {
  /// A constant (`constant`).
  Const,
  /// `linalg.index` of loop `constant` (linalg.generic bodies only).
  Index,
  AddI,
  SubI,
  MulI,
  MaxSI,
  MinSI,
  MaxUI,
  MinUI,
  /// The divisor is a Const value, never 0 (nor -1 for remsi).
  RemSI,
  RemUI,
  AndI,
  OrI,
  XOrI,
  /// The shift amount is a Const value in [0, width).
  ShLI,
  ShRSI,
  ShRUI,
  /// `select(cmpi predicate, operands[0], operands[1]), operands[2],
  /// operands[3])`.
  Select,
};

/// The predicates of `arith.cmpi` the bodies use.
enum class Predicate { Slt, Sle, Sgt, Sge, Ult, Uge, Eq, Ne };

/// One op of a body.
struct ScalarOp {
  Opcode opcode = Opcode::Const;
  /// Value numbers of the operands (two; four for Select).
  int operands[4] = {-1, -1, -1, -1};
  /// Const: the value; Index: the loop.
  int64_t constant = 0;
  Predicate predicate = Predicate::Slt;
};

/// Straight-line integer code: values 0 .. numArgs-1 are the arguments,
/// value numArgs + k is op k's result; the last op's value is yielded.
struct Body {
  unsigned numArgs = 0;
  std::vector<ScalarOp> ops;
};

/// How the producer computes its first value.
enum class ProducerKind {
  /// Arith ops on tensors over the inputs.
  Elementwise,
  /// `linalg.generic`, parallel loops only; the body reads the inputs, the
  /// init and `linalg.index`.
  ParallelGeneric,
  /// `linalg.generic` with reduction loops: the body combines an element of
  /// the input with the value carried around the loop.
  ReductionGeneric,
  /// `linalg.reduce` with a random combiner.
  LinalgReduce,
  /// `scf.for` carrying the tensor: acc = body(acc, k, iteration).
  ScfFor,
  /// The same as an `scf.while` counting its iterations.
  ScfWhile,
};
constexpr int kNumProducerKinds = 6;

const char *getName(ProducerKind kind);

/// A tensor of the producer: a dense constant or an argument of the
/// function (whose range the analysis does not know).
struct ProducerInput {
  std::vector<int64_t> sizes;
  /// Row-major elements at the width they are stored in, sign-extended.
  std::vector<int64_t> values;
  bool argument = false;
};

/// A conversion of every element.
enum class CastKind {
  None,
  TruncI,
  ExtSI,
  ExtUI,
  IndexCast,
  IndexCastUI,
  /// `tensor.bitcast` to the signed or unsigned index type of the width.
  Bitcast,
};

/// One elementwise step after the first value: a body over (value,
/// operand) on tensors, or a conversion to another width.
struct Stage {
  Body body;
  ProducerInput operand;
  /// Not None: a width change to `width`; `body` is unused.
  CastKind cast = CastKind::None;
  unsigned width = 64;
};

/// How the gather's function reaches the producer.
enum class CallKind { Inline, Private, Public };

/// An index producer (see the file comment).
struct Producer {
  ProducerKind kind = ProducerKind::Elementwise;
  /// The width (32 or 64) the first value is computed in.
  unsigned width = 64;
  /// The sizes of the result: the gather's indices.
  std::vector<int64_t> shape;
  /// Elementwise / ParallelGeneric: one or two of `shape`; reductions: one,
  /// of the loop sizes (`shape` with the reduced loops inserted).
  std::vector<ProducerInput> inputs;
  /// The init of generics, reductions and loops (`shape`).
  ProducerInput init;
  /// The init is a `linalg.fill` of init.values[0] instead of a constant.
  bool initByFill = false;
  /// About how many values the init's elements are combined with (their
  /// magnitude is about the gathered size / this).
  int64_t initSpread = 2;
  /// Reductions: which loops (dimensions of the input) are reduced.
  std::vector<unsigned> reducedLoops;
  /// Elementwise: args = inputs; ParallelGeneric: inputs, init (+
  /// linalg.index); reductions: (input, carried value) (+ linalg.index for
  /// the generic); loops: (carried value, operand, iteration).
  Body body;
  /// ScfFor / ScfWhile: the constant operand and the trip count.
  ProducerInput loopOperand;
  int64_t tripCount = 0;
  std::vector<Stage> stages;
  /// The conversions to the index type, after the stages.
  IndexKind index = IndexKind::I64;
  CastKind widthCast = CastKind::None;
  CastKind finalCast = CastKind::None;
  CallKind call = CallKind::Inline;

  /// The producer's argument inputs, in the order the function takes them.
  std::vector<const ProducerInput *> getArgumentInputs() const;
};

/// The values of `p`, as the index type stores them (two's complement bits
/// of its width), computed by evaluating every op (Reference.cpp).
std::vector<uint64_t> evaluateProducer(const Producer &p);

/// The MLIR of `p`. `body` receives the ops of the caller's function (SSA
/// names start with `prefix`, argument inputs are `argNames`) and `functions`
/// the functions it calls; returns the SSA name of the indices.
std::string printProducer(const Producer &p, const std::string &prefix,
                          const std::vector<std::string> &argNames,
                          std::string &body, std::string &functions);

/// The type of a tensor of `sizes` (kDynamic: `?`) and element `element`.
std::string getTensorType(const std::vector<int64_t> &sizes,
                          const std::string &element);

} // namespace fuzz
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_FUZZ_PRODUCER_H

//===- Producers.cpp - draw adversarial index producers -------------------===//
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

/// Sign-extends the low `width` bits of `v`.
int64_t truncate(unsigned width, int64_t v) {
  return width == 32 ? static_cast<int64_t>(static_cast<int32_t>(v)) : v;
}

/// A value near the interesting range of a gathered size `size` whose
/// reduction or loop combines about `spread` of them: mostly small
/// non-negative ones, some negative, a few extremes of the type.
int64_t drawValue(Random &rng, unsigned width, int64_t size, int64_t spread,
                  bool narrow = false) {
  int64_t hi = std::max<int64_t>(1, size / std::max<int64_t>(spread, 1));
  unsigned pick = narrow ? rng.uniform(0, 74) : rng.uniform(0, 99);
  if (pick < 55)
    return rng.uniform(0, hi);
  if (pick < 75)
    return rng.uniform(-hi, hi);
  if (pick < 96)
    return rng.uniform(-size - 2, size + 2);
  static const int64_t extremes[] = {INT64_MIN, INT64_MAX, INT32_MIN,
                                     INT32_MAX, 1LL << 31, -(1LL << 31) - 1};
  return truncate(width, extremes[rng.uniform(0, 5)]);
}

/// A constant or argument tensor of `sizes`. Half of them hold only small
/// values (no extremes, none far out of range), whose ranges the analysis
/// can use for a proof.
ProducerInput drawInput(Random &rng, const std::vector<int64_t> &sizes,
                        unsigned width, int64_t size, int64_t spread,
                        unsigned argumentPercent) {
  ProducerInput input;
  input.sizes = sizes;
  input.argument = rng.chance(argumentPercent);
  bool narrow = rng.chance(50);
  int64_t n = getNumElements(sizes);
  for (int64_t i = 0; i < n; ++i)
    input.values.push_back(drawValue(rng, width, size, spread, narrow));
  return input;
}

/// Appends a Const op and returns its value number.
int addConst(Body &body, int64_t value) {
  ScalarOp op;
  op.opcode = Opcode::Const;
  op.constant = value;
  body.ops.push_back(op);
  return body.numArgs + body.ops.size() - 1;
}

/// The value number of the last op.
int getLast(const Body &body) { return body.numArgs + body.ops.size() - 1; }

/// A binary op `opcode` of `lhs` and a right operand: a constant for the
/// ops that need one (divisors, shift amounts), else `rhs`.
void addBinary(Random &rng, Body &body, Opcode opcode, int lhs, int rhs,
               unsigned width, int64_t size) {
  if (opcode == Opcode::RemSI || opcode == Opcode::RemUI)
    rhs = addConst(body, rng.uniform(1, size + 3));
  else if (opcode == Opcode::ShLI || opcode == Opcode::ShRSI ||
           opcode == Opcode::ShRUI)
    rhs = addConst(body, rng.chance(80) ? rng.uniform(0, 3)
                                        : rng.uniform(0, width - 1));
  else if (opcode == Opcode::AndI && rng.chance(70))
    rhs = addConst(body, rng.uniform(0, 2 * size + 1));
  ScalarOp op;
  op.opcode = opcode;
  op.operands[0] = lhs;
  op.operands[1] = rhs;
  body.ops.push_back(op);
}

/// A `select(cmpi(a, b), x, y)` over four of the values so far.
void addSelect(Random &rng, Body &body, int a, int b, int x, int y) {
  ScalarOp op;
  op.opcode = Opcode::Select;
  op.predicate = static_cast<Predicate>(rng.uniform(0, 7));
  op.operands[0] = a;
  op.operands[1] = b;
  op.operands[2] = x;
  op.operands[3] = y;
  body.ops.push_back(op);
}

constexpr Opcode kBinaryOps[] = {
    Opcode::AddI,  Opcode::SubI,  Opcode::MulI,  Opcode::MaxSI, Opcode::MinSI,
    Opcode::MaxUI, Opcode::MinUI, Opcode::RemSI, Opcode::RemUI, Opcode::AndI,
    Opcode::OrI,   Opcode::XOrI,  Opcode::ShLI,  Opcode::ShRSI, Opcode::ShRUI};

/// A random value number so far, or a fresh constant or linalg.index.
int pickOperand(Random &rng, Body &body, unsigned numLoops, int64_t size) {
  unsigned pick = rng.uniform(0, 9);
  if (pick < 2)
    return addConst(body, rng.uniform(-size - 1, size + 1));
  if (pick < 3 && numLoops > 0) {
    ScalarOp op;
    op.opcode = Opcode::Index;
    op.constant = rng.uniform(0, numLoops - 1);
    body.ops.push_back(op);
    return getLast(body);
  }
  return rng.uniform(0, getLast(body));
}

/// Appends `count` random ops over the values so far, each reading the
/// previous one (the first reads argument 0, or with `fromLast` the last
/// value so far: what a reduction or loop yields then depends on the
/// carried value).
void addRandomOps(Random &rng, Body &body, unsigned count, unsigned numLoops,
                  unsigned width, int64_t size, bool fromLast = false) {
  for (unsigned k = 0; k < count; ++k) {
    int lhs = k == 0 && !fromLast ? 0 : getLast(body);
    if (rng.chance(15)) {
      int a = pickOperand(rng, body, numLoops, size);
      int b = pickOperand(rng, body, numLoops, size);
      int x = pickOperand(rng, body, numLoops, size);
      addSelect(rng, body, a, b, x, lhs);
      continue;
    }
    Opcode opcode = kBinaryOps[rng.uniform(0, std::size(kBinaryOps) - 1)];
    int rhs = pickOperand(rng, body, numLoops, size);
    addBinary(rng, body, opcode, lhs, rhs, width, size);
  }
}

/// The first op of an accumulating body: combines the element `a` with the
/// carried value `o` (addi, muli, subi either way, counting, maxsi, minsi,
/// select).
void addAccumulation(Random &rng, Body &body, int a, int o, int64_t size) {
  switch (rng.uniform(0, 9)) {
  case 0:
  case 1:
  case 2:
    return addBinary(rng, body, Opcode::AddI, a, o, 64, size);
  case 3:
    return addBinary(rng, body, Opcode::MulI, a, o, 64, size);
  case 4:
    return addBinary(rng, body, Opcode::SubI, a, o, 64, size);
  case 5:
    return addBinary(rng, body, Opcode::SubI, o, a, 64, size);
  case 6:
    return addBinary(rng, body, Opcode::AddI, o, addConst(body, 1), 64, size);
  case 7:
    return addBinary(rng, body, Opcode::MaxSI, a, o, 64, size);
  case 8:
    return addBinary(rng, body, Opcode::MinSI, a, o, 64, size);
  default:
    return addSelect(rng, body, a, o, a, o);
  }
}

/// The body of `p`'s first value.
void drawBody(Random &rng, Producer &p, int64_t size) {
  unsigned extra = rng.uniform(0, 2);
  switch (p.kind) {
  case ProducerKind::Elementwise:
    p.body.numArgs = p.inputs.size();
    return addRandomOps(rng, p.body, 1 + extra, 0, p.width, size);
  case ProducerKind::ParallelGeneric:
    p.body.numArgs = p.inputs.size() + 1;
    return addRandomOps(rng, p.body, 1 + extra, p.shape.size(), p.width, size);
  case ProducerKind::ReductionGeneric:
  case ProducerKind::LinalgReduce: {
    p.body.numArgs = 2;
    addAccumulation(rng, p.body, 0, 1, size);
    unsigned loops = p.kind == ProducerKind::LinalgReduce
                         ? 0
                         : p.shape.size() + p.reducedLoops.size();
    return addRandomOps(rng, p.body, extra / 2, loops, p.width, size,
                        /*fromLast=*/true);
  }
  case ProducerKind::ScfFor:
  case ProducerKind::ScfWhile:
    p.body.numArgs = 3;
    addAccumulation(rng, p.body, rng.chance(30) ? 2 : 1, 0, size);
    return addRandomOps(rng, p.body, extra / 2, 0, p.width, size,
                        /*fromLast=*/true);
  }
}

/// The loop sizes of a reduction over `shape` with the reduced loops
/// inserted.
void drawReduction(Random &rng, Producer &p, int64_t size) {
  unsigned reduced = rng.chance(75) ? 1 : 2;
  unsigned loops = p.shape.size() + reduced;
  std::vector<int64_t> sizes;
  std::vector<bool> isReduced(loops, false);
  for (unsigned k = 0; k < reduced;) {
    unsigned at = rng.uniform(0, loops - 1);
    if (!isReduced[at]) {
      isReduced[at] = true;
      ++k;
    }
  }
  int64_t extent = 1;
  for (unsigned l = 0, d = 0; l < loops; ++l) {
    if (!isReduced[l]) {
      sizes.push_back(p.shape[d++]);
      continue;
    }
    p.reducedLoops.push_back(l);
    sizes.push_back(rng.chance(5) ? 0 : rng.uniform(1, 4));
    extent *= std::max<int64_t>(sizes.back(), 1);
  }
  // Elements of about size / 2 and an init of about size / extent: the
  // range of one element plus that of the init lies in range, their sum
  // over the reduced loops often does not.
  p.inputs.push_back(drawInput(rng, sizes, p.width, size, 2, 20));
  p.initSpread = extent;
}

/// Stages after the first value: arith ops with a constant operand, width
/// changes.
void drawStages(Random &rng, Producer &p, int64_t size) {
  unsigned width = p.width;
  unsigned count = rng.chance(60) ? 0 : rng.uniform(1, 2);
  for (; count > 0; --count) {
    Stage stage;
    if (rng.chance(25)) {
      stage.cast = width == 64
                       ? CastKind::TruncI
                       : (rng.chance(50) ? CastKind::ExtSI : CastKind::ExtUI);
      width = stage.width = width == 64 ? 32 : 64;
      p.stages.push_back(stage);
      continue;
    }
    stage.width = width;
    stage.operand = drawInput(rng, p.shape, width, size, 1, 0);
    stage.body.numArgs = 2;
    addRandomOps(rng, stage.body, 1 + rng.uniform(0, 1), 0, width, size);
    p.stages.push_back(stage);
  }
}

/// The width the stages end in.
unsigned getFinalWidth(const Producer &p) {
  unsigned width = p.width;
  for (const Stage &stage : p.stages)
    width = stage.width;
  return width;
}

/// The conversions from the stages' width to the index type.
void drawConversions(Random &rng, Producer &p) {
  unsigned width = getFinalWidth(p);
  if (p.index == IndexKind::Index) {
    p.finalCast = rng.chance(50) ? CastKind::IndexCast : CastKind::IndexCastUI;
    return;
  }
  unsigned target = getByteSize(p.index) * 8;
  if (width > target)
    p.widthCast = CastKind::TruncI;
  else if (width < target)
    p.widthCast = rng.chance(50) ? CastKind::ExtSI : CastKind::ExtUI;
  if (p.index != IndexKind::I32 && p.index != IndexKind::I64)
    p.finalCast = CastKind::Bitcast;
}

/// A random producer (without regard to its values).
std::shared_ptr<Producer> drawProducer(Random &rng,
                                       const std::vector<int64_t> &shape,
                                       IndexKind index, int64_t size) {
  auto p = std::make_shared<Producer>();
  p->shape = shape;
  p->index = index;
  // Reductions in linalg.generic twice as often: their values depend on the
  // value carried around the loop, which a range analysis must follow.
  unsigned kind = rng.uniform(0, kNumProducerKinds);
  p->kind = kind == kNumProducerKinds ? ProducerKind::ReductionGeneric
                                      : static_cast<ProducerKind>(kind);
  p->width = rng.chance(70) ? (getByteSize(index) == 4 ? 32 : 64)
                            : (getByteSize(index) == 4 ? 64 : 32);
  bool reduction = p->kind == ProducerKind::ReductionGeneric ||
                   p->kind == ProducerKind::LinalgReduce;
  bool loop =
      p->kind == ProducerKind::ScfFor || p->kind == ProducerKind::ScfWhile;
  if (reduction) {
    drawReduction(rng, *p, size);
  } else if (!loop) {
    for (unsigned n = rng.chance(60) ? 1 : 2; n > 0; --n)
      p->inputs.push_back(drawInput(rng, shape, p->width, size, 1, 25));
  }
  if (loop) {
    p->tripCount = rng.uniform(0, 5);
    p->initSpread = std::max<int64_t>(p->tripCount, 2);
    p->loopOperand = drawInput(rng, shape, p->width, size,
                               std::max<int64_t>(p->tripCount, 1), 0);
  }
  if (p->kind != ProducerKind::Elementwise) {
    p->init = drawInput(rng, shape, p->width, size, p->initSpread, 0);
    p->initByFill = rng.chance(30);
    if (p->initByFill)
      std::fill(p->init.values.begin(), p->init.values.end(),
                drawValue(rng, p->width, size, p->initSpread, true));
  }
  drawBody(rng, *p, size);
  drawStages(rng, *p, size);
  drawConversions(rng, *p);
  unsigned call = rng.uniform(0, 99);
  p->call = call < 60   ? CallKind::Inline
            : call < 85 ? CallKind::Private
                        : CallKind::Public;
  return p;
}

/// Whether any value of `p` is out of range for a gathered size `size`.
bool isAnyOutOfRange(const Producer &p, int64_t size) {
  bool outOfRange = false;
  for (uint64_t bits : evaluateProducer(p))
    selectPosition(p.index, bits, size, outOfRange);
  return outOfRange;
}

/// Whether the index type reads the stages' values as unsigned.
bool readsUnsigned(const Producer &p) {
  return isUnsigned(p.index) || p.widthCast == CastKind::ExtUI ||
         p.finalCast == CastKind::IndexCastUI;
}

/// A stage `value OP operand` at the stages' width.
Stage makeStage(const Producer &p, Opcode opcode,
                std::vector<int64_t> operandValues) {
  Stage stage;
  stage.width = getFinalWidth(p);
  stage.operand.sizes = p.shape;
  stage.operand.values = std::move(operandValues);
  stage.body.numArgs = 2;
  ScalarOp op;
  op.opcode = opcode;
  op.operands[0] = 0;
  op.operands[1] = 1;
  stage.body.ops.push_back(op);
  return stage;
}

/// Appends stages that put every value in range (remsi or remui by
/// `size`), or one value out of range (remui by `size`, then + `size` at one
/// position: the analysis then sees a range that is neither in range nor
/// entirely out of it).
void forceRange(Random &rng, Producer &p, int64_t size, bool outOfRange) {
  int64_t n = getNumElements(p.shape);
  Opcode rem = readsUnsigned(p) || outOfRange ? Opcode::RemUI : Opcode::RemSI;
  p.stages.push_back(makeStage(p, rem, std::vector<int64_t>(n, size)));
  if (!outOfRange)
    return;
  std::vector<int64_t> offsets(n, 0);
  offsets[rng.uniform(0, n - 1)] = size;
  p.stages.push_back(makeStage(p, Opcode::AddI, offsets));
}

} // namespace

std::shared_ptr<Producer>
fuzz::generateProducer(SplitMix64 &rng, const std::vector<int64_t> &shape,
                       IndexKind index, int64_t size, bool outOfRange) {
  std::shared_ptr<Producer> p;
  for (int attempt = 0; attempt < 8; ++attempt) {
    p = drawProducer(rng, shape, index, size);
    if (isAnyOutOfRange(*p, size) == outOfRange)
      return p;
  }
  forceRange(rng, *p, size, outOfRange);
  return p;
}

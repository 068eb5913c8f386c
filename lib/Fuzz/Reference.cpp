//===- Reference.cpp - the reference result of a program ------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Written from DESIGN.md section 1 and from the semantics of the arith,
// linalg and scf ops the producers use, not from the lowering.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Reference.h"

#include "gather-mlir/Harness/MemRef.h"

#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;
using harness::getNumElements;

//===----------------------------------------------------------------------===//
// The gather
//===----------------------------------------------------------------------===//

void fuzz::writeDataElement(ElementKind kind, int64_t n, uint8_t *out) {
  switch (kind) {
  case ElementKind::F16: {
    uint16_t v = 0x3c00 + n % 0x3000;
    std::memcpy(out, &v, 2);
    return;
  }
  case ElementKind::BF16: {
    uint16_t v = 0x3f80 + n % 0x3000;
    std::memcpy(out, &v, 2);
    return;
  }
  case ElementKind::F32: {
    float v = static_cast<float>(n) + 0.25f;
    std::memcpy(out, &v, 4);
    return;
  }
  case ElementKind::F64: {
    double v = static_cast<double>(n) * 1.5 + 0.125;
    std::memcpy(out, &v, 8);
    return;
  }
  case ElementKind::I1:
    *out = ((static_cast<uint64_t>(n) * 0x9e3779b9ULL) >> 7) & 1;
    return;
  case ElementKind::I8:
    *out = static_cast<uint8_t>(n * 37 + 11);
    return;
  case ElementKind::I32: {
    int32_t v = static_cast<int32_t>(n * 3 - 7);
    std::memcpy(out, &v, 4);
    return;
  }
  case ElementKind::I64: {
    int64_t v = n * 0x100000001LL - 5;
    std::memcpy(out, &v, 8);
    return;
  }
  }
}

int64_t fuzz::selectPosition(IndexKind kind, uint64_t bits, int64_t size,
                             bool &outOfRange) {
  if (isUnsigned(kind)) {
    if (bits < static_cast<uint64_t>(size))
      return static_cast<int64_t>(bits);
    outOfRange = true;
    return size - 1;
  }
  int64_t v = getByteSize(kind) == 4
                  ? static_cast<int64_t>(static_cast<int32_t>(bits))
                  : static_cast<int64_t>(bits);
  if (v < 0 && v >= -size)
    v += size;
  if (v >= 0 && v < size)
    return v;
  outOfRange = true;
  return v < 0 ? 0 : size - 1;
}

namespace {

/// Row-major linear position of `coords` in `shape`.
int64_t linearize(const std::vector<int64_t> &coords,
                  const std::vector<int64_t> &shape) {
  int64_t n = 0;
  for (size_t i = 0; i < shape.size(); ++i)
    n = n * shape[i] + coords[i];
  return n;
}

/// Advances `pos` to the next row-major position in `shape`.
void increment(std::vector<int64_t> &pos, const std::vector<int64_t> &shape) {
  for (int64_t d = static_cast<int64_t>(pos.size()) - 1; d >= 0; --d) {
    if (++pos[d] < shape[d])
      return;
    pos[d] = 0;
  }
}

/// One reference gather: `data` of `dataShape` -> result, clamping
/// out-of-range values (DESIGN.md section 1 and the `clamp` rule).
std::vector<uint8_t> referenceStep(const GatherStep &step,
                                   const std::vector<uint8_t> &data,
                                   const std::vector<int64_t> &dataShape,
                                   int64_t elementSize, bool &outOfRange) {
  std::vector<int64_t> resultShape =
      getResultOf(dataShape, step.indices.sizes, step.axis, step.batchDims);
  int64_t total = getNumElements(resultShape);
  std::vector<uint8_t> out(total * elementSize);
  int64_t a = step.axis, b = step.batchDims;
  int64_t q = step.indices.sizes.size(), r = dataShape.size();
  std::vector<int64_t> pos(resultShape.size(), 0);
  for (int64_t n = 0; n < total; ++n, increment(pos, resultShape)) {
    // pos = [p0..p(a-1), j(b)..j(q-1), t(a+1)..t(r-1)].
    std::vector<int64_t> indexCoords(pos.begin(), pos.begin() + b);
    indexCoords.insert(indexCoords.end(), pos.begin() + a,
                       pos.begin() + a + (q - b));
    uint64_t bits = step.indexBits[linearize(indexCoords, step.indices.sizes)];
    int64_t k = selectPosition(step.index, bits, dataShape[a], outOfRange);
    std::vector<int64_t> dataCoords(pos.begin(), pos.begin() + a);
    dataCoords.push_back(k);
    for (int64_t t = a + 1; t < r; ++t)
      dataCoords.push_back(pos[a + (q - b) + (t - a - 1)]);
    int64_t from = linearize(dataCoords, dataShape);
    std::memcpy(out.data() + n * elementSize, data.data() + from * elementSize,
                elementSize);
  }
  return out;
}

} // namespace

std::vector<uint8_t> fuzz::computeReference(const Program &p,
                                            std::vector<int64_t> &shape,
                                            bool &outOfRange) {
  int64_t elementSize = getByteSize(p.element);
  shape = p.data.sizes;
  std::vector<uint8_t> values(getNumElements(shape) * elementSize);
  for (int64_t n = 0; n < getNumElements(shape); ++n)
    writeDataElement(p.element, n, values.data() + n * elementSize);
  for (const GatherStep &step : p.steps) {
    values = referenceStep(step, values, shape, elementSize, outOfRange);
    shape = getResultOf(shape, step.indices.sizes, step.axis, step.batchDims);
  }
  return values;
}

std::string fuzz::formatElement(ElementKind kind, const uint8_t *p) {
  int64_t size = getByteSize(kind);
  uint64_t bits = 0;
  std::memcpy(&bits, p, size);
  std::string text;
  llvm::raw_string_ostream os(text);
  if (kind == ElementKind::F32) {
    float v;
    std::memcpy(&v, p, 4);
    os << v;
  } else if (kind == ElementKind::F64) {
    double v;
    std::memcpy(&v, p, 8);
    os << v;
  } else {
    os << "0x";
    os.write_hex(bits);
  }
  return text;
}

//===----------------------------------------------------------------------===//
// Producers
//===----------------------------------------------------------------------===//

namespace {

/// `v` wrapped to `width` bits, sign-extended (two's complement arithmetic
/// of arith on iN).
int64_t wrap(unsigned width, uint64_t v) {
  return width == 32 ? static_cast<int64_t>(static_cast<int32_t>(v))
                     : static_cast<int64_t>(v);
}

/// The unsigned reading of `v` at `width` bits.
uint64_t asUnsigned(unsigned width, int64_t v) {
  return width == 32 ? static_cast<uint64_t>(v) & 0xffffffffULL
                     : static_cast<uint64_t>(v);
}

bool compare(Predicate predicate, unsigned width, int64_t a, int64_t b) {
  uint64_t ua = asUnsigned(width, a), ub = asUnsigned(width, b);
  switch (predicate) {
  case Predicate::Slt:
    return a < b;
  case Predicate::Sle:
    return a <= b;
  case Predicate::Sgt:
    return a > b;
  case Predicate::Sge:
    return a >= b;
  case Predicate::Ult:
    return ua < ub;
  case Predicate::Uge:
    return ua >= ub;
  case Predicate::Eq:
    return a == b;
  case Predicate::Ne:
    return a != b;
  }
  return false;
}

/// One binary op on `width`-bit values (sign-extended in `a` and `b`).
int64_t applyBinary(Opcode opcode, unsigned width, int64_t a, int64_t b) {
  uint64_t ua = asUnsigned(width, a), ub = asUnsigned(width, b);
  switch (opcode) {
  case Opcode::AddI:
    return wrap(width, ua + ub);
  case Opcode::SubI:
    return wrap(width, ua - ub);
  case Opcode::MulI:
    return wrap(width, ua * ub);
  case Opcode::MaxSI:
    return std::max(a, b);
  case Opcode::MinSI:
    return std::min(a, b);
  case Opcode::MaxUI:
    return wrap(width, std::max(ua, ub));
  case Opcode::MinUI:
    return wrap(width, std::min(ua, ub));
  case Opcode::RemSI:
    // The divisor is a positive constant: no division by zero, no overflow.
    return a % b;
  case Opcode::RemUI:
    return wrap(width, ua % ub);
  case Opcode::AndI:
    return wrap(width, ua & ub);
  case Opcode::OrI:
    return wrap(width, ua | ub);
  case Opcode::XOrI:
    return wrap(width, ua ^ ub);
  case Opcode::ShLI:
    return wrap(width, ua << ub);
  case Opcode::ShRSI:
    return a >> ub;
  case Opcode::ShRUI:
    return wrap(width, ua >> ub);
  default:
    return 0;
  }
}

/// Evaluates `body` on `args` at `width` bits; `loops` are the values of
/// linalg.index.
int64_t evaluateBody(const Body &body, const std::vector<int64_t> &args,
                     unsigned width, const std::vector<int64_t> &loops) {
  std::vector<int64_t> values = args;
  for (const ScalarOp &op : body.ops) {
    auto v = [&](int k) { return values[op.operands[k]]; };
    if (op.opcode == Opcode::Const)
      values.push_back(wrap(width, op.constant));
    else if (op.opcode == Opcode::Index)
      values.push_back(wrap(width, loops[op.constant]));
    else if (op.opcode == Opcode::Select)
      values.push_back(compare(op.predicate, width, v(0), v(1)) ? v(2) : v(3));
    else
      values.push_back(applyBinary(op.opcode, width, v(0), v(1)));
  }
  return values.back();
}

/// The reductions: every element of the input combined, in the order of the
/// loops, with the value of the output element it belongs to.
std::vector<int64_t> evaluateReduction(const Producer &p) {
  std::vector<int64_t> out = p.init.values;
  const ProducerInput &input = p.inputs[0];
  std::vector<int64_t> pos(input.sizes.size(), 0);
  for (int64_t n = 0; n < getNumElements(input.sizes); ++n) {
    std::vector<int64_t> outPos;
    for (size_t l = 0; l < pos.size(); ++l)
      if (!std::count(p.reducedLoops.begin(), p.reducedLoops.end(), l))
        outPos.push_back(pos[l]);
    int64_t &o = out[linearize(outPos, p.shape)];
    o = evaluateBody(p.body, {input.values[n], o}, p.width, pos);
    increment(pos, input.sizes);
  }
  return out;
}

/// The first value of `p` at `p.width` bits.
std::vector<int64_t> evaluateFirstValue(const Producer &p) {
  int64_t n = getNumElements(p.shape);
  std::vector<int64_t> out(n);
  if (p.kind == ProducerKind::ReductionGeneric ||
      p.kind == ProducerKind::LinalgReduce)
    return evaluateReduction(p);
  std::vector<int64_t> pos(p.shape.size(), 0);
  for (int64_t e = 0; e < n; ++e, increment(pos, p.shape)) {
    std::vector<int64_t> args;
    for (const ProducerInput &input : p.inputs)
      args.push_back(input.values[e]);
    if (p.kind == ProducerKind::Elementwise) {
      out[e] = evaluateBody(p.body, args, p.width, pos);
      continue;
    }
    if (p.kind == ProducerKind::ParallelGeneric) {
      args.push_back(p.init.values[e]);
      out[e] = evaluateBody(p.body, args, p.width, pos);
      continue;
    }
    // scf.for and scf.while: the same accumulation.
    int64_t acc = p.init.values[e];
    for (int64_t it = 0; it < p.tripCount; ++it)
      acc = evaluateBody(p.body, {acc, p.loopOperand.values[e], it}, p.width,
                         pos);
    out[e] = acc;
  }
  return out;
}

/// `v` (sign-extended `from` bits) converted by `cast` to `to` bits.
int64_t convert(CastKind cast, unsigned from, unsigned to, int64_t v) {
  switch (cast) {
  case CastKind::TruncI:
  case CastKind::ExtSI:
  case CastKind::IndexCast:
    return wrap(to, static_cast<uint64_t>(v));
  case CastKind::ExtUI:
  case CastKind::IndexCastUI:
    return wrap(to, asUnsigned(from, v));
  case CastKind::None:
  case CastKind::Bitcast:
    return v;
  }
  return v;
}

} // namespace

std::vector<uint64_t> fuzz::evaluateProducer(const Producer &p) {
  std::vector<int64_t> values = evaluateFirstValue(p);
  unsigned width = p.width;
  for (const Stage &stage : p.stages) {
    for (size_t e = 0; e < values.size(); ++e)
      values[e] =
          stage.cast != CastKind::None
              ? convert(stage.cast, width, stage.width, values[e])
              : evaluateBody(stage.body, {values[e], stage.operand.values[e]},
                             width, {});
    width = stage.width;
  }
  unsigned target = p.index == IndexKind::Index ? 64 : getByteSize(p.index) * 8;
  for (int64_t &v : values) {
    v = convert(p.widthCast, width, target, v);
    v = convert(p.finalCast, width, target, v);
  }
  std::vector<uint64_t> bits;
  for (int64_t v : values)
    bits.push_back(asUnsigned(target, v));
  return bits;
}

//===- BagText.cpp - the MLIR text of bag programs and references ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Prints `@bag_<id>` (the op) and `@bag_ref_<id>` (the same pooling written
// unfused: gather.gather, a masked pooling linalg.generic that counts the
// rows it pools, and a linalg.generic that finishes each element), see
// Bag.h.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Bag.h"

#include "gather-mlir/Fuzz/Reference.h"
#include "gather-mlir/Harness/MemRef.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;

namespace {

bool isFloat(ElementKind kind) {
  return kind == ElementKind::F16 || kind == ElementKind::BF16 ||
         kind == ElementKind::F32 || kind == ElementKind::F64;
}

/// The type rows are pooled in: f32 for f16 and bf16 (as the op does).
std::string getAccumulatorType(ElementKind kind) {
  if (kind == ElementKind::F16 || kind == ElementKind::BF16)
    return "f32";
  return getName(kind);
}

/// The start of the pooling in the accumulator type: -0.0 for float sums
/// (+0.0 with from_positive_zero), -inf for float max, 0 and the smallest
/// integer for integers.
std::string getIdentity(const BagProgram &p) {
  std::string acc = getAccumulatorType(p.element);
  if (isFloat(p.element)) {
    if (p.mode != BagMode::Max)
      return (p.fromPositiveZero ? "0.000000e+00 : " : "-0.000000e+00 : ") +
             acc;
    return (acc == "f32" ? "0xFF800000 : " : "0xFFF0000000000000 : ") + acc;
  }
  if (p.mode != BagMode::Max)
    return "0 : " + acc;
  static const char *minimum[] = {"-128", "-2147483648",
                                  "-9223372036854775808"};
  int index = p.element == ElementKind::I8    ? 0
              : p.element == ElementKind::I32 ? 1
                                              : 2;
  return std::string(minimum[index]) + " : " + acc;
}

std::string getAffineMap(unsigned numDims, const std::vector<unsigned> &dims) {
  std::string text = "affine_map<(";
  for (unsigned d = 0; d < numDims; ++d)
    text += (d ? ", d" : "d") + std::to_string(d);
  text += ") -> (";
  for (size_t k = 0; k < dims.size(); ++k)
    text += (k ? ", d" : "d") + std::to_string(dims[k]);
  return text + ")>";
}

/// The types of the function's arguments, in order.
std::vector<std::string> getArgumentTypes(const BagProgram &p, bool reference) {
  std::vector<std::string> out;
  for (const ProgramArgument &a : getBagArguments(p, reference))
    out.push_back(getTensorType(a.shape.declared, a.type));
  return out;
}

/// `func.func @<name>(...) -> <result>` with the C interface.
void printSignature(llvm::raw_ostream &os, const BagProgram &p,
                    const std::string &name, bool reference) {
  static const char *names[] = {"%t", "%i", "%o", "%w", "%m"};
  std::vector<std::string> types = getArgumentTypes(p, reference);
  os << "  func.func @" << name << "(";
  size_t k = 0;
  auto next = [&](const char *argName) {
    os << (k ? ", " : "") << argName << ": " << types[k];
    ++k;
  };
  next(names[0]);
  next(names[1]);
  if (p.ragged)
    next(names[2]);
  if (p.weights)
    next(names[3]);
  if (reference)
    next(names[4]);
  os << ") -> " << getTensorType(p.resultDeclared, getName(p.element))
     << " attributes {llvm.emit_c_interface} {\n";
}

void printBag(llvm::raw_ostream &os, const BagProgram &p) {
  std::vector<std::string> types = getArgumentTypes(p, false);
  std::string result = getTensorType(p.resultDeclared, getName(p.element));
  printSignature(os, p, "bag_" + std::to_string(p.id), false);
  os << "    %r = gather.embedding_bag " << getName(p.mode) << " %t[%i]";
  if (p.batchDims)
    os << " batch_dims = " << p.batchDims;
  size_t k = 2;
  if (p.ragged)
    os << " offsets(%o : " << types[k++] << ")";
  if (p.weights)
    os << " weights(%w : " << types[k++] << ")";
  std::vector<std::string> attrs;
  if (p.fromPositiveZero)
    attrs.push_back("from_positive_zero");
  if (p.includeLastOffset)
    attrs.push_back("include_last_offset");
  if (p.paddingIdx)
    attrs.push_back("padding_idx = " + std::to_string(*p.paddingIdx) +
                    " : i64");
  if (!attrs.empty()) {
    os << " {";
    for (size_t a = 0; a < attrs.size(); ++a)
      os << (a ? ", " : "") << attrs[a];
    os << "}";
  }
  os << " : " << types[0] << ", " << types[1] << " -> " << result << "\n";
  os << "    return %r : " << result << "\n  }\n";
}

/// Prints the reference of a program (see the top of the file) in three
/// steps: the gathered rows and the initial accumulators, the masked
/// pooling, the finish of each element.
class ReferencePrinter {
public:
  ReferencePrinter(llvm::raw_ostream &os, const BagProgram &p)
      : os(os), p(p), element(getName(p.element)),
        acc(getAccumulatorType(p.element)), floats(isFloat(p.element)),
        extend(acc != element), types(getArgumentTypes(p, true)) {
    int64_t bd = p.batchDims;
    rowRank = p.table.sizes.size() - bd - 1;
    loops = (p.ragged ? 2 : bd + 2) + rowRank;
    reduced = p.ragged ? 1 : bd + 1;
  }

  void print() {
    printSignature(os, p, "bag_ref_" + std::to_string(p.id), true);
    printGatherAndInits();
    printPooling();
    printFinish();
  }

private:
  /// The gathered rows (`[P?, B, L, D...]` or `[N, D...]`) and the
  /// accumulators and counts, `[P?, B, D...]`: batch and bags from the
  /// (static) mask, rows from the table.
  void printGatherAndInits() {
    int64_t bd = p.batchDims;
    std::vector<int64_t> gathered;
    for (int64_t d = 0; d < static_cast<int64_t>(p.ids.declared.size()); ++d)
      gathered.push_back(d < bd && p.ids.declared[d] == kDynamic
                             ? p.table.declared[d]
                             : p.ids.declared[d]);
    gathered.insert(gathered.end(), p.table.declared.begin() + bd + 1,
                    p.table.declared.end());
    gatheredType = getTensorType(gathered, element);
    os << "    %g = \"gather.gather\"(%t, %i) <{axis = " << bd
       << " : i64, batch_dims = " << bd << " : i64}> : (" << types[0] << ", "
       << types[1] << ") -> " << gatheredType << "\n";

    std::vector<int64_t> maskSizes = getBagMaskSizes(p);
    std::vector<int64_t> pooled(maskSizes.begin(), maskSizes.end() - 1);
    for (int64_t i = 0; i < rowRank; ++i) {
      int64_t dim = bd + 1 + i;
      pooled.push_back(p.table.declared[dim]);
      if (p.table.declared[dim] != kDynamic)
        continue;
      os << "    %cd" << i << " = arith.constant " << dim << " : index\n";
      os << "    %rd" << i << " = tensor.dim %t, %cd" << i << " : " << types[0]
         << "\n";
      dynamicSizes +=
          (dynamicSizes.empty() ? "%rd" : ", %rd") + std::to_string(i);
    }
    accType = getTensorType(pooled, acc);
    countType = getTensorType(pooled, "i64");
    outType = getTensorType(pooled, element);
    os << "    %id = arith.constant " << getIdentity(p) << "\n";
    os << "    %zero = arith.constant 0 : i64\n";
    os << "    %ea = tensor.empty(" << dynamicSizes << ") : " << accType
       << "\n";
    os << "    %a0 = linalg.fill ins(%id : " << acc
       << ") outs(%ea : " << accType << ") -> " << accType << "\n";
    os << "    %ec = tensor.empty(" << dynamicSizes << ") : " << countType
       << "\n";
    os << "    %c0 = linalg.fill ins(%zero : i64) outs(%ec : " << countType
       << ") -> " << countType << "\n";
  }

  /// The pooling: loops `[p?] b, l` (fixed) or `b, n` (ragged), then the
  /// row dimensions; the mask selects the rows pooled and counted.
  void printPooling() {
    std::vector<unsigned> all, ids, out;
    for (unsigned d = 0; d < loops; ++d) {
      all.push_back(d);
      if (d != reduced)
        out.push_back(d);
      if (d <= reduced)
        ids.push_back(d);
    }
    std::vector<unsigned> gatheredDims = all;
    std::vector<unsigned> weightDims = ids;
    if (p.ragged) {
      gatheredDims.erase(gatheredDims.begin());
      weightDims = {1};
    }
    os << "    %p:2 = linalg.generic {indexing_maps = ["
       << getAffineMap(loops, gatheredDims) << ", " << getAffineMap(loops, ids);
    if (p.weights)
      os << ", " << getAffineMap(loops, weightDims);
    os << ", " << getAffineMap(loops, out) << ", " << getAffineMap(loops, out)
       << "], iterator_types = [";
    for (unsigned d = 0; d < loops; ++d)
      os << (d ? ", " : "")
         << (d == reduced ? "\"reduction\"" : "\"parallel\"");
    os << "]} ins(%g, %m" << (p.weights ? ", %w" : "") << " : " << gatheredType
       << ", " << types.back();
    if (p.weights)
      os << ", " << types[types.size() - 2];
    os << ") outs(%a0, %c0 : " << accType << ", " << countType << ") {\n";
    os << "    ^bb0(%x: " << element << ", %k: i8, "
       << (p.weights ? "%y: " + element + ", " : "") << "%a: " << acc
       << ", %n: i64):\n";
    printPoolingBody();
    os << "    } -> (" << accType << ", " << countType << ")\n";
  }

  /// The body: the row element (extended, times the weight) combined with
  /// the accumulator where the mask is set, and counted.
  void printPoolingBody() {
    std::string value = "%x";
    if (extend) {
      os << "      %xe = arith.extf %x : " << element << " to " << acc << "\n";
      value = "%xe";
    }
    if (p.weights) {
      std::string weight = "%y";
      if (extend) {
        os << "      %ye = arith.extf %y : " << element << " to " << acc
           << "\n";
        weight = "%ye";
      }
      os << "      %xw = arith." << (floats ? "mulf " : "muli ") << value
         << ", " << weight << " : " << acc << "\n";
      value = "%xw";
    }
    if (p.mode == BagMode::Max && floats) {
      printFloatMax(value);
    } else if (p.mode == BagMode::Max) {
      os << "      %v = arith.maxsi %a, " << value << " : " << acc << "\n";
    } else {
      os << "      %v = arith." << (floats ? "addf" : "addi") << " %a, "
         << value << " : " << acc << "\n";
    }
    os << "      %z8 = arith.constant 0 : i8\n";
    os << "      %on = arith.cmpi ne, %k, %z8 : i8\n";
    os << "      %a2 = arith.select %on, %v, %a : " << acc << "\n";
    os << "      %one = arith.constant 1 : i64\n";
    os << "      %n1 = arith.addi %n, %one : i64\n";
    os << "      %n2 = arith.select %on, %n1, %n : i64\n";
    os << "      linalg.yield %a2, %n2 : " << acc << ", i64\n";
  }

  /// `%v` = the maximum of `%a` and `value` in the total order of their
  /// bits read as signed integers, the negative ones' magnitude bits
  /// flipped: -inf < ... < -0.0 < +0.0 < ... < +inf (the data hold no NaN).
  /// Not `arith.maximumf`, whose expansion in the pipelines (arith-expand)
  /// orders -0.0 and +0.0 by position; a key of the bits, so that the
  /// reference does not share the op's way of ordering the zeros.
  void printFloatMax(const std::string &value) {
    std::string bits = acc == "f32" ? "i32" : "i64";
    std::string magnitude = acc == "f32" ? "2147483647" : "9223372036854775807";
    os << "      %zb = arith.constant 0 : " << bits << "\n";
    os << "      %mb = arith.constant " << magnitude << " : " << bits << "\n";
    for (auto [name, operand] :
         {std::pair<std::string, std::string>{"v", value}, {"a", "%a"}}) {
      os << "      %" << name << "b = arith.bitcast " << operand << " : " << acc
         << " to " << bits << "\n";
      os << "      %" << name << "n = arith.cmpi slt, %" << name
         << "b, %zb : " << bits << "\n";
      os << "      %" << name << "f = arith.xori %" << name
         << "b, %mb : " << bits << "\n";
      os << "      %" << name << "k = arith.select %" << name << "n, %" << name
         << "f, %" << name << "b : " << bits << "\n";
    }
    os << "      %gt = arith.cmpi sgt, %vk, %ak : " << bits << "\n";
    os << "      %v = arith.select %gt, " << value << ", %a : " << acc << "\n";
  }

  /// Each element: the mean divides by the count, f16/bf16 round once, an
  /// empty bag gives 0; a cast to the declared result type.
  void printFinish() {
    os << "    %er = tensor.empty(" << dynamicSizes << ") : " << outType
       << "\n";
    std::vector<unsigned> dims;
    for (unsigned d = 0; d + 1 < loops; ++d)
      dims.push_back(d);
    std::string identity = getAffineMap(loops - 1, dims);
    os << "    %f = linalg.generic {indexing_maps = [" << identity << ", "
       << identity << ", " << identity << "], iterator_types = [";
    for (unsigned d = 0; d + 1 < loops; ++d)
      os << (d ? ", " : "") << "\"parallel\"";
    os << "]} ins(%p#0, %p#1 : " << accType << ", " << countType
       << ") outs(%er : " << outType << ") {\n";
    os << "    ^bb0(%s: " << acc << ", %c: i64, %unused: " << element << "):\n";
    std::string value = "%s";
    if (p.mode == BagMode::Mean) {
      os << "      %cf = arith.sitofp %c : i64 to " << acc << "\n";
      os << "      %q = arith.divf %s, %cf : " << acc << "\n";
      value = "%q";
    }
    if (extend) {
      os << "      %tr = arith.truncf " << value << " : " << acc << " to "
         << element << "\n";
      value = "%tr";
    }
    os << "      %zc = arith.constant 0 : i64\n";
    os << "      %none = arith.cmpi eq, %c, %zc : i64\n";
    os << "      %ze = arith.constant " << (floats ? "0.000000e+00" : "0")
       << " : " << element << "\n";
    os << "      %fv = arith.select %none, %ze, " << value << " : " << element
       << "\n";
    os << "      linalg.yield %fv : " << element << "\n";
    os << "    } -> " << outType << "\n";
    std::string result = getTensorType(p.resultDeclared, element);
    std::string returned = "%f";
    if (result != outType) {
      os << "    %fc = tensor.cast %f : " << outType << " to " << result
         << "\n";
      returned = "%fc";
    }
    os << "    return " << returned << " : " << result << "\n  }\n";
  }

  llvm::raw_ostream &os;
  const BagProgram &p;
  std::string element, acc;
  bool floats, extend;
  std::vector<std::string> types;
  int64_t rowRank;
  /// The number of loops of the pooling and the reduced one.
  unsigned loops, reduced;
  /// Set by printGatherAndInits.
  std::string gatheredType, accType, countType, outType, dynamicSizes;
};

/// Up to 64 values of `bits`, printed by `print`.
template <typename Print>
void printValues(llvm::raw_ostream &os, const std::vector<uint64_t> &bits,
                 Print print) {
  os << "[";
  for (size_t n = 0; n < bits.size() && n < 64; ++n)
    os << (n ? ", " : "") << print(bits[n]);
  if (bits.size() > 64)
    os << ", ...";
  os << "]";
}

/// An id or offset of `kind` as a number.
std::string formatIndex(IndexKind kind, uint64_t bits) {
  if (isUnsigned(kind))
    return std::to_string(bits);
  if (getByteSize(kind) == 4)
    return std::to_string(static_cast<int32_t>(bits));
  return std::to_string(static_cast<int64_t>(bits));
}

} // namespace

std::string
fuzz::getBagModuleText(const std::vector<const BagProgram *> &programs) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "module {\n";
  for (const BagProgram *p : programs) {
    printBag(os, *p);
    ReferencePrinter(os, *p).print();
  }
  os << "}\n";
  return text;
}

std::string fuzz::describe(const BagProgram &p) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "  bag program " << p.id << ": " << getName(p.mode) << " of "
     << (p.ragged ? (p.includeLastOffset ? "ragged bags (include_last_offset)"
                                         : "ragged bags")
                  : "fixed bags")
     << ", table " << harness::formatShape(p.table.sizes) << " x "
     << getName(p.element) << ", ids " << harness::formatShape(p.ids.sizes)
     << " x " << getName(p.idKind);
  if (p.paddingIdx)
    os << ", padding_idx " << *p.paddingIdx;
  if (p.fromPositiveZero)
    os << ", from_positive_zero";
  os << "\n  ids = ";
  printValues(os, p.idBits,
              [&](uint64_t b) { return formatIndex(p.idKind, b); });
  if (p.ragged) {
    os << "\n  offsets (" << getName(p.offsetKind) << ") = ";
    printValues(os, p.offsetBits,
                [&](uint64_t b) { return formatIndex(p.offsetKind, b); });
  }
  auto element = [&](uint64_t b) {
    return formatElement(p.element, reinterpret_cast<const uint8_t *>(&b));
  };
  os << "\n  table = ";
  printValues(os, p.tableBits, element);
  if (p.weights) {
    os << "\n  weights = ";
    printValues(os, p.weightBits, element);
  }
  os << "\n  mask of the reference " << harness::formatShape(getBagMaskSizes(p))
     << " = ";
  std::vector<uint64_t> mask;
  for (uint8_t m : getBagMask(p))
    mask.push_back(m);
  printValues(os, mask, [](uint64_t b) { return std::to_string(b); });
  if (!p.note.empty())
    os << "\n  must stop or clamp: " << p.note;
  os << "\n" << getBagModuleText({&p});
  return text;
}

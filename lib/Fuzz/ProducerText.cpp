//===- ProducerText.cpp - the MLIR text of index producers ----------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Producer.h"

#include "gather-mlir/Harness/MemRef.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;
using harness::getNumElements;

const char *fuzz::getName(ProducerKind kind) {
  static const char *names[] = {"elementwise",       "parallel-generic",
                                "reduction-generic", "linalg-reduce",
                                "scf-for",           "scf-while"};
  return names[static_cast<int>(kind)];
}

std::vector<const ProducerInput *> Producer::getArgumentInputs() const {
  std::vector<const ProducerInput *> out;
  for (const ProducerInput &input : inputs)
    if (input.argument)
      out.push_back(&input);
  return out;
}

namespace {

const char *getOpName(Opcode opcode) {
  static const char *names[] = {"",
                                "",
                                "arith.addi",
                                "arith.subi",
                                "arith.muli",
                                "arith.maxsi",
                                "arith.minsi",
                                "arith.maxui",
                                "arith.minui",
                                "arith.remsi",
                                "arith.remui",
                                "arith.andi",
                                "arith.ori",
                                "arith.xori",
                                "arith.shli",
                                "arith.shrsi",
                                "arith.shrui",
                                "arith.select"};
  return names[static_cast<int>(opcode)];
}

const char *getPredicateName(Predicate predicate) {
  static const char *names[] = {"slt", "sle", "sgt", "sge",
                                "ult", "uge", "eq",  "ne"};
  return names[static_cast<int>(predicate)];
}

/// `values` of `sizes` as the nested list of a dense attribute.
void printNested(llvm::raw_ostream &os, const std::vector<int64_t> &values,
                 const std::vector<int64_t> &sizes, size_t dim, int64_t &at) {
  if (dim == sizes.size()) {
    os << values[at++];
    return;
  }
  os << "[";
  for (int64_t i = 0; i < sizes[dim]; ++i) {
    os << (i ? ", " : "");
    printNested(os, values, sizes, dim + 1, at);
  }
  os << "]";
}

/// Emits the ops of one producer; names start with `prefix`.
class ProducerPrinter {
public:
  ProducerPrinter(const Producer &p, const std::string &prefix,
                  llvm::raw_ostream &os)
      : p(p), prefix(prefix), os(os) {}

  /// Emits everything; returns the name of the indices. `argNames`: the
  /// argument inputs.
  std::string print(const std::vector<std::string> &argNames);

private:
  std::string fresh(const std::string &stem) {
    return prefix + stem + std::to_string(counter++);
  }
  std::string tensorType(unsigned width) const {
    return getTensorType(p.shape, "i" + std::to_string(width));
  }
  std::string printConstant(const ProducerInput &input, unsigned width);
  std::string printInit();
  std::string printBody(const Body &body, const std::vector<std::string> &args,
                        unsigned width, const std::string &type, bool tensors);
  std::string printFirstValue(const std::vector<std::string> &inputs);
  std::string printGeneric(const std::vector<std::string> &inputs);
  std::string printReduce(const std::vector<std::string> &inputs);
  std::string printLoopBody(const std::string &acc, const std::string &k,
                            const std::string &counter);
  std::string printFor();
  std::string printWhile();
  std::string printConversions(std::string value);

  const Producer &p;
  std::string prefix;
  llvm::raw_ostream &os;
  unsigned counter = 0;
};

std::string ProducerPrinter::printConstant(const ProducerInput &input,
                                           unsigned width) {
  std::string name = fresh("k");
  os << "    " << name << " = arith.constant dense<";
  int64_t at = 0;
  if (getNumElements(input.sizes) > 0)
    printNested(os, input.values, input.sizes, 0, at);
  os << "> : " << getTensorType(input.sizes, "i" + std::to_string(width))
     << "\n";
  return name;
}

std::string ProducerPrinter::printInit() {
  if (!p.initByFill)
    return printConstant(p.init, p.width);
  std::string empty = fresh("e"), value = fresh("f"), init = fresh("init");
  std::string scalar = "i" + std::to_string(p.width);
  os << "    " << empty << " = tensor.empty() : " << tensorType(p.width) << "\n"
     << "    " << value << " = arith.constant "
     << (p.init.values.empty() ? 0 : p.init.values[0]) << " : " << scalar
     << "\n"
     << "    " << init << " = linalg.fill ins(" << value << " : " << scalar
     << ") outs(" << empty << " : " << tensorType(p.width) << ") -> "
     << tensorType(p.width) << "\n";
  return init;
}

/// Emits `body` on scalars of `type` or, with `tensors`, on tensors of
/// `type` (elementwise); returns the name of its last value.
std::string ProducerPrinter::printBody(const Body &body,
                                       const std::vector<std::string> &args,
                                       unsigned width, const std::string &type,
                                       bool tensors) {
  std::vector<std::string> names = args;
  std::string indent = tensors ? "    " : "      ";
  for (const ScalarOp &op : body.ops) {
    std::string name = fresh("v");
    auto operand = [&](int k) { return names[op.operands[k]]; };
    if (op.opcode == Opcode::Const) {
      os << indent << name << " = arith.constant "
         << (tensors ? "dense<" + std::to_string(op.constant) + ">"
                     : std::to_string(op.constant))
         << " : " << type << "\n";
    } else if (op.opcode == Opcode::Index) {
      std::string index = fresh("ix");
      os << indent << index << " = linalg.index " << op.constant << " : index\n"
         << indent << name << " = arith.index_cast " << index << " : index to i"
         << width << "\n";
    } else if (op.opcode == Opcode::Select) {
      std::string cmp = fresh("c");
      os << indent << cmp << " = arith.cmpi " << getPredicateName(op.predicate)
         << ", " << operand(0) << ", " << operand(1) << " : " << type << "\n"
         << indent << name << " = arith.select " << cmp << ", " << operand(2)
         << ", " << operand(3) << " : "
         << (tensors ? getTensorType(p.shape, "i1") + ", " : "") << type
         << "\n";
    } else {
      os << indent << name << " = " << getOpName(op.opcode) << " " << operand(0)
         << ", " << operand(1) << " : " << type << "\n";
    }
    names.push_back(name);
  }
  return names.back();
}

/// `affine_map<(d0, ..) -> (..)>` of `numLoops` loops onto `results`.
std::string getMap(unsigned numLoops, const std::vector<unsigned> &results) {
  std::string text = "affine_map<(";
  for (unsigned l = 0; l < numLoops; ++l)
    text += (l ? ", d" : "d") + std::to_string(l);
  text += ") -> (";
  for (size_t k = 0; k < results.size(); ++k)
    text += (k ? ", d" : "d") + std::to_string(results[k]);
  return text + ")>";
}

std::string
ProducerPrinter::printGeneric(const std::vector<std::string> &inputs) {
  bool reduction = p.kind == ProducerKind::ReductionGeneric;
  unsigned loops = p.shape.size() + (reduction ? p.reducedLoops.size() : 0);
  std::vector<unsigned> all, parallel;
  std::string iterators;
  for (unsigned l = 0; l < loops; ++l) {
    all.push_back(l);
    bool reduced = reduction &&
                   std::count(p.reducedLoops.begin(), p.reducedLoops.end(), l);
    if (!reduced)
      parallel.push_back(l);
    iterators += std::string(l ? ", " : "") +
                 (reduced ? "\"reduction\"" : "\"parallel\"");
  }
  std::string init = printInit(), name = fresh("g");
  std::string scalar = "i" + std::to_string(p.width);
  os << "    " << name << " = linalg.generic {indexing_maps = [";
  for (size_t k = 0; k < inputs.size(); ++k)
    os << getMap(loops, all) << ", ";
  os << getMap(loops, parallel) << "], iterator_types = [" << iterators
     << "]} ins(";
  for (size_t k = 0; k < inputs.size(); ++k)
    os << (k ? ", " : "") << inputs[k];
  os << " : ";
  for (size_t k = 0; k < inputs.size(); ++k)
    os << (k ? ", " : "") << getTensorType(p.inputs[k].sizes, scalar);
  os << ") outs(" << init << " : " << tensorType(p.width) << ") {\n    ^bb0(";
  std::vector<std::string> args;
  for (size_t k = 0; k <= inputs.size(); ++k) {
    args.push_back(fresh("a"));
    os << (k ? ", " : "") << args.back() << ": " << scalar;
  }
  os << "):\n";
  std::string result = printBody(p.body, args, p.width, scalar, false);
  os << "      linalg.yield " << result << " : " << scalar << "\n    } -> "
     << tensorType(p.width) << "\n";
  return name;
}

std::string
ProducerPrinter::printReduce(const std::vector<std::string> &inputs) {
  std::string init = printInit(), name = fresh("red");
  std::string scalar = "i" + std::to_string(p.width);
  os << "    " << name << " = linalg.reduce ins(" << inputs[0] << " : "
     << getTensorType(p.inputs[0].sizes, scalar) << ") outs(" << init << " : "
     << tensorType(p.width) << ") dimensions = [";
  for (size_t k = 0; k < p.reducedLoops.size(); ++k)
    os << (k ? ", " : "") << p.reducedLoops[k];
  std::vector<std::string> args = {fresh("a"), fresh("o")};
  os << "]\n      (" << args[0] << ": " << scalar << ", " << args[1] << ": "
     << scalar << ") {\n";
  std::string result = printBody(p.body, args, p.width, scalar, false);
  os << "      linalg.yield " << result << " : " << scalar << "\n    }\n";
  return name;
}

/// One iteration of a loop: a parallel linalg.generic that reads `k` and
/// updates the carried tensor `acc` in place (its init), with the scalar
/// iteration `counter` from above; returns its result.
std::string ProducerPrinter::printLoopBody(const std::string &acc,
                                           const std::string &k,
                                           const std::string &counter) {
  std::vector<unsigned> all;
  std::string iterators;
  for (unsigned l = 0; l < p.shape.size(); ++l) {
    all.push_back(l);
    iterators += std::string(l ? ", " : "") + "\"parallel\"";
  }
  std::string name = fresh("step"), bk = fresh("bk"), bacc = fresh("bacc");
  std::string scalar = "i" + std::to_string(p.width);
  std::string map = getMap(p.shape.size(), all);
  os << "    " << name << " = linalg.generic {indexing_maps = [" << map << ", "
     << map << "], iterator_types = [" << iterators << "]} ins(" << k << " : "
     << tensorType(p.width) << ") outs(" << acc << " : " << tensorType(p.width)
     << ") {\n    ^bb0(" << bk << ": " << scalar << ", " << bacc << ": "
     << scalar << "):\n";
  std::string result =
      printBody(p.body, {bacc, bk, counter}, p.width, scalar, false);
  os << "      linalg.yield " << result << " : " << scalar << "\n    } -> "
     << tensorType(p.width) << "\n";
  return name;
}

std::string ProducerPrinter::printFor() {
  std::string init = printInit(), k = printConstant(p.loopOperand, p.width);
  std::string type = tensorType(p.width),
              scalar = "i" + std::to_string(p.width);
  std::string lb = fresh("lb"), ub = fresh("ub"), step = fresh("st");
  std::string name = fresh("for"), iv = fresh("iv"), acc = fresh("acc");
  os << "    " << lb << " = arith.constant 0 : index\n    " << ub
     << " = arith.constant " << p.tripCount << " : index\n    " << step
     << " = arith.constant 1 : index\n    " << name << " = scf.for " << iv
     << " = " << lb << " to " << ub << " step " << step << " iter_args(" << acc
     << " = " << init << ") -> (" << type << ") {\n";
  std::string ivValue = fresh("ivi");
  os << "    " << ivValue << " = arith.index_cast " << iv << " : index to "
     << scalar << "\n";
  std::string result = printLoopBody(acc, k, ivValue);
  os << "    scf.yield " << result << " : " << type << "\n    }\n";
  return name;
}

std::string ProducerPrinter::printWhile() {
  std::string init = printInit(), k = printConstant(p.loopOperand, p.width);
  std::string type = tensorType(p.width),
              scalar = "i" + std::to_string(p.width);
  std::string zero = fresh("n"), trips = fresh("n"), one = fresh("n");
  std::string name = fresh("while"), wa = fresh("wa"), wn = fresh("wn");
  std::string cond = fresh("wc"), acc = fresh("acc"), count = fresh("cnt");
  os << "    " << zero << " = arith.constant 0 : " << scalar << "\n    "
     << trips << " = arith.constant " << p.tripCount << " : " << scalar
     << "\n    " << one << " = arith.constant 1 : " << scalar << "\n    "
     << name << ":2 = scf.while (" << wa << " = " << init << ", " << wn << " = "
     << zero << ") : (" << type << ", " << scalar << ") -> (" << type << ", "
     << scalar << ") {\n    " << cond << " = arith.cmpi slt, " << wn << ", "
     << trips << " : " << scalar << "\n    scf.condition(" << cond << ") " << wa
     << ", " << wn << " : " << type << ", " << scalar
     << "\n    } do {\n    ^bb0(" << acc << ": " << type << ", " << count
     << ": " << scalar << "):\n";
  std::string next = fresh("cn");
  std::string result = printLoopBody(acc, k, count);
  os << "    " << next << " = arith.addi " << count << ", " << one << " : "
     << scalar << "\n    scf.yield " << result << ", " << next << " : " << type
     << ", " << scalar << "\n    }\n";
  return name + "#0";
}

std::string
ProducerPrinter::printFirstValue(const std::vector<std::string> &inputs) {
  switch (p.kind) {
  case ProducerKind::Elementwise:
    return printBody(p.body, inputs, p.width, tensorType(p.width), true);
  case ProducerKind::ParallelGeneric:
  case ProducerKind::ReductionGeneric:
    return printGeneric(inputs);
  case ProducerKind::LinalgReduce:
    return printReduce(inputs);
  case ProducerKind::ScfFor:
    return printFor();
  case ProducerKind::ScfWhile:
    return printWhile();
  }
  return "";
}

/// The op spelling of a conversion.
const char *getCastName(CastKind cast) {
  static const char *names[] = {"",
                                "arith.trunci",
                                "arith.extsi",
                                "arith.extui",
                                "arith.index_cast",
                                "arith.index_castui",
                                "tensor.bitcast"};
  return names[static_cast<int>(cast)];
}

std::string ProducerPrinter::printConversions(std::string value) {
  unsigned width = p.width;
  auto convert = [&](CastKind cast, const std::string &to) {
    std::string name = fresh("cv");
    os << "    " << name << " = " << getCastName(cast) << " " << value << " : "
       << tensorType(width) << " to " << getTensorType(p.shape, to) << "\n";
    value = name;
  };
  for (const Stage &stage : p.stages) {
    if (stage.cast != CastKind::None) {
      convert(stage.cast, "i" + std::to_string(stage.width));
      width = stage.width;
      continue;
    }
    std::string operand = printConstant(stage.operand, width);
    value =
        printBody(stage.body, {value, operand}, width, tensorType(width), true);
  }
  if (p.widthCast != CastKind::None) {
    unsigned target = getByteSize(p.index) * 8;
    convert(p.widthCast, "i" + std::to_string(target));
    width = target;
  }
  if (p.finalCast != CastKind::None)
    convert(p.finalCast, getName(p.index));
  return value;
}

std::string ProducerPrinter::print(const std::vector<std::string> &argNames) {
  std::vector<std::string> inputs;
  size_t nextArg = 0;
  for (const ProducerInput &input : p.inputs)
    inputs.push_back(input.argument ? argNames[nextArg++]
                                    : printConstant(input, p.width));
  return printConversions(printFirstValue(inputs));
}

} // namespace

std::string fuzz::printProducer(const Producer &p, const std::string &prefix,
                                const std::vector<std::string> &argNames,
                                std::string &body, std::string &functions) {
  std::string resultType = getTensorType(p.shape, getName(p.index));
  if (p.call == CallKind::Inline) {
    llvm::raw_string_ostream os(body);
    return ProducerPrinter(p, prefix, os).print(argNames);
  }
  // The producer in a function of its own, called with the argument inputs.
  std::string function = prefix.substr(1) + "fn";
  std::string argType = "i" + std::to_string(p.width);
  std::vector<std::string> params;
  std::string signature, types;
  for (size_t k = 0; k < argNames.size(); ++k) {
    params.push_back("%arg" + std::to_string(k));
    std::string type = getTensorType(p.getArgumentInputs()[k]->sizes, argType);
    signature += (k ? ", " : "") + params.back() + ": " + type;
    types += (k ? ", " : "") + type;
  }
  llvm::raw_string_ostream fos(functions);
  fos << "  func.func " << (p.call == CallKind::Private ? "private " : "")
      << "@" << function << "(" << signature << ") -> " << resultType << " {\n";
  std::string value = ProducerPrinter(p, prefix, fos).print(params);
  fos << "    return " << value << " : " << resultType << "\n  }\n";
  std::string name = prefix + "call";
  llvm::raw_string_ostream os(body);
  os << "    " << name << " = func.call @" << function << "(";
  for (size_t k = 0; k < argNames.size(); ++k)
    os << (k ? ", " : "") << argNames[k];
  os << ") : (" << types << ") -> " << resultType << "\n";
  return name;
}

//===- Program.cpp - the MLIR text of generated programs ------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Program.h"

#include "gather-mlir/Harness/MemRef.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;

const char *fuzz::getName(ElementKind kind) {
  static const char *names[] = {"f16", "bf16", "f32", "f64",
                                "i1",  "i8",   "i32", "i64"};
  return names[static_cast<int>(kind)];
}

int64_t fuzz::getByteSize(ElementKind kind) {
  static const int64_t sizes[] = {2, 2, 4, 8, 1, 1, 4, 8};
  return sizes[static_cast<int>(kind)];
}

const char *fuzz::getName(IndexKind kind) {
  static const char *names[] = {"i32",  "i64",  "si32", "si64",
                                "ui32", "ui64", "index"};
  return names[static_cast<int>(kind)];
}

int64_t fuzz::getByteSize(IndexKind kind) {
  return kind == IndexKind::I32 || kind == IndexKind::SI32 ||
                 kind == IndexKind::UI32
             ? 4
             : 8;
}

bool fuzz::isUnsigned(IndexKind kind) {
  return kind == IndexKind::UI32 || kind == IndexKind::UI64;
}

std::vector<int64_t> fuzz::getResultOf(const std::vector<int64_t> &data,
                                       const std::vector<int64_t> &indices,
                                       int64_t a, int64_t b) {
  std::vector<int64_t> out(data.begin(), data.begin() + a);
  out.insert(out.end(), indices.begin() + b, indices.end());
  out.insert(out.end(), data.begin() + a + 1, data.end());
  return out;
}

std::string fuzz::getTensorType(const std::vector<int64_t> &sizes,
                                const std::string &element) {
  std::string text = "tensor<";
  for (int64_t s : sizes)
    text += (s == kDynamic ? std::string("?") : std::to_string(s)) + "x";
  return text + element + ">";
}

std::vector<ProgramArgument> fuzz::getArguments(const Program &p) {
  std::vector<ProgramArgument> out;
  out.push_back({p.data, getName(p.element), getByteSize(p.element), {}});
  for (const GatherStep &step : p.steps) {
    if (!step.producer) {
      out.push_back({{step.indices.sizes, step.indicesSource},
                     getName(step.index),
                     getByteSize(step.index),
                     step.indexBits});
      continue;
    }
    unsigned width = step.producer->width;
    uint64_t mask = width == 32 ? 0xffffffffULL : ~0ULL;
    for (const ProducerInput *input : step.producer->getArgumentInputs()) {
      ProgramArgument argument{{input->sizes, input->sizes},
                               "i" + std::to_string(width),
                               width / 8,
                               {}};
      for (int64_t v : input->values)
        argument.bits.push_back(static_cast<uint64_t>(v) & mask);
      out.push_back(std::move(argument));
    }
  }
  return out;
}

namespace {

/// The text of the gather `k` of `p` on `value` of type `type`; updates
/// both to the result.
void printStep(llvm::raw_ostream &os, const Program &p, size_t k,
               const std::string &indices, std::string &value,
               std::string &type, std::string &functions) {
  const GatherStep &step = p.steps[k];
  std::string name = std::to_string(k);
  std::string indexType = getName(step.index);
  std::string indicesValue = indices;
  std::string sourceType = getTensorType(step.indicesSource, indexType);
  std::string indicesType = getTensorType(step.indices.declared, indexType);
  if (step.producer) {
    std::string body;
    std::vector<std::string> argNames;
    for (size_t j = 0; j < step.producer->getArgumentInputs().size(); ++j)
      argNames.push_back(indices + "_" + std::to_string(j));
    indicesValue = printProducer(*step.producer,
                                 "%p" + name + "_" + std::to_string(p.id) + "_",
                                 argNames, body, functions);
    os << body;
  }
  if (sourceType != indicesType) {
    os << "    %ic" << name << " = tensor.cast " << indicesValue << " : "
       << sourceType << " to " << indicesType << "\n";
    indicesValue = "%ic" + name;
  }
  std::string resultType =
      getTensorType(step.resultDeclared, getName(p.element));
  os << "    %r" << name << " = \"gather.gather\"(" << value << ", "
     << indicesValue << ") <{axis = " << step.axisAttr
     << " : i64, batch_dims = " << step.batchDimsAttr << " : i64}> : (" << type
     << ", " << indicesType << ") -> " << resultType << "\n";
  value = "%r" + name;
  type = resultType;
}

/// The function of `p` and, in `functions`, the functions it calls.
std::string getFunctionText(const Program &p, std::string &functions) {
  std::string text;
  llvm::raw_string_ostream os(text);
  std::vector<ProgramArgument> arguments = getArguments(p);
  std::string dataType = getTensorType(p.data.declared, getName(p.element));
  os << "  func.func @gather_" << p.id << "(%d: " << dataType;
  // The names of the arguments of each gather: %i<k> or %i<k>_<j>.
  std::vector<std::string> indexNames;
  size_t next = 1;
  for (size_t k = 0; k < p.steps.size(); ++k) {
    std::string name = "%i" + std::to_string(k);
    indexNames.push_back(name);
    size_t count = p.steps[k].producer
                       ? p.steps[k].producer->getArgumentInputs().size()
                       : 1;
    for (size_t j = 0; j < count; ++j, ++next)
      os << ", "
         << (p.steps[k].producer ? name + "_" + std::to_string(j) : name)
         << ": "
         << getTensorType(arguments[next].shape.declared, arguments[next].type);
  }
  os << ") -> "
     << getTensorType(p.steps.back().resultDeclared, getName(p.element))
     << " attributes {llvm.emit_c_interface} {\n";
  std::string value = "%d", type = dataType;
  if (!p.castTo.empty()) {
    std::string castType = getTensorType(p.castTo, getName(p.element));
    os << "    %c = tensor.cast %d : " << dataType << " to " << castType
       << "\n";
    value = "%c";
    type = castType;
  }
  for (size_t k = 0; k < p.steps.size(); ++k)
    printStep(os, p, k, indexNames[k], value, type, functions);
  os << "    return " << value << " : " << type << "\n  }\n";
  return text;
}

} // namespace

std::string fuzz::getModuleText(const std::vector<const Program *> &programs) {
  std::string text = "module {\n";
  for (const Program *p : programs) {
    std::string functions;
    std::string function = getFunctionText(*p, functions);
    if (p->nested)
      text += "module @inner_" + std::to_string(p->id) + " {\n";
    text += functions + function;
    if (p->nested)
      text += "}\n";
  }
  return text + "}\n";
}

std::string fuzz::describe(const Program &p) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "  program " << p.id << ": data " << harness::formatShape(p.data.sizes)
     << " x " << getName(p.element)
     << " (element n = pattern of writeDataElement)";
  for (size_t k = 0; k < p.steps.size(); ++k) {
    const GatherStep &step = p.steps[k];
    os << "\n  indices of gather " << k << " "
       << harness::formatShape(step.indices.sizes) << " x "
       << getName(step.index)
       << (step.producer ? std::string(" from a ") +
                               getName(step.producer->kind) + " producer"
                         : std::string())
       << " = [";
    for (size_t n = 0; n < step.indexBits.size() && n < 64; ++n) {
      uint64_t bits = step.indexBits[n];
      os << (n ? ", " : "");
      if (isUnsigned(step.index))
        os << bits;
      else if (getByteSize(step.index) == 4)
        os << static_cast<int32_t>(bits);
      else
        os << static_cast<int64_t>(bits);
    }
    if (step.indexBits.size() > 64)
      os << ", ...";
    os << "]";
  }
  if (!p.note.empty())
    os << "\n  run-time sizes break: " << p.note;
  os << "\n" << getModuleText({&p});
  return text;
}

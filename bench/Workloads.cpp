//===- Workloads.cpp - the workloads of gather-bench ----------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "Workloads.h"

#include "mlir/IR/BuiltinTypes.h"

#include "llvm/Support/raw_ostream.h"

using namespace gather_bench;
using mlir::gather::harness::getNumElements;

llvm::SmallVector<int64_t> Workload::getOutputShape() const {
  llvm::SmallVector<int64_t> shape(dataShape.begin(), dataShape.begin() + axis);
  shape.append(indicesShape.begin() + batchDims, indicesShape.end());
  shape.append(dataShape.begin() + axis + 1, dataShape.end());
  return shape;
}

int64_t Workload::getOutputBytes() const {
  return getNumElements(getOutputShape()) * getElementBytes();
}

std::vector<Workload> gather_bench::getWorkloads(unsigned smallCallsPerSample) {
  auto make = [](std::string name, std::string description, std::string element,
                 llvm::SmallVector<int64_t> data,
                 llvm::SmallVector<int64_t> indices, int64_t axis,
                 int64_t batchDims, HandKernel kernel,
                 llvm::SmallVector<std::string> checks) {
    Workload w;
    w.name = std::move(name);
    w.description = std::move(description);
    w.elementType = std::move(element);
    w.dataShape = std::move(data);
    w.indicesShape = std::move(indices);
    w.axis = axis;
    w.batchDims = batchDims;
    w.kernel = kernel;
    w.oursChecks = std::move(checks);
    return w;
  };
  std::vector<Workload> out;
  out.push_back(make("W1", "embedding lookup", "f32", {100000, 256}, {262144},
                     0, 0, HandKernel::RowCopy, {"none", "assert"}));
  out.push_back(make("W2", "inner axis", "f32", {4096, 4096}, {1024}, 1, 0,
                     HandKernel::InnerAxis, {"none"}));
  out.push_back(make("W3", "batched", "f32", {64, 4096, 128}, {64, 512}, 1, 1,
                     HandKernel::BatchedRows, {"none"}));
  out.push_back(make("W4", "small", "f32", {1000, 64}, {32}, 0, 0,
                     HandKernel::RowCopy, {"none"}));
  out.back().callsPerSample = smallCallsPerSample;
  out.push_back(make("W5", "ONNX-style, i32 with negatives", "f32",
                     {100000, 256}, {262144}, 0, 0, HandKernel::RowCopyChecked,
                     {"assert"}));
  out.back().indexBits = 32;
  out.back().negativeQuarter = true;
  out.push_back(make("W6", "element gather (numpy.take on a vector)", "f32",
                     {16777216}, {16777216}, 0, 0, HandKernel::Element,
                     {"none"}));
  out.push_back(make("W7", "short rows (64 bytes)", "f16", {1048576, 32},
                     {1048576}, 0, 0, HandKernel::RowCopy, {"none"}));
  return out;
}

namespace {
/// `shape` in MLIR's `AxBxC` spelling, followed by `x`.
std::string formatDims(llvm::ArrayRef<int64_t> shape) {
  std::string text;
  for (int64_t d : shape)
    text += (d == mlir::ShapedType::kDynamic ? "?" : std::to_string(d)) + "x";
  return text;
}
} // namespace

llvm::StringRef gather_bench::getDynamicSizesName(DynamicSizes sizes) {
  switch (sizes) {
  case DynamicSizes::None:
    return "none";
  case DynamicSizes::Ids:
    return "ids";
  case DynamicSizes::All:
    return "all";
  }
  return "";
}

Signature gather_bench::getSignature(const Workload &w,
                                     const FunctionTypes &types) {
  auto declared = [&](llvm::ArrayRef<int64_t> shape, bool dynamic) {
    llvm::SmallVector<int64_t> sizes(shape);
    if (dynamic)
      sizes.assign(shape.size(), mlir::ShapedType::kDynamic);
    return formatDims(sizes);
  };
  bool all = types.dynamic == DynamicSizes::All;
  bool ids = types.dynamic != DynamicSizes::None;
  // With dynamic ids, the result dimensions they give are dynamic too.
  llvm::SmallVector<int64_t> result = w.getOutputShape();
  for (int64_t d = 0, e = result.size(); d < e; ++d) {
    bool fromIds =
        d >= w.axis &&
        d < w.axis + static_cast<int64_t>(w.indicesShape.size()) - w.batchDims;
    if (all || (ids && (fromIds || d < w.batchDims)))
      result[d] = mlir::ShapedType::kDynamic;
  }
  Signature s;
  std::string element = w.elementType + ">";
  s.data = "tensor<" + declared(w.dataShape, all) + element;
  s.indices = "tensor<" + declared(w.indicesShape, ids) +
              (types.unsignedIndices ? "ui" : "i") +
              std::to_string(w.indexBits) + ">";
  s.result = "tensor<" + formatDims(result) + element;
  s.out = "memref<" + formatDims(result) + element;
  return s;
}

namespace {
/// `(d0, ..., dN-1)`.
std::string getDims(int64_t rank) {
  std::string text = "(";
  for (int64_t d = 0; d < rank; ++d)
    text += (d ? ", d" : "d") + std::to_string(d);
  return text + ")";
}

/// The sizes of the `tensor.empty` of the idiom, for the dynamic dimensions
/// of the result: `tensor.dim` of the operand each comes from.
std::string getEmptySizes(const Workload &w, llvm::StringRef resultType,
                          std::string &prologue) {
  llvm::SmallVector<int64_t> result = w.getOutputShape();
  int64_t gathered = w.indicesShape.size() - w.batchDims;
  std::string sizes;
  // The declared result type marks which sizes are dynamic.
  llvm::SmallVector<llvm::StringRef> dims;
  resultType.drop_front(7).split(dims, 'x');
  for (int64_t d = 0, e = result.size(); d < e; ++d) {
    if (dims[d] != "?")
      continue;
    bool fromIds = d >= w.axis && d < w.axis + gathered;
    std::string source = fromIds ? "%i" : "%d";
    int64_t dim = fromIds      ? d - w.axis + w.batchDims
                  : d < w.axis ? d
                               : d - gathered + 1;
    std::string name = "%n" + std::to_string(d);
    prologue += "  %c" + std::to_string(d) + "_dim = arith.constant " +
                std::to_string(dim) + " : index\n  " + name + " = tensor.dim " +
                source + ", %c" + std::to_string(d) + "_dim : " + "TYPE_OF" +
                source + "\n";
    sizes += (sizes.empty() ? "" : ", ") + name;
  }
  return sizes;
}

/// The linalg idiom of the gather of `w`, as torch-mlir and StableHLO emit
/// it: one linalg.generic over the result reading the ids through an
/// indexing map and the table with tensor.extract (with the ONNX wrap for
/// the negative ids of W5).
std::string getIdiomBody(const Workload &w, const Signature &s) {
  int64_t rank = w.getOutputShape().size();
  int64_t gathered = w.indicesShape.size() - w.batchDims;
  std::string prologue;
  std::string sizes = getEmptySizes(w, s.result, prologue);
  size_t at;
  while ((at = prologue.find("TYPE_OF%i")) != std::string::npos)
    prologue.replace(at, 9, s.indices);
  while ((at = prologue.find("TYPE_OF%d")) != std::string::npos)
    prologue.replace(at, 9, s.data);
  std::string idsMap;
  for (int64_t d = 0; d < w.batchDims; ++d)
    idsMap += (idsMap.empty() ? "d" : ", d") + std::to_string(d);
  for (int64_t d = 0; d < gathered; ++d)
    idsMap += (idsMap.empty() ? "d" : ", d") + std::to_string(w.axis + d);
  std::string iterators;
  for (int64_t d = 0; d < rank; ++d)
    iterators += std::string(d ? ", " : "") + "\"parallel\"";
  std::string ids = "i" + std::to_string(w.indexBits);
  std::string element = w.elementType;
  std::string text = prologue;
  text += "  %e = tensor.empty(" + sizes + ") : " + s.result + "\n";
  text += "  %r = linalg.generic {indexing_maps = [affine_map<" +
          getDims(rank) + " -> (" + idsMap + ")>, affine_map<" + getDims(rank) +
          " -> " + getDims(rank) + ">], iterator_types = [" + iterators +
          "]} ins(%i : " + s.indices + ") outs(%e : " + s.result + ") {\n";
  text += "  ^bb0(%in: " + ids + ", %o: " + element + "):\n";
  text += "    %k = arith.index_cast %in : " + ids + " to index\n";
  std::string position = "%k";
  if (w.negativeQuarter) {
    bool dynamic = s.data.find('?') != std::string::npos;
    text += "    %zero = arith.constant 0 : index\n";
    if (dynamic)
      text += "    %axis = arith.constant " + std::to_string(w.axis) +
              " : index\n    %size = tensor.dim %d, %axis : " + s.data + "\n";
    else
      text += "    %size = arith.constant " + std::to_string(w.getDimSize()) +
              " : index\n";
    text += "    %neg = arith.cmpi slt, %k, %zero : index\n"
            "    %up = arith.addi %k, %size : index\n"
            "    %p = arith.select %neg, %up, %k : index\n";
    position = "%p";
  }
  std::string subscripts;
  for (int64_t t = 0, e = w.dataShape.size(); t < e; ++t) {
    std::string sub = position;
    if (t != w.axis) {
      int64_t loop = t < w.axis ? t : t - 1 + gathered;
      sub = "%j" + std::to_string(t);
      text += "    " + sub + " = linalg.index " + std::to_string(loop) +
              " : index\n";
    }
    subscripts += (subscripts.empty() ? "" : ", ") + sub;
  }
  text += "    %v = tensor.extract %d[" + subscripts + "] : " + s.data + "\n";
  text += "    linalg.yield %v : " + element + "\n";
  text += "  } -> " + s.result + "\n";
  return text;
}
} // namespace

std::string gather_bench::getWorkloadModule(const Workload &w,
                                            const FunctionTypes &types) {
  Signature s = getSignature(w, types);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "func.func @gather(%d: " << s.data << ", %i: " << s.indices
     << ", %out: " << s.out << ") attributes {llvm.emit_c_interface} {\n";
  if (types.idiom)
    os << getIdiomBody(w, s);
  else
    os << "  %r = gather.gather %d[%i] axis = " << w.axis
       << " batch_dims = " << w.batchDims << " : " << s.data << ", "
       << s.indices << " -> " << s.result << "\n";
  os << "  bufferization.materialize_in_destination %r in restrict writable "
        "%out : ("
     << s.result << ", " << s.out << ") -> ()\n"
     << "  return\n}\n";
  return text;
}

void gather_bench::fillInputs(const Workload &w, AlignedBuffer &data,
                              AlignedBuffer &indices) {
  int64_t numData = getNumElements(w.dataShape);
  if (w.elementType == "f16") {
    // Bit patterns of finite positive halves (below 0x7C00, the infinities).
    uint16_t *values = data.as<uint16_t>();
    for (int64_t e = 0; e < numData; ++e)
      values[e] = static_cast<uint16_t>(e % 30011);
  } else {
    float *values = data.as<float>();
    for (int64_t e = 0; e < numData; ++e)
      values[e] = static_cast<float>(e % 16777213) * 0.25f;
  }
  uint64_t s = static_cast<uint64_t>(w.getDimSize());
  int64_t numIndices = getNumElements(w.indicesShape);
  for (int64_t i = 0; i < numIndices; ++i) {
    int64_t k =
        static_cast<int64_t>((static_cast<uint64_t>(i) * 2654435761u) % s);
    if (w.negativeQuarter && i % 4 == 0)
      k -= static_cast<int64_t>(s);
    if (w.indexBits == 32)
      indices.as<int32_t>()[i] = static_cast<int32_t>(k);
    else
      indices.as<int64_t>()[i] = k;
  }
}

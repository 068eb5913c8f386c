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

Signature gather_bench::getSignature(const Workload &w,
                                     const FunctionTypes &types) {
  Signature s;
  std::string element = w.elementType + ">";
  s.data = "tensor<" + formatDims(w.dataShape) + element;
  s.indices = "tensor<" + formatDims(w.indicesShape) +
              (types.unsignedIndices ? "ui" : "i") +
              std::to_string(w.indexBits) + ">";
  s.result = "tensor<" + formatDims(w.getOutputShape()) + element;
  s.out = "memref<" + formatDims(w.getOutputShape()) + element;
  return s;
}

std::string gather_bench::getWorkloadModule(const Workload &w,
                                            const FunctionTypes &types) {
  Signature s = getSignature(w, types);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "func.func @gather(%d: " << s.data << ", %i: " << s.indices
     << ", %out: " << s.out << ") attributes {llvm.emit_c_interface} {\n"
     << "  %r = gather.gather %d[%i] axis = " << w.axis
     << " batch_dims = " << w.batchDims << " : " << s.data << ", " << s.indices
     << "\n"
     << "  bufferization.materialize_in_destination %r in restrict writable "
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

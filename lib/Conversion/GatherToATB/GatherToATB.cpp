//===- GatherToATB.cpp - rewrite legal gathers to atb.gather --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Decides per `gather.gather` whether the ATB GatherOperation of the chosen
// Ascend product can run it, and if so rewrites it to `atb.gather` on
// tensors after normalising axis, batch_dims, index values and rank-0
// indices. Rules that depend on dynamic sizes become a run-time guard whose
// other branch keeps the gather for the CPU path.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/GatherToATB/GatherToATB.h"
#include "gather-mlir/Conversion/GatherToLinalg/ShapeChecks.h"
#include "gather-mlir/Conversion/Utils/ATBElementTypes.h"
#include "gather-mlir/Dialect/ATB/IR/ATBOps.h"
#include "gather-mlir/Dialect/ATB/Transforms/BufferizableOpInterfaceImpl.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"
#include "gather-mlir/Dialect/Gather/IR/GatherShape.h"
#include "gather-mlir/Support/TypeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/APInt.h"

#include <limits>

namespace mlir::gather {
#define GEN_PASS_DEF_CONVERTGATHERTOATB
#include "gather-mlir/Conversion/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;

StringRef mlir::gather::getAscendSocName(AscendSoc soc) {
  return EnumTraits<AscendSoc>::stringify(soc);
}

StringRef mlir::gather::getDescription(AscendSoc soc) {
  return getATBRules(soc).product;
}

/// Streams `type` the way MLIR diagnostics print types: in single quotes.
static std::string quote(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << type << "'";
  return text;
}

const gather_atb_rules::SocRules &mlir::gather::getATBRules(AscendSoc soc) {
  return gather_atb_rules::kSocs[static_cast<int>(soc)];
}

/// The aclDataType an element type travels as (its row of
/// ATBElementTypes.def), or -1 when ATB has none for it.
static int32_t getACLDataType(Type type) {
  std::optional<ATBElementType> row = getATBElementType(type);
  return row ? row->aclDataType : -1;
}

/// The MLIR spelling of the ATB dtypes in `mask`, e.g. "f16, bf16 and f32".
static std::string describeDtypes(MLIRContext *ctx, uint64_t mask) {
  SmallVector<std::string> present;
  for (const ATBElementType &row : getATBElementTypes(ctx)) {
    if (!(mask & gather_atb_rules::bit(row.aclDataType)))
      continue;
    std::string name;
    llvm::raw_string_ostream os(name);
    os << row.declaredType;
    present.push_back(name);
  }
  std::string text;
  for (auto [n, name] : llvm::enumerate(present)) {
    if (n)
      text += n + 1 == present.size() ? " and " : ", ";
    text += name;
  }
  return text;
}

std::string mlir::gather::getATBElementTypeProblem(AscendSoc soc, Type dataType,
                                                   Type indicesType) {
  namespace rules = gather_atb_rules;
  StringRef socName = getAscendSocName(soc);
  MLIRContext *ctx = dataType.getContext();
  // Types with no ATB dtype at all, named against the general table.
  int32_t data = getACLDataType(dataType);
  if (data < 0 || !(rules::kIniData & rules::bit(data)))
    return "ATB does not support data of type " + quote(dataType) + " (only " +
           describeDtypes(ctx, rules::kIniData) + ")";
  int32_t indices = getACLDataType(indicesType);
  if (!isa<IntegerType>(indicesType) || indices < 0 ||
      !(rules::kIniIndices & rules::bit(indices)))
    return "ATB does not support indices of type " + quote(indicesType) +
           " (only i32, i64 and ui32)";
  const rules::SocRules &table = getATBRules(soc);
  rules::DtypeVerdict verdict = rules::checkDtypes(table, data, indices, data);
  bool onData = verdict.tensor && StringRef(verdict.tensor) == "x";
  Type type = onData ? dataType : indicesType;
  StringRef role = onData ? "data" : "indices";
  switch (verdict.check) {
  case rules::DtypeCheck::None:
    return "";
  case rules::DtypeCheck::IniMatch:
    return (socName + " supports only " +
            describeDtypes(ctx, onData ? table.iniData : table.iniIndices) +
            " " + role + ", not " + quote(type) +
            " (its ini table; Setup fails with "
            "ERROR_INVALID_TENSOR_INI_MATCH)")
        .str();
  case rules::DtypeCheck::Bf16:
    return (socName + " does not support bf16 data (TensorCheck::CheckBF16; "
                      "Setup fails with ERROR_INVALID_TENSOR_DTYPE)")
        .str();
  case rules::DtypeCheck::Aclnn:
    return (socName + " does not support " + quote(type) + " " + role +
            " (aclnnGatherV3 takes " +
            describeDtypes(ctx, onData ? table.aclnnData : table.aclnnIndices) +
            ")")
        .str();
  }
  llvm_unreachable("unknown DtypeCheck");
}

namespace {

/// Largest size a 32-bit signed position can address.
constexpr int64_t kMaxInt32 = std::numeric_limits<int32_t>::max();

/// One tensor of the ATB call as far as the rules are concerned.
struct ATBTensor {
  /// "data", "indices" or "the result", for messages.
  StringRef name;
  /// Sizes, ShapedType::kDynamic where dynamic.
  SmallVector<int64_t> shape;
  int64_t elementBytes;
};

/// What the rules say about one gather.
struct ATBPlan {
  /// Empty when ATB can run the gather (possibly behind a run-time guard),
  /// else the reason it cannot.
  std::string problem;
  /// The tensors of the call: data, indices (rank-0 reshaped to [1]) and the
  /// result.
  SmallVector<ATBTensor, 3> tensors;
  /// Normalised axis and batch_dims.
  int64_t axis = 0, batchDims = 0;
  /// Whether the indices have rank 0 and are reshaped to [1].
  bool reshapeIndices = false;
  /// Whether the indices are 32 bits wide (positions must fit in int32).
  bool narrowIndices = false;
};

/// Returns the byte size of the static part of `shape` times
/// `elementBytes`, exactly (640 bits hold 8 dimensions below 2^63 each).
llvm::APInt getStaticBytes(ArrayRef<int64_t> shape, int64_t elementBytes) {
  llvm::APInt bytes(640, elementBytes);
  for (int64_t size : shape)
    if (!ShapedType::isDynamic(size))
      bytes *= llvm::APInt(640, size);
  return bytes;
}

/// Applies the ATB rules of `soc` to `op` on its static shapes.
ATBPlan planGather(GatherOp op, AscendSoc soc) {
  ATBPlan plan;
  RankedTensorType dataType = op.getDataType();
  RankedTensorType indicesType = op.getIndicesType();
  Type elementType = dataType.getElementType();
  Type indexType = indicesType.getElementType();
  plan.axis = op.getNormalizedAxis();
  plan.batchDims = op.getNormalizedBatchDims();
  plan.reshapeIndices = indicesType.getRank() == 0;

  plan.problem = getATBElementTypeProblem(soc, elementType, indexType);
  if (!plan.problem.empty())
    return plan;
  plan.narrowIndices = indexType.getIntOrFloatBitWidth() == 32;

  // ATB has no rank-0 tensors: scalar indices become [1].
  SmallVector<int64_t> indicesShape(indicesType.getShape());
  if (plan.reshapeIndices)
    indicesShape.push_back(1);
  int64_t dataRank = dataType.getRank();
  int64_t indicesRank = indicesShape.size();
  auto describe = [&](auto &&streamMessage) {
    llvm::raw_string_ostream os(plan.problem);
    streamMessage(os);
    return plan;
  };
  if (dataRank > atb::kMaxRank)
    return describe([&](raw_ostream &os) {
      os << "data has rank " << dataRank << ", more than the " << atb::kMaxRank
         << " ATB supports";
    });
  if (indicesRank > atb::kMaxRank)
    return describe([&](raw_ostream &os) {
      os << "indices have rank " << indicesRank << ", more than the "
         << atb::kMaxRank << " ATB supports";
    });
  // GatherOperation::ParamCheck: the result has at most 8 dimensions.
  if (!gather_atb_rules::satisfiesRankRule(dataRank, indicesRank,
                                           plan.batchDims))
    return describe([&](raw_ostream &os) {
      os << "rank(data) + rank(indices) - 1 - batch_dims = "
         << dataRank + indicesRank - 1 - plan.batchDims << " exceeds "
         << atb::kMaxRank << " (the rank of the ATB result)";
    });

  int64_t elementBytes = *getElementStorageBytes(elementType);
  int64_t indexBytes = *getElementStorageBytes(indexType);
  FailureOr<SmallVector<int64_t>> resultShape = inferGatherShape(
      dataType.getShape(), indicesShape, plan.axis, plan.batchDims);
  assert(succeeded(resultShape) && "verified gather has a result shape");
  plan.tensors.push_back(
      {"data", SmallVector<int64_t>(dataType.getShape()), elementBytes});
  plan.tensors.push_back({"indices", indicesShape, indexBytes});
  plan.tensors.push_back({"the result", *resultShape, elementBytes});

  // Empty tensors: the result's sizes all come from data and indices.
  for (const ATBTensor &tensor : ArrayRef(plan.tensors).drop_back()) {
    for (auto [dim, size] : llvm::enumerate(tensor.shape))
      if (size == 0)
        return describe([&](raw_ostream &os) {
          os << "dimension " << dim << " of " << tensor.name
             << " has size 0 (ATB rejects empty tensors)";
        });
  }

  for (const ATBTensor &tensor : plan.tensors) {
    llvm::APInt bytes = getStaticBytes(tensor.shape, tensor.elementBytes);
    if (bytes.ule(kATBMaxTensorBytes))
      continue;
    bool isStatic = llvm::none_of(tensor.shape, ShapedType::isDynamic);
    return describe([&](raw_ostream &os) {
      os << "the byte size of " << tensor.name << " ("
         << (isStatic ? "" : "at least ")
         << llvm::toString(bytes, 10, /*Signed=*/false) << ") exceeds the "
         << kATBMaxTensorBytes << " bytes (256 GiB) ATB accepts per tensor";
    });
  }

  int64_t size = dataType.getDimSize(plan.axis);
  if (plan.narrowIndices && !ShapedType::isDynamic(size) && size > kMaxInt32)
    return describe([&](raw_ostream &os) {
      os << "32-bit indices cannot address dimension " << plan.axis
         << " of data, of size " << size << " (more than " << kMaxInt32 << ")";
    });
  return plan;
}

/// Emits the run-time conditions of `plan` that depend on dynamic sizes and
/// returns their conjunction, or a null value when there is none.
Value buildGuard(OpBuilder &builder, Location loc, GatherOp op,
                 const ATBPlan &plan) {
  // The dynamic sizes of data and indices, materialised once each.
  RankedTensorType dataType = op.getDataType();
  RankedTensorType indicesType = op.getIndicesType();
  SmallVector<Value> dataSizes(dataType.getRank()),
      indicesSizes(indicesType.getRank());
  for (int64_t dim = 0; dim < dataType.getRank(); ++dim)
    if (dataType.isDynamicDim(dim))
      dataSizes[dim] = tensor::DimOp::create(builder, loc, op.getData(), dim);
  for (int64_t dim = 0; dim < indicesType.getRank(); ++dim)
    if (indicesType.isDynamicDim(dim))
      indicesSizes[dim] =
          tensor::DimOp::create(builder, loc, op.getIndices(), dim);

  Value guard;
  auto require = [&](Value condition) {
    guard =
        guard
            ? arith::AndIOp::create(builder, loc, guard, condition).getResult()
            : condition;
  };
  llvm::SmallDenseMap<int64_t, Value> constants;
  auto constant = [&](int64_t value) -> Value {
    Value &result = constants[value];
    if (!result)
      result = arith::ConstantIndexOp::create(builder, loc, value);
    return result;
  };

  // No empty dimension.
  for (Value size : llvm::concat<Value>(dataSizes, indicesSizes))
    if (size)
      require(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                                    size, constant(0)));

  // Each tensor at most 256 GiB. With p the product so far (at most the
  // limit L), p * d <= L holds exactly when p <= L / d, so the products
  // never overflow while the conditions hold; a zero size (already
  // refused above) divides by 1 instead.
  int64_t axis = plan.axis, batchDims = plan.batchDims;
  SmallVector<Value> resultSizes(dataSizes.begin(), dataSizes.begin() + axis);
  if (plan.reshapeIndices)
    resultSizes.push_back(Value());
  else
    llvm::append_range(resultSizes,
                       ArrayRef(indicesSizes).drop_front(batchDims));
  llvm::append_range(resultSizes, ArrayRef(dataSizes).drop_front(axis + 1));
  // A batch size dynamic in data but static in indices takes the static
  // size: inferGatherShape did the same for the plan's result shape.
  for (int64_t dim = 0; dim < batchDims; ++dim)
    if (!ShapedType::isDynamic(plan.tensors[2].shape[dim]))
      resultSizes[dim] = Value();
  SmallVector<Value> reshapedIndicesSizes(indicesSizes);
  if (plan.reshapeIndices)
    reshapedIndicesSizes.push_back(Value());
  ArrayRef<Value> sizesOf[] = {dataSizes, reshapedIndicesSizes, resultSizes};
  for (auto [tensor, sizes] : llvm::zip_equal(plan.tensors, sizesOf)) {
    uint64_t limit = kATBMaxTensorBytes / tensor.elementBytes;
    uint64_t staticProduct =
        getStaticBytes(tensor.shape, 1).getZExtValue(); // <= limit
    SmallVector<Value> dynamicSizes(llvm::make_filter_range(
        sizes, [](Value size) { return static_cast<bool>(size); }));
    Value product = constant(staticProduct);
    for (auto [n, size] : llvm::enumerate(dynamicSizes)) {
      Value divisor = arith::MaxUIOp::create(builder, loc, size, constant(1));
      Value bound =
          arith::DivUIOp::create(builder, loc, constant(limit), divisor);
      require(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule,
                                    product, bound));
      if (n + 1 < dynamicSizes.size())
        product = arith::MulIOp::create(builder, loc, product, size);
    }
  }

  // 32-bit indices address at most 2^31 - 1 positions.
  if (plan.narrowIndices && dataSizes[axis])
    require(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule,
                                  dataSizes[axis], constant(kMaxInt32)));
  return guard;
}

/// Builds the ATB form of `op` at the insertion point of `builder` and
/// returns the value that replaces its result.
Value buildATBGather(OpBuilder &builder, GatherOp op, const ATBPlan &plan,
                     BoundsCheck boundsCheck) {
  Location loc = op.getLoc();
  RankedTensorType indicesType = op.getIndicesType();
  RankedTensorType resultType = op.getResultType();

  // Wrapped and checked positions of the index type (the indices themselves
  // when there is nothing to do).
  Value positions = buildGatherPositions(builder, op, boundsCheck,
                                         indicesType.getElementType());
  if (plan.reshapeIndices)
    positions = tensor::ExpandShapeOp::create(
        builder, loc, RankedTensorType::get({1}, indicesType.getElementType()),
        positions, ArrayRef<ReassociationIndices>{});

  ReifiedRankedShapedTypeDims reified;
  if (failed(op.reifyResultShapes(builder, reified)))
    llvm_unreachable("gather.gather always reifies its result shape");
  SmallVector<OpFoldResult> sizes = reified.front();
  if (plan.reshapeIndices)
    sizes.insert(sizes.begin() + plan.axis, builder.getIndexAttr(1));
  Value init =
      tensor::EmptyOp::create(builder, loc, sizes, resultType.getElementType());
  Value result = atb::GatherOp::create(builder, loc, op.getData(), positions,
                                       init, plan.axis, plan.batchDims)
                     .getResult()
                     .front();

  if (plan.reshapeIndices) {
    // Drop the unit dimension of the gathered position again, merging it
    // into the dimension before it (or after it at axis 0).
    int64_t rank = cast<RankedTensorType>(result.getType()).getRank();
    SmallVector<ReassociationIndices> reassociation;
    for (int64_t dim = 0; dim < rank; ++dim) {
      bool intoPrevious =
          (dim == plan.axis && plan.axis > 0) || (dim == 1 && plan.axis == 0);
      if (intoPrevious)
        reassociation.back().push_back(dim);
      else
        reassociation.push_back({dim});
    }
    // A rank-1 result collapses to rank 0: no groups at all.
    if (rank == 1)
      reassociation.clear();
    result =
        tensor::CollapseShapeOp::create(builder, loc, result, reassociation);
  }
  if (result.getType() != resultType)
    result = tensor::CastOp::create(builder, loc, resultType, result);
  return result;
}

struct ConvertGatherToATBPass
    : public gather::impl::ConvertGatherToATBBase<ConvertGatherToATBPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // The atb.gather ops the pass creates must bufferize later on.
    atb::registerBufferizableOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // ATB has no operation that pools rows per bag: embedding bags take the
    // CPU path (convert-gather-to-linalg), which pools without writing the
    // gathered rows.
    module.walk([](EmbeddingBagOp op) {
      op.emitRemark("embedding bag stays on the CPU: ATB has no embedding-bag "
                    "operation (GatherOperation gathers rows but does not "
                    "pool them)");
    });
    SmallVector<GatherOp> gathers;
    module.walk([&](GatherOp op) { gathers.push_back(op); });
    if (gathers.empty())
      return;
    if (boundsCheck != BoundsCheck::None &&
        failed(checkGatherReportSymbols(module)))
      return signalPassFailure();

    OpBuilder builder(&getContext());
    for (GatherOp op : gathers) {
      ATBPlan plan = planGather(op, soc);
      if (!plan.problem.empty()) {
        op.emitRemark("gather stays on the CPU: ") << plan.problem;
        continue;
      }
      Location loc = op.getLoc();
      builder.setInsertionPoint(op);
      emitGatherShapeChecks(builder, op, boundsCheck);
      Value replacement;
      if (Value guard = buildGuard(builder, loc, op, plan)) {
        // The rules hold only for some sizes: ATB when they do, the CPU
        // path (a gather.gather lowered later) when they do not.
        auto ifOp = scf::IfOp::create(
            builder, loc, guard,
            [&](OpBuilder &nested, Location nestedLoc) {
              Value result = buildATBGather(nested, op, plan, boundsCheck);
              scf::YieldOp::create(nested, nestedLoc, result);
            },
            [&](OpBuilder &nested, Location nestedLoc) {
              Operation *cpu = nested.clone(*op);
              scf::YieldOp::create(nested, nestedLoc, cpu->getResults());
            });
        replacement = ifOp.getResult(0);
      } else {
        replacement = buildATBGather(builder, op, plan, boundsCheck);
      }
      op.getResult().replaceAllUsesWith(replacement);
      op.erase();
    }
    if (failed(addGatherReportFunctions(module)))
      signalPassFailure();
  }
};

} // namespace

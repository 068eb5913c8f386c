//===- ProveIndexRanges.cpp - compile-time ranges of gather indices -------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Runs MLIR's integer range analysis, extended to the tensor producers of
// index tensors, and records on each gather.gather what it proves about its
// index values (indices_nonnegative, indices_in_range), or reports indices
// that are out of range.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::gather {
#define GEN_PASS_DEF_GATHERPROVEINDEXRANGES
#include "gather-mlir/Dialect/Gather/Transforms/Passes.h.inc"
} // namespace mlir::gather

using namespace mlir;
using namespace mlir::gather;
using dataflow::IntegerValueRangeLattice;

namespace {

/// Integer range analysis that also follows integer values through tensors:
/// the range of a tensor is the range of all its elements. Upstream's
/// analysis already treats arith ops on tensors elementwise and constants
/// (dense and splat); this adds the tensor and linalg producers listed in
/// docs/FoldingAndIndexRanges.md. Every other op without an upstream
/// transfer function gives its results the whole range of their type.
class TensorIntegerRangeAnalysis : public dataflow::IntegerRangeAnalysis {
public:
  using IntegerRangeAnalysis::IntegerRangeAnalysis;

  LogicalResult
  visitOperation(Operation *op,
                 ArrayRef<const IntegerValueRangeLattice *> operands,
                 ArrayRef<IntegerValueRangeLattice *> results) override {
    // Ops whose result elements are elements of some of their operands.
    std::optional<SmallVector<unsigned>> sources = getElementSources(op);
    if (sources) {
      for (unsigned index : *sources)
        joinWidening(results.front(), *operands[index]);
      return success();
    }
    // A constant without elements holds no value: its range stays empty.
    // (Upstream's transfer function for arith.constant does not expect
    // empty tensors.)
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      if (auto elements = dyn_cast<ElementsAttr>(constant.getValue()))
        if (elements.getNumElements() == 0)
          return success();
    if (auto index = dyn_cast<linalg::IndexOp>(op))
      return visitIndex(index, results.front());
    if (auto generic = dyn_cast<linalg::GenericOp>(op))
      return visitGeneric(generic, operands, results);
    return IntegerRangeAnalysis::visitOperation(op, operands, results);
  }

  void
  visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                               ArrayRef<IntegerValueRangeLattice *> argLattices,
                               unsigned firstIndex) override {
    // The block arguments of a linalg.generic take elements of its operands.
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic || successor.getSuccessor() != &generic.getRegion()) {
      IntegerRangeAnalysis::visitNonControlFlowArguments(
          op, successor, argLattices, firstIndex);
      return;
    }
    Block *body = &generic.getRegion().front();
    ProgramPoint *entry = getProgramPointBefore(body);
    for (auto [lattice, operand] :
         llvm::zip(argLattices, generic->getOperands()))
      join(lattice, *getLatticeElementFor(entry, operand));
    if (writesEachElementOnce(generic))
      return;
    // An output element that several iterations visit (a reduction loop, an
    // output not indexed by every loop) holds, in each iteration after the
    // first, what the previous one yielded: the argument is loop-carried.
    auto yield = cast<linalg::YieldOp>(body->getTerminator());
    unsigned numInputs = generic.getNumDpsInputs();
    for (auto [index, yielded] : llvm::enumerate(yield.getValues()))
      joinWidening(argLattices[numInputs + index],
                   *getLatticeElementFor(entry, yielded),
                   /*loopCarried=*/true);
  }

private:
  /// Returns true when every iteration of `generic` writes an output element
  /// of its own: every loop is parallel and every output map is a
  /// permutation. Otherwise an output element is written by several
  /// iterations, or by none (it keeps the element of the init).
  static bool writesEachElementOnce(linalg::GenericOp generic) {
    return generic.getNumLoops() == generic.getNumParallelLoops() &&
           llvm::all_of(generic.getDpsInitsMutable(), [&](OpOperand &init) {
             return generic.getMatchingIndexingMap(&init).isPermutation();
           });
  }

  /// Joins `value` into `lattice`. The solver does not count the iterations
  /// of loops, so a range that may flow around a loop (a loop-carried
  /// argument, or a value a terminator yields) and keeps growing (`o + a`,
  /// `o * a`, `o + 1`) widens to the whole range of its type after
  /// kMaxGrowth updates; one that stops growing (`max(o, a)`) stays exact.
  void joinWidening(IntegerValueRangeLattice *lattice,
                    const IntegerValueRangeLattice &value,
                    bool loopCarried = false) {
    auto anchor = cast<Value>(lattice->getAnchor());
    bool mayCycle = loopCarried || llvm::any_of(anchor.getUsers(), [](auto *u) {
                      return u->template hasTrait<OpTrait::IsTerminator>();
                    });
    IntegerValueRange before = lattice->getValue();
    ChangeResult changed = lattice->join(value.getValue());
    if (mayCycle && changed == ChangeResult::Change &&
        !before.isUninitialized() && ++growth[lattice] > kMaxGrowth)
      changed |= lattice->join(IntegerValueRange::getMaxRange(anchor));
    propagateIfChanged(lattice, changed);
  }

  /// Updates of a range that may flow around a loop before it widens.
  static constexpr unsigned kMaxGrowth = 4;
  DenseMap<IntegerValueRangeLattice *, unsigned> growth;

  /// Returns the operands whose elements make up the result of `op`, for
  /// the tensor ops that only move or assemble elements.
  static std::optional<SmallVector<unsigned>> getElementSources(Operation *op) {
    if (op->getNumResults() != 1 ||
        !getElementTypeOrSelf(op->getResult(0).getType()).isIntOrIndex())
      return std::nullopt;
    auto all = [&](unsigned count) {
      return llvm::to_vector(llvm::seq<unsigned>(0, count));
    };
    return TypeSwitch<Operation *, std::optional<SmallVector<unsigned>>>(op)
        .Case<tensor::FromElementsOp, tensor::ConcatOp>(
            [&](Operation *op) { return all(op->getNumOperands()); })
        .Case<tensor::SplatOp, tensor::ExtractOp, tensor::ExtractSliceOp,
              tensor::CastOp, tensor::CollapseShapeOp, tensor::ExpandShapeOp,
              tensor::ReshapeOp>(
            [](Operation *) { return SmallVector<unsigned>{0}; })
        .Case<tensor::InsertOp, tensor::InsertSliceOp>(
            [](Operation *) { return SmallVector<unsigned>{0, 1}; })
        .Default([](Operation *) { return std::nullopt; });
  }

  /// linalg.index lies in [0, size of the loop) (no value when empty).
  LogicalResult visitIndex(linalg::IndexOp index,
                           IntegerValueRangeLattice *result) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(index->getParentOp());
    unsigned width = IndexType::kInternalStorageBitWidth;
    APInt upper = APInt::getSignedMaxValue(width);
    if (linalgOp) {
      int64_t size = linalgOp.getStaticLoopRanges()[index.getDim()];
      if (!ShapedType::isDynamic(size))
        upper = APInt(width, std::max<int64_t>(size - 1, 0));
    }
    propagateIfChanged(
        result, result->join(IntegerValueRange(ConstantIntRanges::fromSigned(
                    APInt::getZero(width), upper))));
    return success();
  }

  /// The results of a linalg.generic are the values its body yields, and
  /// where the body may leave an output element unwritten (reductions over
  /// an empty extent, outputs not indexed by every loop) also the elements
  /// of the init. A yielded value that depends on a loop-carried output
  /// argument covers every iteration (visitNonControlFlowArguments joins it
  /// back into the argument).
  LogicalResult
  visitGeneric(linalg::GenericOp generic,
               ArrayRef<const IntegerValueRangeLattice *> operands,
               ArrayRef<IntegerValueRangeLattice *> results) {
    bool writesEveryElement = writesEachElementOnce(generic);
    auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
    for (auto [index, result] : llvm::enumerate(results)) {
      joinWidening(result, *getLatticeElementFor(getProgramPointAfter(generic),
                                                 yield.getOperand(index)));
      if (!writesEveryElement)
        joinWidening(result, *operands[generic.getNumDpsInputs() + index]);
    }
    return success();
  }
};

/// What the analysis proves about the index values of one gather.
struct IndexFacts {
  bool nonNegative = false;
  bool inRange = false;
  bool allOutOfRange = false;
};

/// Derives the facts from `range`, the range of every index value, for a
/// gathered dimension of size `size` (possibly dynamic).
IndexFacts deriveFacts(const ConstantIntRanges &range, bool isUnsigned,
                       int64_t size) {
  IndexFacts facts;
  bool isStatic = !ShapedType::isDynamic(size);
  if (isUnsigned) {
    // Compared as unsigned 64-bit values: `size` is non-negative.
    uint64_t umin = range.umin().getZExtValue();
    uint64_t umax = range.umax().getZExtValue();
    facts.nonNegative = true;
    facts.inRange = isStatic && umax < static_cast<uint64_t>(size);
    facts.allOutOfRange = isStatic && umin >= static_cast<uint64_t>(size);
    return facts;
  }
  int64_t smin = range.smin().getSExtValue();
  int64_t smax = range.smax().getSExtValue();
  facts.nonNegative = smin >= 0;
  facts.inRange = isStatic && smin >= -size && smax < size;
  facts.allOutOfRange = isStatic && (smax < -size || smin >= size);
  return facts;
}

/// Prints the range `[min, max]` of `range` as the index type reads it.
void printRange(InFlightDiagnostic &diag, const ConstantIntRanges &range,
                bool isUnsigned) {
  diag << "[";
  if (isUnsigned)
    diag << range.umin().getZExtValue() << ", " << range.umax().getZExtValue();
  else
    diag << range.smin().getSExtValue() << ", " << range.smax().getSExtValue();
  diag << "]";
}

/// Starts an error or a warning at `op` that names the op.
InFlightDiagnostic report(GatherOp op, bool isError) {
  InFlightDiagnostic diag = isError ? op.emitError() : op.emitWarning();
  diag << "'" << op->getName() << "' op ";
  return diag;
}

/// Reports the out-of-range values of constant indices: an error when every
/// value is out of range, else a warning naming the first one. Returns true
/// for an error.
bool reportConstantIndices(GatherOp op, DenseIntElementsAttr indices,
                           bool isUnsigned, int64_t size,
                           bool outOfRangeError) {
  std::optional<std::pair<int64_t, APInt>> first;
  int64_t numOutOfRange = 0;
  for (auto [linear, value] : llvm::enumerate(indices.getValues<APInt>())) {
    bool inRange = isUnsigned
                       ? value.getActiveBits() <= 63 &&
                             static_cast<int64_t>(value.getZExtValue()) < size
                       : value.getSignificantBits() <= 64 &&
                             value.getSExtValue() >= -size &&
                             value.getSExtValue() < size;
    if (inRange)
      continue;
    ++numOutOfRange;
    if (!first)
      first = {static_cast<int64_t>(linear), value};
  }
  if (!first)
    return false;
  bool allOutOfRange = numOutOfRange == indices.getNumElements();
  bool isError = allOutOfRange && outOfRangeError;
  // Coordinates of the value in the indices tensor.
  ArrayRef<int64_t> shape = op.getIndicesType().getShape();
  SmallVector<int64_t> coords(shape.size());
  int64_t rest = first->first;
  for (int64_t dim = static_cast<int64_t>(shape.size()) - 1; dim >= 0; --dim) {
    coords[dim] = rest % shape[dim];
    rest /= shape[dim];
  }
  StringRef prefix =
      allOutOfRange ? "every index is out of range; index " : "index ";
  InFlightDiagnostic diag = report(op, isError) << prefix;
  if (isUnsigned)
    diag << first->second.getZExtValue();
  else
    diag << first->second.getSExtValue();
  diag << " at position [";
  llvm::interleaveComma(coords, diag);
  diag << "] of the indices is out of range [" << (isUnsigned ? 0 : -size)
       << ", " << size << ") for dimension " << op.getNormalizedAxis()
       << " of data (size " << size << ")";
  if (!isError)
    diag << "; the gather is not folded and keeps its bounds check";
  return isError;
}

struct GatherProveIndexRangesPass
    : public gather::impl::GatherProveIndexRangesBase<
          GatherProveIndexRangesPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    DataFlowSolver solver;
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<dataflow::SparseConstantPropagation>();
    solver.load<TensorIntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(root)))
      return signalPassFailure();

    bool hasError = false;
    root->walk([&](GatherOp op) {
      int64_t size = op.getDataType().getDimSize(op.getNormalizedAxis());
      bool isUnsigned =
          op.getIndicesType().getElementType().isUnsignedInteger();
      const auto *lattice =
          solver.lookupState<IntegerValueRangeLattice>(op.getIndices());
      // No state: the gather is in code the analysis found dead.
      if (!lattice || lattice->getValue().isUninitialized())
        return;
      const ConstantIntRanges &range = lattice->getValue().getValue();
      IndexFacts facts = deriveFacts(range, isUnsigned, size);
      // Only indices that hold at least one value are wrong.
      RankedTensorType indicesType = op.getIndicesType();
      bool hasValues =
          indicesType.hasStaticShape() && indicesType.getNumElements() > 0;
      if (facts.allOutOfRange && hasValues) {
        InFlightDiagnostic diag = report(op, outOfRangeError)
                                  << "every index value lies in ";
        printRange(diag, range, isUnsigned);
        diag << ", out of range [" << (isUnsigned ? 0 : -size) << ", " << size
             << ") for dimension " << op.getNormalizedAxis()
             << " of data (size " << size << ")";
        hasError |= outOfRangeError;
        return;
      }
      if (facts.nonNegative)
        op.setIndicesNonnegative(true);
      if (facts.inRange) {
        op.setIndicesInRange(true);
        return;
      }
      DenseIntElementsAttr constant;
      if (!ShapedType::isDynamic(size) &&
          matchPattern(op.getIndices(), m_Constant(&constant)))
        hasError |= reportConstantIndices(op, constant, isUnsigned, size,
                                          outOfRangeError);
    });
    if (hasError)
      signalPassFailure();
  }
};

} // namespace

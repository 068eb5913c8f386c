//===- RaiseLinalgGather.cpp - the linalg gather idiom to gather.gather ---===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Raises the gather that frontends emit on linalg (torch-mlir's aten.embedding
// and aten.index_select, StableHLO's torch_index_select, tt-mlir's
// ttir.embedding, TOSA's tosa-to-linalg): one parallel linalg.generic whose
// body reads one element of a table with tensor.extract at subscripts that
// are loop indices, except one computed from the element of an input (the
// id). matchGatherIdiom checks everything that makes the rewrite exact;
// rewriteGatherIdiom builds the gather.gather and what goes around it.
//
// A subscript outside the table is undefined behaviour in the idiom, so the
// raised gather may assume that every position it reads is non-negative
// (`indices_nonnegative`), except when the body wraps negative ids itself:
// gather.gather then wraps them. The lowering's bounds-check applies to the
// raised gather as to any other.
//
//===----------------------------------------------------------------------===//

#include "RaiseToGatherPatterns.h"
#include "gather-mlir/Conversion/Utils/Elementwise.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// The loop of a unit dimension that the body addresses with a constant 0
/// (upstream folds the index of a loop of size 1 to 0).
constexpr int64_t kUnit = -1;

/// How the body computes the id subscript from the id.
enum class IdForm {
  /// `index_cast(k)` of an i32 or i64 id `k`, or an `index` id itself.
  Plain,
  /// The plain subscript wrapped against the size `s` of the gathered
  /// dimension, `select(k < 0, k + s, k)`, before or after the cast:
  /// what gather.gather does with a negative index.
  Wrapped,
  /// Any other pure function of the id alone (a clamp, a float id, ...):
  /// computed over the ids before the gather.
  Computed
};

/// The ops of a generic's body that compute some values, and the block
/// arguments they read.
struct BodySlice {
  /// In block order.
  SmallVector<Operation *> ops;
  /// In argument order.
  SmallVector<BlockArgument> args;
  /// The slice reads the result of the op it was told to stop at.
  bool readsStop = false;
};

/// What matchGatherIdiom found in a linalg.generic.
struct GatherIdiom {
  /// The one read of the table, the table and the element it reads.
  tensor::ExtractOp extract;
  Value table;
  Value element;
  /// The input whose elements are the ids.
  OpOperand *ids = nullptr;
  /// The id subscript of the extract, at position `axis`.
  Value subscript;
  int64_t axis = -1;
  int64_t batchDims = 0;
  IdForm idForm = IdForm::Plain;
  /// The ops that compute the subscript and the conditions of `asserts`
  /// from the id, and the asserts, in block order.
  SmallVector<Operation *> idOps;
  /// The `cf.assert`s of the body on the id alone (torch-mlir checks
  /// `0 <= k < s` so).
  SmallVector<cf::AssertOp> asserts;
  /// The loop of each dimension of the gather's result,
  /// `D[:a] ++ I[b:] ++ D[a+1:]`, kUnit for a unit dimension without one.
  SmallVector<int64_t> resultLoops;
  /// The ops after the extract that compute the yielded value from it
  /// (empty when the body yields the extracted value).
  BodySlice tail;

  /// The ids are replaced by positions computed element-wise before the
  /// gather.
  bool computesPositions() const {
    return idForm == IdForm::Computed || !asserts.empty();
  }
  /// The body computes more than the extract of the table.
  bool hasTail() const { return tail.readsStop; }
};

/// Returns the ops of the body of `generic` that `roots` depend on (through
/// operands and values used in nested regions), without `stop` and what only
/// it depends on.
BodySlice getBodySlice(linalg::GenericOp generic, ValueRange roots,
                       Operation *stop) {
  Block *body = generic.getBody();
  llvm::SetVector<Operation *> ops;
  llvm::SetVector<BlockArgument> args;
  BodySlice slice;
  SmallVector<Value> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    // Defined outside the generic, or inside the op that uses it.
    if (value.getParentBlock() != body)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      args.insert(arg);
      continue;
    }
    Operation *op = value.getDefiningOp();
    if (op == stop) {
      slice.readsStop = true;
      continue;
    }
    if (!ops.insert(op))
      continue;
    op->walk([&](Operation *nested) {
      llvm::append_range(worklist, nested->getOperands());
    });
  }
  slice.ops = ops.takeVector();
  llvm::sort(slice.ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  slice.args = args.takeVector();
  llvm::sort(slice.args, [](BlockArgument a, BlockArgument b) {
    return a.getArgNumber() < b.getArgNumber();
  });
  return slice;
}

/// Returns the block argument of the one input element that `slice` reads,
/// a null argument when it reads none, or failure when it reads a loop
/// index, another block argument, or uses an op that is not pure or has
/// regions: the values of the slice are then no function of the id alone
/// that may be computed once per id.
FailureOr<BlockArgument> getSoleInputArgument(linalg::GenericOp generic,
                                              const BodySlice &slice) {
  for (Operation *op : slice.ops)
    if (isa<linalg::IndexOp>(op) || op->getNumRegions() != 0 || !isPure(op))
      return failure();
  if (slice.args.size() > 1)
    return failure();
  if (slice.args.empty())
    return BlockArgument();
  BlockArgument arg = slice.args.front();
  if (arg.getArgNumber() >= generic.getNumDpsInputs())
    return failure();
  return arg;
}

/// Checks the shape of the op: one result computed on tensors by parallel
/// loops that each index the result once, and one tensor.extract in the
/// whole body, at its top level, of a table defined outside.
LogicalResult matchStructure(linalg::GenericOp generic,
                             PatternRewriter &rewriter, GatherIdiom &idiom) {
  if (!generic.hasPureTensorSemantics() || generic.getNumDpsInits() != 1 ||
      generic.getNumResults() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops())
    return rewriter.notifyMatchFailure(
        generic, "not one result of parallel loops on tensors");
  AffineMap outputMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  if (!outputMap.isPermutation())
    return rewriter.notifyMatchFailure(generic,
                                       "the result map is no permutation");
  SmallVector<tensor::ExtractOp> extracts;
  generic.getBody()->walk(
      [&](tensor::ExtractOp extract) { extracts.push_back(extract); });
  if (extracts.size() != 1)
    return rewriter.notifyMatchFailure(generic, "not one tensor.extract");
  idiom.extract = extracts.front();
  idiom.table = idiom.extract.getTensor();
  idiom.element = idiom.extract.getResult();
  if (idiom.extract->getBlock() != generic.getBody() ||
      generic.getRegion().isAncestor(idiom.table.getParentRegion()))
    return rewriter.notifyMatchFailure(
        generic, "the extract is nested or reads a tensor of the body");
  return success();
}

/// Returns true when `value` is the constant integer `expected`.
bool isConstantInt(Value value, int64_t expected) {
  APInt constant;
  return matchPattern(value, m_ConstantInt(&constant)) &&
         constant.getSignificantBits() <= 64 &&
         constant.getSExtValue() == expected;
}

/// Finds the loop that each subscript of the extract is (kUnit for a
/// constant 0 into a dimension of size 1) and the one subscript that is
/// none of these, the id subscript, whose position is the gather's axis.
LogicalResult matchSubscripts(linalg::GenericOp generic,
                              PatternRewriter &rewriter, GatherIdiom &idiom,
                              SmallVectorImpl<int64_t> &tableLoops) {
  auto tableType = cast<RankedTensorType>(idiom.table.getType());
  for (auto [dim, subscript] : llvm::enumerate(idiom.extract.getIndices())) {
    auto index = subscript.getDefiningOp<linalg::IndexOp>();
    if (index && index->getParentOp() == generic.getOperation()) {
      tableLoops.push_back(index.getDim());
      continue;
    }
    tableLoops.push_back(kUnit);
    if (isConstantInt(subscript, 0) && tableType.getDimSize(dim) == 1)
      continue;
    if (idiom.axis >= 0)
      return rewriter.notifyMatchFailure(generic,
                                         "two subscripts are no loop index");
    idiom.axis = dim;
    idiom.subscript = subscript;
  }
  if (idiom.axis < 0)
    return rewriter.notifyMatchFailure(generic, "every subscript is a loop");
  return success();
}

/// Returns true when `value` is the size of dimension `axis` of `table`:
/// a constant equal to the static size, or `tensor.dim`, as it is or cast
/// to an integer type wide enough for it (i64, or i32 for a static size
/// below 2^31).
bool isGatheredSize(Value value, Value table, int64_t axis) {
  int64_t size = cast<RankedTensorType>(table.getType()).getDimSize(axis);
  if (matchPattern(value, m_Constant()))
    return !ShapedType::isDynamic(size) && isConstantInt(value, size);
  if (auto cast = value.getDefiningOp<arith::IndexCastOp>()) {
    auto intType = dyn_cast<IntegerType>(value.getType());
    if (!intType)
      return false;
    unsigned width = intType.getWidth();
    bool fits = width >= 64 || (!ShapedType::isDynamic(size) &&
                                llvm::isUIntN(width - 1, size));
    if (!fits)
      return false;
    value = cast.getIn();
  }
  auto dim = value.getDefiningOp<tensor::DimOp>();
  if (!dim || dim.getSource() != table)
    return false;
  std::optional<int64_t> index = dim.getConstantIndex();
  return index && *index == axis;
}

/// Returns the id when `subscript` is `index_cast(k)` of an i32 or i64 id
/// `k`, or an `index` id `k` itself.
Value getPlainId(Value subscript) {
  if (isa<BlockArgument>(subscript) && subscript.getType().isIndex())
    return subscript;
  auto cast = subscript.getDefiningOp<arith::IndexCastOp>();
  if (!cast || !isa<BlockArgument>(cast.getIn()))
    return nullptr;
  Type type = cast.getIn().getType();
  if (type.isSignlessInteger(32) || type.isSignlessInteger(64))
    return cast.getIn();
  return nullptr;
}

/// Classifies how the id subscript is computed from the id `id`.
IdForm classifyId(const GatherIdiom &idiom, BlockArgument id) {
  Value subscript = idiom.subscript;
  if (getPlainId(subscript) == id)
    return IdForm::Plain;
  Value table = idiom.table;
  auto isSize = [&](Value value) {
    return isGatheredSize(value, table, idiom.axis);
  };
  // The wrap on the subscript, after the cast.
  Value wrapped = matchNegativeWrap(subscript, isSize);
  if (wrapped && getPlainId(wrapped) == id)
    return IdForm::Wrapped;
  // The wrap on the id, before the cast.
  if (auto cast = subscript.getDefiningOp<arith::IndexCastOp>())
    if (matchNegativeWrap(cast.getIn(), isSize) == id &&
        (id.getType().isSignlessInteger(32) ||
         id.getType().isSignlessInteger(64)))
      return IdForm::Wrapped;
  return IdForm::Computed;
}

/// Finds the id, the form of the id subscript, and the asserts of the body
/// on the id; fails when the subscript is no function of one input element
/// alone, or when the body has an op with memory effects other than these
/// asserts.
LogicalResult matchId(linalg::GenericOp generic, PatternRewriter &rewriter,
                      GatherIdiom &idiom) {
  BodySlice chain = getBodySlice(generic, idiom.subscript, nullptr);
  FailureOr<BlockArgument> id = getSoleInputArgument(generic, chain);
  if (failed(id) || !*id)
    return rewriter.notifyMatchFailure(
        generic, "the id subscript is no function of one input element");
  idiom.ids = generic.getMatchingOpOperand(*id);
  if (!isa<RankedTensorType>(idiom.ids->get().getType()))
    return rewriter.notifyMatchFailure(generic, "the id is a scalar input");
  idiom.idForm = classifyId(idiom, *id);

  llvm::SetVector<Operation *> idOps;
  idOps.insert(chain.ops.begin(), chain.ops.end());
  for (Operation &op : generic.getBody()->without_terminator()) {
    if (isMemoryEffectFree(&op))
      continue;
    auto assertOp = dyn_cast<cf::AssertOp>(&op);
    if (!assertOp)
      return rewriter.notifyMatchFailure(&op, "an op with memory effects");
    BodySlice condition = getBodySlice(generic, assertOp.getArg(), nullptr);
    FailureOr<BlockArgument> conditionId =
        getSoleInputArgument(generic, condition);
    if (failed(conditionId) || (*conditionId && *conditionId != *id))
      return rewriter.notifyMatchFailure(&op, "an assert not on the id alone");
    idOps.insert(condition.ops.begin(), condition.ops.end());
    idOps.insert(&op);
    idiom.asserts.push_back(assertOp);
  }
  idiom.idOps = idOps.takeVector();
  llvm::sort(idiom.idOps,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return success();
}

/// Returns the dimension of the result that loop `loop` indexes.
int64_t getResultDimOfLoop(linalg::GenericOp generic, int64_t loop) {
  AffineMap outputMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  return *outputMap.getResultPosition(
      getAffineDimExpr(loop, generic.getContext()));
}

/// Returns the static size of loop `loop` (that of the result dimension it
/// indexes), or kDynamic.
int64_t getStaticLoopSize(linalg::GenericOp generic, int64_t loop) {
  auto resultType = cast<RankedTensorType>(generic.getResult(0).getType());
  return resultType.getDimSize(getResultDimOfLoop(generic, loop));
}

/// Returns the loop of each dimension of the ids (kUnit for a constant 0
/// into a dimension of size 1), or failure when the ids map is no such
/// projection.
FailureOr<SmallVector<int64_t>> getIdsLoops(linalg::GenericOp generic,
                                            const GatherIdiom &idiom) {
  auto idsType = cast<RankedTensorType>(idiom.ids->get().getType());
  SmallVector<int64_t> idsLoops;
  for (auto [dim, expr] : llvm::enumerate(
           generic.getMatchingIndexingMap(idiom.ids).getResults())) {
    if (auto loop = dyn_cast<AffineDimExpr>(expr)) {
      idsLoops.push_back(loop.getPosition());
      continue;
    }
    auto constant = dyn_cast<AffineConstantExpr>(expr);
    if (!constant || constant.getValue() != 0 || idsType.getDimSize(dim) != 1)
      return failure();
    idsLoops.push_back(kUnit);
  }
  return idsLoops;
}

/// Returns the loop of each dimension of the result of a gather with
/// `batchDims` batch dimensions, `D[:a] ++ I[b:] ++ D[a+1:]`, when that
/// assignment is exact: each batch dimension is one loop (or unit) shared
/// by the table and the ids, no loop indexes two dimensions, and every loop
/// indexes one. A loop that indexes nothing must have the static size 1: it
/// takes a unit dimension (kUnit). Unit dimensions left without a loop stay
/// kUnit (the gather's result has the size 1 there).
std::optional<SmallVector<int64_t>>
getResultLoops(linalg::GenericOp generic, int64_t axis, int64_t batchDims,
               ArrayRef<int64_t> tableLoops, ArrayRef<int64_t> idsLoops) {
  if (!llvm::equal(idsLoops.take_front(batchDims),
                   tableLoops.take_front(batchDims)))
    return std::nullopt;
  SmallVector<int64_t> loops;
  llvm::append_range(loops, tableLoops.take_front(axis));
  llvm::append_range(loops, idsLoops.drop_front(batchDims));
  llvm::append_range(loops, tableLoops.drop_front(axis + 1));
  int64_t numLoops = generic.getNumLoops();
  SmallVector<bool> used(numLoops, false);
  for (int64_t loop : loops) {
    if (loop == kUnit)
      continue;
    if (used[loop])
      return std::nullopt;
    used[loop] = true;
  }
  auto unit = loops.begin();
  for (int64_t loop = 0; loop < numLoops; ++loop) {
    if (used[loop])
      continue;
    unit = std::find(unit, loops.end(), kUnit);
    if (unit == loops.end() || getStaticLoopSize(generic, loop) != 1)
      return std::nullopt;
    *unit++ = loop;
  }
  return loops;
}

/// Finds batch_dims and the loop of each dimension of the gather's result
/// (getResultLoops): the largest batch_dims for which the assignment is
/// exact. Unit dimensions of the table or the ids need no loop of their own,
/// so the number of loops does not tell batch_dims; a smaller batch_dims
/// that is exact too only differs in unit dimensions, which hold the same
/// elements.
LogicalResult assignLoops(linalg::GenericOp generic, PatternRewriter &rewriter,
                          GatherIdiom &idiom, ArrayRef<int64_t> tableLoops) {
  FailureOr<SmallVector<int64_t>> idsLoops = getIdsLoops(generic, idiom);
  if (failed(idsLoops))
    return rewriter.notifyMatchFailure(generic, "the ids map is no projection");
  int64_t a = idiom.axis;
  for (int64_t b = std::min<int64_t>(a, idsLoops->size()); b >= 0; --b) {
    std::optional<SmallVector<int64_t>> loops =
        getResultLoops(generic, a, b, tableLoops, *idsLoops);
    if (!loops)
      continue;
    idiom.batchDims = b;
    idiom.resultLoops = std::move(*loops);
    return success();
  }
  return rewriter.notifyMatchFailure(generic,
                                     "the loops are not those of a gather");
}

/// Checks that every dimension of the table other than the gathered one
/// has the size of its loop (equal static sizes, or proven equal): a loop
/// shorter than the table would read only a part of it.
LogicalResult matchTableSizes(linalg::GenericOp generic,
                              PatternRewriter &rewriter,
                              const GatherIdiom &idiom) {
  Value table = idiom.table;
  auto tableType = cast<RankedTensorType>(table.getType());
  Value init = generic.getDpsInitOperand(0)->get();
  auto initType = cast<RankedTensorType>(init.getType());
  int64_t a = idiom.axis,
          numIds = idiom.resultLoops.size() - tableType.getRank() + 1;
  for (int64_t dim = 0; dim < tableType.getRank(); ++dim) {
    if (dim == a)
      continue;
    int64_t position = dim < a ? dim : dim - 1 + numIds;
    // A unit dimension read at 0 without a loop.
    if (idiom.resultLoops[position] == kUnit)
      continue;
    int64_t resultDim =
        getResultDimOfLoop(generic, idiom.resultLoops[position]);
    int64_t tableSize = tableType.getDimSize(dim);
    int64_t loopSize = initType.getDimSize(resultDim);
    if (!ShapedType::isDynamic(tableSize) && !ShapedType::isDynamic(loopSize)) {
      if (tableSize != loopSize)
        return rewriter.notifyMatchFailure(
            generic, "a loop is not as long as the table");
      continue;
    }
    FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(
        ValueBoundsConstraintSet::Variable(table, dim),
        ValueBoundsConstraintSet::Variable(init, resultDim));
    if (failed(equal) || !*equal)
      return rewriter.notifyMatchFailure(
          generic, "a loop is not provably as long as the table");
  }
  return success();
}

/// Finds the element-wise tail: the ops that compute the yielded value from
/// the extracted one (matchId made sure that none has memory effects).
LogicalResult matchTail(linalg::GenericOp generic, PatternRewriter &rewriter,
                        GatherIdiom &idiom) {
  Value yielded = generic.getBody()->getTerminator()->getOperand(0);
  if (yielded == idiom.element)
    return success();
  idiom.tail = getBodySlice(generic, yielded, idiom.extract);
  if (!idiom.tail.readsStop)
    return rewriter.notifyMatchFailure(generic, "the result is no gather");
  return success();
}

/// Matches the gather idiom in `generic`.
FailureOr<GatherIdiom> matchGatherIdiom(linalg::GenericOp generic,
                                        PatternRewriter &rewriter) {
  GatherIdiom idiom;
  SmallVector<int64_t> tableLoops;
  if (failed(matchStructure(generic, rewriter, idiom)) ||
      failed(matchSubscripts(generic, rewriter, idiom, tableLoops)) ||
      failed(matchId(generic, rewriter, idiom)) ||
      failed(assignLoops(generic, rewriter, idiom, tableLoops)) ||
      failed(matchTableSizes(generic, rewriter, idiom)) ||
      failed(matchTail(generic, rewriter, idiom)))
    return failure();
  return idiom;
}

//===----------------------------------------------------------------------===//
// Rewrite
//===----------------------------------------------------------------------===//

/// Returns an i1 that holds when the generic runs its body for no element
/// because a loop that does not index the ids is empty, or null when no such
/// loop may be empty. The asserts moved in front of the gather must then
/// hold, as the generic never evaluated them.
Value buildNoElementCondition(PatternRewriter &rewriter,
                              linalg::GenericOp generic,
                              const GatherIdiom &idiom) {
  Location loc = generic.getLoc();
  Value init = generic.getDpsInitOperand(0)->get();
  int64_t a = idiom.axis, b = idiom.batchDims;
  int64_t numIds = idiom.resultLoops.size() -
                   cast<RankedTensorType>(idiom.table.getType()).getRank() + 1;
  Value condition;
  for (auto [position, loop] : llvm::enumerate(idiom.resultLoops)) {
    int64_t pos = position;
    if (pos < b || (pos >= a && pos < a + numIds) || loop == kUnit)
      continue;
    int64_t size = getStaticLoopSize(generic, loop);
    if (!ShapedType::isDynamic(size) && size != 0)
      continue;
    Value isEmpty;
    if (size == 0) {
      isEmpty =
          arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
    } else {
      Value dim = tensor::DimOp::create(rewriter, loc, init,
                                        getResultDimOfLoop(generic, loop));
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      isEmpty = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      dim, zero);
    }
    if (condition)
      condition = arith::OrIOp::create(rewriter, loc, condition, isEmpty);
    else
      condition = isEmpty;
  }
  return condition;
}

/// Returns the ids the gather reads: the ids input itself, or the positions
/// that the body computes from each id (and the body's asserts on it),
/// computed element-wise over the ids first as `index` values.
Value buildGatherIds(PatternRewriter &rewriter, linalg::GenericOp generic,
                     const GatherIdiom &idiom) {
  Value ids = idiom.ids->get();
  if (!idiom.computesPositions())
    return ids;
  Location loc = generic.getLoc();
  Value noElement = buildNoElementCondition(rewriter, generic, idiom);
  BlockArgument id = generic.getMatchingBlockArgument(idiom.ids);
  return buildElementwiseGeneric(
      rewriter, loc, ids, rewriter.getIndexType(),
      [&](OpBuilder &builder, Location nestedLoc, Value element) {
        IRMapping mapping;
        mapping.map(id, element);
        for (Operation *op : idiom.idOps) {
          auto assertOp = dyn_cast<cf::AssertOp>(op);
          if (!assertOp || !noElement) {
            builder.clone(*op, mapping);
            continue;
          }
          Value holds = arith::OrIOp::create(
              builder, assertOp.getLoc(),
              mapping.lookupOrDefault(assertOp.getArg()), noElement);
          cf::AssertOp::create(builder, assertOp.getLoc(), holds,
                               assertOp.getMsg());
        }
        return mapping.lookupOrDefault(idiom.subscript);
      });
}

/// Returns the gathered tensor without the unit dimensions that have no loop
/// (each collapsed into a neighbour), and in `loops` the loop of each of its
/// dimensions.
Value collapseLooplessDims(PatternRewriter &rewriter, Location loc,
                           const GatherIdiom &idiom, Value gathered,
                           SmallVectorImpl<int64_t> &loops) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (auto [dim, loop] : llvm::enumerate(idiom.resultLoops)) {
    pending.push_back(dim);
    if (loop == kUnit)
      continue;
    loops.push_back(loop);
    groups.push_back(std::move(pending));
    pending.clear();
  }
  if (loops.size() == idiom.resultLoops.size())
    return gathered;
  if (!groups.empty())
    llvm::append_range(groups.back(), pending);
  return tensor::CollapseShapeOp::create(rewriter, loc, gathered, groups);
}

/// Rebuilds the tail as a linalg.generic over the same loops that reads the
/// gathered element (whose dimensions are those of `loops`) where the body
/// read the table.
Value buildTail(PatternRewriter &rewriter, linalg::GenericOp generic,
                const GatherIdiom &idiom, Value gathered,
                ArrayRef<int64_t> loops) {
  MLIRContext *context = generic.getContext();
  int64_t numLoops = generic.getNumLoops();
  SmallVector<AffineExpr> gatheredExprs;
  for (int64_t loop : loops)
    gatheredExprs.push_back(getAffineDimExpr(loop, context));
  SmallVector<Value> inputs{gathered};
  SmallVector<AffineMap> maps{
      AffineMap::get(numLoops, 0, gatheredExprs, context)};
  SmallVector<BlockArgument> inputArgs;
  for (BlockArgument arg : idiom.tail.args) {
    OpOperand *operand = generic.getMatchingOpOperand(arg);
    if (generic.isDpsInit(operand))
      continue;
    inputArgs.push_back(arg);
    inputs.push_back(operand->get());
    maps.push_back(generic.getMatchingIndexingMap(operand));
  }
  OpOperand *init = generic.getDpsInitOperand(0);
  maps.push_back(generic.getMatchingIndexingMap(init));
  Value yielded = generic.getBody()->getTerminator()->getOperand(0);
  auto tail = linalg::GenericOp::create(
      rewriter, generic.getLoc(), generic.getResultTypes(), inputs,
      ValueRange{init->get()}, maps, generic.getIteratorTypesArray(),
      [&](OpBuilder &builder, Location loc, ValueRange args) {
        IRMapping mapping;
        mapping.map(idiom.element, args.front());
        for (auto [arg, newArg] : llvm::zip(inputArgs, args.drop_front()))
          mapping.map(arg, newArg);
        mapping.map(generic.getMatchingBlockArgument(init), args.back());
        for (Operation *op : idiom.tail.ops)
          builder.clone(*op, mapping);
        linalg::YieldOp::create(builder, loc, mapping.lookupOrDefault(yielded));
      });
  return tail.getResult(0);
}

/// Puts the gathered tensor (whose dimensions are those of `loops`) in the
/// generic's result order (a linalg.transpose when the loops run in another
/// order) with the generic's result type.
Value buildResult(PatternRewriter &rewriter, linalg::GenericOp generic,
                  Value gathered, ArrayRef<int64_t> loops) {
  Location loc = generic.getLoc();
  AffineMap outputMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  SmallVector<int64_t> permutation;
  for (unsigned dim = 0; dim < outputMap.getNumResults(); ++dim)
    permutation.push_back(
        llvm::find(loops, static_cast<int64_t>(outputMap.getDimPosition(dim))) -
        loops.begin());
  if (!isIdentityPermutation(permutation))
    gathered =
        gather::detail::transposeTensor(rewriter, loc, gathered, permutation);
  Type resultType = generic.getResult(0).getType();
  if (gathered.getType() != resultType)
    gathered = tensor::CastOp::create(rewriter, loc, resultType, gathered);
  return gathered;
}

/// Replaces the generic by the gather (with the positions first; then its
/// unit dimensions without a loop collapsed, and the tail, or the
/// transposition and cast that give the generic's result).
void rewriteGatherIdiom(PatternRewriter &rewriter, linalg::GenericOp generic,
                        const GatherIdiom &idiom) {
  Value ids = buildGatherIds(rewriter, generic, idiom);
  auto gather = GatherOp::create(rewriter, generic.getLoc(), idiom.table, ids,
                                 static_cast<uint64_t>(idiom.axis),
                                 static_cast<uint64_t>(idiom.batchDims));
  // A negative position is undefined in the idiom unless the body wraps it.
  if (idiom.idForm != IdForm::Wrapped || idiom.computesPositions())
    gather.setIndicesNonnegative(true);
  SmallVector<int64_t> loops;
  Value gathered =
      collapseLooplessDims(rewriter, generic.getLoc(), idiom, gather, loops);
  Value result = idiom.hasTail()
                     ? buildTail(rewriter, generic, idiom, gathered, loops)
                     : buildResult(rewriter, generic, gathered, loops);
  rewriter.replaceOp(generic, result);
}

/// The linalg gather idiom becomes gather.gather.
struct RaiseLinalgGather : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    FailureOr<GatherIdiom> idiom = matchGatherIdiom(generic, rewriter);
    if (failed(idiom))
      return failure();
    rewriteGatherIdiom(rewriter, generic, *idiom);
    return success();
  }
};

} // namespace

void mlir::gather::detail::populateRaiseLinalgGatherPatterns(
    RewritePatternSet &patterns) {
  patterns.add<RaiseLinalgGather>(patterns.getContext());
}

//===- GatherShapeTest.cpp - tests of the gather shape rules --------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Checks inferGatherShape exhaustively over small ranks, every axis and
// batch_dims value (valid or not) and a mix of static, dynamic and zero sizes
// against a reference written here from DESIGN.md section 1, independently
// of the implementation.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherShape.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <limits>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::gather;

namespace {

constexpr int64_t kDyn = ShapedType::kDynamic;

/// The reference: builds the result shape with the formula of DESIGN.md
/// section 1 written out index by index. Returns nullopt for an invalid
/// combination.
std::optional<std::vector<int64_t>>
referenceShape(const std::vector<int64_t> &data,
               const std::vector<int64_t> &indices, int64_t axis,
               int64_t batchDims) {
  int64_t r = data.size(), q = indices.size();
  if (r < 1)
    return std::nullopt;
  if (axis < -r || axis > r - 1)
    return std::nullopt;
  if (batchDims < -q || batchDims > q)
    return std::nullopt;
  int64_t a = axis < 0 ? axis + r : axis;
  int64_t b = batchDims < 0 ? batchDims + q : batchDims;
  if (b > a || b > q)
    return std::nullopt;
  std::vector<int64_t> out;
  for (int64_t i = 0; i < a; ++i) {
    int64_t d = data[i];
    if (i < b) {
      int64_t n = indices[i];
      if (d != kDyn && n != kDyn && d != n)
        return std::nullopt;
      // A dynamic batch size in data takes the static size of indices.
      if (d == kDyn)
        d = n;
    }
    out.push_back(d);
  }
  for (int64_t j = b; j < q; ++j)
    out.push_back(indices[j]);
  for (int64_t t = a + 1; t < r; ++t)
    out.push_back(data[t]);
  return out;
}

/// Enumerates every shape of rank `rank` over `sizes`.
void enumerateShapes(int64_t rank, const std::vector<int64_t> &sizes,
                     std::vector<int64_t> &current,
                     std::vector<std::vector<int64_t>> &out) {
  if (static_cast<int64_t>(current.size()) == rank) {
    out.push_back(current);
    return;
  }
  for (int64_t s : sizes) {
    current.push_back(s);
    enumerateShapes(rank, sizes, current, out);
    current.pop_back();
  }
}

std::vector<std::vector<int64_t>> allShapes(int64_t maxRank,
                                            const std::vector<int64_t> &sizes) {
  std::vector<std::vector<int64_t>> out;
  for (int64_t rank = 0; rank <= maxRank; ++rank) {
    std::vector<int64_t> current;
    enumerateShapes(rank, sizes, current, out);
  }
  return out;
}

TEST(GatherShape, ExhaustiveSmallRanksMatchReference) {
  // Sizes 2 and 3 make batch-dimension mismatches possible; 0 and dynamic
  // sizes cover empty tensors and the dynamic rules.
  const std::vector<int64_t> sizes = {0, 2, 3, kDyn};
  std::vector<std::vector<int64_t>> dataShapes = allShapes(3, sizes);
  std::vector<std::vector<int64_t>> indicesShapes = allShapes(3, sizes);
  int64_t valid = 0, invalid = 0;
  for (const auto &data : dataShapes) {
    for (const auto &indices : indicesShapes) {
      int64_t r = data.size(), q = indices.size();
      // One value beyond each end of the valid ranges, and the extremes.
      std::vector<int64_t> axes, batches;
      for (int64_t v = -r - 1; v <= r; ++v)
        axes.push_back(v);
      for (int64_t v = -q - 1; v <= q + 1; ++v)
        batches.push_back(v);
      for (int64_t axis : axes) {
        for (int64_t batch : batches) {
          auto expected = referenceShape(data, indices, axis, batch);
          FailureOr<SmallVector<int64_t>> actual =
              inferGatherShape(data, indices, axis, batch);
          ASSERT_EQ(expected.has_value(), succeeded(actual))
              << "rank(data)=" << r << " rank(indices)=" << q
              << " axis=" << axis << " batch_dims=" << batch;
          if (!expected) {
            ++invalid;
            continue;
          }
          ++valid;
          EXPECT_EQ(*expected,
                    std::vector<int64_t>(actual->begin(), actual->end()));
        }
      }
    }
  }
  // The enumeration must exercise both outcomes in quantity.
  EXPECT_GT(valid, 10000);
  EXPECT_GT(invalid, 10000);
}

TEST(GatherShape, ExtremeAttributeValuesAreRejectedWithoutOverflow) {
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  std::vector<int64_t> data = {4, 5}, indices = {4, 3};
  for (int64_t v : {kMin, kMin + 1, kMax, kMax - 1}) {
    EXPECT_TRUE(failed(inferGatherShape(data, indices, v, 0)));
    EXPECT_TRUE(failed(inferGatherShape(data, indices, 1, v)));
    EXPECT_TRUE(failed(inferGatherShape(data, indices, v, v)));
  }
}

TEST(GatherShape, HugeDimensionsPassThrough) {
  const int64_t big = int64_t(1) << 62;
  auto shape = inferGatherShape({big, big, 7}, {big, 3}, 1, 1);
  ASSERT_TRUE(succeeded(shape));
  EXPECT_EQ((std::vector<int64_t>(shape->begin(), shape->end())),
            (std::vector<int64_t>{big, 3, 7}));
}

TEST(GatherShape, NormalizesNegativeValues) {
  FailureOr<GatherParams> p = normalizeGatherParams(4, 3, -2, -1);
  ASSERT_TRUE(succeeded(p));
  EXPECT_EQ(p->axis, 2);
  EXPECT_EQ(p->batchDims, 2);
}

TEST(GatherShape, ResultDimSourceMatchesShape) {
  // For every valid combination over distinct sizes, the source reported for
  // each result dimension must hold the size found there.
  for (int64_t r = 1; r <= 4; ++r) {
    for (int64_t q = 0; q <= 3; ++q) {
      std::vector<int64_t> data, indices;
      for (int64_t i = 0; i < r; ++i)
        data.push_back(10 + i);
      for (int64_t i = 0; i < q; ++i)
        indices.push_back(i < r ? 10 + i : 20 + i);
      for (int64_t axis = 0; axis < r; ++axis) {
        for (int64_t b = 0; b <= std::min(axis, q); ++b) {
          // Indices dims after the batch dims get sizes of their own.
          std::vector<int64_t> idx = indices;
          for (int64_t i = b; i < q; ++i)
            idx[i] = 20 + i;
          auto shape = inferGatherShape(data, idx, axis, b);
          ASSERT_TRUE(succeeded(shape));
          GatherParams params{axis, b};
          for (int64_t d = 0; d < static_cast<int64_t>(shape->size()); ++d) {
            GatherDimSource src = getResultDimSource(params, r, q, d);
            int64_t size = src.fromIndices ? idx[src.dim] : data[src.dim];
            EXPECT_EQ(size, (*shape)[d])
                << "r=" << r << " q=" << q << " axis=" << axis << " b=" << b
                << " dim=" << d;
          }
        }
      }
    }
  }
}

TEST(GatherShape, DiagnosticsNameTheRule) {
  MLIRContext context;
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  Location loc = UnknownLoc::get(&context);
  auto emit = [&]() { return emitError(loc); };
  EXPECT_TRUE(failed(inferGatherShape({3, 4}, {3, 2}, 1, 2, emit)));
  EXPECT_EQ(message, "batch_dims (2) must not exceed axis (1)");
  EXPECT_TRUE(failed(inferGatherShape({3, 4}, {2, 2}, 1, 1, emit)));
  EXPECT_EQ(message, "batch dimension 0 must have the same size in data (3) "
                     "and indices (2)");
  EXPECT_TRUE(failed(inferGatherShape({3, 4}, {2}, -3, 0, emit)));
  EXPECT_EQ(message, "axis (-3) must be in [-2, 1] for data of rank 2");
}

} // namespace

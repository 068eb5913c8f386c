//===- BagFuzzTest.cpp - the embedding-bag programs of gather-gen ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The bag programs of gather-mlir/Fuzz/Bag.h: what the generator draws, the
// mask of the reference on a hand-worked example, the op and its unfused
// reference each against values worked out by hand, the driver's checks
// (they fail when a program does not do what it must), references that
// raise-to-gather leaves unfused, and a seeded batch under assert, clamp
// and none.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Bag.h"
#include "gather-mlir/Harness/JIT.h"
#include "gather-mlir/Harness/MemRef.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cstring>
#include <set>

using namespace mlir;
using namespace mlir::gather;
using namespace mlir::gather::fuzz;

namespace {

constexpr uint64_t kSeed = 0xba65eed;

/// The bits of float `v`.
uint64_t bitsOf(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, 4);
  return bits;
}

/// Ragged sum bags over a 4 x 2 f32 table (row r = [r, 10 r]): ids [1, -1,
/// 3, 0, 2] (-1 is row 3), offsets [0, 2, 2] (bags [0, 2), [2, 2) and [2,
/// 5)), padding_idx -4 (row 0).
BagProgram makeHandProgram() {
  BagProgram p;
  p.id = 0;
  p.element = ElementKind::F32;
  p.mode = BagMode::Sum;
  p.ragged = true;
  p.paddingIdx = -4;
  p.idKind = IndexKind::I64;
  p.offsetKind = IndexKind::I32;
  p.table.sizes = {4, 2};
  p.table.declared = {kDynamic, 2};
  p.ids.sizes = p.ids.declared = {5};
  p.offsets.sizes = {3};
  p.offsets.declared = {kDynamic};
  p.resultDeclared = {kDynamic, 2};
  for (int r = 0; r < 4; ++r) {
    p.tableBits.push_back(bitsOf(r));
    p.tableBits.push_back(bitsOf(10 * r));
  }
  for (int64_t id : {1, -1, 3, 0, 2})
    p.idBits.push_back(static_cast<uint64_t>(id));
  p.offsetBits = {0, 2, 2};
  return p;
}

TEST(BagFuzz, MaskOnAHandExample) {
  BagProgram p = makeHandProgram();
  EXPECT_EQ(getBagMaskSizes(p), (std::vector<int64_t>{3, 5}));
  // Bag 0: rows 1 and 3; bag 1: empty; bag 2: rows 3, 0 (padding), 2.
  std::vector<uint8_t> expected = {1, 1, 0, 0, 0, //
                                   0, 0, 0, 0, 0, //
                                   0, 0, 1, 0, 1};
  EXPECT_EQ(getBagMask(p), expected);
  // Offsets that break the rules are clamped as the lowering reads them:
  // bag 0 [0, 7) -> [0, 5), bag 1 [7, 1) -> [5, 5), bag 2 [1, 5).
  p.offsetBits = {0, 7, 1};
  expected = {1, 1, 1, 0, 1, //
              0, 0, 0, 0, 0, //
              0, 1, 1, 0, 1};
  EXPECT_EQ(getBagMask(p), expected);
}

/// Calls `@<function>` of `jit` on the inputs of `p` and returns the result's
/// elements as floats.
std::vector<float> callForFloats(const harness::JitModule &jit,
                                 const std::string &function,
                                 const BagProgram &p, bool reference,
                                 std::vector<int64_t> &sizes) {
  std::vector<harness::AlignedBuffer> buffers;
  std::vector<harness::MemRefDescriptor> descriptors;
  for (const ProgramArgument &a : getBagArguments(p, reference)) {
    int64_t n = harness::getNumElements(a.shape.sizes);
    buffers.emplace_back(n * a.elementBytes);
    for (int64_t i = 0; i < n; ++i)
      std::memcpy(buffers.back().as<uint8_t>() + i * a.elementBytes, &a.bits[i],
                  a.elementBytes);
    descriptors.emplace_back(buffers.back().data(), a.shape.sizes);
  }
  harness::MemRefDescriptor result(2);
  std::vector<void *> arguments = {result.get()};
  for (harness::MemRefDescriptor &d : descriptors)
    arguments.push_back(d.get());
  std::string error;
  EXPECT_TRUE(succeeded(jit.invoke(function, arguments, error))) << error;
  sizes = result.getSizes();
  std::vector<float> out;
  for (int64_t b = 0; b < sizes[0]; ++b)
    for (int64_t d = 0; d < sizes[1]; ++d) {
      float v;
      std::memcpy(&v,
                  result.getAligned() +
                      4 * (result.getOffset() + b * result.getStride(0) +
                           d * result.getStride(1)),
                  4);
      out.push_back(v);
    }
  std::free(result.getAllocated());
  return out;
}

/// The op and its reference, each on its own, against the sums by hand.
TEST(BagFuzz, OpAndReferenceOnAHandExample) {
  harness::initialize();
  std::unique_ptr<MLIRContext> context = harness::createContext();
  BagProgram p = makeHandProgram();
  std::string error;
  OwningOpRef<ModuleOp> module =
      harness::parseModule(*context, getBagModuleText({&p}), error);
  ASSERT_TRUE(module) << error;
  ASSERT_TRUE(succeeded(harness::lowerModule(*module, {}, error))) << error;
  std::unique_ptr<harness::JitModule> jit =
      harness::JitModule::create(*module, harness::JitOptions(), error);
  ASSERT_TRUE(jit) << error;
  // Bag 0: rows 1 + 3; bag 1: empty; bag 2: rows 3 + 2 (row 0 is padding).
  std::vector<float> expected = {4, 40, 0, 0, 5, 50};
  for (bool reference : {false, true}) {
    std::vector<int64_t> sizes;
    std::vector<float> got = callForFloats(
        *jit, reference ? "bag_ref_0" : "bag_0", p, reference, sizes);
    EXPECT_EQ(sizes, (std::vector<int64_t>{3, 2})) << reference;
    EXPECT_EQ(got, expected) << (reference ? "reference" : "op");
  }
}

/// The driver compares, and reports a program that does not stop as it
/// must.
TEST(BagFuzz, DriverChecksCanFail) {
  harness::initialize();
  std::unique_ptr<MLIRContext> context = harness::createContext();
  BagProgram p = makeHandProgram();
  Config assertConfig;
  BatchResult matched = runBagBatch(*context, {&p}, assertConfig);
  EXPECT_EQ(matched.compared, 1u);
  EXPECT_TRUE(matched.findings.empty());

  // Offsets that break the rules: assert stops, clamp and none compare.
  p.offsetBits = {0, 7, 1};
  p.expect = BagExpectation::BadOffsets;
  BatchResult stopped = runBagBatch(*context, {&p}, assertConfig);
  EXPECT_EQ(stopped.exits, 1u);
  EXPECT_TRUE(stopped.findings.empty());
  for (BoundsCheck check : {BoundsCheck::Clamp, BoundsCheck::None}) {
    Config config;
    config.boundsCheck = check;
    BatchResult clamped = runBagBatch(*context, {&p}, config);
    EXPECT_EQ(clamped.compared, 1u);
    EXPECT_TRUE(clamped.findings.empty());
  }

  // Claimed to stop, but every id and offset is valid: a finding.
  BagProgram valid = makeHandProgram();
  valid.expect = BagExpectation::IdOutOfRange;
  BatchResult missing = runBagBatch(*context, {&valid}, assertConfig);
  ASSERT_EQ(missing.findings.size(), 1u);
  EXPECT_EQ(missing.findings[0].kind, "missing-exit");
}

/// raise-to-gather leaves every reference unfused (and the walk that checks
/// it sees the bags of the op functions).
TEST(BagFuzz, ReferencesAreNotRaised) {
  harness::initialize();
  std::unique_ptr<MLIRContext> context = harness::createContext();
  std::vector<BagProgram> programs;
  for (unsigned id = 0; id < 120; ++id)
    programs.push_back(generateBagProgram(kSeed, id, BagOptions()));
  std::vector<const BagProgram *> pointers;
  for (const BagProgram &p : programs)
    pointers.push_back(&p);
  std::string error;
  OwningOpRef<ModuleOp> module =
      harness::parseModule(*context, getBagModuleText(pointers), error);
  ASSERT_TRUE(module) << error;
  ASSERT_TRUE(succeeded(raiseBagModule(*module, error))) << error;
  unsigned inReferences = 0, inOps = 0;
  module->walk([&](func::FuncOp func) {
    bool reference = func.getSymName().starts_with("bag_ref_");
    func.walk([&](Operation *op) {
      if (op->getName().getStringRef() == "gather.embedding_bag")
        ++(reference ? inReferences : inOps);
    });
  });
  EXPECT_EQ(inReferences, 0u);
  EXPECT_EQ(inOps, programs.size());
}

/// What the generator draws, over 600 programs of a seed.
TEST(BagFuzz, GeneratorCoversTheSpace) {
  std::set<int> modes, elements, idKinds, offsetKinds, expectations, rowRanks;
  bool fixed = false, batched = false, ragged = false, last = false,
       weights = false, positivePadding = false, negativePadding = false,
       negativeIds = false, emptyBag = false, dynamic = false,
       fullyStatic = false, emptyTable = false, largeTable = false,
       firstOffsetAfterZero = false, idsAfterLastOffset = false,
       positiveZero = false;
  for (unsigned id = 0; id < 600; ++id) {
    BagProgram p = generateBagProgram(kSeed, id, BagOptions());
    modes.insert(static_cast<int>(p.mode));
    elements.insert(static_cast<int>(p.element));
    idKinds.insert(static_cast<int>(p.idKind));
    expectations.insert(static_cast<int>(p.expect));
    rowRanks.insert(p.table.sizes.size() - p.batchDims - 1);
    fixed |= !p.ragged && !p.batchDims;
    batched |= p.batchDims == 1;
    if (p.ragged) {
      ragged = true;
      offsetKinds.insert(static_cast<int>(p.offsetKind));
      last |= p.includeLastOffset;
      if (p.includeLastOffset && p.expect == BagExpectation::Match &&
          !p.offsetBits.empty()) {
        firstOffsetAfterZero |= p.offsetBits.front() != 0;
        idsAfterLastOffset |=
            static_cast<int64_t>(p.offsetBits.back()) < p.ids.sizes[0];
      }
    }
    weights |= p.weights;
    positiveZero |= p.fromPositiveZero;
    positivePadding |= p.paddingIdx && *p.paddingIdx >= 0;
    negativePadding |= p.paddingIdx && *p.paddingIdx < 0;
    if (!isUnsigned(p.idKind) && p.expect == BagExpectation::Match)
      for (uint64_t bits : p.idBits)
        negativeIds |= getByteSize(p.idKind) == 4
                           ? static_cast<int32_t>(bits) < 0
                           : static_cast<int64_t>(bits) < 0;
    if (p.expect == BagExpectation::Match) {
      std::vector<uint8_t> mask = getBagMask(p);
      std::vector<int64_t> sizes = getBagMaskSizes(p);
      int64_t perBag = sizes.back();
      for (size_t b = 0; perBag > 0 && b < mask.size() / perBag; ++b) {
        bool any = false;
        for (int64_t k = 0; k < perBag; ++k)
          any |= mask[b * perBag + k] != 0;
        emptyBag |= !any;
      }
    }
    bool anyDynamic = false;
    for (const std::vector<int64_t> *declared :
         {&p.table.declared, &p.ids.declared, &p.resultDeclared})
      for (int64_t s : *declared)
        anyDynamic |= s == kDynamic;
    dynamic |= anyDynamic;
    fullyStatic |= !anyDynamic;
    emptyTable |= p.getNumRows() == 0;
    largeTable |=
        harness::getNumElements(p.table.sizes) * getByteSize(p.element) >=
        (1 << 20);
  }
  EXPECT_EQ(modes.size(), 3u);
  // Every element kind but i1.
  EXPECT_EQ(elements.size(), static_cast<size_t>(kNumElementKinds - 1));
  EXPECT_EQ(elements.count(static_cast<int>(ElementKind::I1)), 0u);
  EXPECT_EQ(idKinds.size(), static_cast<size_t>(kNumIndexKinds));
  EXPECT_EQ(offsetKinds.size(), static_cast<size_t>(kNumIndexKinds));
  EXPECT_EQ(expectations.size(), 4u);
  EXPECT_EQ(rowRanks, (std::set<int>{0, 1, 2}));
  EXPECT_TRUE(fixed && batched && ragged && last && weights);
  EXPECT_TRUE(positivePadding && negativePadding && negativeIds && emptyBag);
  EXPECT_TRUE(dynamic && fullyStatic && emptyTable && largeTable);
  EXPECT_TRUE(firstOffsetAfterZero && idsAfterLastOffset && positiveZero);
}

/// A seeded batch of bag programs against their references under assert,
/// clamp and none.
TEST(BagFuzz, SeededBatchMatchesReferences) {
  harness::initialize();
  std::unique_ptr<MLIRContext> context = harness::createContext();
  std::vector<BagProgram> programs;
  BagOptions options;
  options.outOfRangePercent = 15;
  options.badOffsetsPercent = 25;
  for (unsigned id = 0; id < 30; ++id)
    programs.push_back(generateBagProgram(kSeed + 1, id, options));
  std::vector<const BagProgram *> pointers;
  for (const BagProgram &p : programs)
    pointers.push_back(&p);
  for (BoundsCheck check :
       {BoundsCheck::Assert, BoundsCheck::Clamp, BoundsCheck::None}) {
    Config config;
    config.boundsCheck = check;
    BatchResult result =
        runBagBatch(*context, pointers, config, /*forkAll=*/true);
    for (const Finding &f : result.findings)
      ADD_FAILURE() << f.kind << ": " << f.text;
    EXPECT_EQ(result.lowered, pointers.size());
    EXPECT_EQ(result.compared + result.exits + result.skipped, pointers.size());
    EXPECT_GT(result.compared, pointers.size() / 2);
    if (check == BoundsCheck::Assert) {
      EXPECT_GT(result.exits, 0u);
    }
  }
}

} // namespace

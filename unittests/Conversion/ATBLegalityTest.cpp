//===- ATBLegalityTest.cpp - compiler and emulator agree on ATB rules -----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The per-SoC element type tables of convert-gather-to-atb
// (getATBElementTypeProblem) and those of the ATB emulator
// (GATHER_ATB_EMULATOR_SOC) are written separately; these tests run a small
// gather through libgather_ascend_runtime.so for every SoC and every pair of
// ATB element types and check that the emulator accepts exactly what the
// compiler sends to ATB. They also check that every entry point the lowering
// calls exists in the runtime.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Conversion/ATBToRuntime/ATBToRuntime.h"
#include "gather-mlir/Conversion/GatherToATB/GatherToATB.h"
#include "gather-mlir/Runtime/AscendRuntime.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Every SoC of the compiler, in the order of the rule table.
std::vector<AscendSoc> getSocs() {
  std::vector<AscendSoc> socs;
  forEachEnumValue<AscendSoc>([&](AscendSoc soc) { socs.push_back(soc); });
  return socs;
}

/// ATB's ERROR_INVALID_TENSOR_INI_MATCH: the product's table refuses a dtype.
/// atb::Status values (atb/types.h), written out here.
constexpr int32_t kDtypeError = 6, kCannError = 12, kIniMatch = 13;

/// The status Setup returns on `soc` for data and indices of the given ACL
/// dtypes, written out by hand from the ATB sources (CheckIniMatch with the
/// Atlas 200I/500 A2 table on ascend310b, CheckBF16 on ascend910, ascend310p
/// and ascend310b, aclnnGatherV3's lists on ascend950), independently of the
/// table in ATBGatherRules.h.
int32_t expectedStatus(AscendSoc soc, int32_t data, int32_t index) {
  switch (soc) {
  case AscendSoc::Ascend910B:
  case AscendSoc::Ascend910_93:
    return 0;
  case AscendSoc::Ascend910:
  case AscendSoc::Ascend310P:
    return data == GATHER_ATB_DT_BF16 ? kDtypeError : 0;
  case AscendSoc::Ascend310B:
    return data == GATHER_ATB_DT_FLOAT16 ? 0 : kIniMatch;
  case AscendSoc::Ascend950:
    return data == GATHER_ATB_DT_UINT32 || index == GATHER_ATB_DT_UINT32
               ? kCannError
               : 0;
  }
  return -1;
}

/// An MLIR element type with the aclDataType it is passed to ATB as.
struct TypeCase {
  Type type;
  int32_t dtype;
  int64_t bytes;
};

class ATBLegality : public ::testing::Test {
protected:
  void SetUp() override { gatherAtbResetForTesting(); }
  void TearDown() override {
    unsetenv("GATHER_ATB_EMULATOR_SOC");
    gatherAtbResetForTesting();
  }

  /// The data types of the ATB tables, written out here (not taken from the
  /// code under test).
  std::vector<TypeCase> getDataTypes() {
    Builder b(&context);
    return {{b.getF16Type(), GATHER_ATB_DT_FLOAT16, 2},
            {b.getBF16Type(), GATHER_ATB_DT_BF16, 2},
            {b.getF32Type(), GATHER_ATB_DT_FLOAT, 4},
            {b.getI32Type(), GATHER_ATB_DT_INT32, 4},
            {b.getIntegerType(32, /*isSigned=*/true), GATHER_ATB_DT_INT32, 4},
            {b.getIntegerType(32, /*isSigned=*/false), GATHER_ATB_DT_UINT32, 4},
            {b.getI64Type(), GATHER_ATB_DT_INT64, 8},
            {b.getIntegerType(64, /*isSigned=*/true), GATHER_ATB_DT_INT64, 8}};
  }

  std::vector<TypeCase> getIndexTypes() {
    Builder b(&context);
    return {{b.getI32Type(), GATHER_ATB_DT_INT32, 4},
            {b.getIntegerType(32, /*isSigned=*/true), GATHER_ATB_DT_INT32, 4},
            {b.getIntegerType(32, /*isSigned=*/false), GATHER_ATB_DT_UINT32, 4},
            {b.getI64Type(), GATHER_ATB_DT_INT64, 8},
            {b.getIntegerType(64, /*isSigned=*/true), GATHER_ATB_DT_INT64, 8}};
  }

  /// Runs x = [2] of `data`, indices = [1] (value 0) of `index` through the
  /// runtime on the emulated `soc`; returns the status and the stderr text.
  int32_t runOnEmulator(AscendSoc soc, const TypeCase &data,
                        const TypeCase &index, std::string &log) {
    setenv("GATHER_ATB_EMULATOR_SOC", getAscendSocName(soc).str().c_str(), 1);
    // Operations are cached with their Setup; start afresh for each SoC.
    gatherAtbResetForTesting();
    uint64_t x[2] = {0x1111111111111111ULL, 0x2222222222222222ULL};
    uint64_t indices[1] = {0};
    uint64_t out[1] = {0};
    int64_t xShape[1] = {2}, indicesShape[1] = {1}, outShape[1] = {1};
    testing::internal::CaptureStderr();
    int32_t status = gatherAtbGather(x, data.dtype, xShape, 1, indices,
                                     index.dtype, indicesShape, 1, out,
                                     outShape, 1, /*axis=*/0, /*batchDims=*/0);
    log = testing::internal::GetCapturedStderr();
    if (status == 0) {
      EXPECT_EQ(std::memcmp(out, x, data.bytes), 0) << "wrong element copied";
    }
    return status;
  }

  MLIRContext context;
};

/// Every SoC name of the compiler is one the emulator knows (an unknown
/// name would make it warn and fall back to ascend910b).
TEST_F(ATBLegality, SocNamesAreTheEmulators) {
  TypeCase f16 = getDataTypes()[0];
  TypeCase i64 = getIndexTypes()[3];
  for (AscendSoc soc : getSocs()) {
    std::string log;
    EXPECT_EQ(runOnEmulator(soc, f16, i64, log), 0)
        << getAscendSocName(soc).str();
    EXPECT_EQ(log.find("is not one of"), std::string::npos) << log;
  }
}

/// For every SoC and every pair of ATB element types, the compiler sends the
/// gather to ATB exactly when the emulated product accepts it; a refusal is
/// the product's table (ERROR_INVALID_TENSOR_INI_MATCH at Setup).
TEST_F(ATBLegality, ElementTypeTablesMatchTheEmulator) {
  int accepted = 0, refused = 0;
  for (AscendSoc soc : getSocs()) {
    for (const TypeCase &data : getDataTypes()) {
      for (const TypeCase &index : getIndexTypes()) {
        std::string problem =
            getATBElementTypeProblem(soc, data.type, index.type);
        std::string log;
        int32_t status = runOnEmulator(soc, data, index, log);
        std::string what;
        llvm::raw_string_ostream(what)
            << getAscendSocName(soc) << ", data " << data.type << ", indices "
            << index.type << ": compiler says '" << problem
            << "', emulator status " << status << "\n"
            << log;
        int32_t expected = expectedStatus(soc, data.dtype, index.dtype);
        EXPECT_EQ(status, expected) << what;
        EXPECT_EQ(problem.empty(), expected == 0) << what;
        if (problem.empty())
          ++accepted;
        else
          ++refused;
      }
    }
  }
  // 6 SoCs x 8 data types x 5 index types; the per-product rules refuse
  // bf16 on ascend910 and ascend310p, ascend310b's 7 non-f16 data types and
  // ascend950's ui32 data (5 index types) and ui32 indices (7 other data
  // types).
  EXPECT_EQ(accepted + refused, 6 * 8 * 5);
  EXPECT_EQ(refused, 5 + 5 + 7 * 5 + (5 + 7));
}

/// Element types outside ATB's tables stay on the CPU on every product.
TEST_F(ATBLegality, OtherTypesAreRefusedEverywhere) {
  Builder b(&context);
  Type f32 = b.getF32Type(), i64 = b.getI64Type();
  for (AscendSoc soc : getSocs()) {
    for (Type data : {Type(b.getF64Type()), Type(b.getI8Type()),
                      Type(b.getI16Type()), Type(b.getIntegerType(1)),
                      Type(b.getIntegerType(64, /*isSigned=*/false)),
                      Type(ComplexType::get(f32))})
      EXPECT_FALSE(getATBElementTypeProblem(soc, data, i64).empty());
    for (Type index :
         {Type(b.getIndexType()),
          Type(b.getIntegerType(64, /*isSigned=*/false)), Type(b.getI16Type())})
      EXPECT_FALSE(getATBElementTypeProblem(soc, f32, index).empty());
  }
}

/// The entry point the lowering calls for each pair of ATB element types is
/// exported by the runtime, and the names follow the header's table.
TEST_F(ATBLegality, EntryPointsExist) {
  void *self = dlopen(nullptr, RTLD_NOW);
  ASSERT_NE(self, nullptr);
  for (const TypeCase &data : getDataTypes()) {
    for (const TypeCase &index : getIndexTypes()) {
      std::string name = getATBGatherFunctionName(data.type, index.type);
      ASSERT_FALSE(name.empty());
      EXPECT_NE(dlsym(self, ("_mlir_ciface_" + name).c_str()), nullptr) << name;
    }
  }
  Builder b(&context);
  EXPECT_EQ(getATBGatherFunctionName(b.getIntegerType(32, /*isSigned=*/false),
                                     b.getIntegerType(64, /*isSigned=*/true)),
            "gatherAtbGather_u32_i64");
  EXPECT_EQ(getATBGatherFunctionName(b.getBF16Type(),
                                     b.getIntegerType(32, /*isSigned=*/false)),
            "gatherAtbGather_bf16_u32");
  EXPECT_EQ(getATBGatherFunctionName(b.getF64Type(), b.getI64Type()), "");
  EXPECT_EQ(getATBGatherFunctionName(b.getF32Type(), b.getIndexType()), "");
  dlclose(self);
}

} // namespace

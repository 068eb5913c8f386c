//===- PipelineBuildTest.cpp - the pipeline builders report failures ------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/InitGather.h"
#include "gather-mlir/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;

namespace {

// One test: the pass registry is global to the process, so the state before
// registration can only be observed before registerAllPasses() ran.
TEST(PipelineBuild, ReportsUnregisteredPassesThenWorksAfterRegistration) {
  DialectRegistry registry;
  gather::registerGatherMLIRDialects(registry);
  MLIRContext context(registry);

  // Before registration: failure with the reason, and the process goes on.
  {
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    auto pm = PassManager::on<ModuleOp>(&context);
    EXPECT_TRUE(failed(gather::buildGatherToLLVMPipeline(
        pm, gather::GatherPipelineOptions(), errorStream)));
    EXPECT_NE(errors.find("does not refer to a registered pass"),
              std::string::npos)
        << errors;
    EXPECT_NE(errors.find("mlir::gather::registerAllPasses()"),
              std::string::npos)
        << errors;

    errors.clear();
    auto atbPm = PassManager::on<ModuleOp>(&context);
    EXPECT_TRUE(failed(gather::buildGatherToATBPipeline(
        atbPm, gather::GatherToATBPipelineOptions(), errorStream)));
    EXPECT_FALSE(errors.empty());
  }

  // After registration (twice: registration is idempotent) the builder and
  // the registered pipeline both lower a gather to the LLVM dialect.
  gather::registerAllPasses();
  gather::registerAllPasses();
  const char *source =
      "func.func @f(%d: tensor<4x3xf32>, %i: tensor<2xi32>) -> "
      "tensor<2x3xf32> {\n"
      "  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<2xi32>\n"
      "  return %r : tensor<2x3xf32>\n"
      "}\n";
  for (bool byName : {false, true}) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module);
    auto pm = PassManager::on<ModuleOp>(&context);
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    if (byName)
      ASSERT_TRUE(succeeded(parsePassPipeline(
          "gather-to-llvm{bounds-check=clamp}", pm, errorStream)))
          << errors;
    else
      ASSERT_TRUE(succeeded(gather::buildGatherToLLVMPipeline(
          pm, gather::GatherPipelineOptions(), errorStream)))
          << errors;
    ASSERT_TRUE(succeeded(pm.run(*module)));
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    EXPECT_NE(text.find("llvm.func @f("), std::string::npos) << text;
    EXPECT_EQ(text.find("gather.gather"), std::string::npos) << text;
    EXPECT_EQ(text.find("func.func"), std::string::npos) << text;
  }
}

} // namespace

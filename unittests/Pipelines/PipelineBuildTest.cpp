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

/// A module with one gather, to lower to the LLVM dialect.
constexpr const char *kSource =
    "func.func @f(%d: tensor<4x3xf32>, %i: tensor<2xi32>) -> "
    "tensor<2x3xf32> {\n"
    "  %r = gather.gather %d[%i] : tensor<4x3xf32>, tensor<2xi32>\n"
    "  return %r : tensor<2x3xf32>\n"
    "}\n";

/// Runs `pm` on `kSource` and checks that everything is in the LLVM
/// dialect.
void expectLowersToLLVM(MLIRContext &context, PassManager &pm) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kSource, &context);
  ASSERT_TRUE(module);
  ASSERT_TRUE(succeeded(pm.run(*module)));
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  EXPECT_NE(text.find("llvm.func @f("), std::string::npos) << text;
  EXPECT_EQ(text.find("gather.gather"), std::string::npos) << text;
  EXPECT_EQ(text.find("func.func"), std::string::npos) << text;
}

// One test: the pass registry is global to the process, so the state before
// registration can only be observed before registerAllPasses() ran.
TEST(PipelineBuild, BuildsWithoutRegistrationAndReportsBadOptions) {
  DialectRegistry registry;
  gather::registerGatherMLIRDialects(registry);
  MLIRContext context(registry);

  // Before any registration: the builders create their passes from typed
  // options, so every pipeline builds and gather-to-llvm lowers the module.
  ASSERT_EQ(PassPipelineInfo::lookup("gather-to-llvm"), nullptr);
  ASSERT_EQ(PassInfo::lookup("one-shot-bufferize"), nullptr);
  {
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    auto pm = PassManager::on<ModuleOp>(&context);
    ASSERT_TRUE(succeeded(gather::buildGatherToLLVMPipeline(
        pm, gather::GatherPipelineOptions(), errorStream)))
        << errors;
    expectLowersToLLVM(context, pm);
    auto affinePm = PassManager::on<ModuleOp>(&context);
    EXPECT_TRUE(succeeded(gather::buildGatherToAffinePipeline(
        affinePm, gather::GatherPipelineOptions(), errorStream)));
    auto atbPm = PassManager::on<ModuleOp>(&context);
    EXPECT_TRUE(succeeded(gather::buildGatherToATBPipeline(
        atbPm, gather::GatherToATBPipelineOptions(), errorStream)));
    auto mpiPm = PassManager::on<ModuleOp>(&context);
    EXPECT_TRUE(succeeded(gather::buildGatherToMPIPipeline(
        mpiPm, gather::GatherToMPIPipelineOptions(), errorStream)));
    EXPECT_TRUE(errors.empty()) << errors;
  }

  // An invalid option: failure with the reason, and the process goes on.
  {
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    gather::GatherPipelineOptions options;
    options.targetCpu = "no-such-cpu";
    auto pm = PassManager::on<ModuleOp>(&context);
    EXPECT_TRUE(
        failed(gather::buildGatherToLLVMPipeline(pm, options, errorStream)));
    EXPECT_NE(errors.find("no-such-cpu"), std::string::npos) << errors;
  }

  // After the registration of this project's passes and pipelines alone,
  // the registered pipeline lowers the module as well.
  gather::registerGatherPasses();
  EXPECT_EQ(PassInfo::lookup("one-shot-bufferize"), nullptr);
  auto pm = PassManager::on<ModuleOp>(&context);
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  ASSERT_TRUE(succeeded(
      parsePassPipeline("gather-to-llvm{bounds-check=clamp}", pm, errorStream)))
      << errors;
  expectLowersToLLVM(context, pm);

  // registerAllPasses adds the upstream passes (twice: registration is
  // idempotent).
  gather::registerAllPasses();
  gather::registerAllPasses();
  EXPECT_NE(PassInfo::lookup("one-shot-bufferize"), nullptr);
}

} // namespace

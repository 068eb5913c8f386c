//===- Registration.cpp - the gather-mlir dialects and models -------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Registration.h"
#include "gather-mlir/Conversion/ExchangeToLLVM/ExchangeToLLVM.h"
#include "gather-mlir/Dialect/ATB/IR/ATBDialect.h"
#include "gather-mlir/Dialect/ATB/Transforms/BufferizableOpInterfaceImpl.h"
#include "gather-mlir/Dialect/Exchange/IR/ExchangeDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/Transforms/Sharding/ShardingInterfaceImpl.h"
#include "gather-mlir/Dialect/Gather/Transforms/TilingInterfaceImpl.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::gather::registerGatherDialects(DialectRegistry &registry) {
  registry.insert<GatherDialect, atb::ATBDialect, exchange::ExchangeDialect>();
  atb::registerBufferizableOpInterfaceExternalModels(registry);
  registerConvertExchangeToLLVMInterface(registry);
  registerTilingInterfaceExternalModels(registry);
  registerShardingInterfaceExternalModels(registry);
}

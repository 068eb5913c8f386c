//===- Target.cpp - what the CPU code generator takes from the CPU --------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/CodeGen/CPU/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/X86TargetParser.h"

using namespace mlir;
using namespace mlir::gather;

/// Whether `cpu` names an AMD processor (LLVM's names of AMD families).
static bool isAMD(StringRef cpu) {
  return llvm::any_of(
      ArrayRef<StringRef>{"znver", "bdver", "btver", "amdfam", "barcelona",
                          "k8", "athlon", "opteron", "geode"},
      [&](StringRef prefix) { return cpu.starts_with(prefix); });
}

/// Fills in the parameters from the CPU's features.
static CPUTarget fromFeatures(StringRef cpu,
                              const llvm::StringSet<> &features) {
  CPUTarget target;
  target.cpu = cpu.str();
  bool avx512 = features.contains("avx512f");
  if (avx512)
    target.vectorBytes = 64;
  else if (features.contains("avx2") || features.contains("avx"))
    target.vectorBytes = 32;
  bool amd = isAMD(cpu);
  target.slicePrefetchLocality = amd && !avx512 ? 0 : 3;
  target.elementPrefetchLocality = amd ? 0 : 3;
  target.slicePrefetchDistance = avx512 ? 16 : 8;
  if (avx512)
    target.minMaskedElementBits = features.contains("avx512bw") ? 8 : 32;
  return target;
}

FailureOr<CPUTarget> mlir::gather::getCPUTarget(StringRef cpu,
                                                std::string &error) {
  if (cpu == "host") {
    // The host's parameters are found once per process: the passes that
    // take them run on each function, and the host query took about 2% of
    // the lowering of gather-bench's compile-scaling module.
    static const CPUTarget host = [] {
      llvm::StringSet<> hostFeatures;
      for (const auto &feature : llvm::sys::getHostCPUFeatures())
        if (feature.second)
          hostFeatures.insert(feature.first());
      return fromFeatures(llvm::sys::getHostCPUName(), hostFeatures);
    }();
    return host;
  }
  llvm::StringSet<> features;
  if (llvm::X86::parseArchX86(cpu, /*Only64Bit=*/true) == llvm::X86::CK_None) {
    error = ("unknown CPU '" + Twine(cpu) +
             "' (expected 'host' or an x86-64 CPU name of LLVM, such as "
             "'znver3', 'znver5', 'x86-64-v3')")
                .str();
    return failure();
  }
  SmallVector<StringRef> names;
  llvm::X86::getFeaturesForCPU(cpu, names, /*NeedPlus=*/false);
  for (StringRef name : names)
    features.insert(name);
  return fromFeatures(cpu, features);
}

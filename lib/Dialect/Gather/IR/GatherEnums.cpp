//===- GatherEnums.cpp - descriptions of the gather enums -----------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherEnums.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::gather;

// The switches have no default: a value added to GatherEnums.td without a
// description here does not compile warning-free, and the unit test of the
// option tables fails.

StringRef mlir::gather::getDescription(BoundsCheck value) {
  switch (value) {
  case BoundsCheck::Assert:
    return "stop the program with an 'out of bounds' message";
  case BoundsCheck::Clamp:
    return "clamp the index to [0, size-1]";
  case BoundsCheck::None:
    return "trust the input: no check";
  }
  return "";
}

StringRef mlir::gather::getDescription(GatherLoweringStrategy value) {
  switch (value) {
  case GatherLoweringStrategy::Slices:
    return "one index load and check per slice, slices copied whole";
  case GatherLoweringStrategy::Generic:
    return "one linalg.generic with tensor.extract per element";
  }
  return "";
}

StringRef mlir::gather::getDescription(GatherForm value) {
  switch (value) {
  case GatherForm::Auto:
    return "chosen from the sizes (at run time where they are dynamic)";
  case GatherForm::BlockCopy:
    return "slices copied by loops of vector copies";
  case GatherForm::InlineCopy:
    return "slices copied by straight-line vector copies";
  case GatherForm::Element:
    return "one fused load-wrap-check-read loop per element";
  case GatherForm::InnerAxis:
    return "positions once, then a loop per data row";
  }
  return "";
}

StringRef mlir::gather::getDescription(PoolingMode value) {
  switch (value) {
  case PoolingMode::Sum:
    return "the sum of the rows of a bag (weighted with weights)";
  case PoolingMode::Mean:
    return "the sum of the rows of a bag divided by their number";
  case PoolingMode::Max:
    return "the element-wise maximum of the rows of a bag";
  }
  return "";
}

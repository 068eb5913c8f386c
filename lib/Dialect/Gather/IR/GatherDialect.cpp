//===- GatherDialect.cpp - gather dialect ---------------------------------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherDialect.h"
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.h"
#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::gather;

#include "gather-mlir/Dialect/Gather/IR/GatherOpsDialect.cpp.inc"

#include "gather-mlir/Dialect/Gather/IR/GatherEnums.cpp.inc"

/// Parses the split axes of `#gather.sharding`: a list in square brackets,
/// possibly empty, of lists of grid axes (`[[0], [], [1, 2]]`).
static ParseResult parseSplitAxes(AsmParser &parser,
                                  SmallVector<DenseI16ArrayAttr> &splitAxes) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    FailureOr<DenseI16ArrayAttr> dimAxes =
        FieldParser<DenseI16ArrayAttr>::parse(parser);
    if (failed(dimAxes))
      return failure();
    splitAxes.push_back(*dimAxes);
    return success();
  });
}

/// Prints the split axes of `#gather.sharding` as parseSplitAxes reads them.
static void printSplitAxes(AsmPrinter &printer,
                           ArrayRef<DenseI16ArrayAttr> splitAxes) {
  printer << '[';
  llvm::interleaveComma(splitAxes, printer, [&](DenseI16ArrayAttr dimAxes) {
    printer.printStrippedAttrOrType(dimAxes);
  });
  printer << ']';
}

#define GET_ATTRDEF_CLASSES
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.cpp.inc"

void GatherDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "gather-mlir/Dialect/Gather/IR/GatherOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "gather-mlir/Dialect/Gather/IR/GatherAttrs.cpp.inc"
      >();
}

Attribute GatherFormAttr::parse(AsmParser &parser, Type) {
  std::string name;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeywordOrString(&name) ||
      parser.parseGreater())
    return {};
  std::optional<GatherForm> form = symbolizeGatherForm(name);
  if (!form) {
    parser.emitError(loc) << "unknown gather form '" << name << "'";
    return {};
  }
  return GatherFormAttr::get(parser.getContext(), *form);
}

void GatherFormAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printKeywordOrString(stringifyGatherForm(getValue()));
  printer << ">";
}

LogicalResult GatherDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  if (attr.getName() == getGatherFormAttrName()) {
    auto form = dyn_cast<GatherFormAttr>(attr.getValue());
    if (!form)
      return op->emitError()
             << "'" << getGatherFormAttrName()
             << "' must be a #gather.form attribute, not " << attr.getValue();
    if (form.getValue() == GatherForm::Auto)
      return op->emitError() << "'" << getGatherFormAttrName()
                             << "' must name a form, not 'auto'";
    return success();
  }
  if (attr.getName() == getGatherWrapAttrName()) {
    // Set on arith.select; conversions carry it over to what replaces it.
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getGatherWrapAttrName() << "' must be a unit attribute";
    return success();
  }
  if (attr.getName() == getGatherInlineMaxBytesAttrName()) {
    auto bytes = dyn_cast<IntegerAttr>(attr.getValue());
    if (!bytes || bytes.getInt() < 1)
      return op->emitError() << "'" << getGatherInlineMaxBytesAttrName()
                             << "' must be a positive integer";
    return success();
  }
  if (attr.getName() == getGatherBoundsCheckAttrName()) {
    if (!isa<BoundsCheckAttr>(attr.getValue()))
      return op->emitError() << "'" << getGatherBoundsCheckAttrName()
                             << "' must be a #gather.bounds_check attribute";
    return success();
  }
  if (attr.getName() == getGatherOutlineAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << getGatherOutlineAttrName()
                             << "' must be a unit attribute";
    // Named, not linked: the dialect does not depend on scf.
    if (op->getName().getStringRef() != "scf.execute_region")
      return op->emitError() << "'" << getGatherOutlineAttrName()
                             << "' must be on an scf.execute_region";
    return success();
  }
  // The report calls of the generated checks (Conversion/Utils).
  if (attr.getName() == "gather.exiting_report") {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitError() << "'gather.exiting_report' must be a string";
    return success();
  }
  return op->emitError() << "unknown gather dialect attribute '"
                         << attr.getName().getValue() << "'";
}

void mlir::gather::setGatherForm(Operation *op, GatherForm form) {
  op->setAttr(getGatherFormAttrName(),
              GatherFormAttr::get(op->getContext(), form));
}

std::optional<GatherForm> mlir::gather::getGatherForm(Operation *op) {
  if (auto form = op->getAttrOfType<GatherFormAttr>(getGatherFormAttrName()))
    return form.getValue();
  return std::nullopt;
}

void mlir::gather::stripGatherHints(Operation *root) {
  root->walk([](Operation *op) {
    SmallVector<StringAttr> hints;
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (attr.getName().getValue().starts_with("gather."))
        hints.push_back(attr.getName());
    for (StringAttr name : hints)
      op->removeDiscardableAttr(name);
  });
}

Operation *GatherDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  // The folder of gather.gather produces dense elements attributes.
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

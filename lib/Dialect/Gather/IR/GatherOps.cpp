//===- GatherOps.cpp - gather.gather: types, parsing, verification --------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The op `gather.gather` itself: the result type it infers, its verifier,
// its custom assembly form and the sizes of its result. Its folder and
// canonicalisation patterns are in GatherFolds.cpp.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Dialect/Gather/IR/GatherOps.h"
#include "gather-mlir/Dialect/Gather/IR/GatherShape.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::gather;

#define GET_OP_CLASSES
#include "gather-mlir/Dialect/Gather/IR/GatherOps.cpp.inc"

/// Returns true for the index element types `gather.gather` accepts: integers
/// of width 32 or 64 of any signedness, and `index`.
static bool isValidIndexElementType(Type type) {
  if (type.isIndex())
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  return intType && (intType.getWidth() == 32 || intType.getWidth() == 64);
}

/// Returns the value of an optional `axis`/`batch_dims` attribute; an absent
/// one has the default value 0.
static int64_t getValueOrDefault(IntegerAttr attr) {
  return attr ? attr.getValue().getSExtValue() : 0;
}

int64_t GatherOp::getNormalizedAxis() {
  int64_t axis = static_cast<int64_t>(getAxis());
  return axis < 0 ? axis + getDataType().getRank() : axis;
}

int64_t GatherOp::getNormalizedBatchDims() {
  int64_t batchDims = static_cast<int64_t>(getBatchDims());
  return batchDims < 0 ? batchDims + getIndicesType().getRank() : batchDims;
}

LogicalResult GatherOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  GatherOp::Adaptor adaptor(operands, attributes, properties, regions);
  auto emitError = [&]() -> InFlightDiagnostic {
    // Parsing and building report through here before the op exists; prefix
    // the message the way emitOpError does so both paths read alike.
    InFlightDiagnostic diag =
        mlir::emitError(location ? *location : UnknownLoc::get(context));
    diag << "'" << GatherOp::getOperationName() << "' op ";
    return diag;
  };
  auto dataType = dyn_cast<RankedTensorType>(adaptor.getData().getType());
  auto indicesType = dyn_cast<RankedTensorType>(adaptor.getIndices().getType());
  if (!dataType || !indicesType) {
    if (location)
      emitError() << "data and indices must be ranked tensors, but are "
                  << adaptor.getData().getType() << " and "
                  << adaptor.getIndices().getType();
    return failure();
  }
  FailureOr<SmallVector<int64_t>> shape = inferGatherShape(
      dataType.getShape(), indicesType.getShape(),
      getValueOrDefault(adaptor.getAxisAttr()),
      getValueOrDefault(adaptor.getBatchDimsAttr()),
      location ? EmitErrorFn(emitError) : EmitErrorFn(nullptr));
  if (failed(shape))
    return failure();
  inferredReturnTypes.push_back(
      RankedTensorType::get(*shape, dataType.getElementType()));
  return success();
}

LogicalResult GatherOp::refineReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &returnTypes) {
  // The verifier calls this with the declared result type already in place.
  // `verify()` checks that type rule by rule with a precise diagnostic each,
  // so keep the declared type here rather than report a generic mismatch.
  if (!returnTypes.empty())
    return success();
  return inferReturnTypes(context, location, operands, attributes, properties,
                          regions, returnTypes);
}

bool GatherOp::isCompatibleReturnTypes(TypeRange lhs, TypeRange rhs) {
  if (lhs.size() != 1 || rhs.size() != 1)
    return false;
  return succeeded(verifyCompatibleShape(lhs.front(), rhs.front())) &&
         getElementTypeOrSelf(lhs.front()) == getElementTypeOrSelf(rhs.front());
}

LogicalResult GatherOp::verify() {
  RankedTensorType dataType = getDataType();
  RankedTensorType indicesType = getIndicesType();
  RankedTensorType resultType = getResultType();

  Type indexElementType = indicesType.getElementType();
  if (!isValidIndexElementType(indexElementType))
    return emitOpError("indices element type must be a 32- or 64-bit integer "
                       "or index, but is ")
           << indexElementType;

  auto emitError = [&]() { return emitOpError(); };
  FailureOr<SmallVector<int64_t>> inferred =
      inferGatherShape(dataType.getShape(), indicesType.getShape(),
                       static_cast<int64_t>(getAxis()),
                       static_cast<int64_t>(getBatchDims()), emitError);
  if (failed(inferred))
    return failure();

  if (resultType.getElementType() != dataType.getElementType())
    return emitOpError("result element type ")
           << resultType.getElementType() << " must match data element type "
           << dataType.getElementType();

  int64_t dataRank = dataType.getRank();
  int64_t indicesRank = indicesType.getRank();
  if (resultType.getRank() != static_cast<int64_t>(inferred->size()))
    return emitOpError("result rank (")
           << resultType.getRank() << ") must be " << inferred->size()
           << ", rank(data) + rank(indices) - batch_dims - 1";

  GatherParams params{getNormalizedAxis(), getNormalizedBatchDims()};
  for (auto [dim, expected] : llvm::enumerate(*inferred)) {
    int64_t actual = resultType.getDimSize(dim);
    if (ShapedType::isDynamic(actual) || ShapedType::isDynamic(expected) ||
        actual == expected)
      continue;
    if (static_cast<int64_t>(dim) < params.batchDims)
      return emitOpError("result dimension ")
             << dim << " (" << actual << ") must equal batch dimension " << dim
             << " of data and indices (" << expected << ")";
    GatherDimSource source =
        getResultDimSource(params, dataRank, indicesRank, dim);
    return emitOpError("result dimension ")
           << dim << " (" << actual << ") must equal "
           << (source.fromIndices ? "indices" : "data") << " dimension "
           << source.dim << " (" << expected << ")";
  }
  return success();
}

/// Parses `keyword = <integer>` into `slot` if the next token is `keyword`;
/// `lastTokenLoc` becomes the start of the integer.
static ParseResult parseGatherParameter(OpAsmParser &parser, StringRef keyword,
                                        IntegerAttr &slot,
                                        SMLoc &lastTokenLoc) {
  if (failed(parser.parseOptionalKeyword(keyword)))
    return success();
  if (parser.parseEqual())
    return failure();
  SMLoc valueLoc = parser.getCurrentLocation();
  int64_t value = 0;
  // The generic integer parser also takes `true` and `false`.
  bool isBool = succeeded(parser.parseOptionalKeyword("true")) ||
                succeeded(parser.parseOptionalKeyword("false"));
  OptionalParseResult parsed = isBool ? OptionalParseResult(std::nullopt)
                                      : parser.parseOptionalInteger(value);
  if (!parsed.has_value())
    return parser.emitError(valueLoc)
           << "expected a 64-bit integer value for '" << keyword << "'";
  if (failed(*parsed))
    return failure();
  lastTokenLoc = valueLoc;
  slot = parser.getBuilder().getI64IntegerAttr(value);
  return success();
}

/// Fails with an error naming what is accepted when a keyword follows the
/// parameters on the line of the last token (`axes = 1`, `batch_dims` before
/// `axis`, a repeated keyword). A keyword on a later line may be the next op
/// after a missing type list, which the parser reports as such later.
static ParseResult parseNoStrayKeyword(OpAsmParser &parser, SMLoc lastTokenLoc,
                                       bool hasAxis, bool hasBatchDims) {
  SMLoc keywordLoc = parser.getCurrentLocation();
  auto lineOf = [&](SMLoc loc) -> std::optional<unsigned> {
    if (auto fileLoc =
            dyn_cast<FileLineColLoc>(parser.getEncodedSourceLoc(loc)))
      return fileLoc.getLine();
    return std::nullopt;
  };
  std::optional<unsigned> keywordLine = lineOf(keywordLoc);
  StringRef keyword;
  if (!keywordLine || keywordLine != lineOf(lastTokenLoc) ||
      failed(parser.parseOptionalKeyword(&keyword)))
    return success();
  if ((keyword == "axis" && hasAxis) ||
      (keyword == "batch_dims" && hasBatchDims))
    return parser.emitError(keywordLoc)
           << "'" << keyword << "' is given more than once";
  if (keyword == "axis")
    return parser.emitError(keywordLoc)
           << "'axis' must come before 'batch_dims'";
  std::string expected;
  if (!hasAxis)
    expected += "'axis', ";
  if (!hasBatchDims)
    expected += "'batch_dims', ";
  return parser.emitError(keywordLoc)
         << "unknown keyword '" << keyword << "': expected " << expected
         << "an attribute dictionary or ':'";
}

/// Parses the optional attribute dictionary of a gather: `axis` and
/// `batch_dims` may not appear in it, and the proved facts (unit properties)
/// are moved from it into `properties`.
static ParseResult parseGatherAttrDict(OpAsmParser &parser,
                                       OperationState &result,
                                       GatherOp::Properties &properties) {
  SMLoc attrDictLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  for (StringRef name :
       {GatherOp::getAxisAttrName(result.name).getValue(),
        GatherOp::getBatchDimsAttrName(result.name).getValue()})
    if (result.attributes.get(name))
      return parser.emitError(attrDictLoc)
             << "'" << name << "' must be written as `" << name
             << " = <integer>` after the indices, not in the attribute "
                "dictionary";
  StringRef inRangeName =
      GatherOp::getIndicesInRangeAttrName(result.name).getValue();
  for (StringRef name :
       {inRangeName,
        GatherOp::getIndicesNonnegativeAttrName(result.name).getValue()})
    if (Attribute value = result.attributes.erase(name)) {
      if (!isa<UnitAttr>(value))
        return parser.emitError(attrDictLoc)
               << "'" << name << "' must be a unit attribute";
      if (name == inRangeName)
        properties.indices_in_range = cast<UnitAttr>(value);
      else
        properties.indices_nonnegative = cast<UnitAttr>(value);
    }
  return success();
}

ParseResult GatherOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand data, indices;
  // The start of the last token parsed so far.
  SMLoc lastTokenLoc;
  if (parser.parseOperand(data) || parser.parseLSquare() ||
      parser.parseOperand(indices))
    return failure();
  lastTokenLoc = parser.getCurrentLocation();
  if (parser.parseRSquare())
    return failure();

  Properties &properties = result.getOrAddProperties<Properties>();
  SMLoc axisLoc = parser.getCurrentLocation();
  if (parseGatherParameter(parser, "axis", properties.axis, lastTokenLoc))
    return failure();
  bool hasAxis = parser.getCurrentLocation() != axisLoc;
  SMLoc batchDimsLoc = parser.getCurrentLocation();
  if (parseGatherParameter(parser, "batch_dims", properties.batch_dims,
                           lastTokenLoc))
    return failure();
  bool hasBatchDims = parser.getCurrentLocation() != batchDimsLoc;
  if (parseNoStrayKeyword(parser, lastTokenLoc, hasAxis, hasBatchDims) ||
      parseGatherAttrDict(parser, result, properties))
    return failure();

  Type dataType, indicesType, resultType;
  if (parser.parseColon() || parser.parseType(dataType) ||
      parser.parseComma() || parser.parseType(indicesType))
    return failure();
  if (succeeded(parser.parseOptionalArrow()) && parser.parseType(resultType))
    return failure();
  if (parser.resolveOperand(data, dataType, result.operands) ||
      parser.resolveOperand(indices, indicesType, result.operands))
    return failure();

  if (resultType) {
    result.addTypes(resultType);
    return success();
  }
  SmallVector<Type> inferred;
  MLIRContext *context = parser.getContext();
  if (failed(inferReturnTypes(context, result.location, result.operands,
                              result.attributes.getDictionary(context),
                              result.getRawProperties(), result.regions,
                              inferred)))
    return failure();
  result.addTypes(inferred);
  return success();
}

void GatherOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getData() << '[' << getIndices() << ']';
  if (int64_t axis = static_cast<int64_t>(getAxis()))
    printer << " axis = " << axis;
  if (int64_t batchDims = static_cast<int64_t>(getBatchDims()))
    printer << " batch_dims = " << batchDims;
  DictionaryAttr discardable = (*this)->getDiscardableAttrDictionary();
  NamedAttrList printed(discardable);
  if (UnitAttr inRange = getIndicesInRangeAttr())
    printed.append(getIndicesInRangeAttrName(), inRange);
  if (UnitAttr nonNegative = getIndicesNonnegativeAttr())
    printed.append(getIndicesNonnegativeAttrName(), nonNegative);
  printer.printOptionalAttrDict(printed.getAttrs());
  printer << " : " << getData().getType() << ", " << getIndices().getType();
  // Print the result type only when inference would not give it back.
  SmallVector<Type> inferred;
  if (failed(inferReturnTypes(
          getContext(), /*location=*/std::nullopt, getOperands(), discardable,
          (*this)->getPropertiesStorage(), (*this)->getRegions(), inferred)) ||
      inferred.front() != getType())
    printer << " -> " << getType();
}

LogicalResult
GatherOp::reifyResultShapes(OpBuilder &builder,
                            ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  RankedTensorType resultType = getResultType();
  int64_t dataRank = getDataType().getRank();
  int64_t indicesRank = getIndicesType().getRank();
  GatherParams params{getNormalizedAxis(), getNormalizedBatchDims()};
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0, e = resultType.getRank(); dim < e; ++dim) {
    if (!resultType.isDynamicDim(dim)) {
      sizes.push_back(builder.getIndexAttr(resultType.getDimSize(dim)));
      continue;
    }
    GatherDimSource source =
        getResultDimSource(params, dataRank, indicesRank, dim);
    Value tensor = source.fromIndices ? getIndices() : getData();
    // A batch dimension that is dynamic in data may be static in indices.
    if (!source.fromIndices && dim < params.batchDims &&
        getDataType().isDynamicDim(dim) &&
        !getIndicesType().isDynamicDim(dim)) {
      sizes.push_back(builder.getIndexAttr(getIndicesType().getDimSize(dim)));
      continue;
    }
    sizes.push_back(
        tensor::getMixedSize(builder, getLoc(), tensor, source.dim));
  }
  reifiedReturnShapes.push_back(std::move(sizes));
  return success();
}

//===- GatherEnums.td - gather dialect enums and attributes -*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The one table of the names of the lowering's choices: the values of the
// `bounds-check`, `strategy` and `form` options of every pass and pipeline,
// the pooling modes of `gather.embedding_bag`, and the `#gather.form`
// attribute through which the lowering tells the
// memref-level code generator which form it chose. The C++ enums, their
// spellings (stringify*/symbolize*) and the option parsers
// (gather-mlir/Support/EnumOptions.h) are generated from here.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHERENUMS_TD
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHERENUMS_TD

include "gather-mlir/Dialect/Gather/IR/GatherDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Gather_BoundsCheck : I32EnumAttr<"BoundsCheck",
    "what generated code does with an index outside [0, s) after wrapping", [
      I32EnumAttrCase<"Assert", 0, "assert">,
      I32EnumAttrCase<"Clamp", 1, "clamp">,
      I32EnumAttrCase<"None", 2, "none">,
    ]> {
  let cppNamespace = "::mlir::gather";
  let genSpecializedAttr = 0;
}

def Gather_LoweringStrategy : I32EnumAttr<"GatherLoweringStrategy",
    "the shape of the code convert-gather-to-linalg generates", [
      I32EnumAttrCase<"Slices", 0, "slices">,
      I32EnumAttrCase<"Generic", 1, "generic">,
    ]> {
  let cppNamespace = "::mlir::gather";
  let genSpecializedAttr = 0;
}

def Gather_Form : I32EnumAttr<"GatherForm",
    "the form of the code of one gather under the slices strategy", [
      I32EnumAttrCase<"Auto", 0, "auto">,
      I32EnumAttrCase<"BlockCopy", 1, "block-copy">,
      I32EnumAttrCase<"InlineCopy", 2, "inline-copy">,
      I32EnumAttrCase<"Element", 3, "element">,
      I32EnumAttrCase<"InnerAxis", 4, "inner-axis">,
    ]> {
  let cppNamespace = "::mlir::gather";
  let genSpecializedAttr = 0;
}

def Gather_PoolingMode : I32EnumAttr<"PoolingMode",
    "how gather.embedding_bag pools the rows of one bag", [
      I32EnumAttrCase<"Sum", 0, "sum">,
      I32EnumAttrCase<"Mean", 1, "mean">,
      I32EnumAttrCase<"Max", 2, "max">,
    ]> {
  let cppNamespace = "::mlir::gather";
}

def Gather_FormAttr : EnumAttr<Gather_Dialect, Gather_Form, "form"> {
  let summary = "The form the gather lowering chose for a loop nest";
  let description = [{
    Set by `convert-gather-to-linalg` (strategy `slices`) as the
    discardable attribute `gather.form` on the `scf.forall` or
    `linalg.generic` it builds for one gather, and read by the memref-level
    code generator (`gather-lower-slice-copies`,
    `gather-lower-element-loops`) after bufferization:

    ```mlir
    scf.forall (%i) in (%n) { ... } {gather.form = #gather.form<"block-copy">}
    ```

    `auto` never appears on the IR (the planner resolves it). Names that
    are not keywords (`block-copy`, `inline-copy`, `inner-axis`) are
    written as strings.
  }];
  // A name with a hyphen is no keyword: printed as a string, so that the
  // attribute reads back.
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}

def Gather_BoundsCheckAttr
    : EnumAttr<Gather_Dialect, Gather_BoundsCheck, "bounds_check"> {
  let summary = "The bounds check of the lowering, for the sharding model";
  let description = [{
    Set by `gather-shard-partition` as the discardable attribute
    `gather.bounds_check` on each gather it partitions, so that the sharding
    model builds the exchange of ids with the pipeline's bounds check:

    ```mlir
    %r = gather.gather %t[%i] {gather.bounds_check = #gather.bounds_check<clamp>}
        : tensor<11x4xf32>, tensor<6xi64>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHERENUMS_TD

//===- GatherAttrs.td - gather dialect attributes ----------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The attributes of the gather dialect: the enum attributes of
// GatherEnums.td and `#gather.sharding`, the record of a function
// argument's or result's sharding that gather-shard-partition hands from
// the partition of a function to the calls of it.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_IR_GATHERATTRS_TD
#define GATHER_MLIR_DIALECT_GATHER_IR_GATHERATTRS_TD

include "gather-mlir/Dialect/Gather/IR/GatherEnums.td"
include "mlir/IR/AttrTypeBase.td"

def Gather_ShardingAttr : AttrDef<Gather_Dialect, "Sharding"> {
  let mnemonic = "sharding";
  let summary = "The sharding of a function argument or result";
  let description = [{
    Set by `gather-shard-partition` as the argument or result attribute
    `gather.sharding` of each function it partitions, before the
    partition changes the function's types to those of one process's
    blocks, and read back (then removed) when it binds the calls of the
    function: a caller passes this process's block of each sharded argument
    and gathers each sharded result back into the whole tensor.

    `grid` names the `shard.grid`, `split_axes` holds the grid axes that
    split each tensor dimension (as `split_axes` of `shard.sharding`, here
    also empty when none is split) and `offsets` the explicit start of every
    shard of each split dimension followed by its end (as
    `sharded_dims_offsets`; absent for even splits):

    ```mlir
    func.func @lookup(%t: tensor<4x4xf32>
        {gather.sharding = #gather.sharding<@grid, split_axes = [[0]]>})
    func.func @lookup(%t: tensor<11x4xf32> {gather.sharding =
        #gather.sharding<@grid, split_axes = [[0]], offsets = [0, 6, 11]>})
    ```
  }];
  let parameters = (ins
    "::mlir::FlatSymbolRefAttr":$grid,
    ArrayRefParameter<"::mlir::DenseI16ArrayAttr",
        "the grid axes that split each dimension">:$split_axes,
    OptionalArrayRefParameter<"int64_t",
        "the offsets of the shards of each split dimension">:$offsets);
  // The list of split axes may be empty.
  let assemblyFormat = [{
    `<` $grid `,` `split_axes` `=` custom<SplitAxes>($split_axes)
    (`,` `offsets` `=` `[` $offsets^ `]`)? `>`
  }];
}

#endif // GATHER_MLIR_DIALECT_GATHER_IR_GATHERATTRS_TD

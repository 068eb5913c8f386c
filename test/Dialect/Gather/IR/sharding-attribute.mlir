// `#gather.sharding`, the record of a function argument's or result's
// sharding that gather-shard-partition keeps between the partition of a
// function and the binding of its calls: its custom form reads back, and
// the generic form prints it alike. (`{{\[\[}}` is FileCheck's spelling of
// two opening brackets.)
// RUN: gather-opt %s | FileCheck %s
// RUN: gather-opt %s | gather-opt | FileCheck %s
// RUN: gather-opt %s --mlir-print-op-generic | gather-opt | FileCheck %s

// CHECK-LABEL: func.func private @records
// CHECK-SAME:    tensor<8x4xf32> {gather.sharding = #gather.sharding<@grid, split_axes = {{\[\[}}0], []], offsets = [0, 3, 8]>}
// CHECK-SAME:    tensor<8x4xf32> {gather.sharding = #gather.sharding<@grid, split_axes = []>}
// CHECK-SAME:    tensor<f32> {gather.sharding = #gather.sharding<@grid, split_axes = {{\[\[}}]]>}
// CHECK-SAME:    tensor<8x4xf32> {gather.sharding = #gather.sharding<@grid, split_axes = {{\[\[}}], [1, 0]]>}
// CHECK-SAME:    -> (tensor<11x4xf32> {gather.sharding = #gather.sharding<@other, split_axes = {{\[\[}}0]], offsets = [0, 6, 11]>})
func.func private @records(
    tensor<8x4xf32> {gather.sharding = #gather.sharding<@grid, split_axes = [[0], []], offsets = [0, 3, 8]>},
    tensor<8x4xf32> {gather.sharding = #gather.sharding<@grid, split_axes = []>},
    tensor<f32> {gather.sharding = #gather.sharding<@grid, split_axes = [[]]>},
    tensor<8x4xf32> {gather.sharding = #gather.sharding<@grid, split_axes = [[], [1, 0]]>})
    -> (tensor<11x4xf32> {gather.sharding = #gather.sharding<@other, split_axes = [[0]], offsets = [0, 6, 11]>})

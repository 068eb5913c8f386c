// Malformed `#gather.sharding` attributes are parse errors.
// RUN: gather-opt %s --split-input-file -verify-diagnostics

// expected-error @+2 {{expected attribute value}}
// expected-error @+1 {{failed to parse Gather_ShardingAttr parameter 'grid'}}
func.func private @no_grid(tensor<8xf32> {gather.sharding = #gather.sharding<split_axes = [[0]]>})

// -----

// expected-error @+1 {{expected ','}}
func.func private @no_split_axes(tensor<8xf32> {gather.sharding = #gather.sharding<@grid>})

// -----

// The split axes are a list of lists, one per dimension.
// expected-error @+1 {{expected '['}}
func.func private @flat_split_axes(tensor<8xf32> {gather.sharding = #gather.sharding<@grid, split_axes = [0]>})

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse Gather_ShardingAttr parameter 'offsets'}}
func.func private @empty_offsets(tensor<8xf32> {gather.sharding = #gather.sharding<@grid, split_axes = [[0]], offsets = []>})

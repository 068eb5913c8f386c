// RUN: gather-opt %s -split-input-file -transform-interpreter -verify-diagnostics

// A dynamic batch dimension: data and indices may disagree at run time (the
// untiled lowering checks that); a tile sized from the result would read past
// the end of one of them, so the gather is not tiled.

func.func @dynamic_batch(%data: tensor<?x6xf32>, %idx: tensor<?x3xi32>) -> tensor<?x3xf32> {
  // expected-error @below {{'gather.gather' op cannot be tiled: batch dimension 0 is dynamic, so data and indices may disagree at run time (a tile would read past the end of one of them)}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  // expected-note @below {{when applied to this op}}
  %r = gather.gather %data[%idx] axis = 1 batch_dims = 1 : tensor<?x6xf32>, tensor<?x3xi32>
  return %r : tensor<?x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{transform.structured.tile_using_forall failed to apply}}
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A batch dimension static on one side only is refused as well.

func.func @half_dynamic_batch(%data: tensor<4x6xf32>, %idx: tensor<?x3xi32>) -> tensor<4x3xf32> {
  // expected-error @below {{'gather.gather' op cannot be tiled: batch dimension 0 is dynamic}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  %r = gather.gather %data[%idx] axis = 1 batch_dims = 1 : tensor<4x6xf32>, tensor<?x3xi32>
  return %r : tensor<4x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A declared static result size over a dynamic data size is checked at run
// time by the untiled lowering; a tile would trust it.

func.func @static_result_dynamic_data(%data: tensor<?x6xf32>, %idx: tensor<2xi32>) -> tensor<5x2xf32> {
  // expected-error @below {{'gather.gather' op cannot be tiled: result dimension 0 is declared static (5) but dimension 0 of data is dynamic (a tile would read past its end if they disagree at run time)}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  %r = gather.gather %data[%idx] axis = 1 : tensor<?x6xf32>, tensor<2xi32> -> tensor<5x2xf32>
  return %r : tensor<5x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The same with a result dimension that comes from dynamic indices.

func.func @static_result_dynamic_indices(%data: tensor<3x6xf32>, %idx: tensor<?xi32>) -> tensor<4x6xf32> {
  // expected-error @below {{'gather.gather' op cannot be tiled: result dimension 0 is declared static (4) but dimension 0 of indices is dynamic (a tile would read past its end if they disagree at run time)}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  %r = gather.gather %data[%idx] : tensor<3x6xf32>, tensor<?xi32> -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The iteration domain is the result (rank 2 here), not the data: tile
// sizes for the three data dimensions, as if the gathered axis could be
// split, are refused.

func.func @tile_gathered_axis(%data: tensor<5x6x8xf32>, %idx: tensor<i64>) -> tensor<5x8xf32> {
  // expected-note @below {{target op}}
  %r = gather.gather %data[%idx] axis = 1 : tensor<5x6x8xf32>, tensor<i64>
  return %r : tensor<5x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{too many tiles provided, expected at most 2 found 3}}
    %t, %loops:3 = transform.structured.tile_using_for %g tile_sizes [1, 2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

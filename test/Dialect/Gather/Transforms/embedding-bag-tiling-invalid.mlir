// RUN: gather-opt %s -split-input-file -transform-interpreter -verify-diagnostics

// A dynamic batch dimension: the table and the ids may disagree at run time
// (the untiled lowering checks that); a tile sized from the result would
// read past the end of one of them, so the bag is not tiled.

func.func @dynamic_batch(%t: tensor<?x10x8xf32>, %i: tensor<4x6x3xi64>) -> tensor<4x6x8xf32> {
  // expected-error @below {{'gather.embedding_bag' op cannot be tiled: batch dimension 0 is dynamic, so the table and the ids may disagree at run time (a tile would read past the end of one of them)}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  // expected-note @below {{when applied to this op}}
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<?x10x8xf32>, tensor<4x6x3xi64> -> tensor<4x6x8xf32>
  return %r : tensor<4x6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{transform.structured.tile_using_forall failed to apply}}
    %t, %forall = transform.structured.tile_using_forall %g tile_sizes [2, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The weights name a batch dimension dynamic where the table and the ids do
// not: refused as well, even when another dimension is tiled.

func.func @dynamic_batch_weights(%t: tensor<4x10x8xf32>, %i: tensor<4x6x3xi64>, %w: tensor<?x6x3xf32>) -> tensor<4x6x8xf32> {
  // expected-error @below {{'gather.embedding_bag' op cannot be tiled: batch dimension 0 is dynamic, so the table, the ids and the weights may disagree at run time}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 weights(%w : tensor<?x6x3xf32>) : tensor<4x10x8xf32>, tensor<4x6x3xi64> -> tensor<4x6x8xf32>
  return %r : tensor<4x6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [0, 0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Fixed bags whose weights have a dynamic bag dimension: the weights of a
// tile's bags are sliced with the sizes of the ids, so a shorter weights
// tensor would be read past its end.

func.func @dynamic_weights_bags(%t: tensor<10x8xf32>, %i: tensor<?x3xi64>, %w: tensor<?x3xf32>) -> tensor<?x8xf32> {
  // expected-error @below {{'gather.embedding_bag' op cannot be tiled: the bag dimension (0) of the ids or the weights is dynamic, so they may disagree at run time (a tile would read past the end of one of them)}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  %r = gather.embedding_bag sum %t[%i] weights(%w : tensor<?x3xf32>) : tensor<10x8xf32>, tensor<?x3xi64> -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A declared static number of bags over dynamic ids is checked at run time
// by the untiled lowering; a tile would trust it.

func.func @static_result_dynamic_ids(%t: tensor<10x8xf32>, %i: tensor<?x3xi64>) -> tensor<6x8xf32> {
  // expected-error @below {{'gather.embedding_bag' op cannot be tiled: result dimension 0 is declared static (6) but dimension 0 of the ids is dynamic (a tile would read past its end if they disagree at run time)}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  %r = gather.embedding_bag sum %t[%i] : tensor<10x8xf32>, tensor<?x3xi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The same for ragged bags: the number of bags comes from the offsets.

func.func @static_result_dynamic_offsets(%t: tensor<10x8xf32>, %i: tensor<20xi64>, %o: tensor<?xi64>) -> tensor<6x8xf32> {
  // expected-error @below {{'gather.embedding_bag' op cannot be tiled: result dimension 0 is declared static (6) but dimension 0 of the offsets is dynamic (a tile would read past its end if they disagree at run time)}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset} : tensor<10x8xf32>, tensor<20xi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// And for a column of the table.

func.func @static_result_dynamic_table(%t: tensor<10x?xf32>, %i: tensor<6x3xi64>) -> tensor<6x8xf32> {
  // expected-error @below {{'gather.embedding_bag' op cannot be tiled: result dimension 1 is declared static (8) but dimension 1 of the table is dynamic (a tile would read past its end if they disagree at run time)}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  %r = gather.embedding_bag sum %t[%i] : tensor<10x?xf32>, tensor<6x3xi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loop = transform.structured.tile_using_for %g tile_sizes [0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// The iteration domain is the result (rank 2 here): the ids of a bag are
// pooled inside the op, so tile sizes for [bags, ids per bag, columns] are
// refused.

func.func @tile_ids_of_a_bag(%t: tensor<10x8xf32>, %i: tensor<6x3xi64>) -> tensor<6x8xf32> {
  // expected-note @below {{target op}}
  %r = gather.embedding_bag sum %t[%i] : tensor<10x8xf32>, tensor<6x3xi64> -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.embedding_bag"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{too many tiles provided, expected at most 2 found 3}}
    %t, %loops:3 = transform.structured.tile_using_for %g tile_sizes [2, 1, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

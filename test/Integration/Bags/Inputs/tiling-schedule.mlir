// The transform schedule of tiling.mlir: tiles the embedding bag of each
// function, over bags and columns, with tile sizes that do not divide the
// sizes (partial tiles), and fuses @producer's bag into its consumer's loop.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f1 = transform.structured.match ops{["func.func"]} attributes {sym_name = "fixed_weighted"} in %root : (!transform.any_op) -> !transform.any_op
    %b1 = transform.structured.match ops{["gather.embedding_bag"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %t1, %l1 = transform.structured.tile_using_forall %b1 tile_sizes [1, 2, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    %f2 = transform.structured.match ops{["func.func"]} attributes {sym_name = "fixed_mean"} in %root : (!transform.any_op) -> !transform.any_op
    %b2 = transform.structured.match ops{["gather.embedding_bag"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %t2, %l2 = transform.structured.tile_using_for %b2 tile_sizes [3, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    %f3 = transform.structured.match ops{["func.func"]} attributes {sym_name = "fixed_max"} in %root : (!transform.any_op) -> !transform.any_op
    %b3 = transform.structured.match ops{["gather.embedding_bag"]} in %f3 : (!transform.any_op) -> !transform.any_op
    %t3, %l3:2 = transform.structured.tile_using_for %b3 tile_sizes [1, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    %f4 = transform.structured.match ops{["func.func"]} attributes {sym_name = "ragged_sum"} in %root : (!transform.any_op) -> !transform.any_op
    %b4 = transform.structured.match ops{["gather.embedding_bag"]} in %f4 : (!transform.any_op) -> !transform.any_op
    %t4, %l4:2 = transform.structured.tile_using_for %b4 tile_sizes [2, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    %f5 = transform.structured.match ops{["func.func"]} attributes {sym_name = "ragged_last_mean"} in %root : (!transform.any_op) -> !transform.any_op
    %b5 = transform.structured.match ops{["gather.embedding_bag"]} in %f5 : (!transform.any_op) -> !transform.any_op
    %t5, %l5 = transform.structured.tile_using_forall %b5 tile_sizes [3, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    %f6 = transform.structured.match ops{["func.func"]} attributes {sym_name = "ragged_weighted_unsigned"} in %root : (!transform.any_op) -> !transform.any_op
    %b6 = transform.structured.match ops{["gather.embedding_bag"]} in %f6 : (!transform.any_op) -> !transform.any_op
    %t6, %l6:2 = transform.structured.tile_using_for %b6 tile_sizes [3, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    %f7 = transform.structured.match ops{["func.func"]} attributes {sym_name = "ragged_max_dynamic"} in %root : (!transform.any_op) -> !transform.any_op
    %b7 = transform.structured.match ops{["gather.embedding_bag"]} in %f7 : (!transform.any_op) -> !transform.any_op
    %t7, %l7 = transform.structured.tile_using_for %b7 tile_sizes [3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    %f8 = transform.structured.match ops{["func.func"]} attributes {sym_name = "ragged_last_dynamic"} in %root : (!transform.any_op) -> !transform.any_op
    %b8 = transform.structured.match ops{["gather.embedding_bag"]} in %f8 : (!transform.any_op) -> !transform.any_op
    %t8, %l8 = transform.structured.tile_using_forall %b8 tile_sizes [2, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    %f9 = transform.structured.match ops{["func.func"]} attributes {sym_name = "ragged_columns"} in %root : (!transform.any_op) -> !transform.any_op
    %b9 = transform.structured.match ops{["gather.embedding_bag"]} in %f9 : (!transform.any_op) -> !transform.any_op
    %t9, %l9 = transform.structured.tile_using_forall %b9 tile_sizes [0, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    %f10 = transform.structured.match ops{["func.func"]} attributes {sym_name = "producer"} in %root : (!transform.any_op) -> !transform.any_op
    %b10 = transform.structured.match ops{["gather.embedding_bag"]} in %f10 : (!transform.any_op) -> !transform.any_op
    %c10 = transform.structured.match ops{["linalg.generic"]} in %f10 : (!transform.any_op) -> !transform.any_op
    %t10, %l10 = transform.structured.tile_using_forall %c10 tile_sizes [2, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fu10, %n10 = transform.structured.fuse_into_containing_op %b10 into %l10 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

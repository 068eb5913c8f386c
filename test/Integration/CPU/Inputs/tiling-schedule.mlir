// The transform schedule of tiling.mlir: tiles the gathers of @consumer,
// @producer and @batch and fuses them with their producers and consumers.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // @consumer: the gather tiled with scf.forall, the producer of its
    // indices fused into the loop.
    %f1 = transform.structured.match ops{["func.func"]} attributes {sym_name = "consumer"} in %root : (!transform.any_op) -> !transform.any_op
    %g1 = transform.structured.match ops{["gather.gather"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %p1 = transform.structured.match ops{["linalg.generic"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %t1, %forall1 = transform.structured.tile_using_forall %g1 tile_sizes [1, 0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fu1, %n1 = transform.structured.fuse_into_containing_op %p1 into %forall1 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)

    // @producer: the elementwise consumer tiled with scf.forall, the gather
    // fused into its loop.
    %f2 = transform.structured.match ops{["func.func"]} attributes {sym_name = "producer"} in %root : (!transform.any_op) -> !transform.any_op
    %g2 = transform.structured.match ops{["gather.gather"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %c2 = transform.structured.match ops{["linalg.generic"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %t2, %forall2 = transform.structured.tile_using_forall %c2 tile_sizes [1, 3, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fu2, %n2 = transform.structured.fuse_into_containing_op %g2 into %forall2 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)

    // @batch: a batch_dims = 1 gather tiled with scf.for loops.
    %f3 = transform.structured.match ops{["func.func"]} attributes {sym_name = "batch"} in %root : (!transform.any_op) -> !transform.any_op
    %g3 = transform.structured.match ops{["gather.gather"]} in %f3 : (!transform.any_op) -> !transform.any_op
    %t3, %loops3:2 = transform.structured.tile_using_for %g3 tile_sizes [1, 2, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// Annotations that upstream's verifier takes but that gather-to-mpi does not
// support (upstream propagation and partitioning crash on many of them) are
// errors of gather-shard-partition (and so of gather-to-mpi), each saying
// why; a 6x4 table, 3 ids, the result replicated. (A repeated split axis,
// offsets that go down and a missing grid are errors of upstream's verifiers
// already.)
// RUN: gather-opt %s --gather-shard-partition --split-input-file -verify-diagnostics
// RUN: gather-opt %s --gather-to-mpi --split-input-file -verify-diagnostics

// A grid of shape 0 (was SIGFPE in makeUnevenSplitsExplicit).
shard.grid @grid(shape = 0)
func.func @zero_grid(%table: tensor<6x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  // expected-error @below {{the grid @grid has size 0 along axis 0: every axis needs at least one process}}
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %s : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

// A grid of dynamic shape.
shard.grid @grid(shape = ?)
func.func @dynamic_grid(%table: tensor<6x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  // expected-error @below {{the grid @grid has a dynamic size along axis 0, which is not supported by gather-to-mpi because running over MPI needs a static grid}}
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %s : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

// split_axes = [[1]] on a 1-D grid (was out of memory in
// makeUnevenSplitsExplicit).
shard.grid @grid(shape = 2)
func.func @axis_out_of_range(%table: tensor<6x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  // expected-error @below {{split axis 1 is not supported by gather-to-mpi because the grid @grid has rank 1}}
  %s = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %t = shard.shard %table to %s : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<3xi64>
  %repl = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %r = shard.shard %g to %repl : tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// sharded_dims_offsets = [0, 2, 4] for a 6-row table (was SIGSEGV: a
// tensor.dim built on nothing).
shard.grid @grid(shape = 2)
func.func @short_offsets(%table: tensor<6x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 2, 4] : !shard.sharding
  // expected-error @below {{the offsets of dimension 0 run from 0 to 4, which is not supported by gather-to-mpi because they must run from 0 to its size 6}}
  %t = shard.shard %table to %s : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<3xi64>
  %repl = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %r = shard.shard %g to %repl : tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @offsets_count(%table: tensor<6x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 2, 4, 6] : !shard.sharding
  // expected-error @below {{sharded_dims_offsets with 4 entries are not supported by gather-to-mpi because the split needs 3 (one more than the shards of each split dimension)}}
  %t = shard.shard %table to %s : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

// A split of a dimension that the tensor does not have: upstream's verifier
// takes it (split_axes has no rank of its own), its partition ignores it
// for a value that is only returned and fails or crashes elsewhere.
shard.grid @grid(shape = 2)
func.func @too_many_dims(%table: tensor<6x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  %s = shard.sharding @grid split_axes = [[], [], [0]] : !shard.sharding
  // expected-error @below {{a split of dimension 2 of a tensor of rank 2 is not supported by gather-to-mpi because the tensor has no such dimension}}
  %t = shard.shard %table to %s : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

// The same after trailing empty lists: [[], [0], []] on 1-D ids splits
// dimension 1.
shard.grid @grid(shape = 2)
func.func @beyond_rank_trailing(%table: tensor<6x4xf32>, %ids: tensor<4xi64>) -> tensor<4x4xf32> {
  %s = shard.sharding @grid split_axes = [[], [0], []] : !shard.sharding
  // expected-error @below {{a split of dimension 1 of a tensor of rank 1 is not supported by gather-to-mpi because the tensor has no such dimension}}
  %i = shard.shard %ids to %s : tensor<4xi64>
  %g = gather.gather %table[%i] : tensor<6x4xf32>, tensor<4xi64>
  return %g : tensor<4x4xf32>
}

// -----

// A rank-0 tensor split along its (absent) dimension 0.
shard.grid @grid(shape = 2)
func.func @split_scalar(%table: tensor<6x4xf32>, %id: tensor<i64>) -> tensor<4xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  // expected-error @below {{a split of dimension 0 of a tensor of rank 0 is not supported by gather-to-mpi because the tensor has no such dimension}}
  %i = shard.shard %id to %s : tensor<i64>
  %g = gather.gather %table[%i] : tensor<6x4xf32>, tensor<i64>
  return %g : tensor<4xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @halo(%table: tensor<6x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  // expected-error @below {{halo sizes are not supported by gather-to-mpi because its partition of gather.gather exchanges no halos}}
  %s = shard.sharding @grid split_axes = [[0]] halo_sizes = [1, 1] : !shard.sharding
  %t = shard.shard %table to %s : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

// Ids split unevenly (3 over 2) with the result replicated (was SIGSEGV in
// upstream resharding): the all-gather of uneven shards is refused.
shard.grid @grid(shape = 2)
func.func @uneven_ids_replicated(%table: tensor<6x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  // expected-error @below {{resharding from @grid split_axes = [[0]] sharded_dims_offsets = [0, 2, 3] to @grid split_axes = [[]] is not supported by gather-to-mpi because shards of unequal or explicit sizes cannot be resharded}}
  %i = shard.shard %ids to %s : tensor<3xi64>
  %g = gather.gather %table[%i] : tensor<6x4xf32>, tensor<3xi64>
  %repl = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %r = shard.shard %g to %repl : tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @dynamic_offsets(%table: tensor<6x4xf32>, %ids: tensor<3xi64>, %n: i64) -> tensor<3x4xf32> {
  // expected-error @below {{dynamic sharded_dims_offsets are not supported by gather-to-mpi because the partition needs the sizes of the shards}}
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, %n, 6] : !shard.sharding
  %t = shard.shard %table to %s : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @offsets_of_dynamic_dim(%table: tensor<?x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 2, 6] : !shard.sharding
  // expected-error @below {{sharded_dims_offsets of dimension 0 are not supported by gather-to-mpi because its size is dynamic (the offsets must end at the size)}}
  %t = shard.shard %table to %s : tensor<?x4xf32>
  %g = gather.gather %t[%ids] : tensor<?x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @sharding_argument(%table: tensor<6x4xf32>, %ids: tensor<3xi64>, %s: !shard.sharding) -> tensor<3x4xf32> {
  // expected-error @below {{the sharding must be defined by shard.sharding in the same function}}
  %t = shard.shard %table to %s : tensor<6x4xf32>
  %g = gather.gather %t[%ids] : tensor<6x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

// A resharding that moves a grid axis from one dimension to another.
shard.grid @grid(shape = 2)
func.func @moved_axis(%table: tensor<6x4xf32>, %ids: tensor<3xi64>) -> tensor<3x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<6x4xf32>
  // expected-error @below {{resharding from @grid split_axes = [[0]] to @grid split_axes = [[], [0]] is not supported by gather-to-mpi because only adding or removing the last grid axis of one dimension can be built}}
  %t2 = shard.shard %t to %cols annotate_for_users : tensor<6x4xf32>
  %g = gather.gather %t2[%ids] : tensor<6x4xf32>, tensor<3xi64>
  return %g : tensor<3x4xf32>
}

// -----

// The sum of the gathered rows scaled by an argument: the reduction loop of
// the rows is split like the ids (was SIGSEGV in upstream partitioning,
// which clones the body without the scale).
shard.grid @grid(shape = 2)
func.func @split_reduction_capture(%table: tensor<6x4xf32>, %ids: tensor<4xi64>, %scale: f32) -> tensor<4xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %i = shard.shard %ids to %s : tensor<4xi64>
  %g = gather.gather %table[%i] : tensor<6x4xf32>, tensor<4xi64>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // expected-error @below {{a split reduction loop of 'linalg.generic' whose body uses values defined outside it is not supported by gather-to-mpi because upstream partitioning loses those values (pass them as inputs)}}
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%g : tensor<4x4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.mulf %x, %scale : f32
    %z = arith.addf %y, %acc : f32
    linalg.yield %z : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

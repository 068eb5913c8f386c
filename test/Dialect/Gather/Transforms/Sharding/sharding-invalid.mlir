// Shardings that gather.gather cannot be partitioned with, and calls that
// cannot be adapted: each is an error that names the sharding.
// RUN: gather-opt %s --gather-shard-partition --split-input-file -verify-diagnostics

shard.grid @grid(shape = 2)

func.func @dynamic_rows(%table: tensor<?x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<?x4xf32>
  // expected-error @below {{'gather.gather' op with data sharding @grid split_axes = [[0]], indices sharding @grid split_axes = [[]] and result sharding @grid split_axes = [[]] is not supported by gather-to-mpi because splitting the gathered dimension needs its size to be static}}
  %r = gather.gather %t[%ids] : tensor<?x4xf32>, tensor<6xi64>
  return %r : tensor<6x4xf32>
}

// -----

shard.grid @grid(shape = 2)

func.func @complex_rows(%table: tensor<8x4xcomplex<f32>>, %ids: tensor<6xi64>) -> tensor<6x4xcomplex<f32>> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<8x4xcomplex<f32>>
  // expected-error @below {{'gather.gather' op with data sharding @grid split_axes = [[0]], indices sharding @grid split_axes = [[]] and result sharding @grid split_axes = [[]] is not supported by gather-to-mpi because splitting the gathered dimension needs signless integers, floats of 8 to 64 bits or index as elements (their bits are summed)}}
  %r = gather.gather %t[%ids] : tensor<8x4xcomplex<f32>>, tensor<6xi64>
  return %r : tensor<6x4xcomplex<f32>>
}

// -----

shard.grid @grid(shape = 2)

// The rows split along grid axis 0 and the columns of the result along the
// same axis: propagation cannot shard the ids, upstream partitioning would
// crash on the op.
func.func @axis_twice(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows annotate_for_users : tensor<8x4xf32>
  // expected-error @below {{sharding propagation found no sharding for operand 1, operand 0 is split as @grid split_axes = [[0]]: annotations that conflict are not supported by gather-to-mpi because partitioning needs a sharding of every operand}}
  %r = gather.gather %t[%ids] : tensor<8x4xf32>, tensor<6xi64>
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %r1 = shard.shard %r to %cols : tensor<6x4xf32>
  return %r1 : tensor<6x4xf32>
}

// -----

// The exchange form (rows and ids split over the same grid axes) and what
// it does not take.
shard.grid @grid(shape = 2)
func.func @exchange_axis(%table: tensor<4x8xf32>, %ids: tensor<6xi64>) -> tensor<4x6xf32> {
  %rows = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<4x8xf32>
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %i = shard.shard %ids to %split : tensor<6xi64>
  // expected-error @below {{'gather.gather' op with data sharding @grid split_axes = [[], [0]], indices sharding @grid split_axes = [[0]] and result sharding @grid split_axes = [[], [0]] is not supported by gather-to-mpi because the exchange of ids and rows needs axis = 0 and batch_dims = 0}}
  %g = gather.gather %t[%i] axis = 1 : tensor<4x8xf32>, tensor<6xi64>
  %rs = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %r = shard.shard %g to %rs : tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @exchange_i1(%table: tensor<8x4xi1>, %ids: tensor<6xi64>) -> tensor<6x4xi1> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %split : tensor<8x4xi1>
  %i = shard.shard %ids to %split : tensor<6xi64>
  // expected-error @below {{the exchange moves integers and floats of 8, 16, 32 or 64 bits and index, not i1}}
  %g = gather.gather %t[%i] : tensor<8x4xi1>, tensor<6xi64>
  %r = shard.shard %g to %split : tensor<6x4xi1>
  return %r : tensor<6x4xi1>
}

// -----

shard.grid @grid(shape = 2)
func.func @exchange_dynamic_ids(%table: tensor<8x4xf32>, %ids: tensor<?xi64>) -> tensor<?x4xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %split : tensor<8x4xf32>
  %i = shard.shard %ids to %split : tensor<?xi64>
  // expected-error @below {{the exchange needs static sizes of ids and rows}}
  %g = gather.gather %t[%i] : tensor<8x4xf32>, tensor<?xi64>
  %r = shard.shard %g to %split : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @exchange_dynamic_rows(%table: tensor<?x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %split : tensor<?x4xf32>
  %i = shard.shard %ids to %split : tensor<6xi64>
  // expected-error @below {{the exchange needs a static number of rows and a static grid}}
  %g = gather.gather %t[%i] : tensor<?x4xf32>, tensor<6xi64>
  %r = shard.shard %g to %split : tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// -----

shard.grid @grid(shape = 2)
func.func @exchange_int_counts(%table: tensor<8x4096xf32>, %ids: tensor<1048576xi64>) -> tensor<1048576x4096xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %split : tensor<8x4096xf32>
  %i = shard.shard %ids to %split : tensor<1048576xi64>
  // expected-error @below {{the exchange counts elements with MPI's int: 1048576 ids of 4096 elements each are too many}}
  %g = gather.gather %t[%i] : tensor<8x4096xf32>, tensor<1048576xi64>
  %r = shard.shard %g to %split : tensor<1048576x4096xf32>
  return %r : tensor<1048576x4096xf32>
}

// -----

// The rows over two grid axes and the ids over one of them.
shard.grid @grid(shape = 2x2)
func.func @exchange_partial_axes(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0, 1]] : !shard.sharding
  %t = shard.shard %table to %rows annotate_for_users : tensor<8x4xf32>
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %i = shard.shard %ids to %split annotate_for_users : tensor<6xi64>
  // expected-error @below {{grid axis 0 splits the rows of the table and another dimension; the ids must be split over exactly the grid axes of the rows}}
  %g = gather.gather %t[%i] : tensor<8x4xf32>, tensor<6xi64>
  %r = shard.shard %g to %split : tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// A shard collective that gather-to-mpi does not lower is an error that
// names it, before the conversion (gather-shard-partition, and so
// gather-to-mpi).
// RUN: gather-opt %s --gather-shard-partition -verify-diagnostics
// RUN: gather-opt %s --gather-to-mpi -verify-diagnostics

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  shard.grid @grid(shape = 2)

  func.func @scatter(%part: tensor<6x4xf32>) -> tensor<3x4xf32> {
    // expected-error @below {{'shard.reduce_scatter' is not supported by gather-to-mpi because it has no MPI lowering, so this sharding cannot run over MPI}}
    %r = shard.reduce_scatter %part on @grid grid_axes = [0] scatter_axis = 0 : tensor<6x4xf32> -> tensor<3x4xf32>
    return %r : tensor<3x4xf32>
  }
}

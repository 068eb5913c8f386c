// A shard collective that convert-shard-to-mpi does not lower is an error
// that names it, before the conversion (gather-shard-partition, and so
// gather-to-mpi).
// RUN: gather-opt %s --gather-shard-partition -verify-diagnostics
// RUN: gather-opt %s --gather-to-mpi -verify-diagnostics

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  shard.grid @grid(shape = 2)

  func.func @gather_back(%part: tensor<3x4xf32>) -> tensor<6x4xf32> {
    // expected-error @below {{'shard.all_gather' has no MPI lowering in convert-shard-to-mpi of MLIR 22, so this sharding cannot run over MPI}}
    %all = shard.all_gather %part on @grid grid_axes = [0] gather_axis = 0 : tensor<3x4xf32> -> tensor<6x4xf32>
    return %all : tensor<6x4xf32>
  }
}

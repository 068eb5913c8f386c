// gather-shard-finalize: a shard op still present after convert-shard-to-mpi
// is an error that names it; otherwise the grids are erased.
// RUN: gather-opt %s --gather-shard-finalize --split-input-file -verify-diagnostics | FileCheck %s

shard.grid @grid(shape = 2)

func.func @left(%part: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @below {{'shard.all_reduce' is left after convert-shard-to-mpi: it is not supported by gather-to-mpi because MLIR's MPI lowering does not handle it, so this sharding cannot run over MPI}}
  %sum = shard.all_reduce %part on @grid grid_axes = [0] : tensor<3x4xf32> -> tensor<3x4xf32>
  return %sum : tensor<3x4xf32>
}

// -----

// CHECK-NOT: shard.grid
// CHECK-LABEL: func.func @lowered
shard.grid @grid(shape = 2)

func.func @lowered(%part: tensor<3x4xf32>) -> tensor<3x4xf32> {
  return %part : tensor<3x4xf32>
}

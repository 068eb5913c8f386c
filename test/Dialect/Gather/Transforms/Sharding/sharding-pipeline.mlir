// gather-to-mpi on the sharded embedding example: LLVM dialect with MPI calls
// of the MPICH ABI, MPI initialised in @main, no shard op or grid left.
// RUN: gather-opt %gather_src_root/examples/sharded_embedding.mlir --gather-to-mpi | FileCheck %s
// RUN: gather-opt %gather_src_root/examples/sharded_embedding.mlir --gather-to-mpi=entry-point= | FileCheck %s --check-prefix=NOINIT
// RUN: gather-opt %s --gather-to-mpi | FileCheck %s --check-prefix=OPENMPI

// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
// CHECK-NOT: shard.
// The all-reduce form (replicated ids): the stop of the group on an
// out-of-range id, then the all-reduce on the communicator of the whole
// grid (MPI_COMM_WORLD, kept by the helper: no split per call).
// CHECK-LABEL: llvm.func @embedding_lookup
// CHECK:         llvm.call @MPI_Barrier
// CHECK:         llvm.call @MPI_Comm_rank
// CHECK-NOT:     MPI_Comm_split
// CHECK:         llvm.call @__gather_mlir_group_comm_2_axes_0()
// CHECK-NOT:     MPI_Comm_split
// CHECK:         llvm.call @MPI_Allreduce
// CHECK-NOT:     MPI_Comm_split
// CHECK-LABEL: llvm.func @main
// CHECK:         llvm.call @MPI_Init
// CHECK:         llvm.call @embedding_lookup
// CHECK:         llvm.call @MPI_Finalize
// CHECK-NEXT:    llvm.return
// CHECK-NOT: shard.

// NOINIT-NOT: MPI_Init

// A module that names its MPI implementation keeps it.
// OPENMPI: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// OPENMPI-LABEL: llvm.func @lookup
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  shard.grid @grid(shape = 2)
  func.func @lookup(%table: tensor<8x4xf32>, %ids: tensor<6xi64>) -> tensor<6x4xf32> {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<8x4xf32>
    %r = gather.gather %t[%ids] : tensor<8x4xf32>, tensor<6xi64>
    return %r : tensor<6x4xf32>
  }
}

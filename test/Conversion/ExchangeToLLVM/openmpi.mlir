// The exchange buffer ops for the Open MPI ABI: handles are addresses of its
// predefined objects.
// RUN: gather-opt %s --convert-exchange-to-llvm | FileCheck %s
// RUN: gather-opt %s --convert-to-llvm | FileCheck %s

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_comm_world() {{.*}} : i8
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_int64_t() {{.*}} : i8
// CHECK-DAG: llvm.func @MPI_Alltoall(!llvm.ptr, i32, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Comm_split(!llvm.ptr, i32, i32, !llvm.ptr) -> i32
// CHECK-LABEL: @whole(
// CHECK:         %[[BITS:.*]] = llvm.call @__gather_mlir_group_comm_2_2_axes_0()
// CHECK:         %[[COMM:.*]] = llvm.inttoptr %[[BITS]] : i64 to !llvm.ptr
// CHECK:         %[[T:.*]] = llvm.mlir.addressof @ompi_mpi_int64_t : !llvm.ptr
// CHECK:         llvm.call @MPI_Alltoall(%{{.*}}, %{{.*}}, %[[T]], %{{.*}}, %{{.*}}, %[[T]], %[[COMM]])
// CHECK-LABEL: llvm.func internal @__gather_mlir_group_comm_2_2_axes_0
// CHECK:         llvm.mlir.addressof @ompi_mpi_comm_world
// CHECK:         llvm.call @MPI_Comm_split(
// CHECK:         llvm.ptrtoint
func.func @whole(%a: memref<8xi64>, %b: memref<8xi64>) {
  exchange.alltoall %a, %b over [2, 2] axes [0] : memref<8xi64>, memref<8xi64>
  return
}
}

// The exchange buffer ops become MPI calls of the MPICH ABI (int handles):
// MPI_COMM_WORLD for a group that is the whole grid, one cached
// MPI_Comm_split for a part of it, the datatype of the element's size.
// RUN: gather-opt %s --convert-exchange-to-llvm | FileCheck %s
// RUN: gather-opt %s --convert-to-llvm | FileCheck %s

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
// CHECK-DAG: llvm.func @MPI_Alltoall(!llvm.ptr, i32, i32, !llvm.ptr, i32, i32, i32) -> i32
// CHECK-DAG: llvm.func @MPI_Alltoallv(!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32) -> i32
// CHECK-DAG: llvm.func @MPI_Allgather(!llvm.ptr, i32, i32, !llvm.ptr, i32, i32, i32) -> i32
// CHECK-DAG: llvm.func @MPI_Comm_split(i32, i32, i32, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Barrier(i32) -> i32
// CHECK-DAG: llvm.mlir.global internal @__gather_mlir_group_comm_4_axes_0_cell(0 : i64)
// CHECK-DAG: llvm.mlir.global internal @__gather_mlir_group_comm_4_axes_0_ready(0 : i64)

// CHECK-LABEL: @whole(
// i64 elements: MPI_INT64_T (0x4c00083a); 8 elements over 4 members.
// CHECK:         %[[COMM:.*]] = llvm.call @__gather_mlir_group_comm_4_axes_0() : () -> i64
// CHECK:         %[[C:.*]] = llvm.trunc %[[COMM]] : i64 to i32
// CHECK:         %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK:         %[[COUNT:.*]] = llvm.sdiv %{{.*}}, %[[FOUR]] : i32
// CHECK:         %[[T:.*]] = llvm.mlir.constant(1275070522 : i32) : i32
// CHECK:         llvm.call @MPI_Alltoall(%{{.*}}, %[[COUNT]], %[[T]], %{{.*}}, %[[COUNT]], %[[T]], %[[C]])
func.func @whole(%a: memref<8xi64>, %b: memref<8xi64>) {
  exchange.alltoall %a, %b over [4] axes [0] : memref<8xi64>, memref<8xi64>
  return
}

// CHECK-LABEL: @rows(
// f16 elements: MPI_INT16_T (0x4c000238).
// CHECK:         llvm.mlir.constant(1275068984 : i32) : i32
// CHECK:         llvm.call @MPI_Alltoallv(
func.func @rows(%s: memref<?x4xf16>, %n: memref<4xi32>, %r: memref<?x4xf16>) {
  exchange.alltoallv %s, %n, %n, %r, %n, %n over [4] axes [0]
      : memref<?x4xf16>, memref<4xi32>, memref<4xi32>, memref<?x4xf16>, memref<4xi32>, memref<4xi32>
  return
}

// CHECK-LABEL: @gather(
// f32 elements: MPI_INT32_T (0x4c000439); the count is the send buffer's size.
// CHECK:         llvm.call @__gather_mlir_group_comm_2_3_axes_1()
// CHECK:         llvm.mlir.constant(1275069497 : i32) : i32
// CHECK:         llvm.call @MPI_Allgather(
func.func @gather(%s: memref<2xf32>, %r: memref<6xf32>) {
  exchange.allgather %s, %r over [2, 3] axes [1] : memref<2xf32>, memref<6xf32>
  return
}

// CHECK-LABEL: @sum(
// f32 sums: MPI_FLOAT (0x4c00040a), MPI_SUM (0x58000003).
// CHECK:         %[[F:.*]] = llvm.mlir.constant(1275069450 : i32) : i32
// CHECK:         %[[SUM:.*]] = llvm.mlir.constant(1476395011 : i32) : i32
// CHECK:         llvm.call @MPI_Allreduce(%{{.*}}, %{{.*}}, %{{.*}}, %[[F]], %[[SUM]], %{{.*}})
func.func @sum(%s: memref<?xf32>, %r: memref<?xf32>) {
  exchange.allreduce %s, %r over [4] axes [0] : memref<?xf32>, memref<?xf32>
  return
}

// CHECK-LABEL: @stop(
// CHECK:         llvm.call @fflush(
// CHECK:         llvm.call @dprintf(%{{.*}}, %{{.*}}, %{{.*}}) vararg
// CHECK:         llvm.call @MPI_Barrier(
// CHECK-NEXT:    llvm.call @MPI_Finalize()
// CHECK:         llvm.call @_exit(
func.func @stop(%k: i64) {
  exchange.abort over [4] axes [0] "gather: index %lld"(%k) : i64
  return
}

// A part of the grid cannot finalize without the others.
// CHECK-LABEL: @stop_part(
// CHECK:         llvm.call @MPI_Barrier(
// CHECK-NOT:     MPI_Finalize
// CHECK:         llvm.call @_exit(
func.func @stop_part() {
  exchange.abort over [2, 3] axes [1] "stop"
  return
}

// The helper of the whole grid takes MPI_COMM_WORLD: no split.
// CHECK-LABEL: llvm.func internal @__gather_mlir_group_comm_4_axes_0() -> i64
// CHECK-NOT:     MPI_Comm_split
// CHECK:         llvm.return

// The helper of a part of a grid: the world size is checked, then one split
// (color: the position along axis 0, key: along axis 1), kept for later calls.
// CHECK-LABEL: llvm.func internal @__gather_mlir_group_comm_2_3_axes_1() -> i64
// CHECK:         llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:         llvm.cond_br
// CHECK:         %[[WORLD:.*]] = llvm.mlir.constant(1140850688 : i32) : i32
// CHECK:         llvm.call @MPI_Comm_size(%[[WORLD]], %{{.*}})
// CHECK:         %[[SIX:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK:         llvm.icmp "eq" %{{.*}}, %[[SIX]] : i32
// CHECK:         llvm.call @dprintf(
// CHECK:         llvm.call @_exit(
// CHECK:         llvm.unreachable
// CHECK:         llvm.call @MPI_Comm_rank(
// CHECK:         llvm.call @MPI_Comm_split(
// CHECK:         llvm.store
// CHECK:         llvm.return
}

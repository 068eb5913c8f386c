// Exchanges and shard collectives on tensors become exchange buffer ops on
// the buffers of their operands and a new result buffer.
// RUN: gather-opt %s --convert-shard-to-exchange --split-input-file | FileCheck %s

shard.grid @grid(shape = 2x3)

// Counts and displacements in elements (slices of 1 element here), as i32
// in stack buffers; the result holds the sum of the receive counts.
// CHECK-LABEL: func.func @ids
// CHECK-SAME:    (%[[IDS:.*]]: tensor<6xi64>, %[[SC:.*]]: tensor<3xi64>, %[[RC:.*]]: tensor<3xi64>)
// CHECK:         %[[SCOUNTS:.*]] = memref.alloca() : memref<3xi32>
// CHECK:         %[[SDISPLS:.*]] = memref.alloca() : memref<3xi32>
// CHECK:         scf.for
// CHECK:           tensor.extract %[[SC]]
// CHECK:           memref.store %{{.*}}, %[[SCOUNTS]]
// CHECK:           memref.store %{{.*}}, %[[SDISPLS]]
// CHECK:         %[[RCOUNTS:.*]] = memref.alloca() : memref<3xi32>
// CHECK:         %[[RDISPLS:.*]] = memref.alloca() : memref<3xi32>
// CHECK:         %[[SUMS:.*]]:2 = scf.for
// CHECK:           tensor.extract %[[RC]]
// CHECK:         %[[TOTAL:.*]] = arith.index_cast %[[SUMS]]#1 : i64 to index
// CHECK:         %[[SEND:.*]] = bufferization.to_buffer %[[IDS]] read_only : tensor<6xi64> to memref<6xi64>
// CHECK:         %[[RECV:.*]] = memref.alloc(%[[TOTAL]]) : memref<?xi64>
// CHECK:         exchange.alltoallv %[[SEND]], %[[SCOUNTS]], %[[SDISPLS]], %[[RECV]], %[[RCOUNTS]], %[[RDISPLS]] over [2, 3] axes [1]
// CHECK:         %[[R:.*]] = bufferization.to_tensor %[[RECV]] restrict writable : memref<?xi64> to tensor<?xi64>
// CHECK:         return %[[R]]
func.func @ids(%ids: tensor<6xi64>, %sc: tensor<3xi64>, %rc: tensor<3xi64>) -> tensor<?xi64> {
  %0 = exchange.all_to_all_v %ids, %sc, %rc on @grid grid_axes = [1] : tensor<6xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// Rows of 4 elements: the counts are multiplied by the row's size; a static
// result size is kept.
// CHECK-LABEL: func.func @rows
// CHECK:         %[[FOUR:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         %[[ELEMS:.*]] = arith.index_cast %[[FOUR]] : index to i64
// CHECK:         scf.for
// CHECK:           arith.muli %{{.*}}, %[[ELEMS]] : i64
// CHECK:         memref.alloc() : memref<5x4xf32>
// CHECK:         exchange.alltoallv %{{.*}} over [2, 3] axes [0, 1] : memref<?x4xf32>
func.func @rows(%rows: tensor<?x4xf32>, %c: tensor<6xi64>) -> tensor<5x4xf32> {
  %0 = exchange.all_to_all_v %rows, %c, %c on @grid grid_axes = [0, 1] : tensor<?x4xf32>, tensor<6xi64>, tensor<6xi64> -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// CHECK-LABEL: func.func @counts
// CHECK:         %[[S:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<3x3xi64> to memref<3x3xi64>
// CHECK:         %[[R:.*]] = memref.alloc() : memref<3x3xi64>
// CHECK:         exchange.alltoall %[[S]], %[[R]] over [2, 3] axes [1] : memref<3x3xi64>, memref<3x3xi64>
// CHECK:         bufferization.to_tensor %[[R]] restrict writable
func.func @counts(%m: tensor<3x3xi64>) -> tensor<3x3xi64> {
  %0 = shard.all_to_all %m on @grid grid_axes = [1] split_axis = 0 concat_axis = 0 : tensor<3x3xi64> -> tensor<3x3xi64>
  return %0 : tensor<3x3xi64>
}

// An all-to-all along other dimensions is left (gather-shard-finalize
// reports it).
// CHECK-LABEL: func.func @moved
// CHECK:         shard.all_to_all
func.func @moved(%m: tensor<3x6xi64>) -> tensor<9x2xi64> {
  %0 = shard.all_to_all %m on @grid grid_axes = [1] split_axis = 1 concat_axis = 0 : tensor<3x6xi64> -> tensor<9x2xi64>
  return %0 : tensor<9x2xi64>
}

// Gathered along dimension 0: the members' blocks in order are the result.
// CHECK-LABEL: func.func @gather0
// CHECK:         %[[R:.*]] = memref.alloc() : memref<3x2x4xf32>
// CHECK:         exchange.allgather %{{.*}}, %[[R]] over [2, 3] axes [1] : memref<2x4xf32>, memref<3x2x4xf32>
// CHECK:         %[[T:.*]] = bufferization.to_tensor %[[R]]
// CHECK:         tensor.collapse_shape %[[T]] {{\[\[}}0, 1], [2]] : tensor<3x2x4xf32> into tensor<6x4xf32>
func.func @gather0(%m: tensor<2x4xf32>) -> tensor<6x4xf32> {
  %0 = shard.all_gather %m on @grid grid_axes = [1] gather_axis = 0 : tensor<2x4xf32> -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// Gathered along dimension 1: each member's block moves next to it.
// CHECK-LABEL: func.func @gather1
// CHECK:         exchange.allgather %{{.*}} : memref<2x4xf32>, memref<3x2x4xf32>
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<3x2x4xf32>) outs(%{{.*}} : tensor<2x3x4xf32>) permutation = [1, 0, 2]
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
func.func @gather1(%m: tensor<2x4xf32>) -> tensor<2x12xf32> {
  %0 = shard.all_gather %m on @grid grid_axes = [1] gather_axis = 1 : tensor<2x4xf32> -> tensor<2x12xf32>
  return %0 : tensor<2x12xf32>
}

// A slice needs no communication: this process's block.
// CHECK-LABEL: func.func @slice
// CHECK:         %[[P:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[START:.*]] = arith.muli %[[P]], %[[C3]] : index
// CHECK:         tensor.extract_slice %{{.*}}[%[[START]], 0] [3, 4] [1, 1] : tensor<6x4xf32> to tensor<3x4xf32>
func.func @slice(%m: tensor<6x4xf32>) -> tensor<3x4xf32> {
  %0 = shard.all_slice %m on @grid grid_axes = [0] slice_axis = 0 : tensor<6x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// A sum with a dynamic size: the result buffer takes the operand's size
// (upstream's lowering reads dimension kDynamic), no copy, no split.
// CHECK-LABEL: func.func @sum
// CHECK-SAME:    (%[[X:.*]]: tensor<8x?x3xi32>)
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[D:.*]] = tensor.dim %[[X]], %[[C1]] : tensor<8x?x3xi32>
// CHECK:         %[[S:.*]] = bufferization.to_buffer %[[X]] read_only
// CHECK:         %[[R:.*]] = memref.alloc(%[[D]]) : memref<8x?x3xi32>
// CHECK:         exchange.allreduce %[[S]], %[[R]] over [2, 3] axes [1] : memref<8x?x3xi32>, memref<8x?x3xi32>
// CHECK-NOT:     mpi.comm_split
func.func @sum(%x: tensor<8x?x3xi32>) -> tensor<8x?x3xi32> {
  %0 = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8x?x3xi32> -> tensor<8x?x3xi32>
  return %0 : tensor<8x?x3xi32>
}

// A maximum is left to upstream's convert-shard-to-mpi.
// CHECK-LABEL: func.func @max
// CHECK:         shard.all_reduce
func.func @max(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = shard.all_reduce %x on @grid grid_axes = [1] reduction = max : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

shard.grid @single(shape = 1x4)

// A group of one process: the operand itself.
// CHECK-LABEL: func.func @alone
// CHECK-SAME:    (%[[IDS:.*]]: tensor<6xi64>, %{{.*}}: tensor<1xi64>, %[[M:.*]]: tensor<2x4xf32>)
// CHECK-NOT:     exchange.
// CHECK:         %[[C:.*]] = tensor.cast %[[IDS]] : tensor<6xi64> to tensor<?xi64>
// CHECK:         return %[[C]], %[[M]]
func.func @alone(%ids: tensor<6xi64>, %c: tensor<1xi64>, %m: tensor<2x4xf32>) -> (tensor<?xi64>, tensor<2x4xf32>) {
  %0 = exchange.all_to_all_v %ids, %c, %c on @single grid_axes = [0] : tensor<6xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<?xi64>
  %1 = shard.all_gather %m on @single grid_axes = [0] gather_axis = 0 : tensor<2x4xf32> -> tensor<2x4xf32>
  return %0, %1 : tensor<?xi64>, tensor<2x4xf32>
}

// The exchange ops parse, verify and print back unchanged.
// RUN: gather-opt %s | FileCheck %s
// RUN: gather-opt %s | gather-opt | FileCheck %s
// RUN: gather-opt %s -mlir-print-op-generic | gather-opt | FileCheck %s

shard.grid @grid(shape = 2x3)

// CHECK-LABEL: func.func @tensors
// CHECK: exchange.all_to_all_v %{{.*}}, %{{.*}}, %{{.*}} on @grid grid_axes = [1] : tensor<6xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<?xi64>
// CHECK: exchange.all_to_all_v %{{.*}}, %{{.*}}, %{{.*}} on @grid grid_axes = [0, 1] : tensor<?x4xf16>, tensor<6xi64>, tensor<6xi64> -> tensor<5x4xf16>
func.func @tensors(%ids: tensor<6xi64>, %c: tensor<3xi64>, %rows: tensor<?x4xf16>,
                   %c6: tensor<6xi64>) -> (tensor<?xi64>, tensor<5x4xf16>) {
  %0 = exchange.all_to_all_v %ids, %c, %c on @grid grid_axes = [1]
      : tensor<6xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<?xi64>
  %1 = exchange.all_to_all_v %rows, %c6, %c6 on @grid grid_axes = [0, 1]
      : tensor<?x4xf16>, tensor<6xi64>, tensor<6xi64> -> tensor<5x4xf16>
  return %0, %1 : tensor<?xi64>, tensor<5x4xf16>
}

// CHECK-LABEL: func.func @buffers
// CHECK: exchange.alltoall %{{.*}}, %{{.*}} over [2, 3] axes [1] : memref<6xi64>, memref<6xi64>
// CHECK: exchange.alltoallv %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} over [2, 3] axes [0] : memref<?x4xf32>, memref<2xi32>, memref<2xi32>, memref<?x4xf32>, memref<2xi32>, memref<2xi32>
// CHECK: exchange.allgather %{{.*}}, %{{.*}} over [2, 3] axes [0, 1] : memref<2x2xbf16>, memref<12x2xbf16>
// CHECK: exchange.allreduce %{{.*}}, %{{.*}} over [2, 3] axes [0, 1] : memref<6xi64>, memref<6xi64>
// CHECK: exchange.abort over [2, 3] axes [0] "gather: index %lld is out of bounds for a dimension of size %lld (100%%)"(%{{.*}}, %{{.*}}) : i64, i64
// CHECK: exchange.abort over [2, 3] axes [1] "stop"
func.func @buffers(%a: memref<6xi64>, %b: memref<6xi64>, %rows: memref<?x4xf32>,
                   %out: memref<?x4xf32>, %n: memref<2xi32>, %g: memref<2x2xbf16>,
                   %all: memref<12x2xbf16>, %k: i64) {
  exchange.alltoall %a, %b over [2, 3] axes [1] : memref<6xi64>, memref<6xi64>
  exchange.alltoallv %rows, %n, %n, %out, %n, %n over [2, 3] axes [0]
      : memref<?x4xf32>, memref<2xi32>, memref<2xi32>, memref<?x4xf32>, memref<2xi32>, memref<2xi32>
  exchange.allgather %g, %all over [2, 3] axes [0, 1] : memref<2x2xbf16>, memref<12x2xbf16>
  exchange.allreduce %a, %b over [2, 3] axes [0, 1] : memref<6xi64>, memref<6xi64>
  exchange.abort over [2, 3] axes [0] "gather: index %lld is out of bounds for a dimension of size %lld (100%%)"(%k, %k) : i64, i64
  exchange.abort over [2, 3] axes [1] "stop"
  return
}

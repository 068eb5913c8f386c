// Every verifier error of the exchange ops.
// RUN: gather-opt %s --split-input-file -verify-diagnostics

shard.grid @grid(shape = 2)
func.func @rank0(%x: tensor<i64>, %c: tensor<2xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op needs an input of rank at least 1}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [0] : tensor<i64>, tensor<2xi64>, tensor<2xi64> -> tensor<i64>
  return
}

// -----

shard.grid @grid(shape = 2)
func.func @ranks(%x: tensor<4xi64>, %c: tensor<2xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op result rank 2 differs from input rank 1}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [0] : tensor<4xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?x1xi64>
  return
}

// -----

shard.grid @grid(shape = 2)
func.func @element(%x: tensor<4xi64>, %c: tensor<2xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op result element type 'i32' differs from input element type 'i64'}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [0] : tensor<4xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?xi32>
  return
}

// -----

shard.grid @grid(shape = 2)
func.func @trailing(%x: tensor<4x3xf32>, %c: tensor<2xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op dimension 1 of the result (2) differs from that of the input (3)}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [0] : tensor<4x3xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x2xf32>
  return
}

// -----

shard.grid @grid(shape = 2)
func.func @counts(%x: tensor<4xi64>, %c: tensor<2xi64>, %d: tensor<?xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op needs send and receive counts of one static size}}
  %0 = exchange.all_to_all_v %x, %c, %d on @grid grid_axes = [0] : tensor<4xi64>, tensor<2xi64>, tensor<?xi64> -> tensor<?xi64>
  return
}

// -----

shard.grid @grid(shape = 2)
func.func @i1(%x: tensor<4xi1>, %c: tensor<2xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op cannot exchange elements of type 'i1': an integer or float of 8, 16, 32 or 64 bits or index is needed}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [0] : tensor<4xi1>, tensor<2xi64>, tensor<2xi64> -> tensor<?xi1>
  return
}

// -----

func.func @no_grid(%x: tensor<4xi64>, %c: tensor<2xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op refers to @grid, which is not a shard.grid}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [0] : tensor<4xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?xi64>
  return
}

// -----

shard.grid @grid(shape = 2)
func.func @group_size(%x: tensor<4xi64>, %c: tensor<3xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op has 3 counts for a group of 2 processes}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [0] : tensor<4xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<?xi64>
  return
}

// -----

shard.grid @grid(shape = 2)
func.func @axis_range(%x: tensor<4xi64>, %c: tensor<2xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op grid axis 1 is out of range for a grid of rank 1}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [1] : tensor<4xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?xi64>
  return
}

// -----

shard.grid @grid(shape = 2x2)
func.func @axis_twice(%x: tensor<4xi64>, %c: tensor<4xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op grid axis 0 is named twice}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [0, 0] : tensor<4xi64>, tensor<4xi64>, tensor<4xi64> -> tensor<?xi64>
  return
}

// -----

shard.grid @grid(shape = ?)
func.func @dynamic_grid(%x: tensor<4xi64>, %c: tensor<2xi64>) {
  // expected-error @below {{'exchange.all_to_all_v' op grid axis 0 needs a static size of at least 1}}
  %0 = exchange.all_to_all_v %x, %c, %c on @grid grid_axes = [0] : tensor<4xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?xi64>
  return
}

// -----

func.func @zero_axis(%a: memref<6xi64>) {
  // expected-error @below {{'exchange.alltoall' op grid axis 0 needs a static size of at least 1}}
  exchange.alltoall %a, %a over [0] axes [0] : memref<6xi64>, memref<6xi64>
  return
}

// -----

func.func @layout(%a: memref<6xi64, strided<[2]>>, %b: memref<6xi64>) {
  // expected-error @below {{'exchange.alltoall' op needs buffers with the identity layout, not 'memref<6xi64, strided<[2]>>'}}
  exchange.alltoall %a, %b over [2] axes [0] : memref<6xi64, strided<[2]>>, memref<6xi64>
  return
}

// -----

func.func @types(%a: memref<6xi64>, %b: memref<6xf64>) {
  // expected-error @below {{'exchange.alltoall' op sends 'i64' but receives 'f64'}}
  exchange.alltoall %a, %b over [2] axes [0] : memref<6xi64>, memref<6xf64>
  return
}

// -----

func.func @sizes(%a: memref<6xi64>, %b: memref<8xi64>) {
  // expected-error @below {{'exchange.alltoall' op sends 6 elements but receives 8}}
  exchange.alltoall %a, %b over [2] axes [0] : memref<6xi64>, memref<8xi64>
  return
}

// -----

func.func @parts(%a: memref<5xi64>) {
  // expected-error @below {{'exchange.alltoall' op cannot split 5 elements into 2 equal parts}}
  exchange.alltoall %a, %a over [2] axes [0] : memref<5xi64>, memref<5xi64>
  return
}

// -----

func.func @complex(%a: memref<4xcomplex<f32>>) {
  // expected-error @below {{'exchange.allgather' op cannot exchange elements of type 'complex<f32>': an integer or float of 8, 16, 32 or 64 bits or index is needed}}
  exchange.allgather %a, %a over [1] axes [0] : memref<4xcomplex<f32>>, memref<4xcomplex<f32>>
  return
}

// -----

func.func @gathered(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @below {{'exchange.allgather' op receives 4 elements instead of 2 x 4}}
  exchange.allgather %a, %b over [2] axes [0] : memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @vcounts(%a: memref<?xf32>, %n: memref<3xi32>, %m: memref<2xi32>) {
  // expected-error @below {{'exchange.alltoallv' op needs 2 counts and displacements, not 3}}
  exchange.alltoallv %a, %n, %m, %a, %m, %m over [2] axes [0]
      : memref<?xf32>, memref<3xi32>, memref<2xi32>, memref<?xf32>, memref<2xi32>, memref<2xi32>
  return
}

// -----

func.func @abort_format(%k: i64) {
  // expected-error @below {{'exchange.abort' op message may hold only %lld, %llu and %%, not '%d i'}}
  exchange.abort over [2] axes [0] "%d is bad"(%k) : i64
  return
}

// -----

func.func @abort_args(%k: i64) {
  // expected-error @below {{'exchange.abort' op message takes 2 arguments but 1 are given}}
  exchange.abort over [2] axes [0] "%lld and %llu"(%k) : i64
  return
}

// -----

func.func @abort_axis() {
  // expected-error @below {{'exchange.abort' op grid axis 2 is out of range for a grid of rank 1}}
  exchange.abort over [2] axes [2] "stop"
  return
}

// -----

func.func @sum_type(%a: memref<4xf16>) {
  // expected-error @below {{'exchange.allreduce' op sums signless integers, f32 and f64, not 'f16'}}
  exchange.allreduce %a, %a over [2] axes [0] : memref<4xf16>, memref<4xf16>
  return
}

// -----

func.func @sum_sizes(%a: memref<4xi32>, %b: memref<5xi32>) {
  // expected-error @below {{'exchange.allreduce' op sends 4 elements but receives 5}}
  exchange.allreduce %a, %b over [2] axes [0] : memref<4xi32>, memref<5xi32>
  return
}

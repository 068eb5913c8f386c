// The seven workloads of gather-bench (W1..W7, static and with dynamic
// sizes) written as the linalg idiom that frontends emit, each writing into
// a caller's buffer as gather-bench's modules do: raise-to-gather turns
// each into exactly the gather.gather of the same axis, batch_dims and
// types (with indices_nonnegative, the idiom being undefined for a negative
// position; W5 wraps its negative ids in the body, so its gather wraps
// them), and gather-to-affine lowers the idiom to the same loops as that
// gather (the globals holding source locations aside).

// RUN: split-file %s %t
// RUN: gather-opt %t/idiom.mlir --raise-to-gather > %t/raised.mlir
// RUN: gather-opt %t/gather.mlir > %t/gather.printed.mlir
// RUN: diff %t/raised.mlir %t/gather.printed.mlir
// RUN: gather-opt %t/idiom.mlir --gather-to-affine | grep -v 'llvm.mlir.global internal constant @__gather_mlir_location' > %t/idiom.affine.mlir
// RUN: gather-opt %t/gather.mlir --gather-to-affine | grep -v 'llvm.mlir.global internal constant @__gather_mlir_location' > %t/gather.affine.mlir
// RUN: diff %t/idiom.affine.mlir %t/gather.affine.mlir
// RUN: FileCheck %s < %t/idiom.affine.mlir

// The lowered idiom is the fast form, not a loop of tensor.extract.
// CHECK-LABEL: func.func @w1_static
// CHECK:         vector.load
// CHECK-LABEL: func.func @w6_static
// CHECK:         memref.prefetch

//--- idiom.mlir
func.func @w1_static(%d: tensor<100000x256xf32>, %i: tensor<262144xi64>, %out: memref<262144x256xf32>) attributes {llvm.emit_c_interface} {
  %e = tensor.empty() : tensor<262144x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<262144xi64>) outs(%e : tensor<262144x256xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %x1 = linalg.index 1 : index
    %v = tensor.extract %d[%k, %x1] : tensor<100000x256xf32>
    linalg.yield %v : f32
  } -> tensor<262144x256xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<262144x256xf32>, memref<262144x256xf32>) -> ()
  return
}

func.func @w1_dynamic(%d: tensor<?x?xf32>, %i: tensor<?xi64>, %out: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %s0 = tensor.dim %i, %c0 : tensor<?xi64>
  %c1 = arith.constant 1 : index
  %s1 = tensor.dim %d, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%s0, %s1) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<?xi64>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %x1 = linalg.index 1 : index
    %v = tensor.extract %d[%k, %x1] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @w2_static(%d: tensor<4096x4096xf32>, %i: tensor<1024xi64>, %out: memref<4096x1024xf32>) attributes {llvm.emit_c_interface} {
  %e = tensor.empty() : tensor<4096x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<1024xi64>) outs(%e : tensor<4096x1024xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %x0 = linalg.index 0 : index
    %v = tensor.extract %d[%x0, %k] : tensor<4096x4096xf32>
    linalg.yield %v : f32
  } -> tensor<4096x1024xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4096x1024xf32>, memref<4096x1024xf32>) -> ()
  return
}

func.func @w2_dynamic(%d: tensor<?x?xf32>, %i: tensor<?xi64>, %out: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %s0 = tensor.dim %d, %c0 : tensor<?x?xf32>
  %c1 = arith.constant 0 : index
  %s1 = tensor.dim %i, %c1 : tensor<?xi64>
  %e = tensor.empty(%s0, %s1) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<?xi64>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %x0 = linalg.index 0 : index
    %v = tensor.extract %d[%x0, %k] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @w3_static(%d: tensor<64x4096x128xf32>, %i: tensor<64x512xi64>, %out: memref<64x512x128xf32>) attributes {llvm.emit_c_interface} {
  %e = tensor.empty() : tensor<64x512x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%i : tensor<64x512xi64>) outs(%e : tensor<64x512x128xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %x0 = linalg.index 0 : index
    %x2 = linalg.index 2 : index
    %v = tensor.extract %d[%x0, %k, %x2] : tensor<64x4096x128xf32>
    linalg.yield %v : f32
  } -> tensor<64x512x128xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x512x128xf32>, memref<64x512x128xf32>) -> ()
  return
}

func.func @w3_dynamic(%d: tensor<?x?x?xf32>, %i: tensor<?x?xi64>, %out: memref<?x?x?xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %s0 = tensor.dim %d, %c0 : tensor<?x?x?xf32>
  %c1 = arith.constant 1 : index
  %s1 = tensor.dim %i, %c1 : tensor<?x?xi64>
  %c2 = arith.constant 2 : index
  %s2 = tensor.dim %d, %c2 : tensor<?x?x?xf32>
  %e = tensor.empty(%s0, %s1, %s2) : tensor<?x?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%i : tensor<?x?xi64>) outs(%e : tensor<?x?x?xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %x0 = linalg.index 0 : index
    %x2 = linalg.index 2 : index
    %v = tensor.extract %d[%x0, %k, %x2] : tensor<?x?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?x?xf32>, memref<?x?x?xf32>) -> ()
  return
}

func.func @w4_static(%d: tensor<1000x64xf32>, %i: tensor<32xi64>, %out: memref<32x64xf32>) attributes {llvm.emit_c_interface} {
  %e = tensor.empty() : tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<32xi64>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %x1 = linalg.index 1 : index
    %v = tensor.extract %d[%k, %x1] : tensor<1000x64xf32>
    linalg.yield %v : f32
  } -> tensor<32x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32x64xf32>, memref<32x64xf32>) -> ()
  return
}

func.func @w4_dynamic(%d: tensor<?x?xf32>, %i: tensor<?xi64>, %out: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %s0 = tensor.dim %i, %c0 : tensor<?xi64>
  %c1 = arith.constant 1 : index
  %s1 = tensor.dim %d, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%s0, %s1) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<?xi64>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %x1 = linalg.index 1 : index
    %v = tensor.extract %d[%k, %x1] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @w5_static(%d: tensor<100000x256xf32>, %i: tensor<262144xi32>, %out: memref<262144x256xf32>) attributes {llvm.emit_c_interface} {
  %e = tensor.empty() : tensor<262144x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<262144xi32>) outs(%e : tensor<262144x256xf32>) {
  ^bb0(%in: i32, %o: f32):
    %k = arith.index_cast %in : i32 to index
    %x1 = linalg.index 1 : index
    %zero = arith.constant 0 : index
    %size = arith.constant 100000 : index
    %neg = arith.cmpi slt, %k, %zero : index
    %wrapped = arith.addi %k, %size : index
    %p = arith.select %neg, %wrapped, %k : index
    %v = tensor.extract %d[%p, %x1] : tensor<100000x256xf32>
    linalg.yield %v : f32
  } -> tensor<262144x256xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<262144x256xf32>, memref<262144x256xf32>) -> ()
  return
}

func.func @w5_dynamic(%d: tensor<?x?xf32>, %i: tensor<?xi32>, %out: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %s0 = tensor.dim %i, %c0 : tensor<?xi32>
  %c1 = arith.constant 1 : index
  %s1 = tensor.dim %d, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%s0, %s1) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<?xi32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%in: i32, %o: f32):
    %k = arith.index_cast %in : i32 to index
    %x1 = linalg.index 1 : index
    %zero = arith.constant 0 : index
    %ca = arith.constant 0 : index
    %size = tensor.dim %d, %ca : tensor<?x?xf32>
    %neg = arith.cmpi slt, %k, %zero : index
    %wrapped = arith.addi %k, %size : index
    %p = arith.select %neg, %wrapped, %k : index
    %v = tensor.extract %d[%p, %x1] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @w6_static(%d: tensor<16777216xf32>, %i: tensor<16777216xi64>, %out: memref<16777216xf32>) attributes {llvm.emit_c_interface} {
  %e = tensor.empty() : tensor<16777216xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%i : tensor<16777216xi64>) outs(%e : tensor<16777216xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %v = tensor.extract %d[%k] : tensor<16777216xf32>
    linalg.yield %v : f32
  } -> tensor<16777216xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<16777216xf32>, memref<16777216xf32>) -> ()
  return
}

func.func @w6_dynamic(%d: tensor<?xf32>, %i: tensor<?xi64>, %out: memref<?xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %s0 = tensor.dim %i, %c0 : tensor<?xi64>
  %e = tensor.empty(%s0) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%i : tensor<?xi64>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: i64, %o: f32):
    %k = arith.index_cast %in : i64 to index
    %v = tensor.extract %d[%k] : tensor<?xf32>
    linalg.yield %v : f32
  } -> tensor<?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?xf32>, memref<?xf32>) -> ()
  return
}

func.func @w7_static(%d: tensor<1048576x32xf16>, %i: tensor<1048576xi64>, %out: memref<1048576x32xf16>) attributes {llvm.emit_c_interface} {
  %e = tensor.empty() : tensor<1048576x32xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<1048576xi64>) outs(%e : tensor<1048576x32xf16>) {
  ^bb0(%in: i64, %o: f16):
    %k = arith.index_cast %in : i64 to index
    %x1 = linalg.index 1 : index
    %v = tensor.extract %d[%k, %x1] : tensor<1048576x32xf16>
    linalg.yield %v : f16
  } -> tensor<1048576x32xf16>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1048576x32xf16>, memref<1048576x32xf16>) -> ()
  return
}

func.func @w7_dynamic(%d: tensor<?x?xf16>, %i: tensor<?xi64>, %out: memref<?x?xf16>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %s0 = tensor.dim %i, %c0 : tensor<?xi64>
  %c1 = arith.constant 1 : index
  %s1 = tensor.dim %d, %c1 : tensor<?x?xf16>
  %e = tensor.empty(%s0, %s1) : tensor<?x?xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<?xi64>) outs(%e : tensor<?x?xf16>) {
  ^bb0(%in: i64, %o: f16):
    %k = arith.index_cast %in : i64 to index
    %x1 = linalg.index 1 : index
    %v = tensor.extract %d[%k, %x1] : tensor<?x?xf16>
    linalg.yield %v : f16
  } -> tensor<?x?xf16>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

//--- gather.mlir
func.func @w1_static(%d: tensor<100000x256xf32>, %i: tensor<262144xi64>, %out: memref<262144x256xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 {indices_nonnegative} : tensor<100000x256xf32>, tensor<262144xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<262144x256xf32>, memref<262144x256xf32>) -> ()
  return
}

func.func @w1_dynamic(%d: tensor<?x?xf32>, %i: tensor<?xi64>, %out: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 {indices_nonnegative} : tensor<?x?xf32>, tensor<?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @w2_static(%d: tensor<4096x4096xf32>, %i: tensor<1024xi64>, %out: memref<4096x1024xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 0 {indices_nonnegative} : tensor<4096x4096xf32>, tensor<1024xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4096x1024xf32>, memref<4096x1024xf32>) -> ()
  return
}

func.func @w2_dynamic(%d: tensor<?x?xf32>, %i: tensor<?xi64>, %out: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 0 {indices_nonnegative} : tensor<?x?xf32>, tensor<?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @w3_static(%d: tensor<64x4096x128xf32>, %i: tensor<64x512xi64>, %out: memref<64x512x128xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 {indices_nonnegative} : tensor<64x4096x128xf32>, tensor<64x512xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x512x128xf32>, memref<64x512x128xf32>) -> ()
  return
}

func.func @w3_dynamic(%d: tensor<?x?x?xf32>, %i: tensor<?x?xi64>, %out: memref<?x?x?xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 {indices_nonnegative} : tensor<?x?x?xf32>, tensor<?x?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?x?xf32>, memref<?x?x?xf32>) -> ()
  return
}

func.func @w4_static(%d: tensor<1000x64xf32>, %i: tensor<32xi64>, %out: memref<32x64xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 {indices_nonnegative} : tensor<1000x64xf32>, tensor<32xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32x64xf32>, memref<32x64xf32>) -> ()
  return
}

func.func @w4_dynamic(%d: tensor<?x?xf32>, %i: tensor<?xi64>, %out: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 {indices_nonnegative} : tensor<?x?xf32>, tensor<?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @w5_static(%d: tensor<100000x256xf32>, %i: tensor<262144xi32>, %out: memref<262144x256xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 : tensor<100000x256xf32>, tensor<262144xi32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<262144x256xf32>, memref<262144x256xf32>) -> ()
  return
}

func.func @w5_dynamic(%d: tensor<?x?xf32>, %i: tensor<?xi32>, %out: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 : tensor<?x?xf32>, tensor<?xi32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @w6_static(%d: tensor<16777216xf32>, %i: tensor<16777216xi64>, %out: memref<16777216xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 {indices_nonnegative} : tensor<16777216xf32>, tensor<16777216xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<16777216xf32>, memref<16777216xf32>) -> ()
  return
}

func.func @w6_dynamic(%d: tensor<?xf32>, %i: tensor<?xi64>, %out: memref<?xf32>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 {indices_nonnegative} : tensor<?xf32>, tensor<?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?xf32>, memref<?xf32>) -> ()
  return
}

func.func @w7_static(%d: tensor<1048576x32xf16>, %i: tensor<1048576xi64>, %out: memref<1048576x32xf16>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 {indices_nonnegative} : tensor<1048576x32xf16>, tensor<1048576xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1048576x32xf16>, memref<1048576x32xf16>) -> ()
  return
}

func.func @w7_dynamic(%d: tensor<?x?xf16>, %i: tensor<?xi64>, %out: memref<?x?xf16>) attributes {llvm.emit_c_interface} {
  %r = gather.gather %d[%i] axis = 0 batch_dims = 0 {indices_nonnegative} : tensor<?x?xf16>, tensor<?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf16>, memref<?x?xf16>) -> ()
  return
}

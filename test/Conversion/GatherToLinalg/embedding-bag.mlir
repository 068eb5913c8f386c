// convert-gather-to-linalg lowers gather.embedding_bag to an scf.forall over
// the bags whose scf.for over the bag's ids wraps and checks each id as the
// gather does, reads the row as a slice of the table and accumulates it;
// ragged bags read their bounds from the offsets, check them under assert
// and clamp them to [0, N] under every policy.
// RUN: gather-opt %s --convert-gather-to-linalg=hints=true | FileCheck %s --check-prefixes=CHECK,ASSERT
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=clamp hints=true" | FileCheck %s --check-prefixes=CHECK,CLAMP
// RUN: gather-opt %s --convert-gather-to-linalg="bounds-check=none hints=true" | FileCheck %s --check-prefixes=CHECK,NONE

// CHECK-LABEL: func.func @fixed_sum(
// CHECK-SAME:      %[[T:.*]]: tensor<1000x64xf32>, %[[I:.*]]: tensor<32x8xi64>)
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<32x64xf32>
// CHECK:         scf.forall (%[[B:.*]]) in (32) shared_outs(%[[OUT:.*]] = %[[INIT]])
// CHECK:           %[[NEGZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK:           %[[ACC0:.*]] = linalg.fill ins(%[[NEGZERO]] : f32) outs(%{{.*}} : tensor<64xf32>)
// CHECK:           %[[LOOP:.*]]:2 = scf.for %[[L:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ACC0]], %[[N:.*]] = %{{.*}})
// CHECK:             %[[ID:.*]] = tensor.extract %[[I]][%[[B]], %[[L]]] : tensor<32x8xi64>
// CHECK:             %[[W:.*]] = arith.select %{{.*}} {gather.wrap} : index
// ASSERT:            llvm.call @__gather_mlir_index_out_of_bounds
// CLAMP:             %[[LO:.*]] = arith.maxsi %[[W]]
// CLAMP:             %[[W2:.*]] = arith.minsi %[[LO]]
// NONE-NOT:          llvm.call
// CHECK:             tensor.extract_slice %[[T]][%{{.*}}, 0] [1, 64] [1, 1] : tensor<1000x64xf32> to tensor<64xf32>
// CHECK:             linalg.generic
// CHECK:               arith.addf
// CHECK:           %[[DST:.*]] = tensor.extract_slice %[[OUT]][%[[B]], 0] [1, 64] [1, 1]
// CHECK:           %[[EMPTY:.*]] = arith.cmpi eq, %[[LOOP]]#1
// CHECK:           %[[ROW:.*]] = linalg.generic {{.*}} ins(%[[LOOP]]#0 : tensor<64xf32>) outs(%[[DST]] : tensor<64xf32>)
// CHECK:             arith.select %[[EMPTY]]
// CHECK:           tensor.parallel_insert_slice %[[ROW]] into %[[OUT]][%[[B]], 0] [1, 64] [1, 1]
// CHECK-NOT:     gather.
func.func @fixed_sum(%t: tensor<1000x64xf32>, %i: tensor<32x8xi64>) -> tensor<32x64xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<1000x64xf32>, tensor<32x8xi64> -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// CHECK-LABEL: func.func @ragged_mean(
// CHECK-SAME:      %[[T:.*]]: tensor<1000x64xf32>, %[[I:.*]]: tensor<100xi64>, %[[O:.*]]: tensor<32xi64>)
// CHECK:         scf.forall (%[[B:.*]]) in (32)
// CHECK:           %[[START:.*]] = tensor.extract %[[O]][%[[B]]]
// CHECK:           %[[NEXT:.*]] = arith.minsi
// CHECK:           tensor.extract %[[O]][%[[NEXT]]]
// ASSERT:          llvm.call @__gather_mlir_bag_first_offset
// ASSERT:          llvm.call @__gather_mlir_bag_start_out_of_range
// ASSERT:          llvm.call @__gather_mlir_bag_end_out_of_range
// ASSERT:          llvm.call @__gather_mlir_bag_offsets_decrease
// NONE-NOT:        llvm.call
// CLAMP-NOT:       @__gather_mlir_bag
// CHECK:           %[[S0:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK:           %[[S:.*]] = arith.minsi %[[S0]], %{{.*}} : index
// CHECK:           %[[E0:.*]] = arith.maxsi %{{.*}}, %[[S]] : index
// CHECK:           %[[E:.*]] = arith.minsi %[[E0]], %{{.*}} : index
// CHECK:           scf.for %{{.*}} = %[[S]] to %[[E]]
// CHECK:             %[[PAD:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK:             scf.if %[[PAD]] -> (tensor<64xf32>, index) {
// CHECK:           arith.sitofp
// CHECK:           linalg.generic
// CHECK:             arith.divf
func.func @ragged_mean(%t: tensor<1000x64xf32>, %i: tensor<100xi64>, %o: tensor<32xi64>) -> tensor<32x64xf32> {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<32xi64>) {padding_idx = 0 : i64} : tensor<1000x64xf32>, tensor<100xi64> -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// f16 rows accumulate in f32 from -inf (max) and round once; the maximum
// takes the row's value where it is greater or NaN, or equal to an
// accumulator whose sign bit is set (-0.0 below +0.0).
// CHECK-LABEL: func.func @max_f16(
// CHECK:         arith.constant 0xFF800000 : f32
// CHECK:         scf.for
// CHECK:           %[[X:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:           %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[ACC:.*]] : f32
// CHECK:           %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK:           %[[EQ:.*]] = arith.cmpf oeq, %[[X]], %[[ACC]] : f32
// CHECK:           %[[BITS:.*]] = arith.bitcast %[[ACC]] : f32 to i32
// CHECK:           %[[NEG:.*]] = arith.cmpi slt, %[[BITS]], %{{.*}} : i32
// CHECK:           %[[EITHER:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK:           %[[ZERO:.*]] = arith.andi %[[EQ]], %[[NEG]] : i1
// CHECK:           %[[TAKE:.*]] = arith.ori %[[EITHER]], %[[ZERO]] : i1
// CHECK:           arith.select %[[TAKE]], %[[X]], %[[ACC]] : f32
// CHECK:         arith.truncf %{{.*}} : f32 to f16
func.func @max_f16(%t: tensor<10x4xf16>, %i: tensor<3x2xi32>) -> tensor<3x4xf16> {
  %r = gather.embedding_bag max %t[%i] : tensor<10x4xf16>, tensor<3x2xi32> -> tensor<3x4xf16>
  return %r : tensor<3x4xf16>
}

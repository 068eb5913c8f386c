// The default `slices` strategy: one scf.forall over the outer positions
// D[:a] ++ I[b:], one index load/wrap/check per slice, whole inner slices
// moved with extract_slice / parallel_insert_slice.
// RUN: gather-opt %s --convert-gather-to-linalg=hints=true --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @axis0_signless
// CHECK-SAME:    %[[D:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<2xi32>
// CHECK-NOT:   gather.gather
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[S:.*]] = tensor.dim %[[D]], %[[C0]] : tensor<?x4xf32>
// CHECK:       %[[INIT:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK:       %[[R:.*]] = scf.forall (%[[J:.*]]) in (2) shared_outs(%[[OUT:.*]] = %[[INIT]]) -> (tensor<2x4xf32>) {
// CHECK:         %[[RAW:.*]] = tensor.extract %[[I]][%[[J]]] : tensor<2xi32>
// CHECK:         %[[K:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[K]], %{{.*}} : index
// CHECK:         %[[ADD:.*]] = arith.addi %[[K]], %[[S]] : index
// CHECK:         %[[POS:.*]] = arith.select %[[NEG]], %[[ADD]], %[[K]] {gather.wrap} : index
// CHECK:         %[[OOB:.*]] = arith.cmpi uge, %[[POS]], %[[S]] : index
// CHECK:         scf.if %[[OOB]] {
// CHECK:           %[[K64:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK:           %[[S64:.*]] = arith.index_cast %[[S]] : index to i64
// CHECK:           %[[AT:.*]] = llvm.mlir.addressof @__gather_mlir_location : !llvm.ptr
// CHECK:           llvm.call @__gather_mlir_index_out_of_bounds(%[[K64]], %[[S64]], %[[AT]]) : (i64, i64, !llvm.ptr) -> ()
// CHECK:         }
// CHECK:         %[[SLICE:.*]] = tensor.extract_slice %[[D]][%[[POS]], 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
// CHECK:         scf.forall.in_parallel {
// CHECK:           tensor.parallel_insert_slice %[[SLICE]] into %[[OUT]][%[[J]], 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<2x4xf32>
// CHECK:       return %[[R]]
func.func @axis0_signless(%d: tensor<?x4xf32>, %i: tensor<2xi32>) -> tensor<2x4xf32> {
  %r = gather.gather %d[%i] : tensor<?x4xf32>, tensor<2xi32>
  return %r : tensor<2x4xf32>
}

// The reporting function is defined once per module, with internal linkage;
// its last argument is the location of the gather that failed.
// Only the first report to run (the flag is taken atomically) prints,
// flushes and exits; a concurrent one waits in pause().
// CHECK:       llvm.func @dprintf(i32, !llvm.ptr, ...) -> i32
// CHECK:       llvm.func @fflush(!llvm.ptr) -> i32
// CHECK:       llvm.func @_exit(i32)
// CHECK:       llvm.func @pause() -> i32
// CHECK:       llvm.mlir.global internal @__gather_mlir_reported(0 : i32)
// CHECK:       llvm.mlir.global internal constant @__gather_mlir_index_out_of_bounds_format("gather: index %lld is out of bounds for a dimension of size %lld (at %s)\0A\00")
// CHECK:       llvm.func internal @__gather_mlir_index_out_of_bounds(%[[A0:.*]]: i64, %[[A1:.*]]: i64, %[[A2:.*]]: !llvm.ptr)
// CHECK:         %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:         %[[FLAG:.*]] = llvm.mlir.addressof @__gather_mlir_reported
// CHECK:         %[[OLD:.*]] = llvm.atomicrmw xchg %[[FLAG]], %[[ONE]] seq_cst
// CHECK:         %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK:         %[[FIRST:.*]] = llvm.icmp "eq" %[[OLD]], %[[ZERO]]
// CHECK:         llvm.cond_br %[[FIRST]], ^[[REPORT:.*]], ^[[WAIT:.*]]
// CHECK:       ^[[REPORT]]:
// CHECK:         %[[FD:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK:         %[[FMT:.*]] = llvm.mlir.addressof @__gather_mlir_index_out_of_bounds_format
// CHECK:         llvm.call @dprintf(%[[FD]], %[[FMT]], %[[A0]], %[[A1]], %[[A2]])
// CHECK:         %[[ALL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         llvm.call @fflush(%[[ALL]])
// CHECK:         llvm.call @_exit(%[[ONE]])
// CHECK:         llvm.unreachable
// CHECK:       ^[[WAIT]]:
// CHECK:         llvm.call @pause()
// CHECK:         llvm.br ^[[WAIT]]
// CHECK:       llvm.mlir.global internal constant @__gather_mlir_location("{{.*}}slices.mlir:[[# @LINE - 32]]:8\00")
// CHECK-NOT:     __gather_mlir_unsigned_index_out_of_bounds

// -----

// Unsigned indices are zero-extended and never wrapped.
// CHECK-LABEL: func.func @unsigned_no_wrap
// CHECK:         %[[RAW:.*]] = tensor.extract %{{.*}} : tensor<3xui32>
// CHECK:         %[[BITS:.*]] = builtin.unrealized_conversion_cast %[[RAW]] : ui32 to i32
// CHECK:         %[[K:.*]] = arith.index_castui %[[BITS]] : i32 to index
// CHECK-NOT:     arith.select
// CHECK:         arith.cmpi uge, %[[K]], %{{.*}} : index
// CHECK:         llvm.call @__gather_mlir_unsigned_index_out_of_bounds({{.*}}, {{.*}}, {{.*}}) : (i64, i64, !llvm.ptr) -> ()
// CHECK:       llvm.mlir.global internal constant @__gather_mlir_unsigned_index_out_of_bounds_format("gather: index %llu is out of bounds for a dimension of size %lld (at %s)\0A\00")
func.func @unsigned_no_wrap(%d: tensor<6x2xf16>, %i: tensor<3xui32>) -> tensor<3x2xf16> {
  %r = gather.gather %d[%i] : tensor<6x2xf16>, tensor<3xui32>
  return %r : tensor<3x2xf16>
}

// -----

// Signed (si64) indices go through a cast to the signless type and are
// sign-extended; `index` indices need no cast.
// CHECK-LABEL: func.func @signed_and_index
// CHECK:         builtin.unrealized_conversion_cast %{{.*}} : si64 to i64
// CHECK:         arith.index_cast %{{.*}} : i64 to index
// CHECK:         arith.select
// CHECK:         %[[RAW:.*]] = tensor.extract %{{.*}} : tensor<2xindex>
// CHECK-NOT:     arith.index_cast %[[RAW]]
// CHECK:         arith.cmpi slt, %[[RAW]]
func.func @signed_and_index(%d: tensor<6x2xf32>, %i: tensor<2xsi64>, %j: tensor<2xindex>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %r = gather.gather %d[%i] : tensor<6x2xf32>, tensor<2xsi64>
  %s = gather.gather %d[%j] : tensor<6x2xf32>, tensor<2xindex>
  return %r, %s : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// batch_dims = 1, axis = 2: the loop runs over D[:2] ++ I[1:]; each index is
// used 3 times (once per position of data dimension 1), so the indices are
// converted, wrapped and checked once, in a first elementwise pass producing
// `index` positions. The slice is read at (p0, p1, k, :).
// CHECK-LABEL: func.func @batched
// CHECK-SAME:    %[[D:.*]]: tensor<2x3x5x7xf32>, %[[I:.*]]: tensor<2x4xi64>
// CHECK:         %[[POSINIT:.*]] = tensor.empty() : tensor<2x4xindex>
// CHECK:         %[[POS:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<2x4xi64>) outs(%[[POSINIT]] : tensor<2x4xindex>)
// CHECK:           arith.index_cast
// CHECK:           %[[W:.*]] = arith.select
// CHECK:           arith.cmpi uge, %[[W]], %{{.*}}
// CHECK:           llvm.call @__gather_mlir_index_out_of_bounds
// CHECK:           linalg.yield %[[W]] : index
// CHECK:         scf.forall (%[[P0:.*]], %[[P1:.*]], %[[J:.*]]) in (2, 3, 4)
// CHECK:           %[[K:.*]] = tensor.extract %[[POS]][%[[P0]], %[[J]]] : tensor<2x4xindex>
// CHECK-NOT:       arith.select
// CHECK-NOT:       func.call
// CHECK:           %[[SLICE:.*]] = tensor.extract_slice %[[D]][%[[P0]], %[[P1]], %[[K]], 0] [1, 1, 1, 7] [1, 1, 1, 1] : tensor<2x3x5x7xf32> to tensor<7xf32>
// CHECK:           tensor.parallel_insert_slice %[[SLICE]] into %{{.*}}[%[[P0]], %[[P1]], %[[J]], 0] [1, 1, 1, 7] [1, 1, 1, 1] : tensor<7xf32> into tensor<2x3x4x7xf32>
func.func @batched(%d: tensor<2x3x5x7xf32>, %i: tensor<2x4xi64>) -> tensor<2x3x4x7xf32> {
  %r = gather.gather %d[%i] axis = -2 batch_dims = -1 : tensor<2x3x5x7xf32>, tensor<2x4xi64>
  return %r : tensor<2x3x4x7xf32>
}

// -----

// Dynamic sizes come from tensor.dim of data and indices.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:    %[[D:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?x?xi64>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[S:.*]] = tensor.dim %[[D]], %[[C0]]
// CHECK-DAG:     %[[N0:.*]] = tensor.dim %[[I]], %[[C0]]
// CHECK-DAG:     %[[N1:.*]] = tensor.dim %[[I]], %[[C1]]
// CHECK-DAG:     %[[W:.*]] = tensor.dim %[[D]], %[[C1]]
// CHECK:         %[[INIT:.*]] = tensor.empty(%[[N0]], %[[N1]], %[[W]]) : tensor<?x?x?xf32>
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (%[[N0]], %[[N1]])
// CHECK:           tensor.extract_slice %[[D]][%{{.*}}, 0] [1, %[[W]]] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
func.func @dynamic(%d: tensor<?x?xf32>, %i: tensor<?x?xi64>) -> tensor<?x?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?x?xi64>
  return %r : tensor<?x?x?xf32>
}

// -----

// Rank-0 indices at axis 0: the result is one slice of data, which a slice
// copy would copy outside any loop (after bufferization a memref.copy of a
// strided view, the library's memrefCopy): the per-element form copies it.
// CHECK-LABEL: func.func @rank0_indices
// CHECK-SAME:    %[[D:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<i64>
// CHECK-NOT:     scf.forall
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<i64>) outs(%{{.*}} : tensor<3xf32>) attrs = {gather.form = #gather.form<element>}
// CHECK:           tensor.extract %[[D]][%{{.*}}, %{{.*}}] : tensor<5x3xf32>
// CHECK:         return %[[R]]
func.func @rank0_indices(%d: tensor<5x3xf32>, %i: tensor<i64>) -> tensor<3xf32> {
  %r = gather.gather %d[%i] : tensor<5x3xf32>, tensor<i64>
  return %r : tensor<3xf32>
}

// -----

// Gathering along the innermost axis leaves no slice to copy: the slices
// strategy emits the per-element linalg.generic, reading positions that a
// first pass computed once per index (each is used 4 times).
// CHECK-LABEL: func.func @innermost_axis
// CHECK-NOT:     scf.forall
// CHECK:         %[[POS:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3xindex>)
// CHECK:           llvm.call @__gather_mlir_index_out_of_bounds
// CHECK:         linalg.generic {{.*}} ins(%[[POS]] : tensor<3xindex>) outs(%{{.*}} : tensor<4x3xf32>)
// CHECK-NEXT:    ^bb0(%[[K:.*]]: index, %{{.*}}: f32):
// CHECK-NEXT:      %[[P:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[E:.*]] = tensor.extract %{{.*}}[%[[P]], %[[K]]] : tensor<4x6xf32>
// CHECK-NEXT:      linalg.yield %[[E]]
func.func @innermost_axis(%d: tensor<4x6xf32>, %i: tensor<3xi64>) -> tensor<4x3xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<4x6xf32>, tensor<3xi64>
  return %r : tensor<4x3xf32>
}

// -----

// Constant indices: all non-negative and in range -> no wrap, no check, and
// no reporting function.
// The index is loaded and used as the slice position directly.
// CHECK-LABEL: func.func @constant_in_range
// CHECK-SAME:      %[[D:.*]]: tensor<4x2xf32>) -> tensor<3x2xf32>
// CHECK:         %[[CST:.*]] = arith.constant dense<[3, 0, 2]> : tensor<3xi64>
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<3x2xf32>
// CHECK:         %[[R:.*]] = scf.forall (%[[J:.*]]) in (3) shared_outs(%[[OUT:.*]] = %[[INIT]]) -> (tensor<3x2xf32>) {
// CHECK-NOT:       arith.select
// CHECK-NOT:       arith.cmpi
// CHECK-NOT:       __gather_mlir_index_out_of_bounds
// CHECK:           %[[RAW:.*]] = tensor.extract %[[CST]][%[[J]]] : tensor<3xi64>
// CHECK-NEXT:      %[[K:.*]] = arith.index_cast %[[RAW]] : i64 to index
// CHECK-NEXT:      %[[SLICE:.*]] = tensor.extract_slice %[[D]][%[[K]], 0] [1, 2] [1, 1] : tensor<4x2xf32> to tensor<2xf32>
// CHECK:             tensor.parallel_insert_slice %[[SLICE]] into %[[OUT]][%[[J]], 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<3x2xf32>
// CHECK:         return %[[R]] : tensor<3x2xf32>
// CHECK-NOT:     __gather_mlir_index_out_of_bounds
func.func @constant_in_range(%d: tensor<4x2xf32>) -> tensor<3x2xf32> {
  %i = arith.constant dense<[3, 0, 2]> : tensor<3xi64>
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<3xi64>
  return %r : tensor<3x2xf32>
}

// -----

// Constant indices with a negative value in range: wrap kept, check dropped.
// CHECK-LABEL: func.func @constant_negative_in_range
// CHECK:         arith.cmpi slt
// CHECK:         arith.select
// CHECK-NOT:     arith.cmpi uge
// CHECK-NOT:     __gather_mlir_index_out_of_bounds
func.func @constant_negative_in_range(%d: tensor<4x2xf32>) -> tensor<2x2xf32> {
  %i = arith.constant dense<[-4, 3]> : tensor<2xi64>
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// A constant out of range keeps the run-time check.
// CHECK-LABEL: func.func @constant_out_of_range
// CHECK:         arith.cmpi uge
// CHECK:         llvm.call @__gather_mlir_index_out_of_bounds
func.func @constant_out_of_range(%d: tensor<4x2xf32>) -> tensor<2x2xf32> {
  %i = arith.constant dense<[1, 4]> : tensor<2xi64>
  %r = gather.gather %d[%i] : tensor<4x2xf32>, tensor<2xi64>
  return %r : tensor<2x2xf32>
}

// -----

// A statically empty slice has no valid slice offset: the per-element form
// (an empty loop) is emitted instead. The result is empty, so under assert a
// check-only pass visits the indices first.
// CHECK-LABEL: func.func @empty_slice
// CHECK-NOT:     tensor.extract_slice
// CHECK-NOT:     scf.forall
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1xindex>)
// CHECK:           llvm.call @__gather_mlir_index_out_of_bounds
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x0xf32>)
func.func @empty_slice(%d: tensor<2x0xf32>, %i: tensor<1xi64>) -> tensor<1x0xf32> {
  %r = gather.gather %d[%i] : tensor<2x0xf32>, tensor<1xi64>
  return %r : tensor<1x0xf32>
}

// -----

// A dynamic data dimension after the axis may be 0: the check-only pass runs
// when it is.
// CHECK-LABEL: func.func @maybe_empty
// CHECK-SAME:    %[[D:.*]]: tensor<4x?xf32>, %[[I:.*]]: tensor<3xi64>
// CHECK:         %[[W:.*]] = tensor.dim %[[D]], %[[C1:.*]] : tensor<4x?xf32>
// CHECK:         %[[EMPTY:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK:         scf.if %[[EMPTY]] {
// CHECK:           linalg.generic {{.*}} ins(%[[I]] : tensor<3xi64>) outs(%{{.*}} : tensor<3xindex>)
// CHECK:             llvm.call @__gather_mlir_index_out_of_bounds
// CHECK:         }
// CHECK:         scf.forall
func.func @maybe_empty(%d: tensor<4x?xf32>, %i: tensor<3xi64>) -> tensor<3x?xf32> {
  %r = gather.gather %d[%i] : tensor<4x?xf32>, tensor<3xi64>
  return %r : tensor<3x?xf32>
}

// -----

// With bounds-check=none nothing is checked, empty or not (see
// bounds-check.mlir); static non-zero sizes need no check-only pass.
// CHECK-LABEL: func.func @never_empty
// CHECK-NOT:     scf.if
// CHECK:         scf.forall
func.func @never_empty(%d: tensor<4x5xf32>, %i: tensor<3xi64>) -> tensor<3x5xf32> {
  %r = gather.gather %d[%i] : tensor<4x5xf32>, tensor<3xi64>
  return %r : tensor<3x5xf32>
}

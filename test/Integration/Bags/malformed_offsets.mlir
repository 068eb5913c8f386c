// Malformed offsets under bounds-check=assert stop the program with a
// message naming the bag and the values, before the bag reads any id; an id
// out of range stops it with the gather's message. Under clamp and none the
// offsets used for reading are clamped to [0, N] (end >= start): the program
// runs and reads only the ids it holds (expected values by hand).

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e first_not_zero -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e end_past_ids -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=END
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e start_past_ids -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=START
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e negative_start -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NEGSTART
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e decreasing -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=DECREASE
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e id_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=ID
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e no_offset -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NOOFFSET
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e batch_mismatch -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e clamped -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=CLAMPED
// RUN: gather-opt %s --gather-to-llvm=bounds-check=none | mlir-runner -e clamped -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=CLAMPED

func.func private @printMemrefF32(tensor<*xf32>)

func.func @bags(%t: tensor<5x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x2xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) : tensor<5x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @bags_last(%t: tensor<5x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x2xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset} : tensor<5x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @run(%o: tensor<?xi64>, %last: i1) {
  %t = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [5.0, 50.0]]> : tensor<5x2xf32>
  %i = arith.constant dense<[0, 1, 2, 3, 4, 0, 1, 2, 3]> : tensor<9xi64>
  %id = tensor.cast %i : tensor<9xi64> to tensor<?xi64>
  %r = scf.if %last -> tensor<?x2xf32> {
    %a = func.call @bags_last(%t, %id, %o) : (tensor<5x2xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x2xf32>
    scf.yield %a : tensor<?x2xf32>
  } else {
    %b = func.call @bags(%t, %id, %o) : (tensor<5x2xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x2xf32>
    scf.yield %b : tensor<?x2xf32>
  }
  %u = tensor.cast %r : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// FIRST: gather: embedding_bag offsets must start at 0 without include_last_offset, but offsets[0] is 1
func.func @first_not_zero() {
  %o = arith.constant dense<[1, 3]> : tensor<2xi64>
  %od = tensor.cast %o : tensor<2xi64> to tensor<?xi64>
  %false = arith.constant false
  call @run(%od, %false) : (tensor<?xi64>, i1) -> ()
  return
}

// END: gather: embedding_bag bag 0 ends at offset 12, outside [0, 9] (the number of ids)
func.func @end_past_ids() {
  %o = arith.constant dense<[0, 12]> : tensor<2xi64>
  %od = tensor.cast %o : tensor<2xi64> to tensor<?xi64>
  %false = arith.constant false
  call @run(%od, %false) : (tensor<?xi64>, i1) -> ()
  return
}

// START: gather: embedding_bag bag 0 starts at offset 10, outside [0, 9] (the number of ids)
func.func @start_past_ids() {
  %o = arith.constant dense<[10, 9]> : tensor<2xi64>
  %od = tensor.cast %o : tensor<2xi64> to tensor<?xi64>
  %true = arith.constant true
  call @run(%od, %true) : (tensor<?xi64>, i1) -> ()
  return
}

// NEGSTART: gather: embedding_bag bag 0 starts at offset -2, outside [0, 9] (the number of ids)
func.func @negative_start() {
  %o = arith.constant dense<[-2, 3]> : tensor<2xi64>
  %od = tensor.cast %o : tensor<2xi64> to tensor<?xi64>
  %true = arith.constant true
  call @run(%od, %true) : (tensor<?xi64>, i1) -> ()
  return
}

// DECREASE: gather: embedding_bag offsets decrease at bag 1: it starts at 5 but ends at 3
func.func @decreasing() {
  %o = arith.constant dense<[0, 5, 3]> : tensor<3xi64>
  %od = tensor.cast %o : tensor<3xi64> to tensor<?xi64>
  %false = arith.constant false
  call @run(%od, %false) : (tensor<?xi64>, i1) -> ()
  return
}

// NOOFFSET: gather: embedding_bag with include_last_offset needs at least one offset, but has 0
func.func @no_offset() {
  %o = tensor.empty() : tensor<0xi64>
  %od = tensor.cast %o : tensor<0xi64> to tensor<?xi64>
  %true = arith.constant true
  call @run(%od, %true) : (tensor<?xi64>, i1) -> ()
  return
}

// ID: gather: index 7 is out of bounds for a dimension of size 5
func.func @id_out_of_range() {
  %t = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [5.0, 50.0]]> : tensor<5x2xf32>
  %i = arith.constant dense<[0, 7]> : tensor<2xi64>
  %id = tensor.cast %i : tensor<2xi64> to tensor<?xi64>
  %o = arith.constant dense<[0]> : tensor<1xi64>
  %od = tensor.cast %o : tensor<1xi64> to tensor<?xi64>
  %r = call @bags(%t, %id, %od) : (tensor<5x2xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x2xf32>
  %u = tensor.cast %r : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @batched(%t: tensor<?x5x2xf32>, %i: tensor<?x1x1xi64>) -> tensor<?x1x2xf32> {
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<?x5x2xf32>, tensor<?x1x1xi64> -> tensor<?x1x2xf32>
  return %r : tensor<?x1x2xf32>
}

// BATCH: gather: embedding_bag batch dimension 0 has size 1 in the table but 2 in the ids
func.func @batch_mismatch() {
  %t = arith.constant dense<0.0> : tensor<1x5x2xf32>
  %td = tensor.cast %t : tensor<1x5x2xf32> to tensor<?x5x2xf32>
  %i = arith.constant dense<0> : tensor<2x1x1xi64>
  %id = tensor.cast %i : tensor<2x1x1xi64> to tensor<?x1x1xi64>
  %r = call @batched(%td, %id) : (tensor<?x5x2xf32>, tensor<?x1x1xi64>) -> tensor<?x1x2xf32>
  %u = tensor.cast %r : tensor<?x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Offsets 0, 12, 3 over 9 ids: bag 0 is [0, 9) (all rows: 0 1 2 3 4 0 1 2 3),
// bag 1 [9, 9) (its end 3 is below its start), bag 2 [3, 9) = rows
// 3 4 0 1 2 3.
// CLAMPED:      sizes = [3, 2]
// CLAMPED-NEXT: {{\[\[}}25,   250],
// CLAMPED-NEXT:  [0,   0],
// CLAMPED-NEXT:  [19,   190]]
func.func @clamped() {
  %o = arith.constant dense<[0, 12, 3]> : tensor<3xi64>
  %od = tensor.cast %o : tensor<3xi64> to tensor<?xi64>
  %false = arith.constant false
  call @run(%od, %false) : (tensor<?xi64>, i1) -> ()
  return
}

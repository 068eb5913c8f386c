// Every form of the CPU lowering on every element width: i1, i8, i16, i32,
// i64, f16, bf16, f32, f64 and complex<f32>. For each type three gathers run
// (rows of 67 elements: whole vectors and a tail for every width; the inner
// axis; a 1-D element gather) and every output element is compared with the
// value the test computes from the formula of the data, independently of
// the lowering: element (k, c) of a table is k * 67 + c converted to the type
// (bf16: modulo 256, exact). Each line prints the number of elements
// compared and the number that differ.
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=form=block-copy | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=form=inline-copy | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=form=element | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=form=inner-axis | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp form=inline-copy" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="bounds-check=none parallel=true" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

/// Index j of the gathers: (j * 7 + 3) mod s, stored as that minus s for
/// every fifth j (negative, wrapped by the gather).
func.func @index(%j: index, %s: index) -> i64 {
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %a = arith.muli %j, %c7 : index
  %b = arith.addi %a, %c3 : index
  %k = arith.remui %b, %s : index
  %m = arith.remui %j, %c5 : index
  %neg = arith.cmpi eq, %m, %c0 : index
  %kn = arith.subi %k, %s : index
  %r = arith.select %neg, %kn, %k : index
  %i = arith.index_cast %r : index to i64
  return %i : i64
}
/// The wrapped position of index j: (j * 7 + 3) mod s.
func.func @position(%j: index, %s: index) -> index {
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %a = arith.muli %j, %c7 : index
  %b = arith.addi %a, %c3 : index
  %k = arith.remui %b, %s : index
  return %k : index
}
func.func @indices(%n: index, %s: index) -> tensor<?xi64> {
  %t = tensor.generate %n {
  ^bb0(%j: index):
    %i = func.call @index(%j, %s) : (index, index) -> i64
    tensor.yield %i : i64
  } : tensor<?xi64>
  return %t : tensor<?xi64>
}


// ---- i1
func.func @value_i1(%k: index, %c: index) -> i1 {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %t = arith.trunci %v : i64 to i1
  return %t : i1
}
func.func @table_i1(%rows: index, %cols: index) -> tensor<?x?xi1> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_i1(%k, %c) : (index, index) -> i1
    tensor.yield %x : i1
  } : tensor<?x?xi1>
  return %t : tensor<?x?xi1>
}
func.func @rows_i1(%d: tensor<64x67xi1>, %i: tensor<40xi64>) -> tensor<40x67xi1> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xi1>, tensor<40xi64>
  return %r : tensor<40x67xi1>
}
func.func @rows_dyn_i1(%d: tensor<?x?xi1>, %i: tensor<?xi64>) -> tensor<?x?xi1> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xi1>, tensor<?xi64>
  return %r : tensor<?x?xi1>
}
func.func @inner_i1(%d: tensor<?x?xi1>, %i: tensor<?xi64>) -> tensor<?x?xi1> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi1>, tensor<?xi64>
  return %r : tensor<?x?xi1>
}
func.func @element_i1(%d: tensor<4288xi1>, %i: tensor<100xi64>) -> tensor<100xi1> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xi1>, tensor<100xi64>
  return %r : tensor<100xi1>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_i1(%out: tensor<?x?xi1>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xi1>
  %m = tensor.dim %out, %c1 : tensor<?x?xi1>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_i1(%row, %col) : (index, index) -> i1
      %got = tensor.extract %out[%j, %c] : tensor<?x?xi1>
      %same = arith.cmpi eq, %got, %want : i1
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_i1() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_i1(%c64, %c67) : (index, index) -> tensor<?x?xi1>
  %ts = tensor.cast %table : tensor<?x?xi1> to tensor<64x67xi1>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_i1(%ts, %is) : (tensor<64x67xi1>, tensor<40xi64>) -> tensor<40x67xi1>
  %r0d = tensor.cast %r0 : tensor<40x67xi1> to tensor<?x?xi1>
  %b0 = call @compare_i1(%r0d, %c0) : (tensor<?x?xi1>, index) -> index
  %r1 = call @rows_dyn_i1(%table, %idx) : (tensor<?x?xi1>, tensor<?xi64>) -> tensor<?x?xi1>
  %b1 = call @compare_i1(%r1, %c0) : (tensor<?x?xi1>, index) -> index
  %small = call @table_i1(%c8, %c67) : (index, index) -> tensor<?x?xi1>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_i1(%small, %idx67) : (tensor<?x?xi1>, tensor<?xi64>) -> tensor<?x?xi1>
  %b2 = call @compare_i1(%r2, %c1) : (tensor<?x?xi1>, index) -> index
  %flat = call @table_i1(%c1, %c4288) : (index, index) -> tensor<?x?xi1>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xi1> into tensor<?xi1>
  %f1s = tensor.cast %f1 : tensor<?xi1> to tensor<4288xi1>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_i1(%f1s, %i100) : (tensor<4288xi1>, tensor<100xi64>) -> tensor<100xi1>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xi1> into tensor<1x100xi1>
  %r3d = tensor.cast %r3e : tensor<1x100xi1> to tensor<?x?xi1>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_i1(%c0, %p) : (index, index) -> i1
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xi1>
    %same = arith.cmpi eq, %got, %want : i1
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "i1: rows 2680 "
  vector.print %b0 : index
  vector.print str "i1: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "i1: inner axis 320 "
  vector.print %b2 : index
  vector.print str "i1: element 100 "
  vector.print %b3 : index
  return
}


// ---- i8
func.func @value_i8(%k: index, %c: index) -> i8 {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %t = arith.trunci %v : i64 to i8
  return %t : i8
}
func.func @table_i8(%rows: index, %cols: index) -> tensor<?x?xi8> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_i8(%k, %c) : (index, index) -> i8
    tensor.yield %x : i8
  } : tensor<?x?xi8>
  return %t : tensor<?x?xi8>
}
func.func @rows_i8(%d: tensor<64x67xi8>, %i: tensor<40xi64>) -> tensor<40x67xi8> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xi8>, tensor<40xi64>
  return %r : tensor<40x67xi8>
}
func.func @rows_dyn_i8(%d: tensor<?x?xi8>, %i: tensor<?xi64>) -> tensor<?x?xi8> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xi8>, tensor<?xi64>
  return %r : tensor<?x?xi8>
}
func.func @inner_i8(%d: tensor<?x?xi8>, %i: tensor<?xi64>) -> tensor<?x?xi8> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi8>, tensor<?xi64>
  return %r : tensor<?x?xi8>
}
func.func @element_i8(%d: tensor<4288xi8>, %i: tensor<100xi64>) -> tensor<100xi8> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xi8>, tensor<100xi64>
  return %r : tensor<100xi8>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_i8(%out: tensor<?x?xi8>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xi8>
  %m = tensor.dim %out, %c1 : tensor<?x?xi8>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_i8(%row, %col) : (index, index) -> i8
      %got = tensor.extract %out[%j, %c] : tensor<?x?xi8>
      %same = arith.cmpi eq, %got, %want : i8
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_i8() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_i8(%c64, %c67) : (index, index) -> tensor<?x?xi8>
  %ts = tensor.cast %table : tensor<?x?xi8> to tensor<64x67xi8>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_i8(%ts, %is) : (tensor<64x67xi8>, tensor<40xi64>) -> tensor<40x67xi8>
  %r0d = tensor.cast %r0 : tensor<40x67xi8> to tensor<?x?xi8>
  %b0 = call @compare_i8(%r0d, %c0) : (tensor<?x?xi8>, index) -> index
  %r1 = call @rows_dyn_i8(%table, %idx) : (tensor<?x?xi8>, tensor<?xi64>) -> tensor<?x?xi8>
  %b1 = call @compare_i8(%r1, %c0) : (tensor<?x?xi8>, index) -> index
  %small = call @table_i8(%c8, %c67) : (index, index) -> tensor<?x?xi8>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_i8(%small, %idx67) : (tensor<?x?xi8>, tensor<?xi64>) -> tensor<?x?xi8>
  %b2 = call @compare_i8(%r2, %c1) : (tensor<?x?xi8>, index) -> index
  %flat = call @table_i8(%c1, %c4288) : (index, index) -> tensor<?x?xi8>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xi8> into tensor<?xi8>
  %f1s = tensor.cast %f1 : tensor<?xi8> to tensor<4288xi8>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_i8(%f1s, %i100) : (tensor<4288xi8>, tensor<100xi64>) -> tensor<100xi8>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xi8> into tensor<1x100xi8>
  %r3d = tensor.cast %r3e : tensor<1x100xi8> to tensor<?x?xi8>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_i8(%c0, %p) : (index, index) -> i8
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xi8>
    %same = arith.cmpi eq, %got, %want : i8
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "i8: rows 2680 "
  vector.print %b0 : index
  vector.print str "i8: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "i8: inner axis 320 "
  vector.print %b2 : index
  vector.print str "i8: element 100 "
  vector.print %b3 : index
  return
}


// ---- i16
func.func @value_i16(%k: index, %c: index) -> i16 {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %t = arith.trunci %v : i64 to i16
  return %t : i16
}
func.func @table_i16(%rows: index, %cols: index) -> tensor<?x?xi16> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_i16(%k, %c) : (index, index) -> i16
    tensor.yield %x : i16
  } : tensor<?x?xi16>
  return %t : tensor<?x?xi16>
}
func.func @rows_i16(%d: tensor<64x67xi16>, %i: tensor<40xi64>) -> tensor<40x67xi16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xi16>, tensor<40xi64>
  return %r : tensor<40x67xi16>
}
func.func @rows_dyn_i16(%d: tensor<?x?xi16>, %i: tensor<?xi64>) -> tensor<?x?xi16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xi16>, tensor<?xi64>
  return %r : tensor<?x?xi16>
}
func.func @inner_i16(%d: tensor<?x?xi16>, %i: tensor<?xi64>) -> tensor<?x?xi16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi16>, tensor<?xi64>
  return %r : tensor<?x?xi16>
}
func.func @element_i16(%d: tensor<4288xi16>, %i: tensor<100xi64>) -> tensor<100xi16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xi16>, tensor<100xi64>
  return %r : tensor<100xi16>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_i16(%out: tensor<?x?xi16>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xi16>
  %m = tensor.dim %out, %c1 : tensor<?x?xi16>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_i16(%row, %col) : (index, index) -> i16
      %got = tensor.extract %out[%j, %c] : tensor<?x?xi16>
      %same = arith.cmpi eq, %got, %want : i16
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_i16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_i16(%c64, %c67) : (index, index) -> tensor<?x?xi16>
  %ts = tensor.cast %table : tensor<?x?xi16> to tensor<64x67xi16>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_i16(%ts, %is) : (tensor<64x67xi16>, tensor<40xi64>) -> tensor<40x67xi16>
  %r0d = tensor.cast %r0 : tensor<40x67xi16> to tensor<?x?xi16>
  %b0 = call @compare_i16(%r0d, %c0) : (tensor<?x?xi16>, index) -> index
  %r1 = call @rows_dyn_i16(%table, %idx) : (tensor<?x?xi16>, tensor<?xi64>) -> tensor<?x?xi16>
  %b1 = call @compare_i16(%r1, %c0) : (tensor<?x?xi16>, index) -> index
  %small = call @table_i16(%c8, %c67) : (index, index) -> tensor<?x?xi16>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_i16(%small, %idx67) : (tensor<?x?xi16>, tensor<?xi64>) -> tensor<?x?xi16>
  %b2 = call @compare_i16(%r2, %c1) : (tensor<?x?xi16>, index) -> index
  %flat = call @table_i16(%c1, %c4288) : (index, index) -> tensor<?x?xi16>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xi16> into tensor<?xi16>
  %f1s = tensor.cast %f1 : tensor<?xi16> to tensor<4288xi16>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_i16(%f1s, %i100) : (tensor<4288xi16>, tensor<100xi64>) -> tensor<100xi16>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xi16> into tensor<1x100xi16>
  %r3d = tensor.cast %r3e : tensor<1x100xi16> to tensor<?x?xi16>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_i16(%c0, %p) : (index, index) -> i16
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xi16>
    %same = arith.cmpi eq, %got, %want : i16
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "i16: rows 2680 "
  vector.print %b0 : index
  vector.print str "i16: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "i16: inner axis 320 "
  vector.print %b2 : index
  vector.print str "i16: element 100 "
  vector.print %b3 : index
  return
}


// ---- i32
func.func @value_i32(%k: index, %c: index) -> i32 {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %t = arith.trunci %v : i64 to i32
  return %t : i32
}
func.func @table_i32(%rows: index, %cols: index) -> tensor<?x?xi32> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_i32(%k, %c) : (index, index) -> i32
    tensor.yield %x : i32
  } : tensor<?x?xi32>
  return %t : tensor<?x?xi32>
}
func.func @rows_i32(%d: tensor<64x67xi32>, %i: tensor<40xi64>) -> tensor<40x67xi32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xi32>, tensor<40xi64>
  return %r : tensor<40x67xi32>
}
func.func @rows_dyn_i32(%d: tensor<?x?xi32>, %i: tensor<?xi64>) -> tensor<?x?xi32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xi32>, tensor<?xi64>
  return %r : tensor<?x?xi32>
}
func.func @inner_i32(%d: tensor<?x?xi32>, %i: tensor<?xi64>) -> tensor<?x?xi32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi32>, tensor<?xi64>
  return %r : tensor<?x?xi32>
}
func.func @element_i32(%d: tensor<4288xi32>, %i: tensor<100xi64>) -> tensor<100xi32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xi32>, tensor<100xi64>
  return %r : tensor<100xi32>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_i32(%out: tensor<?x?xi32>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xi32>
  %m = tensor.dim %out, %c1 : tensor<?x?xi32>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_i32(%row, %col) : (index, index) -> i32
      %got = tensor.extract %out[%j, %c] : tensor<?x?xi32>
      %same = arith.cmpi eq, %got, %want : i32
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_i32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_i32(%c64, %c67) : (index, index) -> tensor<?x?xi32>
  %ts = tensor.cast %table : tensor<?x?xi32> to tensor<64x67xi32>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_i32(%ts, %is) : (tensor<64x67xi32>, tensor<40xi64>) -> tensor<40x67xi32>
  %r0d = tensor.cast %r0 : tensor<40x67xi32> to tensor<?x?xi32>
  %b0 = call @compare_i32(%r0d, %c0) : (tensor<?x?xi32>, index) -> index
  %r1 = call @rows_dyn_i32(%table, %idx) : (tensor<?x?xi32>, tensor<?xi64>) -> tensor<?x?xi32>
  %b1 = call @compare_i32(%r1, %c0) : (tensor<?x?xi32>, index) -> index
  %small = call @table_i32(%c8, %c67) : (index, index) -> tensor<?x?xi32>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_i32(%small, %idx67) : (tensor<?x?xi32>, tensor<?xi64>) -> tensor<?x?xi32>
  %b2 = call @compare_i32(%r2, %c1) : (tensor<?x?xi32>, index) -> index
  %flat = call @table_i32(%c1, %c4288) : (index, index) -> tensor<?x?xi32>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xi32> into tensor<?xi32>
  %f1s = tensor.cast %f1 : tensor<?xi32> to tensor<4288xi32>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_i32(%f1s, %i100) : (tensor<4288xi32>, tensor<100xi64>) -> tensor<100xi32>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xi32> into tensor<1x100xi32>
  %r3d = tensor.cast %r3e : tensor<1x100xi32> to tensor<?x?xi32>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_i32(%c0, %p) : (index, index) -> i32
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xi32>
    %same = arith.cmpi eq, %got, %want : i32
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "i32: rows 2680 "
  vector.print %b0 : index
  vector.print str "i32: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "i32: inner axis 320 "
  vector.print %b2 : index
  vector.print str "i32: element 100 "
  vector.print %b3 : index
  return
}


// ---- i64
func.func @value_i64(%k: index, %c: index) -> i64 {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %t = arith.addi %v, %v : i64
  return %t : i64
}
func.func @table_i64(%rows: index, %cols: index) -> tensor<?x?xi64> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_i64(%k, %c) : (index, index) -> i64
    tensor.yield %x : i64
  } : tensor<?x?xi64>
  return %t : tensor<?x?xi64>
}
func.func @rows_i64(%d: tensor<64x67xi64>, %i: tensor<40xi64>) -> tensor<40x67xi64> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xi64>, tensor<40xi64>
  return %r : tensor<40x67xi64>
}
func.func @rows_dyn_i64(%d: tensor<?x?xi64>, %i: tensor<?xi64>) -> tensor<?x?xi64> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xi64>, tensor<?xi64>
  return %r : tensor<?x?xi64>
}
func.func @inner_i64(%d: tensor<?x?xi64>, %i: tensor<?xi64>) -> tensor<?x?xi64> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi64>, tensor<?xi64>
  return %r : tensor<?x?xi64>
}
func.func @element_i64(%d: tensor<4288xi64>, %i: tensor<100xi64>) -> tensor<100xi64> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xi64>, tensor<100xi64>
  return %r : tensor<100xi64>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_i64(%out: tensor<?x?xi64>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xi64>
  %m = tensor.dim %out, %c1 : tensor<?x?xi64>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_i64(%row, %col) : (index, index) -> i64
      %got = tensor.extract %out[%j, %c] : tensor<?x?xi64>
      %same = arith.cmpi eq, %got, %want : i64
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_i64() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_i64(%c64, %c67) : (index, index) -> tensor<?x?xi64>
  %ts = tensor.cast %table : tensor<?x?xi64> to tensor<64x67xi64>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_i64(%ts, %is) : (tensor<64x67xi64>, tensor<40xi64>) -> tensor<40x67xi64>
  %r0d = tensor.cast %r0 : tensor<40x67xi64> to tensor<?x?xi64>
  %b0 = call @compare_i64(%r0d, %c0) : (tensor<?x?xi64>, index) -> index
  %r1 = call @rows_dyn_i64(%table, %idx) : (tensor<?x?xi64>, tensor<?xi64>) -> tensor<?x?xi64>
  %b1 = call @compare_i64(%r1, %c0) : (tensor<?x?xi64>, index) -> index
  %small = call @table_i64(%c8, %c67) : (index, index) -> tensor<?x?xi64>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_i64(%small, %idx67) : (tensor<?x?xi64>, tensor<?xi64>) -> tensor<?x?xi64>
  %b2 = call @compare_i64(%r2, %c1) : (tensor<?x?xi64>, index) -> index
  %flat = call @table_i64(%c1, %c4288) : (index, index) -> tensor<?x?xi64>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xi64> into tensor<?xi64>
  %f1s = tensor.cast %f1 : tensor<?xi64> to tensor<4288xi64>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_i64(%f1s, %i100) : (tensor<4288xi64>, tensor<100xi64>) -> tensor<100xi64>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xi64> into tensor<1x100xi64>
  %r3d = tensor.cast %r3e : tensor<1x100xi64> to tensor<?x?xi64>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_i64(%c0, %p) : (index, index) -> i64
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xi64>
    %same = arith.cmpi eq, %got, %want : i64
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "i64: rows 2680 "
  vector.print %b0 : index
  vector.print str "i64: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "i64: inner axis 320 "
  vector.print %b2 : index
  vector.print str "i64: element 100 "
  vector.print %b3 : index
  return
}


// ---- f16
func.func @value_f16(%k: index, %c: index) -> f16 {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %t = arith.sitofp %v : i64 to f16
  return %t : f16
}
func.func @table_f16(%rows: index, %cols: index) -> tensor<?x?xf16> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_f16(%k, %c) : (index, index) -> f16
    tensor.yield %x : f16
  } : tensor<?x?xf16>
  return %t : tensor<?x?xf16>
}
func.func @rows_f16(%d: tensor<64x67xf16>, %i: tensor<40xi64>) -> tensor<40x67xf16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xf16>, tensor<40xi64>
  return %r : tensor<40x67xf16>
}
func.func @rows_dyn_f16(%d: tensor<?x?xf16>, %i: tensor<?xi64>) -> tensor<?x?xf16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xf16>, tensor<?xi64>
  return %r : tensor<?x?xf16>
}
func.func @inner_f16(%d: tensor<?x?xf16>, %i: tensor<?xi64>) -> tensor<?x?xf16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf16>, tensor<?xi64>
  return %r : tensor<?x?xf16>
}
func.func @element_f16(%d: tensor<4288xf16>, %i: tensor<100xi64>) -> tensor<100xf16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xf16>, tensor<100xi64>
  return %r : tensor<100xf16>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_f16(%out: tensor<?x?xf16>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xf16>
  %m = tensor.dim %out, %c1 : tensor<?x?xf16>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_f16(%row, %col) : (index, index) -> f16
      %got = tensor.extract %out[%j, %c] : tensor<?x?xf16>
      %same = arith.cmpf oeq, %got, %want : f16
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_f16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_f16(%c64, %c67) : (index, index) -> tensor<?x?xf16>
  %ts = tensor.cast %table : tensor<?x?xf16> to tensor<64x67xf16>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_f16(%ts, %is) : (tensor<64x67xf16>, tensor<40xi64>) -> tensor<40x67xf16>
  %r0d = tensor.cast %r0 : tensor<40x67xf16> to tensor<?x?xf16>
  %b0 = call @compare_f16(%r0d, %c0) : (tensor<?x?xf16>, index) -> index
  %r1 = call @rows_dyn_f16(%table, %idx) : (tensor<?x?xf16>, tensor<?xi64>) -> tensor<?x?xf16>
  %b1 = call @compare_f16(%r1, %c0) : (tensor<?x?xf16>, index) -> index
  %small = call @table_f16(%c8, %c67) : (index, index) -> tensor<?x?xf16>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_f16(%small, %idx67) : (tensor<?x?xf16>, tensor<?xi64>) -> tensor<?x?xf16>
  %b2 = call @compare_f16(%r2, %c1) : (tensor<?x?xf16>, index) -> index
  %flat = call @table_f16(%c1, %c4288) : (index, index) -> tensor<?x?xf16>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xf16> into tensor<?xf16>
  %f1s = tensor.cast %f1 : tensor<?xf16> to tensor<4288xf16>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_f16(%f1s, %i100) : (tensor<4288xf16>, tensor<100xi64>) -> tensor<100xf16>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xf16> into tensor<1x100xf16>
  %r3d = tensor.cast %r3e : tensor<1x100xf16> to tensor<?x?xf16>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_f16(%c0, %p) : (index, index) -> f16
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xf16>
    %same = arith.cmpf oeq, %got, %want : f16
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "f16: rows 2680 "
  vector.print %b0 : index
  vector.print str "f16: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "f16: inner axis 320 "
  vector.print %b2 : index
  vector.print str "f16: element 100 "
  vector.print %b3 : index
  return
}


// ---- bf16
func.func @value_bf16(%k: index, %c: index) -> bf16 {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %r = arith.remui %v, %c256 : i64
  %t = arith.sitofp %r : i64 to bf16
  return %t : bf16
}
func.func @table_bf16(%rows: index, %cols: index) -> tensor<?x?xbf16> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_bf16(%k, %c) : (index, index) -> bf16
    tensor.yield %x : bf16
  } : tensor<?x?xbf16>
  return %t : tensor<?x?xbf16>
}
func.func @rows_bf16(%d: tensor<64x67xbf16>, %i: tensor<40xi64>) -> tensor<40x67xbf16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xbf16>, tensor<40xi64>
  return %r : tensor<40x67xbf16>
}
func.func @rows_dyn_bf16(%d: tensor<?x?xbf16>, %i: tensor<?xi64>) -> tensor<?x?xbf16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xbf16>, tensor<?xi64>
  return %r : tensor<?x?xbf16>
}
func.func @inner_bf16(%d: tensor<?x?xbf16>, %i: tensor<?xi64>) -> tensor<?x?xbf16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xbf16>, tensor<?xi64>
  return %r : tensor<?x?xbf16>
}
func.func @element_bf16(%d: tensor<4288xbf16>, %i: tensor<100xi64>) -> tensor<100xbf16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xbf16>, tensor<100xi64>
  return %r : tensor<100xbf16>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_bf16(%out: tensor<?x?xbf16>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xbf16>
  %m = tensor.dim %out, %c1 : tensor<?x?xbf16>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_bf16(%row, %col) : (index, index) -> bf16
      %got = tensor.extract %out[%j, %c] : tensor<?x?xbf16>
      %same = arith.cmpf oeq, %got, %want : bf16
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_bf16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_bf16(%c64, %c67) : (index, index) -> tensor<?x?xbf16>
  %ts = tensor.cast %table : tensor<?x?xbf16> to tensor<64x67xbf16>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_bf16(%ts, %is) : (tensor<64x67xbf16>, tensor<40xi64>) -> tensor<40x67xbf16>
  %r0d = tensor.cast %r0 : tensor<40x67xbf16> to tensor<?x?xbf16>
  %b0 = call @compare_bf16(%r0d, %c0) : (tensor<?x?xbf16>, index) -> index
  %r1 = call @rows_dyn_bf16(%table, %idx) : (tensor<?x?xbf16>, tensor<?xi64>) -> tensor<?x?xbf16>
  %b1 = call @compare_bf16(%r1, %c0) : (tensor<?x?xbf16>, index) -> index
  %small = call @table_bf16(%c8, %c67) : (index, index) -> tensor<?x?xbf16>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_bf16(%small, %idx67) : (tensor<?x?xbf16>, tensor<?xi64>) -> tensor<?x?xbf16>
  %b2 = call @compare_bf16(%r2, %c1) : (tensor<?x?xbf16>, index) -> index
  %flat = call @table_bf16(%c1, %c4288) : (index, index) -> tensor<?x?xbf16>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xbf16> into tensor<?xbf16>
  %f1s = tensor.cast %f1 : tensor<?xbf16> to tensor<4288xbf16>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_bf16(%f1s, %i100) : (tensor<4288xbf16>, tensor<100xi64>) -> tensor<100xbf16>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xbf16> into tensor<1x100xbf16>
  %r3d = tensor.cast %r3e : tensor<1x100xbf16> to tensor<?x?xbf16>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_bf16(%c0, %p) : (index, index) -> bf16
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xbf16>
    %same = arith.cmpf oeq, %got, %want : bf16
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "bf16: rows 2680 "
  vector.print %b0 : index
  vector.print str "bf16: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "bf16: inner axis 320 "
  vector.print %b2 : index
  vector.print str "bf16: element 100 "
  vector.print %b3 : index
  return
}


// ---- f32
func.func @value_f32(%k: index, %c: index) -> f32 {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %t = arith.sitofp %v : i64 to f32
  return %t : f32
}
func.func @table_f32(%rows: index, %cols: index) -> tensor<?x?xf32> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_f32(%k, %c) : (index, index) -> f32
    tensor.yield %x : f32
  } : tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}
func.func @rows_f32(%d: tensor<64x67xf32>, %i: tensor<40xi64>) -> tensor<40x67xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xf32>, tensor<40xi64>
  return %r : tensor<40x67xf32>
}
func.func @rows_dyn_f32(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @inner_f32(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
func.func @element_f32(%d: tensor<4288xf32>, %i: tensor<100xi64>) -> tensor<100xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xf32>, tensor<100xi64>
  return %r : tensor<100xf32>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_f32(%out: tensor<?x?xf32>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xf32>
  %m = tensor.dim %out, %c1 : tensor<?x?xf32>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_f32(%row, %col) : (index, index) -> f32
      %got = tensor.extract %out[%j, %c] : tensor<?x?xf32>
      %same = arith.cmpf oeq, %got, %want : f32
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_f32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_f32(%c64, %c67) : (index, index) -> tensor<?x?xf32>
  %ts = tensor.cast %table : tensor<?x?xf32> to tensor<64x67xf32>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_f32(%ts, %is) : (tensor<64x67xf32>, tensor<40xi64>) -> tensor<40x67xf32>
  %r0d = tensor.cast %r0 : tensor<40x67xf32> to tensor<?x?xf32>
  %b0 = call @compare_f32(%r0d, %c0) : (tensor<?x?xf32>, index) -> index
  %r1 = call @rows_dyn_f32(%table, %idx) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %b1 = call @compare_f32(%r1, %c0) : (tensor<?x?xf32>, index) -> index
  %small = call @table_f32(%c8, %c67) : (index, index) -> tensor<?x?xf32>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_f32(%small, %idx67) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %b2 = call @compare_f32(%r2, %c1) : (tensor<?x?xf32>, index) -> index
  %flat = call @table_f32(%c1, %c4288) : (index, index) -> tensor<?x?xf32>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %f1s = tensor.cast %f1 : tensor<?xf32> to tensor<4288xf32>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_f32(%f1s, %i100) : (tensor<4288xf32>, tensor<100xi64>) -> tensor<100xf32>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xf32> into tensor<1x100xf32>
  %r3d = tensor.cast %r3e : tensor<1x100xf32> to tensor<?x?xf32>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_f32(%c0, %p) : (index, index) -> f32
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xf32>
    %same = arith.cmpf oeq, %got, %want : f32
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "f32: rows 2680 "
  vector.print %b0 : index
  vector.print str "f32: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "f32: inner axis 320 "
  vector.print %b2 : index
  vector.print str "f32: element 100 "
  vector.print %b3 : index
  return
}


// ---- f64
func.func @value_f64(%k: index, %c: index) -> f64 {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %t = arith.sitofp %v : i64 to f64
  return %t : f64
}
func.func @table_f64(%rows: index, %cols: index) -> tensor<?x?xf64> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_f64(%k, %c) : (index, index) -> f64
    tensor.yield %x : f64
  } : tensor<?x?xf64>
  return %t : tensor<?x?xf64>
}
func.func @rows_f64(%d: tensor<64x67xf64>, %i: tensor<40xi64>) -> tensor<40x67xf64> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xf64>, tensor<40xi64>
  return %r : tensor<40x67xf64>
}
func.func @rows_dyn_f64(%d: tensor<?x?xf64>, %i: tensor<?xi64>) -> tensor<?x?xf64> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xf64>, tensor<?xi64>
  return %r : tensor<?x?xf64>
}
func.func @inner_f64(%d: tensor<?x?xf64>, %i: tensor<?xi64>) -> tensor<?x?xf64> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf64>, tensor<?xi64>
  return %r : tensor<?x?xf64>
}
func.func @element_f64(%d: tensor<4288xf64>, %i: tensor<100xi64>) -> tensor<100xf64> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xf64>, tensor<100xi64>
  return %r : tensor<100xf64>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_f64(%out: tensor<?x?xf64>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xf64>
  %m = tensor.dim %out, %c1 : tensor<?x?xf64>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_f64(%row, %col) : (index, index) -> f64
      %got = tensor.extract %out[%j, %c] : tensor<?x?xf64>
      %same = arith.cmpf oeq, %got, %want : f64
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_f64() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_f64(%c64, %c67) : (index, index) -> tensor<?x?xf64>
  %ts = tensor.cast %table : tensor<?x?xf64> to tensor<64x67xf64>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_f64(%ts, %is) : (tensor<64x67xf64>, tensor<40xi64>) -> tensor<40x67xf64>
  %r0d = tensor.cast %r0 : tensor<40x67xf64> to tensor<?x?xf64>
  %b0 = call @compare_f64(%r0d, %c0) : (tensor<?x?xf64>, index) -> index
  %r1 = call @rows_dyn_f64(%table, %idx) : (tensor<?x?xf64>, tensor<?xi64>) -> tensor<?x?xf64>
  %b1 = call @compare_f64(%r1, %c0) : (tensor<?x?xf64>, index) -> index
  %small = call @table_f64(%c8, %c67) : (index, index) -> tensor<?x?xf64>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_f64(%small, %idx67) : (tensor<?x?xf64>, tensor<?xi64>) -> tensor<?x?xf64>
  %b2 = call @compare_f64(%r2, %c1) : (tensor<?x?xf64>, index) -> index
  %flat = call @table_f64(%c1, %c4288) : (index, index) -> tensor<?x?xf64>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xf64> into tensor<?xf64>
  %f1s = tensor.cast %f1 : tensor<?xf64> to tensor<4288xf64>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_f64(%f1s, %i100) : (tensor<4288xf64>, tensor<100xi64>) -> tensor<100xf64>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xf64> into tensor<1x100xf64>
  %r3d = tensor.cast %r3e : tensor<1x100xf64> to tensor<?x?xf64>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_f64(%c0, %p) : (index, index) -> f64
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xf64>
    %same = arith.cmpf oeq, %got, %want : f64
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "f64: rows 2680 "
  vector.print %b0 : index
  vector.print str "f64: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "f64: inner axis 320 "
  vector.print %b2 : index
  vector.print str "f64: element 100 "
  vector.print %b3 : index
  return
}


// ---- complex<f32>
func.func @value_c32(%k: index, %c: index) -> complex<f32> {
  %c67 = arith.constant 67 : index
  %c256 = arith.constant 256 : i64
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %re = arith.sitofp %v : i64 to f32
  %im = arith.negf %re : f32
  %t = complex.create %re, %im : complex<f32>
  return %t : complex<f32>
}
func.func @table_c32(%rows: index, %cols: index) -> tensor<?x?xcomplex<f32>> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value_c32(%k, %c) : (index, index) -> complex<f32>
    tensor.yield %x : complex<f32>
  } : tensor<?x?xcomplex<f32>>
  return %t : tensor<?x?xcomplex<f32>>
}
func.func @rows_c32(%d: tensor<64x67xcomplex<f32>>, %i: tensor<40xi64>) -> tensor<40x67xcomplex<f32>> {
  %r = gather.gather %d[%i] axis = 0 : tensor<64x67xcomplex<f32>>, tensor<40xi64>
  return %r : tensor<40x67xcomplex<f32>>
}
func.func @rows_dyn_c32(%d: tensor<?x?xcomplex<f32>>, %i: tensor<?xi64>) -> tensor<?x?xcomplex<f32>> {
  %r = gather.gather %d[%i] axis = 0 : tensor<?x?xcomplex<f32>>, tensor<?xi64>
  return %r : tensor<?x?xcomplex<f32>>
}
func.func @inner_c32(%d: tensor<?x?xcomplex<f32>>, %i: tensor<?xi64>) -> tensor<?x?xcomplex<f32>> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xcomplex<f32>>, tensor<?xi64>
  return %r : tensor<?x?xcomplex<f32>>
}
func.func @element_c32(%d: tensor<4288xcomplex<f32>>, %i: tensor<100xi64>) -> tensor<100xcomplex<f32>> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4288xcomplex<f32>>, tensor<100xi64>
  return %r : tensor<100xcomplex<f32>>
}
/// Compares out[j, c] with value(row(j, c), col(j, c)) over a [n, m] result;
/// `mode` 0: rows (row = position(j, 64), col = c), 1: inner axis (row = j,
/// col = position(c, 67)). Returns the number of differences.
func.func @compare_c32(%out: tensor<?x?xcomplex<f32>>, %mode: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xcomplex<f32>>
  %m = tensor.dim %out, %c1 : tensor<?x?xcomplex<f32>>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %c64) : (index, index) -> index
      %pc = func.call @position(%c, %c67) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value_c32(%row, %col) : (index, index) -> complex<f32>
      %got = tensor.extract %out[%j, %c] : tensor<?x?xcomplex<f32>>
      %gre = complex.re %got : complex<f32>
    %wre = complex.re %want : complex<f32>
    %gim = complex.im %got : complex<f32>
    %wim = complex.im %want : complex<f32>
    %sre = arith.cmpf oeq, %gre, %wre : f32
    %sim = arith.cmpf oeq, %gim, %wim : f32
    %same = arith.andi %sre, %sim : i1
      %one = arith.select %same, %c0, %c1 : index
      %next = arith.addi %acc2, %one : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %bad : index
}
func.func @run_c32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c100 = arith.constant 100 : index
  %c4288 = arith.constant 4288 : index
  %table = call @table_c32(%c64, %c67) : (index, index) -> tensor<?x?xcomplex<f32>>
  %ts = tensor.cast %table : tensor<?x?xcomplex<f32>> to tensor<64x67xcomplex<f32>>
  %idx = call @indices(%c40, %c64) : (index, index) -> tensor<?xi64>
  %is = tensor.cast %idx : tensor<?xi64> to tensor<40xi64>
  %r0 = call @rows_c32(%ts, %is) : (tensor<64x67xcomplex<f32>>, tensor<40xi64>) -> tensor<40x67xcomplex<f32>>
  %r0d = tensor.cast %r0 : tensor<40x67xcomplex<f32>> to tensor<?x?xcomplex<f32>>
  %b0 = call @compare_c32(%r0d, %c0) : (tensor<?x?xcomplex<f32>>, index) -> index
  %r1 = call @rows_dyn_c32(%table, %idx) : (tensor<?x?xcomplex<f32>>, tensor<?xi64>) -> tensor<?x?xcomplex<f32>>
  %b1 = call @compare_c32(%r1, %c0) : (tensor<?x?xcomplex<f32>>, index) -> index
  %small = call @table_c32(%c8, %c67) : (index, index) -> tensor<?x?xcomplex<f32>>
  %idx67 = call @indices(%c40, %c67) : (index, index) -> tensor<?xi64>
  %r2 = call @inner_c32(%small, %idx67) : (tensor<?x?xcomplex<f32>>, tensor<?xi64>) -> tensor<?x?xcomplex<f32>>
  %b2 = call @compare_c32(%r2, %c1) : (tensor<?x?xcomplex<f32>>, index) -> index
  %flat = call @table_c32(%c1, %c4288) : (index, index) -> tensor<?x?xcomplex<f32>>
  %f1 = tensor.collapse_shape %flat [[0, 1]] : tensor<?x?xcomplex<f32>> into tensor<?xcomplex<f32>>
  %f1s = tensor.cast %f1 : tensor<?xcomplex<f32>> to tensor<4288xcomplex<f32>>
  %idx4288 = call @indices(%c100, %c4288) : (index, index) -> tensor<?xi64>
  %i100 = tensor.cast %idx4288 : tensor<?xi64> to tensor<100xi64>
  %r3 = call @element_c32(%f1s, %i100) : (tensor<4288xcomplex<f32>>, tensor<100xi64>) -> tensor<100xcomplex<f32>>
  %r3e = tensor.expand_shape %r3 [[0, 1]] output_shape [1, 100] : tensor<100xcomplex<f32>> into tensor<1x100xcomplex<f32>>
  %r3d = tensor.cast %r3e : tensor<1x100xcomplex<f32>> to tensor<?x?xcomplex<f32>>
  // A [1, 100] result read as the inner-axis comparison against a [1, 4288]
  // table: row 0, column position(c, 4288) -- compared here directly.
  %b3 = scf.for %c = %c0 to %c100 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = func.call @position(%c, %c4288) : (index, index) -> index
    %want = func.call @value_c32(%c0, %p) : (index, index) -> complex<f32>
    %got = tensor.extract %r3d[%c0, %c] : tensor<?x?xcomplex<f32>>
    %gre = complex.re %got : complex<f32>
    %wre = complex.re %want : complex<f32>
    %gim = complex.im %got : complex<f32>
    %wim = complex.im %want : complex<f32>
    %sre = arith.cmpf oeq, %gre, %wre : f32
    %sim = arith.cmpf oeq, %gim, %wim : f32
    %same = arith.andi %sre, %sim : i1
    %one = arith.select %same, %c0, %c1 : index
    %next = arith.addi %acc, %one : index
    scf.yield %next : index
  }
  vector.print str "c32: rows 2680 "
  vector.print %b0 : index
  vector.print str "c32: dynamic rows 2680 "
  vector.print %b1 : index
  vector.print str "c32: inner axis 320 "
  vector.print %b2 : index
  vector.print str "c32: element 100 "
  vector.print %b3 : index
  return
}


func.func @main() {
  call @run_i1() : () -> ()
  // CHECK: i1: rows 2680 0
  // CHECK-NEXT: i1: dynamic rows 2680 0
  // CHECK-NEXT: i1: inner axis 320 0
  // CHECK-NEXT: i1: element 100 0
  call @run_i8() : () -> ()
  // CHECK: i8: rows 2680 0
  // CHECK-NEXT: i8: dynamic rows 2680 0
  // CHECK-NEXT: i8: inner axis 320 0
  // CHECK-NEXT: i8: element 100 0
  call @run_i16() : () -> ()
  // CHECK: i16: rows 2680 0
  // CHECK-NEXT: i16: dynamic rows 2680 0
  // CHECK-NEXT: i16: inner axis 320 0
  // CHECK-NEXT: i16: element 100 0
  call @run_i32() : () -> ()
  // CHECK: i32: rows 2680 0
  // CHECK-NEXT: i32: dynamic rows 2680 0
  // CHECK-NEXT: i32: inner axis 320 0
  // CHECK-NEXT: i32: element 100 0
  call @run_i64() : () -> ()
  // CHECK: i64: rows 2680 0
  // CHECK-NEXT: i64: dynamic rows 2680 0
  // CHECK-NEXT: i64: inner axis 320 0
  // CHECK-NEXT: i64: element 100 0
  call @run_f16() : () -> ()
  // CHECK: f16: rows 2680 0
  // CHECK-NEXT: f16: dynamic rows 2680 0
  // CHECK-NEXT: f16: inner axis 320 0
  // CHECK-NEXT: f16: element 100 0
  call @run_bf16() : () -> ()
  // CHECK: bf16: rows 2680 0
  // CHECK-NEXT: bf16: dynamic rows 2680 0
  // CHECK-NEXT: bf16: inner axis 320 0
  // CHECK-NEXT: bf16: element 100 0
  call @run_f32() : () -> ()
  // CHECK: f32: rows 2680 0
  // CHECK-NEXT: f32: dynamic rows 2680 0
  // CHECK-NEXT: f32: inner axis 320 0
  // CHECK-NEXT: f32: element 100 0
  call @run_f64() : () -> ()
  // CHECK: f64: rows 2680 0
  // CHECK-NEXT: f64: dynamic rows 2680 0
  // CHECK-NEXT: f64: inner axis 320 0
  // CHECK-NEXT: f64: element 100 0
  call @run_c32() : () -> ()
  // CHECK: c32: rows 2680 0
  // CHECK-NEXT: c32: dynamic rows 2680 0
  // CHECK-NEXT: c32: inner axis 320 0
  // CHECK-NEXT: c32: element 100 0
  return
}

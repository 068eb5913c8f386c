// Slice copies of rows of every run-time length from 0 to 72 elements for
// 8-, 16-, 32- and 64-bit elements: every tail of the masked and of the
// unmasked copies (rows shorter than a vector, between one and four vectors,
// longer; on AVX2 and AVX-512 vector widths), through the run-time choice of
// the form and with each slice form forced. Element (k, c) of the table is
// (k * 67 + c) mod m (m = 2^8, 2^16, 2^11 for f16 and 2^24 for f32/f64,
// all exact); the test compares every output element with that formula at
// the wrapped index, independently of the lowering, and prints per type the
// number of elements compared (70 indices, rows of 0..72 elements: 183,960)
// and the number that differ.
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=masked-tails=0 | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=masked-tails=1 | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="masked-tails=0 form=inline-copy" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="masked-tails=0 form=block-copy" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="masked-tails=0 slice-vector-bytes=16" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="masked-tails=0 slice-vector-bytes=64" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// Non-temporal stores forced (every gather is large enough): the versions
// with them, where aligned rows that hold a vector store whole vectors
// non-temporally and the other rows take the plain copy, and the block
// copy's version for rows of whole vectors that all start aligned (the
// lengths that are multiples of the lane count).
// RUN: gather-opt %s --gather-to-llvm="masked-tails=0 nontemporal-threshold=1" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="masked-tails=1 nontemporal-threshold=1" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="masked-tails=0 nontemporal-threshold=1 slice-vector-bytes=64" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

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
/// (k * 67 + c) mod m.
func.func @code(%k: index, %c: index, %m: index) -> i64 {
  %c67 = arith.constant 67 : index
  %a = arith.muli %k, %c67 : index
  %b = arith.addi %a, %c : index
  %r = arith.remui %b, %m : index
  %v = arith.index_cast %r : index to i64
  return %v : i64
}

// ---- i8
func.func @value_i8(%k: index, %c: index) -> i8 {
  %m = arith.constant 256 : index
  %v = func.call @code(%k, %c, %m) : (index, index, index) -> i64
  %t = arith.trunci %v : i64 to i8
  return %t : i8
}
func.func @gather_i8(%d: tensor<?x?xi8>, %i: tensor<?xi64>) -> tensor<?x?xi8> {
  %r = gather.gather %d[%i] : tensor<?x?xi8>, tensor<?xi64>
  return %r : tensor<?x?xi8>
}
/// The elements of the gather of rows of `len` elements that differ.
func.func @mismatches_i8(%len: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant 13 : index
  %n = arith.constant 70 : index
  %d = tensor.generate %s, %len {
  ^bb0(%k: index, %c: index):
    %v = func.call @value_i8(%k, %c) : (index, index) -> i8
    tensor.yield %v : i8
  } : tensor<?x?xi8>
  %i = tensor.generate %n {
  ^bb0(%j: index):
    %v = func.call @index(%j, %s) : (index, index) -> i64
    tensor.yield %v : i64
  } : tensor<?xi64>
  %r = func.call @gather_i8(%d, %i) : (tensor<?x?xi8>, tensor<?xi64>) -> tensor<?x?xi8>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%b0 = %c0) -> (index) {
    %k = func.call @position(%j, %s) : (index, index) -> index
    %b2 = scf.for %c = %c0 to %len step %c1 iter_args(%b1 = %b0) -> (index) {
      %got = tensor.extract %r[%j, %c] : tensor<?x?xi8>
      %want = func.call @value_i8(%k, %c) : (index, index) -> i8
      %differs = arith.cmpi ne, %got, %want : i8
      %one = arith.select %differs, %c1, %c0 : index
      %b = arith.addi %b1, %one : index
      scf.yield %b : index
    }
    scf.yield %b2 : index
  }
  return %bad : index
}
func.func @check_i8() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c73 = arith.constant 73 : index
  %c70 = arith.constant 70 : index
  %bad, %all = scf.for %len = %c0 to %c73 step %c1 iter_args(%b0 = %c0, %a0 = %c0) -> (index, index) {
    %b = func.call @mismatches_i8(%len) : (index) -> index
    %b1 = arith.addi %b0, %b : index
    %a = arith.muli %len, %c70 : index
    %a1 = arith.addi %a0, %a : index
    scf.yield %b1, %a1 : index, index
  }
  vector.print str "i8: elements "
  vector.print %all : index
  vector.print str "i8: differ "
  vector.print %bad : index
  return
}

// ---- i16
func.func @value_i16(%k: index, %c: index) -> i16 {
  %m = arith.constant 65536 : index
  %v = func.call @code(%k, %c, %m) : (index, index, index) -> i64
  %t = arith.trunci %v : i64 to i16
  return %t : i16
}
func.func @gather_i16(%d: tensor<?x?xi16>, %i: tensor<?xi64>) -> tensor<?x?xi16> {
  %r = gather.gather %d[%i] : tensor<?x?xi16>, tensor<?xi64>
  return %r : tensor<?x?xi16>
}
/// The elements of the gather of rows of `len` elements that differ.
func.func @mismatches_i16(%len: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant 13 : index
  %n = arith.constant 70 : index
  %d = tensor.generate %s, %len {
  ^bb0(%k: index, %c: index):
    %v = func.call @value_i16(%k, %c) : (index, index) -> i16
    tensor.yield %v : i16
  } : tensor<?x?xi16>
  %i = tensor.generate %n {
  ^bb0(%j: index):
    %v = func.call @index(%j, %s) : (index, index) -> i64
    tensor.yield %v : i64
  } : tensor<?xi64>
  %r = func.call @gather_i16(%d, %i) : (tensor<?x?xi16>, tensor<?xi64>) -> tensor<?x?xi16>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%b0 = %c0) -> (index) {
    %k = func.call @position(%j, %s) : (index, index) -> index
    %b2 = scf.for %c = %c0 to %len step %c1 iter_args(%b1 = %b0) -> (index) {
      %got = tensor.extract %r[%j, %c] : tensor<?x?xi16>
      %want = func.call @value_i16(%k, %c) : (index, index) -> i16
      %differs = arith.cmpi ne, %got, %want : i16
      %one = arith.select %differs, %c1, %c0 : index
      %b = arith.addi %b1, %one : index
      scf.yield %b : index
    }
    scf.yield %b2 : index
  }
  return %bad : index
}
func.func @check_i16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c73 = arith.constant 73 : index
  %c70 = arith.constant 70 : index
  %bad, %all = scf.for %len = %c0 to %c73 step %c1 iter_args(%b0 = %c0, %a0 = %c0) -> (index, index) {
    %b = func.call @mismatches_i16(%len) : (index) -> index
    %b1 = arith.addi %b0, %b : index
    %a = arith.muli %len, %c70 : index
    %a1 = arith.addi %a0, %a : index
    scf.yield %b1, %a1 : index, index
  }
  vector.print str "i16: elements "
  vector.print %all : index
  vector.print str "i16: differ "
  vector.print %bad : index
  return
}

// ---- f16
func.func @value_f16(%k: index, %c: index) -> f16 {
  %m = arith.constant 2048 : index
  %v = func.call @code(%k, %c, %m) : (index, index, index) -> i64
  %t = arith.uitofp %v : i64 to f16
  return %t : f16
}
func.func @gather_f16(%d: tensor<?x?xf16>, %i: tensor<?xi64>) -> tensor<?x?xf16> {
  %r = gather.gather %d[%i] : tensor<?x?xf16>, tensor<?xi64>
  return %r : tensor<?x?xf16>
}
/// The elements of the gather of rows of `len` elements that differ.
func.func @mismatches_f16(%len: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant 13 : index
  %n = arith.constant 70 : index
  %d = tensor.generate %s, %len {
  ^bb0(%k: index, %c: index):
    %v = func.call @value_f16(%k, %c) : (index, index) -> f16
    tensor.yield %v : f16
  } : tensor<?x?xf16>
  %i = tensor.generate %n {
  ^bb0(%j: index):
    %v = func.call @index(%j, %s) : (index, index) -> i64
    tensor.yield %v : i64
  } : tensor<?xi64>
  %r = func.call @gather_f16(%d, %i) : (tensor<?x?xf16>, tensor<?xi64>) -> tensor<?x?xf16>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%b0 = %c0) -> (index) {
    %k = func.call @position(%j, %s) : (index, index) -> index
    %b2 = scf.for %c = %c0 to %len step %c1 iter_args(%b1 = %b0) -> (index) {
      %got = tensor.extract %r[%j, %c] : tensor<?x?xf16>
      %want = func.call @value_f16(%k, %c) : (index, index) -> f16
      %differs = arith.cmpf une, %got, %want : f16
      %one = arith.select %differs, %c1, %c0 : index
      %b = arith.addi %b1, %one : index
      scf.yield %b : index
    }
    scf.yield %b2 : index
  }
  return %bad : index
}
func.func @check_f16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c73 = arith.constant 73 : index
  %c70 = arith.constant 70 : index
  %bad, %all = scf.for %len = %c0 to %c73 step %c1 iter_args(%b0 = %c0, %a0 = %c0) -> (index, index) {
    %b = func.call @mismatches_f16(%len) : (index) -> index
    %b1 = arith.addi %b0, %b : index
    %a = arith.muli %len, %c70 : index
    %a1 = arith.addi %a0, %a : index
    scf.yield %b1, %a1 : index, index
  }
  vector.print str "f16: elements "
  vector.print %all : index
  vector.print str "f16: differ "
  vector.print %bad : index
  return
}

// ---- f32
func.func @value_f32(%k: index, %c: index) -> f32 {
  %m = arith.constant 16777216 : index
  %v = func.call @code(%k, %c, %m) : (index, index, index) -> i64
  %t = arith.uitofp %v : i64 to f32
  return %t : f32
}
func.func @gather_f32(%d: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<?xi64>
  return %r : tensor<?x?xf32>
}
/// The elements of the gather of rows of `len` elements that differ.
func.func @mismatches_f32(%len: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant 13 : index
  %n = arith.constant 70 : index
  %d = tensor.generate %s, %len {
  ^bb0(%k: index, %c: index):
    %v = func.call @value_f32(%k, %c) : (index, index) -> f32
    tensor.yield %v : f32
  } : tensor<?x?xf32>
  %i = tensor.generate %n {
  ^bb0(%j: index):
    %v = func.call @index(%j, %s) : (index, index) -> i64
    tensor.yield %v : i64
  } : tensor<?xi64>
  %r = func.call @gather_f32(%d, %i) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%b0 = %c0) -> (index) {
    %k = func.call @position(%j, %s) : (index, index) -> index
    %b2 = scf.for %c = %c0 to %len step %c1 iter_args(%b1 = %b0) -> (index) {
      %got = tensor.extract %r[%j, %c] : tensor<?x?xf32>
      %want = func.call @value_f32(%k, %c) : (index, index) -> f32
      %differs = arith.cmpf une, %got, %want : f32
      %one = arith.select %differs, %c1, %c0 : index
      %b = arith.addi %b1, %one : index
      scf.yield %b : index
    }
    scf.yield %b2 : index
  }
  return %bad : index
}
func.func @check_f32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c73 = arith.constant 73 : index
  %c70 = arith.constant 70 : index
  %bad, %all = scf.for %len = %c0 to %c73 step %c1 iter_args(%b0 = %c0, %a0 = %c0) -> (index, index) {
    %b = func.call @mismatches_f32(%len) : (index) -> index
    %b1 = arith.addi %b0, %b : index
    %a = arith.muli %len, %c70 : index
    %a1 = arith.addi %a0, %a : index
    scf.yield %b1, %a1 : index, index
  }
  vector.print str "f32: elements "
  vector.print %all : index
  vector.print str "f32: differ "
  vector.print %bad : index
  return
}

// ---- f64
func.func @value_f64(%k: index, %c: index) -> f64 {
  %m = arith.constant 16777216 : index
  %v = func.call @code(%k, %c, %m) : (index, index, index) -> i64
  %t = arith.uitofp %v : i64 to f64
  return %t : f64
}
func.func @gather_f64(%d: tensor<?x?xf64>, %i: tensor<?xi64>) -> tensor<?x?xf64> {
  %r = gather.gather %d[%i] : tensor<?x?xf64>, tensor<?xi64>
  return %r : tensor<?x?xf64>
}
/// The elements of the gather of rows of `len` elements that differ.
func.func @mismatches_f64(%len: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant 13 : index
  %n = arith.constant 70 : index
  %d = tensor.generate %s, %len {
  ^bb0(%k: index, %c: index):
    %v = func.call @value_f64(%k, %c) : (index, index) -> f64
    tensor.yield %v : f64
  } : tensor<?x?xf64>
  %i = tensor.generate %n {
  ^bb0(%j: index):
    %v = func.call @index(%j, %s) : (index, index) -> i64
    tensor.yield %v : i64
  } : tensor<?xi64>
  %r = func.call @gather_f64(%d, %i) : (tensor<?x?xf64>, tensor<?xi64>) -> tensor<?x?xf64>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%b0 = %c0) -> (index) {
    %k = func.call @position(%j, %s) : (index, index) -> index
    %b2 = scf.for %c = %c0 to %len step %c1 iter_args(%b1 = %b0) -> (index) {
      %got = tensor.extract %r[%j, %c] : tensor<?x?xf64>
      %want = func.call @value_f64(%k, %c) : (index, index) -> f64
      %differs = arith.cmpf une, %got, %want : f64
      %one = arith.select %differs, %c1, %c0 : index
      %b = arith.addi %b1, %one : index
      scf.yield %b : index
    }
    scf.yield %b2 : index
  }
  return %bad : index
}
func.func @check_f64() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c73 = arith.constant 73 : index
  %c70 = arith.constant 70 : index
  %bad, %all = scf.for %len = %c0 to %c73 step %c1 iter_args(%b0 = %c0, %a0 = %c0) -> (index, index) {
    %b = func.call @mismatches_f64(%len) : (index) -> index
    %b1 = arith.addi %b0, %b : index
    %a = arith.muli %len, %c70 : index
    %a1 = arith.addi %a0, %a : index
    scf.yield %b1, %a1 : index, index
  }
  vector.print str "f64: elements "
  vector.print %all : index
  vector.print str "f64: differ "
  vector.print %bad : index
  return
}

func.func @main() {
  func.call @check_i8() : () -> ()
  func.call @check_i16() : () -> ()
  func.call @check_f16() : () -> ()
  func.call @check_f32() : () -> ()
  func.call @check_f64() : () -> ()
  return
}
// CHECK: i8: elements 183960
// CHECK-NEXT: i8: differ 0
// CHECK-NEXT: i16: elements 183960
// CHECK-NEXT: i16: differ 0
// CHECK-NEXT: f16: elements 183960
// CHECK-NEXT: f16: differ 0
// CHECK-NEXT: f32: elements 183960
// CHECK-NEXT: f32: differ 0
// CHECK-NEXT: f64: elements 183960
// CHECK-NEXT: f64: differ 0

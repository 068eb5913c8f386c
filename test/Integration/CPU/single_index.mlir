// Static gathers whose loop has one iteration (one index; one batch of one
// index): the slice copy of that single iteration is the code generator's
// own, like that of any other (scripts/ci/forms.sh checks that the lowered
// module calls no memrefCopy). Element p of each table (in row-major order)
// is p; the test compares every output element with the position of the
// element it must come from, computed here independently of the lowering,
// and prints the number of elements compared and the number that differ.
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=masked-tails=0 | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=form=inline-copy | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// The lowering before LLVM keeps the loop, and with it the vector copy:
// RUN: gather-opt %s --gather-to-affine | FileCheck %s --check-prefix=AFFINE

// AFFINE-LABEL: func.func @rows
// AFFINE-NOT:     memref.copy
// AFFINE:         {{vector\.(masked)?load}}
// AFFINE-LABEL: func.func @inner
// AFFINE-NOT:     memref.copy
// AFFINE:         {{vector\.(masked)?load}}
// AFFINE-LABEL: func.func @batched
// AFFINE-NOT:     memref.copy
// AFFINE:         {{vector\.(masked)?load}}
// AFFINE-LABEL: func.func @main

/// Row 7 of 9 (index -2) of rows of 70 f32.
func.func @rows(%d: tensor<9x70xf32>, %i: tensor<1xi64>) -> tensor<1x70xf32> {
  %r = gather.gather %d[%i] : tensor<9x70xf32>, tensor<1xi64>
  return %r : tensor<1x70xf32>
}
/// Slice 3 of axis 1 of a 1x5x40 f64 table.
func.func @inner(%d: tensor<1x5x40xf64>, %i: tensor<1xi64>) -> tensor<1x1x40xf64> {
  %r = gather.gather %d[%i] axis = 1 : tensor<1x5x40xf64>, tensor<1xi64>
  return %r : tensor<1x1x40xf64>
}
/// Batch 0 takes slice 5 of 6 (index -1) of rows of 20 i16.
func.func @batched(%d: tensor<1x6x20xi16>, %i: tensor<1x1xi64>) -> tensor<1x1x20xi16> {
  %r = gather.gather %d[%i] axis = 1 batch_dims = 1 : tensor<1x6x20xi16>, tensor<1x1xi64>
  return %r : tensor<1x1x20xi16>
}

/// The number of the `n` elements at `first` + c (c < n) that differ from
/// `got(c)` (f64 values of integer positions, exact).
func.func @count(%got: memref<?xf64>, %first: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %got, %c0 : memref<?xf64>
  %bad = scf.for %c = %c0 to %n step %c1 iter_args(%b0 = %c0) -> (index) {
    %g = memref.load %got[%c] : memref<?xf64>
    %p = arith.addi %first, %c : index
    %pi = arith.index_cast %p : index to i64
    %w = arith.sitofp %pi : i64 to f64
    %differs = arith.cmpf une, %g, %w : f64
    %one = arith.select %differs, %c1, %c0 : index
    %b = arith.addi %b0, %one : index
    scf.yield %b : index
  }
  return %bad : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // rows: element (k, c) is k * 70 + c; row 7 starts at 490.
  %d1 = tensor.generate {
  ^bb0(%k: index, %c: index):
    %c70 = arith.constant 70 : index
    %a = arith.muli %k, %c70 : index
    %p = arith.addi %a, %c : index
    %pi = arith.index_cast %p : index to i32
    %v = arith.sitofp %pi : i32 to f32
    tensor.yield %v : f32
  } : tensor<9x70xf32>
  %i1 = arith.constant dense<[-2]> : tensor<1xi64>
  %r1 = func.call @rows(%d1, %i1) : (tensor<9x70xf32>, tensor<1xi64>) -> tensor<1x70xf32>
  %g1 = tensor.generate {
  ^bb0(%c: index):
    %v = tensor.extract %r1[%c0, %c] : tensor<1x70xf32>
    %w = arith.extf %v : f32 to f64
    tensor.yield %w : f64
  } : tensor<70xf64>
  %m1 = bufferization.to_buffer %g1 : tensor<70xf64> to memref<70xf64>
  %u1 = memref.cast %m1 : memref<70xf64> to memref<?xf64>
  %c490 = arith.constant 490 : index
  %b1 = func.call @count(%u1, %c490) : (memref<?xf64>, index) -> index

  // inner: element (0, k, c) is k * 40 + c; slice 3 starts at 120.
  %d2 = tensor.generate {
  ^bb0(%z: index, %k: index, %c: index):
    %c40 = arith.constant 40 : index
    %a = arith.muli %k, %c40 : index
    %p = arith.addi %a, %c : index
    %pi = arith.index_cast %p : index to i64
    %v = arith.sitofp %pi : i64 to f64
    tensor.yield %v : f64
  } : tensor<1x5x40xf64>
  %i2 = arith.constant dense<[3]> : tensor<1xi64>
  %r2 = func.call @inner(%d2, %i2) : (tensor<1x5x40xf64>, tensor<1xi64>) -> tensor<1x1x40xf64>
  %g2 = tensor.collapse_shape %r2 [[0, 1, 2]] : tensor<1x1x40xf64> into tensor<40xf64>
  %m2 = bufferization.to_buffer %g2 : tensor<40xf64> to memref<40xf64>
  %u2 = memref.cast %m2 : memref<40xf64> to memref<?xf64>
  %c120 = arith.constant 120 : index
  %b2 = func.call @count(%u2, %c120) : (memref<?xf64>, index) -> index

  // batched: element (0, k, c) is k * 20 + c; slice 5 starts at 100.
  %d3 = tensor.generate {
  ^bb0(%z: index, %k: index, %c: index):
    %c20 = arith.constant 20 : index
    %a = arith.muli %k, %c20 : index
    %p = arith.addi %a, %c : index
    %pi = arith.index_cast %p : index to i16
    tensor.yield %pi : i16
  } : tensor<1x6x20xi16>
  %i3 = arith.constant dense<[[-1]]> : tensor<1x1xi64>
  %r3 = func.call @batched(%d3, %i3) : (tensor<1x6x20xi16>, tensor<1x1xi64>) -> tensor<1x1x20xi16>
  %g3 = tensor.generate {
  ^bb0(%c: index):
    %v = tensor.extract %r3[%c0, %c0, %c] : tensor<1x1x20xi16>
    %w = arith.sitofp %v : i16 to f64
    tensor.yield %w : f64
  } : tensor<20xf64>
  %m3 = bufferization.to_buffer %g3 : tensor<20xf64> to memref<20xf64>
  %u3 = memref.cast %m3 : memref<20xf64> to memref<?xf64>
  %c100 = arith.constant 100 : index
  %b3 = func.call @count(%u3, %c100) : (memref<?xf64>, index) -> index

  %b12 = arith.addi %b1, %b2 : index
  %bad = arith.addi %b12, %b3 : index
  vector.print str "compared 130, differ "
  vector.print %bad : index
  return
}
// CHECK: compared 130, differ 0

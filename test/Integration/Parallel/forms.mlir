// parallel=true with every form, on gathers large enough (2 MiB of output)
// to take the parallel loops: the rows gather, the inner axis and a 1-D
// element gather. Every output element is compared with the value the test
// computes from the formula of the table: element (k, c) of a [R, C] table
// is k * C + c; index j is (j * 7 + 3) mod s, stored negative (minus s) for
// every fifth j. Each line prints the elements compared and the number that
// differ.
// RUN: gather-opt %s --gather-to-llvm="parallel=true" | FileCheck %s --check-prefix=IR
// RUN: gather-opt %s --gather-to-llvm="parallel=true" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="parallel=true form=block-copy" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="parallel=true form=inline-copy" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="parallel=true form=element bounds-check=clamp" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="parallel=true form=inner-axis" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s

// Each of the three gathers (block copies, inner axis, element) runs as an
// OpenMP worksharing loop.
// IR-COUNT-3: omp.wsloop

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
/// Element (k, c) of a table with `cols` columns: k * cols + c.
func.func @value(%k: index, %c: index, %cols: index) -> f32 {
  %a = arith.muli %k, %cols : index
  %b = arith.addi %a, %c : index
  %v = arith.index_cast %b : index to i64
  %f = arith.sitofp %v : i64 to f32
  return %f : f32
}
func.func @table(%rows: index, %cols: index) -> tensor<?x?xf32> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%k: index, %c: index):
    %x = func.call @value(%k, %c, %cols) : (index, index, index) -> f32
    tensor.yield %x : f32
  } : tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}
func.func @rows(%d: tensor<4096x64xf32>, %i: tensor<8192xi64>) -> tensor<8192x64xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<4096x64xf32>, tensor<8192xi64>
  return %r : tensor<8192x64xf32>
}
func.func @inner(%d: tensor<512x4096xf32>, %i: tensor<1024xi64>) -> tensor<512x1024xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<512x4096xf32>, tensor<1024xi64>
  return %r : tensor<512x1024xf32>
}
func.func @element(%d: tensor<1048576xf32>, %i: tensor<524288xi64>) -> tensor<524288xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<1048576xf32>, tensor<524288xi64>
  return %r : tensor<524288xf32>
}
/// Counts the elements of `out` [n, m] that differ from value(row, col,
/// cols): mode 0 row = position(j, s), col = c; mode 1 row = j, col =
/// position(c, s).
func.func @compare(%out: tensor<?x?xf32>, %mode: index, %s: index, %cols: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %out, %c0 : tensor<?x?xf32>
  %m = tensor.dim %out, %c1 : tensor<?x?xf32>
  %bad = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %c = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %isRows = arith.cmpi eq, %mode, %c0 : index
      %pr = func.call @position(%j, %s) : (index, index) -> index
      %pc = func.call @position(%c, %s) : (index, index) -> index
      %row = arith.select %isRows, %pr, %j : index
      %col = arith.select %isRows, %c, %pc : index
      %want = func.call @value(%row, %col, %cols) : (index, index, index) -> f32
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
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %c8192 = arith.constant 8192 : index
  %c524288 = arith.constant 524288 : index
  %c1048576 = arith.constant 1048576 : index

  %t0 = call @table(%c4096, %c64) : (index, index) -> tensor<?x?xf32>
  %t0s = tensor.cast %t0 : tensor<?x?xf32> to tensor<4096x64xf32>
  %i0 = call @indices(%c8192, %c4096) : (index, index) -> tensor<?xi64>
  %i0s = tensor.cast %i0 : tensor<?xi64> to tensor<8192xi64>
  %r0 = call @rows(%t0s, %i0s) : (tensor<4096x64xf32>, tensor<8192xi64>) -> tensor<8192x64xf32>
  %r0d = tensor.cast %r0 : tensor<8192x64xf32> to tensor<?x?xf32>
  %b0 = call @compare(%r0d, %c0, %c4096, %c64) : (tensor<?x?xf32>, index, index, index) -> index
  vector.print str "rows 524288 "
  vector.print %b0 : index
  // CHECK: rows 524288 0

  %t1 = call @table(%c512, %c4096) : (index, index) -> tensor<?x?xf32>
  %t1s = tensor.cast %t1 : tensor<?x?xf32> to tensor<512x4096xf32>
  %i1 = call @indices(%c1024, %c4096) : (index, index) -> tensor<?xi64>
  %i1s = tensor.cast %i1 : tensor<?xi64> to tensor<1024xi64>
  %r1 = call @inner(%t1s, %i1s) : (tensor<512x4096xf32>, tensor<1024xi64>) -> tensor<512x1024xf32>
  %r1d = tensor.cast %r1 : tensor<512x1024xf32> to tensor<?x?xf32>
  %b1 = call @compare(%r1d, %c1, %c4096, %c4096) : (tensor<?x?xf32>, index, index, index) -> index
  vector.print str "inner axis 524288 "
  vector.print %b1 : index
  // CHECK-NEXT: inner axis 524288 0

  %t2 = call @table(%c1, %c1048576) : (index, index) -> tensor<?x?xf32>
  %t2f = tensor.collapse_shape %t2 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  %t2s = tensor.cast %t2f : tensor<?xf32> to tensor<1048576xf32>
  %i2 = call @indices(%c524288, %c1048576) : (index, index) -> tensor<?xi64>
  %i2s = tensor.cast %i2 : tensor<?xi64> to tensor<524288xi64>
  %r2 = call @element(%t2s, %i2s) : (tensor<1048576xf32>, tensor<524288xi64>) -> tensor<524288xf32>
  %r2e = tensor.expand_shape %r2 [[0, 1]] output_shape [1, 524288] : tensor<524288xf32> into tensor<1x524288xf32>
  %r2d = tensor.cast %r2e : tensor<1x524288xf32> to tensor<?x?xf32>
  %b2 = call @compare(%r2d, %c1, %c1048576, %c1048576) : (tensor<?x?xf32>, index, index, index) -> index
  vector.print str "element 524288 "
  vector.print %b2 : index
  // CHECK-NEXT: element 524288 0
  return
}

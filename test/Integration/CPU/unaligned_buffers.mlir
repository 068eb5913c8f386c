// Block copies of rows of a run-time length into and out of buffers that
// are not aligned to a vector: the table and the output are views at an
// odd element offset (4 bytes past a 64-byte boundary) of larger buffers,
// or the output's rows are one element longer than the gathered rows (a
// row stride that is no multiple of a vector). Non-temporal stores are
// forced (every gather counts as large), so the block copy's version for
// streamed rows of whole, aligned vectors is there; only the aligned case
// may take it, the others must take the copy that tests each row. Rows of
// 80 f32 (320 bytes: block copies by default, whole vectors of 16, 32 or
// 64 bytes). Every output element is compared with t[k][c] = 100 k + c at
// its id; the test prints the number that differ, and the number of
// elements of the output's buffer (-1 before the gather) that the gather
// wrote beyond the n x 80 it gathers (around the view, between its rows).
// RUN: gather-opt %s --gather-to-llvm="nontemporal-threshold=1" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="nontemporal-threshold=1 form=block-copy" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="nontemporal-threshold=1 slice-vector-bytes=64" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="nontemporal-threshold=1 slice-vector-bytes=16" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// The streamed-rows version is in the lowered code:
// RUN: gather-opt %s --gather-to-llvm="nontemporal-threshold=1" | FileCheck %s --check-prefix=LOWERED

// LOWERED: llvm.func internal @gather_into__gather_version

// Aligned table and output, output at an odd offset, table at an odd
// offset, both, output rows of stride 81: no element differs, none is
// written outside the rows.
// CHECK:      differ 0{{$}}
// CHECK-NEXT: outside 0{{$}}
// CHECK-NEXT: differ 0{{$}}
// CHECK-NEXT: outside 0{{$}}
// CHECK-NEXT: differ 0{{$}}
// CHECK-NEXT: outside 0{{$}}
// CHECK-NEXT: differ 0{{$}}
// CHECK-NEXT: outside 0{{$}}
// CHECK-NEXT: differ 0{{$}}
// CHECK-NEXT: outside 0{{$}}

#strided = strided<[?, 1], offset: ?>

func.func @gather_into(%table: memref<?x?xf32, #strided>, %ids: memref<?xi64>,
                       %out: memref<?x?xf32, #strided>) {
  %t = bufferization.to_tensor %table restrict : memref<?x?xf32, #strided> to tensor<?x?xf32>
  %i = bufferization.to_tensor %ids restrict : memref<?xi64> to tensor<?xi64>
  %r = gather.gather %t[%i] : tensor<?x?xf32>, tensor<?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x?xf32>, memref<?x?xf32, #strided>) -> ()
  return
}

/// Gathers `n` ids (id j = (7 j + 3) mod rows) of a table of `rows` x `cols`
/// stored at `tableOffset` of its buffer, into rows `outStride` apart at
/// `outOffset` of a buffer of -1 (one element longer than the view).
/// Returns the number of gathered elements that differ from 100 k + c, and
/// the number of elements of the buffer that are not -1 less n x cols.
func.func @run(%rows: index, %cols: index, %n: index, %tableOffset: index,
               %outOffset: index, %outStride: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c100 = arith.constant 100 : index
  %minus = arith.constant -1.0 : f32
  %tableSize = arith.muli %rows, %cols : index
  %tableAll = arith.addi %tableSize, %tableOffset : index
  %tableBuffer = memref.alloc(%tableAll) {alignment = 64 : i64} : memref<?xf32>
  %table = memref.reinterpret_cast %tableBuffer to offset: [%tableOffset], sizes: [%rows, %cols], strides: [%cols, 1]
      : memref<?xf32> to memref<?x?xf32, #strided>
  scf.for %k = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %a = arith.muli %k, %c100 : index
      %b = arith.addi %a, %c : index
      %bi = arith.index_cast %b : index to i64
      %f = arith.sitofp %bi : i64 to f32
      memref.store %f, %table[%k, %c] : memref<?x?xf32, #strided>
    }
  }
  %ids = memref.alloc(%n) : memref<?xi64>
  scf.for %j = %c0 to %n step %c1 {
    %a = arith.muli %j, %c7 : index
    %b = arith.addi %a, %c3 : index
    %k = arith.remui %b, %rows : index
    %ki = arith.index_cast %k : index to i64
    memref.store %ki, %ids[%j] : memref<?xi64>
  }
  // -1 everywhere, with one element after the last row.
  %outSize = arith.muli %n, %outStride : index
  %outEnd = arith.addi %outSize, %outOffset : index
  %outAll = arith.addi %outEnd, %c1 : index
  %outBuffer = memref.alloc(%outAll) {alignment = 64 : i64} : memref<?xf32>
  scf.for %e = %c0 to %outAll step %c1 {
    memref.store %minus, %outBuffer[%e] : memref<?xf32>
  }
  %out = memref.reinterpret_cast %outBuffer to offset: [%outOffset], sizes: [%n, %cols], strides: [%outStride, 1]
      : memref<?xf32> to memref<?x?xf32, #strided>
  func.call @gather_into(%table, %ids, %out)
      : (memref<?x?xf32, #strided>, memref<?xi64>, memref<?x?xf32, #strided>) -> ()
  %wrong = scf.for %j = %c0 to %n step %c1 iter_args(%wj = %c0) -> (index) {
    %k = memref.load %ids[%j] : memref<?xi64>
    %kx = arith.index_cast %k : i64 to index
    %wc = scf.for %c = %c0 to %cols step %c1 iter_args(%w = %wj) -> (index) {
      %a = arith.muli %kx, %c100 : index
      %b = arith.addi %a, %c : index
      %bi = arith.index_cast %b : index to i64
      %expected = arith.sitofp %bi : i64 to f32
      %got = memref.load %out[%j, %c] : memref<?x?xf32, #strided>
      %differs = arith.cmpf une, %got, %expected : f32
      %one = arith.select %differs, %c1, %c0 : index
      %w2 = arith.addi %w, %one : index
      scf.yield %w2 : index
    }
    scf.yield %wc : index
  }
  %written = scf.for %e = %c0 to %outAll step %c1 iter_args(%we = %c0) -> (index) {
    %x = memref.load %outBuffer[%e] : memref<?xf32>
    %set = arith.cmpf une, %x, %minus : f32
    %one = arith.select %set, %c1, %c0 : index
    %we2 = arith.addi %we, %one : index
    scf.yield %we2 : index
  }
  %gathered = arith.muli %n, %cols : index
  %extra = arith.subi %written, %gathered : index
  return %wrong, %extra : index, index
}

func.func @report(%wrong: index, %extra: index) {
  %w = arith.index_cast %wrong : index to i64
  %x = arith.index_cast %extra : index to i64
  vector.print str "differ "
  vector.print %w : i64
  vector.print str "outside "
  vector.print %x : i64
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c37 = arith.constant 37 : index
  %c50 = arith.constant 50 : index
  %c80 = arith.constant 80 : index
  %c81 = arith.constant 81 : index
  %a:2 = func.call @run(%c37, %c80, %c50, %c0, %c0, %c80) : (index, index, index, index, index, index) -> (index, index)
  func.call @report(%a#0, %a#1) : (index, index) -> ()
  %b:2 = func.call @run(%c37, %c80, %c50, %c0, %c1, %c80) : (index, index, index, index, index, index) -> (index, index)
  func.call @report(%b#0, %b#1) : (index, index) -> ()
  %c:2 = func.call @run(%c37, %c80, %c50, %c1, %c0, %c80) : (index, index, index, index, index, index) -> (index, index)
  func.call @report(%c#0, %c#1) : (index, index) -> ()
  %d:2 = func.call @run(%c37, %c80, %c50, %c1, %c1, %c80) : (index, index, index, index, index, index) -> (index, index)
  func.call @report(%d#0, %d#1) : (index, index) -> ()
  %e:2 = func.call @run(%c37, %c80, %c50, %c0, %c0, %c81) : (index, index, index, index, index, index) -> (index, index)
  func.call @report(%e#0, %e#1) : (index, index) -> ()
  return
}

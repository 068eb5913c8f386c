// The inner-axis form stores each unrolled step's elements as one vector,
// non-temporally into outputs of at least 1 MiB when the step's address is
// aligned. Gathers along the inner axis of a rows x cols f32 table
// t[r][c] = 100 r + c by n ids (id j = (7 j + 3) mod cols, every fifth
// stored negative, as id - cols), into rows x n outputs: 300 x 1024 (1.2
// MB, every step aligned: the non-temporal stores), 300 x 1001 (1.2 MB,
// rows of an odd length: steps at aligned and unaligned addresses, and the
// iterations after the last whole step), 10 x 77 (small: plain vector
// stores). Every output element is compared with 100 r + the id's column;
// the test prints the number that differ.
// RUN: gather-opt %s --gather-to-llvm="form=inner-axis" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="form=inner-axis target-cpu=znver3" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="form=inner-axis target-cpu=x86-64" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="form=inner-axis element-inner-unroll=32" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// The non-temporal stores are in the lowered code:
// RUN: gather-opt %s --gather-to-llvm="form=inner-axis" | FileCheck %s --check-prefix=LOWERED

// LOWERED: llvm.store {{.*}} {alignment = {{[0-9]+}} : i64, nontemporal} : vector<8xf32>

// CHECK:      differ 0{{$}}
// CHECK-NEXT: differ 0{{$}}
// CHECK-NEXT: differ 0{{$}}

func.func @gather_into(%table: memref<?x?xf32>, %ids: memref<?xi64>,
                       %out: memref<?x?xf32>) {
  %t = bufferization.to_tensor %table restrict : memref<?x?xf32> to tensor<?x?xf32>
  %i = bufferization.to_tensor %ids restrict : memref<?xi64> to tensor<?xi64>
  %r = gather.gather %t[%i] axis = 1 : tensor<?x?xf32>, tensor<?xi64>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

/// Gathers `n` ids of a `rows` x `cols` table along its inner axis; returns
/// the number of output elements that differ from 100 r + (7 j + 3) mod cols.
func.func @run(%rows: index, %cols: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c100 = arith.constant 100 : index
  %minus = arith.constant -1.0 : f32
  %table = memref.alloc(%rows, %cols) {alignment = 64 : i64} : memref<?x?xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %a = arith.muli %r, %c100 : index
      %b = arith.addi %a, %c : index
      %bi = arith.index_cast %b : index to i64
      %f = arith.sitofp %bi : i64 to f32
      memref.store %f, %table[%r, %c] : memref<?x?xf32>
    }
  }
  %ids = memref.alloc(%n) : memref<?xi64>
  scf.for %j = %c0 to %n step %c1 {
    %a = arith.muli %j, %c7 : index
    %b = arith.addi %a, %c3 : index
    %k = arith.remui %b, %cols : index
    %fifth = arith.remui %j, %c5 : index
    %isFifth = arith.cmpi eq, %fifth, %c0 : index
    %negative = arith.subi %k, %cols : index
    %stored = arith.select %isFifth, %negative, %k : index
    %ki = arith.index_cast %stored : index to i64
    memref.store %ki, %ids[%j] : memref<?xi64>
  }
  %out = memref.alloc(%rows, %n) {alignment = 64 : i64} : memref<?x?xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %minus, %out[%r, %j] : memref<?x?xf32>
    }
  }
  func.call @gather_into(%table, %ids, %out)
      : (memref<?x?xf32>, memref<?xi64>, memref<?x?xf32>) -> ()
  %wrong = scf.for %r = %c0 to %rows step %c1 iter_args(%wr = %c0) -> (index) {
    %wj = scf.for %j = %c0 to %n step %c1 iter_args(%w = %wr) -> (index) {
      %a = arith.muli %j, %c7 : index
      %b = arith.addi %a, %c3 : index
      %column = arith.remui %b, %cols : index
      %rowStart = arith.muli %r, %c100 : index
      %e = arith.addi %rowStart, %column : index
      %ei = arith.index_cast %e : index to i64
      %expected = arith.sitofp %ei : i64 to f32
      %got = memref.load %out[%r, %j] : memref<?x?xf32>
      %differs = arith.cmpf une, %got, %expected : f32
      %one = arith.select %differs, %c1, %c0 : index
      %w2 = arith.addi %w, %one : index
      scf.yield %w2 : index
    }
    scf.yield %wj : index
  }
  return %wrong : index
}

func.func @report(%wrong: index) {
  %w = arith.index_cast %wrong : index to i64
  vector.print str "differ "
  vector.print %w : i64
  return
}

func.func @main() {
  %c10 = arith.constant 10 : index
  %c77 = arith.constant 77 : index
  %c300 = arith.constant 300 : index
  %c700 = arith.constant 700 : index
  %c1001 = arith.constant 1001 : index
  %c1024 = arith.constant 1024 : index
  %a = func.call @run(%c300, %c700, %c1024) : (index, index, index) -> index
  func.call @report(%a) : (index) -> ()
  %b = func.call @run(%c300, %c700, %c1001) : (index, index, index) -> index
  func.call @report(%b) : (index) -> ()
  %c = func.call @run(%c10, %c700, %c77) : (index, index, index) -> index
  func.call @report(%c) : (index) -> ()
  return
}

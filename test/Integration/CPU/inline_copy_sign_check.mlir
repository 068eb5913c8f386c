// Short rows (the inline-copy form) copied in steps of 16 ids: a step
// whose ids and those it prefetches (64 ahead) are all non-negative skips
// the wrap of negative ids. Gathers 1000 rows of 16 f32 (64 bytes) from a
// 20000-row table t[k][c] = 100 k + c (1.28 MB: prefetched); id j is
// (7 j + 3) mod 20000, stored negative (as id - 20000) when j mod 97 is 5,
// so that some steps see a negative id only among their own rows, some
// only among the rows they prefetch, most none, and the last 40 ids run as
// partial steps. Every output element is compared with 100 k + c; the
// test prints the number that differ.
// RUN: gather-opt %s --gather-to-llvm="form=inline-copy bounds-check=none" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="form=inline-copy bounds-check=assert" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="form=inline-copy bounds-check=clamp" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="form=inline-copy target-cpu=znver3" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="form=inline-copy nontemporal-threshold=1" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// The steps' vector test of the ids is in the lowered code:
// RUN: gather-opt %s --gather-to-llvm="form=inline-copy" | FileCheck %s --check-prefix=LOWERED

// LOWERED: llvm.intr.vector.reduce.or

// CHECK: differ 0{{$}}

func.func @gather_into(%table: memref<20000x16xf32>, %ids: memref<1000xi64>,
                       %out: memref<1000x16xf32>) {
  %t = bufferization.to_tensor %table restrict : memref<20000x16xf32> to tensor<20000x16xf32>
  %i = bufferization.to_tensor %ids restrict : memref<1000xi64> to tensor<1000xi64>
  %r = gather.gather %t[%i] : tensor<20000x16xf32>, tensor<1000xi64>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<1000x16xf32>, memref<1000x16xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  %c97 = arith.constant 97 : index
  %c100 = arith.constant 100 : index
  %c1000 = arith.constant 1000 : index
  %rows = arith.constant 20000 : index
  %minus = arith.constant -1.0 : f32
  %table = memref.alloc() {alignment = 64 : i64} : memref<20000x16xf32>
  scf.for %k = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %c16 step %c1 {
      %a = arith.muli %k, %c100 : index
      %b = arith.addi %a, %c : index
      %bi = arith.index_cast %b : index to i64
      %f = arith.sitofp %bi : i64 to f32
      memref.store %f, %table[%k, %c] : memref<20000x16xf32>
    }
  }
  %ids = memref.alloc() {alignment = 64 : i64} : memref<1000xi64>
  scf.for %j = %c0 to %c1000 step %c1 {
    %a = arith.muli %j, %c7 : index
    %b = arith.addi %a, %c3 : index
    %k = arith.remui %b, %rows : index
    %m = arith.remui %j, %c97 : index
    %isNegative = arith.cmpi eq, %m, %c5 : index
    %negative = arith.subi %k, %rows : index
    %stored = arith.select %isNegative, %negative, %k : index
    %ki = arith.index_cast %stored : index to i64
    memref.store %ki, %ids[%j] : memref<1000xi64>
  }
  %out = memref.alloc() {alignment = 64 : i64} : memref<1000x16xf32>
  scf.for %j = %c0 to %c1000 step %c1 {
    scf.for %c = %c0 to %c16 step %c1 {
      memref.store %minus, %out[%j, %c] : memref<1000x16xf32>
    }
  }
  func.call @gather_into(%table, %ids, %out)
      : (memref<20000x16xf32>, memref<1000xi64>, memref<1000x16xf32>) -> ()
  %wrong = scf.for %j = %c0 to %c1000 step %c1 iter_args(%wj = %c0) -> (index) {
    %a = arith.muli %j, %c7 : index
    %b = arith.addi %a, %c3 : index
    %k = arith.remui %b, %rows : index
    %wc = scf.for %c = %c0 to %c16 step %c1 iter_args(%w = %wj) -> (index) {
      %e = arith.muli %k, %c100 : index
      %e2 = arith.addi %e, %c : index
      %ei = arith.index_cast %e2 : index to i64
      %expected = arith.sitofp %ei : i64 to f32
      %got = memref.load %out[%j, %c] : memref<1000x16xf32>
      %differs = arith.cmpf une, %got, %expected : f32
      %one = arith.select %differs, %c1, %c0 : index
      %w2 = arith.addi %w, %one : index
      scf.yield %w2 : index
    }
    scf.yield %wc : index
  }
  %wi = arith.index_cast %wrong : index to i64
  vector.print str "differ "
  vector.print %wi : i64
  return
}

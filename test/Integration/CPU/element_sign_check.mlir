// The element form skips the wrap of negative indices in each unrolled step
// of 16 whose indices (its own and the 16 whose data it prefetches, 96
// ahead) are all non-negative. Steps with and without negative indices alternate
// here, on a 1.2 MB table (large enough to be prefetched):
// data[k] = k, and index i is 37 * i mod 300000, stored minus 300000 (the
// same row, wrapped) in every third step and in a few single places, so
// that every element of the result must be 37 * i mod 300000 (the steps
// of 16 then mix both kinds; element-unroll=8 runs the
// pattern's own steps of 8). The result
// is compared with that value computed without a gather; the count of
// differences must be 0, under every setting that changes the loop.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=none | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="element-unroll=8" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="sign-check=false" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="element-clamp-prefetch=true" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm="parallel=true element-parallel-threshold=1024 parallel-chunks=3" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// An index equal to the size, in a step whose indices are all non-negative,
// is still reported.
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e too_large -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=LARGE

// Index types index and i32 (vectors of 16 index or i32 lanes), on a small
// table (no prefetch): indices 3 * k mod 100, minus 100 from k = 41 on.
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e other_types -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=TYPES
// RUN: gather-opt %s --gather-to-llvm="sign-check=false" | mlir-runner -e other_types -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=TYPES
// TYPES:      index differences: 0
// TYPES-NEXT: i32 differences: 0

// The lowering took the form with the check.
// RUN: gather-opt %s --gather-to-affine | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @gather
// IR:         vector.reduction <or>
// IR:         scf.if

// CHECK:      differences: 0
// CHECK-NEXT: out[0] = 0
// CHECK-NEXT: out[9] = 333
// CHECK-NEXT: out[17] = 629
// CHECK-NEXT: out[999] = 36963
// LARGE: gather: index 300000 is out of bounds for a dimension of size 300000

func.func @gather(%d: tensor<300000xf32>, %i: tensor<1000xi64>) -> tensor<1000xf32> {
  %r = gather.gather %d[%i] : tensor<300000xf32>, tensor<1000xi64> -> tensor<1000xf32>
  return %r : tensor<1000xf32>
}

/// data[k] = k.
func.func @table() -> tensor<300000xf32> {
  %d = tensor.generate {
  ^bb0(%k: index):
    %k64 = arith.index_cast %k : index to i64
    %f = arith.sitofp %k64 : i64 to f32
    tensor.yield %f : f32
  } : tensor<300000xf32>
  return %d : tensor<300000xf32>
}

/// 37 * i mod 300000, minus 300000 in steps 1, 4, 7, ... (i / 8 mod 3 = 1)
/// and at i = 200, 555 and 990.
func.func @indices() -> tensor<1000xi64> {
  %c37 = arith.constant 37 : i64
  %size = arith.constant 300000 : i64
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %c200 = arith.constant 200 : index
  %c555 = arith.constant 555 : index
  %c990 = arith.constant 990 : index
  %t = tensor.generate {
  ^bb0(%i: index):
    %i64 = arith.index_cast %i : index to i64
    %m = arith.muli %i64, %c37 : i64
    %k = arith.remui %m, %size : i64
    %step = arith.divui %i, %c8 : index
    %phase = arith.remui %step, %c3 : index
    %in_step = arith.cmpi eq, %phase, %c1 : index
    %at200 = arith.cmpi eq, %i, %c200 : index
    %at555 = arith.cmpi eq, %i, %c555 : index
    %at990 = arith.cmpi eq, %i, %c990 : index
    %a = arith.ori %in_step, %at200 : i1
    %b = arith.ori %a, %at555 : i1
    %negative = arith.ori %b, %at990 : i1
    %wrapped = arith.subi %k, %size : i64
    %v = arith.select %negative, %wrapped, %k : i64
    tensor.yield %v : i64
  } : tensor<1000xi64>
  return %t : tensor<1000xi64>
}

func.func @main() {
  %d = call @table() : () -> tensor<300000xf32>
  %i = call @indices() : () -> tensor<1000xi64>
  %r = call @gather(%d, %i) : (tensor<300000xf32>, tensor<1000xi64>) -> tensor<1000xf32>
  // 37 * i mod 300000 for every i, without a gather.
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  %c37 = arith.constant 37 : i64
  %size = arith.constant 300000 : i64
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %count = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %j64 = arith.index_cast %j : index to i64
    %m = arith.muli %j64, %c37 : i64
    %k = arith.remui %m, %size : i64
    %want = arith.sitofp %k : i64 to f32
    %got = tensor.extract %r[%j] : tensor<1000xf32>
    %differs = arith.cmpf une, %got, %want : f32
    %add = arith.select %differs, %one, %zero : i64
    %next = arith.addi %acc, %add : i64
    scf.yield %next : i64
  }
  vector.print str "differences: "
  vector.print %count : i64
  %c9 = arith.constant 9 : index
  %c17 = arith.constant 17 : index
  %c999 = arith.constant 999 : index
  %v0 = tensor.extract %r[%c0] : tensor<1000xf32>
  %v9 = tensor.extract %r[%c9] : tensor<1000xf32>
  %v17 = tensor.extract %r[%c17] : tensor<1000xf32>
  %v999 = tensor.extract %r[%c999] : tensor<1000xf32>
  %i0 = arith.fptosi %v0 : f32 to i64
  %i9 = arith.fptosi %v9 : f32 to i64
  %i17 = arith.fptosi %v17 : f32 to i64
  %i999 = arith.fptosi %v999 : f32 to i64
  vector.print str "out[0] = "
  vector.print %i0 : i64
  vector.print str "out[9] = "
  vector.print %i9 : i64
  vector.print str "out[17] = "
  vector.print %i17 : i64
  vector.print str "out[999] = "
  vector.print %i999 : i64
  return
}

/// Index 500 is the size: reported, although its step has no negative index.
func.func @too_large() {
  %d = call @table() : () -> tensor<300000xf32>
  %i = call @indices() : () -> tensor<1000xi64>
  %c500 = arith.constant 500 : index
  %size = arith.constant 300000 : i64
  %bad = tensor.insert %size into %i[%c500] : tensor<1000xi64>
  %r = call @gather(%d, %bad) : (tensor<300000xf32>, tensor<1000xi64>) -> tensor<1000xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %r[%c0] : tensor<1000xf32>
  vector.print %v : f32
  return
}

/// 3 * k mod 100, minus 100 from k = 41 on, as index.
func.func @small_indices() -> tensor<64xindex> {
  %c100 = arith.constant 100 : index
  %c3 = arith.constant 3 : index
  %c40 = arith.constant 40 : index
  %t = tensor.generate {
  ^bb0(%k: index):
    %m = arith.muli %k, %c3 : index
    %r = arith.remui %m, %c100 : index
    %late = arith.cmpi ugt, %k, %c40 : index
    %wrapped = arith.subi %r, %c100 : index
    %v = arith.select %late, %wrapped, %r : index
    tensor.yield %v : index
  } : tensor<64xindex>
  return %t : tensor<64xindex>
}

/// The number of positions k where `r[k]` is not 3 * k mod 100.
func.func @count_differences(%r: tensor<64xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %count = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (i64) {
    %m = arith.muli %k, %c3 : index
    %r3 = arith.remui %m, %c100 : index
    %w64 = arith.index_cast %r3 : index to i64
    %want = arith.sitofp %w64 : i64 to f32
    %got = tensor.extract %r[%k] : tensor<64xf32>
    %differs = arith.cmpf une, %got, %want : f32
    %add = arith.select %differs, %one, %zero : i64
    %next = arith.addi %acc, %add : i64
    scf.yield %next : i64
  }
  return %count : i64
}

func.func @other_types() {
  %d = tensor.generate {
  ^bb0(%k: index):
    %k64 = arith.index_cast %k : index to i64
    %f = arith.sitofp %k64 : i64 to f32
    tensor.yield %f : f32
  } : tensor<100xf32>
  %i = call @small_indices() : () -> tensor<64xindex>
  %g = gather.gather %d[%i] : tensor<100xf32>, tensor<64xindex> -> tensor<64xf32>
  %n = call @count_differences(%g) : (tensor<64xf32>) -> i64
  vector.print str "index differences: "
  vector.print %n : i64
  %i32 = arith.index_cast %i : tensor<64xindex> to tensor<64xi32>
  %g32 = gather.gather %d[%i32] : tensor<100xf32>, tensor<64xi32> -> tensor<64xf32>
  %n32 = call @count_differences(%g32) : (tensor<64xf32>) -> i64
  vector.print str "i32 differences: "
  vector.print %n32 : i64
  return
}

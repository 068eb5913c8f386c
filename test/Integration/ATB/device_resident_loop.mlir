// A table used by ten gathers in a loop stays on the device: the pipeline
// copies the table and the indices to the device once, before the loop,
// the results back once, after it, and synchronises once before they are
// printed. The emulator's counters show it: 100x8 f32 (3200 bytes) plus
// 10x4 i64 (320 bytes) in, 10x4x8 f32 (1280 bytes) out, 1 synchronisation.
// With device-resident=false every gather copies its table and indices in
// and its result out, and waits. Expected values by hand: row r of the
// table holds 8 r + c, step s gathers rows 7 s + 13 j mod 100.

// RUN: gather-opt %s --gather-to-atb | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s --check-prefixes=CHECK,RESIDENT
// RUN: gather-opt %s --gather-to-atb=device-resident=false | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime | FileCheck %s --check-prefixes=CHECK,COPYING

func.func private @printMemrefF32(memref<*xf32>)
func.func private @gatherAtbPrintTransferStats() attributes {llvm.emit_c_interface}

func.func @gathers(%table: memref<100x8xf32>, %idx: memref<10x4xi64>) -> memref<10x4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %out = memref.alloc() : memref<10x4x8xf32>
  scf.for %s = %c0 to %c10 step %c1 {
    %i = memref.subview %idx[%s, 0] [1, 4] [1, 1] : memref<10x4xi64> to memref<4xi64, strided<[1], offset: ?>>
    %o = memref.subview %out[%s, 0, 0] [1, 4, 8] [1, 1, 1] : memref<10x4x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
    atb.gather %table[%i] axis = 0 batch_dims = 0 into %o : memref<100x8xf32>, memref<4xi64, strided<[1], offset: ?>> into memref<4x8xf32, strided<[8, 1], offset: ?>>
  }
  return %out : memref<10x4x8xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %table = memref.alloc() : memref<100x8xf32>
  scf.for %r = %c0 to %c100 step %c1 {
    scf.for %c = %c0 to %c8 step %c1 {
      %rc = arith.muli %r, %c8 : index
      %v = arith.addi %rc, %c : index
      %vi = arith.index_cast %v : index to i64
      %vf = arith.sitofp %vi : i64 to f32
      memref.store %vf, %table[%r, %c] : memref<100x8xf32>
    }
  }
  %idx = memref.alloc() : memref<10x4xi64>
  scf.for %s = %c0 to %c10 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %a = arith.muli %s, %c7 : index
      %b = arith.muli %j, %c13 : index
      %ab = arith.addi %a, %b : index
      %k = arith.remui %ab, %c100 : index
      %ki = arith.index_cast %k : index to i64
      memref.store %ki, %idx[%s, %j] : memref<10x4xi64>
    }
  }
  %out = call @gathers(%table, %idx) : (memref<100x8xf32>, memref<10x4xi64>) -> memref<10x4x8xf32>
  call @gatherAtbPrintTransferStats() : () -> ()
  // Steps 0, 1 and 9, rows j = 0..3: 7 s + 13 j = 0 13 26 39; 7 20 33 46;
  // 63 76 89 102 mod 100 = 2.
  %first = memref.subview %out[0, 0, 0] [1, 4, 1] [1, 1, 1] : memref<10x4x8xf32> to memref<4xf32, strided<[8]>>
  %u0 = memref.cast %first : memref<4xf32, strided<[8]>> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %second = memref.subview %out[1, 0, 1] [1, 4, 1] [1, 1, 1] : memref<10x4x8xf32> to memref<4xf32, strided<[8], offset: 33>>
  %u1 = memref.cast %second : memref<4xf32, strided<[8], offset: 33>> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %last = memref.subview %out[9, 0, 7] [1, 4, 1] [1, 1, 1] : memref<10x4x8xf32> to memref<4xf32, strided<[8], offset: 295>>
  %u9 = memref.cast %last : memref<4xf32, strided<[8], offset: 295>> to memref<*xf32>
  call @printMemrefF32(%u9) : (memref<*xf32>) -> ()
  return
}

// RESIDENT: gather-atb transfers: host-to-device 3520 bytes, device-to-host 1280 bytes, 1 synchronisations
// COPYING: gather-atb transfers: host-to-device 32320 bytes, device-to-host 1280 bytes, 10 synchronisations
// Rows 0, 13, 26, 39, column 0.
// CHECK: [0,  104,  208,  312]
// Rows 7, 20, 33, 46, column 1.
// CHECK: [57,  161,  265,  369]
// Rows 63, 76, 89, 2, column 7.
// CHECK: [511,  615,  719,  23]

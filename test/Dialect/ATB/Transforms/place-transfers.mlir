// RUN: gather-opt %s --split-input-file --atb-place-transfers | FileCheck %s

// Ten gathers over one table in a loop: the table and the indices go to the
// device once, before the loop; the gathers write subviews of one device
// result, copied back once after the loop; one synchronisation, then the
// device buffers are freed.
// CHECK-LABEL: func.func @loop(
// CHECK-SAME:      %[[TABLE:.*]]: memref<100x8xf32>, %[[IDX:.*]]: memref<10x4xi64>)
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<10x4x8xf32>
// CHECK:         %[[DTABLE:.*]] = atb.alloc_device() : memref<100x8xf32, 1>
// CHECK-NEXT:    atb.copy %[[TABLE]], %[[DTABLE]] : memref<100x8xf32> to memref<100x8xf32, 1>
// CHECK-NEXT:    %[[DIDX:.*]] = atb.alloc_device() : memref<10x4xi64, 1>
// CHECK-NEXT:    atb.copy %[[IDX]], %[[DIDX]] : memref<10x4xi64> to memref<10x4xi64, 1>
// The result is a fresh allocation: nothing to copy in.
// CHECK-NEXT:    %[[DOUT:.*]] = atb.alloc_device() : memref<10x4x8xf32, 1>
// CHECK-NEXT:    scf.for %[[S:.*]] =
// CHECK-NOT:       atb.copy
// CHECK:           %[[I:.*]] = memref.subview %[[DIDX]][%[[S]], 0] [1, 4] [1, 1] : memref<10x4xi64, 1> to memref<4xi64, strided<[1], offset: ?>, 1>
// CHECK:           %[[O:.*]] = memref.subview %[[DOUT]][%[[S]], 0, 0] [1, 4, 8] [1, 1, 1] : memref<10x4x8xf32, 1> to memref<4x8xf32, strided<[8, 1], offset: ?>, 1>
// CHECK-NEXT:      atb.gather %[[DTABLE]][%[[I]]] axis = 0 batch_dims = 0 into %[[O]]
// CHECK-NOT:       atb.synchronize
// CHECK:         }
// CHECK-NEXT:    atb.copy %[[DOUT]], %[[OUT]] : memref<10x4x8xf32, 1> to memref<10x4x8xf32>
// CHECK-NEXT:    atb.synchronize
// CHECK-NEXT:    atb.dealloc_device %[[DTABLE]]
// CHECK-NEXT:    atb.dealloc_device %[[DIDX]]
// CHECK-NEXT:    atb.dealloc_device %[[DOUT]]
// CHECK-NOT:     atb.synchronize
// CHECK-NEXT:    return %[[OUT]]
func.func @loop(%table: memref<100x8xf32>, %idx: memref<10x4xi64>) -> memref<10x4x8xf32> {
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

// -----

// Two gathers over one table share its device copy; one synchronisation
// precedes the first host read of either result.
// CHECK-LABEL: func.func @sequence(
// CHECK:         %[[R1:.*]] = memref.alloc() : memref<3x4xf32>
// CHECK:         %[[DTABLE:.*]] = atb.alloc_device() : memref<5x4xf32, 1>
// CHECK-NEXT:    atb.copy %arg0, %[[DTABLE]]
// CHECK-NOT:     atb.copy %arg0,
// CHECK:         atb.gather %[[DTABLE]]
// CHECK-NEXT:    atb.copy %{{.*}}, %[[R1]] : memref<3x4xf32, 1> to memref<3x4xf32>
// CHECK-NOT:     atb.synchronize
// CHECK:         atb.gather %[[DTABLE]]
// CHECK-NEXT:    atb.copy %{{.*}}, %[[R2:.*]] : memref<2x4xf32, 1> to memref<2x4xf32>
// CHECK-NEXT:    atb.synchronize
// CHECK-NEXT:    memref.load %[[R1]]
// CHECK-NOT:     atb.synchronize
// CHECK:         memref.load %[[R2]]
// CHECK-NOT:     atb.synchronize
// CHECK:         atb.dealloc_device
func.func @sequence(%table: memref<5x4xf32>, %i1: memref<3xi32>, %i2: memref<2xi32>) -> f32 {
  %c0 = arith.constant 0 : index
  %r1 = memref.alloc() : memref<3x4xf32>
  atb.gather %table[%i1] axis = 0 batch_dims = 0 into %r1 : memref<5x4xf32>, memref<3xi32> into memref<3x4xf32>
  %r2 = memref.alloc() : memref<2x4xf32>
  atb.gather %table[%i2] axis = 0 batch_dims = 0 into %r2 : memref<5x4xf32>, memref<2xi32> into memref<2x4xf32>
  %a = memref.load %r1[%c0, %c0] : memref<3x4xf32>
  %b = memref.load %r2[%c0, %c0] : memref<2x4xf32>
  %sum = arith.addf %a, %b : f32
  return %sum : f32
}

// -----

// The table is written in the loop before the gather: its copy cannot leave
// the loop, and each iteration copies and waits.
// CHECK-LABEL: func.func @written_in_loop(
// CHECK:         scf.for
// CHECK:           memref.store
// CHECK:           atb.alloc_device() : memref<5x4xf32, 1>
// CHECK-NEXT:      atb.copy %arg0,
// CHECK:           atb.gather
// CHECK:           atb.synchronize
// CHECK-NEXT:      atb.dealloc_device
func.func @written_in_loop(%table: memref<5x4xf32>, %i: memref<3xi32>, %out: memref<3x4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %s = %c0 to %c4 step %c1 {
    memref.store %v, %table[%s, %c0] : memref<5x4xf32>
    atb.gather %table[%i] axis = 0 batch_dims = 0 into %out : memref<5x4xf32>, memref<3xi32> into memref<3x4xf32>
  }
  return
}

// -----

// A result buffer that is not fresh is copied in too (the gather writes all
// of it, but the pass does not reason about coverage).
// CHECK-LABEL: func.func @argument_result(
// CHECK:         %[[D:.*]] = atb.alloc_device() : memref<3x4xf32, 1>
// CHECK-NEXT:    atb.copy %arg2, %[[D]]
// CHECK:         atb.gather {{.*}} into %[[D]]
// CHECK-NEXT:    atb.copy %[[D]], %arg2
// CHECK-NEXT:    atb.synchronize
func.func @argument_result(%table: memref<5x4xf32>, %i: memref<3xi32>, %out: memref<3x4xf32>) {
  atb.gather %table[%i] axis = 0 batch_dims = 0 into %out : memref<5x4xf32>, memref<3xi32> into memref<3x4xf32>
  return
}

// -----

// A strided table (not a subview only gathers use) stays on the host path.
// CHECK-LABEL: func.func @strided(
// CHECK-NOT:     atb.alloc_device
// CHECK:         atb.gather %arg0[%arg1] {{.*}} : memref<5x4xf32, strided<[8, 1]>>
func.func @strided(%table: memref<5x4xf32, strided<[8, 1]>>, %i: memref<3xi32>, %out: memref<3x4xf32>) {
  atb.gather %table[%i] axis = 0 batch_dims = 0 into %out : memref<5x4xf32, strided<[8, 1]>>, memref<3xi32> into memref<3x4xf32>
  return
}

// -----

// The host reads the result through another view of its buffer (the gather
// writes a cast of %buf, memref.copy reads %buf itself): the synchronisation
// comes before that read.
// CHECK-LABEL: func.func @read_through_alias
// CHECK:         atb.gather
// CHECK-NEXT:    atb.copy %{{.*}}, %[[CAST:.*]] : memref<2x?xf32, 1> to memref<2x?xf32>
// CHECK-NEXT:    atb.synchronize
// CHECK-NEXT:    memref.copy %[[BUF:.*]], %{{.*}} : memref<2x5xf32> to memref<2x5xf32>
func.func @read_through_alias(%x: memref<3x5xf32>, %i: memref<2xi64>, %out: memref<2x5xf32>) {
  %xc = memref.cast %x : memref<3x5xf32> to memref<3x?xf32>
  %buf = memref.alloc() : memref<2x5xf32>
  %bc = memref.cast %buf : memref<2x5xf32> to memref<2x?xf32>
  atb.gather %xc[%i] axis = 0 batch_dims = 0 into %bc : memref<3x?xf32>, memref<2xi64> into memref<2x?xf32>
  memref.copy %buf, %out : memref<2x5xf32> to memref<2x5xf32>
  memref.dealloc %buf : memref<2x5xf32>
  return
}

// -----

// A chain: the second gather reads the first one's result from the host, so
// the copy of that buffer to the device waits for its copy back.
// CHECK-LABEL: func.func @chain_through_host
// CHECK:         atb.gather
// CHECK-NEXT:    atb.copy %{{.*}}, %[[MID:.*]] : memref<4x7xf32, 1> to memref<4x7xf32>
// CHECK:         atb.synchronize
// CHECK-NEXT:    atb.copy %[[MID]], %{{.*}} : memref<4x7xf32> to memref<4x7xf32, 1>
// CHECK:         atb.gather
func.func @chain_through_host(%x: memref<5x7xf32>, %i: memref<4xi32>, %j: memref<1xi32>, %out: memref<4x1xf32>) {
  %mid = memref.alloc() : memref<4x7xf32>
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %mid : memref<5x7xf32>, memref<4xi32> into memref<4x7xf32>
  atb.gather %mid[%j] axis = 1 batch_dims = 0 into %out : memref<4x7xf32>, memref<1xi32> into memref<4x1xf32>
  memref.dealloc %mid : memref<4x7xf32>
  return
}

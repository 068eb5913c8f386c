// gather-fold-descriptors reads descriptor fields from the values stored in
// them and erases what is left unread. Canonicalizing its result gives the
// IR that canonicalizing the input gives (upstream's folds subsume it).
// RUN: gather-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(llvm.func(gather-fold-descriptors))' > %t.ours
// RUN: mlir-opt %t.ours --split-input-file --canonicalize > %t.ours.canonical
// RUN: mlir-opt %s --split-input-file --canonicalize > %t.canonical
// RUN: diff %t.ours.canonical %t.canonical
// RUN: FileCheck %s < %t.ours

!desc = !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>

// A descriptor built from a function's arguments and read field by field:
// the reads take the arguments, and the chain goes.
// CHECK-LABEL: llvm.func @arguments(
// CHECK-SAME: %[[ALIGNED:[a-z0-9]+]]: !llvm.ptr, %[[OFFSET:[a-z0-9]+]]: i64, %[[SIZE:[a-z0-9]+]]: i64, %[[STRIDE:[a-z0-9]+]]: i64)
// CHECK-NOT: llvm.insertvalue
// CHECK-NOT: llvm.extractvalue
// CHECK: %[[STEP:.*]] = llvm.mul %[[SIZE]], %[[STRIDE]]
// CHECK: %[[POSITION:.*]] = llvm.add %[[OFFSET]], %[[STEP]]
// CHECK: %[[ADDRESS:.*]] = llvm.getelementptr %[[ALIGNED]][%[[POSITION]]]
// CHECK: llvm.load %[[ADDRESS]]
llvm.func @arguments(%aligned: !llvm.ptr, %offset: i64, %size: i64,
                     %stride: i64) -> f32 {
  %0 = llvm.mlir.poison : !desc
  %1 = llvm.insertvalue %aligned, %0[0] : !desc
  %2 = llvm.insertvalue %aligned, %1[1] : !desc
  %3 = llvm.insertvalue %offset, %2[2] : !desc
  %4 = llvm.insertvalue %size, %3[3, 0] : !desc
  %5 = llvm.insertvalue %size, %4[3, 1] : !desc
  %6 = llvm.insertvalue %stride, %5[4, 0] : !desc
  %7 = llvm.insertvalue %stride, %6[4, 1] : !desc
  %p = llvm.extractvalue %7[1] : !desc
  %o = llvm.extractvalue %7[2] : !desc
  %s = llvm.extractvalue %7[3, 1] : !desc
  %t = llvm.extractvalue %7[4, 0] : !desc
  %n = llvm.mul %s, %t : i64
  %i = llvm.add %o, %n : i64
  %a = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %a : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

!desc = !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>

// The last store to a field wins; a descriptor that is returned stays, with
// the reads of it that are folded gone.
// CHECK-LABEL: llvm.func @overwritten(
// CHECK-SAME: %[[P:[a-z0-9]+]]: !llvm.ptr, %[[A:[a-z0-9]+]]: i64, %[[B:[a-z0-9]+]]: i64)
// CHECK: %[[CHAIN:.*]] = llvm.insertvalue %[[B]], %{{.*}}[2]
// CHECK-NOT: llvm.extractvalue
// CHECK: llvm.call @use(%[[B]])
// CHECK: llvm.return %[[CHAIN]]
llvm.func @use(i64)
llvm.func @overwritten(%p: !llvm.ptr, %a: i64, %b: i64) -> !desc {
  %0 = llvm.mlir.poison : !desc
  %1 = llvm.insertvalue %p, %0[1] : !desc
  %2 = llvm.insertvalue %a, %1[2] : !desc
  %3 = llvm.insertvalue %b, %2[2] : !desc
  %x = llvm.extractvalue %3[2] : !desc
  llvm.call @use(%x) : (i64) -> ()
  llvm.return %3 : !desc
}

// -----

!desc = !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>

// Fields set through a whole array, read from a value that is no chain, or
// never set, are still read: only stores of exactly the field read fold.
// CHECK-LABEL: llvm.func @kept(
// CHECK-SAME: %[[D:[a-z0-9]+]]: !llvm.struct
// CHECK: llvm.insertvalue %{{.*}}[3] : !llvm.struct
// CHECK: %[[CHAIN:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct
// CHECK: llvm.extractvalue %[[CHAIN]][3, 1]
// CHECK: llvm.extractvalue %[[D]][4, 0]
// CHECK: llvm.extractvalue %[[CHAIN]][2]
llvm.func @kept(%sizes: !llvm.array<2 x i64>, %d: !desc, %p: !llvm.ptr)
    -> i64 {
  %0 = llvm.mlir.poison : !desc
  %1 = llvm.insertvalue %sizes, %0[3] : !desc
  %2 = llvm.insertvalue %p, %1[1] : !desc
  %a = llvm.extractvalue %2[3, 1] : !desc
  %b = llvm.extractvalue %d[4, 0] : !desc
  %c = llvm.extractvalue %2[2] : !desc
  %s = llvm.add %a, %b : i64
  %t = llvm.add %s, %c : i64
  llvm.return %t : i64
}

// -----

!desc = !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>

// A chain built in one block and read in others (and in a loop): the reads
// fold, and the chain goes. Ops with effects stay even when unused.
// CHECK-LABEL: llvm.func @blocks(
// CHECK-NOT: llvm.insertvalue
// CHECK-NOT: llvm.extractvalue
// CHECK: llvm.call @effect()
// CHECK: llvm.load
// CHECK-NOT: llvm.insertvalue
llvm.func @effect() -> i64
llvm.func @blocks(%p: !llvm.ptr, %n: i64) -> f32 {
  %0 = llvm.mlir.poison : !desc
  %1 = llvm.insertvalue %p, %0[1] : !desc
  %2 = llvm.insertvalue %n, %1[3, 0] : !desc
  %z = llvm.mlir.constant(0 : i64) : i64
  %unused = llvm.call @effect() : () -> i64
  llvm.br ^loop(%z : i64)
^loop(%i: i64):
  %size = llvm.extractvalue %2[3, 0] : !desc
  %more = llvm.icmp "slt" %i, %size : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %one = llvm.mlir.constant(1 : i64) : i64
  %next = llvm.add %i, %one : i64
  llvm.br ^loop(%next : i64)
^exit:
  %base = llvm.extractvalue %2[1] : !desc
  %v = llvm.load %base : !llvm.ptr -> f32
  llvm.return %v : f32
}

// gather-strip-hints removes every discardable gather.* attribute, at every
// depth, and nothing else.
// RUN: gather-opt %s --gather-strip-hints | FileCheck %s --implicit-check-not='gather.'
// RUN: gather-opt %s --gather-strip-hints | mlir-opt | FileCheck %s --implicit-check-not='gather.'

// CHECK-LABEL: func.func @hints
// CHECK-SAME:    attributes {keep.me = 1 : i64}
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} {other.mark} : index
// CHECK:         scf.forall
// CHECK:         } {other.size = 2 : i64}
// CHECK:         scf.execute_region no_inline
// CHECK:         return
func.func @hints(%c: i1, %a: index, %b: index, %m: memref<4xf32>) -> index
    attributes {keep.me = 1} {
  %s = arith.select %c, %a, %b {gather.wrap, other.mark} : index
  scf.forall (%j) in (4) {
    %x = memref.load %m[%j] : memref<4xf32>
    memref.store %x, %m[%j] : memref<4xf32>
  } {gather.form = #gather.form<"block-copy">, gather.inline_max_bytes = 64 : i64, other.size = 2 : i64}
  scf.execute_region no_inline {
    scf.yield
  } {gather.outline}
  return %s : index
}

// gather-lower-element-loops measures the output of a gather against the
// parallel threshold in bytes of memory: an element of a width that is not
// a whole number of bytes takes its width rounded up (an i12 takes 2 bytes),
// so 600 i12 outputs are 1200 bytes: chunked at a threshold of 1200, not at
// 1201.
// RUN: gather-opt %s --gather-lower-element-loops="target-cpu=znver5 parallel=true parallel-threshold=1200 parallel-chunks=4" --canonicalize | FileCheck %s --check-prefix=PAR
// RUN: gather-opt %s --gather-lower-element-loops="target-cpu=znver5 parallel=true parallel-threshold=1201 parallel-chunks=4" --canonicalize | FileCheck %s --check-prefix=SEQ

#map = affine_map<(d0) -> (d0)>
// PAR-LABEL: func.func @element_i12
// PAR:         scf.parallel
// PAR:         return
// SEQ-LABEL: func.func @element_i12
// SEQ-NOT:     scf.parallel
// SEQ:         return
func.func @element_i12(%d: memref<16777216xi12>, %i: memref<600xi64>, %o: memref<600xi12>) {
  %c0 = arith.constant 0 : index
  %s = arith.constant 16777216 : index
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%i : memref<600xi64>) outs(%o : memref<600xi12>) attrs = {gather.form = #gather.form<element>} {
  ^bb0(%in: i64, %out: i12):
    %k = arith.index_cast %in : i64 to index
    %neg = arith.cmpi slt, %k, %c0 : index
    %w = arith.addi %k, %s : index
    %p = arith.select %neg, %w, %k {gather.wrap} : index
    %v = memref.load %d[%p] : memref<16777216xi12>
    linalg.yield %v : i12
  }
  return
}

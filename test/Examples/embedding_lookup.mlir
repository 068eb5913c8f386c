// The bundled example of the README's main command runs and prints what the
// README shows: rows [1, 4, 5] and [0, 2, 2] of the table (-1 wraps to the
// last row 5), then position 2 of sequence 0 and position 0 of sequence 1.
// RUN: gather-opt %gather_src_root/examples/embedding_lookup.mlir --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// CHECK:      rank = 3 offset = 0 sizes = [2, 3, 4] strides = [12, 4, 1] data =
// CHECK-NEXT: {{\[\[\[}}1,    1.1,    1.2,    1.3],
// CHECK-NEXT:   [4,    4.1,    4.2,    4.3],
// CHECK-NEXT:   [5,    5.1,    5.2,    5.3]],
// CHECK-NEXT:  {{\[\[}}0,    0.1,    0.2,    0.3],
// CHECK-NEXT:   [2,    2.1,    2.2,    2.3],
// CHECK-NEXT:   [2,    2.1,    2.2,    2.3]]]
// CHECK:      rank = 2 offset = 0 sizes = [2, 4] strides = [4, 1] data =
// CHECK-NEXT: {{\[\[}}5,   5.1,   5.2,   5.3],
// CHECK-NEXT:  [0,   0.1,   0.2,   0.3]]

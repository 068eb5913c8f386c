// W4's gather (32 rows of 64 f32 from a table of 1000) lowered with static
// types, with every size dynamic and with only the row length static,
// compiled ahead of time for the host and run from C: bench/dynamic-aot's
// harness compares each variant's output with the rows copied in C before
// it times them, and exits 1 when a variant copies a wrong row.
// RUN: env GATHER_AOT_WORKLOAD=W4 bash %gather_src_root/bench/dynamic-aot/run.sh 1 gather-opt | FileCheck %s
// CHECK: workload: W4 (32 rows of 64 f32 from 1000, i64 indices, bounds-check=none)
// CHECK: indices: gather-bench's
// CHECK: all depths {{[0-9.]+}} ns {{[0-9.]+}} ns ({{[0-9.]+}}) {{[0-9.]+}} ns ({{[0-9.]+}})
// CHECK: median of the rounds' ratios: dynamic {{[0-9.]+}}, dynamic rows {{[0-9.]+}}
// The same with uniformly random indices.
// RUN: env GATHER_AOT_WORKLOAD=W4 GATHER_AOT_INDICES=random bash %gather_src_root/bench/dynamic-aot/run.sh 1 gather-opt | FileCheck %s --check-prefix=RANDOM
// RANDOM: indices: random
// RANDOM: all depths
// W5's gather (i32 indices, every fourth negative, the bounds check that
// stops the program) on W4's small shape: the harness wraps the negative
// indices for its own copy, so a variant that does not wrap them, or that
// stops on them, fails.
// RUN: env GATHER_AOT_WORKLOAD=W5 GATHER_AOT_SHAPE="1000 64 32 2048" bash %gather_src_root/bench/dynamic-aot/run.sh 1 gather-opt | FileCheck %s --check-prefix=W5
// W5: workload: W5 (32 rows of 64 f32 from 1000, i32 indices, bounds-check=assert)
// W5: all depths
// An unknown workload is refused, and so is a shape of other than four sizes.
// RUN: env GATHER_AOT_WORKLOAD=W9 not bash %gather_src_root/bench/dynamic-aot/run.sh 1 gather-opt 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: GATHER_AOT_WORKLOAD is W1, W4 or W5
// RUN: env GATHER_AOT_SHAPE="1000 64 32" not bash %gather_src_root/bench/dynamic-aot/run.sh 1 gather-opt 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: GATHER_AOT_SHAPE is "rows cols ids calls"

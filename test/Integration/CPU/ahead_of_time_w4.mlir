// W4's gather (32 rows of 64 f32 from a table of 1000) lowered with static
// types, with every size dynamic and with only the row length static,
// compiled ahead of time for the host and run from C: bench/dynamic-aot's
// harness compares each variant's output with the rows copied in C before
// it times them, and exits 1 when a variant copies a wrong row.
// RUN: env GATHER_AOT_WORKLOAD=W4 bash %gather_src_root/bench/dynamic-aot/run.sh 1 gather-opt | FileCheck %s
// CHECK: workload: W4 (32 rows of 64 f32 from 1000)
// CHECK: indices: gather-bench's
// CHECK: all depths {{[0-9.]+}} ns {{[0-9.]+}} ns ({{[0-9.]+}}) {{[0-9.]+}} ns ({{[0-9.]+}})
// The same with uniformly random indices.
// RUN: env GATHER_AOT_WORKLOAD=W4 GATHER_AOT_INDICES=random bash %gather_src_root/bench/dynamic-aot/run.sh 1 gather-opt | FileCheck %s --check-prefix=RANDOM
// RANDOM: indices: random
// RANDOM: all depths
// An unknown workload is refused.
// RUN: env GATHER_AOT_WORKLOAD=W9 not bash %gather_src_root/bench/dynamic-aot/run.sh 1 gather-opt 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: GATHER_AOT_WORKLOAD is W1 or W4

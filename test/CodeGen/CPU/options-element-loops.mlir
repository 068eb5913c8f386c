// The options of gather-lower-element-loops are checked: a value out of
// range is an error at each function, not invalid IR (locality 4), an
// unrolled body of 2^40 copies or a vector of that many lanes later.

// RUN: gather-opt %s --gather-lower-element-loops=unroll=0 -verify-diagnostics

// RUN: not gather-opt %s --gather-lower-element-loops=prefetch-distance=-1 2>&1 | FileCheck %s --check-prefix=PDM1
// RUN: not gather-opt %s --gather-lower-element-loops=prefetch-distance=2147483648 2>&1 | FileCheck %s --check-prefix=PD2P31
// RUN: not gather-opt %s --gather-lower-element-loops=locality=4 2>&1 | FileCheck %s --check-prefix=LOC4
// RUN: not gather-opt %s --gather-lower-element-loops=locality=-2 2>&1 | FileCheck %s --check-prefix=LOCM2
// RUN: not gather-opt %s --gather-lower-element-loops=target-cpu=no-such-cpu 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not gather-opt %s --gather-lower-element-loops=row-prefetch-distance=-2 2>&1 | FileCheck %s --check-prefix=RPDM2
// RUN: not gather-opt %s --gather-lower-element-loops=unroll=0 2>&1 | FileCheck %s --check-prefix=U0
// RUN: not gather-opt %s --gather-lower-element-loops=unroll=1099511627776 2>&1 | FileCheck %s --check-prefix=U2P40
// RUN: not gather-opt %s --gather-lower-element-loops=inner-unroll=-1 2>&1 | FileCheck %s --check-prefix=IUM1
// RUN: not gather-opt %s --gather-lower-element-loops=inner-unroll=257 2>&1 | FileCheck %s --check-prefix=IU257
// RUN: not gather-opt %s --gather-lower-element-loops=parallel-threshold=-1 2>&1 | FileCheck %s --check-prefix=PTM1
// RUN: not gather-opt %s --gather-lower-element-loops=parallel-chunks=0 2>&1 | FileCheck %s --check-prefix=PC0
// RUN: not gather-opt %s --gather-lower-element-loops=parallel-chunks=1048577 2>&1 | FileCheck %s --check-prefix=PCBIG

// The limits themselves are accepted.
// RUN: gather-opt %s --gather-lower-element-loops="prefetch-distance=0 locality=-1 row-prefetch-distance=0 unroll=1 inner-unroll=1 parallel-threshold=0 parallel-chunks=1" | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-lower-element-loops="prefetch-distance=2147483647 locality=3 row-prefetch-distance=2147483647 unroll=256 inner-unroll=256 parallel-threshold=9223372036854775807 parallel-chunks=1048576" | FileCheck %s --check-prefix=OK

// PDM1: error: gather-lower-element-loops: option prefetch-distance must be in [0, 2147483647], but is -1
// PD2P31: error: gather-lower-element-loops: option prefetch-distance must be in [0, 2147483647], but is 2147483648
// LOC4: error: gather-lower-element-loops: option locality must be in [-1, 3], but is 4
// LOCM2: error: gather-lower-element-loops: option locality must be in [-1, 3], but is -2
// CPU: error: gather-lower-element-loops: unknown CPU 'no-such-cpu' (expected 'host' or an x86-64 CPU name of LLVM, such as 'znver3', 'znver5', 'x86-64-v3')
// RPDM2: error: gather-lower-element-loops: option row-prefetch-distance must be in [0, 2147483647], but is -2
// U0: error: gather-lower-element-loops: option unroll must be in [1, 256], but is 0
// U2P40: error: gather-lower-element-loops: option unroll must be in [1, 256], but is 1099511627776
// IUM1: error: gather-lower-element-loops: option inner-unroll must be in [1, 256], but is -1
// IU257: error: gather-lower-element-loops: option inner-unroll must be in [1, 256], but is 257
// PTM1: error: gather-lower-element-loops: option parallel-threshold must be in [0, 9223372036854775807], but is -1
// PC0: error: gather-lower-element-loops: option parallel-chunks must be in [1, 1048576], but is 0
// PCBIG: error: gather-lower-element-loops: option parallel-chunks must be in [1, 1048576], but is 1048577

// OK-LABEL: func.func @f
// OK:         return

// expected-error @+1 {{gather-lower-element-loops: option unroll must be in [1, 256], but is 0}}
func.func @f() {
  return
}

// The integer options of gather-lower-slice-copies and gather-prefetch-rows
// are checked: a value out of range is an error at each function, not invalid
// IR later (vector-bytes=3 made an invalid alignment). vector-bytes=0,
// prefetch-locality=-1 and masked-tails=-1 take the target's values; an unknown target-cpu is an
// error.

// RUN: gather-opt %s --gather-lower-slice-copies=vector-bytes=3 -verify-diagnostics

// RUN: not gather-opt %s --gather-lower-slice-copies=target-cpu=no-such-cpu 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not gather-opt %s --gather-lower-slice-copies=prefetch-locality=4 2>&1 | FileCheck %s --check-prefix=PL4
// RUN: not gather-opt %s --gather-lower-slice-copies=prefetch-locality=-2 2>&1 | FileCheck %s --check-prefix=PLM2
// RUN: not gather-opt %s --gather-lower-slice-copies=masked-tails=2 2>&1 | FileCheck %s --check-prefix=MT2
// RUN: not gather-opt %s --gather-lower-slice-copies=masked-tails=-2 2>&1 | FileCheck %s --check-prefix=MTM2
// RUN: not gather-opt %s --gather-lower-slice-copies=inline-prefetch-distance=-1 2>&1 | FileCheck %s --check-prefix=IPDM1
// RUN: not gather-opt %s --gather-lower-slice-copies=vector-bytes=-1 2>&1 | FileCheck %s --check-prefix=VBM1
// RUN: not gather-opt %s --gather-lower-slice-copies=vector-bytes=3 2>&1 | FileCheck %s --check-prefix=VB3
// RUN: not gather-opt %s --gather-lower-slice-copies=vector-bytes=7 2>&1 | FileCheck %s --check-prefix=VB7
// RUN: not gather-opt %s --gather-lower-slice-copies=vector-bytes=2048 2>&1 | FileCheck %s --check-prefix=VB2048
// RUN: not gather-opt %s --gather-lower-slice-copies=vector-bytes=4611686018427387904 2>&1 | FileCheck %s --check-prefix=VB2P62
// RUN: not gather-opt %s --gather-lower-slice-copies=prefetch-distance=-2 2>&1 | FileCheck %s --check-prefix=PDM1
// RUN: not gather-opt %s --gather-lower-slice-copies=prefetch-distance=2147483648 2>&1 | FileCheck %s --check-prefix=PD2P31
// RUN: not gather-opt %s --gather-lower-slice-copies=prefetch-bytes=0 2>&1 | FileCheck %s --check-prefix=PB0
// RUN: not gather-opt %s --gather-lower-slice-copies=parallel-threshold=-1 2>&1 | FileCheck %s --check-prefix=PTM1
// RUN: not gather-opt %s --gather-prefetch-rows=prefetch-distance=-1 2>&1 | FileCheck %s --check-prefix=ROWSPDM1
// RUN: not gather-opt %s --gather-prefetch-rows=prefetch-distance=2147483648 2>&1 | FileCheck %s --check-prefix=ROWSPD2P31
// RUN: not gather-opt %s --gather-prefetch-rows=prefetch-bytes=-5 2>&1 | FileCheck %s --check-prefix=ROWSPBM5

// The limits themselves are accepted (nontemporal-threshold takes every
// value: a negative one disables non-temporal stores).
// RUN: gather-opt %s --gather-lower-slice-copies="vector-bytes=1 prefetch-distance=0 prefetch-bytes=1 parallel-threshold=0 nontemporal-threshold=-1 prefetch-locality=0 masked-tails=0" | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-lower-slice-copies="vector-bytes=0 prefetch-locality=-1 target-cpu=znver3" | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-lower-slice-copies="prefetch-locality=3 target-cpu=x86-64-v4 masked-tails=1" | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-lower-slice-copies="masked-tails=-1" | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-lower-slice-copies="vector-bytes=1024 prefetch-distance=2147483647 prefetch-bytes=9223372036854775807 parallel-threshold=9223372036854775807" | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-prefetch-rows="prefetch-distance=0 prefetch-bytes=1" | FileCheck %s --check-prefix=OK
// RUN: gather-opt %s --gather-prefetch-rows="prefetch-distance=2147483647 prefetch-bytes=9223372036854775807" | FileCheck %s --check-prefix=OK

// CPU: error: gather-lower-slice-copies: unknown CPU 'no-such-cpu' (expected 'host' or an x86-64 CPU name of LLVM, such as 'znver3', 'znver5', 'x86-64-v3')
// PL4: error: gather-lower-slice-copies: option prefetch-locality must be in [-1, 3], but is 4
// PLM2: error: gather-lower-slice-copies: option prefetch-locality must be in [-1, 3], but is -2
// MT2: error: gather-lower-slice-copies: option masked-tails must be in [-1, 1], but is 2
// MTM2: error: gather-lower-slice-copies: option masked-tails must be in [-1, 1], but is -2
// IPDM1: error: gather-lower-slice-copies: option inline-prefetch-distance must be in [0, 2147483647], but is -1
// VBM1: error: gather-lower-slice-copies: option vector-bytes must be 0 (from the target) or a power of two in [1, 1024], but is -1
// VB3: error: gather-lower-slice-copies: option vector-bytes must be 0 (from the target) or a power of two in [1, 1024], but is 3
// VB7: error: gather-lower-slice-copies: option vector-bytes must be 0 (from the target) or a power of two in [1, 1024], but is 7
// VB2048: error: gather-lower-slice-copies: option vector-bytes must be 0 (from the target) or a power of two in [1, 1024], but is 2048
// VB2P62: error: gather-lower-slice-copies: option vector-bytes must be 0 (from the target) or a power of two in [1, 1024], but is 4611686018427387904
// PDM1: error: gather-lower-slice-copies: option prefetch-distance must be in [-1, 2147483647], but is -2
// PD2P31: error: gather-lower-slice-copies: option prefetch-distance must be in [-1, 2147483647], but is 2147483648
// PB0: error: gather-lower-slice-copies: option prefetch-bytes must be in [1, 9223372036854775807], but is 0
// PTM1: error: gather-lower-slice-copies: option parallel-threshold must be in [0, 9223372036854775807], but is -1
// ROWSPDM1: error: gather-prefetch-rows: option prefetch-distance must be in [0, 2147483647], but is -1
// ROWSPD2P31: error: gather-prefetch-rows: option prefetch-distance must be in [0, 2147483647], but is 2147483648
// ROWSPBM5: error: gather-prefetch-rows: option prefetch-bytes must be in [1, 9223372036854775807], but is -5

// OK-LABEL: func.func @f
// OK:         return

// expected-error @+1 {{gather-lower-slice-copies: option vector-bytes must be 0 (from the target) or a power of two in [1, 1024], but is 3}}
func.func @f() {
  return
}

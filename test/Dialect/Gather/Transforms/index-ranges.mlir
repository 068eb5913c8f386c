// gather-prove-index-ranges records what integer range analysis proves about
// gather indices: indices_nonnegative (no wrap) and indices_in_range (no
// check); both together mean every index lies in [0, s).
// RUN: gather-opt %s --gather-prove-index-ranges --split-input-file | FileCheck %s

// Constants: [0, 2] in [0, 3); [-3, 2] in [-3, 3) but negative.
// CHECK-LABEL: func.func @constants
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range} :
func.func @constants(%d: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %i = arith.constant dense<[0, 2]> : tensor<2xi64>
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<2xi64>
  %j = arith.constant dense<[-3, 2]> : tensor<2xi32>
  %s = gather.gather %d[%j] : tensor<3x4xf32>, tensor<2xi32>
  return %r, %s : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// arith.remui by the size: [0, 5) (arith on tensors, elementwise). By 6: [0, 5]
// may reach 5, so only non-negative. With a dynamic size: only non-negative.
// CHECK-LABEL: func.func @remui
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} : tensor<5x4xf32>
// CHECK:         gather.gather %{{[^ ]+}} {indices_nonnegative} : tensor<5x4xf32>
// CHECK:         gather.gather %{{[^ ]+}} {indices_nonnegative} : tensor<?x4xf32>
func.func @remui(%d: tensor<5x4xf32>, %e: tensor<?x4xf32>, %x: tensor<3xi64>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %c5 = arith.constant dense<5> : tensor<3xi64>
  %i = arith.remui %x, %c5 : tensor<3xi64>
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi64>
  %c6 = arith.constant dense<6> : tensor<3xi64>
  %j = arith.remui %x, %c6 : tensor<3xi64>
  %s = gather.gather %d[%j] : tensor<5x4xf32>, tensor<3xi64>
  %t = gather.gather %e[%i] : tensor<?x4xf32>, tensor<3xi64>
  return %r, %s, %t : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// arith.remsi by the size: (-5, 5): in range, but the wrap stays.
// CHECK-LABEL: func.func @remsi
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range} :
func.func @remsi(%d: tensor<5x4xf32>, %x: tensor<3xi32>) -> tensor<3x4xf32> {
  %c5 = arith.constant dense<5> : tensor<3xi32>
  %i = arith.remsi %x, %c5 : tensor<3xi32>
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi32>
  return %r : tensor<3x4xf32>
}

// -----

// Clamps with arith.maxsi/minsi on tensors: to [0, 4] (both facts), to
// [-5, 4] (in range), to [0, 5] (non-negative only).
// CHECK-LABEL: func.func @clamps
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_nonnegative} :
func.func @clamps(%d: tensor<5x4xf32>, %x: tensor<3xindex>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %c0 = arith.constant dense<0> : tensor<3xindex>
  %c4 = arith.constant dense<4> : tensor<3xindex>
  %c5 = arith.constant dense<5> : tensor<3xindex>
  %cm5 = arith.constant dense<-5> : tensor<3xindex>
  %a = arith.minsi %x, %c4 : tensor<3xindex>
  %i = arith.maxsi %a, %c0 : tensor<3xindex>
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xindex>
  %j = arith.maxsi %a, %cm5 : tensor<3xindex>
  %s = gather.gather %d[%j] : tensor<5x4xf32>, tensor<3xindex>
  %b = arith.maxsi %x, %c0 : tensor<3xindex>
  %k = arith.minsi %b, %c5 : tensor<3xindex>
  %t = gather.gather %d[%k] : tensor<5x4xf32>, tensor<3xindex>
  return %r, %s, %t : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// The clamp as frontends lowered to linalg emit it: a linalg.generic whose
// body clamps the input element.
// CHECK-LABEL: func.func @clamp_generic
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
func.func @clamp_generic(%d: tensor<5x4xf32>, %x: tensor<3xi32>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3xi32>
  %i = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<3xi32>) outs(%e : tensor<3xi32>) {
  ^bb0(%in: i32, %out: i32):
    %c0 = arith.constant 0 : i32
    %c4 = arith.constant 4 : i32
    %a = arith.maxsi %in, %c0 : i32
    %b = arith.minsi %a, %c4 : i32
    linalg.yield %b : i32
  } -> tensor<3xi32>
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<3xi32>
  return %r : tensor<3x4xf32>
}

// -----

// Iotas: linalg.index over 5 positions lies in [0, 5); over 6 positions it may
// reach 5 (non-negative only); reversed (4 - i) over 5 positions in [0, 5).
// CHECK-LABEL: func.func @iotas
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_nonnegative} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
#id = affine_map<(d0) -> (d0)>
func.func @iotas(%d: tensor<5x4xf32>) -> (tensor<5x4xf32>, tensor<6x4xf32>, tensor<5x4xf32>) {
  %e5 = tensor.empty() : tensor<5xindex>
  %i = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e5 : tensor<5xindex>) {
  ^bb0(%out: index):
    %ix = linalg.index 0 : index
    linalg.yield %ix : index
  } -> tensor<5xindex>
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<5xindex>
  %e6 = tensor.empty() : tensor<6xi64>
  %j = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e6 : tensor<6xi64>) {
  ^bb0(%out: i64):
    %ix = linalg.index 0 : index
    %v = arith.index_cast %ix : index to i64
    linalg.yield %v : i64
  } -> tensor<6xi64>
  %s = gather.gather %d[%j] : tensor<5x4xf32>, tensor<6xi64>
  %k = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e5 : tensor<5xindex>) {
  ^bb0(%out: index):
    %ix = linalg.index 0 : index
    %c4 = arith.constant 4 : index
    %v = arith.subi %c4, %ix : index
    linalg.yield %v : index
  } -> tensor<5xindex>
  %t = gather.gather %d[%k] : tensor<5x4xf32>, tensor<5xindex>
  return %r, %s, %t : tensor<5x4xf32>, tensor<6x4xf32>, tensor<5x4xf32>
}

// -----

// tensor.from_elements of a remainder and a constant; a reshape keeps the
// range.
// CHECK-LABEL: func.func @from_elements
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range} :
func.func @from_elements(%d: tensor<5x4xf32>, %x: i64) -> (tensor<2x4xf32>, tensor<1x2x4xf32>) {
  %c5 = arith.constant 5 : i64
  %m = arith.remui %x, %c5 : i64
  %c1 = arith.constant 1 : i64
  %i = tensor.from_elements %m, %c1 : tensor<2xi64>
  %r = gather.gather %d[%i] : tensor<5x4xf32>, tensor<2xi64>
  %cm1 = arith.constant -1 : i64
  %j = tensor.from_elements %m, %cm1 : tensor<2xi64>
  %k = tensor.expand_shape %j [[0, 1]] output_shape [1, 2] : tensor<2xi64> into tensor<1x2xi64>
  %s = gather.gather %d[%k] : tensor<5x4xf32>, tensor<1x2xi64>
  return %r, %s : tensor<2x4xf32>, tensor<1x2x4xf32>
}

// -----

// Function arguments are unknown: nothing is proved (unsigned values are
// never negative). A generic that may leave output elements unwritten (a
// reduction) joins its init's range: unknown here.
// CHECK-LABEL: func.func @unknown
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x4xf32>, tensor<3xi64>
// CHECK:         gather.gather %{{[^ ]+}} {indices_nonnegative} : tensor<5x4xf32>, tensor<3xui32>
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x4xf32>, tensor<1xindex>
func.func @unknown(%d: tensor<5x4xf32>, %x: tensor<3xi64>, %u: tensor<3xui32>, %init: tensor<1xindex>,
                   %y: tensor<1x2xindex>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>) {
  %r = gather.gather %d[%x] : tensor<5x4xf32>, tensor<3xi64>
  %s = gather.gather %d[%u] : tensor<5x4xf32>, tensor<3xui32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<1x2xindex>) outs(%init : tensor<1xindex>) {
  ^bb0(%in: index, %out: index):
    %ix = linalg.index 1 : index
    linalg.yield %ix : index
  } -> tensor<1xindex>
  %t = gather.gather %d[%m] : tensor<5x4xf32>, tensor<1xindex>
  return %r, %s, %t : tensor<3x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>
}

// -----

// Empty index tensors hold no value: no diagnostic, even against a gathered
// dimension of size 0. A gather in dead code is left alone (no diagnostic for
// its out-of-range constants).
// CHECK-LABEL: func.func @empty_and_dead
// CHECK:         gather.gather
// CHECK:         scf.if
// CHECK:           gather.gather %{{[^ ]+}} : tensor<3x4xf32>, tensor<2xi64>
func.func @empty_and_dead(%d: tensor<0x4xf32>, %i: tensor<2x0xi64>, %e: tensor<3x4xf32>)
    -> (tensor<2x0x4xf32>, tensor<2x4xf32>) {
  %r = gather.gather %d[%i] : tensor<0x4xf32>, tensor<2x0xi64>
  %false = arith.constant false
  %s = scf.if %false -> tensor<2x4xf32> {
    %j = arith.constant dense<[7, 9]> : tensor<2xi64>
    %g = gather.gather %e[%j] : tensor<3x4xf32>, tensor<2xi64>
    scf.yield %g : tensor<2x4xf32>
  } else {
    %z = arith.constant dense<0.0> : tensor<2x4xf32>
    scf.yield %z : tensor<2x4xf32>
  }
  return %r, %s : tensor<2x0x4xf32>, tensor<2x4xf32>
}

// -----

// The bounds of [-s, s) are exact: unsigned values up to s - 1 are in range,
// up to s not; signed values from -s are in range, from -s - 1 not (s = 5).
// Constants and clamps with maxsi/minsi.
// CHECK-LABEL: func.func @boundaries
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} : tensor<5x4xf32>, tensor<2xui32>
// CHECK:         gather.gather %{{[^ ]+}} {indices_nonnegative} : tensor<5x4xf32>, tensor<2xui32>
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range} : tensor<5x4xf32>, tensor<2xi64>
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x4xf32>, tensor<2xi64>
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range} : tensor<5x4xf32>, tensor<2xi64>
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x4xf32>, tensor<2xi64>
// CHECK:         gather.gather %{{[^ ]+}} {indices_nonnegative} : tensor<5x4xf32>, tensor<2xi64>
func.func @boundaries(%d: tensor<5x4xf32>, %x: tensor<2xi64>)
    -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>,
        tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %u4 = arith.constant dense<[0, 4]> : tensor<2xui32>
  %a = gather.gather %d[%u4] : tensor<5x4xf32>, tensor<2xui32>
  %u5 = arith.constant dense<[0, 5]> : tensor<2xui32>
  %b = gather.gather %d[%u5] : tensor<5x4xf32>, tensor<2xui32>
  %s5 = arith.constant dense<[-5, 4]> : tensor<2xi64>
  %c = gather.gather %d[%s5] : tensor<5x4xf32>, tensor<2xi64>
  %s6 = arith.constant dense<[-6, 4]> : tensor<2xi64>
  %e = gather.gather %d[%s6] : tensor<5x4xf32>, tensor<2xi64>
  %m5 = arith.constant dense<-5> : tensor<2xi64>
  %m6 = arith.constant dense<-6> : tensor<2xi64>
  %p4 = arith.constant dense<4> : tensor<2xi64>
  %p5 = arith.constant dense<5> : tensor<2xi64>
  %z = arith.constant dense<0> : tensor<2xi64>
  %h = arith.minsi %x, %p4 : tensor<2xi64>
  %i5 = arith.maxsi %h, %m5 : tensor<2xi64>
  %f = gather.gather %d[%i5] : tensor<5x4xf32>, tensor<2xi64>
  %i6 = arith.maxsi %h, %m6 : tensor<2xi64>
  %g = gather.gather %d[%i6] : tensor<5x4xf32>, tensor<2xi64>
  %l = arith.maxsi %x, %z : tensor<2xi64>
  %j5 = arith.minsi %l, %p5 : tensor<2xi64>
  %k = gather.gather %d[%j5] : tensor<5x4xf32>, tensor<2xi64>
  return %a, %b, %c, %e, %f, %g, %k
      : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>,
        tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

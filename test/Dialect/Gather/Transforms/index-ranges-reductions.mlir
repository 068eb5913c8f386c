// Values carried around a loop: a linalg.generic whose output element is
// visited by several iterations (a reduction loop, or an output not indexed
// by every loop) reads in each iteration what the previous one yielded. The
// range analysis joins the yielded range back into the output argument, and
// a range that keeps growing widens to the whole type: no fact is recorded.
// A combiner whose range stops growing (max, min, a select of the input) keeps
// its exact range.
// RUN: gather-opt %s --gather-prove-index-ranges --split-input-file | FileCheck %s

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>

// Accumulating bodies, each on inputs and an init whose ranges lie in [0, 5):
// sum, product, difference and a count. None is in range or non-negative.
// CHECK-LABEL: func.func @accumulate
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x2xf32>, tensor<1xi64>
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x2xf32>, tensor<1xi64>
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x2xf32>, tensor<1xi64>
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x2xf32>, tensor<1xi64>
func.func @accumulate(%d: tensor<5x2xf32>)
    -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  %in = arith.constant dense<[[2, 2, 1]]> : tensor<1x3xi64>
  %z = arith.constant dense<0> : tensor<1xi64>
  %one = arith.constant dense<1> : tensor<1xi64>
  %sum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%z : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %g0 = gather.gather %d[%sum] : tensor<5x2xf32>, tensor<1xi64>
  %prod = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%one : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.muli %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %g1 = gather.gather %d[%prod] : tensor<5x2xf32>, tensor<1xi64>
  %diff = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%z : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.subi %o, %a : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %g2 = gather.gather %d[%diff] : tensor<5x2xf32>, tensor<1xi64>
  %count = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%one : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %c1 = arith.constant 1 : i64
    %s = arith.addi %o, %c1 : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %g3 = gather.gather %d[%count] : tensor<5x2xf32>, tensor<1xi64>
  return %g0, %g1, %g2, %g3 : tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
}

// -----

#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>

// Combiners whose range stops growing: the maximum and the minimum of inputs
// in [0, 4] with an init of 0 or 4 stay in [0, 4]; a body that yields its
// input element, or the input when it exceeds the output, too. The same
// maximum with an init in [0, 5] may be 5: non-negative only.
// CHECK-LABEL: func.func @bounded
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} :
// CHECK:         gather.gather %{{[^ ]+}} {indices_nonnegative} :
func.func @bounded(%d: tensor<5x2xf32>, %x: tensor<1x3xi64>, %y: tensor<1xi64>)
    -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  %c5 = arith.constant dense<5> : tensor<1x3xi64>
  %in = arith.remui %x, %c5 : tensor<1x3xi64>
  %z = arith.constant dense<0> : tensor<1xi64>
  %four = arith.constant dense<4> : tensor<1xi64>
  %c6 = arith.constant dense<6> : tensor<1xi64>
  %five = arith.remui %y, %c6 : tensor<1xi64>
  %max = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%z : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.maxsi %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %g0 = gather.gather %d[%max] : tensor<5x2xf32>, tensor<1xi64>
  %min = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%four : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.minsi %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %g1 = gather.gather %d[%min] : tensor<5x2xf32>, tensor<1xi64>
  %last = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%z : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    linalg.yield %a : i64
  } -> tensor<1xi64>
  %g2 = gather.gather %d[%last] : tensor<5x2xf32>, tensor<1xi64>
  %sel = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%z : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %gt = arith.cmpi sgt, %a, %o : i64
    %s = arith.select %gt, %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %g3 = gather.gather %d[%sel] : tensor<5x2xf32>, tensor<1xi64>
  %max5 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x3xi64>) outs(%five : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.maxsi %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %g4 = gather.gather %d[%max5] : tensor<5x2xf32>, tensor<1xi64>
  return %g0, %g1, %g2, %g3, %g4
      : tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
}

// -----

// All loops parallel but the output not indexed by every loop: each output
// element is written by several iterations, which read what the previous one
// wrote. A sum over them is not bounded; an output that is a permutation of
// the loops is written once per element (the output argument is the init's
// element), so the same body stays in [0, 4] + [0, 4] = [0, 8] there.
// CHECK-LABEL: func.func @parallel_revisits
// CHECK:         gather.gather %{{[^ ]+}} : tensor<9x2xf32>, tensor<1xi64>
// CHECK:         gather.gather %{{[^ ]+}} {indices_in_range, indices_nonnegative} : tensor<9x2xf32>, tensor<1x3xi64>
func.func @parallel_revisits(%d: tensor<9x2xf32>, %x: tensor<1x3xi64>)
    -> (tensor<1x2xf32>, tensor<1x3x2xf32>) {
  %c5 = arith.constant dense<5> : tensor<1x3xi64>
  %in = arith.remui %x, %c5 : tensor<1x3xi64>
  %z = arith.constant dense<4> : tensor<1xi64>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%in : tensor<1x3xi64>) outs(%z : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1xi64>
  %g0 = gather.gather %d[%sum] : tensor<9x2xf32>, tensor<1xi64>
  %e = arith.constant dense<4> : tensor<1x3xi64>
  %each = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%in : tensor<1x3xi64>) outs(%e : tensor<1x3xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %o : i64
    linalg.yield %s : i64
  } -> tensor<1x3xi64>
  %g1 = gather.gather %d[%each] : tensor<9x2xf32>, tensor<1x3xi64>
  return %g0, %g1 : tensor<1x2xf32>, tensor<1x3x2xf32>
}

// -----

// A reduction over an empty extent writes nothing: the result is the init,
// which lies in [0, 8) here, so only non-negativity is proved although every
// value the body could yield lies in [0, 5).
// CHECK-LABEL: func.func @empty_reduction
// CHECK:         gather.gather %{{[^ ]+}} {indices_nonnegative} : tensor<5x2xf32>, tensor<1xi64>
func.func @empty_reduction(%d: tensor<5x2xf32>, %x: tensor<1x0xi64>, %y: tensor<1xi64>)
    -> tensor<1x2xf32> {
  %c5 = arith.constant dense<5> : tensor<1x0xi64>
  %in = arith.remui %x, %c5 : tensor<1x0xi64>
  %c8 = arith.constant dense<8> : tensor<1xi64>
  %init = arith.remui %y, %c8 : tensor<1xi64>
  %last = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                          iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<1x0xi64>) outs(%init : tensor<1xi64>) {
  ^bb0(%a: i64, %o: i64):
    linalg.yield %a : i64
  } -> tensor<1xi64>
  %g = gather.gather %d[%last] : tensor<5x2xf32>, tensor<1xi64>
  return %g : tensor<1x2xf32>
}

// -----

// A tensor carried around an scf.for whose element grows by one per
// iteration (through tensor.extract and tensor.insert, which the analysis
// follows): the range widens, the analysis terminates, nothing is proved.
// CHECK-LABEL: func.func @loop_carried_tensor
// CHECK:         scf.for
// CHECK:         gather.gather %{{[^ ]+}} : tensor<5x2xf32>, tensor<1xi64>
func.func @loop_carried_tensor(%d: tensor<5x2xf32>, %n: index) -> tensor<1x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %init = arith.constant dense<0> : tensor<1xi64>
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> tensor<1xi64> {
    %x = tensor.extract %acc[%c0] : tensor<1xi64>
    %y = arith.addi %x, %one : i64
    %t2 = tensor.insert %y into %acc[%c0] : tensor<1xi64>
    scf.yield %t2 : tensor<1xi64>
  }
  %r = gather.gather %d[%t] : tensor<5x2xf32>, tensor<1xi64>
  return %r : tensor<1x2xf32>
}

// Tiled embedding bags run through gather-to-llvm and give the values of
// the untiled op: Inputs/tiling-schedule.mlir tiles the bag of each function
// below (scf.for and scf.forall, over bags, batches and columns, with sizes
// that leave partial tiles) and fuses @producer's bag into the loop of its
// consumer. The tiled program runs under bounds-check=assert and none and
// with OpenMP loops, the last RUN line runs the same program untiled; all
// print the values written beside each call, computed by hand: the rows of
// tables T and -T are (r + 1) [1, 10, 100, 1000], so every bag of them is
// a scalar s times [1, 10, 100, 1000]; the rows of table M are written out.

// RUN: gather-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tiling-schedule.mlir --transform-interpreter --canonicalize \
// RUN:   | FileCheck %s --check-prefix=TILED
// RUN: gather-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tiling-schedule.mlir --transform-interpreter --canonicalize \
// RUN:   | gather-opt --gather-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tiling-schedule.mlir --transform-interpreter --canonicalize \
// RUN:   | gather-opt --gather-to-llvm=bounds-check=none \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tiling-schedule.mlir --transform-interpreter --canonicalize \
// RUN:   | gather-opt --gather-to-llvm="parallel=true" \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// The schedule applied: every bag is in a tile loop; ragged bags without
// include_last_offset tiled over bags take include_last_offset over the
// offsets of the tile and the end of its last bag, tiled over columns only
// they keep their form.
// TILED-LABEL: func.func @fixed_weighted
// TILED:         scf.forall
// TILED:           gather.embedding_bag sum {{.*}} batch_dims = 1 weights
// TILED-LABEL: func.func @fixed_mean
// TILED:         scf.for
// TILED:           gather.embedding_bag mean
// TILED-LABEL: func.func @fixed_max
// TILED:         scf.for
// TILED:           scf.for
// TILED:             gather.embedding_bag max
// TILED-LABEL: func.func @ragged_sum
// TILED:         scf.for
// TILED:           scf.for
// TILED:             tensor.insert
// TILED:             gather.embedding_bag sum {{.*}} {include_last_offset}
// TILED-LABEL: func.func @ragged_last_mean
// TILED:         scf.forall
// TILED:           gather.embedding_bag mean {{.*}} {include_last_offset, padding_idx = 2 : i64}
// TILED-LABEL: func.func @ragged_weighted_unsigned
// TILED:         scf.for
// TILED:           scf.for
// TILED:             builtin.unrealized_conversion_cast {{.*}} : i32 to ui32
// TILED:             gather.embedding_bag sum {{.*}} {include_last_offset}
// TILED-LABEL: func.func @ragged_max_dynamic
// TILED:         scf.for
// TILED:           gather.embedding_bag max {{.*}} {include_last_offset}
// TILED-LABEL: func.func @ragged_last_dynamic
// TILED:         scf.forall
// TILED:           gather.embedding_bag sum {{.*}} {include_last_offset}
// TILED-LABEL: func.func @ragged_columns
// TILED:         scf.forall
// TILED-NOT:       include_last_offset
// TILED:           gather.embedding_bag sum {{.*}} {padding_idx = 0 : i64}
// TILED-LABEL: func.func @producer
// TILED:         scf.forall
// TILED:           gather.embedding_bag sum
// TILED:           linalg.generic
// TILED-LABEL: func.func @main

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%r: tensor<*xf32>) {
  call @printMemrefF32(%r) : (tensor<*xf32>) -> ()
  return
}

// Fixed bags, batch_dims = 1, weights (tiles of 1 x 2 x 3 over 2 x 3 x 4).
func.func @fixed_weighted(%t: tensor<2x5x4xf32>, %i: tensor<2x3x2xi64>, %w: tensor<2x3x2xf32>) -> tensor<2x3x4xf32> {
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 weights(%w : tensor<2x3x2xf32>) : tensor<2x5x4xf32>, tensor<2x3x2xi64> -> tensor<2x3x4xf32>
  return %r : tensor<2x3x4xf32>
}
// Fixed bags, mean, padding row 2 (tiles of 3 over 4 bags).
func.func @fixed_mean(%t: tensor<5x4xf32>, %i: tensor<4x3xi32>) -> tensor<4x4xf32> {
  %r = gather.embedding_bag mean %t[%i] {padding_idx = 2 : i64} : tensor<5x4xf32>, tensor<4x3xi32> -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
// Fixed bags, max (tiles of 1 bag x 2 columns).
func.func @fixed_max(%t: tensor<5x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %r = gather.embedding_bag max %t[%i] : tensor<5x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
// Ragged bags without include_last_offset (tiles of 2 x 3 over 5 x 4).
func.func @ragged_sum(%t: tensor<5x4xf32>, %i: tensor<9xi64>, %o: tensor<5xi64>) -> tensor<5x4xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<5xi64>) : tensor<5x4xf32>, tensor<9xi64> -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}
// Ragged bags with include_last_offset, mean, padding row 2 (tiles of 3
// over 4 bags).
func.func @ragged_last_mean(%t: tensor<5x4xf32>, %i: tensor<9xi64>, %o: tensor<5xi64>) -> tensor<4x4xf32> {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<5xi64>) {include_last_offset, padding_idx = 2 : i64} : tensor<5x4xf32>, tensor<9xi64> -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
// Ragged bags without include_last_offset, unsigned ids and offsets,
// weights (tiles of 3 x 2 over 4 x 4).
func.func @ragged_weighted_unsigned(%t: tensor<5x4xf32>, %i: tensor<9xui32>, %o: tensor<4xui32>, %w: tensor<9xf32>) -> tensor<4x4xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<4xui32>) weights(%w : tensor<9xf32>) : tensor<5x4xf32>, tensor<9xui32> -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
// Dynamic ragged bags without include_last_offset, max (tiles of 3 bags).
func.func @ragged_max_dynamic(%t: tensor<?x4xf32>, %i: tensor<?xi64>, %o: tensor<?xi32>) -> tensor<?x4xf32> {
  %r = gather.embedding_bag max %t[%i] offsets(%o : tensor<?xi32>) : tensor<?x4xf32>, tensor<?xi64> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
// Dynamic ragged bags with include_last_offset (tiles of 2 x 2).
func.func @ragged_last_dynamic(%t: tensor<?x?xf32>, %i: tensor<?xindex>, %o: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset} : tensor<?x?xf32>, tensor<?xindex> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// Ragged bags without include_last_offset tiled over columns only (tiles of
// 3 columns), padding row 0.
func.func @ragged_columns(%t: tensor<5x4xf32>, %i: tensor<9xi64>, %o: tensor<5xi64>) -> tensor<5x4xf32> {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<5xi64>) {padding_idx = 0 : i64} : tensor<5x4xf32>, tensor<9xi64> -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}
// Twice the sums of fixed bags: the consumer tiled 2 x 3, the bag fused.
#id = affine_map<(i, j) -> (i, j)>
func.func @producer(%t: tensor<5x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x4xf32> {
  %g = gather.embedding_bag sum %t[%i] : tensor<5x4xf32>, tensor<3x2xi64> -> tensor<3x4xf32>
  %e = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%g : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %in : f32
    linalg.yield %a : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

func.func @main() {
  // T: row r is (r + 1) [1, 10, 100, 1000].
  %t = arith.constant dense<[[1.0, 10.0, 100.0, 1000.0], [2.0, 20.0, 200.0, 2000.0], [3.0, 30.0, 300.0, 3000.0], [4.0, 40.0, 400.0, 4000.0], [5.0, 50.0, 500.0, 5000.0]]> : tensor<5x4xf32>
  %tb = arith.constant dense<[[[1.0, 10.0, 100.0, 1000.0], [2.0, 20.0, 200.0, 2000.0], [3.0, 30.0, 300.0, 3000.0], [4.0, 40.0, 400.0, 4000.0], [5.0, 50.0, 500.0, 5000.0]],
                              [[-1.0, -10.0, -100.0, -1000.0], [-2.0, -20.0, -200.0, -2000.0], [-3.0, -30.0, -300.0, -3000.0], [-4.0, -40.0, -400.0, -4000.0], [-5.0, -50.0, -500.0, -5000.0]]]> : tensor<2x5x4xf32>
  %m = arith.constant dense<[[1.0, 9.0, -3.0, 0.0], [4.0, 2.0, -1.0, 7.0], [-6.0, 5.0, 8.0, -2.0], [0.0, -4.0, 2.0, 3.0], [3.0, 1.0, -5.0, -8.0]]> : tensor<5x4xf32>

  // Batch 0 (table T): rows {0, 4} weighted 1 2: 1 + 10 = 11; {1, 1}
  // weighted 0.5 -1: 1 - 2 = -1; {4, 2} weighted 3 0: 15. Batch 1 (-T):
  // {3, 3} weighted 1 1: -8; {0, 0} (-5 wraps to 0) weighted 2 0.25:
  // -2.25; {2, 1} weighted -1 1: 3 - 2 = 1.
  %fi = arith.constant dense<[[[0, 4], [1, 1], [-1, 2]], [[3, 3], [0, -5], [2, 1]]]> : tensor<2x3x2xi64>
  %fw = arith.constant dense<[[[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]], [[1.0, 1.0], [2.0, 0.25], [-1.0, 1.0]]]> : tensor<2x3x2xf32>
  %a = call @fixed_weighted(%tb, %fi, %fw) : (tensor<2x5x4xf32>, tensor<2x3x2xi64>, tensor<2x3x2xf32>) -> tensor<2x3x4xf32>
  %ua = tensor.cast %a : tensor<2x3x4xf32> to tensor<*xf32>
  call @print(%ua) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [2, 3, 4]
  // CHECK-NEXT: {{\[\[\[}}11, 110, 1100, 11000],
  // CHECK-NEXT:  [-1, -10, -100, -1000],
  // CHECK-NEXT:  [15, 150, 1500, 15000]],
  // CHECK-NEXT: {{\[\[}}-8, -80, -800, -8000],
  // CHECK-NEXT:  [-2.25, -22.5, -225, -2250],
  // CHECK-NEXT:  [1, 10, 100, 1000]]]

  // Row 2 is padding: {0, 1} -> (1 + 2) / 2; {2, 2, 2} -> 0; {4, 4, 1}
  // -> (5 + 5 + 2) / 3; {2 (-3 wrapped), 0, 0} -> (1 + 1) / 2.
  %mi = arith.constant dense<[[0, 1, 2], [2, 2, 2], [4, -1, 1], [-3, 0, 0]]> : tensor<4x3xi32>
  %b = call @fixed_mean(%t, %mi) : (tensor<5x4xf32>, tensor<4x3xi32>) -> tensor<4x4xf32>
  %ub = tensor.cast %b : tensor<4x4xf32> to tensor<*xf32>
  call @print(%ub) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [4, 4]
  // CHECK-NEXT: {{\[\[}}1.5, 15, 150, 1500],
  // CHECK-NEXT:  [0, 0, 0, 0],
  // CHECK-NEXT:  [4, 40, 400, 4000],
  // CHECK-NEXT:  [1, 10, 100, 1000]]

  // Max of rows of M: {0, 1}, {2, 3}, {4, 2}.
  %xi = arith.constant dense<[[0, 1], [2, 3], [4, 2]]> : tensor<3x2xi64>
  %c = call @fixed_max(%m, %xi) : (tensor<5x4xf32>, tensor<3x2xi64>) -> tensor<3x4xf32>
  %uc = tensor.cast %c : tensor<3x4xf32> to tensor<*xf32>
  call @print(%uc) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [3, 4]
  // CHECK-NEXT: {{\[\[}}4, 9, -1, 7],
  // CHECK-NEXT:  [0, 5, 8, 3],
  // CHECK-NEXT:  [3, 5, 8, -2]]

  // Ids of rows 0 1 2 4 4 4 3 0 2 (-1 is 4, -5 is 0): r + 1 = 1 2 3 5 5 5 4
  // 1 3.
  %ri = arith.constant dense<[0, 1, 2, 4, 4, -1, 3, -5, 2]> : tensor<9xi64>
  // Bags [0, 2), [2, 2), [2, 5), [5, 7), [7, 9): 3, 0, 13, 9, 4. The tiles
  // of 2 bags end at offsets[2], offsets[4] and N.
  %ro = arith.constant dense<[0, 2, 2, 5, 7]> : tensor<5xi64>
  %d = call @ragged_sum(%t, %ri, %ro) : (tensor<5x4xf32>, tensor<9xi64>, tensor<5xi64>) -> tensor<5x4xf32>
  %ud = tensor.cast %d : tensor<5x4xf32> to tensor<*xf32>
  call @print(%ud) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [5, 4]
  // CHECK-NEXT: {{\[\[}}3, 30, 300, 3000],
  // CHECK-NEXT:  [0, 0, 0, 0],
  // CHECK-NEXT:  [13, 130, 1300, 13000],
  // CHECK-NEXT:  [9, 90, 900, 9000],
  // CHECK-NEXT:  [4, 40, 400, 4000]]

  // Bags [0, 3), [3, 3), [3, 6), [6, 9), [9, 9) (an empty last bag, in the
  // last tile): 6, 0, 15, 8, 0.
  %ro2 = arith.constant dense<[0, 3, 3, 6, 9]> : tensor<5xi64>
  %d2 = call @ragged_sum(%t, %ri, %ro2) : (tensor<5x4xf32>, tensor<9xi64>, tensor<5xi64>) -> tensor<5x4xf32>
  %ud2 = tensor.cast %d2 : tensor<5x4xf32> to tensor<*xf32>
  call @print(%ud2) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [5, 4]
  // CHECK-NEXT: {{\[\[}}6, 60, 600, 6000],
  // CHECK-NEXT:  [0, 0, 0, 0],
  // CHECK-NEXT:  [15, 150, 1500, 15000],
  // CHECK-NEXT:  [8, 80, 800, 8000],
  // CHECK-NEXT:  [0, 0, 0, 0]]

  // include_last_offset from 1 to 8 (ids 0 and 8 in no bag), row 2 padding:
  // [1, 3) = rows {1, 2} -> 2; [3, 3) -> 0; [3, 6) = {4, 4, 4} -> 5;
  // [6, 8) = {3, 0} -> (4 + 1) / 2.
  %lo = arith.constant dense<[1, 3, 3, 6, 8]> : tensor<5xi64>
  %e = call @ragged_last_mean(%t, %ri, %lo) : (tensor<5x4xf32>, tensor<9xi64>, tensor<5xi64>) -> tensor<4x4xf32>
  %ue = tensor.cast %e : tensor<4x4xf32> to tensor<*xf32>
  call @print(%ue) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [4, 4]
  // CHECK-NEXT: {{\[\[}}2, 20, 200, 2000],
  // CHECK-NEXT:  [0, 0, 0, 0],
  // CHECK-NEXT:  [5, 50, 500, 5000],
  // CHECK-NEXT:  [2.5, 25, 250, 2500]]

  // Unsigned: bags [0, 4), [4, 4), [4, 8), [8, 9) of rows 0 1 2 4 | 4 4 3 0
  // | 2 weighted 1 -1 2 0.5 | 1 1 -2 3 | 4: 1 - 2 + 6 + 2.5 = 7.5; 0;
  // 5 + 5 - 8 + 3 = 5; 12. The first tile (3 bags) ends at offsets[3], the
  // second at N.
  %ui = arith.constant dense<[0, 1, 2, 4, 4, 4, 3, 0, 2]> : tensor<9xui32>
  %uo = arith.constant dense<[0, 4, 4, 8]> : tensor<4xui32>
  %uw = arith.constant dense<[1.0, -1.0, 2.0, 0.5, 1.0, 1.0, -2.0, 3.0, 4.0]> : tensor<9xf32>
  %f = call @ragged_weighted_unsigned(%t, %ui, %uo, %uw) : (tensor<5x4xf32>, tensor<9xui32>, tensor<4xui32>, tensor<9xf32>) -> tensor<4x4xf32>
  %uf = tensor.cast %f : tensor<4x4xf32> to tensor<*xf32>
  call @print(%uf) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [4, 4]
  // CHECK-NEXT: {{\[\[}}7.5, 75, 750, 7500],
  // CHECK-NEXT:  [0, 0, 0, 0],
  // CHECK-NEXT:  [5, 50, 500, 5000],
  // CHECK-NEXT:  [12, 120, 1200, 12000]]

  // Dynamic, max of rows of M: [0, 0) empty; [0, 2) = {1, 3}; [2, 2)
  // empty; [2, 5) = {0, 2, 4}.
  %md = tensor.cast %m : tensor<5x4xf32> to tensor<?x4xf32>
  %gi = arith.constant dense<[1, 3, 0, 2, 4]> : tensor<5xi64>
  %gid = tensor.cast %gi : tensor<5xi64> to tensor<?xi64>
  %go = arith.constant dense<[0, 0, 2, 2]> : tensor<4xi32>
  %god = tensor.cast %go : tensor<4xi32> to tensor<?xi32>
  %g = call @ragged_max_dynamic(%md, %gid, %god) : (tensor<?x4xf32>, tensor<?xi64>, tensor<?xi32>) -> tensor<?x4xf32>
  %ug = tensor.cast %g : tensor<?x4xf32> to tensor<*xf32>
  call @print(%ug) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [4, 4]
  // CHECK-NEXT: {{\[\[}}0, 0, 0, 0],
  // CHECK-NEXT:  [4, 2, 2, 7],
  // CHECK-NEXT:  [0, 0, 0, 0],
  // CHECK-NEXT:  [3, 9, 8, 0]]

  // Dynamic, include_last_offset: ids of rows 4 0 1 1 3 2, bags [0, 2) ->
  // 5 + 1; [2, 2) -> 0; [2, 6) -> 2 + 2 + 4 + 3; [6, 6) -> 0.
  %td = tensor.cast %t : tensor<5x4xf32> to tensor<?x?xf32>
  %hi = arith.constant dense<[4, 0, 1, 1, 3, 2]> : tensor<6xindex>
  %hid = tensor.cast %hi : tensor<6xindex> to tensor<?xindex>
  %ho = arith.constant dense<[0, 2, 2, 6, 6]> : tensor<5xi64>
  %hod = tensor.cast %ho : tensor<5xi64> to tensor<?xi64>
  %h = call @ragged_last_dynamic(%td, %hid, %hod) : (tensor<?x?xf32>, tensor<?xindex>, tensor<?xi64>) -> tensor<?x?xf32>
  %uh = tensor.cast %h : tensor<?x?xf32> to tensor<*xf32>
  call @print(%uh) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [4, 4]
  // CHECK-NEXT: {{\[\[}}6, 60, 600, 6000],
  // CHECK-NEXT:  [0, 0, 0, 0],
  // CHECK-NEXT:  [11, 110, 1100, 11000],
  // CHECK-NEXT:  [0, 0, 0, 0]]

  // Row 0 is padding: bags of %ro over r + 1 = 1 2 | | 3 5 5 | 5 4 | 1 3
  // without the 1s: 2, 0, 13, 9, 3.
  %k = call @ragged_columns(%t, %ri, %ro) : (tensor<5x4xf32>, tensor<9xi64>, tensor<5xi64>) -> tensor<5x4xf32>
  %uk = tensor.cast %k : tensor<5x4xf32> to tensor<*xf32>
  call @print(%uk) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [5, 4]
  // CHECK-NEXT: {{\[\[}}2, 20, 200, 2000],
  // CHECK-NEXT:  [0, 0, 0, 0],
  // CHECK-NEXT:  [13, 130, 1300, 13000],
  // CHECK-NEXT:  [9, 90, 900, 9000],
  // CHECK-NEXT:  [3, 30, 300, 3000]]

  // Twice {1, 3} -> 2 (2 + 4); {0, 0} -> 2 (1 + 1); {4, 1 (-4 wrapped)}
  // -> 2 (5 + 2).
  %pi = arith.constant dense<[[1, 3], [0, 0], [4, -4]]> : tensor<3x2xi64>
  %p = call @producer(%t, %pi) : (tensor<5x4xf32>, tensor<3x2xi64>) -> tensor<3x4xf32>
  %up = tensor.cast %p : tensor<3x4xf32> to tensor<*xf32>
  call @print(%up) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [3, 4]
  // CHECK-NEXT: {{\[\[}}12, 120, 1200, 12000],
  // CHECK-NEXT:  [4, 40, 400, 4000],
  // CHECK-NEXT:  [14, 140, 1400, 14000]]
  return
}

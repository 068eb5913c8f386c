// Sizes that the types leave dynamic are checked before a bag reads
// anything, under assert and clamp: a padding_idx outside [-V, V) of a
// dynamic V, weights of another shape than the ids, a declared static result
// size that the operands contradict.

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e padding -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=PADDING
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | not mlir-runner -e padding -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=PADDING
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e negative_padding -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NEGPADDING
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e weights -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=WEIGHTS
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | not mlir-runner -e weights -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=WEIGHTS
// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e result -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e valid -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=VALID

func.func private @printMemrefF32(tensor<*xf32>)

func.func @padded(%t: tensor<?x2xf32>, %i: tensor<1x2xi64>) -> tensor<1x2xf32> {
  %r = gather.embedding_bag sum %t[%i] {padding_idx = 7 : i64} : tensor<?x2xf32>, tensor<1x2xi64> -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}
func.func @padded_negative(%t: tensor<?x2xf32>, %i: tensor<1x2xi64>) -> tensor<1x2xf32> {
  %r = gather.embedding_bag sum %t[%i] {padding_idx = -6 : i64} : tensor<?x2xf32>, tensor<1x2xi64> -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}
func.func @padded_valid(%t: tensor<?x2xf32>, %i: tensor<1x2xi64>) -> tensor<1x2xf32> {
  %r = gather.embedding_bag sum %t[%i] {padding_idx = -5 : i64} : tensor<?x2xf32>, tensor<1x2xi64> -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}
func.func @weighted(%t: tensor<5x2xf32>, %i: tensor<1x2xi64>, %w: tensor<?x?xf32>) -> tensor<1x2xf32> {
  %r = gather.embedding_bag sum %t[%i] weights(%w : tensor<?x?xf32>) : tensor<5x2xf32>, tensor<1x2xi64> -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}
func.func @declared(%t: tensor<5x?xf32>, %i: tensor<1x2xi64>) -> tensor<1x2xf32> {
  %r = gather.embedding_bag sum %t[%i] : tensor<5x?xf32>, tensor<1x2xi64> -> tensor<1x2xf32>
  return %r : tensor<1x2xf32>
}

func.func @table() -> tensor<5x2xf32> {
  %t = arith.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0], [5.0, 50.0]]> : tensor<5x2xf32>
  return %t : tensor<5x2xf32>
}

// PADDING: gather: embedding_bag padding_idx 7 is out of range for a table of 5 rows
func.func @padding() {
  %t = call @table() : () -> tensor<5x2xf32>
  %td = tensor.cast %t : tensor<5x2xf32> to tensor<?x2xf32>
  %i = arith.constant dense<[[0, 1]]> : tensor<1x2xi64>
  %r = call @padded(%td, %i) : (tensor<?x2xf32>, tensor<1x2xi64>) -> tensor<1x2xf32>
  %u = tensor.cast %r : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// NEGPADDING: gather: embedding_bag padding_idx -6 is out of range for a table of 5 rows
func.func @negative_padding() {
  %t = call @table() : () -> tensor<5x2xf32>
  %td = tensor.cast %t : tensor<5x2xf32> to tensor<?x2xf32>
  %i = arith.constant dense<[[0, 1]]> : tensor<1x2xi64>
  %r = call @padded_negative(%td, %i) : (tensor<?x2xf32>, tensor<1x2xi64>) -> tensor<1x2xf32>
  %u = tensor.cast %r : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// WEIGHTS: gather: embedding_bag weights dimension 1 has size 3 but the ids have 2
func.func @weights() {
  %t = call @table() : () -> tensor<5x2xf32>
  %i = arith.constant dense<[[0, 1]]> : tensor<1x2xi64>
  %w = arith.constant dense<1.0> : tensor<1x3xf32>
  %wd = tensor.cast %w : tensor<1x3xf32> to tensor<?x?xf32>
  %r = call @weighted(%t, %i, %wd) : (tensor<5x2xf32>, tensor<1x2xi64>, tensor<?x?xf32>) -> tensor<1x2xf32>
  %u = tensor.cast %r : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// RESULT: gather: embedding_bag result dimension 1 is declared with size 2 but the operands give 3
func.func @result() {
  %t = arith.constant dense<1.0> : tensor<5x3xf32>
  %td = tensor.cast %t : tensor<5x3xf32> to tensor<5x?xf32>
  %i = arith.constant dense<[[0, 1]]> : tensor<1x2xi64>
  %r = call @declared(%td, %i) : (tensor<5x?xf32>, tensor<1x2xi64>) -> tensor<1x2xf32>
  %u = tensor.cast %r : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// padding_idx -5 of a table of 5 rows is row 0: the bag {0, 1} pools row 1.
// VALID:      sizes = [1, 2]
// VALID-NEXT: {{\[\[}}2,   20]]
func.func @valid() {
  %t = call @table() : () -> tensor<5x2xf32>
  %td = tensor.cast %t : tensor<5x2xf32> to tensor<?x2xf32>
  %i = arith.constant dense<[[0, 1]]> : tensor<1x2xi64>
  %r = call @padded_valid(%td, %i) : (tensor<?x2xf32>, tensor<1x2xi64>) -> tensor<1x2xf32>
  %u = tensor.cast %r : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Two edges of the vector form of the bag lowering that gather-gen's bags
// found, with values by hand:
// - rows of one element on a batched table: the bag's slice of the result
//   is all unit dimensions and took the stride of the batch dimension,
//   which a vector store cannot write (the lowering left an
//   unrealized_conversion_cast and the translation to LLVM IR failed);
//   such rows now take the generic form;
// - max of bf16 rows of 9 elements: from `arith.extf` LLVM narrowed the
//   comparisons to <9 x bfloat>, which LLVM 22's X86 backend cannot
//   compile for AVX512-BF16 targets ("Do not know how to soft promote
//   this operator's operand"), whatever the host; bf16 rows are now
//   widened by their bits. The second RUN line compiles for znver5 on any
//   host.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=target-cpu=znver5 | mlir-translate --mlir-to-llvmir | opt -O2 -mcpu=znver5 | llc -O2 -mcpu=znver5 -o /dev/null

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefBF16(tensor<*xbf16>) attributes { llvm.emit_c_interface }

func.func @batched_sum(%t: tensor<2x3x1xf32>, %i: tensor<2x2x2xi64>) -> tensor<2x2x1xf32> {
  %r = gather.embedding_bag sum %t[%i] batch_dims = 1 : tensor<2x3x1xf32>, tensor<2x2x2xi64> -> tensor<2x2x1xf32>
  return %r : tensor<2x2x1xf32>
}
func.func @batched_max(%t: tensor<2x3x1xf32>, %i: tensor<2x2x2xi64>) -> tensor<2x2x1xf32> {
  %r = gather.embedding_bag max %t[%i] batch_dims = 1 : tensor<2x3x1xf32>, tensor<2x2x2xi64> -> tensor<2x2x1xf32>
  return %r : tensor<2x2x1xf32>
}
func.func @max_bf16(%t: tensor<3x9xbf16>, %i: tensor<2x2xi64>) -> tensor<2x9xbf16> {
  %r = gather.embedding_bag max %t[%i] : tensor<3x9xbf16>, tensor<2x2xi64> -> tensor<2x9xbf16>
  return %r : tensor<2x9xbf16>
}

func.func @main() {
  // Table 0 rows 1, 2, 4; table 1 rows 8, 16, 32. Bags: (0, 2) and (1, -1)
  // of table 0, (2, 2) and (0, 1) of table 1.
  %t = arith.constant dense<[[[1.0], [2.0], [4.0]], [[8.0], [16.0], [32.0]]]> : tensor<2x3x1xf32>
  %i = arith.constant dense<[[[0, 2], [1, -1]], [[2, 2], [0, 1]]]> : tensor<2x2x2xi64>
  %s = call @batched_sum(%t, %i) : (tensor<2x3x1xf32>, tensor<2x2x2xi64>) -> tensor<2x2x1xf32>
  %su = tensor.cast %s : tensor<2x2x1xf32> to tensor<*xf32>
  // CHECK:      sizes = [2, 2, 1]
  // CHECK-NEXT: {{\[\[\[}}5],
  // CHECK-NEXT:   [6]],
  // CHECK-NEXT:  {{\[\[}}64],
  // CHECK-NEXT:   [24]]]
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  %m = call @batched_max(%t, %i) : (tensor<2x3x1xf32>, tensor<2x2x2xi64>) -> tensor<2x2x1xf32>
  %mu = tensor.cast %m : tensor<2x2x1xf32> to tensor<*xf32>
  // CHECK:      sizes = [2, 2, 1]
  // CHECK-NEXT: {{\[\[\[}}4],
  // CHECK-NEXT:   [4]],
  // CHECK-NEXT:  {{\[\[}}32],
  // CHECK-NEXT:   [16]]]
  call @printMemrefF32(%mu) : (tensor<*xf32>) -> ()

  // Bag 0: the maximum of rows 0 and 1; bag 1: row 2 twice.
  %b = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0],
                             [9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0],
                             [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0, -9.0]]> : tensor<3x9xbf16>
  %bi = arith.constant dense<[[0, 1], [2, 2]]> : tensor<2x2xi64>
  %x = call @max_bf16(%b, %bi) : (tensor<3x9xbf16>, tensor<2x2xi64>) -> tensor<2x9xbf16>
  %xu = tensor.cast %x : tensor<2x9xbf16> to tensor<*xbf16>
  // CHECK:      sizes = [2, 9]
  // CHECK-NEXT: {{\[\[}}9,   8,   7,   6,   5,   6,   7,   8,   9],
  // CHECK-NEXT:  [-1,   -2,   -3,   -4,   -5,   -6,   -7,   -8,   -9]]
  call @printMemrefBF16(%xu) : (tensor<*xbf16>) -> ()
  return
}

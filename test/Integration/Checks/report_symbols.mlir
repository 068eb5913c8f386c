// A module that already has symbols with the names the out-of-bounds report
// prefers (a global named like its format string, a function named like the
// report that returns) still stops on an out-of-range index with the message
// and exit status 1: the lowering calls only the function it creates. (The
// user's function used to be called: it returned and the program read out of
// bounds.)

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=CLAMP
// RUN: gather-opt %s --gather-to-atb | not mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s

llvm.mlir.global internal constant @__gather_mlir_index_out_of_bounds_format("user format %lld %lld\0A\00")
llvm.func @__gather_mlir_index_out_of_bounds(%k: i64, %s: i64) {
  llvm.return
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @gather(%d: tensor<?x2xf32>, %i: tensor<?xi64>) -> tensor<?x2xf32> {
  %r = gather.gather %d[%i] : tensor<?x2xf32>, tensor<?xi64>
  return %r : tensor<?x2xf32>
}

func.func @main() {
  %d = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]> : tensor<3x2xf32>
  %i = arith.constant dense<[1, 1000000]> : tensor<2xi64>
  %dd = tensor.cast %d : tensor<3x2xf32> to tensor<?x2xf32>
  %id = tensor.cast %i : tensor<2xi64> to tensor<?xi64>
  // The user's function is still there and callable.
  %c7 = arith.constant 7 : i64
  llvm.call @__gather_mlir_index_out_of_bounds(%c7, %c7) : (i64, i64) -> ()
  %r = call @gather(%dd, %id) : (tensor<?x2xf32>, tensor<?xi64>) -> tensor<?x2xf32>
  %u = tensor.cast %r : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK-NOT: user format
// CHECK-NOT: Unranked
// CHECK: gather: index 1000000 is out of bounds for a dimension of size 3 (at {{.*}}report_symbols.mlir:21:8){{$}}
// CHECK-NOT: Unranked

// Under clamp, 1000000 reads row 2.
// CLAMP: sizes = [2, 2]
// CLAMP-NEXT: {{\[\[}}2,   3],
// CLAMP-NEXT:  [4,   5]]

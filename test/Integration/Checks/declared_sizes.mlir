// A declared static result size that contradicts a dynamic operand is a fact
// of the run, reported under `assert` and `clamp` before any memory is read,
// by every strategy, form and pipeline; no lowering rejects the program at
// compile time (the ops are built on the operands' sizes, the declared type
// is reached by a tensor.cast). Two programs: data cast from 3x4 to ?x? with
// a declared result 2x5 (the inner size is 4), and indices cast from 2 to ?
// with a declared result 3x4 over a 3x4 table (there are 2 indices).

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_data -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e main_data -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: gather-opt %s --gather-to-llvm=bounds-check=clamp | not mlir-runner -e main_data -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: gather-opt %s --gather-to-llvm=form=inline-copy | not mlir-runner -e main_data -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: gather-opt %s --gather-to-llvm=form=element | not mlir-runner -e main_data -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: gather-opt %s --gather-to-llvm=parallel=true | not mlir-runner -e main_data -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: gather-opt %s --gather-to-atb | not mlir-runner -e main_data -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=DATA

// RUN: gather-opt %s --gather-to-llvm | not mlir-runner -e main_indices -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=INDICES
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | not mlir-runner -e main_indices -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=INDICES
// RUN: gather-opt %s --gather-to-llvm="bounds-check=clamp strategy=generic" | not mlir-runner -e main_indices -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=INDICES
// RUN: gather-opt %s --gather-to-llvm=form=inner-axis | not mlir-runner -e main_indices -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=INDICES
// RUN: gather-opt %s --gather-to-atb | not mlir-runner -e main_indices -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%gather_ascend_runtime 2>&1 | FileCheck %s --check-prefix=INDICES

// gather-to-mpi (no shard annotation: one process) with MPI_Init in @main.
// RUN: %if mpich %{ gather-opt %s --gather-to-mpi=entry-point=main_data | mlir-translate --mlir-to-llvmir > %t.data.ll %}
// RUN: %if mpich %{ not %lli_mpi --entry-function=main_data %t.data.ll 2>&1 | FileCheck %s --check-prefix=DATA %}
// RUN: %if mpich %{ gather-opt %s --gather-to-mpi="entry-point=main_indices strategy=generic" | mlir-translate --mlir-to-llvmir > %t.indices.ll %}
// RUN: %if mpich %{ not %lli_mpi --entry-function=main_indices %t.indices.ll 2>&1 | FileCheck %s --check-prefix=INDICES %}

// DATA: gather: result dimension 1 is declared with size 5 but the data and indices give 4 (at {{.*}}declared_sizes.mlir:[[@LINE+9]]:8)
// DATA-NOT: data =
// INDICES: gather: result dimension 0 is declared with size 3 but the data and indices give 2 (at {{.*}}declared_sizes.mlir:[[@LINE+22]]:8)
// INDICES-NOT: data =

func.func private @printMemrefF32(tensor<*xf32>)

func.func @data_cast(%d0: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<2x5xf32> {
  %d = tensor.cast %d0 : tensor<3x4xf32> to tensor<?x?xf32>
  %r = gather.gather %d[%i] : tensor<?x?xf32>, tensor<2xi64> -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

func.func @main_data() {
  %d = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i = arith.constant dense<[2, 0]> : tensor<2xi64>
  %r = call @data_cast(%d, %i) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x5xf32>
  %u = tensor.cast %r : tensor<2x5xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @indices_cast(%d: tensor<3x4xf32>, %i0: tensor<2xi64>) -> tensor<3x4xf32> {
  %i = tensor.cast %i0 : tensor<2xi64> to tensor<?xi64>
  %r = gather.gather %d[%i] : tensor<3x4xf32>, tensor<?xi64> -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

func.func @main_indices() {
  %d = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]> : tensor<3x4xf32>
  %i = arith.constant dense<[2, 0]> : tensor<2xi64>
  %r = call @indices_cast(%d, %i) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x4xf32>
  %u = tensor.cast %r : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

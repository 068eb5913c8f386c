// ATB has no operation that pools rows per bag: embedding bags stay on the
// CPU path with a remark saying why, beside a gather that goes to ATB, and
// the gather-to-atb pipeline lowers them on the CPU.
// RUN: gather-opt %s --convert-gather-to-atb=soc=ascend910 -verify-diagnostics | FileCheck %s
// RUN: gather-opt %s --gather-to-atb=soc=ascend910 -verify-diagnostics | FileCheck %s --check-prefix=PIPELINE

// CHECK-LABEL: func.func @bag_and_gather(
// CHECK:         atb.gather
// CHECK:         gather.embedding_bag sum
// PIPELINE-LABEL: llvm.func @bag_and_gather(
// PIPELINE-NOT:   gather.embedding_bag
func.func @bag_and_gather(%t: tensor<8x4xf16>, %i: tensor<6xi64>, %j: tensor<3x2xi64>) -> (tensor<6x4xf16>, tensor<3x4xf16>) {
  %g = gather.gather %t[%i] : tensor<8x4xf16>, tensor<6xi64>
  // expected-remark @below {{embedding bag stays on the CPU: ATB has no embedding-bag operation (GatherOperation gathers rows but does not pool them)}}
  %b = gather.embedding_bag sum %t[%j] : tensor<8x4xf16>, tensor<3x2xi64> -> tensor<3x4xf16>
  return %g, %b : tensor<6x4xf16>, tensor<3x4xf16>
}

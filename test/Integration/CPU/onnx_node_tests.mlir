// The four ONNX backend node tests of Gather (test_gather_0, test_gather_1, test_gather_2d_indices, test_gather_negative_indices), static shapes.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  // test_gather_0: data arange(120) [5,4,3,2], indices [0,1,3], axis 0
  %d0 = arith.constant dense<[[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]], [[12.0, 13.0], [14.0, 15.0], [16.0, 17.0]], [[18.0, 19.0], [20.0, 21.0], [22.0, 23.0]]], [[[24.0, 25.0], [26.0, 27.0], [28.0, 29.0]], [[30.0, 31.0], [32.0, 33.0], [34.0, 35.0]], [[36.0, 37.0], [38.0, 39.0], [40.0, 41.0]], [[42.0, 43.0], [44.0, 45.0], [46.0, 47.0]]], [[[48.0, 49.0], [50.0, 51.0], [52.0, 53.0]], [[54.0, 55.0], [56.0, 57.0], [58.0, 59.0]], [[60.0, 61.0], [62.0, 63.0], [64.0, 65.0]], [[66.0, 67.0], [68.0, 69.0], [70.0, 71.0]]], [[[72.0, 73.0], [74.0, 75.0], [76.0, 77.0]], [[78.0, 79.0], [80.0, 81.0], [82.0, 83.0]], [[84.0, 85.0], [86.0, 87.0], [88.0, 89.0]], [[90.0, 91.0], [92.0, 93.0], [94.0, 95.0]]], [[[96.0, 97.0], [98.0, 99.0], [100.0, 101.0]], [[102.0, 103.0], [104.0, 105.0], [106.0, 107.0]], [[108.0, 109.0], [110.0, 111.0], [112.0, 113.0]], [[114.0, 115.0], [116.0, 117.0], [118.0, 119.0]]]]> : tensor<5x4x3x2xf32>
  %i0 = arith.constant dense<[0, 1, 3]> : tensor<3xi64>
  %r0 = gather.gather %d0[%i0] axis = 0 : tensor<5x4x3x2xf32>, tensor<3xi64>
  %u0 = tensor.cast %r0 : tensor<3x4x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  // CHECK: rank = 4 offset = {{[0-9]+}} sizes = [3, 4, 3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[\[}}0, 1],
  // CHECK-NEXT: [2, 3],
  // CHECK-NEXT: [4, 5]],
  // CHECK-NEXT: {{\[\[}}6, 7],
  // CHECK-NEXT: [8, 9],
  // CHECK-NEXT: [10, 11]],
  // CHECK-NEXT: {{\[\[}}12, 13],
  // CHECK-NEXT: [14, 15],
  // CHECK-NEXT: [16, 17]],
  // CHECK-NEXT: {{\[\[}}18, 19],
  // CHECK-NEXT: [20, 21],
  // CHECK-NEXT: [22, 23]]],
  // CHECK-NEXT: {{\[\[\[}}24, 25],
  // CHECK-NEXT: [26, 27],
  // CHECK-NEXT: [28, 29]],
  // CHECK-NEXT: {{\[\[}}30, 31],
  // CHECK-NEXT: [32, 33],
  // CHECK-NEXT: [34, 35]],
  // CHECK-NEXT: {{\[\[}}36, 37],
  // CHECK-NEXT: [38, 39],
  // CHECK-NEXT: [40, 41]],
  // CHECK-NEXT: {{\[\[}}42, 43],
  // CHECK-NEXT: [44, 45],
  // CHECK-NEXT: [46, 47]]],
  // CHECK-NEXT: {{\[\[\[}}72, 73],
  // CHECK-NEXT: [74, 75],
  // CHECK-NEXT: [76, 77]],
  // CHECK-NEXT: {{\[\[}}78, 79],
  // CHECK-NEXT: [80, 81],
  // CHECK-NEXT: [82, 83]],
  // CHECK-NEXT: {{\[\[}}84, 85],
  // CHECK-NEXT: [86, 87],
  // CHECK-NEXT: [88, 89]],
  // CHECK-NEXT: {{\[\[}}90, 91],
  // CHECK-NEXT: [92, 93],
  // CHECK-NEXT: [94, 95]]]]
  // test_gather_1: data arange(120) [5,4,3,2], indices [0,1,3], axis 1
  %d1 = arith.constant dense<[[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]], [[12.0, 13.0], [14.0, 15.0], [16.0, 17.0]], [[18.0, 19.0], [20.0, 21.0], [22.0, 23.0]]], [[[24.0, 25.0], [26.0, 27.0], [28.0, 29.0]], [[30.0, 31.0], [32.0, 33.0], [34.0, 35.0]], [[36.0, 37.0], [38.0, 39.0], [40.0, 41.0]], [[42.0, 43.0], [44.0, 45.0], [46.0, 47.0]]], [[[48.0, 49.0], [50.0, 51.0], [52.0, 53.0]], [[54.0, 55.0], [56.0, 57.0], [58.0, 59.0]], [[60.0, 61.0], [62.0, 63.0], [64.0, 65.0]], [[66.0, 67.0], [68.0, 69.0], [70.0, 71.0]]], [[[72.0, 73.0], [74.0, 75.0], [76.0, 77.0]], [[78.0, 79.0], [80.0, 81.0], [82.0, 83.0]], [[84.0, 85.0], [86.0, 87.0], [88.0, 89.0]], [[90.0, 91.0], [92.0, 93.0], [94.0, 95.0]]], [[[96.0, 97.0], [98.0, 99.0], [100.0, 101.0]], [[102.0, 103.0], [104.0, 105.0], [106.0, 107.0]], [[108.0, 109.0], [110.0, 111.0], [112.0, 113.0]], [[114.0, 115.0], [116.0, 117.0], [118.0, 119.0]]]]> : tensor<5x4x3x2xf32>
  %i1 = arith.constant dense<[0, 1, 3]> : tensor<3xi64>
  %r1 = gather.gather %d1[%i1] axis = 1 : tensor<5x4x3x2xf32>, tensor<3xi64>
  %u1 = tensor.cast %r1 : tensor<5x3x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 4 offset = {{[0-9]+}} sizes = [5, 3, 3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[\[}}0, 1],
  // CHECK-NEXT: [2, 3],
  // CHECK-NEXT: [4, 5]],
  // CHECK-NEXT: {{\[\[}}6, 7],
  // CHECK-NEXT: [8, 9],
  // CHECK-NEXT: [10, 11]],
  // CHECK-NEXT: {{\[\[}}18, 19],
  // CHECK-NEXT: [20, 21],
  // CHECK-NEXT: [22, 23]]],
  // CHECK-NEXT: {{\[\[\[}}24, 25],
  // CHECK-NEXT: [26, 27],
  // CHECK-NEXT: [28, 29]],
  // CHECK-NEXT: {{\[\[}}30, 31],
  // CHECK-NEXT: [32, 33],
  // CHECK-NEXT: [34, 35]],
  // CHECK-NEXT: {{\[\[}}42, 43],
  // CHECK-NEXT: [44, 45],
  // CHECK-NEXT: [46, 47]]],
  // CHECK-NEXT: {{\[\[\[}}48, 49],
  // CHECK-NEXT: [50, 51],
  // CHECK-NEXT: [52, 53]],
  // CHECK-NEXT: {{\[\[}}54, 55],
  // CHECK-NEXT: [56, 57],
  // CHECK-NEXT: [58, 59]],
  // CHECK-NEXT: {{\[\[}}66, 67],
  // CHECK-NEXT: [68, 69],
  // CHECK-NEXT: [70, 71]]],
  // CHECK-NEXT: {{\[\[\[}}72, 73],
  // CHECK-NEXT: [74, 75],
  // CHECK-NEXT: [76, 77]],
  // CHECK-NEXT: {{\[\[}}78, 79],
  // CHECK-NEXT: [80, 81],
  // CHECK-NEXT: [82, 83]],
  // CHECK-NEXT: {{\[\[}}90, 91],
  // CHECK-NEXT: [92, 93],
  // CHECK-NEXT: [94, 95]]],
  // CHECK-NEXT: {{\[\[\[}}96, 97],
  // CHECK-NEXT: [98, 99],
  // CHECK-NEXT: [100, 101]],
  // CHECK-NEXT: {{\[\[}}102, 103],
  // CHECK-NEXT: [104, 105],
  // CHECK-NEXT: [106, 107]],
  // CHECK-NEXT: {{\[\[}}114, 115],
  // CHECK-NEXT: [116, 117],
  // CHECK-NEXT: [118, 119]]]]
  // test_gather_2d_indices: data arange(9) [3,3], indices [[0,2]], axis 1
  %d2 = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]> : tensor<3x3xf32>
  %i2 = arith.constant dense<[[0, 2]]> : tensor<1x2xi64>
  %r2 = gather.gather %d2[%i2] axis = 1 : tensor<3x3xf32>, tensor<1x2xi64>
  %u2 = tensor.cast %r2 : tensor<3x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = {{[0-9]+}} sizes = [3, 1, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[\[}}0, 2]],
  // CHECK-NEXT: {{\[\[}}3, 5]],
  // CHECK-NEXT: {{\[\[}}6, 8]]]
  // test_gather_negative_indices: data arange(10), indices [0,-9,-10], axis 0
  %d3 = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>
  %i3 = arith.constant dense<[0, -9, -10]> : tensor<3xi64>
  %r3 = gather.gather %d3[%i3] axis = 0 : tensor<10xf32>, tensor<3xi64>
  %u3 = tensor.cast %r3 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = {{[0-9]+}} sizes = [3] strides = [{{.*}}] data =
  // CHECK-NEXT: [0, 1, 0]
  return
}

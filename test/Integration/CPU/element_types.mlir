// Data element types f16, bf16, f32, f64, i1, i8, i32, i64 (i1 and i8 widened to i32 for printing), axis 0 and innermost axis.

// RUN: gather-opt %s --gather-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: gather-opt %s --gather-to-llvm=strategy=generic | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefF16(tensor<*xf16>) attributes { llvm.emit_c_interface }
func.func private @printMemrefBF16(tensor<*xbf16>) attributes { llvm.emit_c_interface }
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @gather_0(%d: tensor<3x4xf16>, %i: tensor<3xi64>) -> tensor<3x4xf16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf16>, tensor<3xi64>
  return %r : tensor<3x4xf16>
}
func.func @gather_1(%d: tensor<?x?xf16>, %i: tensor<?xi32>) -> tensor<?x?xf16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf16>, tensor<?xi32>
  return %r : tensor<?x?xf16>
}
func.func @gather_3(%d: tensor<3x4xbf16>, %i: tensor<3xi64>) -> tensor<3x4xbf16> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xbf16>, tensor<3xi64>
  return %r : tensor<3x4xbf16>
}
func.func @gather_4(%d: tensor<?x?xbf16>, %i: tensor<?xi32>) -> tensor<?x?xbf16> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xbf16>, tensor<?xi32>
  return %r : tensor<?x?xbf16>
}
func.func @gather_6(%d: tensor<3x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf32>, tensor<3xi64>
  return %r : tensor<3x4xf32>
}
func.func @gather_7(%d: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<?x?xf32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf32>, tensor<?xi32>
  return %r : tensor<?x?xf32>
}
func.func @gather_9(%d: tensor<3x4xf64>, %i: tensor<3xi64>) -> tensor<3x4xf64> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xf64>, tensor<3xi64>
  return %r : tensor<3x4xf64>
}
func.func @gather_10(%d: tensor<?x?xf64>, %i: tensor<?xi32>) -> tensor<?x?xf64> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xf64>, tensor<?xi32>
  return %r : tensor<?x?xf64>
}
func.func @gather_12(%d: tensor<3x4xi1>, %i: tensor<3xi64>) -> tensor<3x4xi1> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xi1>, tensor<3xi64>
  return %r : tensor<3x4xi1>
}
func.func @gather_13(%d: tensor<?x?xi1>, %i: tensor<?xi32>) -> tensor<?x?xi1> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi1>, tensor<?xi32>
  return %r : tensor<?x?xi1>
}
func.func @gather_15(%d: tensor<3x4xi8>, %i: tensor<3xi64>) -> tensor<3x4xi8> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xi8>, tensor<3xi64>
  return %r : tensor<3x4xi8>
}
func.func @gather_16(%d: tensor<?x?xi8>, %i: tensor<?xi32>) -> tensor<?x?xi8> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi8>, tensor<?xi32>
  return %r : tensor<?x?xi8>
}
func.func @gather_18(%d: tensor<3x4xi32>, %i: tensor<3xi64>) -> tensor<3x4xi32> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xi32>, tensor<3xi64>
  return %r : tensor<3x4xi32>
}
func.func @gather_19(%d: tensor<?x?xi32>, %i: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi32>, tensor<?xi32>
  return %r : tensor<?x?xi32>
}
func.func @gather_21(%d: tensor<3x4xi64>, %i: tensor<3xi64>) -> tensor<3x4xi64> {
  %r = gather.gather %d[%i] axis = 0 : tensor<3x4xi64>, tensor<3xi64>
  return %r : tensor<3x4xi64>
}
func.func @gather_22(%d: tensor<?x?xi64>, %i: tensor<?xi32>) -> tensor<?x?xi64> {
  %r = gather.gather %d[%i] axis = 1 : tensor<?x?xi64>, tensor<?xi32>
  return %r : tensor<?x?xi64>
}

func.func @main() {
  // f16 data, axis 0 (whole rows)
  %d0 = arith.constant dense<[[0.5, -1.25, 2.0, 1024.0], [-0.125, 3.5, 65504.0, -7.75], [0.0, 1.5, -2.5, 100.0]]> : tensor<3x4xf16>
  %i0 = arith.constant dense<[2, 0, -2]> : tensor<3xi64>
  %r0 = call @gather_0(%d0, %i0) : (tensor<3x4xf16>, tensor<3xi64>) -> tensor<3x4xf16>
  %u0 = tensor.cast %r0 : tensor<3x4xf16> to tensor<*xf16>
  call @printMemrefF16(%u0) : (tensor<*xf16>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, 1.5, -2.5, 100],
  // CHECK-NEXT: [0.5, -1.25, 2, 1024],
  // CHECK-NEXT: [-0.125, 3.5, 65504, -7.75]]
  // f16 data, axis 1 (innermost), dynamic shapes
  %d1 = arith.constant dense<[[0.5, -1.25, 2.0, 1024.0], [-0.125, 3.5, 65504.0, -7.75], [0.0, 1.5, -2.5, 100.0]]> : tensor<3x4xf16>
  %i1 = arith.constant dense<[3, -4]> : tensor<2xi32>
  %dd1 = tensor.cast %d1 : tensor<3x4xf16> to tensor<?x?xf16>
  %id1 = tensor.cast %i1 : tensor<2xi32> to tensor<?xi32>
  %r1 = call @gather_1(%dd1, %id1) : (tensor<?x?xf16>, tensor<?xi32>) -> tensor<?x?xf16>
  %u1 = tensor.cast %r1 : tensor<?x?xf16> to tensor<*xf16>
  call @printMemrefF16(%u1) : (tensor<*xf16>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}1024, 0.5],
  // CHECK-NEXT: [-7.75, -0.125],
  // CHECK-NEXT: [100, 0]]
  // f16 data, axis 0, constant operands
  %d2 = arith.constant dense<[[0.5, -1.25, 2.0, 1024.0], [-0.125, 3.5, 65504.0, -7.75], [0.0, 1.5, -2.5, 100.0]]> : tensor<3x4xf16>
  %i2 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r2 = gather.gather %d2[%i2] axis = 0 : tensor<3x4xf16>, tensor<2xi64>
  %u2 = tensor.cast %r2 : tensor<2x4xf16> to tensor<*xf16>
  call @printMemrefF16(%u2) : (tensor<*xf16>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}-0.125, 3.5, 65504, -7.75],
  // CHECK-NEXT: [0, 1.5, -2.5, 100]]
  // bf16 data, axis 0 (whole rows)
  %d3 = arith.constant dense<[[0.5, -1.25, 2.0, 1024.0], [-0.125, 3.5, 1.2676506002282294e+30, -7.75], [0.0, 1.5, -2.5, 100.0]]> : tensor<3x4xbf16>
  %i3 = arith.constant dense<[2, 0, -2]> : tensor<3xi64>
  %r3 = call @gather_3(%d3, %i3) : (tensor<3x4xbf16>, tensor<3xi64>) -> tensor<3x4xbf16>
  %u3 = tensor.cast %r3 : tensor<3x4xbf16> to tensor<*xbf16>
  call @printMemrefBF16(%u3) : (tensor<*xbf16>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, 1.5, -2.5, 100],
  // CHECK-NEXT: [0.5, -1.25, 2, 1024],
  // CHECK-NEXT: [-0.125, 3.5, 1.26765e+30, -7.75]]
  // bf16 data, axis 1 (innermost), dynamic shapes
  %d4 = arith.constant dense<[[0.5, -1.25, 2.0, 1024.0], [-0.125, 3.5, 1.2676506002282294e+30, -7.75], [0.0, 1.5, -2.5, 100.0]]> : tensor<3x4xbf16>
  %i4 = arith.constant dense<[3, -4]> : tensor<2xi32>
  %dd4 = tensor.cast %d4 : tensor<3x4xbf16> to tensor<?x?xbf16>
  %id4 = tensor.cast %i4 : tensor<2xi32> to tensor<?xi32>
  %r4 = call @gather_4(%dd4, %id4) : (tensor<?x?xbf16>, tensor<?xi32>) -> tensor<?x?xbf16>
  %u4 = tensor.cast %r4 : tensor<?x?xbf16> to tensor<*xbf16>
  call @printMemrefBF16(%u4) : (tensor<*xbf16>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}1024, 0.5],
  // CHECK-NEXT: [-7.75, -0.125],
  // CHECK-NEXT: [100, 0]]
  // bf16 data, axis 0, constant operands
  %d5 = arith.constant dense<[[0.5, -1.25, 2.0, 1024.0], [-0.125, 3.5, 1.2676506002282294e+30, -7.75], [0.0, 1.5, -2.5, 100.0]]> : tensor<3x4xbf16>
  %i5 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r5 = gather.gather %d5[%i5] axis = 0 : tensor<3x4xbf16>, tensor<2xi64>
  %u5 = tensor.cast %r5 : tensor<2x4xbf16> to tensor<*xbf16>
  call @printMemrefBF16(%u5) : (tensor<*xbf16>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}-0.125, 3.5, 1.26765e+30, -7.75],
  // CHECK-NEXT: [0, 1.5, -2.5, 100]]
  // f32 data, axis 0 (whole rows)
  %d6 = arith.constant dense<[[0.5, -1.25, 3.25, 1.0e+30], [-0.125, 3.5, 123456.0, -7.75], [0.0, 1.5, -2.5, 0.001]]> : tensor<3x4xf32>
  %i6 = arith.constant dense<[2, 0, -2]> : tensor<3xi64>
  %r6 = call @gather_6(%d6, %i6) : (tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %u6 = tensor.cast %r6 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u6) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, 1.5, -2.5, 0.001],
  // CHECK-NEXT: [0.5, -1.25, 3.25, 1e+30],
  // CHECK-NEXT: [-0.125, 3.5, 123456, -7.75]]
  // f32 data, axis 1 (innermost), dynamic shapes
  %d7 = arith.constant dense<[[0.5, -1.25, 3.25, 1.0e+30], [-0.125, 3.5, 123456.0, -7.75], [0.0, 1.5, -2.5, 0.001]]> : tensor<3x4xf32>
  %i7 = arith.constant dense<[3, -4]> : tensor<2xi32>
  %dd7 = tensor.cast %d7 : tensor<3x4xf32> to tensor<?x?xf32>
  %id7 = tensor.cast %i7 : tensor<2xi32> to tensor<?xi32>
  %r7 = call @gather_7(%dd7, %id7) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  %u7 = tensor.cast %r7 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u7) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}1e+30, 0.5],
  // CHECK-NEXT: [-7.75, -0.125],
  // CHECK-NEXT: [0.001, 0]]
  // f32 data, axis 0, constant operands
  %d8 = arith.constant dense<[[0.5, -1.25, 3.25, 1.0e+30], [-0.125, 3.5, 123456.0, -7.75], [0.0, 1.5, -2.5, 0.001]]> : tensor<3x4xf32>
  %i8 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r8 = gather.gather %d8[%i8] axis = 0 : tensor<3x4xf32>, tensor<2xi64>
  %u8 = tensor.cast %r8 : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u8) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}-0.125, 3.5, 123456, -7.75],
  // CHECK-NEXT: [0, 1.5, -2.5, 0.001]]
  // f64 data, axis 0 (whole rows)
  %d9 = arith.constant dense<[[0.5, -1.25, 1.0e+100, 3.25], [-0.125, 3.5, -1.0e-100, -7.75], [0.0, 1.5, -2.5, 1.0e+300]]> : tensor<3x4xf64>
  %i9 = arith.constant dense<[2, 0, -2]> : tensor<3xi64>
  %r9 = call @gather_9(%d9, %i9) : (tensor<3x4xf64>, tensor<3xi64>) -> tensor<3x4xf64>
  %u9 = tensor.cast %r9 : tensor<3x4xf64> to tensor<*xf64>
  call @printMemrefF64(%u9) : (tensor<*xf64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, 1.5, -2.5, 1e+300],
  // CHECK-NEXT: [0.5, -1.25, 1e+100, 3.25],
  // CHECK-NEXT: [-0.125, 3.5, -1e-100, -7.75]]
  // f64 data, axis 1 (innermost), dynamic shapes
  %d10 = arith.constant dense<[[0.5, -1.25, 1.0e+100, 3.25], [-0.125, 3.5, -1.0e-100, -7.75], [0.0, 1.5, -2.5, 1.0e+300]]> : tensor<3x4xf64>
  %i10 = arith.constant dense<[3, -4]> : tensor<2xi32>
  %dd10 = tensor.cast %d10 : tensor<3x4xf64> to tensor<?x?xf64>
  %id10 = tensor.cast %i10 : tensor<2xi32> to tensor<?xi32>
  %r10 = call @gather_10(%dd10, %id10) : (tensor<?x?xf64>, tensor<?xi32>) -> tensor<?x?xf64>
  %u10 = tensor.cast %r10 : tensor<?x?xf64> to tensor<*xf64>
  call @printMemrefF64(%u10) : (tensor<*xf64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}3.25, 0.5],
  // CHECK-NEXT: [-7.75, -0.125],
  // CHECK-NEXT: [1e+300, 0]]
  // f64 data, axis 0, constant operands
  %d11 = arith.constant dense<[[0.5, -1.25, 1.0e+100, 3.25], [-0.125, 3.5, -1.0e-100, -7.75], [0.0, 1.5, -2.5, 1.0e+300]]> : tensor<3x4xf64>
  %i11 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r11 = gather.gather %d11[%i11] axis = 0 : tensor<3x4xf64>, tensor<2xi64>
  %u11 = tensor.cast %r11 : tensor<2x4xf64> to tensor<*xf64>
  call @printMemrefF64(%u11) : (tensor<*xf64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}-0.125, 3.5, -1e-100, -7.75],
  // CHECK-NEXT: [0, 1.5, -2.5, 1e+300]]
  // i1 data, axis 0 (whole rows)
  %d12 = arith.constant dense<[[true, false, false, true], [false, true, true, false], [true, true, false, false]]> : tensor<3x4xi1>
  %i12 = arith.constant dense<[2, 0, -2]> : tensor<3xi64>
  %r12 = call @gather_12(%d12, %i12) : (tensor<3x4xi1>, tensor<3xi64>) -> tensor<3x4xi1>
  %e12 = tensor.empty() : tensor<3x4xi32>
  %x12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r12 : tensor<3x4xi1>) outs(%e12 : tensor<3x4xi32>) {
  ^bb0(%a: i1, %o: i32):
    %z = arith.extui %a : i1 to i32
    linalg.yield %z : i32
  } -> tensor<3x4xi32>
  %u12 = tensor.cast %x12 : tensor<3x4xi32> to tensor<*xi32>
  call @printMemrefI32(%u12) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}1, 1, 0, 0],
  // CHECK-NEXT: [1, 0, 0, 1],
  // CHECK-NEXT: [0, 1, 1, 0]]
  // i1 data, axis 1 (innermost), dynamic shapes
  %d13 = arith.constant dense<[[true, false, false, true], [false, true, true, false], [true, true, false, false]]> : tensor<3x4xi1>
  %i13 = arith.constant dense<[3, -4]> : tensor<2xi32>
  %dd13 = tensor.cast %d13 : tensor<3x4xi1> to tensor<?x?xi1>
  %id13 = tensor.cast %i13 : tensor<2xi32> to tensor<?xi32>
  %r13 = call @gather_13(%dd13, %id13) : (tensor<?x?xi1>, tensor<?xi32>) -> tensor<?x?xi1>
  %c13_0 = arith.constant 0 : index
  %dim13_0 = tensor.dim %r13, %c13_0 : tensor<?x?xi1>
  %c13_1 = arith.constant 1 : index
  %dim13_1 = tensor.dim %r13, %c13_1 : tensor<?x?xi1>
  %e13 = tensor.empty(%dim13_0, %dim13_1) : tensor<?x?xi32>
  %x13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r13 : tensor<?x?xi1>) outs(%e13 : tensor<?x?xi32>) {
  ^bb0(%a: i1, %o: i32):
    %z = arith.extui %a : i1 to i32
    linalg.yield %z : i32
  } -> tensor<?x?xi32>
  %u13 = tensor.cast %x13 : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%u13) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}1, 1],
  // CHECK-NEXT: [0, 0],
  // CHECK-NEXT: [0, 1]]
  // i1 data, axis 0, constant operands
  %d14 = arith.constant dense<[[true, false, false, true], [false, true, true, false], [true, true, false, false]]> : tensor<3x4xi1>
  %i14 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r14 = gather.gather %d14[%i14] axis = 0 : tensor<3x4xi1>, tensor<2xi64>
  %e14 = tensor.empty() : tensor<2x4xi32>
  %x14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r14 : tensor<2x4xi1>) outs(%e14 : tensor<2x4xi32>) {
  ^bb0(%a: i1, %o: i32):
    %z = arith.extui %a : i1 to i32
    linalg.yield %z : i32
  } -> tensor<2x4xi32>
  %u14 = tensor.cast %x14 : tensor<2x4xi32> to tensor<*xi32>
  call @printMemrefI32(%u14) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, 1, 1, 0],
  // CHECK-NEXT: [1, 1, 0, 0]]
  // i8 data, axis 0 (whole rows)
  %d15 = arith.constant dense<[[-128, 127, -1, 0], [5, -6, 7, -8], [100, -100, 1, 2]]> : tensor<3x4xi8>
  %i15 = arith.constant dense<[2, 0, -2]> : tensor<3xi64>
  %r15 = call @gather_15(%d15, %i15) : (tensor<3x4xi8>, tensor<3xi64>) -> tensor<3x4xi8>
  %e15 = tensor.empty() : tensor<3x4xi32>
  %x15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r15 : tensor<3x4xi8>) outs(%e15 : tensor<3x4xi32>) {
  ^bb0(%a: i8, %o: i32):
    %z = arith.extsi %a : i8 to i32
    linalg.yield %z : i32
  } -> tensor<3x4xi32>
  %u15 = tensor.cast %x15 : tensor<3x4xi32> to tensor<*xi32>
  call @printMemrefI32(%u15) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}100, -100, 1, 2],
  // CHECK-NEXT: [-128, 127, -1, 0],
  // CHECK-NEXT: [5, -6, 7, -8]]
  // i8 data, axis 1 (innermost), dynamic shapes
  %d16 = arith.constant dense<[[-128, 127, -1, 0], [5, -6, 7, -8], [100, -100, 1, 2]]> : tensor<3x4xi8>
  %i16 = arith.constant dense<[3, -4]> : tensor<2xi32>
  %dd16 = tensor.cast %d16 : tensor<3x4xi8> to tensor<?x?xi8>
  %id16 = tensor.cast %i16 : tensor<2xi32> to tensor<?xi32>
  %r16 = call @gather_16(%dd16, %id16) : (tensor<?x?xi8>, tensor<?xi32>) -> tensor<?x?xi8>
  %c16_0 = arith.constant 0 : index
  %dim16_0 = tensor.dim %r16, %c16_0 : tensor<?x?xi8>
  %c16_1 = arith.constant 1 : index
  %dim16_1 = tensor.dim %r16, %c16_1 : tensor<?x?xi8>
  %e16 = tensor.empty(%dim16_0, %dim16_1) : tensor<?x?xi32>
  %x16 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r16 : tensor<?x?xi8>) outs(%e16 : tensor<?x?xi32>) {
  ^bb0(%a: i8, %o: i32):
    %z = arith.extsi %a : i8 to i32
    linalg.yield %z : i32
  } -> tensor<?x?xi32>
  %u16 = tensor.cast %x16 : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%u16) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, -128],
  // CHECK-NEXT: [-8, 5],
  // CHECK-NEXT: [2, 100]]
  // i8 data, axis 0, constant operands
  %d17 = arith.constant dense<[[-128, 127, -1, 0], [5, -6, 7, -8], [100, -100, 1, 2]]> : tensor<3x4xi8>
  %i17 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r17 = gather.gather %d17[%i17] axis = 0 : tensor<3x4xi8>, tensor<2xi64>
  %e17 = tensor.empty() : tensor<2x4xi32>
  %x17 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r17 : tensor<2x4xi8>) outs(%e17 : tensor<2x4xi32>) {
  ^bb0(%a: i8, %o: i32):
    %z = arith.extsi %a : i8 to i32
    linalg.yield %z : i32
  } -> tensor<2x4xi32>
  %u17 = tensor.cast %x17 : tensor<2x4xi32> to tensor<*xi32>
  call @printMemrefI32(%u17) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}5, -6, 7, -8],
  // CHECK-NEXT: [100, -100, 1, 2]]
  // i32 data, axis 0 (whole rows)
  %d18 = arith.constant dense<[[-2147483648, 2147483647, -1, 0], [65536, -65537, 7, -8], [100000, -100000, 1, 2]]> : tensor<3x4xi32>
  %i18 = arith.constant dense<[2, 0, -2]> : tensor<3xi64>
  %r18 = call @gather_18(%d18, %i18) : (tensor<3x4xi32>, tensor<3xi64>) -> tensor<3x4xi32>
  %u18 = tensor.cast %r18 : tensor<3x4xi32> to tensor<*xi32>
  call @printMemrefI32(%u18) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}100000, -100000, 1, 2],
  // CHECK-NEXT: [-2147483648, 2147483647, -1, 0],
  // CHECK-NEXT: [65536, -65537, 7, -8]]
  // i32 data, axis 1 (innermost), dynamic shapes
  %d19 = arith.constant dense<[[-2147483648, 2147483647, -1, 0], [65536, -65537, 7, -8], [100000, -100000, 1, 2]]> : tensor<3x4xi32>
  %i19 = arith.constant dense<[3, -4]> : tensor<2xi32>
  %dd19 = tensor.cast %d19 : tensor<3x4xi32> to tensor<?x?xi32>
  %id19 = tensor.cast %i19 : tensor<2xi32> to tensor<?xi32>
  %r19 = call @gather_19(%dd19, %id19) : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %u19 = tensor.cast %r19 : tensor<?x?xi32> to tensor<*xi32>
  call @printMemrefI32(%u19) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, -2147483648],
  // CHECK-NEXT: [-8, 65536],
  // CHECK-NEXT: [2, 100000]]
  // i32 data, axis 0, constant operands
  %d20 = arith.constant dense<[[-2147483648, 2147483647, -1, 0], [65536, -65537, 7, -8], [100000, -100000, 1, 2]]> : tensor<3x4xi32>
  %i20 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r20 = gather.gather %d20[%i20] axis = 0 : tensor<3x4xi32>, tensor<2xi64>
  %u20 = tensor.cast %r20 : tensor<2x4xi32> to tensor<*xi32>
  call @printMemrefI32(%u20) : (tensor<*xi32>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}65536, -65537, 7, -8],
  // CHECK-NEXT: [100000, -100000, 1, 2]]
  // i64 data, axis 0 (whole rows)
  %d21 = arith.constant dense<[[-9223372036854775808, 9223372036854775807, -1, 0], [4294967296, -4294967297, 7, -8], [1099511627776, -1099511627776, 1, 2]]> : tensor<3x4xi64>
  %i21 = arith.constant dense<[2, 0, -2]> : tensor<3xi64>
  %r21 = call @gather_21(%d21, %i21) : (tensor<3x4xi64>, tensor<3xi64>) -> tensor<3x4xi64>
  %u21 = tensor.cast %r21 : tensor<3x4xi64> to tensor<*xi64>
  call @printMemrefI64(%u21) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}1099511627776, -1099511627776, 1, 2],
  // CHECK-NEXT: [-9223372036854775808, 9223372036854775807, -1, 0],
  // CHECK-NEXT: [4294967296, -4294967297, 7, -8]]
  // i64 data, axis 1 (innermost), dynamic shapes
  %d22 = arith.constant dense<[[-9223372036854775808, 9223372036854775807, -1, 0], [4294967296, -4294967297, 7, -8], [1099511627776, -1099511627776, 1, 2]]> : tensor<3x4xi64>
  %i22 = arith.constant dense<[3, -4]> : tensor<2xi32>
  %dd22 = tensor.cast %d22 : tensor<3x4xi64> to tensor<?x?xi64>
  %id22 = tensor.cast %i22 : tensor<2xi32> to tensor<?xi32>
  %r22 = call @gather_22(%dd22, %id22) : (tensor<?x?xi64>, tensor<?xi32>) -> tensor<?x?xi64>
  %u22 = tensor.cast %r22 : tensor<?x?xi64> to tensor<*xi64>
  call @printMemrefI64(%u22) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}0, -9223372036854775808],
  // CHECK-NEXT: [-8, 4294967296],
  // CHECK-NEXT: [2, 1099511627776]]
  // i64 data, axis 0, constant operands
  %d23 = arith.constant dense<[[-9223372036854775808, 9223372036854775807, -1, 0], [4294967296, -4294967297, 7, -8], [1099511627776, -1099511627776, 1, 2]]> : tensor<3x4xi64>
  %i23 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r23 = gather.gather %d23[%i23] axis = 0 : tensor<3x4xi64>, tensor<2xi64>
  %u23 = tensor.cast %r23 : tensor<2x4xi64> to tensor<*xi64>
  call @printMemrefI64(%u23) : (tensor<*xi64>) -> ()
  // CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 4] strides = [{{.*}}] data =
  // CHECK-NEXT: {{\[\[}}4294967296, -4294967297, 7, -8],
  // CHECK-NEXT: [1099511627776, -1099511627776, 1, 2]]
  return
}

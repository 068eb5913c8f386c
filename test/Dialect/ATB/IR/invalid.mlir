// Every diagnostic of the atb.gather verifier, one per split.
// RUN: gather-opt %s -split-input-file -verify-diagnostics

func.func @mixed(%x: tensor<3x3xf32>, %i: memref<2xi64>, %o: tensor<3x2xf32>) {
  // expected-error @+1 {{'atb.gather' op x, indices and init must be all tensors or all memrefs, but are 'tensor<3x3xf32>', 'memref<2xi64>' and 'tensor<3x2xf32>'}}
  %r = "atb.gather"(%x, %i, %o) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, memref<2xi64>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @mixed_init(%x: memref<3x3xf32>, %i: memref<2xi64>, %o: tensor<3x2xf32>) {
  // expected-error @+1 {{'atb.gather' op x, indices and init must be all tensors or all memrefs, but are 'memref<3x3xf32>', 'memref<2xi64>' and 'tensor<3x2xf32>'}}
  %r = "atb.gather"(%x, %i, %o) <{axis = 1 : i64, batch_dims = 0 : i64}> : (memref<3x3xf32>, memref<2xi64>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @negative_axis(%x: tensor<3x3xf32>, %i: tensor<2xi64>, %o: tensor<3x2xf32>) {
  // expected-error @+1 {{'atb.gather' op axis (-1) must be non-negative}}
  %r = atb.gather %x[%i] axis = -1 batch_dims = 0 into %o : tensor<3x3xf32>, tensor<2xi64> into tensor<3x2xf32>
  return
}

// -----

func.func @negative_batch_dims(%x: tensor<3x3xf32>, %i: tensor<3x1xi64>, %o: tensor<3x1xf32>) {
  // expected-error @+1 {{'atb.gather' op batch_dims (-1) must be non-negative}}
  %r = atb.gather %x[%i] axis = 1 batch_dims = -1 into %o : tensor<3x3xf32>, tensor<3x1xi64> into tensor<3x1xf32>
  return
}

// -----

func.func @batch_dims_above_axis(%x: tensor<3x3xf32>, %i: tensor<3x1xi64>, %o: tensor<3x3xf32>) {
  // expected-error @+1 {{'atb.gather' op batch_dims (1) must not exceed axis (0)}}
  %r = atb.gather %x[%i] axis = 0 batch_dims = 1 into %o : tensor<3x3xf32>, tensor<3x1xi64> into tensor<3x3xf32>
  return
}

// -----

func.func @rank9_x(%x: tensor<1x1x1x1x1x1x1x1x2xf32>, %i: tensor<1xi64>, %o: tensor<1xf32>) {
  // expected-error @+1 {{'atb.gather' op x must have rank 1 to 8, but has rank 9}}
  %r = atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : tensor<1x1x1x1x1x1x1x1x2xf32>, tensor<1xi64> into tensor<1xf32>
  return
}

// -----

func.func @rank0_indices(%x: tensor<3xf32>, %i: tensor<i64>, %o: tensor<1xf32>) {
  // expected-error @+1 {{'atb.gather' op indices must have rank 1 to 8, but has rank 0}}
  %r = atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : tensor<3xf32>, tensor<i64> into tensor<1xf32>
  return
}

// -----

func.func @rank0_init(%x: memref<3xf32>, %i: memref<1xi64>, %o: memref<f32>) {
  // expected-error @+1 {{'atb.gather' op init must have rank 1 to 8, but has rank 0}}
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<3xf32>, memref<1xi64> into memref<f32>
  return
}

// -----

func.func @axis_out_of_range(%x: tensor<3x3xf32>, %i: tensor<2xi64>, %o: tensor<3x2xf32>) {
  // expected-error @+1 {{'atb.gather' op axis (2) must be less than the rank of x (2)}}
  %r = atb.gather %x[%i] axis = 2 batch_dims = 0 into %o : tensor<3x3xf32>, tensor<2xi64> into tensor<3x2xf32>
  return
}

// -----

func.func @batch_dims_above_indices_rank(%x: tensor<3x3x3xf32>, %i: tensor<3xi64>, %o: tensor<3x3xf32>) {
  // expected-error @+1 {{'atb.gather' op batch_dims (2) must not exceed the rank of indices (1)}}
  %r = atb.gather %x[%i] axis = 2 batch_dims = 2 into %o : tensor<3x3x3xf32>, tensor<3xi64> into tensor<3x3xf32>
  return
}

// -----

func.func @f64_data(%x: tensor<3xf64>, %i: tensor<2xi64>, %o: tensor<2xf64>) {
  // expected-error @+1 {{'atb.gather' op x element type 'f64' is not an ATB gather data type (f16, bf16, f32, i32, si32, ui32, i64, si64)}}
  %r = atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : tensor<3xf64>, tensor<2xi64> into tensor<2xf64>
  return
}

// -----

func.func @ui64_data(%x: memref<3xui64>, %i: memref<2xi64>, %o: memref<2xui64>) {
  // expected-error @+1 {{'atb.gather' op x element type 'ui64' is not an ATB gather data type}}
  atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : memref<3xui64>, memref<2xi64> into memref<2xui64>
  return
}

// -----

func.func @index_indices(%x: tensor<3xf32>, %i: tensor<2xindex>, %o: tensor<2xf32>) {
  // expected-error @+1 {{'atb.gather' op indices element type 'index' is not an ATB gather index type (i32, si32, ui32, i64, si64)}}
  %r = atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : tensor<3xf32>, tensor<2xindex> into tensor<2xf32>
  return
}

// -----

func.func @ui64_indices(%x: tensor<3xf32>, %i: tensor<2xui64>, %o: tensor<2xf32>) {
  // expected-error @+1 {{'atb.gather' op indices element type 'ui64' is not an ATB gather index type}}
  %r = atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : tensor<3xf32>, tensor<2xui64> into tensor<2xf32>
  return
}

// -----

func.func @init_element_type(%x: tensor<3xf32>, %i: tensor<2xi64>, %o: tensor<2xf16>) {
  // expected-error @+1 {{'atb.gather' op init element type 'f16' differs from the x element type 'f32'}}
  %r = atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : tensor<3xf32>, tensor<2xi64> into tensor<2xf16>
  return
}

// -----

// si32 and i32 are distinct element types.
func.func @init_signedness(%x: tensor<3xsi32>, %i: tensor<2xi64>, %o: tensor<2xi32>) {
  // expected-error @+1 {{'atb.gather' op init element type 'i32' differs from the x element type 'si32'}}
  %r = atb.gather %x[%i] axis = 0 batch_dims = 0 into %o : tensor<3xsi32>, tensor<2xi64> into tensor<2xi32>
  return
}

// -----

func.func @batch_dim_mismatch(%x: tensor<3x3xf32>, %i: tensor<2x1xi64>, %o: tensor<3x1xf32>) {
  // expected-error @+1 {{'atb.gather' op batch dimension 0 has size 3 in x but 2 in indices}}
  %r = atb.gather %x[%i] axis = 1 batch_dims = 1 into %o : tensor<3x3xf32>, tensor<2x1xi64> into tensor<3x1xf32>
  return
}

// -----

func.func @init_rank(%x: tensor<3x3xf32>, %i: tensor<1x2xi64>, %o: tensor<3x2xf32>) {
  // expected-error @+1 {{'atb.gather' op init must have rank 3 (x[:axis] ++ indices[batch_dims:] ++ x[axis+1:]), but has rank 2}}
  %r = atb.gather %x[%i] axis = 1 batch_dims = 0 into %o : tensor<3x3xf32>, tensor<1x2xi64> into tensor<3x2xf32>
  return
}

// -----

func.func @init_size_from_indices(%x: tensor<3x3xf32>, %i: tensor<2xi64>, %o: tensor<3x4xf32>) {
  // expected-error @+1 {{'atb.gather' op init dimension 1 has size 4, but indices dimension 0 has size 2}}
  %r = atb.gather %x[%i] axis = 1 batch_dims = 0 into %o : tensor<3x3xf32>, tensor<2xi64> into tensor<3x4xf32>
  return
}

// -----

func.func @init_size_from_x(%x: memref<3x5x7xf32>, %i: memref<2xi64>, %o: memref<3x2x6xf32>) {
  // expected-error @+1 {{'atb.gather' op init dimension 2 has size 6, but x dimension 2 has size 7}}
  atb.gather %x[%i] axis = 1 batch_dims = 0 into %o : memref<3x5x7xf32>, memref<2xi64> into memref<3x2x6xf32>
  return
}

// -----

// The tensor form returns a value of the init type (checked by the
// destination-style and type-inference interfaces).
func.func @result_type(%x: tensor<3x3xf32>, %i: tensor<2xi64>, %o: tensor<3x2xf32>) {
  // expected-error @+1 {{'atb.gather' op expected type of operand #2 ('tensor<3x2xf32>') to match type of corresponding result ('tensor<?x2xf32>')}}
  %r = "atb.gather"(%x, %i, %o) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<3x3xf32>, tensor<2xi64>, tensor<3x2xf32>) -> tensor<?x2xf32>
  return
}

// -----

// The memref form has no result.
func.func @memref_result(%x: memref<3x3xf32>, %i: memref<2xi64>, %o: memref<3x2xf32>) {
  // expected-error @+1 {{'atb.gather' op result #0 must be variadic of ranked tensor of any type values, but got 'memref<3x2xf32>'}}
  %r = "atb.gather"(%x, %i, %o) <{axis = 1 : i64, batch_dims = 0 : i64}> : (memref<3x3xf32>, memref<2xi64>, memref<3x2xf32>) -> memref<3x2xf32>
  return
}

// -----

func.func @unranked(%x: tensor<*xf32>, %i: tensor<2xi64>, %o: tensor<2xf32>) {
  // expected-error @+1 {{'atb.gather' op operand #0 must be ranked tensor or memref, but got 'tensor<*xf32>'}}
  %r = "atb.gather"(%x, %i, %o) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<*xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @alloc_device_host_space() {
  // expected-error @+1 {{'atb.alloc_device' op result must be in device memory (memory space 1), but has type 'memref<4xf32>'}}
  %d = atb.alloc_device() : memref<4xf32>
  return
}

// -----

func.func @alloc_device_layout() {
  // expected-error @+1 {{'atb.alloc_device' op result must have an identity layout, but has type 'memref<4xf32, strided<[2]>, 1>'}}
  %d = atb.alloc_device() : memref<4xf32, strided<[2]>, 1>
  return
}

// -----

func.func @alloc_device_sizes(%n: index) {
  // expected-error @+1 {{'atb.alloc_device' op needs 1 dynamic sizes for 'memref<?x4xf32, 1>', but has 0}}
  %d = atb.alloc_device() : memref<?x4xf32, 1>
  return
}

// -----

func.func @copy_host_to_host(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @+1 {{'atb.copy' op copies between host and device memory: exactly one of 'memref<4xf32>' and 'memref<4xf32>' must be in memory space 1}}
  atb.copy %a, %b : memref<4xf32> to memref<4xf32>
  return
}

// -----

func.func @copy_layout(%a: memref<4xf32, strided<[2]>>, %b: memref<4xf32, 1>) {
  // expected-error @+1 {{'atb.copy' op source and target must have identity layouts, but are 'memref<4xf32, strided<[2]>>' and 'memref<4xf32, 1>'}}
  atb.copy %a, %b : memref<4xf32, strided<[2]>> to memref<4xf32, 1>
  return
}

// -----

func.func @copy_shape(%a: memref<4xf32>, %b: memref<5xf32, 1>) {
  // expected-error @+1 {{'atb.copy' op source 'memref<4xf32>' and target 'memref<5xf32, 1>' must have the same element type and shape}}
  atb.copy %a, %b : memref<4xf32> to memref<5xf32, 1>
  return
}

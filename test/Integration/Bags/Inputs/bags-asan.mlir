// The bag functions of scripts/ci/bags-asan.sh: every mode (sum, mean,
// max, weighted sum) with and without include_last_offset, on a table of
// rows of two elements (`?x2`: the vector form, its rows prefetched since
// the table's size is dynamic) and of dynamic width (`?x?`: the generic
// form), ids and offsets of dynamic size. The script lowers this file with
// gather-to-llvm under each bounds-check, compiles it with AddressSanitizer
// and runs the malformed offsets of Inputs/bags-asan-driver.c through it.
// Not a lit test (Inputs/ is excluded).

func.func @sum_vec(%t: tensor<?x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x2xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) : tensor<?x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @sum_vec_last(%t: tensor<?x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x2xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset} : tensor<?x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @sum_gen(%t: tensor<?x?xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @sum_gen_last(%t: tensor<?x?xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset} : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @mean_vec(%t: tensor<?x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x2xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<?xi64>) : tensor<?x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @mean_vec_last(%t: tensor<?x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x2xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset} : tensor<?x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @mean_gen(%t: tensor<?x?xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<?xi64>) : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @mean_gen_last(%t: tensor<?x?xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag mean %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset} : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @max_vec(%t: tensor<?x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x2xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag max %t[%i] offsets(%o : tensor<?xi64>) : tensor<?x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @max_vec_last(%t: tensor<?x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x2xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag max %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset} : tensor<?x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @max_gen(%t: tensor<?x?xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag max %t[%i] offsets(%o : tensor<?xi64>) : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @max_gen_last(%t: tensor<?x?xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag max %t[%i] offsets(%o : tensor<?xi64>) {include_last_offset} : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @wsum_vec(%t: tensor<?x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>, %w: tensor<?xf32>) -> tensor<?x2xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) weights(%w : tensor<?xf32>) : tensor<?x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @wsum_vec_last(%t: tensor<?x2xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>, %w: tensor<?xf32>) -> tensor<?x2xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) weights(%w : tensor<?xf32>) {include_last_offset} : tensor<?x2xf32>, tensor<?xi64> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
func.func @wsum_gen(%t: tensor<?x?xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>, %w: tensor<?xf32>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) weights(%w : tensor<?xf32>) : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @wsum_gen_last(%t: tensor<?x?xf32>, %i: tensor<?xi64>, %o: tensor<?xi64>, %w: tensor<?xf32>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = gather.embedding_bag sum %t[%i] offsets(%o : tensor<?xi64>) weights(%w : tensor<?xf32>) {include_last_offset} : tensor<?x?xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

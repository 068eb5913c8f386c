// A symbol of the module named like a C function that the exchange lowering
// calls, but not an llvm.func of the type the lowering declares it with, is
// an error on that symbol; the op is then left unconverted.
// RUN: gather-opt %s --convert-exchange-to-llvm -split-input-file -verify-diagnostics

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  // expected-error @+1 {{'llvm.func' op conflicts with @MPI_Alltoall, which the generated code declares as an llvm.func of type '!llvm.func<i32 (ptr, i32, i32, ptr, i32, i32, i32)>'}}
  llvm.func @MPI_Alltoall(!llvm.ptr) -> i32
  func.func @whole(%a: memref<8xi64>, %b: memref<8xi64>) {
    // expected-error @+1 {{failed to legalize operation 'exchange.alltoall'}}
    exchange.alltoall %a, %b over [4] axes [0] : memref<8xi64>, memref<8xi64>
    return
  }
}

// -----

// The C library's dprintf, declared as a func.func.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  // expected-error @+1 {{'func.func' op conflicts with @dprintf, which the generated code declares as an llvm.func of type '!llvm.func<i32 (i32, ptr, ...)>'}}
  func.func private @dprintf(i32) -> i32
  func.func @abort(%k: i64) {
    // expected-error @+1 {{failed to legalize operation 'exchange.abort'}}
    exchange.abort over [4] axes [0] "gather: index %lld"(%k) : i64
    return
  }
}

// -----

// MPI_Comm_split, which the communicator of a part of the grid needs.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  // expected-error @+1 {{'llvm.func' op conflicts with @MPI_Comm_split, which the generated code declares as an llvm.func of type '!llvm.func<i32 (i32, i32, i32, ptr)>'}}
  llvm.func @MPI_Comm_split(i64) -> i32
  func.func @part(%s: memref<2xf32>, %r: memref<6xf32>) {
    // expected-error @+1 {{failed to legalize operation 'exchange.allgather'}}
    exchange.allgather %s, %r over [2, 3] axes [1] : memref<2xf32>, memref<6xf32>
    return
  }
}

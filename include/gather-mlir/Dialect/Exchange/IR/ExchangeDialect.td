//===- ExchangeDialect.td - exchange dialect definition ----*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEDIALECT_TD
#define GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEDIALECT_TD

include "mlir/IR/OpBase.td"

def Exchange_Dialect : Dialect {
  let name = "exchange";
  let cppNamespace = "::mlir::exchange";
  let summary = "Variable-size exchanges between the processes of a grid";
  let description = [{
    The collectives that a sharded lookup needs and that MLIR's `shard` and
    `mpi` dialects do not have: an all-to-all whose counts differ per process
    pair and depend on the data (ids sent to the processes that hold their
    rows, rows sent back), and a synchronised stop of a group of processes.

    * On tensors, `exchange.all_to_all_v` names its process group as the
      `shard` collectives do: a `shard.grid` symbol and grid axes. Sharding
      models create it when they partition an op; `convert-shard-to-exchange`
      lowers it (with `shard.all_to_all`, `shard.all_gather`,
      `shard.all_slice` and `shard.all_reduce`) to the buffer ops below.
    * On buffers, `exchange.alltoall`, `exchange.alltoallv`,
      `exchange.allgather` and `exchange.allreduce` are one MPI call each
      (`MPI_Alltoall`, `MPI_Alltoallv`, `MPI_Allgather`, `MPI_Allreduce`
      with `MPI_SUM`), and `exchange.abort` prints a message
      on every process of a group and ends them with status 1. They carry the
      grid's shape and axes themselves (the grid symbol is gone by the time
      they are lowered); `convert-exchange-to-llvm` (also part of
      `convert-to-llvm`) turns them into calls for the MPI ABI that the
      module's `dlti.map` entry `"MPI:Implementation"` names (`MPICH`, the
      default, or `OpenMPI`). The communicator of a group is made once per
      program, on first use, and is `MPI_COMM_WORLD` when the group is the
      whole grid.
  }];
}

class Exchange_Op<string mnemonic, list<Trait> traits = []> :
    Op<Exchange_Dialect, mnemonic, traits>;

#endif // GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEDIALECT_TD

//===- ExchangeOps.td - exchange dialect operations --------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEOPS_TD
#define GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEOPS_TD

include "gather-mlir/Dialect/Exchange/IR/ExchangeDialect.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// On tensors
//===----------------------------------------------------------------------===//

def Exchange_AllToAllVOp : Exchange_Op<"all_to_all_v", [
    Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "All-to-all of leading slices, with counts per process pair";
  let description = [{
    Within each group of processes of the grid `grid` that differ only in
    their positions along `grid_axes` (group member `j` is the process whose
    position along those axes, linearised with the first axis varying
    slowest, is `j`), every process sends `send_counts[j]` consecutive
    leading slices of `input` to member `j`, in member order (the first
    `send_counts[0]` slices to member 0, and so on), and receives
    `recv_counts[j]` slices from member `j`. The result is the received
    slices concatenated in member order. A slice is `input[i, ...]`: the
    trailing dimensions of `input` and the result agree.

    `recv_counts` must hold what the members send: typically the result of a
    `shard.all_to_all` of `send_counts` (ids sent to the processes that hold
    their rows), or the `send_counts` of the exchange being answered (rows
    sent back). The leading result dimension is their sum; it may be static
    when the caller knows it.

    ```mlir
    %ids_here = exchange.all_to_all_v %ids_out, %counts, %counts_in
        on @grid grid_axes = [0]
        : tensor<6xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<?xi64>
    ```

    The element type is an integer or float of 8, 16, 32 or 64 bits or
    `index`; the counts are `i64` tensors with one entry per group member.
  }];
  let arguments = (ins
    FlatSymbolRefAttr:$grid,
    DenseI16ArrayAttr:$grid_axes,
    AnyRankedTensor:$input,
    1DTensorOf<[I64]>:$send_counts,
    1DTensorOf<[I64]>:$recv_counts
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `,` $send_counts `,` $recv_counts `on` $grid
    `grid_axes` `=` $grid_axes attr-dict `:` type($input) `,`
    type($send_counts) `,` type($recv_counts) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// On buffers
//===----------------------------------------------------------------------===//

class Exchange_GroupOp<string mnemonic, list<Trait> traits = []>
    : Exchange_Op<mnemonic, traits> {
  dag groupArgs = (ins DenseI64ArrayAttr:$grid_shape,
                       DenseI16ArrayAttr:$grid_axes);
  code groupDescription = [{
    The process group is that of `grid_axes` in a grid of shape
    `grid_shape` (static sizes, at least 1 each), laid over the processes
    of `MPI_COMM_WORLD` in row-major order: the processes that differ only
    along `grid_axes`, member `j` being the one whose position along those
    axes (first axis slowest) is `j`. The world must have as many processes
    as the grid: the first use of a group checks it and stops the program
    with a message otherwise.
  }];
}

def Exchange_AllToAllOp : Exchange_GroupOp<"alltoall"> {
  let summary = "`MPI_Alltoall`: equal parts of a buffer to every member";
  let description = [{
    With `P` members in the group, every process sends elements
    `[j * n / P, (j + 1) * n / P)` of `send` (`n` elements, contiguous) to
    member `j` and receives member `j`'s part at the same place of `recv`.
    `n` must be a multiple of `P`.
  }] # groupDescription;
  let arguments = !con(groupArgs, (ins
    Arg<AnyMemRef, "", [MemRead]>:$send,
    Arg<AnyMemRef, "", [MemWrite]>:$recv
  ));
  let assemblyFormat = [{
    $send `,` $recv `over` $grid_shape `axes` $grid_axes attr-dict `:`
    type($send) `,` type($recv)
  }];
  let hasVerifier = 1;
}

def Exchange_AllToAllVOnBuffersOp : Exchange_GroupOp<"alltoallv"> {
  let summary = "`MPI_Alltoallv`: counts and displacements per member";
  let description = [{
    Every process sends `send_counts[j]` elements of `send`, starting at
    element `send_displs[j]`, to member `j`, and receives `recv_counts[j]`
    elements from member `j` into `recv` starting at element
    `recv_displs[j]`. Counts and displacements are in elements of the
    buffers' element type, as `i32` (MPI's `int`), one per member.
  }] # groupDescription;
  let arguments = !con(groupArgs, (ins
    Arg<AnyMemRef, "", [MemRead]>:$send,
    Arg<MemRefRankOf<[I32], [1]>, "", [MemRead]>:$send_counts,
    Arg<MemRefRankOf<[I32], [1]>, "", [MemRead]>:$send_displs,
    Arg<AnyMemRef, "", [MemWrite]>:$recv,
    Arg<MemRefRankOf<[I32], [1]>, "", [MemRead]>:$recv_counts,
    Arg<MemRefRankOf<[I32], [1]>, "", [MemRead]>:$recv_displs
  ));
  let assemblyFormat = [{
    $send `,` $send_counts `,` $send_displs `,` $recv `,` $recv_counts `,`
    $recv_displs `over` $grid_shape `axes` $grid_axes attr-dict `:`
    type($send) `,` type($send_counts) `,` type($send_displs) `,`
    type($recv) `,` type($recv_counts) `,` type($recv_displs)
  }];
  let hasVerifier = 1;
}

def Exchange_AllGatherOp : Exchange_GroupOp<"allgather"> {
  let summary = "`MPI_Allgather`: every member's buffer to every member";
  let description = [{
    Every process contributes all `n` elements of `send`; `recv` receives
    the `P * n` elements of the `P` members, member `j`'s at
    `[j * n, (j + 1) * n)`.
  }] # groupDescription;
  let arguments = !con(groupArgs, (ins
    Arg<AnyMemRef, "", [MemRead]>:$send,
    Arg<AnyMemRef, "", [MemWrite]>:$recv
  ));
  let assemblyFormat = [{
    $send `,` $recv `over` $grid_shape `axes` $grid_axes attr-dict `:`
    type($send) `,` type($recv)
  }];
  let hasVerifier = 1;
}

def Exchange_AllReduceOp : Exchange_GroupOp<"allreduce"> {
  let summary = "`MPI_Allreduce` with `MPI_SUM`: the members' buffers summed";
  let description = [{
    Every process contributes all `n` elements of `send`; `recv` receives
    their element-wise sum over the members of the group. The elements are
    signless integers of 8, 16, 32 or 64 bits (summed as such: a value that
    only one member contributes, the others giving 0, arrives bit for bit
    whatever it encodes) or `f32` and `f64` (summed as floats).
  }] # groupDescription;
  let arguments = !con(groupArgs, (ins
    Arg<AnyMemRef, "", [MemRead]>:$send,
    Arg<AnyMemRef, "", [MemWrite]>:$recv
  ));
  let assemblyFormat = [{
    $send `,` $recv `over` $grid_shape `axes` $grid_axes attr-dict `:`
    type($send) `,` type($recv)
  }];
  let hasVerifier = 1;
}

def Exchange_AbortOp : Exchange_GroupOp<"abort", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Stop every process of a group with a message";
  let description = [{
    Prints `message` on standard error, formatted with `args` (each `%lld`
    or `%llu` of the message takes the next argument; `%%` is a percent
    sign) and followed by a newline, waits until every member of the group
    has printed (`MPI_Barrier`), and ends the process with exit status 1
    (after `MPI_Finalize` when the group is the whole grid, so that every
    process ends by itself).
    Every member of the group must reach an `exchange.abort` at the same
    point of the program (the members decide it from data they all hold),
    so that every one of them prints before any process ends.

    ```mlir
    exchange.abort over [2] axes [0]
        "gather: index %lld is out of bounds for a dimension of size %lld"
        (%id, %rows) : i64, i64
    ```
  }] # groupDescription;
  let arguments = !con(groupArgs, (ins StrAttr:$message,
                                       Variadic<I64>:$args));
  let assemblyFormat = [{
    `over` $grid_shape `axes` $grid_axes $message (`(` $args^ `)` `:`
    type($args))? attr-dict
  }];
  let hasVerifier = 1;
}

#endif // GATHER_MLIR_DIALECT_EXCHANGE_IR_EXCHANGEOPS_TD

//===- Passes.td - atb dialect passes ----------------------*- tablegen -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_ATB_TRANSFORMS_PASSES_TD
#define GATHER_MLIR_DIALECT_ATB_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ATBPlaceTransfers : Pass<"atb-place-transfers", "::mlir::func::FuncOp"> {
  let summary = "Keep the tensors of atb.gather on the device, copying only "
                "at the boundary of the device region";
  let description = [{
    Runs on bufferized code. Each `atb.gather` on host memrefs gets device
    buffers (`atb.alloc_device`, memory space 1) for its operands and
    result, and `atb.copy` ops move data in and out; the pass places them
    at the boundary of the device region rather than around each call:

    * an input (the table, the indices) is copied to the device before the
      outermost op enclosing the gather in the block where the host buffer
      is defined, when nothing in that op but gathers uses the host buffer:
      a gather in a loop over a loop-invariant table copies it once, before
      the loop; gathers that share an input after the same point share one
      device copy;
    * a result written into a host buffer (or into `memref.subview`s of one
      that only gathers use) is allocated on the device at the same point
      and copied back after the enclosing op; its host contents are copied
      in first unless it is a fresh `memref.alloc`;
    * one `atb.synchronize` precedes the first host use of copied-back data
      (synchronisations with no device work since the last one are
      dropped), and device buffers are freed at the end of their block.

    Gathers whose operands have non-identity layouts (other than the
    subviews above) stay on host memrefs, copied by the runtime per call.

    ```mlir
    scf.for %s = %c0 to %c10 step %c1 {
      %i = memref.subview %idx[%s, 0] [1, 4] [1, 1] : ...
      %o = memref.subview %out[%s, 0, 0] [1, 4, 8] [1, 1, 1] : ...
      atb.gather %table[%i] axis = 0 batch_dims = 0 into %o : ...
    }
    ```

    becomes one copy of `%table` and `%idx` before the loop, gathers on
    device buffers inside it, one copy of `%out` after it and one
    `atb.synchronize` before `%out` is read.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // GATHER_MLIR_DIALECT_ATB_TRANSFORMS_PASSES_TD

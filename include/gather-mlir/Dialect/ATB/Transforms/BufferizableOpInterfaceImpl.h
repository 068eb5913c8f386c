//===- BufferizableOpInterfaceImpl.h - atb bufferization --------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_ATB_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define GATHER_MLIR_DIALECT_ATB_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace atb {
/// Registers the BufferizableOpInterface external model of `atb.gather`: the
/// tensor form becomes the memref form writing into the buffer of its init
/// operand (x and indices are read, init is only written).
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace atb
} // namespace mlir

#endif // GATHER_MLIR_DIALECT_ATB_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

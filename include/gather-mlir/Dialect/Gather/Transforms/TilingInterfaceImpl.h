//===- TilingInterfaceImpl.h - tiling of the gather ops ---------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_TILINGINTERFACEIMPL_H
#define GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_TILINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace gather {
/// Registers the TilingInterface external models of `gather.gather` and
/// `gather.embedding_bag` (registerEmbeddingBagTilingExternalModel). The
/// iteration domain is the result shape (every loop parallel); a tile of it
/// is computed by a smaller `gather.gather` on a slice of `data` (whole along
/// the gathered axis, tiled along the other dimensions) and a slice of
/// `indices`. This lets `transform.structured.tile_using_for`,
/// `tile_using_forall` and `fuse_into_containing_op` tile the gather and fuse
/// it as a producer into the tile loops of its consumers.
void registerTilingInterfaceExternalModels(DialectRegistry &registry);

/// Registers the TilingInterface external model of `gather.embedding_bag`
/// (EmbeddingBagTiling.cpp; registerTilingInterfaceExternalModels calls it).
/// The iteration domain is the result `[batch..., B, D...]`, every loop
/// parallel; a tile is a smaller `gather.embedding_bag` of whole bags on
/// slices of the table (whole along its rows) and of the ids, weights and
/// offsets of its bags.
void registerEmbeddingBagTilingExternalModel(DialectRegistry &registry);
} // namespace gather
} // namespace mlir

#endif // GATHER_MLIR_DIALECT_GATHER_TRANSFORMS_TILINGINTERFACEIMPL_H

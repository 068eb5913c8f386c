// Inputs and tuned C loops of the embedding-bag benchmark (baselines.c).
#ifndef GATHER_MLIR_BENCH_BAGS_BASELINES_H
#define GATHER_MLIR_BENCH_BAGS_BASELINES_H

#include <stdint.h>

/// table[r][c] = (r * 31 + c * 7) % 64 - 32: integers in [-32, 31].
void bagsFillTable(float *table, long rows, long cols);
/// n ids uniformly drawn from [0, rows) by a SplitMix64 stream of `seed`.
void bagsFillIds(int64_t *ids, long n, long rows, uint64_t seed);
/// n per-sample weights, integers in [-4, 4].
void bagsFillWeights(float *weights, long n);
/// PyTorch offsets (without include_last_offset) of `bags` bags of 0 to
/// maxLength - 1 ids each; returns the number of ids.
long bagsFillOffsets(int64_t *offsets, long bags, long maxLength);

/// out[b] = sum of the 128-float rows table[ids[b * length + l]].
void bagsSum128(const float *table, const int64_t *ids, long bags, long length,
                float *out);
/// out[b] = sum of weights[b * length + l] * table[ids[b * length + l]].
void bagsWeightedSum128(const float *table, const int64_t *ids,
                        const float *weights, long bags, long length,
                        float *out);
/// out[b] = element-wise maximum of the bag's rows.
void bagsMax128(const float *table, const int64_t *ids, long bags, long length,
                float *out);
/// out[b] = sum of the bag's 64-float rows / length.
void bagsMean64(const float *table, const int64_t *ids, long bags, long length,
                float *out);
/// Ragged bags of 64-float rows: bag b holds ids[offsets[b]] up to the next
/// offset (the last one up to nIds); empty bags give zeros.
void bagsRaggedSum64(const float *table, const int64_t *ids, long nIds,
                     const int64_t *offsets, long bags, float *out);
/// bagsSum128 with the bags split over `threads` pthreads.
void bagsSum128Threads(const float *table, const int64_t *ids, long bags,
                       long length, float *out, int threads);

#endif

// The inputs of the embedding-bag benchmark and the tuned C loops that the
// compiled MLIR is measured against. Built into the harness (harness.c) and
// into libbags.so for torch_bags.py, so that every program sees the same
// inputs and the same baseline.
//
// Inputs are integer-valued floats (table elements in [-32, 31], weights in
// [-4, 4]): every sum of the benchmark's bags is exact in f32, so any
// summation order gives the same bits and outputs are compared bit for bit.
//
// The tuned loops accumulate each bag's rows in vector registers (GCC/Clang
// vector extensions of 64 bytes, which the compiler maps to one AVX-512
// register or two AVX2 ones), prefetch the rows a few ids ahead and never
// write a gathered row: each output row is stored once, after its bag.
#include "baselines.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// 16 floats; loads and stores through it need only the alignment of a
/// float.
typedef float V __attribute__((vector_size(64), aligned(4), may_alias));
typedef int VI __attribute__((vector_size(64), aligned(4), may_alias));

/// Ids ahead of the current one whose rows are prefetched, tuned on the
/// benchmark's machine (bench/README.md): 16 for a table that stays in the
/// last-level cache, enough ids for 12 KiB of rows ahead for larger tables
/// (24 rows of 512 bytes, 48 of 256), the rule the lowering follows.
enum { kPrefetchCached = 16, kPrefetch512 = 24, kPrefetch256 = 48 };

static uint64_t splitMix64(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void bagsFillTable(float *table, long rows, long cols) {
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c)
      table[r * cols + c] = (float)((r * 31 + c * 7) % 64 - 32);
}

void bagsFillIds(int64_t *ids, long n, long rows, uint64_t seed) {
  uint64_t state = seed;
  for (long i = 0; i < n; ++i)
    ids[i] = (int64_t)(splitMix64(&state) % (uint64_t)rows);
}

void bagsFillWeights(float *weights, long n) {
  uint64_t state = 7;
  for (long i = 0; i < n; ++i)
    weights[i] = (float)((int)(splitMix64(&state) % 9) - 4);
}

long bagsFillOffsets(int64_t *offsets, long bags, long maxLength) {
  uint64_t state = 11;
  long n = 0;
  for (long b = 0; b < bags; ++b) {
    offsets[b] = n;
    n += (long)(splitMix64(&state) % (uint64_t)maxLength);
  }
  return n;
}

static inline void prefetchRow(const float *row, long cols) {
  for (long c = 0; c < cols; c += 16)
    __builtin_prefetch(row + c, 0, 3);
}

/// The bags [first, last) of the flat ids: the rows of ids[begin(b)] to
/// ids[end(b) - 1] pooled into out[b]. POOL is SUM, WSUM, MAX or MEAN; the
/// columns are COLS, a multiple of 16 known at compile time, processed in
/// blocks of at most 8 vectors (all in registers).
#define SUM_STEP(acc, row, i) (acc) += (row)
#define WSUM_STEP(acc, row, i) (acc) += (row) * weights[i]
/* The maximum of gather.embedding_bag (arith.maximumf's): the row's value
   where it is greater or NaN, or equal to an accumulator of -0.0 (so that
   +0.0 wins over -0.0 in either order); a NaN accumulator stays. */
#define MAX_STEP(acc, row, i)                                                  \
  do {                                                                         \
    VI m = ((row) > (acc)) | ((row) != (row)) |                                \
           (((row) == (acc)) & ((VI)(acc) < 0));                               \
    (acc) = (V)(((VI)(row) & m) | ((VI)(acc) & ~m));                           \
  } while (0)

#define BAG_KERNEL(NAME, COLS, BLOCK, INIT, STEP, AHEAD)                       \
  static void NAME(const float *table, const int64_t *ids,                     \
                   const float *weights, const int64_t *begin,                 \
                   const int64_t *end, long nIds, long first, long last,       \
                   float *out, int mean) {                                     \
    (void)weights;                                                             \
    for (long b = first; b < last; ++b) {                                      \
      long lo = begin[b], hi = end[b];                                         \
      for (long c0 = 0; c0 < (COLS); c0 += (BLOCK)) {                          \
        V acc[(BLOCK) / 16];                                                   \
        for (int k = 0; k < (BLOCK) / 16; ++k)                                 \
          acc[k] = (V){0} + (INIT);                                            \
        for (long i = lo; i < hi; ++i) {                                       \
          if (c0 == 0 && i + (AHEAD) < nIds)                                   \
            prefetchRow(table + ids[i + (AHEAD)] * (COLS), (COLS));            \
          const float *row = table + ids[i] * (COLS) + c0;                     \
          _Pragma("GCC unroll 8") for (int k = 0; k < (BLOCK) / 16; ++k) {     \
            V r = *(const V *)(row + 16 * k);                                  \
            STEP(acc[k], r, i);                                                \
          }                                                                    \
        }                                                                      \
        if (lo == hi)                                                          \
          for (int k = 0; k < (BLOCK) / 16; ++k)                               \
            acc[k] = (V){0};                                                   \
        if (mean && hi > lo)                                                   \
          for (int k = 0; k < (BLOCK) / 16; ++k)                               \
            acc[k] = acc[k] / (float)(hi - lo);                                \
        for (int k = 0; k < (BLOCK) / 16; ++k)                                 \
          *(V *)(out + b * (COLS) + c0 + 16 * k) = acc[k];                     \
      }                                                                        \
    }                                                                          \
  }

// 128 columns: one block of 8 vectors with AVX-512 (8 of 32 registers), two
// of 4 with AVX2 (4 vectors are 8 of its 16 registers).
#ifdef __AVX512F__
#define BLOCK128 128
#else
#define BLOCK128 64
#endif
BAG_KERNEL(sum128, 128, BLOCK128, 0.0f, SUM_STEP, kPrefetch512)
BAG_KERNEL(wsum128, 128, BLOCK128, 0.0f, WSUM_STEP, kPrefetch512)
BAG_KERNEL(max128, 128, BLOCK128, -__builtin_inff(), MAX_STEP, kPrefetch512)
BAG_KERNEL(mean64, 64, 64, 0.0f, SUM_STEP, kPrefetch256)
BAG_KERNEL(ragged64, 64, 64, 0.0f, SUM_STEP, kPrefetchCached)

/// The begin and end of fixed-length bags: a small table of offsets would
/// cost a load per bag; the kernels read begin[b] and end[b], so the fixed
/// bags pass these two arrays, filled once per shape.
static int64_t *fixedBounds(long bags, long length, int end) {
  static int64_t *cache[2];
  static long cachedBags[2] = {-1, -1}, cachedLength[2] = {-1, -1};
  if (cachedBags[end] != bags || cachedLength[end] != length) {
    free(cache[end]);
    cache[end] = malloc((size_t)bags * sizeof(int64_t));
    for (long b = 0; b < bags; ++b)
      cache[end][b] = (b + end) * length;
    cachedBags[end] = bags;
    cachedLength[end] = length;
  }
  return cache[end];
}

void bagsSum128(const float *table, const int64_t *ids, long bags, long length,
                float *out) {
  sum128(table, ids, NULL, fixedBounds(bags, length, 0),
         fixedBounds(bags, length, 1), bags * length, 0, bags, out, 0);
}

void bagsWeightedSum128(const float *table, const int64_t *ids,
                        const float *weights, long bags, long length,
                        float *out) {
  wsum128(table, ids, weights, fixedBounds(bags, length, 0),
          fixedBounds(bags, length, 1), bags * length, 0, bags, out, 0);
}

void bagsMax128(const float *table, const int64_t *ids, long bags, long length,
                float *out) {
  max128(table, ids, NULL, fixedBounds(bags, length, 0),
         fixedBounds(bags, length, 1), bags * length, 0, bags, out, 0);
}

void bagsMean64(const float *table, const int64_t *ids, long bags, long length,
                float *out) {
  mean64(table, ids, NULL, fixedBounds(bags, length, 0),
         fixedBounds(bags, length, 1), bags * length, 0, bags, out, 1);
}

void bagsRaggedSum64(const float *table, const int64_t *ids, long nIds,
                     const int64_t *offsets, long bags, float *out) {
  // PyTorch's offsets without include_last_offset: bag b ends where bag
  // b + 1 begins, the last one at the end of the ids.
  static int64_t *ends;
  static long endsBags = -1;
  if (endsBags < bags) {
    free(ends);
    ends = malloc((size_t)bags * sizeof(int64_t));
    endsBags = bags;
  }
  for (long b = 0; b + 1 < bags; ++b)
    ends[b] = offsets[b + 1];
  if (bags > 0)
    ends[bags - 1] = nIds;
  ragged64(table, ids, NULL, offsets, ends, nIds, 0, bags, out, 0);
}

struct SumTask {
  const float *table;
  const int64_t *ids;
  const int64_t *begin, *end;
  long nIds, first, last;
  float *out;
};

static void *runSumTask(void *arg) {
  struct SumTask *t = arg;
  sum128(t->table, t->ids, NULL, t->begin, t->end, t->nIds, t->first, t->last,
         t->out, 0);
  return NULL;
}

void bagsSum128Threads(const float *table, const int64_t *ids, long bags,
                       long length, float *out, int threads) {
  enum { kMaxThreads = 64 };
  if (threads > kMaxThreads)
    threads = kMaxThreads;
  struct SumTask tasks[kMaxThreads];
  pthread_t handles[kMaxThreads];
  const int64_t *begin = fixedBounds(bags, length, 0);
  const int64_t *end = fixedBounds(bags, length, 1);
  for (int t = 0; t < threads; ++t) {
    tasks[t] = (struct SumTask){table,
                                ids,
                                begin,
                                end,
                                bags * length,
                                bags * t / threads,
                                bags * (t + 1) / threads,
                                out};
    if (t > 0)
      pthread_create(&handles[t], NULL, runSumTask, &tasks[t]);
  }
  runSumTask(&tasks[0]);
  for (int t = 1; t < threads; ++t)
    pthread_join(handles[t], NULL);
}

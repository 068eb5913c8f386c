// Times a gather of rows (gather-bench's W1, W4 or W5) compiled ahead of
// time with three sets of types, called from C: all sizes static
// (static_types), every size dynamic (dynamic_types) and every size but the
// row length dynamic (dynamic_rows). The shapes come from run.sh: ROWS rows
// of COLS f32 in the table, IDS indices of INDEX_BITS bits (a quarter of
// them negative with NEGATIVE_QUARTER, as W5's), and CALLS calls per timed
// sample. Each variant is timed at 32 stack depths, 128 bytes apart (4 KiB
// in all), as the stack of a process lies wherever it lies. At each depth,
// each of kReps rounds times the three in an order of its own (a fixed
// seed), each sample after one untimed call of its own: in a fixed order,
// a variant's time depended on the variant before it (W5's dynamic types
// ran at 0.98-0.99x of the static ones in a fixed order, 0.95-0.96x
// shuffled, on an AMD EPYC, znver5). The report gives, per depth, the
// offset in its page of the stack where the call starts and the median
// time of a call of each; over all depths, the median time, static / other
// (above 1: faster than static), and the median of the rounds' own ratios.
#include <alloca.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The expanded memref descriptors of the table (2-D), the indices (1-D) and
// the output (2-D), as the LLVM lowering passes them.
#if INDEX_BITS == 32
typedef int32_t Index;
#else
typedef int64_t Index;
#endif
#ifndef NEGATIVE_QUARTER
#define NEGATIVE_QUARTER 0
#endif
typedef void Gather(float *, float *, long, long, long, long, long, Index *,
                    Index *, long, long, long, float *, float *, long, long,
                    long, long, long);
Gather static_types, dynamic_types, dynamic_rows;

enum {
  kRows = ROWS,
  kCols = COLS,
  kIds = IDS,
  kCalls = CALLS,
  kDepths = 32,
  kDepthStep = 128,
  kReps = 5
};
static float *table, *out;
/// The offset in its page of the stack below the padding of the last call.
static long stackPageOffset;
static Index *ids;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// The time of a call of `f` (the mean of kCalls) with the stack `depth`
// bytes deeper.
__attribute__((noinline)) static double timeAt(Gather *f, long depth) {
  volatile char *pad = alloca(depth + 1);
  pad[0] = 0;
  stackPageOffset = (long)((uintptr_t)pad & 4095);
  double start = now();
  for (int c = 0; c < kCalls; ++c)
    f(table, table, 0, kRows, kCols, kCols, 1, ids, ids, 0, kIds, 1, out, out,
      0, kIds, kCols, kCols, 1);
  return (now() - start) / kCalls;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, n, sizeof(double), compare);
  return v[n / 2];
}

int main(int argc, char **argv) {
  printf("cpu: %s\n", argc > 1 ? argv[1] : "?");
  table = aligned_alloc(4096, (size_t)kRows * kCols * 4);
  ids =
      aligned_alloc(4096, ((size_t)kIds * sizeof(Index) + 4095) / 4096 * 4096);
  out = aligned_alloc(4096, (size_t)kIds * kCols * 4);
  for (long i = 0; i < (long)kRows * kCols; ++i)
    table[i] = (float)i;
  // gather-bench's indices (a multiplicative hash of the position), or with
  // `random` as the second argument, uniformly random ones.
  int random = argc > 2 && strcmp(argv[2], "random") == 0;
  srand(1);
  // With NEGATIVE_QUARTER, every fourth index counts from the end (W5's).
  for (long i = 0; i < kIds; ++i) {
    long k =
        random ? rand() % kRows : (long)(((uint64_t)i * 2654435761u) % kRows);
    ids[i] = (Index)(NEGATIVE_QUARTER && i % 4 == 0 ? k - kRows : k);
  }
  printf("indices: %s\n", random ? "random" : "gather-bench's");
  memset(out, 0, (size_t)kIds * kCols * 4);
  Gather *fns[3] = {static_types, dynamic_types, dynamic_rows};
  // Each variant once, checked against rows copied here.
  size_t outBytes = (size_t)kIds * kCols * 4;
  float *expected = malloc(outBytes);
  for (long i = 0; i < kIds; ++i)
    memcpy(expected + i * kCols,
           table + (ids[i] < 0 ? ids[i] + kRows : ids[i]) * kCols, kCols * 4);
  for (int k = 0; k < 3; ++k) {
    memset(out, 0, outBytes);
    timeAt(fns[k], 0);
    if (memcmp(expected, out, outBytes) != 0) {
      fprintf(stderr, "variant %d copies the wrong rows\n", k);
      return 1;
    }
  }
  free(expected);
  static double all[3][kDepths * kReps];
  int n = 0;
  // Milliseconds for W1's calls, nanoseconds for W4's.
  int small = kCalls > 1;
  double scale = small ? 1e9 : 1e3;
  const char *unit = small ? "ns" : "ms";
  printf("stack depth (page offset)   static   dynamic (static/it)   "
         "dynamic rows (static/it)\n");
  // Each round's order: a shuffle of the three by a linear congruential
  // generator with a fixed seed (the same orders in every process).
  unsigned seed = 20261207u;
  int order[3] = {0, 1, 2};
  static double pairs[2][kDepths * kReps];
  for (long depth = 0; depth < kDepths * kDepthStep; depth += kDepthStep) {
    double t[3][kReps];
    for (int r = 0; r < kReps; ++r, ++n) {
      for (int k = 2; k > 0; --k) {
        seed = seed * 1103515245u + 12345u;
        int j = (int)((seed >> 16) % (unsigned)(k + 1));
        int swap = order[k];
        order[k] = order[j];
        order[j] = swap;
      }
      for (int q = 0; q < 3; ++q) {
        int k = order[q];
        timeAt(fns[k], depth);
        all[k][n] = t[k][r] = timeAt(fns[k], depth);
      }
      pairs[0][n] = all[0][n] / all[1][n];
      pairs[1][n] = all[0][n] / all[2][n];
    }
    double m[3];
    for (int k = 0; k < 3; ++k)
      m[k] = median(t[k], kReps);
    printf("%11ld (%4ld) %7.2f %s %7.2f %s (%.3f) %9.2f %s (%.3f)\n", depth,
           stackPageOffset, m[0] * scale, unit, m[1] * scale, unit, m[0] / m[1],
           m[2] * scale, unit, m[0] / m[2]);
  }
  double m[3];
  for (int k = 0; k < 3; ++k)
    m[k] = median(all[k], n);
  printf("all depths  %7.2f %s %7.2f %s (%.3f) %9.2f %s (%.3f)\n", m[0] * scale,
         unit, m[1] * scale, unit, m[0] / m[1], m[2] * scale, unit,
         m[0] / m[2]);
  printf("median of the rounds' ratios: dynamic %.3f, dynamic rows %.3f\n",
         median(pairs[0], n), median(pairs[1], n));
  return 0;
}

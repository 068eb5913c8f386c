// The cost of a row length known only at run time, in hand-written C, on
// the shape of gather-bench's W4 (32 rows of 64 f32 from a 1000-row
// table, 8 KiB out, called in a loop): the same row copy (64-byte vectors)
// with the length a compile-time constant and a run-time value (multiplied,
// or a power of two shifted), and the memcpy of a run-time length. Prints the
// CPU, the median time of a call of each, and each one's speed relative to the
// constant length. Built and run by run.sh with -O2 -march=native.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef float vec16 __attribute__((vector_size(64), aligned(4)));

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static inline void copy4(float *to, const float *from) {
  for (int v = 0; v < 4; ++v)
    *(vec16 *)(to + 16 * v) = *(const vec16 *)(from + 16 * v);
}

/// Rows of 64 floats, known when compiling.
__attribute__((noinline)) static void rowsConstant(const float *d,
                                                   const int64_t *ix, float *o,
                                                   int64_t n, int64_t len) {
  (void)n;
  (void)len;
  for (int64_t i = 0; i < 32; ++i)
    copy4(o + i * 64, d + ix[i] * 64);
}

/// The same copies, the row length and count run-time values (the least a
/// run-time length costs: only the addressing changes).
__attribute__((noinline)) static void rowsRunTime(const float *d,
                                                  const int64_t *ix, float *o,
                                                  int64_t n, int64_t len) {
  for (int64_t i = 0; i < n; ++i)
    copy4(o + i * len, d + ix[i] * len);
}

/// The same, the row length a run-time power of two: the index shifts by
/// its logarithm instead of multiplying (what the generated code's version
/// for power-of-two strides does).
__attribute__((noinline)) static void rowsRunTimeShift(const float *d,
                                                       const int64_t *ix,
                                                       float *o, int64_t n,
                                                       int64_t len) {
  int shift = __builtin_ctzll((unsigned long long)len);
  for (int64_t i = 0; i < n; ++i)
    copy4(o + i * len, d + (ix[i] << shift));
}

/// memcpy of a run-time row length.
__attribute__((noinline)) static void rowsMemcpy(const float *d,
                                                 const int64_t *ix, float *o,
                                                 int64_t n, int64_t len) {
  for (int64_t i = 0; i < n; ++i)
    memcpy(o + i * len, d + ix[i] * len, len * sizeof(float));
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  const char *cpu = argc > 1 ? argv[1] : "?";
  enum { kinds = 4, reps = 31, calls = 20000 };
  typedef void (*kernel)(const float *, const int64_t *, float *, int64_t,
                         int64_t);
  kernel run[kinds] = {rowsConstant, rowsRunTime, rowsRunTimeShift, rowsMemcpy};
  const char *name[kinds] = {"length at compile time", "length at run time",
                             "run time, shifted", "memcpy, length at run time"};
  volatile int64_t runTimeLen = 64, runTimeRows = 32;
  float *d = aligned_alloc(64, 1000 * 64 * sizeof(float));
  float *o = aligned_alloc(64, 32 * 64 * sizeof(float));
  int64_t ix[32];
  for (int i = 0; i < 1000 * 64; ++i)
    d[i] = (float)i;
  srand(1);
  for (int i = 0; i < 32; ++i)
    ix[i] = rand() % 1000;
  double samples[kinds][reps];
  // Interleaved: each repetition times every kind once.
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < kinds; ++k) {
      double start = now();
      for (int c = 0; c < calls; ++c) {
        run[k](d, ix, o, runTimeRows, runTimeLen);
        __asm__ volatile("" ::"r"(o) : "memory");
      }
      samples[k][r] = (now() - start) / calls * 1e9;
      // Each kind's output, checked and cleared for the next.
      for (int i = 0; i < 32; ++i)
        if (memcmp(o + i * 64, d + ix[i] * 64, 64 * sizeof(float)))
          return fprintf(stderr, "%s: row %d differs\n", name[k], i), 1;
      memset(o, 0, 32 * 64 * sizeof(float));
    }
  printf("cpu: %s\n", cpu);
  double base = 0;
  for (int k = 0; k < kinds; ++k) {
    qsort(samples[k], reps, sizeof(double), compare);
    double median = samples[k][reps / 2];
    if (k == 0)
      base = median;
    printf("%-28s %7.2f ns per call   speed %.2fx of the compile-time length\n",
           name[k], median, base / median);
  }
  free(d);
  free(o);
  return 0;
}

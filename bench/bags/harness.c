// Times embedding bags compiled ahead of time from MLIR against the tuned C
// loops of baselines.c, side by side in one process (run.sh builds it).
//
// Cases (the shapes come from run.sh through --shapes):
//   sum      bags of fixed length, rows of 128 f32, pooled by sum
//   wsum     the same with per-sample weights shaped like the ids
//   max      the same pooled by element-wise maximum
//   sum_dyn  sum with the number of bags a run-time size (wsum_dyn, max_dyn
//            and mean_dyn likewise)
//   mean     rows of 64 f32, sum divided by the bag length
//   ragged   rows of 64 f32, bags of 0 to max-1 ids given by PyTorch offsets
//
// Every MLIR function is a weak symbol: a variant without a file for a case
// leaves it null, and the case runs its C loops alone. Each output (C and
// MLIR) is first compared bit for bit with a plain scalar loop here; a
// difference stops the program with status 1. The timing runs --reps rounds;
// each round times every implementation of the case once, in an order of its
// own (shuffled with a fixed seed), each sample after one untimed call of the
// same implementation unless its calls take longer than 50 ms; an
// implementation slower than 250 ms a call is sampled in the first
// --slow-reps rounds only (the fastest call so far decides both).
#include "baselines.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// Memref descriptors as `llvm.emit_c_interface` passes them.
typedef struct {
  void *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} MemRef1;
typedef struct {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRef2;

typedef void Pool(MemRef2 *table, MemRef2 *ids, MemRef2 *out);
typedef void WeightedPool(MemRef2 *table, MemRef2 *ids, MemRef2 *weights,
                          MemRef2 *out);
typedef void Ragged(MemRef2 *table, MemRef1 *ids, MemRef1 *offsets,
                    MemRef2 *out);
#define WEAK __attribute__((weak))
WEAK Pool _mlir_ciface_bag_sum, _mlir_ciface_bag_sum_par, _mlir_ciface_bag_max,
    _mlir_ciface_bag_sum_dyn, _mlir_ciface_bag_max_dyn, _mlir_ciface_bag_mean,
    _mlir_ciface_bag_mean_dyn;
WEAK WeightedPool _mlir_ciface_bag_wsum, _mlir_ciface_bag_wsum_dyn;
WEAK Ragged _mlir_ciface_bag_ragged;

/// The inputs of the current case.
static struct {
  float *table;
  long rows, cols;
  int64_t *ids;
  long nIds, bags, length;
  float *weights;
  int64_t *offsets;
  int threads;
} in;

static MemRef2 memRef2(void *p, long d0, long d1) {
  return (MemRef2){p, p, 0, {d0, d1}, {d1, 1}};
}
static MemRef1 memRef1(void *p, long d0) {
  return (MemRef1){p, p, 0, {d0}, {1}};
}

typedef void Run(float *out);
static Pool *pool;
static void runPool(float *out) {
  MemRef2 t = memRef2(in.table, in.rows, in.cols);
  MemRef2 i = memRef2(in.ids, in.bags, in.length);
  MemRef2 o = memRef2(out, in.bags, in.cols);
  pool(&t, &i, &o);
}
static void runParallel(float *out) {
  MemRef2 t = memRef2(in.table, in.rows, in.cols);
  MemRef2 i = memRef2(in.ids, in.bags, in.length);
  MemRef2 o = memRef2(out, in.bags, in.cols);
  _mlir_ciface_bag_sum_par(&t, &i, &o);
}
static WeightedPool *weighted;
static void runWeighted(float *out) {
  MemRef2 t = memRef2(in.table, in.rows, in.cols);
  MemRef2 i = memRef2(in.ids, in.bags, in.length);
  MemRef2 w = memRef2(in.weights, in.bags, in.length);
  MemRef2 o = memRef2(out, in.bags, in.cols);
  weighted(&t, &i, &w, &o);
}
static void runRagged(float *out) {
  MemRef2 t = memRef2(in.table, in.rows, in.cols);
  MemRef1 i = memRef1(in.ids, in.nIds);
  MemRef1 f = memRef1(in.offsets, in.bags);
  MemRef2 o = memRef2(out, in.bags, in.cols);
  _mlir_ciface_bag_ragged(&t, &i, &f, &o);
}
static void cSum(float *out) {
  bagsSum128(in.table, in.ids, in.bags, in.length, out);
}
static void cSumThreads(float *out) {
  bagsSum128Threads(in.table, in.ids, in.bags, in.length, out, in.threads);
}
static void cWeighted(float *out) {
  bagsWeightedSum128(in.table, in.ids, in.weights, in.bags, in.length, out);
}
static void cMax(float *out) {
  bagsMax128(in.table, in.ids, in.bags, in.length, out);
}
static void cMean(float *out) {
  bagsMean64(in.table, in.ids, in.bags, in.length, out);
}
static void cRagged(float *out) {
  bagsRaggedSum64(in.table, in.ids, in.nIds, in.offsets, in.bags, out);
}

/// The plain scalar reference: mode 's' sum, 'w' weighted sum, 'x' max,
/// 'm' mean; bags from in.offsets when set, else of in.length ids.
static void reference(char mode, float *out) {
  for (long b = 0; b < in.bags; ++b) {
    long lo = in.offsets ? in.offsets[b] : b * in.length;
    long hi = in.offsets ? (b + 1 < in.bags ? in.offsets[b + 1] : in.nIds)
                         : (b + 1) * in.length;
    for (long c = 0; c < in.cols; ++c) {
      float acc = mode == 'x' ? -__builtin_inff() : 0.0f;
      for (long i = lo; i < hi; ++i) {
        float x = in.table[in.ids[i] * in.cols + c];
        if (mode == 'w')
          acc += x * in.weights[i];
        else if (mode == 'x')
          acc = x > acc ? x : acc;
        else
          acc += x;
      }
      if (mode == 'm' && hi > lo)
        acc /= (float)(hi - lo);
      out[b * in.cols + c] = hi > lo ? acc : 0.0f;
    }
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double median(const double *v, int n) {
  double *s = malloc(n * sizeof(double));
  memcpy(s, v, n * sizeof(double));
  qsort(s, n, sizeof(double), compareDoubles);
  double m = n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
  free(s);
  return m;
}
static double minimum(const double *v, int n) {
  double m = v[0];
  for (int i = 1; i < n; ++i)
    m = v[i] < m ? v[i] : m;
  return m;
}

typedef struct {
  const char *label;
  Run *run;
} Impl;

static int reps = 11, slowReps = 3, failures = 0;
static const char *variant = "?";

/// Checks every implementation against the scalar reference, then times
/// them. impls[0] is the tuned C loop that the ratios divide by.
static void runCase(const char *name, char mode, Impl *impls, int n) {
  size_t count = (size_t)in.bags * in.cols, bytes = count * sizeof(float);
  float *expected = malloc(bytes ? bytes : 1);
  float *out = aligned_alloc(64, (bytes + 63) / 64 * 64 + 64);
  reference(mode, expected);
  double first[16];
  for (int k = 0; k < n; ++k) {
    memset(out, 0xff, bytes); // NaN: an element never written differs.
    double start = now();
    impls[k].run(out);
    first[k] = now() - start;
    if (memcmp(out, expected, bytes) != 0) {
      size_t bad = 0, at = 0;
      for (size_t e = count; e-- > 0;)
        if (memcmp(out + e, expected + e, sizeof(float)) != 0)
          ++bad, at = e;
      fprintf(stderr,
              "%s, %s: output differs from the scalar reference in %zu of %zu "
              "elements; first at bag %zu column %zu: %g, expected %g\n",
              name, impls[k].label, bad, count, at / in.cols, at % in.cols,
              out[at], expected[at]);
      ++failures;
      impls[k].run = NULL;
    }
  }
  free(expected);
  if (reps == 0) {
    printf("%-8s against the scalar reference:", name);
    for (int k = 0; k < n; ++k)
      printf("%s %s %s", k ? "," : "", impls[k].label,
             impls[k].run ? "bit-identical" : "DIFFERS");
    printf("\n");
    free(out);
    return;
  }
  double t[16][64];
  int samples[16] = {0};
  int order[16];
  for (int k = 0; k < n; ++k)
    order[k] = k;
  unsigned seed = 20260511u;
  for (int r = 0; r < reps; ++r) {
    for (int k = n - 1; k > 0; --k) {
      seed = seed * 1103515245u + 12345u;
      int j = (int)((seed >> 16) % (unsigned)(k + 1));
      int s = order[k];
      order[k] = order[j];
      order[j] = s;
    }
    for (int q = 0; q < n; ++q) {
      int k = order[q];
      if (!impls[k].run || (first[k] > 0.25 && r >= slowReps))
        continue;
      if (first[k] < 0.05)
        impls[k].run(out);
      double start = now();
      impls[k].run(out);
      double sample = now() - start;
      t[k][samples[k]++] = sample;
      // The check's call may include first touches of memory: the fastest
      // call so far decides on the untimed call and on --slow-reps.
      first[k] = sample < first[k] ? sample : first[k];
    }
  }
  double c = median(t[0], samples[0]), cMin = minimum(t[0], samples[0]);
  for (int k = 0; k < n; ++k) {
    if (!impls[k].run) {
      printf("%-8s %-26s differs from the reference, not timed\n", name,
             impls[k].label);
      continue;
    }
    double m = median(t[k], samples[k]), mn = minimum(t[k], samples[k]);
    // Sample r of every implementation was taken in round r (the C loop,
    // k = 0, is never slow): each round's own ratio, which a change of the
    // machine's load between rounds moves less.
    double rounds[64];
    for (int r = 0; r < samples[k]; ++r)
      rounds[r] = t[0][r] / t[k][r];
    printf("%-8s %-26s %11.3f %11.3f %8.3f %8.3f %8.3f %3d\n", name,
           impls[k].label, m * 1e3, mn * 1e3, c / m, cMin / mn,
           median(rounds, samples[k]), samples[k]);
  }
  fflush(stdout);
  free(out);
}

static void *allocate(size_t bytes) {
  return aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
}

static int wanted(const char *cases, const char *name) {
  if (!cases)
    return 1;
  size_t len = strlen(name);
  for (const char *p = cases; (p = strstr(p, name)); p += len)
    if ((p == cases || p[-1] == ',') && (p[len] == ',' || p[len] == 0))
      return 1;
  return 0;
}

static void usage(void) {
  fprintf(stderr,
          "usage: harness --shapes 'SR SB SL MR MB ML RR RB RM' "
          "[--variant NAME] [--reps N] [--slow-reps N] [--threads N] "
          "[--cases sum,wsum,max,sum_dyn,wsum_dyn,max_dyn,mean,mean_dyn,"
          "ragged] [--cpu TEXT]\n");
  exit(2);
}

int main(int argc, char **argv) {
  long sr = 0, sb = 0, sl = 0, mr = 0, mb = 0, ml = 0, rr = 0, rb = 0, rm = 0;
  const char *cases = NULL, *cpuExtra = "";
  int threads = 2;
  for (int a = 1; a < argc; a += 2) {
    const char *v = a + 1 < argc ? argv[a + 1] : NULL;
    if (!v)
      usage();
    if (!strcmp(argv[a], "--shapes")) {
      if (sscanf(v, "%ld %ld %ld %ld %ld %ld %ld %ld %ld", &sr, &sb, &sl, &mr,
                 &mb, &ml, &rr, &rb, &rm) != 9)
        usage();
    } else if (!strcmp(argv[a], "--variant"))
      variant = v;
    else if (!strcmp(argv[a], "--reps"))
      reps = atoi(v);
    else if (!strcmp(argv[a], "--slow-reps"))
      slowReps = atoi(v);
    else if (!strcmp(argv[a], "--threads"))
      threads = atoi(v);
    else if (!strcmp(argv[a], "--cases"))
      cases = v;
    else if (!strcmp(argv[a], "--cpu"))
      cpuExtra = v;
    else
      usage();
  }
  if (sr <= 0 || rm <= 0 || reps < 0 || reps > 64 || slowReps < 1)
    usage();
  char model[256] = "?";
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512];
  while (f && fgets(line, sizeof line, f))
    if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
      snprintf(model, sizeof model, "%s", strchr(line, ':') + 2);
      model[strcspn(model, "\n")] = 0;
      break;
    }
  if (f)
    fclose(f);
  printf("cpu: %s%s%s\n", model, *cpuExtra ? ", " : "", cpuExtra);
  printf("variant: %s; %d rounds (calls over 250 ms: %d)\n", variant, reps,
         slowReps);
  if (reps > 0)
    printf("%-8s %-26s %11s %11s %8s %8s %8s %3s\n", "case", "implementation",
           "median ms", "min ms", "C/it med", "C/it min", "C/it rnd", "n");

  in.threads = threads;
  char par[64], mlir[64];
  snprintf(mlir, sizeof mlir, "mlir %s", variant);
  snprintf(par, sizeof par, "mlir %s %d thr", variant, threads);
  char cThreads[64];
  snprintf(cThreads, sizeof cThreads, "C tuned %d thr", threads);
  int fixed = wanted(cases, "sum") || wanted(cases, "wsum") ||
              wanted(cases, "max") || wanted(cases, "sum_dyn") ||
              wanted(cases, "wsum_dyn") || wanted(cases, "max_dyn");
  if (fixed) {
    in = (typeof(in)){0};
    in.threads = threads;
    in.rows = sr, in.cols = 128, in.bags = sb, in.length = sl;
    in.nIds = sb * sl;
    in.table = allocate((size_t)sr * 128 * 4);
    in.ids = allocate((size_t)in.nIds * 8);
    in.weights = allocate((size_t)in.nIds * 4);
    bagsFillTable(in.table, sr, 128);
    bagsFillIds(in.ids, in.nIds, sr, 1);
    bagsFillWeights(in.weights, in.nIds);
    if (wanted(cases, "sum")) {
      Impl impls[4] = {{"C tuned", cSum}, {cThreads, cSumThreads}};
      int n = 2;
      if (_mlir_ciface_bag_sum)
        impls[n++] = (Impl){mlir, runPool};
      if (_mlir_ciface_bag_sum_par)
        impls[n++] = (Impl){par, runParallel};
      pool = _mlir_ciface_bag_sum;
      runCase("sum", 's', impls, n);
    }
    if (wanted(cases, "wsum")) {
      weighted = _mlir_ciface_bag_wsum;
      Impl impls[2] = {{"C tuned", cWeighted}, {mlir, runWeighted}};
      runCase("wsum", 'w', impls, weighted ? 2 : 1);
    }
    if (wanted(cases, "max")) {
      pool = _mlir_ciface_bag_max;
      Impl impls[2] = {{"C tuned", cMax}, {mlir, runPool}};
      runCase("max", 'x', impls, pool ? 2 : 1);
    }
    if (wanted(cases, "sum_dyn")) {
      pool = _mlir_ciface_bag_sum_dyn;
      Impl impls[2] = {{"C tuned", cSum}, {mlir, runPool}};
      runCase("sum_dyn", 's', impls, pool ? 2 : 1);
    }
    if (wanted(cases, "wsum_dyn")) {
      weighted = _mlir_ciface_bag_wsum_dyn;
      Impl impls[2] = {{"C tuned", cWeighted}, {mlir, runWeighted}};
      runCase("wsum_dyn", 'w', impls, weighted ? 2 : 1);
    }
    if (wanted(cases, "max_dyn")) {
      pool = _mlir_ciface_bag_max_dyn;
      Impl impls[2] = {{"C tuned", cMax}, {mlir, runPool}};
      runCase("max_dyn", 'x', impls, pool ? 2 : 1);
    }
    free(in.table), free(in.ids), free(in.weights);
  }
  if (wanted(cases, "mean") || wanted(cases, "mean_dyn")) {
    in = (typeof(in)){0};
    in.rows = mr, in.cols = 64, in.bags = mb, in.length = ml;
    in.nIds = mb * ml;
    in.table = allocate((size_t)mr * 64 * 4);
    in.ids = allocate((size_t)in.nIds * 8);
    bagsFillTable(in.table, mr, 64);
    bagsFillIds(in.ids, in.nIds, mr, 2);
    pool = _mlir_ciface_bag_mean;
    Impl impls[2] = {{"C tuned", cMean}, {mlir, runPool}};
    if (wanted(cases, "mean"))
      runCase("mean", 'm', impls, pool ? 2 : 1);
    if (wanted(cases, "mean_dyn")) {
      pool = _mlir_ciface_bag_mean_dyn;
      runCase("mean_dyn", 'm', impls, pool ? 2 : 1);
    }
    free(in.table), free(in.ids);
  }
  if (wanted(cases, "ragged")) {
    in = (typeof(in)){0};
    in.rows = rr, in.cols = 64, in.bags = rb;
    in.offsets = allocate((size_t)rb * 8);
    in.nIds = bagsFillOffsets(in.offsets, rb, rm);
    in.table = allocate((size_t)rr * 64 * 4);
    in.ids = allocate((size_t)in.nIds * 8 + 8);
    bagsFillTable(in.table, rr, 64);
    bagsFillIds(in.ids, in.nIds, rr, 3);
    printf("ragged: %ld ids in %ld bags of 0 to %ld\n", in.nIds, rb, rm - 1);
    Impl impls[2] = {{"C tuned", cRagged}, {mlir, runRagged}};
    runCase("ragged", 's', impls, _mlir_ciface_bag_ragged ? 2 : 1);
    free(in.table), free(in.ids), free(in.offsets);
  }
  if (failures) {
    fprintf(stderr, "%d output(s) differ from the reference\n", failures);
    return 1;
  }
  return 0;
}

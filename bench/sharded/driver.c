// Times one lookup of lookup.mlir on each MPI process. Each process fills
// its rows of the table (value = global row + column / 1000) and draws the
// same batch of 4096 ids (a quarter of them negative); the `allreduce` form
// and the plain gather take the whole batch, the `exchange` form this
// process's block of it. The lookup runs `iterations` times; process 0
// prints the median time per batch (the slowest process of each iteration)
// and what mpi_count.c counted at the MPI calls per batch: the bytes this
// process handed MPI (the largest over the processes), for the exchange
// form also what the exchange needs (its ids out, the rows it answers,
// the counts) and the ratio, and the calls. Checks the result once.
//
//   driver ITERATIONS plain|allreduce|exchange
#include "mpi_count.h"

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROWS = 1048576, COLS = 256, BATCH = 4096 };

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Memref2D;
typedef struct {
  int64_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} Memref1D;

void _mlir_ciface_lookup_allreduce(Memref2D *result, Memref2D *table,
                                   Memref1D *ids);
void _mlir_ciface_lookup_exchange(Memref2D *result, Memref2D *table,
                                  Memref1D *ids);

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int64_t wrap(int64_t id) { return id < 0 ? id + ROWS : id; }

/// The bytes the exchange form needs on this process: its ids (8 bytes
/// each), the rows of the ids that the others send it (the rows it sends
/// back) and the counts message (3 i64 per member).
static long long exchangeNeed(const int64_t *ids, int rank, int size) {
  int64_t local = ROWS / size;
  long long answered = 0;
  for (int i = 0; i < BATCH; ++i)
    answered += wrap(ids[i]) / local == rank;
  return (long long)(BATCH / size) * 8 + answered * COLS * 4 +
         (long long)size * 3 * 8;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int iterations = argc > 1 ? atoi(argv[1]) : 10;
  const char *form = argc > 2 ? argv[2] : "allreduce";
  int exchange = strcmp(form, "exchange") == 0;
  int64_t local = ROWS / size, first = rank * local;

  float *rows = malloc(sizeof(float) * local * COLS);
  for (int64_t r = 0; r < local; ++r)
    for (int64_t c = 0; c < COLS; ++c)
      rows[r * COLS + c] = (float)(first + r) + (float)c / 1000.0f;
  int64_t *ids = malloc(sizeof(int64_t) * BATCH);
  uint64_t state = 42;
  for (int i = 0; i < BATCH; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    ids[i] = (int64_t)((state >> 33) % ROWS) - (i % 4 ? 0 : ROWS);
  }
  int64_t batch = exchange ? BATCH / size : BATCH;
  int64_t *mine = ids + (exchange ? rank * batch : 0);
  Memref2D table = {rows, rows, 0, {local, COLS}, {COLS, 1}};
  Memref1D idMemref = {mine, mine, 0, {batch}, {1}};

  double *times = malloc(sizeof(double) * iterations);
  int wrong = 0;
  struct MPICounts perBatch = {0};
  for (int it = 0; it < iterations; ++it) {
    Memref2D result;
    MPI_Barrier(MPI_COMM_WORLD);
    struct MPICounts before = mpiCounts;
    double start = MPI_Wtime();
    if (exchange)
      _mlir_ciface_lookup_exchange(&result, &table, &idMemref);
    else
      _mlir_ciface_lookup_allreduce(&result, &table, &idMemref);
    double elapsed = MPI_Wtime() - start;
    if (it == iterations - 1) {
      perBatch = mpiCounts;
      long long *now = (long long *)&perBatch, *then = (long long *)&before;
      for (size_t k = 0; k < sizeof(perBatch) / sizeof(long long); ++k)
        now[k] -= then[k];
      perBatch.commSplits = mpiCounts.commSplits; // the whole run
    }
    MPI_Reduce(&elapsed, &times[it], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (it == 0)
      for (int64_t i = 0; i < batch; ++i)
        for (int c = 0; c < COLS; c += 51)
          wrong |= result.aligned[i * COLS + c] !=
                   (float)wrap(mine[i]) + (float)c / 1000.0f;
    free(result.allocated);
  }
  long long sent = perBatch.alltoallBytes + perBatch.alltoallvBytes +
                   perBatch.allreduceBytes + perBatch.allgatherBytes;
  // One process exchanges nothing.
  long long need = exchange && size > 1 ? exchangeNeed(ids, rank, size) : 0;
  double ratio = need ? (double)sent / need : 0.0, worstRatio = 0.0;
  long long mostSent = 0, mostNeed = 0;
  int anyWrong = 0;
  MPI_Reduce(&sent, &mostSent, 1, MPI_LONG_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&need, &mostNeed, 1, MPI_LONG_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&ratio, &worstRatio, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&wrong, &anyWrong, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    qsort(times, iterations, sizeof(double), compare);
    char needText[64] = "-";
    if (exchange && size > 1)
      snprintf(needText, sizeof(needText), "%.1f\t%.2f",
               (double)mostNeed / 1024, worstRatio);
    else
      snprintf(needText, sizeof(needText), "-\t-");
    printf("%s\t%d\t%.0f\t%.3f\t%.1f\t%s\t%lld/%lld/%lld/%lld\t%lld\t%s\n",
           form, size, (double)local * COLS * sizeof(float) / (1 << 20),
           times[iterations / 2] * 1e3, (double)mostSent / 1024, needText,
           perBatch.allreduceCalls, perBatch.alltoallCalls,
           perBatch.alltoallvCalls, perBatch.allgatherCalls,
           perBatch.commSplits, anyWrong ? "WRONG" : "ok");
  }
  free(times);
  free(ids);
  free(rows);
  MPI_Finalize();
  return anyWrong;
}

// Times the partitioned lookup of lookup.mlir on each MPI process: fills
// this process's rows of the table (value = global row + column / 1000),
// draws a batch of ids (the same on every process), calls the lookup
// `iterations` times and prints, on process 0, the median time per batch
// (the slowest process of each iteration) and the bytes that the
// all-reduce of the result moves per process. Checks the result once.
//
//   driver ITERATIONS [LABEL]   (LABEL, default the number of processes,
//                                heads the line)
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

void _mlir_ciface_lookup(Memref2D *result, Memref2D *table, Memref1D *ids);

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int iterations = argc > 1 ? atoi(argv[1]) : 10;
  int64_t local = ROWS / size, first = rank * local;

  float *rows = malloc(sizeof(float) * local * COLS);
  for (int64_t r = 0; r < local; ++r)
    for (int64_t c = 0; c < COLS; ++c)
      rows[r * COLS + c] = (float)(first + r) + (float)c / 1000.0f;
  int64_t *ids = malloc(sizeof(int64_t) * BATCH);
  uint64_t state = 42;
  for (int i = 0; i < BATCH; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    ids[i] = (int64_t)((state >> 33) % ROWS) - (i % 2 ? ROWS : 0);
  }
  Memref2D table = {rows, rows, 0, {local, COLS}, {COLS, 1}};
  Memref1D idMemref = {ids, ids, 0, {BATCH}, {1}};

  double *times = malloc(sizeof(double) * iterations);
  int wrong = 0;
  for (int it = 0; it < iterations; ++it) {
    Memref2D result;
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    _mlir_ciface_lookup(&result, &table, &idMemref);
    double elapsed = MPI_Wtime() - start;
    MPI_Reduce(&elapsed, &times[it], 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (it == 0)
      for (int i = 0; i < BATCH; ++i) {
        int64_t row = ids[i] < 0 ? ids[i] + ROWS : ids[i];
        for (int c = 0; c < COLS; c += 51)
          wrong |=
              result.aligned[i * COLS + c] != (float)row + (float)c / 1000.0f;
      }
    free(result.allocated);
  }
  int anyWrong = 0;
  MPI_Reduce(&wrong, &anyWrong, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    qsort(times, iterations, sizeof(double), compare);
    double payload = (double)BATCH * COLS * sizeof(float);
    // A ring/reduce-scatter+all-gather all-reduce sends 2 (N-1)/N of the
    // buffer per process; one process sends nothing.
    double sent = size > 1 ? 2.0 * (size - 1) / size * payload : 0.0;
    char label[32];
    snprintf(label, sizeof(label), "%d", size);
    printf("%s\t%.1f\t%.2f\t%.1f\t%.1f\t%s\n", argc > 2 ? argv[2] : label,
           (double)local * COLS * sizeof(float) / (1 << 20),
           times[iterations / 2] * 1e3, payload / (1 << 20), sent / (1 << 20),
           anyWrong ? "WRONG" : "ok");
  }
  free(times);
  free(ids);
  free(rows);
  MPI_Finalize();
  return anyWrong;
}

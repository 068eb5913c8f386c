// The counters of mpi_count.c.
#ifndef GATHER_BENCH_SHARDED_MPI_COUNT_H
#define GATHER_BENCH_SHARDED_MPI_COUNT_H

struct MPICounts {
  long long alltoallCalls, alltoallBytes;
  long long alltoallvCalls, alltoallvBytes;
  long long allreduceCalls, allreduceBytes;
  long long allgatherCalls, allgatherBytes;
  long long commSplits;
};

extern struct MPICounts mpiCounts;

#endif // GATHER_BENCH_SHARDED_MPI_COUNT_H

// A PMPI wrapper that counts what the lowered lookups hand MPI: per
// collective, the calls and the bytes this process passes as send data
// (MPI_Alltoall: its whole send buffer, count per member x members;
// MPI_Alltoallv: the sum of its send counts; MPI_Allreduce: its buffer;
// MPI_Allgather: its block), and the calls of MPI_Comm_split. The driver
// links it and reads the counters around the timed calls.
#include "mpi_count.h"

#include <mpi.h>

struct MPICounts mpiCounts;

static long long bytesOf(MPI_Datatype type, long long count) {
  int size = 0;
  PMPI_Type_size(type, &size);
  return count * size;
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 MPI_Comm comm) {
  int members = 0;
  PMPI_Comm_size(comm, &members);
  mpiCounts.alltoallCalls++;
  mpiCounts.alltoallBytes += bytesOf(sendtype, (long long)sendcount * members);
  return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                       recvtype, comm);
}

int MPI_Alltoallv(const void *sendbuf, const int sendcounts[],
                  const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                  const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm) {
  int members = 0;
  PMPI_Comm_size(comm, &members);
  long long count = 0;
  for (int j = 0; j < members; ++j)
    count += sendcounts[j];
  mpiCounts.alltoallvCalls++;
  mpiCounts.alltoallvBytes += bytesOf(sendtype, count);
  return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                        recvcounts, rdispls, recvtype, comm);
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count,
                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  mpiCounts.allreduceCalls++;
  mpiCounts.allreduceBytes += bytesOf(datatype, count);
  return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm) {
  mpiCounts.allgatherCalls++;
  mpiCounts.allgatherBytes += bytesOf(sendtype, sendcount);
  return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                        recvtype, comm);
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm) {
  mpiCounts.commSplits++;
  return PMPI_Comm_split(comm, color, key, newcomm);
}

#!/usr/bin/env bash
# CI job: the data-parallel example (examples/sharded_lookup_batches.mlir)
# lowered for the Open MPI ABI (the module names "OpenMPI" in its dlti.map)
# and run with Debian's Open MPI on 1, 2, 3 and 4 processes: the output must
# equal the unsharded one. Installs libopenmpi-dev and openmpi-bin when
# missing and then gives the `mpirun` and `mpicc` alternatives back to
# MPICH when they were MPICH's (the project's scripts name mpirun.mpich and
# mpirun.openmpi explicitly). Ends with `N passed, N failed`.
#
#   scripts/ci/openmpi.sh
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
expected="$root/test/Integration/MPI/sharded_lookup_batches.expected"
passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$root/scripts/setup.sh" gather-opt >/dev/null || {
  echo "0 passed, 1 failed"
  exit 1
}
before=$(update-alternatives --query mpirun 2>/dev/null | sed -n 's/^Value: //p')
"$root/scripts/install-packages.sh" openmpi libopenmpi-dev openmpi-bin || {
  echo "0 passed, 1 failed"
  exit 1
}
if [ "$before" = /usr/bin/mpirun.mpich ]; then
  update-alternatives --set mpirun /usr/bin/mpirun.mpich >/dev/null 2>&1
  update-alternatives --set mpi /usr/bin/mpicc.mpich >/dev/null 2>&1
  update-alternatives --set mpi-x86_64-linux-gnu \
    /usr/include/x86_64-linux-gnu/mpich >/dev/null 2>&1
fi

for n in 1 2 3 4; do
  if ! GATHER_MPI=openmpi timeout 180 "$root/scripts/run-sharded-example.sh" \
    "$n" "$root/examples/sharded_lookup_batches.mlir" >"$work/out.$n" \
    2>"$work/err.$n"; then
    echo "FAIL: Open MPI on $n processes: the run failed"
    tail -5 "$work/err.$n" | sed 's/^/  /'
    failed=$((failed + 1))
  elif ! cmp -s "$work/out.$n" "$expected"; then
    echo "FAIL: Open MPI on $n processes: output differs from the unsharded run"
    diff "$expected" "$work/out.$n" | head -10 | sed 's/^/  /'
    failed=$((failed + 1))
  else
    echo "PASS: Open MPI on $n processes"
    passed=$((passed + 1))
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

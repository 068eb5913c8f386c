#!/usr/bin/env bash
# CI job: the data-parallel example (examples/sharded_lookup_batches.mlir)
# over 2 and 4 network namespaces of this machine (scripts/run-netns-example.sh:
# one MPI process per namespace, TCP between them, Hydra started through a
# launcher that enters each namespace) must print exactly what the unsharded
# run prints (test/Integration/MPI/sharded_lookup_batches.expected), with one
# Hydra proxy per namespace; no namespace, veth or bridge of the run may be
# left. Needs root. Ends with `N passed, N failed`.
#
#   scripts/ci/netns.sh
#
# Run by scripts/test.sh (CI) only when GATHER_CI_NETNS=1: on this machine
# MPI_Finalize of MPICH over UCX's TCP transport (which the namespaces need:
# no shared memory) hangs in about a third of the runs, with or without
# namespaces (`MPIR_CVAR_NOLOCAL=1 UCX_TLS=tcp,self mpirun.mpich -np 4` of a
# hello-world program), after the program's output is complete; the job
# then fails by its time limit. Otherwise it reports itself skipped.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
if [ "${GATHER_IN_TEST_SH:-0}" = 1 ] && [ "${GATHER_CI_NETNS:-0}" != 1 ]; then
  echo "netns: skipped in CI (set GATHER_CI_NETNS=1, or run" \
    "scripts/ci/netns.sh alone): MPI_Finalize over UCX's TCP hangs in about" \
    "a third of the runs here"
  echo "0 passed, 0 failed, 1 skipped"
  exit 0
fi
expected="$root/test/Integration/MPI/sharded_lookup_batches.expected"
passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$root/scripts/setup.sh" gather-opt >/dev/null || {
  echo "0 passed, 1 failed"
  exit 1
}

for n in 2 4; do
  if ! timeout 180 "$root/scripts/run-netns-example.sh" "$n" >"$work/out.$n" \
    2>"$work/err.$n"; then
    echo "FAIL: $n namespaces: the run failed"
    tail -5 "$work/err.$n" | sed 's/^/  /'
    failed=$((failed + 1))
  elif ! cmp -s "$work/out.$n" "$expected"; then
    echo "FAIL: $n namespaces: output differs from the unsharded run"
    diff "$expected" "$work/out.$n" | head -10 | sed 's/^/  /'
    failed=$((failed + 1))
  elif [ "$(grep -c "Hydra's proxy for 10.231" "$work/err.$n")" -ne "$n" ]; then
    echo "FAIL: $n namespaces: not one proxy per namespace"
    failed=$((failed + 1))
  else
    echo "PASS: $n namespaces"
    passed=$((passed + 1))
  fi
done

if ip netns list | grep -q '^gx[0-9]*n'; then
  echo "FAIL: namespaces left: $(ip netns list | grep '^gx[0-9]*n' | tr '\n' ' ')"
  failed=$((failed + 1))
else
  echo "PASS: no namespace left"
  passed=$((passed + 1))
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

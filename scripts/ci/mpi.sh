#!/usr/bin/env bash
# CI job: sharded gathers under MPI, through scripts/run-sharded-example.sh.
#   - examples/sharded_lookup_batches.mlir (the data-parallel exchange: ids
#     and rows split over the same grid axis, uneven splits, negative and
#     repeated ids, a process whose ids all live elsewhere) on 1, 2, 3 and 4
#     MPICH processes;
#   - examples/sharded_embedding.mlir and the modules of test/Integration/MPI
#     (an uneven split, batch_dims with the gathered dimension split: the
#     all-reduce form of replicated ids; rank-0 tensors annotated
#     split_axes = [[]]; a result gathered back from several short shards)
#     on 1, 2, 3 or 4 processes;
# each output compared with the unsharded run (N = 0) and with an expected
# output computed by hand. Out-of-range ids under bounds-check=assert, in
# both forms: every process of the group prints the message once and the
# run ends within `timeout` (a hang fails); what is
# guaranteed is that every process of the group has printed before any ends
# (the processes learn of the id from each other and wait at a barrier
# before exiting), so the test counts exactly N messages, and that the run
# ends with status 1 (the group is the whole grid here: every process
# finalizes MPI and exits with 1 by itself). Under bounds-check=clamp
# the ids read the clamped rows, as without sharding. Installs mpich,
# libmpich-dev and clang-22 when missing. Ends with `N passed, N failed`.
#
#   scripts/ci/mpi.sh
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
run="$root/scripts/run-sharded-example.sh"
inputs="$root/test/Integration/MPI"
example="$root/examples/sharded_embedding.mlir"
batches="$root/examples/sharded_lookup_batches.mlir"
limit=${MPI_TEST_TIMEOUT:-180}
passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pass() { passed=$((passed + 1)); echo "PASS: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

"$root/scripts/setup.sh" gather-opt >/dev/null || {
  echo "0 passed, 1 failed"
  exit 1
}

# run NAME N MODULE [OPTIONS]: the output of MODULE on N processes in
# $work/NAME.N.
run_case() {
  timeout "$limit" "$run" "$2" "$3" "${4:-}" >"$work/$1.$2" 2>"$work/$1.$2.err"
}

# expect_same NAME N MODULE EXPECTED [OPTIONS]: the output on N processes is
# EXPECTED.
expect_same() {
  local name=$1 n=$2 module=$3 expected=$4
  if ! run_case "$name" "$n" "$module" "${5:-}"; then
    fail "$name on $n processes exited non-zero"
    sed 's/^/  /' "$work/$name.$n.err" | tail -5
  elif ! [ -s "$work/$name.$n" ] || ! cmp -s "$work/$name.$n" "$expected"; then
    fail "$name on $n processes: output differs from $(basename "$expected")"
    diff "$expected" "$work/$name.$n" | head -10 | sed 's/^/  /'
  else
    pass "$name on $n processes"
  fi
}

expect_same batches 0 "$batches" "$inputs/sharded_lookup_batches.expected"
for n in 1 2 3 4; do
  expect_same batches "$n" "$batches" "$work/batches.0"
done
expect_same example 0 "$example" "$inputs/sharded_embedding.expected"
for n in 1 2 4; do
  expect_same example "$n" "$example" "$work/example.0"
done
expect_same uneven 0 "$inputs/uneven.mlir" "$inputs/uneven.expected"
for n in 2 4; do
  expect_same uneven "$n" "$inputs/uneven.mlir" "$work/uneven.0"
done
expect_same batch_rows 0 "$inputs/batch_rows.mlir" "$inputs/batch_rows.expected"
for n in 2 4; do
  expect_same batch_rows "$n" "$inputs/batch_rows.mlir" "$work/batch_rows.0"
done
# Rank-0 tensors annotated split_axes = [[]]: a scalar, and the checksum of
# a data-parallel lookup (an all-reduce of each process's partial sum).
expect_same replicated_scalar 0 "$inputs/replicated_scalar.mlir" \
  "$inputs/replicated_scalar.expected"
for n in 1 2 4; do
  expect_same replicated_scalar "$n" "$inputs/replicated_scalar.mlir" \
    "$work/replicated_scalar.0"
done
# A result gathered back from shards of which two or more are short (10 ids
# over 3: 4, 3, 3; over 4: 3, 3, 2, 2): each read from its padded block.
expect_same short_shards 0 "$inputs/short_shards.mlir" \
  "$inputs/short_shards.expected"
for n in 2 3 4; do
  expect_same short_shards "$n" "$inputs/short_shards.mlir" \
    "$work/short_shards.0"
done

# Under bounds-check=clamp the out-of-range id 10 reads row 9 (only its
# holder contributes), as without sharding.
run_case clamp 0 "$inputs/out_of_range.mlir" bounds-check=clamp
if grep -q '^( -9, 9.5, -0 )( 3239051264, 1092091904, 2147483648 )$' "$work/clamp.0"; then
  pass "clamp unsharded reads row 9"
else
  fail "clamp unsharded: row 9 not in the output"
fi
for n in 2 4; do
  expect_same clamp "$n" "$inputs/out_of_range.mlir" "$work/clamp.0" bounds-check=clamp
done

# Under bounds-check=clamp the exchange reads rows 9 and 0 for 10 and -11.
run_case clamp_batches 0 "$inputs/out_of_range_batches.mlir" bounds-check=clamp
if grep -q '^( -9, 9.5, -0 )( 3239051264, 1092091904, 2147483648 )$' \
  "$work/clamp_batches.0" && [ "$(wc -l <"$work/clamp_batches.0")" -eq 12 ]; then
  pass "clamp_batches unsharded reads row 9"
else
  fail "clamp_batches unsharded: row 9 not in the output"
fi
for n in 2 3 4; do
  expect_same clamp_batches "$n" "$inputs/out_of_range_batches.mlir" \
    "$work/clamp_batches.0" bounds-check=clamp
done

# expect_stop NAME N MODULE: an out-of-range id stops all N processes, each
# printing the message once, with status 1 and no result.
expect_stop() {
  local name=$1 n=$2 module=$3
  run_case "$name" "$n" "$module"
  local status=$?
  local messages
  messages=$(grep -c 'gather: index 10 is out of bounds for a dimension of size 10' \
    "$work/$name.$n.err")
  if [ "$status" -eq 124 ]; then
    fail "$name on $n processes: no exit within ${limit}s"
  elif [ "$status" -ne 1 ]; then
    fail "$name on $n processes exited with $status instead of 1"
  elif [ "$messages" -ne "$n" ]; then
    fail "$name on $n processes: $messages of $n processes printed the message"
    sed 's/^/  /' "$work/$name.$n.err" | tail -5
  elif grep -q '^(' "$work/$name.$n"; then
    fail "$name on $n processes printed a result"
  else
    pass "$name on $n processes (status $status, $messages messages)"
  fi
}
for n in 2 4; do
  expect_stop out_of_range "$n" "$inputs/out_of_range.mlir"
done
for n in 1 2 3 4; do
  expect_stop out_of_range_batches "$n" "$inputs/out_of_range_batches.mlir"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

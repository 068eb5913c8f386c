#!/usr/bin/env bash
# Runs a sharded module (default: the data-parallel example) on N MPI
# processes in N network namespaces of this machine, as a stand-in for N
# machines with a hostfile: each namespace gets a veth pair into a bridge
# and an address of its own, MPICH's Hydra starts one process per
# namespace through a launcher that enters it (in place of ssh), and the
# processes talk over TCP (no shared memory: MPIR_CVAR_NOLOCAL=1,
# UCX_TLS=tcp,self on the namespace's interface). Prints the program's
# output; the namespaces, veths and the bridge are removed on exit, also on
# failure.
#
#   scripts/run-netns-example.sh N [module.mlir] [gather-to-mpi options]
#
# N is 2 to 8. Needs root (ip netns), iproute2, mpich, libmpich-dev and
# clang-22 (installed when missing). The addresses are 10.231.S.1 .. N on
# the namespaces and 10.231.S.254 on the bridge, S chosen from the process
# id, so that several runs on one machine do not meet.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:?usage: run-netns-example.sh N [module.mlir] [gather-to-mpi options]}
module=${2:-$root/examples/sharded_lookup_batches.mlir}
options=${3:-}
case $n in
[2-8]) ;;
*)
  echo "run-netns-example: N must be 2 to 8, not '$n'" >&2
  exit 2
  ;;
esac
[ "$(id -u)" -eq 0 ] || {
  echo "run-netns-example: network namespaces need root" >&2
  exit 2
}
"$root/scripts/install-packages.sh" run-netns-example iproute2 mpich \
  libmpich-dev clang-22 || exit 1

id=$(($$ % 200 + 20))
prefix=gx$id
subnet=10.231.$id
work=$(mktemp -d)

cleanup() {
  for i in $(seq "$n"); do
    ip netns del "${prefix}n$i" 2>/dev/null || true
    ip link del "${prefix}v$i" 2>/dev/null || true
  done
  ip link del "${prefix}br" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The network: a bridge with the launching side's address, one namespace per
# process with the other end of its veth (named mpi0 in every namespace).
ip link add "${prefix}br" type bridge
ip addr add "$subnet.254/24" dev "${prefix}br"
ip link set "${prefix}br" up
: >"$work/hosts"
for i in $(seq "$n"); do
  ns=${prefix}n$i
  ip netns add "$ns"
  ip link add "${prefix}v$i" type veth peer name mpi0 netns "$ns"
  ip link set "${prefix}v$i" master "${prefix}br"
  ip link set "${prefix}v$i" up
  ip -n "$ns" addr add "$subnet.$i/24" dev mpi0
  ip -n "$ns" link set mpi0 up
  ip -n "$ns" link set lo up
  ip -n "$ns" route add default via "$subnet.254"
  echo "$subnet.$i:1" >>"$work/hosts"
done

# The launcher Hydra calls in place of ssh ([options] host command): it runs
# the command (Hydra's proxy) in the namespace that has the host's address.
cat >"$work/enter-namespace" <<EOF
#!/bin/sh
while [ \$# -gt 0 ]; do case \$1 in -*) shift ;; *) break ;; esac; done
host=\$1
shift
echo "run-netns-example: Hydra's proxy for \$host in namespace ${prefix}n\${host##*.}" >&2
exec ip netns exec "${prefix}n\${host##*.}" sh -c "\$*"
EOF
chmod +x "$work/enter-namespace"

# Hydra's proxies reach the launching side at the bridge's address; the
# processes use TCP on mpi0 only.
export MPIR_CVAR_NOLOCAL=1 UCX_TLS=tcp,self UCX_NET_DEVICES=mpi0
GATHER_MPIRUN_ARGS="-localhost $subnet.254 -launcher ssh \
-launcher-exec $work/enter-namespace -f $work/hosts" \
  "$root/scripts/run-sharded-example.sh" "$n" "$module" "$options"

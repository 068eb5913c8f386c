#!/usr/bin/env bash
# Runs a command with every other process tree of the machine stopped
# (SIGSTOP), then resumes them (SIGCONT), also when the command fails or is
# interrupted: benchmarks on a shared 2-core machine then measure the code,
# not the builds and tests of other sessions.
#
#   bench/quiet.sh COMMAND [ARGS...]
#
# Left running: PID 1 and the kernel's threads, this shell's own tree (from
# the child of PID 1 it descends from), and direct children of PID 1 that
# serve sessions (process_api, memfd-started shells, line_io_tools
# backends). Everything else is stopped for the duration, so keep COMMAND
# short: tests of other sessions measure wall time and may time out.
set -uo pipefail
me=$$
root=$me
while :; do
  parent=$(ps -o ppid= -p "$root" | tr -d ' ')
  [ -z "$parent" ] || [ "$parent" = 1 ] || [ "$parent" = 0 ] && break
  root=$parent
done
declare -A ppid comm
while read -r p pp c; do
  ppid[$p]=$pp
  comm[$p]=$c
done < <(ps -eo pid=,ppid=,comm=)
stopped=()
for p in "${!ppid[@]}"; do
  [ "$p" = 1 ] || [ "$p" = 2 ] || [ "${ppid[$p]}" = 2 ] && continue
  if [ "${ppid[$p]}" = 1 ]; then
    case "${comm[$p]}" in memfd* | process_api | *binary_backend* | sshd | systemd*) continue ;; esac
  fi
  q=$p mine=0
  while [ -n "$q" ] && [ "$q" != 1 ] && [ "$q" != 0 ]; do
    [ "$q" = "$root" ] && { mine=1; break; }
    q=${ppid[$q]:-}
  done
  [ "$mine" = 1 ] && continue
  kill -STOP "$p" 2>/dev/null && stopped+=("$p")
done
resume() { for p in "${stopped[@]}"; do kill -CONT "$p" 2>/dev/null; done; }
trap resume EXIT INT TERM
sleep 2
echo "quiet.sh: ${#stopped[@]} processes stopped; $(uptime)"
"$@"

#!/usr/bin/env bash
# Checks that every C++ source and header of the project is clang-format
# clean (LLVM style, see .clang-format). With --fix, reformats in place.
#
#   scripts/check-format.sh [--fix]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cf=$(command -v clang-format-22 || command -v clang-format || true)
if [ -z "$cf" ]; then
  echo "check-format: clang-format not found (apt-get install clang-format-22)" >&2
  exit 2
fi

mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.c')
if [ "${1:-}" = "--fix" ]; then
  "$cf" -i "${files[@]}"
  exit 0
fi
bad=0
for f in "${files[@]}"; do
  if ! "$cf" --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "not formatted: $f"
    bad=1
  fi
done
[ "$bad" -eq 0 ] && echo "check-format: all ${#files[@]} files clean"
exit "$bad"

#!/usr/bin/env bash
# Compiles every source of gather-mlir that includes ATB or ACL headers
# against an install tree of those headers, with g++ 12 and clang++ 22, the
# way lib/Runtime/Ascend/CMakeLists.txt builds them for CANN (exceptions on,
# _GLIBCXX_USE_CXX11_ABI of the ATB install). As a control, the sources
# must fail to compile with -fno-exceptions in the ATB or ACL headers
# themselves (at least one of them, with each compiler): the headers throw,
# so the runtime is built with exceptions.
#
#   scripts/check-cann-headers.sh [ATB_HOME_PATH [ASCEND_TOOLKIT_HOME]]
#
# The directories default to the environment variables of the same names
# (CANN's set_env.sh exports them); each must hold include/. Ends with
# `N passed, N failed`; exits non-zero on failure.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
atb=${1:-${ATB_HOME_PATH:-}}
toolkit=${2:-${ASCEND_TOOLKIT_HOME:-}}
if [ -z "$atb" ] || [ -z "$toolkit" ]; then
  echo "usage: $0 ATB_HOME_PATH ASCEND_TOOLKIT_HOME (or set both variables)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
for dir in "$atb/include" "$toolkit/include"; do
  if [ ! -d "$dir" ]; then
    echo "check-cann-headers: $dir is not a directory" >&2
    echo "0 passed, 1 failed"
    exit 1
  fi
done

abi=0
case "$atb" in *cxx_abi_1*) abi=1 ;; esac

# The sources written against the public API: everything that includes an
# ATB or ACL header, except the emulator, which implements that API.
mapfile -t sources < <(cd "$root" && grep -rlE \
  '#include ["<](atb|acl)/' lib --include='*.cpp' --include='*.h' |
  grep -v '^lib/Runtime/ATBEmulator/' | grep -E '\.cpp$' | sort)

compilers=()
for cxx in g++-12 clang++-22; do
  if command -v "$cxx" >/dev/null; then
    compilers+=("$cxx")
  else
    echo "check-cann-headers: $cxx not found" >&2
  fi
done

passed=0
failed=0
[ ${#compilers[@]} -eq 2 ] || failed=$((failed + 1))
for cxx in "${compilers[@]}"; do
  throwing=()
  for src in "${sources[@]}"; do
    flags=(-std=c++17 -fsyntax-only -Wall "-D_GLIBCXX_USE_CXX11_ABI=$abi"
      -I"$root/include" -I"$atb/include" -I"$toolkit/include")
    if log=$("$cxx" "${flags[@]}" -fexceptions "$root/$src" 2>&1); then
      echo "PASS: $cxx $src"
      passed=$((passed + 1))
    else
      echo "FAIL: $cxx $src"
      echo "$log" | head -20
      failed=$((failed + 1))
    fi
    # An error inside the header trees (not the source's own try/catch).
    log=$("$cxx" "${flags[@]}" -fno-exceptions "$root/$src" 2>&1)
    while IFS= read -r file; do
      case "$file" in "$atb/include/"* | "$toolkit/include/"*)
        throwing+=("$src")
        break
        ;;
      esac
    done < <(grep ': error' <<<"$log" | cut -d: -f1)
  done
  if [ ${#throwing[@]} -gt 0 ]; then
    echo "PASS: $cxx ${throwing[*]} fail with -fno-exceptions in the headers (the headers throw)"
    passed=$((passed + 1))
  else
    echo "FAIL: $cxx: no source fails with -fno-exceptions in the headers: do these headers throw?"
    failed=$((failed + 1))
  fi
done
[ ${#sources[@]} -gt 0 ] || failed=$((failed + 1))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

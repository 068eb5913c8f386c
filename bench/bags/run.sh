#!/usr/bin/env bash
# The embedding-bag benchmark: builds the MLIR of each case of a variant
# ahead of time, links it with the tuned C loops (baselines.c) and the
# harness (harness.c), checks every output bit for bit and times MLIR and C
# side by side in one process; then torch's embedding_bag against the same
# C loops (torch_bags.py) where python3 can import torch.
#
#   bench/bags/run.sh [--smoke] [--reps N] [--slow-reps N] [--threads N]
#                     [--cases sum,wsum,max,sum_dyn,wsum_dyn,max_dyn,mean,
#                      mean_dyn,ragged] [--no-torch]
#
#   --smoke       small shapes, checks bit-identity only (no timing, no torch)
#   --reps N      timed rounds (11)
#   --slow-reps N rounds that time an implementation slower than 250 ms a
#                 call (3; torch-mlir's ragged generic takes seconds)
#   --threads N   threads of the C and parallel MLIR sum variants (2)
#
# Environment:
#   BAGS_VARIANTS  directories under bench/bags holding one .mlir per case
#                  (sum, wsum, max, mean and their _dyn forms, ragged), each
#                  measured in
#                  a process of its own (default: upstream, today's path)
#   BAGS_OPTIONS   the options of gather-opt's --gather-to-llvm (default
#                  bounds-check=none); a file's line `// OPTIONS: ...`
#                  replaces them for that file
#   BAGS_PARALLEL_OPTIONS  the options of the parallel sum, compiled from the
#                  variant's sum.mlir (default BAGS_OPTIONS with
#                  parallel=true appended; empty: no parallel variant)
#   GATHER_OPT     the gather-opt to use (default build/bin/gather-opt)
#   BAGS_PRELOAD   a library preloaded into the harness, e.g. an allocator
#                  that keeps freed memory (libtcmalloc_minimal.so.4): the
#                  gathered tensor of today's path then reuses its pages
#                  instead of faulting in fresh ones from mmap every call
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gather_opt=${GATHER_OPT:-$here/../../build/bin/gather-opt}
llvm=/usr/lib/llvm-22/bin
cc=$(command -v clang-22 || command -v clang || command -v cc)
smoke=0 torch=1 threads=2
args=()
while [ $# -gt 0 ]; do
  case "$1" in
  --smoke) smoke=1 torch=0 ;;
  --no-torch) torch=0 ;;
  --reps | --slow-reps | --cases)
    args+=("$1" "$2")
    shift
    ;;
  --threads)
    threads=$2
    shift
    ;;
  *)
    sed -n '2,/^set -e/p' "$0" | sed '$d' >&2
    exit 2
    ;;
  esac
  shift
done
[ "$smoke" = 1 ] && args+=(--reps 0)
args+=(--threads "$threads")

# The shapes: sum/wsum/max/sum_dyn (table rows, bags, ids per bag; rows of
# 128 f32), mean (rows of 64 f32) and ragged (table rows, bags, bags of 0 to
# RAG_MAX - 1 ids; rows of 64 f32).
if [ "$smoke" = 1 ]; then
  SUM_ROWS=1000 SUM_BAGS=37 SUM_LEN=5
  MEAN_ROWS=999 MEAN_BAGS=19 MEAN_LEN=7
  RAG_ROWS=500 RAG_BAGS=50 RAG_MAX=9
else
  SUM_ROWS=262144 SUM_BAGS=4096 SUM_LEN=32
  MEAN_ROWS=524288 MEAN_BAGS=2048 MEAN_LEN=64
  RAG_ROWS=65536 RAG_BAGS=1024 RAG_MAX=64
fi
shapes="$SUM_ROWS $SUM_BAGS $SUM_LEN $MEAN_ROWS $MEAN_BAGS $MEAN_LEN"
shapes="$shapes $RAG_ROWS $RAG_BAGS $RAG_MAX"

if [ ! -x "$gather_opt" ]; then
  echo "run.sh: $gather_opt not found (build it with scripts/setup.sh)" >&2
  exit 1
fi
host=$("$llvm/llc" --version | sed -n 's/.*Host CPU: //p')
triple=$("$llvm/llc" --version | sed -n 's/.*Default target: //p')
grep -qw avx512f /proc/cpuinfo && isa=avx512f || isa="no avx512f"
cpu="llvm host cpu=$host, $isa, nproc=$(nproc)"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
options=${BAGS_OPTIONS:-bounds-check=none}
parallel_options=${BAGS_PARALLEL_OPTIONS-"$options parallel=true"}

# compile FILE NAME OPTIONS: the shapes and the function's name substituted,
# lowered by gather-opt's gather-to-llvm with OPTIONS, optimised and
# compiled for the host CPU into $out/NAME.o, added to `objects`.
compile() {
  local file=$1 name=$2 opts=$3
  local own
  own=$(sed -n 's|^// OPTIONS: ||p' "$file" | head -1)
  [ -n "$own" ] && opts=$own
  sed -e "s/@NAME@/$name/g" -e "s/@SUM_ROWS@/$SUM_ROWS/g" \
    -e "s/@SUM_BAGS@/$SUM_BAGS/g" -e "s/@SUM_LEN@/$SUM_LEN/g" \
    -e "s/@MEAN_ROWS@/$MEAN_ROWS/g" -e "s/@MEAN_BAGS@/$MEAN_BAGS/g" \
    -e "s/@MEAN_LEN@/$MEAN_LEN/g" -e "s/@RAG_ROWS@/$RAG_ROWS/g" \
    -e "s/@RAG_BAGS@/$RAG_BAGS/g" "$file" >"$out/$name.mlir"
  "$gather_opt" "--gather-to-llvm=$opts" "$out/$name.mlir" \
    -o "$out/$name.llvm.mlir"
  "$llvm/mlir-translate" --mlir-to-llvmir "$out/$name.llvm.mlir" \
    -o "$out/$name.ll"
  "$llvm/opt" -O3 -mtriple="$triple" -mcpu="$host" "$out/$name.ll" \
    -o "$out/$name.bc"
  "$llvm/llc" -O3 -mtriple="$triple" -mcpu="$host" -filetype=obj \
    "$out/$name.bc" -o "$out/$name.o"
  objects+=("$out/$name.o")
}

cflags=(-O3 -march=native -ffp-contract=off -Wall -Wextra)
"$cc" "${cflags[@]}" -c "$here/baselines.c" -o "$out/baselines.o"
status=0
for variant in ${BAGS_VARIANTS:-upstream}; do
  dir=$here/$variant
  if [ ! -d "$dir" ]; then
    echo "run.sh: no variant directory $dir" >&2
    exit 2
  fi
  objects=()
  libs=()
  for case in sum wsum max sum_dyn wsum_dyn max_dyn mean mean_dyn ragged; do
    if [ -f "$dir/$case.mlir" ]; then
      compile "$dir/$case.mlir" "bag_$case" "$options"
    else
      echo "variant $variant: no $case.mlir, case $case runs C only"
    fi
  done
  if [ -f "$dir/sum.mlir" ] && [ -n "$parallel_options" ] && [ "$threads" -gt 1 ]; then
    compile "$dir/sum.mlir" bag_sum_par "$parallel_options"
    libs=("-L$llvm/../lib" "-Wl,-rpath,$llvm/../lib" -lomp)
  fi
  # -no-pie: llc's default relocation model may address constants with
  # 32-bit absolute addresses.
  "$cc" "${cflags[@]}" -no-pie "$here/harness.c" "$out/baselines.o" \
    "${objects[@]}" "${libs[@]}" -lpthread -lm -o "$out/harness-$variant"
  # The OpenMP workers of the parallel sum sleep as soon as it returns
  # instead of spinning on the second core under the next measurement.
  OMP_NUM_THREADS=$threads KMP_BLOCKTIME=0 LD_PRELOAD=${BAGS_PRELOAD:-} \
    "$out/harness-$variant" --shapes "$shapes" --variant "$variant" \
    --cpu "$cpu" "${args[@]}" || status=1
done

if [ "$torch" = 1 ]; then
  python=""
  for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null && "$p" -c 'import torch' 2>/dev/null; then
      python=$p
      break
    fi
  done
  if [ -z "$python" ]; then
    echo "torch: not importable by python3 (apt-get install python3-torch), skipped"
  else
    "$cc" "${cflags[@]}" -shared -fPIC "$here/baselines.c" -lpthread \
      -o "$out/libbags.so"
    "$python" "$here/torch_bags.py" "$out/libbags.so" "$shapes" \
      "${args[@]}" || status=1
  fi
fi
exit $status

#!/usr/bin/env bash
# Runs the CPU execution tests (test/Integration/CPU and Parallel) once per
# forced form of the gather lowering (form=block-copy, inline-copy, element,
# inner-axis): every RUN line that lowers with gather-to-llvm under the
# default strategy is run again with the form appended to its options, and
# must pass its FileCheck as it is. Each is run once more per form and with
# the form chosen by the lowering (auto) with its gathers' operands cast to
# dynamic types (gather-test-dynamic-operands moves each gather into a
# function of fully dynamic tensors, so that every size is known only at run
# time). The lowered gathers must call no memrefCopy (every slice copy is the
# code generator's own): the whole lowered module of a static run, the
# functions that hold the gathers of a dynamic run (outside them, strided
# tiles passed to a function of identity-layout arguments are copied by
# bufferization at the call). Ends with "N passed, N failed".
#
#   scripts/ci/forms.sh [form ...]
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GATHER_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22
if [ ! -x "$build/bin/gather-opt" ]; then
  "$root/scripts/setup.sh" gather-opt >/dev/null || exit 1
fi
forms=("$@")
[ ${#forms[@]} -gt 0 ] || forms=(block-copy inline-copy element inner-axis)

GATHER_OPT_DIR="$build/bin" LLVM_DIR="$llvm" ROOT="$root" \
  python3 - "${forms[@]}" <<'PYEOF'
import concurrent.futures, glob, os, re, subprocess, sys

forms = sys.argv[1:]
root, llvm = os.environ["ROOT"], os.environ["LLVM_DIR"]
sys.path.insert(0, root + "/scripts")
import lit_runs
env = dict(os.environ)
env["PATH"] = os.environ["GATHER_OPT_DIR"] + ":" + llvm + "/bin:" + env["PATH"]

def with_form(cmd, form, dynamic):
    """Appends form=<form> (none for `auto`) to the gather-to-llvm options
    of `cmd`, with the gathers first moved over dynamic operands when
    `dynamic`."""
    m = re.search(r'--gather-to-llvm(=("[^"]*"|\'[^\']*\'|\S+))?', cmd)
    if not m:
        return None
    opts = m.group(2) or ""
    opts = opts.strip("'\"")
    if "strategy=generic" in opts or "form=" in opts:
        return None
    if form != "auto":
        opts += " form=" + form
    new = '--gather-to-llvm="%s"' % opts.strip()
    if dynamic:
        new = "--gather-test-dynamic-operands " + new
    return cmd[:m.start()] + new + cmd[m.end():]

jobs = []
files = sorted(glob.glob(root + "/test/Integration/CPU/*.mlir") +
               glob.glob(root + "/test/Integration/Parallel/*.mlir"))
for path in files:
    for cmd in lit_runs.run_lines(path):
        # Execution runs only: IR checks pin the form they were written for.
        if "mlir-runner" not in cmd:
            continue
        variants = [(form, False) for form in forms]
        variants += [(form, True) for form in forms + ["auto"]]
        for form, dynamic in variants:
            forced = with_form(cmd, form, dynamic)
            if forced is None:
                continue
            forced = lit_runs.substitute(forced, path)
            label = form + (", dynamic operands" if dynamic else "")
            jobs.append((os.path.relpath(path, root), label, forced))

def calls_memref_copy(ir, dynamic):
    """Whether the lowered gathers of `ir` call memrefCopy: anywhere, or in
    the functions that gather-test-dynamic-operands made."""
    if not dynamic:
        return "memrefCopy" in ir
    functions = re.split(r"\n  llvm\.func ", ir)
    return any(f.startswith("@__gather_dynamic") and "@memrefCopy(" in f
               for f in functions)

def run(job):
    """Runs the pipeline up to gather-to-llvm, checks its output for
    memrefCopy, then runs the rest of the command on it."""
    name, label, forced = job
    stages = forced.split(" | ")
    lowering = next(i for i, stage in enumerate(stages)
                    if "--gather-to-llvm" in stage)
    first = subprocess.run(["bash", "-o", "pipefail", "-c",
                            " | ".join(stages[:lowering + 1])], env=env,
                           capture_output=True, text=True, timeout=600)
    if first.returncode != 0:
        return job, first
    if calls_memref_copy(first.stdout, "dynamic" in label):
        first.returncode = 1
        first.stderr = "the lowered IR calls memrefCopy\n"
        return job, first
    rest = " | ".join(stages[lowering + 1:])
    result = subprocess.run(["bash", "-o", "pipefail", "-c", rest], env=env,
                            input=first.stdout, capture_output=True,
                            text=True, timeout=600)
    return job, result

passed = failed = 0
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for (name, label, forced), result in pool.map(run, jobs):
        if result.returncode == 0:
            passed += 1
        else:
            failed += 1
            print("FAIL (form=%s): %s\n  %s\n%s" %
                  (label, name, forced, result.stderr[-2000:]))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PYEOF

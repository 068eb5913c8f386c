#!/usr/bin/env bash
# Runs the CPU execution tests (test/Integration/CPU and Parallel) once per
# forced form of the gather lowering (form=block-copy, inline-copy, element,
# inner-axis): every RUN line that lowers with gather-to-llvm under the
# default strategy is run again with the form appended to its options, and
# must pass its FileCheck as it is. Ends with "N passed, N failed".
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
env = dict(os.environ)
env["PATH"] = os.environ["GATHER_OPT_DIR"] + ":" + llvm + "/bin:" + env["PATH"]
subst = {
    "%mlir_runner_utils": llvm + "/lib/libmlir_runner_utils.so",
    "%mlir_c_runner_utils": llvm + "/lib/libmlir_c_runner_utils.so",
    "%libomp": llvm + "/lib/libomp.so",
}

def run_lines(path):
    lines, current = [], ""
    for line in open(path):
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            continue
        text = m.group(1).rstrip()
        if text.endswith("\\"):
            current += text[:-1] + " "
            continue
        lines.append(current + text)
        current = ""
    return lines

def with_form(cmd, form):
    """Appends form=<form> to the gather-to-llvm options of `cmd`."""
    m = re.search(r'--gather-to-llvm(=("[^"]*"|\'[^\']*\'|\S+))?', cmd)
    if not m:
        return None
    opts = m.group(2) or ""
    opts = opts.strip("'\"")
    if "strategy=generic" in opts or "form=" in opts:
        return None
    new = '--gather-to-llvm="%s form=%s"' % (opts, form)
    return cmd[:m.start()] + new + cmd[m.end():]

jobs = []
files = sorted(glob.glob(root + "/test/Integration/CPU/*.mlir") +
               glob.glob(root + "/test/Integration/Parallel/*.mlir"))
for path in files:
    for cmd in run_lines(path):
        # Execution runs only: IR checks pin the form they were written for.
        if "mlir-runner" not in cmd:
            continue
        for form in forms:
            forced = with_form(cmd, form)
            if forced is None:
                continue
            forced = forced.replace("%s", path)
            forced = forced.replace("%p", os.path.dirname(path))
            for key in sorted(subst, key=len, reverse=True):
                forced = forced.replace(key, subst[key])
            jobs.append((os.path.relpath(path, root), form, forced))

def run(job):
    name, form, forced = job
    result = subprocess.run(["bash", "-o", "pipefail", "-c", forced], env=env,
                            capture_output=True, text=True, timeout=600)
    return job, result

passed = failed = 0
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for (name, form, forced), result in pool.map(run, jobs):
        if result.returncode == 0:
            passed += 1
        else:
            failed += 1
            print("FAIL (form=%s): %s\n  %s\n%s" %
                  (form, name, forced, result.stderr[-2000:]))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PYEOF

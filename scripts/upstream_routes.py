"""Runs every execution test again with the project's lowering stopped at a
public pass and the rest done by upstream `mlir-opt` alone (see
scripts/ci/upstream.sh).

    python3 scripts/upstream_routes.py BUILD_DIR [route ...]

Routes: `linalg` (raise-to-gather and convert-gather-to-linalg, then
upstream's tensor-to-LLVM lowering), `affine` (gather-to-affine, then
upstream's affine-to-LLVM lowering). Every RUN line of test/Integration/
{CPU,Checks,Parallel,Raise} that runs the output of `--gather-to-llvm` in
mlir-runner is run with that lowering replaced; it must pass its FileCheck
as it is, and the IR that the public pass hands out must name nothing of
the gather dialect. Ends with "N passed, N failed".
"""
import concurrent.futures
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lit_runs  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEST_DIRS = ["Bags", "CPU", "Checks", "Parallel", "Raise"]

# Upstream's lowering of affine, scf, memref, vector, math and arith code
# to the LLVM dialect.
AFFINE_TO_LLVM = ("func.func(lower-affine,scf-forall-to-for),"
                  "convert-math-to-funcs{convert-ctlz=false},"
                  "convert-math-to-llvm,convert-math-to-libm,"
                  "func.func(convert-scf-to-cf),"
                  "expand-strided-metadata,lower-affine,"
                  "finalize-memref-to-llvm,convert-to-llvm,"
                  "reconcile-unrealized-casts")
# Upstream's TOSA lowering, for IR that still holds TOSA ops (it
# canonicalises, which would merge constants that other tests pass to
# external functions, so it runs only where there is TOSA).
TOSA_TO_TENSOR = ("func.func(tosa-to-scf),tosa-to-linalg-pipeline,"
                  "func.func(tosa-to-arith,tosa-to-tensor),")
# The same from tensors: element-wise ops, one-shot bufferization,
# deallocation and loops.
TENSOR_TO_LLVM = ("func.func(convert-elementwise-to-linalg,arith-expand),"
                  "one-shot-bufferize{bufferize-function-boundaries "
                  "function-boundary-type-conversion=identity-layout-map},"
                  "buffer-deallocation-pipeline,"
                  "convert-bufferization-to-memref,"
                  "func.func(scf-forall-to-for,convert-linalg-to-loops),"
                  + AFFINE_TO_LLVM)

# The options of gather-to-llvm that convert-gather-to-linalg has too.
LINALG_OPTIONS = ("bounds-check", "strategy", "form")

# A name of the gather dialect: an op, attribute or type (`gather.form`,
# `#gather.form<...>`, `gather.gather`), not a symbol such as @gather_x.
GATHER_NAME = re.compile(r"(?<![\w@$.%\"-])[#!]?gather\.[a-z_]+")

LOWERING = re.compile(r"--gather-to-llvm(=(\"[^\"]*\"|'[^']*'|\S+))?")


def route_command(cmd, route):
    """`cmd` (one RUN line) with its gather-to-llvm replaced by `route`, as
    (stages up to the public pass, upstream's pass list, the stages after
    the lowering), or None."""
    stages = lit_runs.split_stages(cmd)
    index = next((i for i, s in enumerate(stages)
                  if LOWERING.search(s) and "gather-opt" in s), None)
    if index is None or not any("mlir-runner" in s for s in stages[index:]):
        return None
    m = LOWERING.search(stages[index])
    opts = (m.group(2) or "").strip("'\"").split()
    if route == "linalg":
        kept = [o for o in opts if o.split("=")[0] in LINALG_OPTIONS]
        public = '--raise-to-gather --convert-gather-to-linalg="%s"' % \
            " ".join(kept)
        upstream = TENSOR_TO_LLVM
    else:
        public = '--gather-to-affine="%s"' % " ".join(opts)
        upstream = AFFINE_TO_LLVM
    first = stages[:index] + [stages[index][:m.start()] + public +
                              stages[index][m.end():]]
    return first, upstream, stages[index + 1:]


def main():
    build = sys.argv[1]
    routes = sys.argv[2:] or ["linalg", "affine"]
    env = lit_runs.tool_env(build)
    jobs = []
    for directory in TEST_DIRS:
        for path in sorted(glob.glob("%s/test/Integration/%s/*.mlir" %
                                     (ROOT, directory))):
            for cmd in lit_runs.run_lines(path):
                for route in routes:
                    routed = route_command(lit_runs.substitute(cmd, path),
                                           route)
                    if routed:
                        jobs.append((os.path.relpath(path, ROOT), route,
                                     routed))

    def run(job):
        _, route, (first, upstream, after) = job
        lowered = lit_runs.run_stages(first, env)
        if lowered.returncode != 0:
            return lowered.stderr[-2000:]
        leaked = GATHER_NAME.search(lowered.stdout)
        if leaked:
            return "the public pass's output names %r\n" % leaked.group(0)
        if route == "linalg" and re.search(r"\btosa\.", lowered.stdout):
            upstream = TOSA_TO_TENSOR + upstream
        rest = ["mlir-opt --pass-pipeline='builtin.module(%s)'" % upstream]
        result = lit_runs.run_stages(rest + after, env, stdin=lowered.stdout)
        return None if result.returncode == 0 else result.stderr[-2000:]

    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for (name, route, (first, upstream, after)), error in zip(
                jobs, pool.map(run, jobs)):
            if error is None:
                passed += 1
                continue
            failed += 1
            print("FAIL (%s route): %s\n  %s | mlir-opt %s | %s\n%s" %
                  (route, name, " | ".join(first), upstream,
                   " | ".join(after), error))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())

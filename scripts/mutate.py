#!/usr/bin/env python3
"""Mutation testing: does the test suite notice a small, realistic bug?

Applies one mutant of scripts/mutants.txt at a time to the source tree,
builds every tool the tests run (in its own build directory), runs the lit
suite (stopping at the first failure) and, when lit passes, the CI jobs
scripts/ci/mpi.sh, fuzz-smoke.sh, forms.sh and bags-asan.sh; then restores
the file. A mutant is killed when the build or a test fails, and survives
when everything passes. Prints one line per mutant, a table, and the line
`N killed, N survived, N stale`; exits 1 unless every mutant was killed.

    scripts/mutate.py [--list] [--build-dir DIR] [--lit-only] [ID ...]

A mutant is stale when the lines it replaces no longer stand exactly once in
its file: the list must follow the code.

To be quick, each mutant first builds gather-opt and the Ascend runtime only
and runs the tests nearest its file (FIRST_TESTS, by the file's folder); a
failure there kills it. When they pass, the whole suite runs as above, so a
mutant survives only when every test passes. The format of scripts/mutants.txt:

    ## id: short-name
    ## file: path/from/the/root.cpp
    ## note: what bug this is
    -original line (exact, consecutive lines)
    +replacement line (none: the lines are deleted)
"""

import argparse
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIT = "/usr/lib/llvm-22/bin/lit"
CI_JOBS = ["mpi.sh", "fuzz-smoke.sh", "forms.sh", "bags-asan.sh"]

# The lit tests (relative to test/) a mutant of a file under each folder
# runs first, before the whole suite; the longest matching prefix counts.
FIRST_TESTS = {
    "lib/Dialect/Gather/Transforms/ProveIndexRanges": [
        "Dialect/Gather/Transforms", "Integration/Checks",
        "Integration/CPU/proved_index_ranges.mlir"],
    "lib/Dialect/Gather/Transforms/Sharding/": [
        "Dialect/Gather/Transforms", "Integration/MPI"],
    "lib/Dialect/Gather/Transforms/Tiling": [
        "Dialect/Gather/Transforms", "Integration/CPU/tiling.mlir"],
    "lib/Dialect/Gather/Transforms/EmbeddingBagTiling": [
        "Dialect/Gather/Transforms", "Integration/Bags/tiling.mlir"],
    "lib/Dialect/Gather/IR": ["Dialect/Gather/IR", "Integration/CPU"],
    "lib/Conversion/GatherToLinalg": [
        "Conversion/GatherToLinalg", "Integration/Checks", "Integration/CPU"],
    "lib/Conversion/RaiseToGather": [
        "Conversion/RaiseToGather", "Integration/Raise"],
    "lib/CodeGen": ["CodeGen", "Integration/CPU", "Integration/Checks"],
}
FIRST_TARGETS = ["gather-opt", "gather_ascend_runtime"]


def first_tests(path):
    """The lit tests of FIRST_TESTS for a mutant of `path` (may be empty)."""
    best = max((prefix for prefix in FIRST_TESTS if path.startswith(prefix)),
               key=len, default=None)
    return FIRST_TESTS.get(best, [])


def parse_mutants(path):
    """Returns the mutants of `path` as dicts with id, file, note, old, new."""
    mutants = []
    current = None
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("## id:"):
                current = {"id": line[6:].strip(), "file": "", "note": "",
                           "old": [], "new": [], "line": number}
                mutants.append(current)
            elif current is None or not line or line.startswith("#") and \
                    not line.startswith("## "):
                continue
            elif line.startswith("## file:"):
                current["file"] = line[8:].strip()
            elif line.startswith("## note:"):
                current["note"] = line[8:].strip()
            elif line.startswith("-"):
                current["old"].append(line[1:])
            elif line.startswith("+"):
                current["new"].append(line[1:])
            else:
                sys.exit(f"{path}:{number}: unexpected line: {line}")
    ids = [m["id"] for m in mutants]
    for m in mutants:
        if not m["file"] or not m["old"]:
            sys.exit(f"{path}:{m['line']}: mutant {m['id']} lacks a file or "
                     "the lines it replaces")
        if ids.count(m["id"]) > 1:
            sys.exit(f"{path}: mutant id {m['id']} is used twice")
    return mutants


def mutated_text(mutant):
    """Returns (original, mutated) text of the mutant's file, or None when
    the lines to replace do not stand exactly once."""
    path = os.path.join(ROOT, mutant["file"])
    if not os.path.exists(path):
        return None
    with open(path) as f:
        original = f.read()
    old = "\n".join(mutant["old"]) + "\n"
    new = "\n".join(mutant["new"]) + ("\n" if mutant["new"] else "")
    if original.count(old) != 1:
        return None
    return original, original.replace(old, new, 1)


def run(command, env, log, timeout=None):
    """Runs `command` with its output appended to `log`; returns its exit
    status (124 on timeout)."""
    with open(log, "a") as out:
        out.write("$ " + " ".join(command) + "\n")
        out.flush()
        try:
            return subprocess.run(command, cwd=ROOT, env=env, stdout=out,
                                  stderr=subprocess.STDOUT,
                                  timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            out.write("timed out\n")
            return 124


def first_failure(log):
    """The first failing lit test or CI check named in `log`."""
    with open(log) as f:
        for line in f:
            for marker in ("FAIL: ", "TIMEOUT: ", "UNRESOLVED: "):
                if line.startswith(marker) and "****" not in line:
                    return line.strip()
    return ""


def named_failure(log):
    """The failing test of `log`; ends the run when lit failed without
    naming one (lit itself could not run: nothing was tested)."""
    failure = first_failure(log)
    if not failure:
        raise RuntimeError("lit failed without a failing test (see " + log +
                           ")")
    return failure


def test_mutant(mutant, build, env, lit_only, logdir):
    """Applies `mutant`, runs the tests, restores the file; returns
    (verdict, detail)."""
    texts = mutated_text(mutant)
    if texts is None:
        return "stale", "the lines to replace are not in the file once"
    original, mutated = texts
    path = os.path.join(ROOT, mutant["file"])
    log = os.path.join(logdir, mutant["id"] + ".log")
    open(log, "w").close()
    try:
        with open(path, "w") as f:
            f.write(mutated)
        tests = [os.path.join(build, "test", t)
                 for t in first_tests(mutant["file"])]
        if tests:
            if run(["cmake", "--build", build, "--target", *FIRST_TARGETS,
                    "--", "-j2"], env, log) != 0:
                return "killed", "the build fails"
            if run([LIT, "-j2", "--max-failures=1", "--timeout=900",
                    "--no-progress-bar", "-q", *tests], env, log) != 0:
                return "killed", named_failure(log)
        if run(["cmake", "--build", build, "--target", "gather-test-depends",
                "--", "-j2"], env, log) != 0:
            return "killed", "the build fails"
        status = run([LIT, "-j2", "--max-failures=1", "--timeout=900",
                      "--no-progress-bar", "-q",
                      os.path.join(build, "test")], env, log)
        if status != 0:
            return "killed", named_failure(log)
        if lit_only:
            return "survived", "lit passes"
        for job in CI_JOBS:
            if run([os.path.join(ROOT, "scripts", "ci", job)], env, log,
                   timeout=900) != 0:
                return "killed", job + ": " + (first_failure(log) or "fails")
        return "survived", "lit and " + ", ".join(CI_JOBS) + " pass"
    finally:
        with open(path, "w") as f:
            f.write(original)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", help="mutants to run (default all)")
    parser.add_argument("--list", action="store_true",
                        help="list the mutants and whether each applies")
    parser.add_argument("--build-dir", default=os.path.join(ROOT,
                                                            "build-mutate"))
    parser.add_argument("--lit-only", action="store_true",
                        help="run lit only, not the CI jobs")
    args = parser.parse_args()
    # A stopped run restores the mutated file (the `finally` of test_mutant).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("mutate.py: stopped"))
    mutants = parse_mutants(os.path.join(ROOT, "scripts", "mutants.txt"))
    if args.ids:
        unknown = set(args.ids) - {m["id"] for m in mutants}
        if unknown:
            sys.exit("unknown mutants: " + ", ".join(sorted(unknown)))
        mutants = [m for m in mutants if m["id"] in args.ids]
    if args.list:
        for m in mutants:
            state = "applies" if mutated_text(m) else "STALE"
            print(f"{m['id']:32} {state:8} {m['file']}: {m['note']}")
        return 0

    build = os.path.abspath(args.build_dir)
    env = dict(os.environ, GATHER_BUILD_DIR=build, GATHER_TEST_SKIP_BUILD="1")
    if subprocess.run([os.path.join(ROOT, "scripts", "setup.sh"),
                       "gather-test-depends", "-j2"], cwd=ROOT,
                      env=env).returncode != 0:
        sys.exit("mutate.py: the unmutated tree does not build")
    logdir = os.path.join(build, "mutants")
    os.makedirs(logdir, exist_ok=True)
    results = []
    for m in mutants:
        start = time.time()
        verdict, detail = test_mutant(m, build, env, args.lit_only, logdir)
        results.append((m, verdict, detail))
        print(f"{verdict.upper():9} {m['id']} ({time.time() - start:.0f} s): "
              f"{detail}", flush=True)
    # The unmutated tree again, so that the build directory matches it.
    subprocess.run(["cmake", "--build", build, "--target",
                    "gather-test-depends", "--", "-j2"], cwd=ROOT, env=env,
                   stdout=subprocess.DEVNULL)

    print("\n| mutant | file | bug | result |\n|---|---|---|---|")
    for m, verdict, detail in results:
        print(f"| {m['id']} | {m['file']} | {m['note']} | {verdict}: "
              f"{detail} |")
    counts = {v: sum(1 for _, r, _ in results if r == v)
              for v in ("killed", "survived", "stale")}
    print(f"{counts['killed']} killed, {counts['survived']} survived, "
          f"{counts['stale']} stale")
    return 0 if counts["killed"] == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())

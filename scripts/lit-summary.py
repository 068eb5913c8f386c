#!/usr/bin/env python3
"""Counts the results of a lit run from its JSON report (`lit --output FILE`)
and checks them against the floor of expected unit tests.

    lit-summary.py REPORT.json BUILD_DIR FLOOR_FILE

Prints every test that did not pass, one line each, then a line
`passed=N failed=N skipped=N` that scripts/test.sh reads. Exits 1 when a
test failed, when an expected gtest binary is missing from BUILD_DIR, or when
fewer tests ran than the floor file requires; exits 2 when the report cannot
be read.

The floor file has one entry per line (`#` starts a comment):

    total N                      # at least N lit results in all
    unittests/Dir/BinaryTests N  # the binary exists and reports >= N tests

A gtest binary that crashes or hangs is reported by lit as one result for a
whole shard, so its tests also drop below the floor.
"""

import json
import os
import sys

# lit's result codes (lit/Test.py). Anything not listed counts as failed.
PASSED = {"PASS", "FLAKYPASS", "XFAIL"}
FAILED = {"FAIL", "XPASS", "UNRESOLVED", "TIMEOUT"}
SKIPPED = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}


def read_floor(path):
    """Returns (total floor, {binary path: floor}) from the floor file."""
    total = 0
    binaries = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) != 2 or not words[1].isdigit():
                raise ValueError(f"{path}:{number}: expected 'NAME COUNT'")
            if words[0] == "total":
                total = int(words[1])
            else:
                binaries[words[0]] = int(words[1])
    return total, binaries


def test_path(name):
    """`GATHER-Unit :: Integration/./GatherDifferentialTests/All/X/0` ->
    `Integration/GatherDifferentialTests/All/X/0`."""
    path = name.split(" :: ", 1)[-1]
    while "/./" in path:
        path = path.replace("/./", "/")
    return path


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    report, build, floor_file = argv[1:]
    try:
        with open(report, encoding="utf-8") as f:
            tests = json.load(f)["tests"]
    except (OSError, ValueError, KeyError) as error:
        print(f"lit-summary: cannot read the lit report {report}: {error}")
        return 2
    total_floor, binary_floors = read_floor(floor_file)

    passed = failed = skipped = 0
    for test in tests:
        code = test.get("code", "")
        if code in PASSED:
            passed += 1
        elif code in SKIPPED:
            skipped += 1
        else:
            failed += 1
            print(f"{code}: {test.get('name', '?')}")

    problems = []
    if len(tests) < total_floor:
        problems.append(
            f"lit reported {len(tests)} tests, fewer than the floor of "
            f"{total_floor} ({floor_file})")
    paths = [test_path(t.get("name", "")) for t in tests]
    for binary, floor in sorted(binary_floors.items()):
        if not os.path.isfile(os.path.join(build, binary)):
            problems.append(f"the test binary {binary} is missing from {build}")
            continue
        # unittests/Integration/GatherDifferentialTests is reported as
        # Integration/GatherDifferentialTests/<suite>/<test>.
        relative = binary.split("/", 1)[1] if binary.startswith(
            "unittests/") else binary
        count = sum(1 for p in paths if p.startswith(relative + "/"))
        if count < floor:
            problems.append(
                f"{binary} reported {count} tests, fewer than the floor of "
                f"{floor} ({floor_file})")
    for problem in problems:
        print(f"lit-summary: {problem}")
    # Each missing binary or count below its floor is one failure.
    failed += len(problems)
    print(f"passed={passed} failed={failed} skipped={skipped}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

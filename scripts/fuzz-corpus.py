#!/usr/bin/env python3
"""Writes the seed corpus of the gather-fuzz target from the lit tests.

    scripts/fuzz-corpus.py OUTPUT_DIR

Each `test/**/*.mlir` file is split at its `// -----` lines (as
`--split-input-file` does); each piece without its comment lines (RUN,
CHECK, prose: only noise to the fuzzer) becomes one corpus file named after
its content's hash. Pieces that hold no operation are skipped.
"""

import hashlib
import os
import re
import sys


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = argv[1]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "test")
    os.makedirs(out, exist_ok=True)
    written = 0
    for directory, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                text = f.read()
            for piece in re.split(r"^// -----.*$", text, flags=re.M):
                lines = [l for l in piece.splitlines()
                         if not l.lstrip().startswith("//")]
                body = "\n".join(lines).strip() + "\n"
                if "func.func" not in body and "gather." not in body:
                    continue
                digest = hashlib.sha1(body.encode()).hexdigest()
                with open(os.path.join(out, digest), "w",
                          encoding="utf-8") as f:
                    f.write(body)
                written += 1
    print(f"fuzz-corpus: {written} inputs in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

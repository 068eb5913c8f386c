"""torch's embedding_bag against the tuned C loops of baselines.c.

Run by run.sh: python3 torch_bags.py LIBBAGS_SO "SHAPES" [--reps N]
[--slow-reps N] [--threads N] [--cases a,b]. The inputs are filled by the
same C functions as the harness's (through ctypes), the C loops write into
a torch tensor, and torch and C are timed side by side, interleaved, in this
process. torch runs on one thread. Every torch output is compared bit for
bit with C's first.
"""

import ctypes
import random
import sys
import time

import torch
import torch.nn.functional as F


def median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def main():
    lib = ctypes.CDLL(sys.argv[1])
    sr, sb, sl, mr, mb, ml, rr, rb, rm = map(int, sys.argv[2].split())
    opts = dict(zip(sys.argv[3::2], sys.argv[4::2]))
    reps = int(opts.get("--reps", 11))
    slow_reps = int(opts.get("--slow-reps", 3))
    cases = opts.get("--cases")
    wanted = (lambda c: True) if cases is None else (
        lambda c: c in cases.split(","))
    torch.set_num_threads(1)
    L, P, F32 = ctypes.c_long, ctypes.c_void_p, ctypes.c_float

    def ptr(t):
        return P(t.data_ptr())

    print(f"torch {torch.__version__}, {torch.get_num_threads()} thread; "
          f"{reps} rounds (calls over 250 ms: {slow_reps})")
    print(f"{'case':8} {'implementation':26} {'median ms':>11} {'min ms':>11}"
          f" {'C/it med':>8} {'C/it min':>8} {'C/it rnd':>8} {'n':>3}")
    failures = 0

    def run_case(name, impls):
        nonlocal failures
        expected = impls[0][1]()
        first = {}
        for label, fn in impls[1:]:
            start = time.perf_counter()
            got = fn()
            first[label] = time.perf_counter() - start
            if not torch.equal(got.contiguous().view(torch.int32),
                               expected.view(torch.int32)):
                bad = (got.view(torch.int32) != expected.view(torch.int32))
                print(f"{name}: {label} differs from C in "
                      f"{int(bad.sum())} elements", file=sys.stderr)
                failures += 1
        times = {label: [] for label, _ in impls}
        order = list(range(len(impls)))
        rng = random.Random(20260511)
        for r in range(reps):
            rng.shuffle(order)
            for k in order:
                label, fn = impls[k]
                if first.get(label, 0) > 0.25 and r >= slow_reps:
                    continue
                if first.get(label, 0) < 0.05:
                    fn()
                start = time.perf_counter()
                fn()
                times[label].append(time.perf_counter() - start)
        c = times[impls[0][0]]
        c_med, c_min = median(c), min(c)
        for label, _ in impls:
            t = times[label]
            # Sample r of each implementation was taken in round r: the
            # median of each round's own ratio to C.
            rnd = median([c_t / i_t for c_t, i_t in zip(c, t)])
            print(f"{name:8} {label:26} {median(t) * 1e3:11.3f}"
                  f" {min(t) * 1e3:11.3f} {c_med / median(t):8.3f}"
                  f" {c_min / min(t):8.3f} {rnd:8.3f} {len(t):3d}")
        sys.stdout.flush()

    def fill_table(rows, cols):
        t = torch.empty(rows, cols, dtype=torch.float32)
        lib.bagsFillTable(ptr(t), L(rows), L(cols))
        return t

    def fill_ids(n, rows, seed):
        t = torch.empty(n, dtype=torch.int64)
        lib.bagsFillIds(ptr(t), L(n), L(rows), ctypes.c_uint64(seed))
        return t

    if any(wanted(c) for c in ("sum", "wsum", "max")):
        table = fill_table(sr, 128)
        ids = fill_ids(sb * sl, sr, 1).view(sb, sl)
        weights = torch.empty(sb, sl, dtype=torch.float32)
        lib.bagsFillWeights(ptr(weights), L(sb * sl))
        out = torch.empty(sb, 128, dtype=torch.float32)

        def c_call(fn, *extra):
            def run():
                fn(ptr(table), ptr(ids), *extra, L(sb), L(sl), ptr(out))
                return out
            return run

        if wanted("sum"):
            run_case("sum", [
                ("C tuned", c_call(lib.bagsSum128)),
                ("torch embedding_bag", lambda: F.embedding_bag(
                    ids, table, mode="sum")),
                ("torch embedding().sum(1)",
                 lambda: F.embedding(ids, table).sum(1)),
            ])
        if wanted("wsum"):
            run_case("wsum", [
                ("C tuned", c_call(lib.bagsWeightedSum128, ptr(weights))),
                ("torch embedding_bag", lambda: F.embedding_bag(
                    ids, table, mode="sum", per_sample_weights=weights)),
            ])
        if wanted("max"):
            run_case("max", [
                ("C tuned", c_call(lib.bagsMax128)),
                ("torch embedding_bag", lambda: F.embedding_bag(
                    ids, table, mode="max")),
            ])
        del table
    if wanted("mean"):
        table = fill_table(mr, 64)
        ids = fill_ids(mb * ml, mr, 2).view(mb, ml)
        out = torch.empty(mb, 64, dtype=torch.float32)

        def c_mean():
            lib.bagsMean64(ptr(table), ptr(ids), L(mb), L(ml), ptr(out))
            return out
        run_case("mean", [
            ("C tuned", c_mean),
            ("torch embedding_bag", lambda: F.embedding_bag(
                ids, table, mode="mean")),
        ])
        del table
    if wanted("ragged"):
        table = fill_table(rr, 64)
        offsets = torch.empty(rb, dtype=torch.int64)
        n = lib.bagsFillOffsets(ptr(offsets), L(rb), L(rm))
        ids = fill_ids(n, rr, 3)
        out = torch.empty(rb, 64, dtype=torch.float32)

        def c_ragged():
            lib.bagsRaggedSum64(ptr(table), ptr(ids), L(n), ptr(offsets),
                                L(rb), ptr(out))
            return out
        run_case("ragged", [
            ("C tuned", c_ragged),
            ("torch embedding_bag", lambda: F.embedding_bag(
                ids, table, offsets, mode="sum")),
        ])
    if failures:
        print(f"{failures} torch output(s) differ from C", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

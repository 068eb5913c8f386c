#!/usr/bin/env python3
"""Times the gather-bench workloads W1..W5 with numpy and PyTorch.

Same shapes, same index formula ((i * 2654435761) mod s, every 4th index of
W5 stored as k - s) and the same metric as gather-bench: GB/s = 2 x output
bytes / median time, next to a copy baseline (numpy.copyto of the output
bytes). Every variant is checked against a numpy fancy-indexing reference
before timing. Needs numpy (Debian: python3-numpy); PyTorch (python3-torch) is
optional. Without numpy it says so and exits 0.

    python3 bench/compare_numpy_torch.py [--reps N] [--workloads W1,W3]
        [--threads N]
"""

import argparse
import os
import shlex
import statistics
import sys
import time


def _reexec_with_system_python():
    """Runs this script with Debian's /usr/bin/python3 when the python3 on
    PATH (e.g. a pyenv shim) lacks numpy but the system one has it."""
    system = "/usr/bin/python3"
    if os.environ.get("GATHER_BENCH_REEXEC") or not os.path.exists(system):
        return
    if os.path.realpath(sys.executable) == os.path.realpath(system):
        return
    import subprocess

    probe = subprocess.run(
        [system, "-c", "import numpy"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    if probe.returncode == 0:
        os.environ["GATHER_BENCH_REEXEC"] = "1"
        os.execv(system, [system] + sys.argv)


try:
    import numpy as np
except ImportError:
    _reexec_with_system_python()
    print("compare_numpy_torch: numpy is not installed "
          "(Debian: apt-get install python3-numpy); nothing to do")
    sys.exit(0)

try:
    import torch
except ImportError:
    torch = None


class Workload:
    """One gather: f32 data, axis, batch_dims, index dtype."""

    def __init__(self, name, description, data_shape, indices_shape, axis,
                 batch_dims, index_dtype, negative_quarter=False,
                 calls_per_sample=1):
        self.name = name
        self.description = description
        self.data_shape = data_shape
        self.indices_shape = indices_shape
        self.axis = axis
        self.batch_dims = batch_dims
        self.index_dtype = index_dtype
        self.negative_quarter = negative_quarter
        self.calls_per_sample = calls_per_sample

    @property
    def dim_size(self):
        return self.data_shape[self.axis]

    @property
    def out_shape(self):
        a, b = self.axis, self.batch_dims
        return (tuple(self.data_shape[:a]) + tuple(self.indices_shape[b:]) +
                tuple(self.data_shape[a + 1:]))


def make_workloads(small_calls):
    return [
        Workload("W1", "embedding lookup", (100000, 256), (262144,), 0, 0,
                 np.int64),
        Workload("W2", "inner axis", (4096, 4096), (1024,), 1, 0, np.int64),
        Workload("W3", "batched", (64, 4096, 128), (64, 512), 1, 1, np.int64),
        Workload("W4", "small", (1000, 64), (32,), 0, 0, np.int64,
                 calls_per_sample=small_calls),
        Workload("W5", "ONNX-style, i32 with negatives", (100000, 256),
                 (262144,), 0, 0, np.int32, negative_quarter=True),
    ]


def make_inputs(w):
    """Data and indices exactly as gather-bench fills them."""
    n = int(np.prod(w.data_shape))
    data = ((np.arange(n, dtype=np.int64) % 16777213).astype(np.float32) *
            np.float32(0.25)).reshape(w.data_shape)
    count = int(np.prod(w.indices_shape))
    i = np.arange(count, dtype=np.uint64)
    k = ((i * np.uint64(2654435761)) % np.uint64(w.dim_size)).astype(np.int64)
    if w.negative_quarter:
        k[::4] -= w.dim_size
    return data, k.astype(w.index_dtype).reshape(w.indices_shape)


def reference(w, data, indices):
    """The expected output by plain numpy fancy indexing."""
    idx = indices.astype(np.int64)
    idx = np.where(idx < 0, idx + w.dim_size, idx)
    if w.name == "W2":
        return data[:, idx]
    if w.name == "W3":
        return data[np.arange(w.data_shape[0])[:, None], idx]
    return data[idx]


def make_variants(w, data, indices, out, source):
    """(label, callable writing out) for every library call that fits w."""
    variants = [("copy: numpy.copyto", lambda: np.copyto(out, source))]
    if w.name == "W3":
        variants.append((
            "numpy.take per batch, out=",
            lambda: [np.take(data[b], indices[b], axis=0, out=out[b])
                     for b in range(w.data_shape[0])],
        ))
        variants.append((
            "numpy.take_along_axis",
            lambda: np.copyto(
                out, np.take_along_axis(data, indices[:, :, None], axis=1)),
        ))
    else:
        # mode="raise" (the default) checks and wraps negative indices like
        # bounds-check=assert; numpy then buffers the output internally.
        variants.append((
            "numpy.take, out=",
            lambda: np.take(data, indices, axis=w.axis, out=out),
        ))
    if torch is None:
        return variants

    td = torch.from_numpy(data)
    ti = torch.from_numpy(indices)
    to = torch.from_numpy(out)
    if w.name == "W3":
        expanded = ti.unsqueeze(2).expand(-1, -1, w.data_shape[2])
        variants.append((
            "torch.gather, out=",
            lambda: torch.gather(td, 1, expanded, out=to),
        ))
        variants.append((
            "torch.take_along_dim, out=",
            lambda: torch.take_along_dim(td, ti.unsqueeze(2), dim=1, out=to),
        ))
    elif w.negative_quarter:
        # index_select rejects negative indices: wrap them first (timed).
        s = w.dim_size

        def wrapped_select():
            fixed = torch.where(ti < 0, ti + s, ti)
            torch.index_select(td, w.axis, fixed, out=to)

        variants.append(("torch wrap+index_select", wrapped_select))
    else:
        variants.append((
            "torch.index_select, out=",
            lambda: torch.index_select(td, w.axis, ti, out=to),
        ))
    return variants


def run_workload(w, reps, rows):
    data, indices = make_inputs(w)
    expected = reference(w, data, indices)
    out = np.empty(w.out_shape, dtype=np.float32)
    source = expected.copy()
    print(f"\n{w.name} ({w.description}): data f32 {list(w.data_shape)}, "
          f"indices {np.dtype(w.index_dtype).name} {list(w.indices_shape)}, "
          f"axis {w.axis}, batch_dims {w.batch_dims} -> {list(w.out_shape)}",
          flush=True)
    variants = make_variants(w, data, indices, out, source)
    for label, run in variants:
        out.fill(np.float32(-1.0))
        run()
        if not np.array_equal(out.view(np.uint32), expected.view(np.uint32)):
            sys.exit(f"compare_numpy_torch: {w.name}: '{label}' gives a "
                     "wrong result")
    samples = {label: [] for label, _ in variants}
    calls = w.calls_per_sample
    for rep in range(reps):
        for j in range(len(variants)):
            label, run = variants[(rep + j) % len(variants)]
            start = time.perf_counter()
            for _ in range(calls):
                run()
            samples[label].append((time.perf_counter() - start) / calls)
    out_bytes = out.nbytes
    copy_time = statistics.median(samples[variants[0][0]])
    for label, _ in variants:
        t = statistics.median(samples[label])
        rows.append((w.name, label, t, min(samples[label]),
                     2.0 * out_bytes / t / 1e9, copy_time / t, calls > 1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--workloads", default="W1,W2,W3,W4,W5")
    parser.add_argument("--threads", type=int, default=1,
                        help="torch intra-op threads (default 1, like "
                        "gather-bench's baselines)")
    parser.add_argument("--small-calls", type=int, default=2000,
                        help="calls per timed sample for W4")
    args = parser.parse_args()

    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    print(f"machine: nproc={os.cpu_count()}, cpu=\"{cpu}\"")
    print("command: " + " ".join(shlex.quote(a) for a in
                                 [sys.executable] + sys.argv))
    versions = f"numpy {np.__version__}"
    if torch is not None:
        torch.set_num_threads(max(1, args.threads))
        versions += (f", torch {torch.__version__} "
                     f"({torch.get_num_threads()} threads)")
    else:
        versions += ", torch not installed (Debian: python3-torch): skipped"
    print(versions)

    known = {w.name: w for w in make_workloads(args.small_calls)}
    rows = []
    for name in args.workloads.split(","):
        name = name.strip().upper()
        if name not in known:
            sys.exit(f"compare_numpy_torch: unknown workload '{name}'")
        run_workload(known[name], max(1, args.reps), rows)

    print(f"\nmedian of {args.reps} samples per variant (variants "
          "interleaved); GB/s = 2 x output bytes / time; "
          "vs copy = copy time / time")
    print(f"{'workload':<8} {'variant':<28} {'median':>14} {'min':>14} "
          f"{'GB/s':>8} {'vs copy':>8}")
    for name, label, t, tmin, gbs, ratio, micro in rows:
        scale, unit = (1e6, "us") if micro else (1e3, "ms")
        print(f"{name:<8} {label:<28} {t * scale:11.3f} {unit} "
              f"{tmin * scale:11.3f} {unit} {gbs:8.2f} {ratio:8.2f}")


if __name__ == "__main__":
    main()

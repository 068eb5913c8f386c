#!/usr/bin/env python3
"""Random shardings of gather.gather, run under MPI against the unsharded run.

Each batch draws a grid (1 to 4 processes, 1-D or 2-D) and a batch of
programs, one function each: a table of 1 to 3 dimensions (every element
type the exchange moves), ids of rank 0 to 2 (i64, i32, index, ui32), and
shardings drawn from what gather-to-mpi partitions: the table split by rows
(even, uneven, or with hand-written sharded_dims_offsets), by columns or
not at all; the ids split over the rows' grid axes (the exchange), over
other axes, or replicated (the all-reduce); the result annotated as the
operands imply or, where the split is even, replicated; some programs also
return a checksum of their result (a rank-0 tensor: the sum of the
result's bit patterns). Each annotation is written in one of upstream's
spellings: `split_axes = [[]]` for a replicated tensor of any rank (0
included), one list per dimension, or trailing empty lists, also beyond the
tensor's rank; some values are left without annotation (partial
annotations, completed by propagation). One module holds the batch, with a
@main that builds the whole inputs, calls every function (the sharded
results come back whole) and prints each result's bit patterns on process
0. It is lowered with gather-to-mpi, compiled with clang-22 and run under
mpirun.mpich on the grid's processes; the same module without annotations
goes through gather-to-llvm and mlir-runner; both outputs must equal the
reference computed here (numpy.take semantics; under bounds-check=clamp,
out-of-range ids are clamped).

Upstream is the oracle of what a valid sharding is: upstream mlir-opt
(its shard verifier, sharding-propagation and shard-partition, which know
no gather.gather) runs on each program's annotations, each annotated tensor
passed through a function of its own. A program whose annotations upstream
accepts must give a result (checked as above) or an error of gather-to-mpi
saying that the sharding "is not supported by gather-to-mpi"; any other
error is a valid sharding rejected (a failure). A program that gather-to-mpi
rejects with a "not supported" diagnostic is taken out of its batch, which
runs without it.

Besides the batches: invalid annotations (split axes out of range, a grid
axis of size 0, offsets that do not end at the size or have the wrong
count, uneven splits resharded, the rows over two grid axes with the ids over
one, complex elements in the all-reduce) must make gather-opt exit with
status 1 and an `error:`, never crash, and the "not supported" diagnostic
where upstream accepts them; and a few programs with an out-of-range id
under bounds-check=assert must stop every process with the message and
status 1.

Prints every finding with its program, the counts of upstream's verdicts
(`valid sharding rejected: N` must be 0), then `N passed, N failed`
(programs whose checks passed / failed). Exit status 1 when anything
failed.

  tools/gather-shard-gen/gather-shard-gen.py [--seed S] [--programs N]
      [--batch B] [--build DIR] [--keep DIR] [--invalid-percent P]
      [--oob-percent P]
"""

import argparse
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

LLVM = "/usr/lib/llvm-22"
RUNNER_LIBS = [LLVM + "/lib/libmlir_runner_utils.so",
               LLVM + "/lib/libmlir_c_runner_utils.so"]
ELEMENTS = ["f32", "f64", "f16", "bf16", "i8", "i16", "i32", "i64"]
INDEX_TYPES = ["i64", "i32", "index", "ui32"]
GRIDS = [[1], [2], [3], [4], [1, 2], [2, 1], [2, 2], [1, 3], [3, 1], [1, 4]]

# --------------------------------------------------------------------------
# Values and their bit patterns
# --------------------------------------------------------------------------


def element_bits(elem, value):
    """The bits of `value` stored as `elem`, zero-extended to 64 bits."""
    if elem == "f32":
        return struct.unpack("<I", struct.pack("<f", value))[0]
    if elem == "f64":
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    if elem == "f16":
        return struct.unpack("<H", struct.pack("<e", value))[0]
    if elem == "bf16":
        return struct.unpack("<I", struct.pack("<f", value))[0] >> 16
    width = int(elem[1:])
    return value & ((1 << width) - 1)


def draw_value(rng, elem):
    if elem.startswith("f") or elem == "bf16":
        return rng.randint(-120, 120) / 4.0
    return rng.randint(-100, 100)


def literal(elem, value):
    if elem.startswith("f") or elem == "bf16":
        return repr(float(value))
    return str(value)


def nested(values, shape, fmt):
    """MLIR dense literal of row-major `values` with `shape`."""
    if not shape:
        return fmt(values[0])
    step = len(values) // shape[0] if shape[0] else 0
    parts = [nested(values[i * step:(i + 1) * step], shape[1:], fmt)
             for i in range(shape[0])]
    return "[" + ", ".join(parts) + "]"


def prod(values):
    n = 1
    for v in values:
        n *= v
    return n


def tensor_type(shape, elem):
    return "tensor<" + "".join(f"{s}x" for s in shape) + elem + ">"


# --------------------------------------------------------------------------
# Programs
# --------------------------------------------------------------------------


class Program:
    """One sharded gather: shapes, values, shardings, what must happen."""

    def __init__(self, pid):
        self.pid = pid
        self.note = ""
        self.checksum = False
        # The annotation of each value as written: (split_axes lists,
        # offsets), or None where the value has none.
        self.annotations = {}

    def result_shape(self):
        return self.ids_shape + self.table_shape[1:]

    def types(self):
        """The tensor type of each value that may carry an annotation."""
        types = {"table": tensor_type(self.table_shape, self.elem),
                 "ids": tensor_type(self.ids_shape, self.index),
                 "result": tensor_type(self.result_shape(), self.elem)}
        if self.checksum:
            types["checksum"] = "tensor<i64>"
        return types


def balanced(size, shards):
    offsets = [0]
    for i in range(shards):
        offsets.append(offsets[-1] + size // shards + (1 if i < size % shards else 0))
    return offsets


def group_size(grid, axes):
    return prod(grid[a] for a in axes)


def sharding_text(grid_name, split, offsets):
    axes = ", ".join("[" + ", ".join(str(a) for a in dim) + "]" for dim in split)
    text = f"shard.sharding @{grid_name} split_axes = [{axes}]"
    if offsets:
        text += " sharded_dims_offsets = [" + ", ".join(map(str, offsets)) + "]"
    return text + " : !shard.sharding"


def spell(rng, split):
    """One of upstream's spellings of the per-dimension split `split`: one
    list per dimension, the shortest form (`[[]]` when nothing is split), or
    one or two trailing empty lists more than the tensor has dimensions."""
    lists = [list(a) for a in split]
    while lists and not lists[-1]:
        lists.pop()
    r = rng.random()
    if r < 0.4:
        lists = [list(a) for a in split]
    elif r >= 0.7:
        lists = [list(a) for a in split] + [[] for _ in range(rng.randint(1, 2))]
    return lists or [[]]


def annotate(rng, p, variety):
    """The annotations of `p`: the table, ids and result (and the checksum)
    in upstream's spellings, some left out when `variety`."""
    data_split, offsets = p.data
    splits = {"table": (data_split, offsets), "ids": (p.ids, []),
              "result": (p.result, [])}
    if p.checksum:
        splits["checksum"] = ([], [])
    for name, (axes, offs) in splits.items():
        if not variety:
            p.annotations[name] = (axes if axes else [[]], offs)
        elif rng.random() < 0.08 or (name == "checksum" and rng.random() < 0.2):
            p.annotations[name] = None  # left to propagation
        else:
            p.annotations[name] = (spell(rng, axes), offs)


def draw_program(rng, pid, grid, clamp, variety=True):
    """A program for `grid` that gather-to-mpi partitions when its
    annotations are written in full; the ids are in range unless `clamp`.
    With `variety`, tables of rank 1, ids of rank 0, checksums, upstream's
    other spellings and partial annotations too."""
    p = Program(pid)
    axes = list(range(len(grid)))
    rng.shuffle(axes)
    form = rng.choice(["exchange", "exchange", "allreduce", "local"])
    p.ids_shape = [rng.randint(1, 9) for _ in range(rng.choice([1, 1, 2]))]
    if variety and rng.random() < 0.12:
        p.ids_shape = []
        if form == "exchange":
            form = "allreduce"  # rank-0 ids cannot be split
    row_axes = [] if form == "local" else [axes[0]]
    other = [a for a in axes if a not in row_axes]
    p.elem = rng.choice(ELEMENTS)
    p.index = rng.choice(INDEX_TYPES)
    members = group_size(grid, row_axes)
    rows = rng.randint(max(1, members), 13)
    inner = rng.choice([1, 1, 2])
    if variety and rng.random() < 0.12:
        inner = 0
    p.table_shape = [rows] + [rng.randint(1, 4) for _ in range(inner)]
    # The table's split.
    col_axes = ([other.pop()] if other and inner and rng.random() < 0.3
                else [])
    split = [row_axes, col_axes][:len(p.table_shape)]
    offsets = []
    if row_axes and rng.random() < 0.3:
        cuts = sorted(rng.randint(0, rows) for _ in range(members - 1))
        offsets = [0] + cuts + [rows]
        if col_axes:
            offsets += balanced(p.table_shape[1], group_size(grid, col_axes))
    p.data = (split, offsets)
    # The ids' split: over the rows' axes (exchange), other axes or none.
    id_dim = rng.randrange(len(p.ids_shape)) if p.ids_shape else None
    id_split = [[] for _ in p.ids_shape]
    if form == "exchange":
        id_split[id_dim] = list(row_axes)
    elif other and p.ids_shape and rng.random() < 0.5:
        id_split[id_dim] = [other[0]]
    p.ids = id_split
    # The result: as the operands imply, or replicated where that is even.
    implied = (id_split + [col_axes][:inner] +
               [[] for _ in p.table_shape[2:]])
    # (Upstream partitioning reshards only tensors split evenly without
    # explicit offsets; propagation may reshard the table instead of the
    # result, so the table's rows must be even too.)
    even = all(not a or size % group_size(grid, a) == 0
               for a, size in zip(implied, p.result_shape()))
    even &= not offsets and (not row_axes or rows % members == 0)
    p.result = implied
    # (With the table's columns split, propagation reshards the table in two
    # dimensions at once, which upstream partitioning cannot: a diagnostic.)
    if (even and any(implied) and not col_axes and rng.random() < 0.3
            and sum(1 for a in implied if a) == 1):
        p.result = [[] for _ in implied]
    # Replicated ids whose result is split (evenly) along an ids dimension:
    # propagation splits the ids by resharding them (shard.all_slice).
    if (form == "local" and other and p.ids_shape and not any(id_split)
            and rng.random() < 0.3
            and p.ids_shape[id_dim] % grid[other[0]] == 0):
        p.result[id_dim] = [other[0]]
    p.form = form
    p.checksum = variety and rng.random() < 0.25
    annotate(rng, p, variety)
    # Values.
    p.table = [draw_value(rng, p.elem) for _ in range(prod(p.table_shape))]
    low = 0 if p.index == "ui32" else -rows
    count = prod(p.ids_shape)
    p.id_values = [rng.randint(low, rows - 1) for _ in range(count)]
    if clamp and rng.random() < 0.4:
        p.id_values[rng.randrange(count)] = rng.choice(
            [rows, rows + 3] + ([] if p.index == "ui32" else [-rows - 1, -rows - 5]))
    return p


def reference(p, clamp):
    """The rows of `p`'s result as bit patterns (row-major)."""
    rows = p.table_shape[0]
    row_size = prod(p.table_shape[1:])
    out = []
    for k in p.id_values:
        w = k + rows if k < 0 else k
        if clamp:
            w = min(max(w, 0), rows - 1)
        out.extend(p.table[w * row_size:(w + 1) * row_size])
    return [element_bits(p.elem, v) for v in out]


# --------------------------------------------------------------------------
# Module text
# --------------------------------------------------------------------------


def widen_ops(elem, value, out):
    """Ops that give the zero-extended bits of the scalar `value` (of type
    `elem`) as the i64 `out`."""
    if elem in ("f32", "f64", "f16", "bf16"):
        width = {"f32": 32, "f64": 64, "f16": 16, "bf16": 16}[elem]
        ops = [f"{out}b = arith.bitcast {value} : {elem} to i{width}"]
        src, w = f"{out}b", width
    else:
        ops, src, w = [], value, int(elem[1:])
    if w < 64:
        ops.append(f"{out} = arith.extui {src} : i{w} to i64")
    else:
        ops.append(f"{out} = arith.addi {src}, %zero64 : i64")
    return ops


def checksum_text(p, value):
    """Ops computing `%cs`, the sum of the bit patterns of `value` (the
    result) as a rank-0 i64 tensor."""
    r = tensor_type(p.result_shape(), p.elem)
    dims = [f"d{i}" for i in range(len(p.result_shape()))]
    args = ", ".join(dims)
    maps = (f"affine_map<({args}) -> ({args})>, affine_map<({args}) -> ()>")
    iterators = ", ".join('"reduction"' for _ in dims)
    # (The body uses no value from outside it: upstream partitioning of a
    # split reduction would lose it.)
    if p.elem in ("i64", "f64"):
        ops = ["%xw = arith.bitcast %x : f64 to i64"] if p.elem == "f64" else []
        addend = "%xw" if ops else "%x"
    else:
        ops, addend = widen_ops(p.elem, "%x", "%xw"), "%xw"
    body = "\n".join("      " + op for op in ops)
    return f"""    %zero64 = arith.constant 0 : i64
    %ce = tensor.empty() : tensor<i64>
    %ci = linalg.fill ins(%zero64 : i64) outs(%ce : tensor<i64>) -> tensor<i64>
    %cs = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iterators}]}} ins({value} : {r}) outs(%ci : tensor<i64>) {{
    ^bb0(%x: {p.elem}, %acc: i64):
{body}
      %sum = arith.addi %acc, {addend} : i64
      linalg.yield %sum : i64
    }} -> tensor<i64>"""


def results_type(p):
    r = tensor_type(p.result_shape(), p.elem)
    return f"({r}, tensor<i64>)" if p.checksum else r


def function_text(p, grid_name, annotate):
    types = p.types()
    t, i, r = types["table"], types["ids"], types["result"]
    lines = [f"  func.func @g{p.pid}(%table: {t}, %ids: {i}) -> {results_type(p)} {{"]
    notes = p.annotations if annotate else {}

    def shard(name, value, out):
        if not notes.get(name):
            return value
        lists, offsets = notes[name]
        lines.append(f"    %s_{name} = {sharding_text(grid_name, lists, offsets)}")
        lines.append(f"    {out} = shard.shard {value} to %s_{name} : {types[name]}")
        return out

    table = shard("table", "%table", "%t")
    ids = shard("ids", "%ids", "%i")
    lines.append(f"    %g = gather.gather {table}[{ids}] : {t}, {i}")
    result = shard("result", "%g", "%r")
    if not p.checksum:
        lines.append(f"    return {result} : {r}")
    else:
        lines.append(checksum_text(p, result))
        checksum = shard("checksum", "%cs", "%c")
        lines.append(f"    return {result}, {checksum} : {r}, tensor<i64>")
    lines.append("  }")
    return "\n".join(lines)


def print_text(p):
    n = prod(p.result_shape())
    r = tensor_type(p.result_shape(), p.elem)
    flat = tensor_type([n], p.elem)
    rank = len(p.result_shape())
    if rank:
        groups = "[[" + ", ".join(str(d) for d in range(rank)) + "]]"
        reshape = f"%flat = tensor.collapse_shape %m {groups} : {r} into {flat}"
    else:
        reshape = f"%flat = tensor.expand_shape %m [] output_shape [1] : {r} into {flat}"
    body = "\n".join("          " + op for op in widen_ops(p.elem, "%v", "%w"))
    checksum_arg, checksum = "", ""
    if p.checksum:
        checksum_arg = ", %c: tensor<i64>"
        checksum = """    %cv = tensor.extract %c[] : tensor<i64>
    func.call @printComma() : () -> ()
    func.call @printU64(%cv) : (i64) -> ()
"""
    return f"""  func.func @print{p.pid}(%m: {r}{checksum_arg}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cn = arith.constant {n} : index
    %zero64 = arith.constant 0 : i64
    %id = arith.constant {p.pid} : i64
    {reshape}
    func.call @printU64(%id) : (i64) -> ()
    scf.for %k = %c0 to %cn step %c1 {{
          func.call @printComma() : () -> ()
          %v = tensor.extract %flat[%k] : {flat}
{body}
          func.call @printU64(%w) : (i64) -> ()
    }}
{checksum}    func.call @printNewline() : () -> ()
    return
  }}"""


def module_text(programs, grid, annotate):
    """The module of `programs` and, per line of it that belongs to one
    program (its functions and its call in @main), that program's id."""
    lines, owner = [], {}

    def add(text, pid=None):
        for line in text.split("\n"):
            lines.append(line)
            if pid is not None:
                owner[len(lines)] = pid

    add("module {")
    if annotate:
        add(f"  shard.grid @grid(shape = {'x'.join(map(str, grid))})")
    for p in programs:
        add(function_text(p, "grid", annotate), p.pid)
        add(print_text(p), p.pid)
    add("  func.func private @printU64(i64)")
    add("  func.func private @printComma()")
    add("  func.func private @printNewline()")
    add("  func.func @main() {")
    for p in programs:
        t = tensor_type(p.table_shape, p.elem)
        i = tensor_type(p.ids_shape, p.index)
        tv = nested(p.table, p.table_shape, lambda v, e=p.elem: literal(e, v))
        iv = nested(p.id_values, p.ids_shape, str)
        results = f"%r{p.pid}, %c{p.pid}" if p.checksum else f"%r{p.pid}"
        add(f"    %t{p.pid} = arith.constant dense<{tv}> : {t}", p.pid)
        add(f"    %i{p.pid} = arith.constant dense<{iv}> : {i}", p.pid)
        add(f"    {results} = func.call @g{p.pid}(%t{p.pid}, %i{p.pid}) : ({t}, {i}) -> {results_type(p)}", p.pid)
    add("    %c0 = arith.constant 0 : index")
    if annotate:
        add("    %rank = shard.process_linear_index on @grid : index")
    else:
        add("    %rank = arith.constant 0 : index")
    add("    %first = arith.cmpi eq, %rank, %c0 : index")
    add("    scf.if %first {")
    for p in programs:
        r = tensor_type(p.result_shape(), p.elem)
        if p.checksum:
            add(f"      func.call @print{p.pid}(%r{p.pid}, %c{p.pid}) : ({r}, tensor<i64>) -> ()", p.pid)
        else:
            add(f"      func.call @print{p.pid}(%r{p.pid}) : ({r}) -> ()", p.pid)
    add("    }")
    add("    return")
    add("  }")
    add("}")
    return "\n".join(lines) + "\n", owner


def expected_lines(programs, clamp):
    lines = []
    for p in programs:
        bits = reference(p, clamp)
        if p.checksum:
            bits = bits + [sum(bits) % (1 << 64)]
        lines.append("".join([str(p.pid)] + ["," + str(b) for b in bits]))
    return lines


def oracle_text(programs, grid):
    """The annotations of `programs` for upstream mlir-opt, which knows no
    gather.gather: per program a function that passes each annotated
    tensor through its shard.shard and returns it."""
    lines = [f"shard.grid @grid(shape = {'x'.join(map(str, grid))})"]
    for p in programs:
        types = p.types()
        names = [n for n in types if p.annotations.get(n)]
        args = ", ".join(f"%{n}: {types[n]}" for n in names)
        results = ", ".join(types[n] for n in names)
        lines.append(f"func.func @o{p.pid}({args}) -> ({results}) {{")
        for n in names:
            lists, offsets = p.annotations[n]
            lines.append(f"  %s_{n} = {sharding_text('grid', lists, offsets)}")
            lines.append(f"  %v_{n} = shard.shard %{n} to %s_{n} : {types[n]}")
        values = ", ".join(f"%v_{n}" for n in names)
        lines.append(f"  return {values} : {results}" if names else "  return")
        lines.append("}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

NOT_SUPPORTED = "not supported by gather-to-mpi"


def crashed(status, err):
    return "Stack dump" in err or "PLEASE submit" in err or status not in (0, 1)


class Runner:
    def __init__(self, build, work):
        self.opt = os.path.join(build, "bin", "gather-opt")
        self.work = work

    def run(self, cmd, timeout=300, stdin=None):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=timeout, input=stdin)
            return r.returncode, r.stdout, r.stderr
        except subprocess.TimeoutExpired:
            return 124, "", "timeout"

    def write(self, name, text):
        path = os.path.join(self.work, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def upstream_accepts(self, text, name):
        """Whether upstream mlir-opt's shard verifier, sharding-propagation
        and shard-partition accept the module `text` (exit status 0)."""
        src = self.write(name + ".oracle.mlir", text)
        status, _, err = self.run([LLVM + "/bin/mlir-opt", src, "--pass-pipeline="
                                   "builtin.module(func.func(sharding-propagation,"
                                   "shard-partition))"], timeout=60)
        return status == 0 and not crashed(status, err)

    def lower_sharded(self, text, options, name):
        """(status, LLVM dialect or stderr) of gather-to-mpi on `text`."""
        src = self.write(name + ".mlir", text)
        pipeline = "--gather-to-mpi" + (f"={options}" if options else "")
        status, out, err = self.run([self.opt, src, pipeline])
        return status, out if status == 0 else err

    def run_sharded(self, lowered, nprocs, name):
        """(step, status, stdout) of the lowered module under mpirun."""
        status, ir, err = self.run([LLVM + "/bin/mlir-translate", "--mlir-to-llvmir"],
                                   stdin=lowered)
        if status != 0:
            return "translate", status, err
        ll = self.write(name + ".ll", ir)
        exe = os.path.join(self.work, name)
        status, _, err = self.run(["clang-22", "-O1", "-Wno-override-module", ll, "-o", exe,
                                   "-L" + LLVM + "/lib", "-lmlir_runner_utils",
                                   "-lmlir_c_runner_utils", "-lmlir_float16_utils",
                                   "-lmpich",
                                   "-Wl,-rpath," + LLVM + "/lib"])
        if status != 0:
            return "link", status, err
        status, out, err = self.run(["mpirun.mpich", "-np", str(nprocs), exe], timeout=120)
        return "run", status, out + ("\n@@stderr\n" + err if status else "")

    def sharded(self, text, nprocs, options, name):
        """(step, status, stdout or stderr) of the module under mpirun."""
        status, out = self.lower_sharded(text, options, name)
        if status != 0:
            return "compile", status, out
        return self.run_sharded(out, nprocs, name)

    def unsharded(self, text, options, name):
        src = self.write(name + ".plain.mlir", text)
        pipeline = "--gather-to-llvm" + (f"={options}" if options else "")
        status, out, err = self.run([self.opt, src, pipeline])
        if status != 0:
            return "compile", status, err
        status, out, err = self.run([LLVM + "/bin/mlir-runner", "-e", "main",
                                     "-entry-point-result=void",
                                     "-shared-libs=" + ",".join(RUNNER_LIBS)], stdin=out)
        return "run", status, out + ("\n@@stderr\n" + err if status else "")

    def compile_only(self, text, name):
        src = self.write(name + ".bad.mlir", text)
        return self.run([self.opt, src, "--gather-to-mpi"])


def compare(kind, got, expected):
    """Findings from comparing printed lines with the expected ones."""
    lines = [l.replace(" ", "") for l in got.splitlines()]
    lines = [l for l in lines if re.match(r"^\d+,", l)]
    found = {}
    for l in lines:
        found[l.split(",", 1)[0]] = l
    findings = []
    for e in expected:
        pid = e.split(",", 1)[0]
        if found.get(pid) != e:
            findings.append((int(pid), f"{kind}: got {found.get(pid)!r}, expected {e!r}"))
    return findings


def upstream_verdicts(runner, programs, grid, name):
    """{pid: whether upstream accepts the program's annotations}: one run
    of mlir-opt for the batch, one per program when the batch fails."""
    if runner.upstream_accepts(oracle_text(programs, grid), name):
        return {p.pid: True for p in programs}
    return {p.pid: runner.upstream_accepts(oracle_text([p], grid), f"{name}.{p.pid}")
            for p in programs}


def error_programs(err, owner):
    """{pid: message} of the errors in `err` on lines that belong to one
    program; None when an error lies elsewhere."""
    found = {}
    for match in re.finditer(r"^[^\n:]*:(\d+):\d+: error: (.*)$", err, re.M):
        pid = owner.get(int(match.group(1)))
        if pid is None:
            return None
        found.setdefault(pid, match.group(2))
    return found or None


def judge_rejection(pid, message, accepted, stats):
    """Counts the rejection of program `pid`; returns a finding or None."""
    if NOT_SUPPORTED in message:
        stats["not_supported"] += 1
        print(f"not supported: program {pid}: {message}")
        return None
    if accepted:
        stats["valid_rejected"] += 1
        return f"valid sharding rejected (upstream accepts it): {message}"
    stats["rejected_invalid"] += 1
    return None


def lower_batch(runner, programs, grid, options, name, verdicts, stats):
    """Lowers the batch, taking out each program that gather-to-mpi
    rejects; returns (programs kept, lowered module or None, findings)."""
    kept = list(programs)
    findings = []
    while kept:
        text, owner = module_text(kept, grid, True)
        status, out = runner.lower_sharded(text, options, name)
        if status == 0:
            return kept, out, findings
        rejected = None if crashed(status, out) else error_programs(out, owner)
        if rejected is None:
            findings.append((-1, f"sharded compile failed with status {status}:\n{out[-3000:]}"))
            return kept, None, findings
        for pid, message in rejected.items():
            finding = judge_rejection(pid, message, verdicts[pid], stats)
            if finding:
                findings.append((pid, finding))
        kept = [p for p in kept if p.pid not in rejected]
    return kept, None, findings


def run_batch(runner, rng, first, count, stats, keep):
    grid = rng.choice(GRIDS)
    nprocs = prod(grid)
    clamp = rng.random() < 0.35
    options = "bounds-check=clamp" if clamp else ""
    programs = [draw_program(rng, first + k, grid, clamp) for k in range(count)]
    name = f"batch{first}"
    verdicts = upstream_verdicts(runner, programs, grid, name)
    for p in programs:
        stats["upstream_valid" if verdicts[p.pid] else "upstream_invalid"] += 1
    kept, lowered, findings = lower_batch(runner, programs, grid, options, name,
                                          verdicts, stats)
    if lowered is not None:
        stats["ran"] += len(kept)
        step, status, out = runner.run_sharded(lowered, nprocs, name)
        if step != "run" or status != 0:
            findings.append((-1, f"sharded {step} failed with status {status}:\n{out[-3000:]}"))
        else:
            findings += compare(f"{nprocs} processes", out, expected_lines(kept, clamp))
    plain, _ = module_text(programs, grid, False)
    step, status, out = runner.unsharded(plain, options, name)
    if step != "run" or status != 0:
        findings.append((-1, f"unsharded {step} failed with status {status}:\n{out[-2000:]}"))
    else:
        findings += compare("unsharded", out, expected_lines(programs, clamp))
    bad = {pid for pid, _ in findings}
    failed = count if -1 in bad else len(bad)
    stats["passed"] += count - failed
    stats["failed"] += failed
    for pid, text in findings:
        print(f"FINDING batch {first} grid {grid} {options or 'assert'} program {pid}: {text}")
    if findings:
        keep_dir = keep or runner.work
        sharded, _ = module_text(programs, grid, True)
        for suffix, text in ((".mlir", sharded), (".plain.mlir", plain),
                             (".oracle.mlir", oracle_text(programs, grid))):
            with open(os.path.join(keep_dir, name + suffix), "w") as f:
                f.write(text)
        print(f"  reproducer: {os.path.join(keep_dir, name)}.mlir on {nprocs} processes")
    return findings


# --------------------------------------------------------------------------
# Invalid annotations and out-of-range ids
# --------------------------------------------------------------------------


def invalid_module(rng, pid):
    """A module that gather-to-mpi must reject, why, and its program and
    grid (for upstream's verdict)."""
    grid = rng.choice(GRIDS)
    p = draw_program(rng, pid, grid, False, variety=False)
    rows = p.table_shape[0]
    kind = rng.choice(["axis", "zero", "offsets_end", "offsets_count",
                       "uneven_reshard", "partial_axes", "complex"])
    gshape = list(grid)
    if kind == "axis":
        p.data = ([[len(grid) + rng.randint(0, 2)]], [])
    elif kind == "zero":
        gshape[0] = 0
        p.data = ([[0]], [])
    elif kind == "offsets_end":
        members = grid[0]
        p.data = ([[0]], balanced(rows, members)[:-1] + [rows + rng.randint(1, 3)])
    elif kind == "offsets_count":
        p.data = ([[0]], balanced(rows, grid[0]) + [rows])
    elif kind == "uneven_reshard":
        # ids split unevenly with the result replicated.
        gshape = [rng.choice([2, 3, 4])]
        n = gshape[0]
        p.ids_shape = [n * rng.randint(1, 2) + rng.randint(1, n - 1)]
        p.id_values = [0] * p.ids_shape[0]
        p.data = ([[]], [])
        p.ids = [[0]]
        p.result = [[]]
    elif kind == "partial_axes":
        # The rows over two grid axes, the ids over one of them.
        gshape = [2, 2]
        p.data = ([[0, 1]], [])
        p.ids = [[0]] + [[] for _ in p.ids_shape[1:]]
        p.result = [[0]] + [[] for _ in p.result_shape()[1:]]
    elif kind == "complex":
        # An element type whose bits no MPI sum carries.
        gshape = [2]
        p.table_shape[0] = max(rows, 2)
        p.data = ([[0]], [])
        p.ids = [[] for _ in p.ids_shape]
        p.result = [[] for _ in p.result_shape()]
        text = complex_module(p)
        p.elem = "complex<f32>"
        p.annotations = {"table": ([[0]], [])}
        return kind, text, p, gshape
    if kind in ("axis", "zero", "offsets_end", "offsets_count"):
        p.ids = [[] for _ in p.ids_shape]
        p.result = [[] for _ in p.result_shape()]
    annotate(rng, p, False)
    text, _ = module_text([p], gshape, True)
    return kind, text, p, gshape


def complex_module(p):
    """`p` with complex<f32> elements, compiled only (no @main)."""
    t = tensor_type(p.table_shape, "complex<f32>")
    i = tensor_type(p.ids_shape, p.index)
    r = tensor_type(p.result_shape(), "complex<f32>")
    return f"""module {{
  shard.grid @grid(shape = 2)
  func.func @g{p.pid}(%table: {t}, %ids: {i}) -> {r} {{
    %sd = {sharding_text("grid", [[0]], [])}
    %t = shard.shard %table to %sd : {t}
    %g = gather.gather %t[%ids] : {t}, {i}
    return %g : {r}
  }}
}}
"""


def check_invalid(runner, rng, pid, stats):
    """A module that gather-to-mpi rejects: status 1 and an error, never a
    crash, and the "not supported" diagnostic where upstream accepts it."""
    kind, text, p, gshape = invalid_module(rng, pid)
    accepted = runner.upstream_accepts(oracle_text([p], gshape), f"invalid{pid}")
    stats["upstream_valid" if accepted else "upstream_invalid"] += 1
    status, out, err = runner.compile_only(text, f"invalid{pid}")
    message = re.search(r"error: (.*)", err)
    finding = None
    if status == 1 and message and not crashed(status, err):
        finding = judge_rejection(pid, message.group(1), accepted, stats)
        if finding is None:
            stats["passed"] += 1
            return
    stats["failed"] += 1
    print(f"FINDING invalid program {pid} ({kind}): status {status}"
          f"{': ' + finding if finding else ''}\n{err[-2000:]}")
    print(text)


def check_out_of_range(runner, rng, pid, stats):
    grid = rng.choice([g for g in GRIDS if len(g) == 1])
    n = grid[0]
    while True:
        p = draw_program(rng, pid, grid, False, variety=False)
        if p.index != "ui32":
            break
    rows = p.table_shape[0]
    p.id_values[rng.randrange(len(p.id_values))] = rows + 2
    text, _ = module_text([p], grid, True)
    step, status, out = runner.sharded(text, n, "", f"oob{pid}")
    message = f"gather: index {rows + 2} is out of bounds for a dimension of size {rows}"
    # Every process of the group of the bad id prints; with ids replicated
    # or split over the rows' axes that group is the whole grid.
    count = out.count(message)
    groups = n
    if p.form == "local" or (p.form == "allreduce" and any(p.ids)):
        groups = None  # only the processes that hold the id check it
    ok = step == "run" and status != 0 and count >= 1 and (groups is None or count == groups)
    if ok and groups is not None:
        ok = status == 1
    if ok:
        stats["passed"] += 1
        return
    stats["failed"] += 1
    print(f"FINDING out-of-range program {pid} ({p.form}) on {n} processes: step {step} "
          f"status {status}, {count} messages\n{out[-2000:]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--programs", type=int, default=200)
    parser.add_argument("--batch", type=int, default=25)
    parser.add_argument("--invalid-percent", type=int, default=5)
    parser.add_argument("--oob-percent", type=int, default=1)
    parser.add_argument("--build", default=os.environ.get(
        "GATHER_BUILD_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "build")))
    parser.add_argument("--keep", default=None, help="directory for reproducers")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    stats = {key: 0 for key in ("passed", "failed", "upstream_valid",
                                "upstream_invalid", "ran", "not_supported",
                                "valid_rejected", "rejected_invalid")}
    work = tempfile.mkdtemp(prefix="gather-shard-gen.")
    runner = Runner(args.build, work)
    try:
        done = 0
        while done < args.programs:
            count = min(args.batch, args.programs - done)
            invalid = count * args.invalid_percent // 100
            oob = max(0, count * args.oob_percent // 100)
            valid = count - invalid - oob
            if valid > 0:
                run_batch(runner, rng, done, valid, stats, args.keep)
            for k in range(invalid):
                check_invalid(runner, rng, done + valid + k, stats)
            for k in range(oob):
                check_out_of_range(runner, rng, done + valid + invalid + k, stats)
            done += count
            sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"upstream accepts {stats['upstream_valid']} programs' shardings and "
          f"rejects {stats['upstream_invalid']}; gather-to-mpi ran "
          f"{stats['ran']} in their batches, said {stats['not_supported']} are "
          f"not supported, rejected {stats['rejected_invalid']} that upstream "
          f"rejects too")
    print(f"valid sharding rejected: {stats['valid_rejected']}")
    print(f"{stats['passed']} passed, {stats['failed']} failed")
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""The RUN lines of lit tests, for the CI jobs that run them again in
another way (scripts/ci/upstream.sh).

    run_lines(path)          the RUN lines of a test, continuations joined
    substitute(cmd, path)    the lit substitutions of test/lit.cfg.py that
                             the execution tests use, for `path`
    tool_env(build)          an environment whose PATH finds gather-opt and
                             LLVM's tools
    run_stages(stages, env, input)
                             runs a list of shell pipeline stages
"""
import os
import re
import subprocess

LLVM = "/usr/lib/llvm-22"

SUBSTITUTIONS = {
    "%mlir_runner_utils": LLVM + "/lib/libmlir_runner_utils.so",
    "%mlir_c_runner_utils": LLVM + "/lib/libmlir_c_runner_utils.so",
    "%libomp": LLVM + "/lib/libomp.so",
}


def run_lines(path):
    """The RUN lines of the lit test `path`, with `\\` continuations
    joined."""
    lines, current = [], ""
    with open(path) as f:
        for line in f:
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


def substitute(cmd, path):
    """`cmd` with %s, %p and the runner library substitutions replaced."""
    cmd = cmd.replace("%s", path).replace("%p", os.path.dirname(path))
    for key in sorted(SUBSTITUTIONS, key=len, reverse=True):
        cmd = cmd.replace(key, SUBSTITUTIONS[key])
    return cmd


def tool_env(build):
    """The environment of the test commands: gather-opt and LLVM's tools
    first on PATH."""
    env = dict(os.environ)
    env["PATH"] = build + "/bin:" + LLVM + "/bin:" + env["PATH"]
    return env


def split_stages(cmd):
    """The stages of the shell pipeline `cmd` (split at ` | `)."""
    return cmd.split(" | ")


def run_stages(stages, env, stdin=None, timeout=600):
    """Runs `stages` as one bash pipeline (with pipefail); returns the
    CompletedProcess (text mode)."""
    return subprocess.run(["bash", "-o", "pipefail", "-c", " | ".join(stages)],
                          env=env, input=stdin, capture_output=True, text=True,
                          timeout=timeout)

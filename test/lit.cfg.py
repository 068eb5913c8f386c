# -*- Python -*-
"""lit configuration of the gather-mlir regression and integration tests."""

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "GATHER"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gather_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", ".so"))
config.substitutions.append(
    ("%mlir_runner_utils",
     os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mlir_c_runner_utils",
     os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))
config.substitutions.append(("%gather_lib_dir", config.gather_lib_dir))
# The Ascend runtime (built against the in-tree ATB/ACL emulator) that code
# lowered by gather-to-atb calls.
config.substitutions.append(
    ("%gather_ascend_runtime",
     os.path.join(config.gather_lib_dir, "libgather_ascend_runtime.so")))
config.substitutions.append(
    ("%libomp", os.path.join(config.llvm_lib_dir, "libomp.so")))
config.substitutions.append(("%gather_src_root", config.gather_src_root))
# Programs lowered by gather-to-mpi run in one process (MPICH's singleton
# start, no mpirun) under lli, with the runner-utils libraries and libmpich
# loaded: `%lli_mpi file.ll`.
mpich = "/usr/lib/x86_64-linux-gnu/libmpich.so"
if os.path.exists(mpich):
    config.available_features.add("mpich")
    config.substitutions.append(
        ("%lli_mpi", " ".join(
            [os.path.join(config.llvm_tools_dir, "lli")] +
            ["-load=" + os.path.join(config.llvm_lib_dir, lib)
             for lib in ("libmlir_c_runner_utils.so",
                         "libmlir_runner_utils.so")] +
            ["-load=" + mpich])))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.gather_tools_dir, append_path=True)

tool_dirs = [config.gather_tools_dir, config.llvm_tools_dir]
# In a sanitizer build (cmake/GatherSanitize.cmake) the uninstrumented
# mlir-runner loads instrumented libraries (the Ascend runtime): the sanitizer
# runtime must then be loaded first.
mlir_runner = "mlir-runner"
if getattr(config, "gather_sanitizer_runtime", ""):
    mlir_runner = ToolSubst(
        "mlir-runner",
        command="env",
        extra_args=["LD_PRELOAD=" + config.gather_sanitizer_runtime,
                    os.path.join(config.llvm_tools_dir, "mlir-runner")])
    config.available_features.add("sanitizer")
tools = [
    "gather-opt",
    "mlir-opt",
    mlir_runner,
    ToolSubst("%gather-opt", command="gather-opt", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# -*- Python -*-
"""lit configuration that runs every gtest unit test as its own lit test."""

import os

import lit.formats

config.name = "GATHER-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.gather_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")

#!/bin/sh
# Interestingness test of gather-reduce (exit status 1: interesting): the
# module is valid and still holds a gather with batch_dims = 1.
gather-opt "$1" 2>/dev/null | grep -q "batch_dims = 1" && exit 1
exit 0

#!/bin/sh
# The whole test suite from a fresh Debian 12 machine: install what is missing, configure, build,
# run ctest and print its summary. Usage: bash tests/run-all.sh   (BUILD_DIR=... to choose the folder)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-"$here/build"}
jobs=$(nproc 2>/dev/null || echo 2)

sh "$here/packaging/install-deps.sh"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$jobs"
# GUI tests run offscreen; the test environment (offscreen platform, data folder) is set per test.
cd "$build"
ctest --output-on-failure -j "$jobs" --timeout 600

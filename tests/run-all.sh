#!/bin/sh
# The whole test suite from a fresh Debian 12 machine: install what is missing, configure, build,
# run ctest and print its summary. Usage: bash tests/run-all.sh   (BUILD_DIR=... to choose the folder)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-"$here/build"}
jobs=$(nproc 2>/dev/null || echo 2)

sh "$here/packaging/install-deps.sh"

# Line tables only (-g1): a crash's backtrace keeps its functions, files and lines, and the build needs
# about 0.7 GB of disk instead of 3.2 GB with full debug info (~60 test programs each link the core).
# A CI machine once ran out of disk mid-build with full debug info. Full -g: configure your own folder
# without this flag (CMakePresets.json "default").
need_mb=1500
mkdir -p "$build"
free_mb=$(df -Pm "$build" 2>/dev/null | awk 'NR == 2 { print $4 }')
if [ -n "$free_mb" ] && [ "$free_mb" -lt "$need_mb" ]; then
    echo "run-all: only $free_mb MB free on the disk of $build; the build and tests need about $need_mb MB." >&2
    echo "run-all: free some space, or set BUILD_DIR to a folder on a larger disk. Trying anyway." >&2
fi
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" >/dev/null
if ! cmake --build "$build" -j "$jobs"; then
    free_mb=$(df -Pm "$build" 2>/dev/null | awk 'NR == 2 { print $4 }')
    [ -n "$free_mb" ] && [ "$free_mb" -lt 200 ] &&
        echo "run-all: the build failed with $free_mb MB left on the disk of $build: out of disk space?" >&2
    exit 1
fi
# GUI tests run offscreen; the test environment (offscreen platform, data folder) is set per test.
cd "$build"
ctest --output-on-failure -j "$jobs" --timeout 600

#!/bin/sh
# Builds the libFuzzer targets with clang (own build folder, core instrumented with ASan + UBSan, any
# UBSan report fatal) and runs each for FUZZ_SECONDS (default 30) from the seed corpus in
# tests/fuzz/corpus/<target>/ (fuzz_design: the whole pipeline, design bytes to every export; with the
# dictionary tests/fuzz/design.dict; fuzz_sweep_lines: the sweep's JSON-lines input, with
# tests/fuzz/sweep_lines.dict). FUZZ_TARGETS picks targets (default: all three); FUZZ_JOBS runs that many
# fuzzing processes per target (libFuzzer -fork). New inputs that find new coverage go to
# build-fuzz/corpus/; crashes stop the run with exit 1. The execution count is printed per target.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD_DIR:-"$here/build-fuzz"}
seconds=${FUZZ_SECONDS:-30}
targets=${FUZZ_TARGETS:-"fuzz_design fuzz_prices fuzz_sweep_lines"}
jobs=${FUZZ_JOBS:-1}
if ! command -v clang++ >/dev/null 2>&1; then
    echo "run-fuzz: clang++ is not installed (apt-get install clang); skipping" >&2
    exit 0
fi
CC=clang CXX=clang++ cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DFABRICPLAN_FUZZ=ON -DFABRICPLAN_BUILD_GUI=OFF -DFABRICPLAN_BUILD_TESTS=OFF >/dev/null
# shellcheck disable=SC2086
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target $targets
for target in $targets; do
    mkdir -p "$build/corpus/$target" "$build/artifacts/$target"
    echo "run-fuzz: $target for ${seconds}s"
    dict=""
    [ -f "$here/tests/fuzz/${target#fuzz_}.dict" ] && dict="-dict=$here/tests/fuzz/${target#fuzz_}.dict"
    fork=""
    [ "$jobs" -gt 1 ] && fork="-fork=$jobs"
    # shellcheck disable=SC2086
    "$build/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        $dict $fork -artifact_prefix="$build/artifacts/$target/" "$build/corpus/$target" "$here/tests/fuzz/corpus/${target#fuzz_}" \
        2>&1 | grep -E 'stat::number_of_executed_units|stat::new_units_added|ERROR|SUMMARY|Done' || true
    if ls "$build/artifacts/$target/" | grep -q .; then
        echo "run-fuzz: $target found a failing input: $build/artifacts/$target/" >&2
        exit 1
    fi
done

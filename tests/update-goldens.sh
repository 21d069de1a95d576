#!/bin/sh
# Regenerates the golden plan snapshots (tests/data/golden/*.txt) from the current code, for a change
# that moves the numbers on purpose. Review the diff (git diff tests/data/golden) before committing.
# Usage: tests/update-goldens.sh [build-dir]   (default: build)
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$here/build"}
cmake --build "$build" --target test_golden
FABRICPLAN_UPDATE_GOLDEN=1 ctest --test-dir "$build" -R 'core/test_golden$' --output-on-failure
git -C "$here" status --short tests/data/golden

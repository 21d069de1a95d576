#!/bin/sh
# Quick start: build FabricPlan if needed and open the bundled 1,024-GPU example in the GUI; without a
# display, plan it with the CLI, print the summary and write its BOM files to ./fabricplan-output/.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-"$here/build"}
example="$here/data/examples/dgx-h100-superpod-1024.fabricplan"

sh "$here/packaging/install-deps.sh"
if [ ! -x "$build/app/fabricplan-cli" ] || [ ! -f "$build/data/catalog.sqlite" ] || [ ! -x "$build/app/fabricplan" ]; then
    cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target fabricplan fabricplan-cli fabricplan_catalog fabricplan_examples
fi

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec "$build/app/fabricplan" "$example"
fi
out=${OUTPUT_DIR:-"$PWD/fabricplan-output"}
mkdir -p "$out"
echo "No display found: planning $example with the CLI."
status=0
"$build/app/fabricplan-cli" plan "$example" --xlsx "$out/bom.xlsx" --csv "$out" --json "$out/plan.json" || status=$?
echo "BOM files written to $out/ (bom.xlsx, bom.csv, cables.csv, plan.json)"
exit $status

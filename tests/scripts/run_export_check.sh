#!/bin/bash
# Plans the default design with the CLI, exports every format into OUT, runs the Python checkers.
# Usage: run_export_check.sh CLI CATALOG PYTHON SCRIPTS_DIR OUT
set -u
cli=$1 catalog=$2 python=$3 scripts=$4 out=$5
rm -rf "$out" && mkdir -p "$out/csv" || exit 2
export HOME="$out/home"  # keep the CLI away from a developer's catalog copy
"$cli" plan --catalog "$catalog" \
    --json "$out/plan.json" --xlsx "$out/plan.xlsx" --csv "$out/csv" \
    --export labels="$out/labels.csv" --export topology-svg="$out/topology.svg" \
    --export netbox-devices="$out/netbox-devices.csv" --export netbox-cables="$out/netbox-cables.csv" \
    --export ibdm-topology="$out/ibdm" > "$out/cli.log" 2>&1
rc=$?
# 0 = clean plan, 1 = the plan has design-rule findings; both still write every file.
if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
    cat "$out/cli.log"; echo "fabricplan-cli plan failed ($rc)"; exit 1
fi
"$python" "$scripts/check_xlsx.py" "$out" "$catalog" || exit 1
"$python" "$scripts/check_exports.py" "$out" || exit 1

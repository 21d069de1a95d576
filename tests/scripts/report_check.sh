#!/bin/bash
# The CLI writes the PDF report (plan and compare) and the diagrams for the default design; then
# report_check.py reads them back with poppler (pdfinfo, pdftotext), the PNG header and xml.etree,
# and compares them with the plan JSON written by the same run.
# Usage: report_check.sh CLI CATALOG PYTHON SCRIPTS_DIR OUT      (exit 77 = skipped: no poppler)
set -u
cli=$1 catalog=$2 python=$3 scripts=$4 out=$5
command -v pdfinfo >/dev/null && command -v pdftotext >/dev/null || { echo "poppler-utils missing"; exit 77; }
rm -rf "$out" && mkdir -p "$out" || exit 2
export HOME="$out/home"  # keep the CLI away from a developer's catalog copy
"$cli" plan --catalog "$catalog" --json "$out/plan.json" --pdf "$out/plan.pdf" \
    --topology-png "$out/topology.png" --floor-png "$out/floor.png" --floor-svg "$out/floor.svg" \
    > "$out/plan.log" 2>&1
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then cat "$out/plan.log"; echo "fabricplan-cli plan failed ($rc)"; exit 1; fi
"$cli" compare --catalog "$catalog" --pdf "$out/compare.pdf" --json "$out/compare.json" > "$out/compare.log" 2>&1
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then cat "$out/compare.log"; echo "fabricplan-cli compare failed ($rc)"; exit 1; fi
exec "$python" "$scripts/report_check.py" "$out"

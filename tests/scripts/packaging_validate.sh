#!/bin/bash
# Validates the desktop-integration files with the freedesktop tools themselves.
#   packaging_validate.sh desktop  <dir>             every <dir>/*.desktop with desktop-file-validate
#   packaging_validate.sh metainfo <dir> <version>   every <dir>/*.metainfo.xml with appstreamcli, and
#                                                    its newest release is <version>
# Exit 77 (ctest SKIP) when the validator is not installed.
set -euo pipefail
kind=$1 dir=$2
shopt -s nullglob

case $kind in
desktop)
    command -v desktop-file-validate >/dev/null || { echo "SKIP: desktop-file-validate not installed"; exit 77; }
    files=("$dir"/*.desktop)
    [ ${#files[@]} -gt 0 ] || { echo "FAIL: no .desktop file in $dir"; exit 1; }
    for f in "${files[@]}"; do
        # desktop-file-validate exits 0 on hints, so any printed error or warning fails the test too.
        out=$(desktop-file-validate "$f" 2>&1) || { echo "$out"; echo "FAIL: $f"; exit 1; }
        if grep -qE 'error|warning' <<<"$out"; then echo "$out"; echo "FAIL: $f"; exit 1; fi
        echo "ok: $f"
    done
    ;;
metainfo)
    version=$3
    command -v appstreamcli >/dev/null || { echo "SKIP: appstreamcli not installed"; exit 77; }
    files=("$dir"/*.metainfo.xml)
    [ ${#files[@]} -gt 0 ] || { echo "FAIL: no .metainfo.xml in $dir (was the tree configured?)"; exit 1; }
    for f in "${files[@]}"; do
        appstreamcli validate --no-net "$f" || { echo "FAIL: $f"; exit 1; }
        # The first <release> is the newest one; it must be the version CMake's project() declares.
        newest=$(grep -o '<release [^>]*version="[^"]*"' "$f" | head -n1 | sed 's/.*version="\([^"]*\)"/\1/')
        [ "$newest" = "$version" ] || { echo "FAIL: $f: newest release '$newest', project version '$version'"; exit 1; }
        echo "ok: $f (release $newest)"
    done
    ;;
*)
    echo "usage: $0 desktop <dir> | metainfo <dir> <version>"; exit 2 ;;
esac

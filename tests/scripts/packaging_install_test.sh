#!/bin/bash
# `cmake --install` into a fresh prefix, then move that prefix elsewhere (as `dpkg -x` or unpacking a
# tarball would) and check the tree and run the installed CLI from it.
#   packaging_install_test.sh <build-dir> <version> <gui ON|OFF>
set -euo pipefail
build=$1 version=$2 gui=$3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fabricplan-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 \
    || { cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1; }
echo "ok: installed $(find "$tmp/prefix" -type f | wc -l) files into a temporary prefix"
mv "$tmp/prefix" "$tmp/moved"
bash "$here/packaging_check_tree.sh" "$tmp/moved" "$version" "$gui"

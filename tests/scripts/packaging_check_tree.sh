#!/bin/bash
# Checks an installed FabricPlan tree (a `cmake --install` prefix, an unpacked .deb's usr/, or an
# unpacked tarball) and runs its CLI from there, with nothing pointing it at the build tree.
#   packaging_check_tree.sh <prefix> <version> <gui ON|OFF> [all-examples|one-example]
# one-example plans only the first example that plans cleanly (the .deb test checks two trees).
set -euo pipefail
prefix=$1 version=$2 gui=$3 examples_mode=${4:-all-examples}
shopt -s nullglob
fail() { echo "FAIL: $*"; exit 1; }

# ---- files -----------------------------------------------------------------------------------------
need=(bin/fabricplan-cli libexec/fabricplan/fabricplan-cli-report share/fabricplan/catalog.sqlite
      share/man/man1/fabricplan-cli.1.gz)
[ "$gui" = ON ] && need+=(bin/fabricplan share/man/man1/fabricplan.1.gz)
for f in "${need[@]}"; do [ -e "$prefix/$f" ] || fail "missing $f"; done
[ -x "$prefix/bin/fabricplan-cli" ] || fail "bin/fabricplan-cli is not executable"

metainfos=("$prefix"/share/metainfo/*.metainfo.xml)
[ ${#metainfos[@]} -eq 1 ] || fail "expected one share/metainfo/*.metainfo.xml, found ${#metainfos[@]}"
# The app id ties the files together: <id>.desktop, Icon=<id>, <id>.svg/.png, the MIME package.
id=$(sed -n 's:.*<id>\(.*\)</id>.*:\1:p' "${metainfos[0]}" | head -n1)
[ -n "$id" ] || fail "no <id> in ${metainfos[0]}"
desktop="$prefix/share/applications/$id.desktop"
[ -f "$desktop" ] || fail "missing share/applications/$id.desktop"
grep -qx "Icon=$id" "$desktop" || fail "$id.desktop does not use Icon=$id"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "${metainfos[0]}" \
    || fail "metainfo does not launch $id.desktop"
[ -f "$prefix/share/icons/hicolor/scalable/apps/$id.svg" ] || fail "missing scalable/apps/$id.svg"
[ -f "$prefix/share/mime/packages/$id.xml" ] || fail "missing share/mime/packages/$id.xml"
ls "$prefix"/share/fabricplan/examples/*.fabricplan >/dev/null 2>&1 || fail "no example in share/fabricplan/examples"

# Each hicolor NxN PNG really is N by N pixels (read from the PNG's IHDR, not from its folder name).
for size in 16 22 24 32 48 64 128 256 512; do
    png="$prefix/share/icons/hicolor/${size}x${size}/apps/$id.png"
    [ -f "$png" ] || fail "missing ${size}x${size}/apps/$id.png"
    dims=$(python3 -c 'import struct,sys
d=open(sys.argv[1],"rb").read(24)
assert d[:8]==b"\x89PNG\r\n\x1a\n" and d[12:16]==b"IHDR", "not a PNG"
print("%dx%d" % struct.unpack(">II", d[16:24]))' "$png") || fail "$png is not a PNG"
    [ "$dims" = "${size}x${size}" ] || fail "$png is $dims, expected ${size}x${size}"
done

if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$desktop" || fail "installed $id.desktop does not validate"
fi

# ---- the CLI runs from here ------------------------------------------------------------------------
cli="$prefix/bin/fabricplan-cli"
# Nothing may point the CLI elsewhere: no FABRICPLAN_DATA_DIR, and an empty home, since the CLI prefers
# the user's catalog copy ($XDG_DATA_HOME/fabricplan) over the bundled one.
home=$(mktemp -d "${TMPDIR:-/tmp}/fabricplan-home.XXXXXX")
trap 'rm -rf "$home"' EXIT
run() { env -u FABRICPLAN_DATA_DIR -u XDG_DATA_HOME -u XDG_CONFIG_HOME HOME="$home" "$@"; }

out=$(run "$cli" --version) || fail "fabricplan-cli --version exited $?"
grep -qE "(^|[^0-9.])${version//./\\.}([^0-9.]|$)" <<<"$out" || fail "--version printed '$out', expected $version"
echo "ok: --version: $out"

has_topology='import json,sys
doc=json.loads(sys.stdin.read())
def keys(v):
    if isinstance(v, dict):
        for k, x in v.items():
            yield k
            yield from keys(x)
    elif isinstance(v, list):
        for x in v:
            yield from keys(x)
assert "topology" in set(keys(doc)), "no \"topology\" in the plan JSON"'
# Every bundled example plans to JSON with a topology. Exit 1 only says the plan has design-rule errors
# (an example may show some on purpose); at least one example must plan cleanly (exit 0).
clean=""
for example in "$prefix"/share/fabricplan/examples/*.fabricplan; do
    status=0
    json=$(run "$cli" plan "$example" --json -) || status=$?
    [ $status -le 1 ] || fail "fabricplan-cli plan $(basename "$example") --json - exited $status"
    python3 -c "$has_topology" <<<"$json" || fail "plan $(basename "$example"): JSON not as expected"
    echo "ok: plan $(basename "$example") (exit $status) printed JSON with \"topology\" (${#json} bytes)"
    [ $status -eq 0 ] && [ -z "$clean" ] && clean=$example
    [ "$examples_mode" = one-example ] && [ -n "$clean" ] && break
done
[ -n "$clean" ] || fail "no bundled example plans without design-rule errors"

# Drawn outputs come from the report helper in libexec/fabricplan, which the lean CLI finds relative to
# itself wherever the prefix was moved.
run "$cli" plan "$clean" --floor-svg "$home/floor.svg" >/dev/null 2>"$home/svg.log" \
    || { cat "$home/svg.log"; fail "fabricplan-cli plan --floor-svg failed (report helper not found?)"; }
grep -q "<svg" "$home/floor.svg" || fail "--floor-svg wrote no SVG"
echo "ok: plan --floor-svg through libexec/fabricplan/fabricplan-cli-report"

# The desktop app starts from here too: offscreen, it opens the example, plans it and grabs its window.
gui_run() { run QT_QPA_PLATFORM=offscreen "$prefix/bin/fabricplan" "$@"; }
if [ "$gui" = ON ]; then
    out=$(gui_run --version 2>/dev/null) || fail "fabricplan --version exited $?"
    grep -qF "$version" <<<"$out" || fail "fabricplan --version printed '$out', expected $version"
    gui_run --screenshot "$home/summary.png" --tab summary "$clean" >"$home/gui.log" 2>&1 \
        || { cat "$home/gui.log"; fail "fabricplan --screenshot on $(basename "$clean") failed"; }
    dims=$(python3 -c 'import struct,sys
d=open(sys.argv[1],"rb").read(24)
print("%d %d" % struct.unpack(">II", d[16:24]))' "$home/summary.png") || fail "the screenshot is not a PNG"
    read -r w h <<<"$dims"
    # A real main window, not an empty or icon-sized grab.
    { [ "$w" -ge 400 ] && [ "$h" -ge 300 ]; } || fail "the screenshot is only ${w}x${h}"
    echo "ok: fabricplan --version and --screenshot (${w}x${h}) from $prefix/bin"
fi

# The binaries must read the catalog beside them. Spoil that copy: if the plan still succeeded, the binary
# was reading some other catalog (the build tree's, or the configured prefix's).
catalog="$prefix/share/fabricplan/catalog.sqlite"
cp "$catalog" "$catalog.good"
printf 'not a database\n' > "$catalog"
status=0
run "$cli" plan "$clean" --json - >/dev/null 2>"$home/stderr" || status=$?
gui_status=0
[ "$gui" = ON ] && { gui_run --screenshot "$home/spoiled.png" "$clean" >/dev/null 2>&1 || gui_status=$?; }
mv "$catalog.good" "$catalog"
[ "$gui" = OFF ] || [ $gui_status -ne 0 ] || fail "fabricplan ran with the installed catalog spoiled: it reads a catalog outside $prefix"
[ $status -ne 0 ] || fail "plan still succeeded with the installed catalog spoiled: the CLI reads a catalog outside $prefix"
# 2 is the CLI's documented status for bad input; anything else (a crash) is a bug of its own.
[ $status -eq 2 ] || { cat "$home/stderr"; fail "a spoiled catalog gave exit $status, expected 2 (bad input)"; }
echo "ok: the CLI reads $catalog ($(head -c 200 "$home/stderr"))"

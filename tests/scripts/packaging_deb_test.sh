#!/bin/bash
# Builds the .deb and .tar.gz with CPack, inspects the .deb's control fields and contents, unpacks
# both (`dpkg -x`, `tar -x`) and runs the CLI from each unpacked tree.
#   packaging_deb_test.sh <build-dir> <version> <gui ON|OFF>
set -euo pipefail
build=$1 version=$2 gui=$3
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
for tool in cpack dpkg-deb; do
    command -v $tool >/dev/null || { echo "SKIP: $tool not installed"; exit 77; }
done
[ -f "$build/CPackConfig.cmake" ] || fail "no $build/CPackConfig.cmake (is packaging/ configured?)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fabricplan-deb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cpack --config "$build/CPackConfig.cmake" -G "DEB;TGZ" -B "$tmp/out" >"$tmp/cpack.log" 2>&1 \
    || { cat "$tmp/cpack.log"; fail "cpack"; }

shopt -s nullglob
debs=("$tmp"/out/fabricplan_"$version"*.deb)
tgzs=("$tmp"/out/fabricplan-"$version"-*.tar.gz)
[ ${#debs[@]} -eq 1 ] || { ls -l "$tmp/out"; fail "expected one fabricplan_${version}*.deb"; }
[ ${#tgzs[@]} -eq 1 ] || { ls -l "$tmp/out"; fail "expected one fabricplan-${version}-*.tar.gz"; }
deb=${debs[0]} tgz=${tgzs[0]}

# ---- control fields --------------------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = fabricplan ] || fail "Package is '$(field Package)'"
case "$(field Version)" in "$version"|"$version"-*) ;; *) fail "Version is '$(field Version)', want $version" ;; esac
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
[ -n "$(field Section)" ] || fail "no Section"
[ -n "$(field Homepage)" ] || fail "no Homepage"
[ -n "$(field Description)" ] || fail "no Description"
depends=$(field Depends)
mkdir "$tmp/deb-root" "$tmp/tgz-root"
dpkg-deb -x "$deb" "$tmp/deb-root"
in_depends() {   # is package $1 in Depends (with or without a version)?
    local re=${1//+/\\+}; re=${re//./\\.}
    grep -qE "(^|, )$re( |,|$)" <<<"$depends"
}
# What every build links (the C/C++ runtime, SQLite for the catalog), and Qt when the GUI is built.
want=(libc6 libstdc++6 libsqlite3-0)
[ "$gui" = ON ] && want+=(libqt6core6 libqt6gui6 libqt6widgets6 libqt6charts6 libqt6svg6)
for p in "${want[@]}"; do in_depends "$p" || fail "Depends lacks $p: $depends"; done
# And every shared library the packaged binaries actually load (DT_NEEDED) comes from a package in
# Depends; the package that provides it is asked of this machine's dpkg database.
if command -v objdump >/dev/null; then
    for bin in "$tmp"/deb-root/usr/bin/*; do
        for so in $(objdump -p "$bin" | awk '$1 == "NEEDED" {print $2}'); do
            providers=$(dpkg -S "/$so" 2>/dev/null | cut -d: -f1 | tr ',' '\n' | tr -d ' ' | sort -u) || true
            [ -n "$providers" ] || continue   # not from a Debian package here: nothing to check against
            ok=no
            for p in $providers; do in_depends "$p" && ok=yes; done
            [ $ok = yes ] || fail "$(basename "$bin") needs $so (from $providers), not in Depends: $depends"
        done
    done
fi
echo "ok: $(basename "$deb") $(du -k "$deb" | cut -f1) KiB, Depends: $depends"

# ---- contents: everything under /usr, owned by root ------------------------------------------------
dpkg-deb -c "$deb" >"$tmp/contents"
grep -vE '^[^ ]+ root/root ' "$tmp/contents" && fail "files not owned by root/root"
grep -oE ' \./[^ ]*' "$tmp/contents" | grep -vE '^ \./(usr(/.*)?)?$' && fail "files outside /usr"
for f in usr/bin/fabricplan-cli usr/share/fabricplan/catalog.sqlite usr/share/metainfo/ usr/share/applications/; do
    grep -qF " ./$f" "$tmp/contents" || fail "the .deb lacks /$f"
done

# ---- unpack and run --------------------------------------------------------------------------------
bash "$here/packaging_check_tree.sh" "$tmp/deb-root/usr" "$version" "$gui" one-example
tar -xzf "$tgz" -C "$tmp/tgz-root"
tgz_prefix=("$tmp"/tgz-root/*)
[ ${#tgz_prefix[@]} -eq 1 ] || fail "the tarball should unpack into one folder"
echo "ok: $(basename "$tgz") $(du -k "$tgz" | cut -f1) KiB"
bash "$here/packaging_check_tree.sh" "${tgz_prefix[0]}" "$version" "$gui" one-example

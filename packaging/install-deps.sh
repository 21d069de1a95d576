#!/bin/sh
# Installs the Debian (12, bookworm) packages FabricPlan needs to build, test and package, but only
# those that are missing: a second run changes nothing and does not touch the network.
# Usage: packaging/install-deps.sh           install what is missing (as root, or through sudo)
#        packaging/install-deps.sh --check   only list what is missing; exit 1 if anything is
set -eu

PACKAGES="
cmake ninja-build g++ pkg-config
qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev
libsqlite3-dev nlohmann-json3-dev libboost-graph-dev libxlsxwriter-dev zlib1g-dev
python3-openpyxl python3-jsonschema python3-yaml poppler-utils desktop-file-utils appstream xvfb xauth
dpkg-dev gzip file ibutils libreoffice-calc-nogui
"
# libqt6opengl6-dev is only a Recommends of qt6-base-dev, but Qt6Charts' CMake config needs Qt6OpenGL:
# with --no-install-recommends below it must be named here, or configure fails on a fresh machine.
# zlib1g-dev: xlsxwriter.pc links with -lz, but libxlsxwriter-dev does not depend on zlib1g-dev, so a
# fresh machine fails to link fabricplan-cli without it (found by packaging/check-fresh-install.sh).
# Why the ones beyond the compiler and libraries: python3-openpyxl and poppler-utils read the exported
# xlsx/pdf back in tests; python3-yaml reads the NetBox device-type YAML back; python3-jsonschema checks the plan, comparison and design JSON against
# data/schema; desktop-file-utils and appstream validate the desktop files; xvfb and xauth run GUI
# tests without a display; ibutils gives ibdmchk and ibdmsh, which read the InfiniBand topology export;
# libreoffice-calc-nogui (headless soffice) opens the spreadsheet CSVs and recalculates the workbook
# in scripts/libreoffice, the consumer a formula injection or a constant in a formula would fool; dpkg-dev gives dpkg-shlibdeps, which computes the .deb's Depends.

is_installed() {
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = "installed" ]
}

missing=""
for p in $PACKAGES; do
    is_installed "$p" || missing="$missing $p"
done

if [ -z "$missing" ]; then
    echo "install-deps: all build and test dependencies are installed"
    exit 0
fi
echo "install-deps: missing:$missing"
if [ "${1:-}" = "--check" ]; then
    exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
    as_root=""
elif command -v sudo >/dev/null 2>&1; then
    as_root="sudo"
else
    echo "install-deps: run this as root or install sudo, then run it again" >&2
    exit 1
fi

# The package lists are refreshed only here, when something has to be installed. env passes the
# non-interactive frontend through sudo, which would otherwise drop it.
$as_root env DEBIAN_FRONTEND=noninteractive apt-get update
# shellcheck disable=SC2086  # $missing is a word list on purpose
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
echo "install-deps: installed:$missing"

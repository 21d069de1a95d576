#!/bin/sh
# Proves the README's first command on a machine that has never seen FabricPlan: builds a clean Debian 12
# (bookworm) root with debootstrap, copies the committed tree into it (git archive, so nothing untracked or
# already built comes along), and runs `bash packaging/run-example.sh` there as root, without a display.
# It passes when that command exits 0 and wrote the BOM files. Run it before each release and whenever
# packaging/install-deps.sh changes: machines that kept packages from earlier installs hide a missing one
# (qt6-charts-dev needing libqt6opengl6-dev, a Recommends only, was found this way).
#
# Usage (as root, needs debootstrap and network access to a Debian mirror):
#   sh packaging/check-fresh-install.sh [--tests] [ROOT_DIR]
#     --tests   also run the README's second command (bash tests/run-all.sh) in the fresh root
#     ROOT_DIR  where to build the root (default /var/tmp/fabricplan-fresh-root; removed first)
#   MIRROR=http://deb.debian.org/debian   the mirror debootstrap and apt use
set -eu

with_tests=0
if [ "${1:-}" = "--tests" ]; then with_tests=1; shift; fi
root=${1:-/var/tmp/fabricplan-fresh-root}
mirror=${MIRROR:-http://deb.debian.org/debian}
here=$(cd "$(dirname "$0")/.." && pwd)

if [ "$(id -u)" -ne 0 ]; then
    echo "check-fresh-install: run this as root (debootstrap and chroot need it)" >&2
    exit 2
fi
command -v debootstrap >/dev/null 2>&1 || {
    echo "check-fresh-install: debootstrap is missing: apt-get install debootstrap" >&2
    exit 2
}

# Only proc is mounted into the root (debootstrap makes the root's own /dev nodes): a bind-mounted host
# /dev would let a stray rm or rename inside the root delete the host's device nodes.
cleanup() {
    mountpoint -q "$root/proc" 2>/dev/null && umount "$root/proc" || true
}
trap cleanup EXIT INT TERM

cleanup
if mountpoint -q "$root/proc" 2>/dev/null; then
    echo "check-fresh-install: $root/proc is still mounted; unmount it first" >&2
    exit 1
fi
rm -rf --one-file-system "$root"
mkdir -p "$root"
echo "check-fresh-install: debootstrap bookworm (minbase) into $root"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.debootstrap.log" 2>&1 || {
    tail -20 "$root.debootstrap.log" >&2
    echo "check-fresh-install: debootstrap failed (log: $root.debootstrap.log)" >&2
    exit 1
}
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
mount -t proc proc "$root/proc"
[ -c "$root/dev/null" ] || { echo "check-fresh-install: debootstrap made no $root/dev/null" >&2; exit 1; }

# The committed tree only: what a fresh clone would hold.
mkdir -p "$root/src/fabricplan"
git -C "$here" archive HEAD | tar -x -C "$root/src/fabricplan"

echo "check-fresh-install: running 'bash packaging/run-example.sh' in the fresh root"
start=$(date +%s)
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    sh -c 'cd /src/fabricplan && bash packaging/run-example.sh' || {
    echo "check-fresh-install: FAILED: the README's first command did not succeed on a fresh Debian 12" >&2
    exit 1
}
for f in bom.xlsx bom.csv cables.csv plan.json; do
    [ -s "$root/src/fabricplan/fabricplan-output/$f" ] || {
        echo "check-fresh-install: FAILED: fabricplan-output/$f was not written" >&2
        exit 1
    }
done
echo "check-fresh-install: first command passed in $(( $(date +%s) - start )) s"

if [ "$with_tests" -eq 1 ]; then
    echo "check-fresh-install: running 'bash tests/run-all.sh' in the fresh root"
    chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
        sh -c 'cd /src/fabricplan && bash tests/run-all.sh' || {
        echo "check-fresh-install: FAILED: the test suite did not pass on a fresh Debian 12" >&2
        exit 1
    }
    echo "check-fresh-install: test suite passed"
fi
echo "check-fresh-install: PASSED ($root can be removed)"

#!/usr/bin/env bash
# Renders every tab of the main window (and the start page, a design with errors, the Compare designs
# window) at 1400x900 and 1024x700, light and dark, offscreen, from the bundled examples, into
# <tab>-<W>x<H>-<light|dark>.png beside this script (issue 41). The PNGs are then quantised to a
# 256-colour palette with pngquant when it is installed (Debian: apt install pngquant), which keeps the
# folder a few MB; without it they are written as Qt renders them (about 4x larger).
#
#   packaging/screenshots/make-screenshots.sh [BUILD_DIR] [TAB...]
# BUILD_DIR defaults to build/ (it needs app/fabricplan and data/catalog.sqlite); TABs pick a subset.
# Look at every picture after making them: this script only proves that they render.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
[ $# -gt 0 ] && shift
app="$build/app/fabricplan"
[ -x "$app" ] || { echo "make-screenshots: no $app (build the fabricplan target first)" >&2; exit 2; }
examples="$root/data/examples"
export QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
export FABRICPLAN_DATA_DIR="$build/data"  # the built catalog, as the tests use

# The design each picture shows. The four-network example wherever the networks show (summary, floor,
# BOM, prices, cables); the plain SuperPOD where a tab is about the compute fabric alone; Checks of a
# design with errors (with none, the tab is one line: tests/app/test_laptop_layout.cpp); the Explorer
# sweeps the 4,096-GPU RoCE design.
superpod="$examples/dgx-h100-superpod-1024.fabricplan"
networks="$examples/dgx-h100-superpod-1024-all-networks.fabricplan"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# A design with errors: the SuperPOD on three planes (its nodes have 8 ports for 24 links).
errors="$scratch/superpod-three-planes.fabricplan"
sed 's/"planes": 1/"planes": 3/; s/"name": "DGX H100 SuperPOD, 4 SUs/"name": "DGX H100 SuperPOD on 3 planes, 4 SUs/' \
    "$superpod" >"$errors"
grep -q '"planes": 3' "$errors" || { echo "make-screenshots: could not derive the design with errors" >&2; exit 1; }

declare -A design=(
    [start]="" [summary]="$networks" [topology]="$superpod" [floor]="$networks" [bom]="$networks"
    [prices]="$networks" [cables]="$networks" [compare]="$superpod" [explorer]="$examples/roce-tomahawk5-4096.fabricplan"
    [checks]="$errors" [resilience]="$superpod" [errors]="$errors" [compare-designs]="$superpod"
)
tabs=(start summary topology floor bom prices cables compare explorer checks resilience errors compare-designs)
[ $# -gt 0 ] && tabs=("$@")

if command -v pngquant >/dev/null; then quantise=yes; else
    quantise=no; echo "make-screenshots: pngquant not installed, PNGs stay 24-bit (apt install pngquant)" >&2
fi

status=0
for tab in "${tabs[@]}"; do
    [ -v "design[$tab]" ] || { echo "make-screenshots: unknown tab $tab (${!design[*]})" >&2; exit 2; }
    args=(--tab "$tab")
    case $tab in
        errors) args=(--tab summary) ;;
        # 64 variants: four switches x four ratios x four SU sizes, capex against power.
        explorer) args+=(--explore "vary.switch=DCS-7060X6-64PE+SN5600+QFX5240-64OD+S9321-64EO,vary.oversubscription=1:1+3:2+2:1+3:1,vary.su-nodes=16+32+64+128,x=capex,y=power,pin=front") ;;
        # The storage network's view of the cluster's one floor: compute racks, its service racks and
        # every network's racks (core/layout/README.md, "Shared floor").
        floor) args+=(--network storage) ;;
        # The SuperPOD against a Spectrum-X B300 design and its own four-network self.
        compare-designs) args+=("$examples/dgx-b300-spectrum-x-4su-2048.fabricplan" "$networks") ;;
    esac
    for size in 1400x900 1024x700; do
        for theme in light dark; do
            out="$here/$tab-$size-$theme.png"
            extra=()
            [ "$theme" = dark ] && extra+=(--dark)
            # shellcheck disable=SC2086 # an empty design is no argument (the start page)
            # Qt's offscreen plugin notes what it cannot do (raise, size hints): not our errors.
            if ! "$app" ${design[$tab]:+"${design[$tab]}"} --screenshot "$out" --size "$size" "${extra[@]}" "${args[@]}" \
                   2> >(grep -v -e "This plugin does not support" -e "XDG_RUNTIME_DIR" >&2); then
                echo "make-screenshots: $tab $size $theme failed" >&2
                status=1
                continue
            fi
            if [ "$quantise" = yes ]; then
                # --skip-if-larger leaves a picture pngquant cannot shrink as it was (exit 98/99).
                pngquant --force --skip-if-larger --strip --speed 1 --output "$out" -- "$out" || [ $? -ge 98 ]
            fi
            echo "$out"
        done
    done
done
du -sh "$here" >&2
exit $status

#!/usr/bin/env bash
# Every picture the READMEs show and every screenshot the AppStream metainfo lists is a file in the tree:
# renaming or removing a screenshot (packaging/screenshots/make-screenshots.sh) breaks no link.
#   check_screenshot_links.sh SOURCE_DIR CONFIGURED_METAINFO
set -euo pipefail
src=$1 metainfo=$2
fail=0 seen=0
while IFS= read -r readme; do
    dir=$(dirname "$readme")
    # ![alt](path) with a relative path; web addresses are not checked here.
    while IFS= read -r link; do
        case $link in http://* | https://*) continue ;; esac
        seen=$((seen + 1))
        [ -f "$dir/$link" ] || { echo "FAIL: ${readme#"$src"/} shows $link, which does not exist"; fail=1; }
    done < <(grep -o '!\[[^]]*\]([^)]*)' "$readme" | sed 's/.*](\([^)]*\))/\1/')
done < <(find "$src" -name README.md -not -path "*/build*/*" -not -path "*/.git/*")
# The metainfo's <image> addresses end in packaging/screenshots/<name>.png.
while IFS= read -r shot; do
    seen=$((seen + 1))
    [ -f "$src/packaging/screenshots/$shot" ] || { echo "FAIL: the metainfo lists $shot, not in packaging/screenshots"; fail=1; }
done < <(grep -o '<image>[^<]*</image>' "$metainfo" | sed 's|.*/packaging/screenshots/\([^<]*\)</image>|\1|')
grep -q '<screenshot type="default">' "$metainfo" || { echo "FAIL: the metainfo has no default screenshot"; fail=1; }
[ "$seen" -gt 0 ] || { echo "FAIL: no picture links found"; fail=1; }
[ "$fail" = 0 ] && echo "ok: $seen picture links"
exit $fail
